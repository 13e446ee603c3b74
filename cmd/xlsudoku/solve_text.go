package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/xlsudoku/xlsudoku/solve"
)

// batchSize is how many puzzles a worker takes at a time: enough to make
// channel traffic negligible next to solving, small enough to keep both
// cores busy on short inputs.
const batchSize = 64

// textJob is one puzzle read from text, or the error reading it.
type textJob struct {
	puzzle solve.Puzzle
	err    error
}

// textResult is what one puzzle prints: a line on stdout (if any), a
// message on stderr (if any), and its exit code.
type textResult struct {
	out  string
	msg  string
	code int
}

type batch struct {
	seq     int
	jobs    []textJob
	results []textResult
}

// solveText solves every puzzle of a text input on o.workers goroutines and
// prints the results in input order.
func solveText(e *env, in string, o solveOptions) error {
	shape, err := o.shape("solve")
	if err != nil {
		return err
	}
	return runText(e, textJobOptions{in: in, shape: shape, workers: o.workers, output: o.output},
		func(s *solve.Solver, j *textJob, name string) textResult { return solveOne(s, j, name, o) })
}

// textJobOptions say where a text job reads and writes.
type textJobOptions struct {
	in      string      // the input file, or "-" for stdin
	shape   solve.Shape // the shape every puzzle must have, if set
	workers int
	output  string // the output file; "" for stdout
}

// runText reads every puzzle of a text input, hands each to handle on
// o.workers goroutines (each with its own Solver), and prints what handle
// returns in input order: its output on stdout (or the output file), its
// message on stderr. The first failing puzzle's code becomes the exit code.
func runText(e *env, o textJobOptions, handle func(s *solve.Solver, j *textJob, name string) textResult) error {
	src, name, err := openText(e, o.in)
	if err != nil {
		return err
	}
	defer src.Close()
	r := solve.NewReader(src)
	r.Name, r.Shape = name, o.shape

	out, commit, err := openOutput(e, o.output)
	if err != nil {
		return err
	}
	defer commit(false)
	w := bufio.NewWriterSize(out, 1<<16)

	batches := make(chan *batch, 2*o.workers)
	done := make(chan *batch, 2*o.workers)
	readErr := make(chan error, 1)
	go func() { readErr <- readBatches(r, batches) }()
	var wg sync.WaitGroup
	for range o.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var s solve.Solver
			for b := range batches {
				b.results = make([]textResult, len(b.jobs))
				for i := range b.jobs {
					b.results[i] = handle(&s, &b.jobs[i], name)
				}
				done <- b
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()

	// Print in input order: hold batches that finish early.
	code, handled := exitOK, 0
	pending := map[int]*batch{}
	next := 0
	progress := newProgress(e)
	for b := range done {
		pending[b.seq] = b
		for pb, ok := pending[next]; ok; pb, ok = pending[next] {
			delete(pending, next)
			next++
			for _, res := range pb.results {
				if res.out != "" {
					w.WriteString(res.out)
				}
				if res.msg != "" {
					progress.clear()
					fmt.Fprintln(e.stderr, res.msg)
				}
				if res.code != exitOK && code == exitOK {
					code = res.code
				}
				handled++
			}
			progress.show(handled)
		}
	}
	progress.clear()
	if err := <-readErr; err != nil {
		return &inputError{err}
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing the output: %w", err)
	}
	if err := commit(true); err != nil {
		return err
	}
	if code != exitOK {
		return &reportedError{code}
	}
	return nil
}

// readBatches reads every puzzle into batches, numbered in order, and
// closes the channel at the end. It returns an error only when the input
// itself cannot be read; bad puzzles travel in the batches.
func readBatches(r *solve.Reader, out chan<- *batch) error {
	defer close(out)
	b := &batch{}
	for {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		var pe *solve.ParseError
		if err != nil && !errors.As(err, &pe) {
			return err
		}
		b.jobs = append(b.jobs, textJob{p, err})
		if len(b.jobs) == batchSize {
			out <- b
			b = &batch{seq: b.seq + 1}
		}
	}
	if len(b.jobs) > 0 {
		out <- b
	}
	return nil
}

// solveOne solves or counts one puzzle and says what to print.
func solveOne(s *solve.Solver, j *textJob, name string, o solveOptions) textResult {
	if j.err != nil {
		return textResult{msg: j.err.Error(), code: exitCode(j.err)}
	}
	g := &j.puzzle.Grid
	where := name + ":" + strconv.Itoa(j.puzzle.Line)
	if o.count {
		n := s.Count(g, 2, nil)
		res := textResult{out: strconv.Itoa(n) + "\n"}
		if n == 0 { // only then can the givens contradict each other
			if err := g.Check(); err != nil {
				res.msg, res.code = where+": "+err.Error(), exitInvalid
			}
		}
		return res
	}
	sol, err := s.Solve(g)
	switch {
	case errors.Is(err, solve.ErrNotUnique) && !o.strict:
		return textResult{out: formatSolution(&sol, o.format), msg: where + ": warning: " + err.Error() + "; printed the first"}
	case err != nil:
		return textResult{msg: where + ": " + err.Error(), code: exitCode(err)}
	}
	return textResult{out: formatSolution(&sol, o.format)}
}

func formatSolution(g *solve.Grid, format string) string {
	if format == "grid" {
		return solve.FormatGrid(g) + "\n"
	}
	return solve.FormatLine(g) + "\n"
}

// openText opens the text input, or stdin for "-", and names it for
// messages.
func openText(e *env, in string) (io.ReadCloser, string, error) {
	if in == "-" {
		r := bufio.NewReader(e.stdin)
		if head, _ := r.Peek(4); bytes.Equal(head, []byte("PK\x03\x04")) {
			return nil, "", &inputError{errors.New("stdin holds a workbook (a zip file); give the workbook's file name instead of -")}
		}
		if err := checkText(r, "stdin"); err != nil {
			return nil, "", err
		}
		return io.NopCloser(r), "stdin", nil
	}
	f, err := os.Open(in)
	if err != nil {
		return nil, "", &inputError{fmt.Errorf("cannot open %s: %w", in, unwrapPath(err))}
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, "", &inputError{fmt.Errorf("%s is a folder, not a puzzle file", in)}
	}
	r := bufio.NewReader(f)
	if err := checkText(r, in); err != nil {
		f.Close()
		return nil, "", err
	}
	return struct {
		io.Reader
		io.Closer
	}{r, f}, in, nil
}

// checkText refuses, with one message, input that is not text at all (a
// PDF or an image given by mistake), which would otherwise get a message
// for every line; UTF-16 text gets told how to save it.
func checkText(r *bufio.Reader, name string) error {
	head, _ := r.Peek(512)
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		return &inputError{fmt.Errorf("%s is UTF-16 text; save it as UTF-8 (or plain ASCII) text and try again", name)}
	case bytes.IndexByte(head, 0) >= 0:
		return &inputError{fmt.Errorf("%s is not a text file (it holds binary data); give a text file of puzzles or a workbook", name)}
	}
	return nil
}

