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
	"time"

	"github.com/xlsudoku/xlsudoku/solve"
)

// textJob is one puzzle read from text, or the error reading it.
type textJob struct {
	puzzle solve.Puzzle
	err    error
}

// textResult is how one puzzle went: a message for stderr (if any) and its
// exit code. What it prints is appended to the chunk's output.
type textResult struct {
	msg  string
	code int
}

// textHandler does one puzzle: it appends what the puzzle prints to out
// and returns it. A puzzle that fails and appends nothing gets the
// placeholder.
type textHandler func(s *solve.Solver, j *textJob, name string, out []byte) ([]byte, textResult)

// chunk is a run of whole lines of a text input, done together: the
// reader fills data, a worker reads its puzzles and does them, and the
// writer prints out and msgs in input order. Chunks are used again, so
// that a run allocates nothing for each puzzle.
type chunk struct {
	seq       int
	data      []byte // whole lines, starting between puzzles
	line      int    // the number of data's first line
	end       int64  // how far into the input data ends, for the progress bar
	out       []byte // what the puzzles print
	msgs      []string
	handled   int
	succeeded int
	code      int   // the first failing puzzle's code
	internal  bool  // a puzzle met a bug
	fatal     error // a bug in reading the puzzles: the run stops after this chunk
}

// solveText solves every puzzle of a text input on o.workers goroutines and
// prints the results in input order.
func solveText(e *env, in string, o solveOptions) error {
	shape, err := o.shape("solve")
	if err != nil {
		return err
	}
	// Solving text allocates next to nothing once its chunks are made
	// (messages only): a collection at the default 4 MB, soon reached
	// with what package init left, would find little, at the cost of a
	// core for a few milliseconds. The heap stays bounded all the same.
	defer debug.SetGCPercent(debug.SetGCPercent(solveGCPercent))
	return runText(e, textJobOptions{in: in, shape: shape, workers: o.workers, output: o.output, chunkBytes: solveChunkBytes},
		func(s *solve.Solver, j *textJob, name string, out []byte) ([]byte, textResult) {
			return solveOne(s, j, name, out, o)
		})
}

// solveGCPercent is the GOGC of a text solve: the heap may grow to 8 MB
// before it is first collected (20 MB of memory here for a million
// puzzles that all fail, each with its message; 11 MB when they succeed).
const solveGCPercent = 200

// solveChunkBytes is the size of the chunks of a text input that solve
// cuts: some 400 one-line puzzles, a few milliseconds of work (some tens
// for the hardest known), many times the cost of passing a chunk around
// and few enough to share the work out evenly to the end.
const solveChunkBytes = 32 << 10

