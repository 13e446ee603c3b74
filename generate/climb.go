package generate

import (
	"math/rand/v2"

	"github.com/xlsudoku/xlsudoku/solve"
)

// climbMoves bounds the moves climb makes from one puzzle. More than a
// few dozen cost more than a new dig: on 1,000 Medium puzzles, 64 moves
// gave the most puzzles a second. For Expert, 8,000 puzzles (four seeds)
// took the fewest instructions with 64 moves too: 2.4% more with 48, 0.5%
// more with 80, and 4.8% more when the climb also gave up after 16 moves
// in a row that kept nothing (November 2026).
const climbMoves = 64

// climb looks for a puzzle of the grade asked for, Medium or Expert, near
// puzzle, one a dig left: unique, every orbit of it needed, and either
// Easy (score < 0: singles solve it) or of an easier grade than the one
// asked for, with that score. Two thirds of digs end Easy, and a new dig
// would start again from nothing; a move (neighbour) costs a third of a
// dig, and it reaches the grade more often than a new dig does. While the
// puzzle is Easy, a move that is still Easy is kept, as a step sideways;
// once it is not, a move is kept when it scores at least as much
// (solve.Rating.Score) and is still easier than the grade. A move that is
// too hard is undone. For Medium, the first move that is not Easy is the
// puzzle. Climbing makes Expert puzzles about a quarter faster than
// digging alone (1,000 in 1.29 to 1.30 s against 1.53 to 1.58 s, November
// 2026, before the climb lost its patience bound: see climbMoves); for
// Hard it gained 3%, within the noise, so Hard does not climb.
func (g *Generator) climb(sol *solve.Grid, puzzle solve.Grid, score int, rng *rand.Rand) (Puzzle, bool, error) {
	for range climbMoves {
		q, ok := g.neighbour(sol, &puzzle, rng)
		if !ok {
			continue
		}
		if g.singles.solves(&q) {
			if score < 0 {
				puzzle = q // still Easy: a step sideways
			}
			continue
		}
		r, grade, within, err := g.within(&q, sol)
		switch {
		case err != nil:
			return Puzzle{}, false, err
		case !within: // too hard: undone
		case grade == g.opts.Grade:
			return ratedAs(q, r), true, nil
		case r.Score >= score:
			puzzle, score = q, r.Score
		}
	}
	return Puzzle{}, false, nil
}

// climbs reports whether a dig that misses the grade asked for climbs
// toward it (see climb).
func (g *Generator) climbs() bool {
	o := &g.opts
	return (o.Grade == solve.Medium || o.Grade == solve.Expert) && !o.AnyGrade && !o.Minimal && !o.SE.Set()
}

// hardClimbMoves bounds the moves climbExtreme and climbBand make from
// one puzzle, and hardClimbPatience the moves since the last one kept: a
// climb that has stalled is worth less than a new dig. Tuned for
// climbExtreme: on 200 Extreme puzzles from each of two seeds, 128 moves
// of patience made 28 a second, 64 and 256 made 24 to 26, the bound of
// 1,024 moves alone 19.
const (
	hardClimbMoves    = 1024
	hardClimbPatience = 128
)

// hardDraw is how many moves a 9x9 climb that rates only the moves hard
// for search (searchHard) draws for each one it rates: the move the exact
// solver needed the most guesses to prove unique (if extremeGuesses or
// more), and hardDrawPatience its patience, in moves. Drawing costs a
// move's uniqueness proof, a few microseconds; a rating costs a third of
// a millisecond, and the move search finds hardest is the likeliest to
// rate hard. In one process, in turn with rating every move search finds
// hard enough (a draw of one, patience 128), on sets of seeds far apart
// (November 2026):
//
//   - Extreme, 40 puzzles a seed: 16 and 384 made 26%, 14% and 20% more a
//     second on three sets (14, 14 and 20 seeds); draws of 4 to 8, 6% to
//     23%; of 24 and 32, as 16. The puzzles' estimated SE ratings were the
//     same on average (8.97 to 8.98).
//   - SE 8.5 to 9.0 (12 a seed), 9.0 (6) and 9.1 to 9.2 (2), 12 seeds:
//     24% and 8%, 68% and 7% (two sets), 39% (one).
const (
	hardDraw         = 16
	hardDrawPatience = 384
)

