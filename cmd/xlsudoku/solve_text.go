package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"

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
	end     int64 // how far into the input its last puzzle ends
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
	json    bool   // the output is JSON, one value a line
}

// placeholder is what stands in the output for a puzzle that failed, so
// that the output stays aligned with the input: line N (or object N) is
// puzzle N. An empty line cannot be taken for a solution; JSON gets null.
func (o textJobOptions) placeholder() string {
	if o.json {
		return "null\n"
	}
	return "\n"
}

// runText reads every puzzle of a text input, hands each to handle on
// o.workers goroutines (each with its own Solver), and prints what handle
// returns in input order: its output on stdout (or the output file), or
// the placeholder when it failed, and its message on stderr. The first
// failing puzzle's code becomes the exit code, but for an internal error,
// which always gives 1. An output file is replaced only when at least one
// puzzle succeeded.
func runText(e *env, o textJobOptions, handle func(s *solve.Solver, j *textJob, name string) textResult) error {
	src, err := openText(e, o.in)
	if err != nil {
		return err
	}
	defer src.close()
	r := solve.NewReader(src)
	r.Name, r.Shape = src.name, o.shape

	out, err := openOutput(e, o.in, o.output)
	if err != nil {
		return err
	}
	defer out.discard()
	w := bufio.NewWriterSize(out, 1<<16)

	batches := make(chan *batch, 2*o.workers)
	done := make(chan *batch, 2*o.workers)
	readErr := make(chan error, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil { // a bug in reading: batches is closed
				readErr <- &internalError{p, debug.Stack()}
			}
		}()
		readErr <- readBatches(r, src.count.pos, batches)
	}()
	var wg sync.WaitGroup
	for range o.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var s solve.Solver
			for b := range batches {
				b.results = make([]textResult, len(b.jobs))
				for i := range b.jobs {
					b.results[i] = handleSafely(&s, &b.jobs[i], src.name, handle)
				}
				done <- b
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()

	// Print in input order: hold batches that finish early.
	code, handled, succeeded, internal := exitOK, 0, 0, false
	pending := map[int]*batch{}
	next := 0
	progress := newProgress(e)
	defer progress.done()
	for b := range done {
		pending[b.seq] = b
		for pb, ok := pending[next]; ok; pb, ok = pending[next] {
			delete(pending, next)
			next++
			for _, res := range pb.results {
				switch {
				case res.out != "":
					w.WriteString(res.out)
				case res.code != exitOK:
					w.WriteString(o.placeholder())
				}
				if res.msg != "" {
					progress.clear()
					fmt.Fprintln(e.stderr, res.msg)
				}
				switch {
				case res.code == exitOK:
					succeeded++
				case res.code == exitFailure:
					internal = true
				case code == exitOK:
					code = res.code
				}
				handled++
			}
			progress.show(handled, 0, src.fraction(pb.end))
		}
	}
	progress.done()
	// What was done goes out even when the input breaks off: on stdout it
	// stays, an output file is then discarded.
	flushErr := w.Flush()
	if err := <-readErr; err != nil {
		var ie *internalError
		if errors.As(err, &ie) {
			return err
		}
		return &inputError{src.explain(err)}
	}
	if handled == 0 {
		return &inputError{fmt.Errorf("%s holds no puzzle, only blank lines or comments; give one puzzle per line, or grids", src.name)}
	}
	if flushErr != nil {
		return fmt.Errorf("cannot write %s: %w", outName(o.output), flushErr)
	}
	if succeeded > 0 {
		if err := out.commit(); err != nil {
			return err
		}
	} else if out.tmp != nil {
		fmt.Fprintf(e.stderr, "xlsudoku: every puzzle failed, so %s was not written (a file there stays as it was)\n", o.output)
	}
	switch {
	case internal:
		return &reportedError{exitFailure}
	case code != exitOK:
		return &reportedError{code}
	}
	return nil
}

// outName names the output in messages.
func outName(path string) string {
	if path == "" || path == "-" {
		return "stdout"
	}
	return path
}

// handleSafely is handle, with a panic turned into an internal error of
// the puzzle: the other puzzles are still done, and the exit code is 1.
func handleSafely(s *solve.Solver, j *textJob, name string, handle func(*solve.Solver, *textJob, string) textResult) (res textResult) {
	defer func() {
		if r := recover(); r != nil {
			*s = solve.Solver{} // its state may be broken
			where := name
			if j.puzzle.Line > 0 {
				where += ":" + strconv.Itoa(j.puzzle.Line)
			}
			res = textResult{msg: "xlsudoku: " + (&internalError{r, debug.Stack()}).on(where), code: exitFailure}
		}
	}()
	return handle(s, j, name)
}