// checkTextName refuses a spreadsheet's name for text output: the file
// would not open in a spreadsheet app.
func checkTextName(path string) error {
	if ext := strings.ToLower(filepath.Ext(path)); slices.Contains(workbookExts, ext) {
		return usagef("-o %s: this output is text, one line per puzzle, which a spreadsheet app would not open; give it a text name such as .txt", path)
	}
	return nil
}

// openOutput returns where to write: stdout, or a temporary file beside
// path that commit(true) renames over path (and commit(false) removes), so
// a failed run leaves no half-written file and an existing one untouched.
func openOutput(e *env, path string) (io.Writer, func(ok bool) error, error) {
	if path == "" || path == "-" {
		return e.stdout, func(bool) error { return nil }, nil
	}
	if err := checkTextName(path); err != nil {
		return nil, nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, nil, fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	finished := false
	commit := func(ok bool) error {
		if finished {
			return nil
		}
		finished = true
		if !ok {
			tmp.Close()
			os.Remove(tmp.Name())
			return nil
		}
		if err := tmp.Close(); err != nil {
			os.Remove(tmp.Name())
			return fmt.Errorf("cannot write %s: %w", path, err)
		}
		if err := os.Rename(tmp.Name(), path); err != nil {
			os.Remove(tmp.Name())
			return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
		}
		return nil
	}
	return tmp, commit, nil
}

// progress prints a running count on stderr when it is a terminal and the
// run takes more than a moment.
type progress struct {
	e     *env
	start time.Time
	last  time.Time
	shown bool
}

func newProgress(e *env) *progress { return &progress{e: e, start: time.Now()} }

func (p *progress) show(n int) {
	if !p.e.progress {
		return
	}
	now := time.Now()
	if now.Sub(p.start) < 500*time.Millisecond || now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last, p.shown = now, true
	rate := float64(n) / now.Sub(p.start).Seconds()
	fmt.Fprintf(p.e.stderr, "\r%d puzzles done (%.0f/s)", n, rate)
}

func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.e.stderr, "\r\033[K")
		p.shown = false
	}
}