// climbExtreme looks for an Extreme puzzle near p, a Hard or Expert puzzle
// a dig left (or, for 9x9, one that search finds easy, not rated: its
// Score is 0), keeping each move that scores at least as much as the
// puzzle it leaves (solve.Rating.Score: the hardest step first). One dig
// in some 400 ends Extreme with the default symmetry; the puzzles near a
// hard one are Extreme far more often, and climbing makes Extreme puzzles
// about twice as fast as digging alone (100 in 3.2 s against 6.8 s,
// November 2026). Every move is proved unique and the puzzle returned is
// rated Extreme, as a dug one is. A 9x9 move is rated only when it is
// hard for search (searchHard), and only the hardest of each draw of
// hardDraw moves: rating is most of the climb's cost. Not for minimal
// puzzles, where few moves are minimal and the test did not pay (9.2
// against 9.3 puzzles/s and 9.0 against 9.5, 20 seeds of 10 each,
// twice): their climbs rate every minimal move.
func (g *Generator) climbExtreme(sol *solve.Grid, p Puzzle, rng *rand.Rand) (Puzzle, bool, error) {
	worth := g.searchHard
	if g.opts.Minimal {
		worth = g.minimal
	}
	rate := func(q *solve.Grid) (r Puzzle, ok bool, err error) {
		if !worth(q) {
			return r, false, nil
		}
		r, err = g.rated(*q, sol)
		return r, err == nil, err
	}
	draw, patience := 1, hardClimbPatience
	if !g.opts.Minimal && g.opts.Shape == solve.Shape9 {
		draw, patience = hardDraw, hardDrawPatience
	}
	return g.hardClimb(sol, p, rng, draw, patience, rate, func(r, cur *Puzzle) (keep, done bool) {
		return r.Score >= cur.Score, r.Grade == solve.Extreme
	})
}

// extremeGuesses is the fewest guesses (solve.Solver.Guesses) with which
// the exact solver proves a 9x9 move unique that searchHard lets a climb
// for Extreme rate. Of the moves a climb rated (100 Extreme puzzles, seed
// 1), 71% needed fewer than three, and 4 of the 91 Extreme ones did: the
// Extreme moves needed 6 (median), the Expert 2, the Hard 1. Made 1,000
// Extreme puzzles (20 seeds a million apart, 50 each) at 43.9/s against
// 36.7/s rating every move; at least 4 guesses, 44.1/s; 5, fewer (November
// 2026). Those were guesses on cells; counting now guesses on a digit's
// configurations instead, and the same bar made Extreme puzzles with as
// many instructions (10.54 billion against 10.52 for 61, cachegrind).
const extremeGuesses = 3

// searchHard reports whether the move q (unique) of a climb for Extreme,
// or for a band of SE ratings that Extreme puzzles reach, is worth
// rating: for 9x9, whether the exact solver guesses at least
// extremeGuesses times proving it unique. A count costs under a
// hundredth of a rating (2.4 µs against 0.31 ms, the Expert puzzles of
// solve/testdata), and a move's count is the one that proved it unique,
// when it is the last to (neighbour's moves): not counted twice.
func (g *Generator) searchHard(q *solve.Grid) bool {
	return q.Shape != solve.Shape9 || g.guesses(q) >= extremeGuesses
}

// guesses returns the guesses (solve.Solver.Guesses) the exact solver
// takes to count q to two solutions: those of the last count when it was
// of q, as it is for a move neighbour has just proved unique, else of a
// count now.
func (g *Generator) guesses(q *solve.Grid) int {
	if *q != g.lastCounted {
		g.solver.Count(q, 2, nil)
		g.lastCounted, g.lastGuesses = *q, g.solver.Guesses()
	}
	return g.lastGuesses
}

// hardClimb climbs from p, a puzzle a dig left, by neighbours, drawn draw
// at a time: rate rates, of each draw, the move that singles do not solve
// and the exact solver needed the most guesses to prove unique (the first
// of those alike; ok false: the move is never wanted), and judge says
// whether it is the puzzle wanted (done), or else whether the climb goes
// on from it (keep) rather than from cur. It stops at the puzzle wanted,
// after hardClimbMoves, or after patience moves that kept nothing, counted
// from the draw that last kept one.
//
// A climb meets some moves more than once (one in twenty of those rated,
// for Extreme), so it keeps what rate said of each: a move met again is
// judged again, against the puzzle the climb is at now, without a second
// rating.
func (g *Generator) hardClimb(sol *solve.Grid, p Puzzle, rng *rand.Rand, draw, patience int,
	rate func(q *solve.Grid) (r Puzzle, ok bool, err error),
	judge func(r, cur *Puzzle) (keep, done bool)) (Puzzle, bool, error) {
	if g.rates == nil {
		g.rates = make(map[solve.Grid]rating)
	}
	clear(g.rates)
	puzzle := p.Givens
	last := 0
	for m := 0; m < hardClimbMoves; {
		if m-last > patience {
			break
		}
		start := m
		m += draw
		q, ok := g.drawHardest(sol, &puzzle, rng, draw)
		if !ok {
			continue
		}
		r, seen := g.rates[q]
		if !seen {
			var err error
			if r.Puzzle, r.ok, err = rate(&q); err != nil {
				return Puzzle{}, false, err
			}
			g.rates[q] = r
		}
		if !r.ok {
			continue
		}
		switch keep, done := judge(&r.Puzzle, &p); {
		case done:
			return r.Puzzle, true, nil
		case keep:
			p, puzzle, last = r.Puzzle, q, start
		}
	}
	return Puzzle{}, false, nil
}

