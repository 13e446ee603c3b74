package solve

import (
	"bytes"
	"io"
)

// Reading text in parallel: a reader of the input cuts it into chunks of
// whole lines that each start between puzzles (Boundary), and workers read
// each chunk with a Reader of their own (ResetBytes), as one Reader would
// have read the whole input.

// ResetBytes makes r read the puzzles of data, whose first line is line
// first of the input (for messages). data must start between puzzles;
// its end is read as the end of the input. Read then allocates nothing
// for a valid one-line puzzle.
func (r *Reader) ResetBytes(data []byte, first int) {
	r.sc, r.data, r.off, r.line, r.clean, r.cutGrid = nil, data, 0, first-1, 0, false
	r.ended, r.err = false, nil
	// A line held back to be read again, and what the grid being read
	// was, belong to the data before.
	r.again, r.lineStart, r.maybe4x4 = false, 0, false
}

// oneLinerRun is how many lines that can only be read as one-line puzzles
// must follow each other before a Reader is surely between puzzles: a
// grid started before them takes at most 15 more rows.
const oneLinerRun = MaxSize

// boundaryLines is how many lines Boundary looks back for a run of
// one-line puzzles before it reads the chunk as a Reader would.
const boundaryLines = 4 * oneLinerRun

// Boundary returns the length of the longest prefix of data that ends a
// line and after which a Reader that started data between puzzles is
// between puzzles again, so that a Reader can start afresh there; 0 when
// data, which holds whole lines and starts between puzzles, has no such
// place. first is the number of data's first line. r's Shape applies.
//
// Usually the last lines of data are one-line puzzles, which settle it at
// once; otherwise (grids) data is read as Read would read it.
func (r *Reader) Boundary(data []byte, first int) int {
	end, run := len(data), 0
	for i, rest := 0, data; i < boundaryLines && len(rest) > 0; i++ {
		j := bytes.LastIndexByte(rest[:len(rest)-1], '\n') + 1
		line := rest[j:]
		rest = rest[:j]
		switch r.lineKind(bytes.TrimRight(line, "\r\n")) {
		case endsGrid:
			return end // the one-liners after it are read alone
		case oneLiner:
			if run++; run == oneLinerRun {
				return end
			}
		default:
			end, run = j, 0
		}
		if j == 0 && end > 0 {
			return end // data starts between puzzles
		}
	}
	// Read it: the last place between puzzles is the boundary.
	saved := *r
	r.ResetBytes(data, first)
	for {
		if _, err := r.Read(); err == io.EOF {
			break
		}
	}
	n := r.clean
	*r = saved
	return n
}

type lineKind int

const (
	otherLine lineKind = iota
	oneLiner           // read as a one-line puzzle between puzzles, and never a separator inside a grid
	endsGrid           // a comment or section header: a grid ends there, and nothing is read with it
)

// lineKind sorts a line (without its line end) for Boundary. A line with a
// byte order mark is "other", which is never wrong: Boundary then looks
// further.
func (r *Reader) lineKind(text []byte) lineKind {
	if bytes.HasPrefix(text, []byte("\uFEFF")) {
		return otherLine
	}
	if skipLine(text) {
		if t := bytes.TrimSpace(text); len(t) > 0 {
			return endsGrid
		}
		return otherLine // a blank line is skipped inside a grid
	}
	if len(bytes.Trim(text, "-+=| \t")) == 0 {
		return otherLine // it could be skipped inside a grid
	}
	if r.isOneLine(firstToken(text)) {
		return oneLiner
	}
	return otherLine
}
