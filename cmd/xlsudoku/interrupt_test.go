package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook"
)

// TestInterruptCleansUp: the signal path, without a signal: the progress
// line is ended, the temporary output removed, the old output kept, and
// nothing can be renamed over it afterwards.
func TestInterruptCleansUp(t *testing.T) {
	for _, tt := range []struct {
		sig  os.Signal
		code int
		name string
	}{{os.Interrupt, 130, "SIGINT"}, {syscall.SIGTERM, 143, "SIGTERM"}, {syscall.SIGHUP, 129, "SIGHUP"}} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "out.txt")
			require.NoError(t, os.WriteFile(path, []byte("old\n"), 0o644))
			var stderr bytes.Buffer
			e := newEnv(strings.NewReader(""), io.Discard, &stderr)
			e.progress = true
			out, err := openOutput(e, "in.txt", path)
			require.NoError(t, err)
			fmt.Fprintln(out, "new")
			p := newProgress(e)
			p.start = p.start.Add(-time.Minute)
			p.show(5, 10, 0.5)
			require.Len(t, folderFiles(t, dir), 2)

			assert.Equal(t, tt.code, e.interrupt(tt.sig))
			assert.Regexp(t, `^\r\[#+ +\] 5/10 puzzles \(.*\)`+"\x1b\\[K\r\x1b\\[Kxlsudoku: stopped by "+tt.name+"\n$", stderr.String())
			assert.Equal(t, []string{"out.txt"}, folderFiles(t, dir))

			// The run goes on until the process ends: nothing it does
			// now changes the output or draws progress.
			n := stderr.Len()
			p.show(10, 10, 1)
			assert.ErrorIs(t, out.commit(), errStopped)
			assert.Equal(t, n, stderr.Len())
			got, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, "old\n", string(got))
			assert.Equal(t, []string{"out.txt"}, folderFiles(t, dir))
		})
	}
}

// TestCommitUnregisters: once the output is in place, a signal removes
// nothing.
func TestCommitUnregisters(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	e := newEnv(strings.NewReader(""), io.Discard, io.Discard)
	out, err := openOutput(e, "", path)
	require.NoError(t, err)
	fmt.Fprintln(out, "new")
	require.NoError(t, out.commit())
	e.interrupt(os.Interrupt)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "new\n", string(got))
}

// TestPanicIsAnInternalError: a panic is exit code 1 with a request to
// report it, and a stack trace only with XLSUDOKU_DEBUG.
func TestPanicIsAnInternalError(t *testing.T) {
	saved := commands
	defer func() { commands = saved }()
	commands = append(commands[:len(commands):len(commands)], command{"boom", "", func(*env, []string) error {
		var m map[string]int
		m["x"] = 1 // a bug
		return nil
	}})
	code, _, errOut := runCLI(t, "", "boom")
	assert.Equal(t, exitFailure, code)
	assert.Equal(t, "xlsudoku: internal error: assignment to entry in nil map\n"+reportBug+"\n", errOut)

	t.Setenv("XLSUDOKU_DEBUG", "1")
	code, _, errOut = runCLI(t, "", "boom")
	assert.Equal(t, exitFailure, code)
	assert.Contains(t, errOut, "goroutine ")
	assert.Contains(t, errOut, "interrupt_test.go")
}

