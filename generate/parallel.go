package generate

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// Generate makes n puzzles with the options on workers goroutines (at
// least one) and returns them in order: puzzle i at index i, the same
// puzzles whatever the number of workers. progress, when not nil, is
// called after each puzzle with the number made so far, from one goroutine
// at a time. When ctx ends first, Generate returns the puzzles made so far
// that form an unbroken run from the first, and an error wrapping
// ErrNotFound and the context's error. When a puzzle is not found within
// its attempts, it returns every puzzle before it, made whatever the
// number of workers (the puzzles after it are given up), and that error.
func Generate(ctx context.Context, opts Options, n, workers int, progress func(done int)) ([]Puzzle, error) {
	if n < 0 {
		return nil, fmt.Errorf("cannot make %d puzzles", n)
	}
	first, err := New(opts)
	if err != nil {
		return nil, err
	}
	workers = max(1, min(workers, n))
	out := make([]Puzzle, n)
	made := make([]bool, n)
	var (
		next     atomic.Int64
		mu       sync.Mutex
		done     int
		firstErr error
		failed   = n                                // the first puzzle not found within its attempts
		running  = make(map[int]context.CancelFunc) // the puzzles being made, to give up those after failed
		wg       sync.WaitGroup
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// record keeps puzzle i, or the error that ends the run (false). It
	// unlocks by defer: progress runs under the lock, one call at a time,
	// and when it panics the worker's recover must be able to lock again.
	// A puzzle not found within its attempts ends the puzzles after it
	// only: those before it are made, so that the puzzles returned are
	// the same for any number of workers (a review of 3 December: with 8
	// workers, 1 of the 12 puzzles before the one that failed was kept).
	record := func(i int, p Puzzle, err error) bool {
		mu.Lock()
		defer mu.Unlock()
		delete(running, i)
		switch {
		case err == nil:
			out[i], made[i] = p, true
			done++
			if progress != nil {
				progress(done)
			}
			return true
		case i > failed:
			return false // given up for an earlier puzzle's failure
		case errors.Is(err, ErrNotFound) && ctx.Err() == nil:
			failed, firstErr = i, err
			for j, stop := range running {
				if j > i {
					stop()
				}
			}
			return false
		}
		if firstErr == nil {
			firstErr = err
		}
		cancel()
		return false
	}
	for w := range workers {
		gen := first
		if w > 0 {
			gen, _ = New(opts) // the options passed New already
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				// A bug in a worker fails the run, not the process: the
				// caller reports it.
				if r := recover(); r != nil {
					mu.Lock()
					if firstErr == nil || failed < n {
						firstErr = &PanicError{Value: r, Stack: debug.Stack()}
					}
					mu.Unlock()
					cancel()
				}
			}()
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				mu.Lock()
				if i >= n || i > failed {
					mu.Unlock()
					return
				}
				pctx, stop := context.WithCancel(ctx)
				running[i] = stop
				mu.Unlock()
				if testPanic != nil {
					testPanic(i)
				}
				p, err := gen.puzzleCtx(pctx, i)
				stop()
				if !record(i, p, err) {
					return
				}
			}
		}()
	}
	wg.Wait()
	if firstErr == nil && done < n {
		firstErr = fmt.Errorf("%w: %s: stopped after %d of %d puzzles: %w", ErrNotFound, first.describe(), done, n, context.Cause(ctx))
	}
	if firstErr != nil {
		k := 0
		for k < n && made[k] {
			k++
		}
		return out[:k], firstErr
	}
	return out, nil
}

// PanicError is a panic in one of Generate's goroutines: a bug, returned
// as an error so that the caller can report it.
type PanicError struct {
	Value any
	Stack []byte
}

func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// testPanic, when set (by tests), is called for every puzzle a worker
// starts: a way to make a worker fail as a bug would.
var testPanic func(i int)

// errStopped ends a search whose context is done.
var errStopped = errors.New("stopped")

// puzzleCtx is Puzzle, giving up between attempts when ctx is done.
func (g *Generator) puzzleCtx(ctx context.Context, i int) (Puzzle, error) {
	g.stop = ctx.Done()
	defer func() { g.stop = nil }()
	p, err := g.Puzzle(i)
	if errors.Is(err, errStopped) {
		return p, fmt.Errorf("%w: %s: puzzle %d: %w", ErrNotFound, g.describe(), i+1, context.Cause(ctx))
	}
	return p, err
}
