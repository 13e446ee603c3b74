package workbook

import (
	"fmt"
	"path/filepath"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// Extras are optional additions to what Write puts in the output.
type Extras struct {
	// Candidates, when not nil, draws the Candidates sheet from these sets
	// (one per cell of the puzzle, row-major, as solve.LogicCandidates
	// returns) instead of the basic pencil marks of the givens, and
	// CandidatesNote replaces "(starting position)" in the Candidates
	// sheet's title, e.g. "after logic, before the first guess".
	Candidates     []solve.Digits
	CandidatesNote string
	// Explanation, when not nil, adds a "Steps" sheet after Solution and
	// Candidates. It must explain the puzzle's grid (solve.Explain of
	// p.Grid): the pictures of the steps replay it from there.
	Explanation *solve.Explanation
	// Second, when not nil, is another solution of a puzzle with several:
	// a "Two solutions" sheet shows both, the cells where they differ
	// marked, and the Solution sheet's title says it is one of several.
	Second *solve.Grid
	Advice string // under the title of that sheet: the givens to add
}

// WriteExtras is Write with extras: Write(p, sol, out, opts) is
// WriteExtras(p, sol, out, opts, Extras{}).
//
// The Steps sheet is marked as xlsudoku's like the others, so a rerun with
// an explanation replaces it, and a sheet called Steps that xlsudoku did
// not make is left alone (ours is then "Steps (xlsudoku)", with a note). A
// run without an explanation (Write) leaves the Steps sheet of an earlier
// run as it was, with a note saying so: removing a sheet would renumber
// every sheet after it in the workbook part (defined names, views), which
// Write never does.
func WriteExtras(p *Puzzle, solution solve.Grid, out string, opts Options, x Extras) (notes []string, err error) {
	return write(p, solution, out, opts, x)
}

// check refuses extras that do not fit the puzzle.
//
// The explanation and the second solution must belong to the puzzle: a
// library walk of 3 December wrote an explanation of another puzzle, and
// a "second solution" that was the solution itself or empty, under a title
// saying the puzzle has several.
func (x *Extras) check(p *Puzzle, solution *solve.Grid) error {
	if x.Candidates != nil && len(x.Candidates) != p.Grid.Shape.Cells() {
		return fmt.Errorf("%w: %d candidate sets for the %d cells of a %s puzzle", ErrUsage, len(x.Candidates), p.Grid.Shape.Cells(), p.Grid.Shape)
	}
	if ex := x.Explanation; ex != nil {
		if ex.Solved.Shape != p.Grid.Shape {
			return fmt.Errorf("%w: the explanation of a %s puzzle for a %s puzzle", ErrUsage, ex.Solved.Shape, p.Grid.Shape)
		}
		if ex.Solved != *solution {
			return fmt.Errorf("%w: the explanation ends on another grid than the solution: give solve.Explain of the puzzle's grid", ErrUsage)
		}
		for i := range ex.Steps {
			for _, c := range ex.Steps[i].Placements {
				if p.Grid.At(c.Row, c.Col) != 0 || solution.At(c.Row, c.Col) != c.Digit {
					return fmt.Errorf("%w: step %d of the explanation places %s at %v, where the puzzle has a given or the solution another digit: give solve.Explain of the puzzle's grid",
						ErrUsage, i+1, solve.DigitString(c.Digit), c.Cell)
				}
			}
		}
	}
	if x.Second != nil {
		if err := checkSolution(&p.Grid, x.Second); err != nil {
			return fmt.Errorf("%w: the second solution: %v", ErrUsage, err)
		}
		if *x.Second == *solution {
			return fmt.Errorf("%w: the second solution is the solution itself", ErrUsage)
		}
	}
	return nil
}

// candidatesSheet plans the Candidates sheet: the basic pencil marks of
// the givens, or the sets of x.Candidates.
func (x *Extras) candidatesSheet(p *Puzzle) *ourSheet {
	note := "starting position"
	if x.CandidatesNote != "" {
		note = x.CandidatesNote
	}
	title := fmt.Sprintf("Candidates of %s\n%s (%s)", filepath.Base(p.File), p.Ref(), note)
	sh := &ourSheet{kind: kindCandidates, name: "Candidates"}
	if x.Candidates != nil {
		sh.sheet = layout.CandidateSetsSheet(title, p.Grid, x.Candidates)
	} else {
		sh.sheet = layout.CandidatesSheet(title, p.Grid)
	}
	return sh
}

// stepsSheet plans the Steps sheet of x.Explanation.
func (x *Extras) stepsSheet(p *Puzzle) *ourSheet {
	title := fmt.Sprintf("Steps of %s\n%s", filepath.Base(p.File), p.Ref())
	return &ourSheet{kind: kindSteps, name: "Steps", sheet: layout.StepsSheet(title, p.Sheet, p.Cell, p.Grid, x.Explanation)}
}

// staleSteps notes the Steps sheets of earlier runs that a run without an
// explanation leaves as they were.
func staleSteps(sheets []sheetRef) []string {
	var notes []string
	for _, s := range sheets {
		if s.ours == kindSteps {
			notes = append(notes, fmt.Sprintf("left sheet %q of an earlier run as it was; it explains the puzzle as it stood then", s.name))
		}
	}
	return notes
}