// textJobOptions say where a text job reads and writes.
type textJobOptions struct {
	in      string      // the input file, or "-" for stdin
	shape   solve.Shape // the shape every puzzle must have, if set
	workers int
	output  string // the output file; "" for stdout
	json    bool   // the output is JSON, one value a line
	// chunkBytes is the size of the chunks the input is cut into (see
	// chunker), 4 KiB when 0: some fifty one-line puzzles, few enough to
	// keep every worker busy on a short input of slow puzzles.
	chunkBytes int
	// readPuzzle reads the next puzzle of a chunk, (*solve.Reader).Read
	// when nil; tests make it panic, as a bug in the reader would. It is
	// an option, not a package variable, because after a fatal error the
	// run returns without waiting for its workers, which may still call it.
	readPuzzle func(*solve.Reader) (solve.Puzzle, error)
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
//
// The input is cut into chunks of lines (see chunker), which the workers
// read and do, each into its own buffer; the calling goroutine writes the
// chunks in order. At most 2*workers+2 chunks are under way at once.
func runText(e *env, o textJobOptions, handle textHandler) error {
	src, err := openText(e, o.in)
	if err != nil {
		return err
	}
	defer src.close()

	out, err := openOutput(e, o.in, o.output)
	if err != nil {
		return err
	}
	defer out.discard()
	w := bufio.NewWriterSize(out, 1<<16)

	size := o.chunkBytes
	if size == 0 {
		size = 4 << 10
	}
	limit := 2*o.workers + 2
	work := make(chan *chunk, limit)
	done := make(chan *chunk, limit)
	free := make(chan *chunk, limit)
	stop := make(chan struct{})
	readErr := make(chan error, 1)
	go func() {
		defer close(work)
		defer func() {
			if p := recover(); p != nil { // a bug in reading
				readErr <- &internalError{p, debug.Stack()}
			}
		}()
		readErr <- readChunks(newChunker(src, src.name, o.shape, size), limit, free, stop, work)
	}()
	read := o.readPuzzle
	if read == nil {
		read = (*solve.Reader).Read
	}
	var wg sync.WaitGroup
	for range o.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := solve.Reader{Name: src.name, Shape: o.shape}
			var s solve.Solver
			for ch := range work {
				doChunk(&r, &s, ch, src.name, o.placeholder(), read, handle)
				done <- ch
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()

	// Print in input order: hold chunks that finish early.
	code, handled, succeeded, internal := exitOK, 0, 0, false
	var fatal error
	pending := map[int]*chunk{}
	next := 0
	progress := newProgress(e)
	defer progress.done()
	// A slow input (a pipe that answers as it is fed, a terminal) is
	// answered as it comes: what is written goes out within flushEvery,
	// not once 64 KiB have gathered or the input has ended (a walk of 3
	// December: nothing came out of a coprocess until its input closed).
	tick := time.NewTicker(flushEvery)
	defer tick.Stop()
write:
	for {
		var ch *chunk
		select {
		case c, ok := <-done:
			if !ok {
				break write
			}
			ch = c
		case <-tick.C:
			if w.Buffered() > 0 {
				w.Flush() // an error stays with w, and the last Flush returns it
			}
			continue
		}
		pending[ch.seq] = ch
		for c, ok := pending[next]; ok; c, ok = pending[next] {
			delete(pending, next)
			next++
			w.Write(c.out)
			for _, msg := range c.msgs {
				progress.clear()
				fmt.Fprintln(e.stderr, msg)
			}
			switch {
			case c.code == exitOK:
			case code == exitOK:
				code = c.code
			}
			handled += c.handled
			succeeded += c.succeeded
			internal = internal || c.internal
			progress.show(handled, 0, src.fraction(c.end))
			if c.fatal != nil {
				// The rest is not waited for: the goroutines end on
				// their own (the reader at stop, or when its source is
				// closed).
				fatal = c.fatal
				close(stop)
				break write
			}
			free <- c
		}
	}
	progress.done()
	// What was done goes out even when the input breaks off: on stdout it
	// stays, an output file is then discarded.
	flushErr := w.Flush()
	if fatal != nil {
		return fatal
	}
	if err := <-readErr; err != nil {
		var ie *internalError
		if errors.As(err, &ie) {
			return err
		}
		return &inputError{err}
	}
	if handled == 0 {
		return &inputError{fmt.Errorf("%s holds no puzzle, only blank lines, comments or titles; give one puzzle per line, or grids", src.name)}
	}
	if flushErr != nil {
		return fmt.Errorf("cannot write %s: %w", outName(o.output), unwrapPath(flushErr))
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

// readChunks cuts the input into chunks, numbered in order, and sends them
// to work, taking each from free or making it while fewer than limit are
// under way. It returns at the end of the input (nil), when the input
// breaks off (its error, once the chunks before it are sent), or when stop
// is closed.
func readChunks(c *chunker, limit int, free <-chan *chunk, stop <-chan struct{}, work chan<- *chunk) error {
	made := 0
	for seq := 0; ; seq++ {
		var ch *chunk
		select {
		case ch = <-free:
		default:
			if made < limit {
				ch, made = &chunk{}, made+1
				break
			}
			select {
			case ch = <-free:
			case <-stop:
				return nil
			}
		}
		data, line, end, err := c.next(ch.data[:0])
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if cap(ch.out) == 0 { // most outputs are about as long as their input
			ch.out = make([]byte, 0, len(data)+len(data)/4)
		}
		*ch = chunk{seq: seq, data: data, line: line, end: end, out: ch.out[:0], msgs: ch.msgs[:0]}
		select {
		case work <- ch:
		case <-stop:
			return nil
		}
	}
}

// doChunk reads the puzzles of ch with r and does each with handle,
// appending what they print to ch.out. A bug in reading (a panic) ends the
// chunk and the run.
func doChunk(r *solve.Reader, s *solve.Solver, ch *chunk, name, placeholder string,
	readPuzzle func(*solve.Reader) (solve.Puzzle, error), handle textHandler) {
	r.ResetBytes(ch.data, ch.line)
	defer func() {
		if p := recover(); p != nil {
			*r = solve.Reader{Name: r.Name, Shape: r.Shape} // its state may be broken
			ch.fatal = &internalError{p, debug.Stack()}
		}
	}()
	var j textJob
	for {
		j.puzzle, j.err = readPuzzle(r)
		if j.err == io.EOF {
			return
		}
		n := len(ch.out)
		var res textResult
		ch.out, res = handleSafely(s, &j, name, ch.out, handle)
		if len(ch.out) == n && res.code != exitOK {
			ch.out = append(ch.out, placeholder...)
		}
		if res.msg != "" {
			ch.msgs = append(ch.msgs, res.msg)
		}
		switch {
		case res.code == exitOK:
			ch.succeeded++
		case res.code == exitFailure:
			ch.internal = true
		case ch.code == exitOK:
			ch.code = res.code
		}
		ch.handled++
	}
}

// outName names the output in messages.
func outName(path string) string {
	if path == "" || path == "-" {
		return "stdout"
	}
	return path
}

// handleSafely is handle, with a panic turned into an internal error of
// the puzzle: what it printed is dropped, the other puzzles are still
// done, and the exit code is 1.
func handleSafely(s *solve.Solver, j *textJob, name string, in []byte, handle textHandler) (out []byte, res textResult) {
	defer func() {
		if r := recover(); r != nil {
			*s = solve.Solver{} // its state may be broken
			where := name
			if j.puzzle.Line > 0 {
				where += ":" + strconv.Itoa(j.puzzle.Line)
			}
			out = in
			res = textResult{msg: "xlsudoku: " + (&internalError{r, debug.Stack()}).on(where), code: exitFailure}
		}
	}()
	return handle(s, j, name, in)
}

// solveOne solves or counts one puzzle and appends what it prints to out.
func solveOne(s *solve.Solver, j *textJob, name string, out []byte, o solveOptions) ([]byte, textResult) {
	if j.err != nil {
		return out, textResult{msg: j.err.Error(), code: exitCode(j.err)}
	}
	g := &j.puzzle.Grid
	where := func() string { return name + ":" + strconv.Itoa(j.puzzle.Line) }
	if o.count {
		n := s.Count(g, 2, nil)
		out = append(strconv.AppendInt(out, int64(n), 10), '\n')
		if n == 0 { // only then can the givens contradict each other
			if err := g.Check(); err != nil {
				return out, textResult{msg: where() + ": " + err.Error() + otherBoxes(s, g, o.box), code: exitInvalid}
			}
		}
		if n != 1 {
			// A count is the answer, but a puzzle of the other boxes
			// counted with these says so (a walk of 3 December: 0, silent).
			if hint := otherBoxes(s, g, o.box); hint != "" {
				many := "no solution"
				if n > 1 {
					many = "more than one solution"
				}
				return out, textResult{msg: fmt.Sprintf("%s: note: %s with %dx%d boxes%s", where(), many, g.Shape.BoxRows, g.Shape.BoxCols, hint)}
			}
		}
		return out, textResult{}
	}
	sol, err := s.Solve(g)
	switch {
	case errors.Is(err, solve.ErrNotUnique) && !o.strict:
		return appendSolution(out, &sol, o.format), textResult{msg: where() + ": warning: " + err.Error() + "; printed the first" + otherBoxes(s, g, o.box)}
	case err != nil:
		return out, textResult{msg: where() + ": " + err.Error() + otherBoxes(s, g, o.box), code: exitCode(err)}
	}
	return appendSolution(out, &sol, o.format), textResult{}
}

// otherBoxes says, of a puzzle that has no solution or several with the
// boxes it was read with, when it has exactly one with the boxes turned
// (3x2 for 2x3): text does not say its boxes, so a puzzle made with --box
// 3x2 read without it, or one read with a --box that is not its own, is
// another puzzle. "" otherwise.
func otherBoxes(s *solve.Solver, g *solve.Grid, box string) string {
	t, ok := solve.TurnedUnique(s, g)
	if !ok {
		return ""
	}
	fix := fmt.Sprintf("give --box %dx%d", t.BoxRows, t.BoxCols)
	if def, _ := solve.ShapeOf(t.Size); box != "" && def == t {
		fix = "drop --box"
	}
	return fmt.Sprintf(" (with %dx%d boxes it has exactly one: %s)", t.BoxRows, t.BoxCols, fix)
}

func appendSolution(out []byte, g *solve.Grid, format string) []byte {
	if format == "grid" {
		return append(append(out, solve.FormatGrid(g)...), '\n')
	}
	return append(solve.AppendLine(out, g), '\n')
}

// textSource is a text input.
type textSource struct {
	io.Reader        // what the puzzles are read from
	name      string // "stdin" or the file's name, for messages
	size      int64  // the file's size, 0 when not known (stdin, a pipe)
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

// openText opens the text input, or stdin for "-", and names it for
// messages.
func openText(e *env, in string) (*textSource, error) {
	if in == "-" {
		r := bufio.NewReaderSize(e.stdin, readSize)
		head, empty, err := sniff(r, 512)
		switch {
		case err != nil:
			return nil, &inputError{fmt.Errorf("cannot read stdin: %w", err)}
		case empty:
			return &textSource{Reader: strings.NewReader(""), name: "stdin", close: func() error { return nil }}, nil
		case bytes.HasPrefix(head, []byte("PK\x03\x04")):
			return nil, &inputError{errors.New("stdin holds a workbook (a zip file); give the workbook's file name instead of -")}
		}
		if err := checkText(head, "stdin"); err != nil {
			return nil, err
		}
		return &textSource{Reader: r, name: "stdin", close: func() error { return nil }}, nil
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
	r := bufio.NewReaderSize(f, readSize)
	head, empty, rerr := sniff(r, 512)
	switch {
	case rerr != nil:
		f.Close()
		return nil, &inputError{fmt.Errorf("cannot read %s: %w", in, unwrapPath(rerr))}
	case bytes.HasPrefix(head, []byte("PK\x03\x04")): // from a pipe
		f.Close()
		return nil, &inputError{fmt.Errorf("%s holds a workbook (a zip file); save it to a file and give that file's name", in)}
	}
	if err := checkText(head, in); err != nil {
		f.Close()
		return nil, err
	}
	var text io.Reader = r
	if empty {
		text = strings.NewReader("") // its end, once taken, is not asked for again
	}
	src := &textSource{Reader: text, name: in, close: f.Close}
	if err == nil && st.Mode().IsRegular() {
		src.size = st.Size()
	}
	return src, nil
}

// flushEvery is how often the output of a text run is flushed at the
// least: often enough for a person watching, rarely enough to cost
// nothing (the output is written a chunk at a time).
const flushEvery = 100 * time.Millisecond

// sniff returns what r's first read gave, up to n bytes, without asking
// for more: Peek(n) would wait at a terminal until n bytes were typed,
// then swallow the end of input (Ctrl-D), which had to be typed twice (a
// walk of 3 December). empty reports an input that ended with nothing in
// it, whose end is then taken; err, a read error.
func sniff(r *bufio.Reader, n int) (head []byte, empty bool, err error) {
	if _, err := r.Peek(1); err == io.EOF {
		return nil, true, nil
	} else if err != nil {
		return nil, false, err
	}
	head, _ = r.Peek(min(n, r.Buffered()))
	return head, false, nil
}

// checkText refuses, with one message, input that is not text at all (a
// PDF or an image given by mistake), which would otherwise get a message
// for every line; UTF-16 text gets told how to save it.
func checkText(head []byte, name string) error {
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
		return usagef("-o %s: this output is text, which a spreadsheet app would not open; give it a text name such as .txt", path)
	}
	return nil
}
