package generate

import (
	"math/rand/v2"

	"github.com/xlsudoku/xlsudoku/solve"
)

// dig removes givens from the complete grid sol, orbit by orbit in a random
// order, and returns the puzzle when it has the grade asked for (ok false:
// try again).
func (g *Generator) dig(sol *solve.Grid, rng *rand.Rand) (p Puzzle, ok bool, err error) {
	for i := range g.order {
		g.order[i] = i
	}
	rng.Shuffle(len(g.order), func(i, j int) { g.order[i], g.order[j] = g.order[j], g.order[i] })
	o := &g.opts
	puzzle := *sol
	if !o.AnyGrade && o.Grade == solve.Easy && !o.Minimal {
		// Singles decide Easy, and prove uniqueness on the way.
		for _, k := range g.order {
			g.clear(&puzzle, k)
			if !g.singles.solves(&puzzle) {
				g.restore(&puzzle, sol, k)
			}
		}
		p, err = g.rated(puzzle)
		return p, err == nil && p.Grade == solve.Easy && g.inBand(&p), err
	}

	// Dig as far as uniqueness allows, keeping the orbits removed in order.
	// While singles solve the puzzle it is unique, and they are cheaper
	// than counting; once they fail they fail for every later puzzle,
	// which has fewer givens.
	g.removed = g.removed[:0]
	bySingles := true
	for _, k := range g.order {
		g.clear(&puzzle, k)
		if bySingles {
			if g.singles.solves(&puzzle) {
				g.removed = append(g.removed, k)
				continue
			}
			bySingles = false
		}
		if g.solver.Count(&puzzle, 2, nil) != 1 {
			g.restore(&puzzle, sol, k)
			continue
		}
		g.removed = append(g.removed, k)
	}
	if g.easiest > solve.Easy && g.singles.solves(&puzzle) {
		// Singles solve it, so it is Easy, and a harder grade is wanted:
		// cheaper to know than to rate.
		return Puzzle{}, false, nil
	}
	if o.Minimal && !g.minimal(&puzzle) {
		return Puzzle{}, false, nil
	}
	if o.Minimal || (o.AnyGrade || o.Grade == solve.Extreme) && !o.SE.Set() {
		// Nothing more can go: the grade is what it is.
		p, err = g.rated(puzzle)
		return p, err == nil && (o.AnyGrade || p.Grade == o.Grade) && g.inBand(&p), err
	}
	if o.SE.Set() {
		return g.digBand(sol, puzzle)
	}

	// Grading stops at the grade asked for: what is harder is only "too
	// hard", and the techniques above it are never run.
	r, within, err := solve.RateWithin(puzzle, o.Grade)
	if err != nil || within {
		return ratedAs(puzzle, r), err == nil && r.Grade == o.Grade, err
	}
	// Too hard: bisect the removals for the last puzzle of the grade asked
	// for or easier. The full grid (no removal) is Easy.
	lo, hi := 0, len(g.removed) // grade(lo removals) <= target < grade(hi removals)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		q := g.prefix(sol, mid)
		_, within, err := solve.RateWithin(q, o.Grade)
		if err != nil {
			return Puzzle{}, false, err
		}
		if within {
			lo = mid
		} else {
			hi = mid
		}
	}
	puzzle = g.prefix(sol, lo)
	if r, within, err = solve.RateWithin(puzzle, o.Grade); err != nil || !within {
		return Puzzle{}, false, err
	}
	// Dig on past the orbit that made it too hard, keeping the grade at
	// most the one asked for and never easier than it was: a puzzle one
	// grade short (the orbit at hi jumped two grades) may still reach it.
	// These orbits went in the full dig, from a puzzle with fewer givens,
	// so the puzzle stays unique without them.
	for _, k := range g.removed[hi:] {
		g.clear(&puzzle, k)
		rk, within, err := solve.RateWithin(puzzle, o.Grade)
		if err != nil {
			return Puzzle{}, false, err
		}
		if !within || rk.Grade < r.Grade {
			g.restore(&puzzle, sol, k)
			continue
		}
		r = rk
	}
	return ratedAs(puzzle, r), r.Grade == o.Grade, nil
}

// prefix returns sol without the first k orbits removed.
func (g *Generator) prefix(sol *solve.Grid, k int) solve.Grid {
	q := *sol
	for _, o := range g.removed[:k] {
		g.clear(&q, o)
	}
	return q
}

func (g *Generator) clear(p *solve.Grid, orbit int) {
	for _, i := range g.orbits[orbit] {
		p.Cells[i] = 0
	}
}

func (g *Generator) restore(p, sol *solve.Grid, orbit int) {
	for _, i := range g.orbits[orbit] {
		p.Cells[i] = sol.Cells[i]
	}
}

// minimal reports whether every given of p is needed: without any one of
// them, p has a second solution. The dig leaves every orbit needed; with a
// symmetry, a single cell of an orbit may still be spare.
func (g *Generator) minimal(p *solve.Grid) bool {
	if g.opts.Symmetry == None {
		return true
	}
	n := p.Shape.Cells()
	for i := range n {
		d := p.Cells[i]
		if d == 0 {
			continue
		}
		p.Cells[i] = 0
		unique := g.solver.Count(p, 2, nil) == 1
		p.Cells[i] = d
		if unique {
			return false
		}
	}
	return true
}

// rated rates the finished puzzle.
func (g *Generator) rated(puzzle solve.Grid) (Puzzle, error) {
	r, err := solve.RateDetail(puzzle)
	if err != nil {
		return Puzzle{}, err
	}
	return ratedAs(puzzle, r), nil
}

// ratedAs is the finished puzzle with its rating.
func ratedAs(puzzle solve.Grid, r solve.Rating) Puzzle {
	return Puzzle{Givens: puzzle, Grade: r.Grade, Score: r.Score, SE: r.SE, Hardest: r.Hardest}
}
