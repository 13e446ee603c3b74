package workbook

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// Puzzle is a puzzle read from a workbook, and where it came from.
type Puzzle struct {
	File  string     // the workbook's path, as given to Read
	Sheet string     // the worksheet holding the puzzle
	Range string     // the puzzle's cells on it, "B2:J10"
	Grid  solve.Grid // the givens; 0 for a blank cell
	// Notes are lines for the user (stderr): which sheet was used, where
	// detection found the puzzle, formulas without a stored value.
	Notes []string
	// HasSteps: the workbook holds a Steps sheet that an earlier run made.
	// Writing without an Explanation leaves it as it was, so callers that
	// may have changed the puzzle give one to bring it up to date.
	HasSteps bool
	// NotDigits names the cells to fill that hold something other than a
	// digit, with what they show (`Worksheet!J2 ("five")`), in reading
	// order: entries that are wrong whatever the solution. ReadEntries
	// sets it.
	NotDigits []string
	// ChangedGivens names the givens of a worksheet that the sheet no
	// longer holds, with the given and what the cell holds now
	// (`Worksheet!B2 (the given 5 now holds 9)`). ReadEntries sets it.
	ChangedGivens []string

	area    layout.Rect
	letters bool        // the sheet holds 10 and up as letters (a worksheet of ours), not numbers
	found   string      // how detection found it, "" when it was read where asked
	current solve.Grid  // what the sheet holds: the givens plus, on a worksheet, a student's entries
	stored  bool        // the givens are a worksheet's stored identity, not what the cells show
	drawn   solve.Shape // the boxes the sheet draws with heavy lines, when it tells (rangeRead.drawnBoxes)
	// elsewhere says, as a clause, where the sheet holds a puzzle with
	// one solution, of one read at a --range with digits right around it
	// that breaks the rules, or has no solution or several there: the
	// range is off.
	elsewhere string
}

// Digit writes digit d as the puzzle's sheet holds it, for messages that
// say what to type there: 10 and up as numbers, as xlsudoku's Solution
// sheet writes them, unless the sheet holds them as letters (a worksheet,
// or a grid typed so), as the text format does.
func (p *Puzzle) Digit(d int) string {
	if d >= 10 && !p.letters {
		return strconv.Itoa(d)
	}
	return solve.DigitString(d)
}

// WrongEntries names the cells where the sheet holds a digit that is not
// a given and differs from solution: a student's wrong entries on a
// worksheet of xlsudoku, as Read, ReadEntries or ReadReturned read it.
func (p *Puzzle) WrongEntries(solution solve.Grid) []string {
	var out []string
	n := p.Grid.Shape.Size
	for i, d := range p.current.Cells[:p.Grid.Shape.Cells()] {
		if d != 0 && p.Grid.Cells[i] == 0 && d != solution.Cells[i] {
			out = append(out, p.CellName(i/n, i%n))
		}
	}
	return out
}

// Cell returns the sheet cell of puzzle row r, column c (0-based): "C6".
func (p *Puzzle) Cell(r, c int) string { return p.area.Min.Add(r, c).String() }

// CellName returns the sheet cell of puzzle row r, column c (0-based) with
// its sheet, as messages name it: "Week 3!C6".
func (p *Puzzle) CellName(r, c int) string { return p.Sheet + "!" + p.Cell(r, c) }

// complete reports whether every cell is given: an answer key rather than
// a puzzle to solve.
func (p *Puzzle) complete() bool { return p.Grid.Filled() == p.Grid.Shape.Cells() }

// Where names the puzzle's range with its sheet: "Week 3!B2:J10".
func (p *Puzzle) Where() string { return p.Sheet + "!" + p.Range }

// Ref names the puzzle's range as a spreadsheet reference, the sheet quoted
// where it must be: "'Week 3'!B2:J10". What we write in a workbook uses
// it; messages use Where.
func (p *Puzzle) Ref() string { return layout.SheetRef(p.Sheet) + p.Range }

// unitName names a row, column or box of the puzzle by sheet terms.
func (p *Puzzle) unitName(u solve.Unit) string {
	s := p.Grid.Shape
	switch u.Kind {
	case solve.Row:
		return fmt.Sprintf("row %d", p.area.Min.Row+u.Index)
	case solve.Col:
		return "column " + layout.ColumnName(p.area.Min.Col+u.Index)
	}
	r, c := s.BoxOrigin(u.Index)
	box := layout.RectAt(p.area.Min.Add(r, c), s.BoxRows, s.BoxCols)
	return "box " + box.String()
}

// Solve solves the puzzle. Givens that contradict each other give a
// *ConflictError, a puzzle without solution an error wrapping
// solve.ErrNoSolution. A puzzle with several solutions gives one of them
// together with a *NotUniqueError (which wraps solve.ErrNotUnique).
func (p *Puzzle) Solve() (solve.Grid, error) {
	if err := p.check(); err != nil {
		return solve.Grid{}, err
	}
	sol, err := solve.Solve(p.Grid)
	switch {
	case err == nil:
		return sol, nil
	case errors.Is(err, solve.ErrNotUnique):
		return sol, p.InSheetTerms(err)
	}
	return solve.Grid{}, p.InSheetTerms(err)
}