// TestPanicInOnePuzzle: a panic on one puzzle of a text batch is that
// puzzle's internal error; the others are still done, line-aligned, and
// the exit code is 1 even when another puzzle failed first.
func TestPanicInOnePuzzle(t *testing.T) {
	in := writeFile(t, "in.txt", "4.4"+puzzle[3:]+"\n"+puzzle+"\n"+puzzle+"\n")
	for _, workers := range []int{1, 2} {
		var stdout, stderr bytes.Buffer
		e := newEnv(strings.NewReader(""), &stdout, &stderr)
		err := runText(e, textJobOptions{in: in, workers: workers}, func(s *solve.Solver, j *textJob, name string, out []byte) ([]byte, textResult) {
			if j.puzzle.Line == 2 {
				out = append(out, "half a line"...) // dropped with the panic
				panic("bug on line 2")
			}
			return solveOne(s, j, name, out, solveOptions{})
		})
		assert.Equal(t, exitFailure, exitCode(err))
		assert.Equal(t, "\n\n"+solution+"\n", stdout.String())
		assert.Contains(t, stderr.String(), "in.txt:1: r1c1 and r1c3 both hold 4 in row 1")
		assert.Contains(t, stderr.String(), "xlsudoku: internal error on "+in+":2: bug on line 2\n"+reportBug)
		assert.NotContains(t, stderr.String(), "goroutine ")
	}
}

// brokenReader gives its text, then panics: a bug met while reading.
type brokenReader struct{ text string }

func (r *brokenReader) Read(p []byte) (int, error) {
	if r.text == "" {
		panic("broken reader")
	}
	n := copy(p, r.text)
	r.text = r.text[n:]
	return n, nil
}

// TestPanicWhileReading: a panic in the goroutine reading the input is an
// internal error too, not a crash.
func TestPanicWhileReading(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"solve", "-"}, &brokenReader{strings.Repeat(puzzle+"\n", 8)}, &stdout, &stderr)
	assert.Equal(t, exitFailure, code)
	assert.Equal(t, "xlsudoku: internal error: broken reader\n"+reportBug+"\n", stderr.String())
}

// guardedWrite writes a book to out under the guard of a signal and plays
// the signal as soon as the write's temporary file is in dir, and returns
// the write's error. A write that ends before the file is seen (a machine
// too busy to look in time) is made again, of a book twice as big.
func guardedWrite(t *testing.T, out, dir string) error {
	t.Helper()
	g, err := solve.ParseLine(puzzle)
	require.NoError(t, err)
	sol, err := solve.Solve(g)
	require.NoError(t, err)
	before := folderFiles(t, dir)
	old, err := os.ReadFile(out)
	require.NoError(t, err)
	for n := 2000; n <= 64000; n *= 2 { // 2,000 take some 0.1 s to write
		book := make([]workbook.GeneratedPuzzle, n)
		for i := range book {
			book[i] = workbook.GeneratedPuzzle{Number: i + 1, Givens: g, Solution: sol}
		}
		e := &env{cleanups: &cleanups{}}
		done := e.guardWorkbook(out)
		written := make(chan error, 1)
		go func() { written <- workbook.WriteGenerated(out, book, workbook.BookOptions{}) }()
	wait:
		for {
			select {
			case <-written:
				// Finished before the temporary file was seen: the
				// output is put back as it was, for another try.
				done()
				require.NoError(t, os.WriteFile(out, old, 0o644))
				break wait
			default:
			}
			if len(folderFiles(t, dir)) > len(before) {
				e.cleanups.stop() // the signal
				err := <-written
				done()
				return err
			}
			time.Sleep(100 * time.Microsecond)
		}
	}
	t.Fatal("no write was seen under way")
	return nil
}

// TestGuardWorkbook: a signal while a workbook is written removes the
// temporary file beside the output, and no other run's beside it (one
// writing to the same file); after the write the guard is gone.
func TestGuardWorkbook(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "book.xlsx")
	others := []string{filepath.Join(dir, ".book.xlsx.xlsudoku-12345"), filepath.Join(dir, ".other.xlsx.xlsudoku-1")}
	for _, f := range append(others, out) {
		require.NoError(t, os.WriteFile(f, []byte("x"), 0o644))
	}
	err := guardedWrite(t, out, dir)
	require.Error(t, err, "its temporary file was removed")
	assert.ElementsMatch(t, []string{"book.xlsx", ".book.xlsx.xlsudoku-12345", ".other.xlsx.xlsudoku-1"}, folderFiles(t, dir),
		"only the stopped write's temporary file went")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "x", string(data), "the output is as it was")

	// A finished write leaves no guard behind. (The files above are no
	// temporary files of this process, which a guard never removes, so
	// that they survive says nothing: the review of 2 December.)
	e := &env{cleanups: &cleanups{}}
	done := e.guardWorkbook(out)
	e.cleanups.mu.Lock()
	assert.Len(t, e.cleanups.fns, 1, "the guard is registered while the write is under way")
	e.cleanups.mu.Unlock()
	done()
	e.cleanups.mu.Lock()
	assert.Empty(t, e.cleanups.fns, "and gone after it")
	e.cleanups.mu.Unlock()
}