// readBatches reads every puzzle into batches, numbered in order, and
// closes the channel at the end. Each batch records pos, how far into the
// input its last puzzle was read, for the progress bar. It returns an
// error only when the input itself cannot be read; bad puzzles travel in
// the batches.
func readBatches(r *solve.Reader, pos func() int64, out chan<- *batch) error {
	defer close(out)
	b := &batch{}
	for {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		var pe *solve.ParseError
		if err != nil && !errors.As(err, &pe) {
			if len(b.jobs) > 0 { // the puzzles before the break are done
				b.end = pos()
				out <- b
			}
			return err
		}
		b.jobs = append(b.jobs, textJob{p, err})
		if len(b.jobs) == batchSize {
			b.end = pos()
			out <- b
			b = &batch{seq: b.seq + 1}
		}
	}
	if len(b.jobs) > 0 {
		b.end = pos()
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

// textSource is a text input, counted as it is read.
type textSource struct {
	io.Reader        // what the puzzle reader reads
	name      string // "stdin" or the file's name, for messages
	size      int64  // the file's size, 0 when not known (stdin, a pipe)
	count     *lineCounter
	close     func() error
}

// fraction is the share of the input read up to pos, or -1 when the size
// is not known.
func (t *textSource) fraction(pos int64) float64 {
	if t.size <= 0 {
		return -1
	}
	return float64(pos) / float64(t.size)
}

// explain rewrites an error reading the input: a line too long for the
// puzzle reader is named by its number.
func (t *textSource) explain(err error) error {
	if errors.Is(err, bufio.ErrTooLong) {
		where := t.name
		if t.count.longLine > 0 {
			where += ":" + strconv.Itoa(t.count.longLine)
		}
		return fmt.Errorf("%s: the line is longer than %d bytes, far longer than any puzzle; is this a puzzle file?", where, maxLineBytes)
	}
	return err
}

// openText opens the text input, or stdin for "-", and names it for
// messages.
func openText(e *env, in string) (*textSource, error) {
	if in == "-" {
		count := &lineCounter{r: e.stdin}
		r := bufio.NewReader(count)
		if head, _ := r.Peek(4); bytes.Equal(head, []byte("PK\x03\x04")) {
			return nil, &inputError{errors.New("stdin holds a workbook (a zip file); give the workbook's file name instead of -")}
		}
		if err := checkText(r, "stdin"); err != nil {
			return nil, err
		}
		return &textSource{Reader: r, name: "stdin", count: count, close: func() error { return nil }}, nil
	}
	f, err := os.Open(in)
	if err != nil {
		return nil, &inputError{fmt.Errorf("cannot open %s: %w", in, unwrapPath(err))}
	}
	st, err := f.Stat()
	if err == nil && st.IsDir() {
		f.Close()
		return nil, &inputError{fmt.Errorf("%s is a folder, not a puzzle file", in)}
	}
	count := &lineCounter{r: f}
	r := bufio.NewReader(count)
	if head, _ := r.Peek(4); bytes.Equal(head, []byte("PK\x03\x04")) { // from a pipe
		f.Close()
		return nil, &inputError{fmt.Errorf("%s holds a workbook (a zip file); save it to a file and give that file's name", in)}
	}
	if err := checkText(r, in); err != nil {
		f.Close()
		return nil, err
	}
	src := &textSource{Reader: r, name: in, count: count, close: f.Close}
	if err == nil && st.Mode().IsRegular() {
		src.size = st.Size()
	}
	return src, nil
}

// maxLineBytes is the longest line solve.Reader reads (its scanner's
// buffer).
const maxLineBytes = 1 << 20

// lineCounter passes its reader through, counting bytes and lines: the
// first line of limit bytes or more (maxLineBytes when 0) is the one the
// puzzle reader stops at. Only the goroutine reading the input calls it.
type lineCounter struct {
	r        io.Reader
	limit    int
	n        int64 // bytes read
	line     int   // lines ended so far
	lineLen  int   // bytes of the current line so far
	longLine int   // the first line too long, 1-based; 0 if none
}

func (c *lineCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	for rest := p[:n]; len(rest) > 0; {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			c.lineLen += len(rest)
			break
		}
		c.lineLen += i
		c.note()
		c.line++
		c.lineLen = 0
		rest = rest[i+1:]
	}
	c.note()
	return n, err
}

func (c *lineCounter) note() {
	limit := c.limit
	if limit == 0 {
		limit = maxLineBytes
	}
	if c.lineLen >= limit && c.longLine == 0 {
		c.longLine = c.line + 1
	}
}

// pos is how far into the input the reader has read.
func (c *lineCounter) pos() int64 { return c.n }

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