// InSheetTerms restates an error that package solve gave about this
// puzzle (from Solve, Explain, Rate...) with the sheet's names: a
// *solve.NotUniqueError becomes a *NotUniqueError naming sheet cells, and
// other errors name the puzzle's range.
func (p *Puzzle) InSheetTerms(err error) error {
	var nu *solve.NotUniqueError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &nu):
		e := &NotUniqueError{Puzzle: p, First: nu.First, Second: nu.Second, Boxes: cmp.Or(p.elsewhere, p.boxesAdvice())}
		e.Add, e.Minimal, _ = solve.GivensToAdd(p.Grid)
		return e
	case errors.Is(err, solve.ErrNoSolution):
		advice := cmp.Or(p.elsewhere, p.boxesAdvice())
		if advice == "" {
			advice = p.typoAdvice()
		}
		return fmt.Errorf("%s: %w: no digit fits some blank cell whatever the others hold; %s", p.Where(), solve.ErrNoSolution, advice)
	}
	return fmt.Errorf("%s: %w", p.Where(), err)
}

// check returns a *ConflictError when givens contradict each other.
func (p *Puzzle) check() error {
	if cs := p.Grid.Conflicts(); len(cs) > 0 {
		e := &ConflictError{Puzzle: p, Conflicts: cs}
		if p.elsewhere != "" {
			e.Advice = "the givens contradict each other at " + p.Range + ", but " + p.elsewhere
		} else if b := p.boxesAdvice(); b != "" {
			e.Advice = "the givens contradict each other with these boxes, but " + b
		}
		return e
	}
	return nil
}

// boxesAdvice says, as a clause, that the puzzle has exactly one solution
// with the other box shape of its size (solve.TurnedUnique): the advice
// for one read with the wrong boxes (a --box that is not the puzzle's, a
// --range that reads it with the default ones), which breaks the rules,
// or has no solution or several, with them. "" when it has not, and for a
// worksheet's stored puzzle, whose boxes are known.
func (p *Puzzle) boxesAdvice() string {
	if p.stored {
		return ""
	}
	t, ok := solve.TurnedUnique(nil, &p.Grid)
	if !ok {
		return ""
	}
	drawn := ""
	if p.drawn == t {
		drawn = " (the boxes the sheet draws with heavy lines)"
	}
	fix := fmt.Sprintf("give --box %dx%d", t.BoxRows, t.BoxCols)
	if def, _ := solve.ShapeOf(t.Size); def == t {
		// The size's default boxes: read with others, --box was given
		// (detection takes them only when the digits fit no others).
		fix = "drop --box (its boxes are the default ones)"
	}
	return fmt.Sprintf("with %dx%d boxes%s it breaks no rule and has exactly one solution: %s", t.BoxRows, t.BoxCols, drawn, fix)
}

// boxesWarning warns, of a puzzle with exactly one solution, that the
// sheet draws the other box shape of its size, with which the puzzle has
// exactly one too, and another: which one the puzzle means only the user
// knows. Not when the two solutions are the same (a grid valid with both
// box shapes may solve alike: a review of 3 December). "" otherwise.
func (p *Puzzle) boxesWarning() string {
	if p.drawn == (solve.Shape{}) || p.drawn == p.Grid.Shape {
		return "" // (a worksheet's stored puzzle has no drawn boxes)
	}
	turned := p.Grid
	turned.Shape = p.drawn
	sol, err := solve.Solve(p.Grid)
	other, err2 := solve.Solve(turned) // an error for clashing givens, none or several solutions
	if err != nil || err2 != nil || slices.Equal(sol.Cells[:], other.Cells[:]) {
		return ""
	}
	s, t := p.Grid.Shape, p.drawn
	return fmt.Sprintf("warning: %s was read with %dx%d boxes, but the sheet draws %dx%d boxes with heavy lines, with which the puzzle has another solution: if those are its boxes, give --box %dx%d",
		p.Where(), s.BoxRows, s.BoxCols, t.BoxRows, t.BoxCols, t.BoxRows, t.BoxCols)
}

// typoAdvice says which single given, when removed, leaves a puzzle with
// exactly one solution: most often a puzzle without solution has one
// given copied wrong.
func (p *Puzzle) typoAdvice() string {
	suspects := solve.SuspectGivens(p.Grid)
	name := func(c solve.Cell) string {
		return fmt.Sprintf("%s holds %s", p.CellName(c.Row, c.Col), p.Digit(p.Grid.At(c.Row, c.Col)))
	}
	switch len(suspects) {
	case 0:
		return "check the givens against the original"
	case 1:
		return name(suspects[0]) + ": without it the puzzle has one solution; is it a typo?"
	}
	names := make([]string, len(suspects))
	for i, c := range suspects {
		names[i] = name(c)
	}
	return "without any one of these givens the puzzle has one solution; one of them may be a typo: " + describe(names, 8)
}
