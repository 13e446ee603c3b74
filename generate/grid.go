package generate

import (
	"errors"
	"math/rand/v2"

	"github.com/xlsudoku/xlsudoku/solve"
)

// errNoGrid: the solver found no completion of one random box; it cannot
// happen.
var errNoGrid = errors.New("internal error: random boxes have no completion")

// fullGrid returns a random complete grid of shape. Boxes that share no
// band or stack are filled with random permutations of the digits, the
// solver completes the grid (its first solution), and the rows within
// bands, the bands, the columns within stacks and the stacks are shuffled,
// so the digits the solver chose are scattered as well.
func fullGrid(s *solve.Solver, shape solve.Shape, rng *rand.Rand) (solve.Grid, error) {
	g := solve.NewGrid(shape)
	n := shape.Size
	bands, stacks := n/shape.BoxRows, n/shape.BoxCols
	perm := make([]uint8, n)
	for i := range perm {
		perm[i] = uint8(i + 1)
	}
	for b := range min(bands, stacks) {
		rng.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		r0, c0 := b*shape.BoxRows, b*shape.BoxCols
		for k, d := range perm {
			g.Cells[(r0+k/shape.BoxCols)*n+c0+k%shape.BoxCols] = d
		}
	}
	var out [1]solve.Grid
	if s.Count(&g, 1, out[:]) != 1 {
		// Small grids: the later boxes can clash with the first one
		// through the other boxes. Keep the first box only.
		for i := range g.Cells {
			if r, c := i/n, i%n; i >= n*n || r >= shape.BoxRows || c >= shape.BoxCols {
				g.Cells[i] = 0
			}
		}
		if s.Count(&g, 1, out[:]) != 1 {
			return solve.Grid{}, errNoGrid
		}
	}
	return shuffleLines(&out[0], rng), nil
}

// shuffleLines permutes the rows within each band, the bands, the columns
// within each stack and the stacks of a complete grid: the result is still
// a valid grid of the same shape.
func shuffleLines(g *solve.Grid, rng *rand.Rand) solve.Grid {
	shape := g.Shape
	n := shape.Size
	rows := linePerm(n, shape.BoxRows, rng)
	cols := linePerm(n, shape.BoxCols, rng)
	out := solve.NewGrid(shape)
	for r := range n {
		for c := range n {
			out.Cells[r*n+c] = g.Cells[rows[r]*n+cols[c]]
		}
	}
	return out
}

// linePerm returns a random order of n lines in groups of size: the groups
// are shuffled, and the lines within each group.
func linePerm(n, size int, rng *rand.Rand) []int {
	groups := rng.Perm(n / size)
	out := make([]int, 0, n)
	for _, gr := range groups {
		within := rng.Perm(size)
		for _, k := range within {
			out = append(out, gr*size+k)
		}
	}
	return out
}
