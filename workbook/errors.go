package workbook

import (
	"cmp"
	"errors"
	"fmt"
	"strings"

	"github.com/xlsudoku/xlsudoku/solve"
)

// Sentinel errors. Every error Read and Write return wraps one of these (or
// one of solve's), so a caller can pick an exit code with errors.Is.
var (
	// ErrOpen: the input cannot be read as a workbook (missing, not an
	// .xlsx/.xlsm, damaged, password-protected).
	ErrOpen = errors.New("cannot read the workbook")
	// ErrUsage: an option is wrong (a range that is not a square of a
	// supported size, a sheet that does not exist, a bad box, an output name
	// of the wrong type).
	ErrUsage = errors.New("bad option")
	// ErrSameFile: the output path names the input and InPlace is not set.
	ErrSameFile = errors.New("the output would overwrite the input")
	// ErrInvalid: the puzzle is invalid. ErrCell and conflicting givens
	// (*ConflictError) wrap it.
	ErrInvalid = errors.New("invalid puzzle")
	// ErrCell: cells of the puzzle hold something that is not a digit or a
	// blank. It wraps ErrInvalid.
	ErrCell error = &wrapError{ErrInvalid.Error() + ": cells that are not digits or blanks", ErrInvalid}
	// ErrNoPuzzle: no puzzle was found where one was looked for.
	ErrNoPuzzle = errors.New("no puzzle found")
	// ErrAmbiguous: detection found several places that could be the puzzle.
	ErrAmbiguous = errors.New("more than one puzzle found")
	// ErrWrite: the output could not be written; nothing was left behind.
	ErrWrite = errors.New("cannot write the workbook")
	// ErrNoSheet: the workbook has no worksheet of the name asked for. It
	// wraps ErrUsage.
	ErrNoSheet error = &wrapError{ErrUsage.Error(), ErrUsage}
)

// wrapError is what fmt.Errorf with %w makes, without running fmt when
// the program starts.
type wrapError struct {
	msg string
	err error
}

func (e *wrapError) Error() string { return e.msg }
func (e *wrapError) Unwrap() error { return e.err }

// CellError is one cell of the puzzle that is not a digit or a blank.
type CellError struct {
	File   string // the workbook's path
	Sheet  string
	Cell   string // "D4"
	Value  string // as shown to people: "x" quoted for text, 12, TRUE, #N/A
	Reason string // "is not a digit 1-9 or a blank", with what kind of value it is
}

func (e *CellError) Error() string {
	return fmt.Sprintf("%s!%s: %s %s", e.Sheet, e.Cell, e.Value, e.Reason)
}

func (e *CellError) Unwrap() error { return ErrCell }

// maxCellErrors is how many bad cells an error lists.
const maxCellErrors = 10

// CellErrors lists the bad cells of a puzzle, the first ten of them in
// reading order; Total counts them all.
type CellErrors struct {
	File  string
	Range string // "Week 3!B2:J10"
	Cells []*CellError
	Total int
}

func (e *CellErrors) Error() string {
	var b strings.Builder
	for _, c := range e.Cells {
		b.WriteString(c.Error())
		b.WriteByte('\n')
	}
	if more := e.Total - len(e.Cells); more > 0 {
		fmt.Fprintf(&b, "... and %d more\n", more)
	}
	fmt.Fprintf(&b, "fix the cells of %s, or choose the puzzle's cells with --sheet and --range", e.Range)
	return b.String()
}

// Unwrap gives ErrCell and each *CellError listed, so that errors.As finds
// the first bad cell.
func (e *CellErrors) Unwrap() []error {
	errs := make([]error, 0, 1+len(e.Cells))
	errs = append(errs, ErrCell)
	for _, c := range e.Cells {
		errs = append(errs, c)
	}
	return errs
}

