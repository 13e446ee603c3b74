package generate

import (
	"fmt"
	"slices"

	"github.com/xlsudoku/xlsudoku/solve"
)

// SEBand asks for puzzles whose estimate of Sudoku Explainer's rating
// (solve.Rating.SE, the number "xlsudoku rate --scale se" prints) lies
// from Min to Max, both in tenths and both included: {85, 90} is ER 8.5
// to 9.0. The zero SEBand asks for nothing.
type SEBand struct{ Min, Max int }

// Set reports whether a band is asked for.
func (b SEBand) Set() bool { return b != SEBand{} }

// Has reports whether the rating se (tenths) lies in the band.
func (b SEBand) Has(se int) bool { return se >= b.Min && se <= b.Max }

func (b SEBand) String() string {
	switch {
	case !b.Set():
		return "any ER"
	case b.Min == b.Max:
		return "ER " + tenths(b.Min)
	}
	return "ER " + tenths(b.Min) + "-" + tenths(b.Max)
}

func tenths(v int) string {
	if v < 0 {
		return "-" + tenths(-v)
	}
	return fmt.Sprintf("%d.%d", v/10, v%10)
}

// easySE lists the SE estimates, in tenths, of the Easy puzzles a dig
// makes: the rating of the hardest single that SE's order of singles
// needs (a Hidden Single in a box 1.2, in a row or column 1.5, a Naked
// Single 2.3; Full House, 1.0, alone solves only a grid with a few cells
// left blank). An Easy puzzle rates nothing in between, so a band that holds
// none of them is refused at once, not searched for until the attempts
// run out.
var easySE = [3]int{12, 15, 23}

// maxSE is the highest rating, in tenths, of Sudoku Explainer's scale
// and of the estimate: a band that starts above it holds no puzzle.
const maxSE = 120

// bandGrades returns the easiest and hardest grades whose puzzles can rate
// in band (solve.SERange), among those a puzzle of the options may have;
// ok is false when there is none.
func bandGrades(o *Options) (lo, hi solve.Grade, ok bool) {
	for _, g := range solve.Grades {
		if !o.AnyGrade && g != o.Grade {
			continue
		}
		if Feasible(o.Shape, g) != nil {
			continue
		}
		min, max := solve.SERange(g)
		if o.SE.Max < min || (max >= 0 && o.SE.Min > max) {
			continue
		}
		if g == solve.Easy && !slices.ContainsFunc(easySE[:], o.SE.Has) {
			continue
		}
		if !ok {
			lo, ok = g, true
		}
		hi = g
	}
	return lo, hi, ok
}

// checkBand refuses a band no puzzle of the options can rate in, with the
// reason.
func checkBand(o *Options) error {
	if !o.SE.Set() {
		return nil
	}
	if o.SE.Min > o.SE.Max {
		return fmt.Errorf("%w: the SE band %s is empty (its Min is above its Max)", ErrImpossible, o.SE)
	}
	if o.SE.Min > maxSE {
		// Digging would not say so before its last attempt, minutes on.
		return fmt.Errorf("%w: no puzzle rates %s: ratings run from ER 1.0 to %s", ErrImpossible, o.SE, tenths(maxSE))
	}
	if _, _, ok := bandGrades(o); ok {
		return nil
	}
	if !o.AnyGrade {
		min, max := solve.SERange(o.Grade)
		rate := tenths(min) + " to " + tenths(max)
		switch {
		case o.Grade == solve.Easy:
			rate = tenths(easySE[0]) + ", " + tenths(easySE[1]) + " or " + tenths(easySE[2])
		case max < 0:
			rate = tenths(min) + " and up"
		}
		return fmt.Errorf("%w: %s puzzles rate ER %s; none rates %s", ErrImpossible, o.Grade, rate, o.SE)
	}
	return fmt.Errorf("%w: no %s puzzle rates %s", ErrImpossible, o.Shape, o.SE)
}

// digBand finishes the dig of a puzzle for an SE band: puzzle is sol dug
// as far as uniqueness allows, the orbits taken in g.removed. The puzzle
// must have a grade the band allows (bandGrades) and rate at most
// SE.Max; when the full dig rates higher, the removals are bisected for
// the last puzzle that does not, and the dig goes on past it, keeping
// each further removal that leaves the rating in bounds and no lower.
// The puzzle is taken when it rates at least SE.Min; one that rates below
// the band, Hard or harder, climbs toward it instead (climbBand).
func (g *Generator) digBand(sol *solve.Grid, puzzle solve.Grid) (Puzzle, bool, error) {
	o := &g.opts
	_, top, _ := bandGrades(o)
	// fits rates q up to the hardest grade the band allows, and tells
	// whether q is not too hard.
	fits := func(q solve.Grid) (solve.Rating, bool, error) {
		r, within, err := solve.RateWithinSolved(q, sol, top)
		return r, err == nil && within && r.SE <= o.SE.Max, err
	}
	r, ok, err := fits(puzzle)
	if err != nil {
		return Puzzle{}, false, err
	}
	if !ok {
		lo, hi, err := lastFit(len(g.removed), func(k int) (bool, error) {
			_, ok, err := fits(g.prefix(sol, k))
			return ok, err
		})
		if err != nil {
			return Puzzle{}, false, err
		}
		puzzle = g.prefix(sol, lo)
		if r, ok, err = fits(puzzle); err != nil || !ok {
			return Puzzle{}, false, err
		}
		for _, k := range g.removed[hi:] {
			g.clear(&puzzle, k)
			rk, ok, err := fits(puzzle)
			if err != nil {
				return Puzzle{}, false, err
			}
			if !ok || rk.SE < r.SE || rk.Grade < r.Grade {
				g.restore(&puzzle, sol, k)
				continue
			}
			r = rk
		}
	}
	p := ratedAs(puzzle, r)
	return p, o.SE.Has(r.SE) && (o.AnyGrade || r.Grade == o.Grade), nil
}

// inBand reports whether p rates in the band asked for, if any.
func (g *Generator) inBand(p *Puzzle) bool { return !g.opts.SE.Set() || g.opts.SE.Has(p.SE) }
