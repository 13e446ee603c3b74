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
		// Singles decide Easy, and prove uniqueness on the way: dig while
		// they solve the puzzle.
		lo := g.solvedPrefix(sol, g.singles)
		for _, k := range g.order[:lo] {
			g.clear(&puzzle, k)
		}
		for _, k := range g.order[min(lo+1, len(g.order)):] { // singles fail at lo
			g.clear(&puzzle, k)
			if !g.singles.solves(&puzzle) {
				g.restore(&puzzle, sol, k)
			}
		}
		p, err = g.rated(puzzle, sol)
		return p, err == nil && p.Grade == solve.Easy && g.inBand(&p), err
	}

	// Dig as far as uniqueness allows, keeping the orbits removed in order.
	g.removed = g.removed[:0]
	g.digUnique(&puzzle, sol)
	if g.easiest > solve.Easy && g.singles.solves(&puzzle) {
		// Singles solve it, so it is Easy, and a harder grade is wanted:
		// cheaper to know than to rate.
		if g.climbs() {
			return g.climb(sol, puzzle, -1, rng)
		}
		return Puzzle{}, false, nil
	}
	if o.Minimal && !g.minimal(&puzzle) {
		return Puzzle{}, false, nil
	}
	if o.Minimal || (o.AnyGrade || o.Grade == solve.Extreme) && !o.SE.Set() {
		// Nothing more can go: the grade is what it is. An Extreme
		// puzzle is often near a Hard or Expert one, though: climb.
		extreme := !o.AnyGrade && o.Grade == solve.Extreme && !o.SE.Set()
		if extreme && !o.Minimal && !g.searchHard(&puzzle) {
			// Search finds it easy, so it is almost never Extreme: climb
			// from it unrated (its score 0, the first move rated is
			// kept). Rating such digs cost more than it told: 5.7% and
			// 8% more puzzles a second without (14 and 20 seeds of 40,
			// in turn, November 2026).
			return g.climbExtreme(sol, Puzzle{Givens: puzzle}, rng)
		}
		p, err = g.rated(puzzle, sol)
		if err == nil && extreme && p.Grade >= solve.Hard && p.Grade < solve.Extreme {
			return g.climbExtreme(sol, p, rng)
		}
		return p, err == nil && (o.AnyGrade || p.Grade == o.Grade) && g.inBand(&p), err
	}
	if o.SE.Set() {
		p, ok, err = g.digBand(sol, puzzle)
		if err == nil && !ok && p.SE < o.SE.Min && p.Grade >= solve.Hard {
			return g.climbBand(sol, p, rng)
		}
		return p, ok, err
	}

	// Grading stops at the grade asked for: what is harder is only "too
	// hard", and the techniques above it are never run.
	r, grade, within, err := g.within(&puzzle, sol)
	// Easier than asked for (Medium or Hard, for Expert): climb from it.
	if err == nil && within && grade < o.Grade && grade > solve.Easy && g.climbs() {
		return g.climb(sol, puzzle, r.Score, rng)
	}
	if err != nil || within {
		return g.accept(puzzle, r, grade, err)
	}
	// Too hard: bisect the removals for the last puzzle of the grade asked
	// for or easier. The full grid (no removal) is Easy.
	lo, hi, err := lastFit(len(g.removed), func(k int) (bool, error) {
		q := g.prefix(sol, k)
		_, _, within, err := g.within(&q, sol)
		return within, err
	})
	if err != nil {
		return Puzzle{}, false, err
	}
	puzzle = g.prefix(sol, lo)
	if r, grade, within, err = g.within(&puzzle, sol); err != nil || !within {
		return Puzzle{}, false, err
	}
	// Dig on past the orbit that made it too hard, keeping the grade at
	// most the one asked for and never easier than it was: a puzzle one
	// grade short (the orbit at hi jumped two grades) may still reach it.
	// These orbits went in the full dig, from a puzzle with fewer givens,
	// so the puzzle stays unique without them.
	for _, k := range g.removed[hi:] {
		g.clear(&puzzle, k)
		rk, gk, within, err := g.within(&puzzle, sol)
		if err != nil {
			return Puzzle{}, false, err
		}
		if !within || gk < grade {
			g.restore(&puzzle, sol, k)
			continue
		}
		r, grade = rk, gk
	}
	return g.accept(puzzle, r, grade, nil)
}