// ConflictError reports givens that contradict each other, named by their
// sheet cells: "Week 3!B2 and Week 3!D2 both hold 4 (row 2)".
type ConflictError struct {
	Puzzle    *Puzzle
	Conflicts []solve.Conflict
	// Advice replaces the closing advice, where the clash may be of
	// entries read as givens.
	Advice string
}

func (e *ConflictError) Error() string {
	p := e.Puzzle
	lines := make([]string, 0, len(e.Conflicts)+2)
	if p.found != "" {
		// Detection took it for want of a block that fits the rules.
		lines = append(lines, p.found+", but its givens break the rules:")
	}
	for _, c := range e.Conflicts[:min(len(e.Conflicts), maxCellErrors)] {
		lines = append(lines, fmt.Sprintf("%s and %s both hold %s (%s)",
			p.CellName(c.A.Row, c.A.Col), p.CellName(c.B.Row, c.B.Col), p.Digit(c.Digit), p.unitName(c.Unit)))
	}
	if more := len(e.Conflicts) - maxCellErrors; more > 0 {
		lines = append(lines, fmt.Sprintf("... and %d more", more))
	}
	lines = append(lines, cmp.Or(e.Advice, "the givens contradict each other: correct them and run again"))
	return strings.Join(lines, "\n")
}

// Unwrap makes a ConflictError match both solve.ErrConflict and ErrInvalid.
func (e *ConflictError) Unwrap() []error { return []error{solve.ErrConflict, ErrInvalid} }

// NotUniqueError says that the puzzle has several solutions, naming the
// sheet cells where two of them differ. Solve returns it with one solution.
type NotUniqueError struct {
	Puzzle        *Puzzle
	First, Second solve.Grid
	// Add are givens (from First... or another solution) that together
	// make the puzzle unique; Minimal says no fewer would do.
	Add     []solve.Candidate
	Minimal bool
	// Boxes says that with the other box shape of its size the puzzle
	// has exactly one solution (Puzzle.boxesAdvice), or that the sheet
	// holds one with one solution at another range (read at a --range
	// that is off), or is "".
	Boxes string
}

// Advice names the givens to add, as a clause: "add Week 3!D3 = 4 to
// make it unique (no fewer givens do)".
func (e *NotUniqueError) Advice() string {
	if len(e.Add) == 0 {
		return ""
	}
	names := make([]string, len(e.Add))
	for i, c := range e.Add {
		names[i] = fmt.Sprintf("%s = %s", e.Puzzle.CellName(c.Row, c.Col), e.Puzzle.Digit(c.Digit))
	}
	s := "add " + strings.Join(names, " and ") + " to make it unique"
	if e.Minimal && len(names) > 1 {
		s += " (no fewer givens do)"
	}
	return s
}

// Cells names the sheet cells where the two solutions differ.
func (e *NotUniqueError) Cells() []string {
	var out []string
	for _, c := range e.First.Diff(&e.Second) {
		out = append(out, e.Puzzle.CellName(c.Row, c.Col))
	}
	return out
}

func (e *NotUniqueError) Error() string {
	cells := e.Cells()
	if len(cells) > 6 {
		cells = append(cells[:6], "...")
	}
	msg := fmt.Sprintf("%s: the puzzle has more than one solution (two of them differ at %s)",
		e.Puzzle.Where(), strings.Join(cells, ", "))
	sep := "; "
	if e.Boxes != "" {
		msg, sep = msg+"; "+e.Boxes, "; or "
	}
	if a := e.Advice(); a != "" {
		msg += sep + a
	}
	return msg
}

func (e *NotUniqueError) Unwrap() error { return solve.ErrNotUnique }

// unwritableError is an input that xlsudoku reads but cannot write a copy
// of (a Strict Open XML workbook): an input error, as ErrOpen's, whose
// message does not say it cannot be read.
type unwritableError struct{ msg string }

func (e *unwritableError) Error() string        { return e.msg }
func (e *unwritableError) Is(target error) bool { return target == ErrOpen }