// TestGuardWorkbookThroughALink: -o naming a link writes beside the file
// it points to, in another folder and under another name; a signal
// during the write removes the temporary file there.
func TestGuardWorkbookThroughALink(t *testing.T) {
	dir, elsewhere := t.TempDir(), t.TempDir()
	target := filepath.Join(elsewhere, "real.xlsx")
	require.NoError(t, os.WriteFile(target, []byte("x"), 0o644))
	out := filepath.Join(dir, "book.xlsx")
	require.NoError(t, os.Symlink(target, out))
	err := guardedWrite(t, out, elsewhere)
	require.Error(t, err, "its temporary file was removed")
	assert.Equal(t, []string{"real.xlsx"}, folderFiles(t, elsewhere))
	data, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, "x", string(data))
}

// TestPanicWhileReadingAChunk: a bug met while a worker reads the puzzles
// of a chunk ends the run as an internal error, at once, whatever is
// still to come. (A 20x20 shape, which no flag makes, once made the
// reader panic; it now gives an error, so the bug is played.)
func TestPanicWhileReadingAChunk(t *testing.T) {
	bug := func(*solve.Reader) (solve.Puzzle, error) {
		panic("runtime error: index out of range [400] with length 256")
	}
	in := writeFile(t, "in.txt", strings.Repeat(puzzle+"\n", 500))
	for _, workers := range []int{1, 2} {
		var stdout, stderr bytes.Buffer
		e := newEnv(strings.NewReader(""), &stdout, &stderr)
		err := runText(e, textJobOptions{in: in, workers: workers, chunkBytes: 500, readPuzzle: bug},
			func(s *solve.Solver, j *textJob, name string, out []byte) ([]byte, textResult) {
				t.Error("no puzzle is read")
				return out, textResult{}
			})
		var ie *internalError
		require.ErrorAs(t, err, &ie)
		assert.Contains(t, ie.Error(), "index out of range")
		assert.Empty(t, stdout.String())
	}
}

// TestOutputAfterStop: once a signal has stopped the run, no temporary
// output is made (the file is made and its removal registered in one
// step, so a signal between the two cannot leave it behind).
func TestOutputAfterStop(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	e := newEnv(strings.NewReader(""), io.Discard, io.Discard)
	e.interrupt(syscall.SIGTERM)
	_, err := openOutput(e, "in.txt", path)
	assert.ErrorIs(t, err, errStopped)
	assert.Empty(t, folderFiles(t, dir))
}

// TestAddMade: what addMade registers is undone by stop; a failed make
// registers nothing.
func TestAddMade(t *testing.T) {
	var c cleanups
	undone := 0
	_, err := c.addMade(func() (func(), error) { return func() { undone++ }, nil })
	require.NoError(t, err)
	_, err = c.addMade(func() (func(), error) { return nil, io.ErrUnexpectedEOF })
	assert.ErrorIs(t, err, io.ErrUnexpectedEOF)
	c.stop()
	assert.Equal(t, 1, undone)
	made := false
	_, err = c.addMade(func() (func(), error) { made = true; return func() {}, nil })
	assert.ErrorIs(t, err, errStopped)
	assert.False(t, made)
}