// drawHardest draws n moves from puzzle (neighbour) and returns, of
// those that singles do not solve, the one the exact solver needed the
// most guesses to prove unique, the first of those alike; ok is false
// when there is none.
func (g *Generator) drawHardest(sol, puzzle *solve.Grid, rng *rand.Rand, n int) (q solve.Grid, ok bool) {
	most := -1
	for range n {
		d, ok := g.neighbour(sol, puzzle, rng)
		if !ok || g.singles.solves(&d) {
			continue
		}
		if k := g.guesses(&d); k > most {
			q, most = d, k
		}
	}
	if most < 0 {
		return q, false
	}
	g.lastCounted, g.lastGuesses = q, most // searchHard asks of q next
	return q, true
}

// rating is what hardClimb's rate said of a move.
type rating struct {
	Puzzle
	ok bool
}

// neighbour returns a puzzle near puzzle, a unique one: one given orbit
// swapped for an empty one of sol, then every orbit no longer needed
// taken out. When every orbit of puzzle is needed, as after a dig, every
// orbit of the result is too (digBand's puzzles may have some that are
// not). ok is false when the swap leaves a second solution.
func (g *Generator) neighbour(sol, puzzle *solve.Grid, rng *rand.Rand) (q solve.Grid, ok bool) {
	nb := &g.near
	if !nb.known || nb.puzzle != *puzzle {
		nb.list(g, puzzle)
	}
	in, out := nb.in, nb.out
	if len(in) == 0 || len(out) == 0 {
		return q, false
	}
	a, b := in[rng.IntN(len(in))], out[rng.IntN(len(out))]
	givens := nb.givens
	g.take(&givens, a)
	g.give(&givens, b)
	if g.seen.missed(&givens) { // most swaps fail here: no puzzle made
		return q, false
	}
	q = *puzzle
	g.clear(&q, a)
	g.restore(&q, sol, b)
	if !g.counted(&q) {
		return q, false
	}
	// An orbit needed stays needed as others go; and b is needed when a
	// was: without b the puzzle has fewer givens than puzzle without a,
	// which has a second solution.
	in = append(g.in[:0], in...)
	g.in = in
	rng.Shuffle(len(in), func(i, j int) { in[i], in[j] = in[j], in[i] })
	for _, k := range in {
		if k == a {
			continue
		}
		g.clear(&q, k)
		g.take(&givens, k)
		if !g.unique(&q, sol, &givens) {
			g.restore(&q, sol, k)
			g.give(&givens, k)
		}
	}
	return q, true
}

// nearby is what neighbour lists of the puzzle it last moved from: the
// orbits given and empty, in order, and the cells given. A climb moves
// from one puzzle many times before it keeps a move.
type nearby struct {
	known   bool
	puzzle  solve.Grid
	in, out []int
	givens  cells
}

func (nb *nearby) list(g *Generator, puzzle *solve.Grid) {
	nb.known, nb.puzzle = true, *puzzle
	nb.in, nb.out, nb.givens = nb.in[:0], nb.out[:0], cells{}
	for k, orbit := range g.orbits {
		if puzzle.Cells[orbit[0]] != 0 {
			nb.in = append(nb.in, k)
			g.give(&nb.givens, k)
		} else {
			nb.out = append(nb.out, k)
		}
	}
}

// climbBand looks for a puzzle in the SE band asked for near p, a Hard or
// harder puzzle that digBand left rating below the band. It climbs as
// climbExtreme does, by the SE estimate and then the score, keeping no
// move that rates above the band or harder than its grades allow. In a
// band that starts where Extreme puzzles do (SE 8.5) or above, a move is
// rated only when it is hard for search, and only the hardest of each
// draw of hardDraw moves, as in climbExtreme. Made in turn
// with the old rule on one worker, two sets of seeds each, when Guesses
// still counted guesses on cells (November 2026): 8.5 to 9.0, 55.3 and 56.9 puzzles/s against 44.9 and 50.8; 9.0
// alone, 27.5 and 26.8 against 25.7 and 24.7; 9.1 to 9.2, 4.2 and 4.3
// against 3.9 and 3.8. Below, 8.0 to 8.5, it was slower (248 against
// 263/s), and is left as it was.
func (g *Generator) climbBand(sol *solve.Grid, p Puzzle, rng *rand.Rand) (Puzzle, bool, error) {
	o := &g.opts
	_, top, _ := bandGrades(o)
	extremeFrom, _ := solve.SERange(solve.Extreme)
	hard := o.SE.Min >= extremeFrom
	rate := func(q *solve.Grid) (r Puzzle, ok bool, err error) {
		if hard && !g.searchHard(q) {
			return r, false, nil
		}
		rq, within, err := solve.RateWithinSolved(*q, sol, top)
		if err != nil || !within || rq.SE > o.SE.Max {
			return r, false, err
		}
		return ratedAs(*q, rq), true, nil
	}
	draw, patience := 1, hardClimbPatience
	if hard {
		draw, patience = hardDraw, hardDrawPatience
	}
	return g.hardClimb(sol, p, rng, draw, patience, rate, func(r, cur *Puzzle) (keep, done bool) {
		if o.SE.Has(r.SE) && (o.AnyGrade || r.Grade == o.Grade) {
			return false, true
		}
		return r.SE > cur.SE || r.SE == cur.SE && r.Score >= cur.Score, false
	})
}
