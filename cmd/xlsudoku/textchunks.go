package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/xlsudoku/xlsudoku/solve"
)

// A text input is read in chunks of whole lines, each starting between
// puzzles, so that workers can read the puzzles of a chunk in parallel
// (solve.Reader.ResetBytes) as one reader would have read them in turn.
// Reading is then little more than copying bytes: the one goroutine that
// must read in order does not hold up the workers.

// maxLineBytes is the shortest line refused: one of as many bytes or more
// (a "\r" before its "\n" counted) ends the input with
// an error, as it cannot be a puzzle (is the input a puzzle file at all?).
const maxLineBytes = 1 << 20

// readSize is the least a chunker asks of its source at a time.
const readSize = 64 << 10

// chunker cuts a text input into chunks of about size bytes (larger when
// a puzzle spans more), each ending where a reader is between puzzles.
// Its memory is a few chunks, whatever the length of the input.
type chunker struct {
	src     io.Reader
	name    string       // the input's name, for messages
	cutter  solve.Reader // its Shape is the puzzles' shape
	size    int          // the bytes a chunk aims at
	maxLine int          // maxLineBytes, but for tests

	buf   []byte // read and not yet in a chunk: buf[start:]
	start int
	line  int   // the number of buf[start:]'s first line
	pos   int64 // the offset in the input of buf[start]
	short bool  // the last read gave less than it asked for
	rerr  error // the error that ended reading (io.EOF at the end)
	err   error // what next returns once the chunks before it are out
}

func newChunker(src io.Reader, name string, shape solve.Shape, size int) *chunker {
	c := &chunker{src: src, name: name, size: size, maxLine: maxLineBytes, line: 1}
	c.cutter.Shape = shape
	return c
}

// next appends the next chunk's lines to dst and returns them with the
// number of their first line and their end's offset in the input. After
// the last chunk it returns io.EOF, or the error that ended the input
// early (a read error, a line too long); the chunks before it are whole.
func (c *chunker) next(dst []byte) (data []byte, line int, end int64, err error) {
	if c.err != nil {
		return nil, 0, 0, c.err
	}
	want := c.size
	grown := false // want grew past what is pending: read up to it
	for {
		pending := c.buf[c.start:]
		final := c.rerr != nil // pending is all there is
		// Read on while there is less than a chunk, unless the source has
		// no more for now and some lines are in: a slow pipe is answered
		// as its lines come.
		if !final && len(pending) < want && (grown || !(c.short && bytes.IndexByte(pending, '\n') >= 0)) {
			c.fill(want)
			continue
		}
		n := len(pending)
		if !final || n > want {
			n = bytes.LastIndexByte(pending[:min(want, len(pending))], '\n') + 1
		}
		if n == 0 { // the first line is longer than want, or nothing is left
			if len(pending) == 0 {
				c.err = c.endError()
				return nil, 0, 0, c.err
			}
			if first := lineLen(pending); first >= c.maxLine {
				c.err = c.tooLong(c.line)
				return nil, 0, 0, c.err
			}
			want, grown = 2*want, true
			continue
		}
		last := final && n == len(pending) // the rest of the input
		if n >= c.maxLine {
			if at := longLine(pending[:n], c.maxLine); at >= 0 {
				c.err = c.tooLong(c.line + bytes.Count(pending[:at], []byte{'\n'}))
				if at == 0 {
					return nil, 0, 0, c.err
				}
				n, last = at, true // the input ends before it
			}
		}
		if !last {
			if cut := c.cutter.Boundary(pending[:n], c.line); cut > 0 {
				n = cut
			} else { // a puzzle longer than want: read more of it
				want, grown = max(2*want, n+1), true
				continue
			}
		}
		data = append(dst, pending[:n]...)
		line, end = c.line, c.pos+int64(n)
		c.start += n
		c.pos += int64(n)
		c.line += bytes.Count(data[len(dst):], []byte{'\n'})
		return data, line, end, nil
	}
}

// fill reads once from the source, making room for at least want bytes
// pending.
func (c *chunker) fill(want int) {
	if c.start > 0 && cap(c.buf)-len(c.buf) < readSize {
		n := copy(c.buf, c.buf[c.start:])
		c.buf, c.start = c.buf[:n], 0
	}
	if need := max(want, len(c.buf)) + readSize; cap(c.buf) < need {
		buf := make([]byte, len(c.buf), need)
		copy(buf, c.buf)
		c.buf = buf
	}
	space := c.buf[len(c.buf):cap(c.buf)]
	n, err := c.src.Read(space)
	c.buf = c.buf[:len(c.buf)+n]
	c.short = n < len(space)
	if err != nil {
		c.rerr = err
	}
}

// endError is what next returns after the last chunk.
func (c *chunker) endError() error {
	if c.rerr == io.EOF {
		return io.EOF
	}
	return fmt.Errorf("%s: %w", c.name, c.rerr)
}

// lineTooLongError is a line of maxLineBytes or more.
type lineTooLongError struct {
	name        string
	line, limit int
}

func (e *lineTooLongError) Error() string {
	return fmt.Sprintf("%s:%d: the line is %d bytes or longer, far longer than any puzzle; is this a puzzle file?", e.name, e.line, e.limit)
}

func (c *chunker) tooLong(line int) error {
	return &lineTooLongError{c.name, line, c.maxLine}
}

// lineLen is the length of data's first line, without its '\n'.
func lineLen(data []byte) int {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i
	}
	return len(data)
}

// longLine is the offset of the first line of data with limit bytes or
// more (its '\n' not counted), or -1.
func longLine(data []byte, limit int) int {
	for at := 0; at < len(data); {
		n := lineLen(data[at:])
		if n >= limit {
			return at
		}
		at += n + 1
	}
	return -1
}