// within reports whether puzzle's grade is at most the one asked for, and
// then its grade and rating; of a puzzle that singles solve, when a
// harder grade is asked for, only the grade, Easy (such a puzzle is never
// accepted for the grade asked, so nothing reads the rest). puzzle is unique, with the solution sol (the
// generator proves it before it rates).
func (g *Generator) within(puzzle, sol *solve.Grid) (r solve.Rating, grade solve.Grade, ok bool, err error) {
	if g.opts.Grade > solve.Easy && g.singles.solves(puzzle) {
		// Singles solve it, so it is Easy, within any harder grade: a dig
		// for one uses no more of its rating (the bisection of a dig
		// rates many such prefixes). Cheaper to know than to rate.
		return solve.Rating{Grade: solve.Easy}, solve.Easy, true, nil
	}
	r, ok, err = solve.RateWithinSolved(*puzzle, sol, g.opts.Grade)
	return r, r.Grade, ok, err
}

// accept returns the puzzle when within rated it at the grade asked for.
func (g *Generator) accept(puzzle solve.Grid, r solve.Rating, grade solve.Grade, err error) (Puzzle, bool, error) {
	if err != nil || grade != g.opts.Grade {
		return Puzzle{}, false, err
	}
	return ratedAs(puzzle, r), true, nil
}

// digUnique removes from puzzle (the complete grid sol) every orbit of
// g.order, in turn, whose removal leaves the puzzle unique, and lists them
// in g.removed. The cheapest sufficient test decides each: while singles
// solve the puzzle it is unique (and singles solve every longer prefix
// of the removals, so the first failure is found by bisection); a puzzle
// that misses a known unavoidable set of sol has a second solution; only
// the rest are counted.
func (g *Generator) digUnique(puzzle, sol *solve.Grid) {
	lo := g.solvedPrefix(sol, g.singles)
	var givens cells
	for i := range sol.Shape.Cells() {
		givens.add(i)
	}
	for _, k := range g.order[:lo] {
		g.clear(puzzle, k)
		g.take(&givens, k)
		g.removed = append(g.removed, k)
	}
	for _, k := range g.order[lo:] {
		g.clear(puzzle, k)
		g.take(&givens, k)
		if g.unique(puzzle, sol, &givens) {
			g.removed = append(g.removed, k)
			continue
		}
		g.restore(puzzle, sol, k)
		g.give(&givens, k)
	}
}

// solver is a test that proves a puzzle unique, such as singles.
type solver interface{ solves(*solve.Grid) bool }

// solvedPrefix returns the longest prefix of g.order whose removal from
// sol logic still solves, by bisection: logic solves every shorter prefix
// too, the puzzle having more givens.
func (g *Generator) solvedPrefix(sol *solve.Grid, logic solver) int {
	lo, _, _ := lastFit(len(g.order)+1, func(n int) (bool, error) {
		q := *sol
		for _, k := range g.order[:n] {
			g.clear(&q, k)
		}
		return logic.solves(&q), nil
	})
	return lo
}

// lastFit bisects 0..hi for the last n that fits, fits holding up to a
// point and not past it: fits(0) is taken to hold and fits(hi) not to. It
// returns that n and the first that does not fit.
func lastFit(hi int, fits func(n int) (bool, error)) (lo, first int, err error) {
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		ok, err := fits(mid)
		if err != nil {
			return 0, 0, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, hi, nil
}

// unique reports whether puzzle, whose givens are those of the complete
// grid sol at the cells givens, has one solution: sol.
func (g *Generator) unique(puzzle, sol *solve.Grid, givens *cells) bool {
	return !g.seen.missed(givens) && g.counted(puzzle)
}

// counted reports whether puzzle has one solution, by counting, and
// learns the unavoidable sets its second solution shows when not.
func (g *Generator) counted(puzzle *solve.Grid) bool {
	if g.solver.Count(puzzle, 2, g.sols[:]) == 1 {
		// Kept for searchHard: a move neighbour makes is the last
		// puzzle it proves unique, whatever removals fail after it.
		g.lastCounted, g.lastGuesses = *puzzle, g.solver.Guesses()
		return true
	}
	g.seen.learn(&g.sols[0])
	g.seen.learn(&g.sols[1])
	return false
}

func (g *Generator) take(c *cells, orbit int) {
	for _, i := range g.orbits[orbit] {
		c.del(i)
	}
}

func (g *Generator) give(c *cells, orbit int) {
	for _, i := range g.orbits[orbit] {
		c.add(i)
	}
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

// rated rates the finished puzzle, unique with the solution sol.
func (g *Generator) rated(puzzle solve.Grid, sol *solve.Grid) (Puzzle, error) {
	r, err := solve.Options{AllowGuess: true}.RateSolved(puzzle, sol)
	if err != nil {
		return Puzzle{}, err
	}
	return ratedAs(puzzle, r), nil
}

// ratedAs is the finished puzzle with its rating.
func ratedAs(puzzle solve.Grid, r solve.Rating) Puzzle {
	return Puzzle{Givens: puzzle, Grade: r.Grade, Score: r.Score, SE: r.SE, Hardest: r.Hardest}
}
