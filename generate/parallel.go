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
// ErrNotFound and the context's error.
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
		wg       sync.WaitGroup
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// record keeps puzzle i, or the error that ends the run (false). It
	// unlocks by defer: progress runs under the lock, one call at a time,
	// and when it panics the worker's recover must be able to lock again.
	record := func(i int, p Puzzle, err error) bool {
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			return false
		}
		out[i], made[i] = p, true
		done++
		if progress != nil {
			progress(done)
		}
		return true
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
					if firstErr == nil {
						firstErr = &PanicError{Value: r, Stack: debug.Stack()}
					}
					mu.Unlock()
					cancel()
				}
			}()
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if testPanic != nil {
					testPanic(i)
				}
				p, err := gen.puzzleCtx(ctx, i)
				if !record(i, p, err) {
					cancel()
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
