package generate

import (
	"math/rand/v2"

	"github.com/xlsudoku/xlsudoku/solve"
)

// climbMoves bounds the moves climb makes from one Easy puzzle. More than
// a few dozen cost more than a new dig: on 1,000 Medium puzzles, 64 moves
// gave the most puzzles a second.
const climbMoves = 64

// climb looks for a Medium puzzle near the Easy one a dig left: puzzle is
// unique, every orbit of it needed, and singles solve it. Two thirds of
// digs end so, and a new dig would start again from nothing; a move here
// swaps a given orbit for an empty one of sol and takes out every orbit
// then no longer needed, so it costs a third of a dig, and it reaches
// Medium more often than a new dig does. A move that is still Easy is
// kept, as a step sideways; one that is too hard is undone. Tried for the
// harder grades, climbing found their puzzles no faster than new digs.
func (g *Generator) climb(sol *solve.Grid, puzzle solve.Grid, rng *rand.Rand) (Puzzle, bool, error) {
	var in, out []int
	for range climbMoves {
		in, out = in[:0], out[:0]
		for k, orbit := range g.orbits {
			if puzzle.Cells[orbit[0]] != 0 {
				in = append(in, k)
			} else {
				out = append(out, k)
			}
		}
		if len(in) == 0 || len(out) == 0 {
			return Puzzle{}, false, nil
		}
		a, b := in[rng.IntN(len(in))], out[rng.IntN(len(out))]
		q := puzzle
		g.clear(&q, a)
		g.restore(&q, sol, b)
		var givens cells
		for i := range sol.Shape.Cells() {
			if q.Cells[i] != 0 {
				givens.add(i)
			}
		}
		if !g.unique(&q, sol, &givens) {
			continue
		}
		// Take out what is no longer needed: every orbit left is then
		// needed, as after a dig. (An orbit needed stays needed as others
		// go, and b is needed: without it the puzzle has fewer givens than
		// puzzle without a, which has a second solution.)
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
		if g.singles.solves(&q) {
			puzzle = q // still Easy: a step sideways
			continue
		}
		r, grade, within, err := g.within(&q)
		if err != nil || within {
			return g.accept(q, r, grade, err)
		}
	}
	return Puzzle{}, false, nil
}
