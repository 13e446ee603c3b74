package generate

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
)

// TestMediumIsRateWithin: the digger's Medium check agrees with the
// grader's RateWithin Medium, on puzzles of every size in every stage of
// digging, with both box shapes.
func TestMediumIsRateWithin(t *testing.T) {
	shapes := []solve.Shape{solve.Shape4, solve.Shape6, solve.Shape8, solve.Shape9, solve.Shape12}
	tall, err := solve.ParseBox(6, "3x2")
	require.NoError(t, err)
	shapes = append(shapes, tall)
	for _, shape := range shapes {
		t.Run(shape.String(), func(t *testing.T) {
			g, err := New(Options{Shape: shape, AnyGrade: true})
			require.NoError(t, err)
			m := newMedium(newSingles(shape))
			rng := rngFor(13)
			rounds, both := scaled(40, 10, 3), [2]int{}
			if shape.Size >= 12 {
				rounds = scaled(4, 2, 1)
			}
			for range rounds {
				sol, err := fullGrid(&g.solver, shape, rng)
				require.NoError(t, err)
				p := sol
				for _, i := range rng.Perm(shape.Cells()) {
					p.Cells[i] = 0
					if g.solver.Count(&p, 2, nil) != 1 {
						p.Cells[i] = sol.Cells[i]
						continue
					}
					_, within, err := solve.RateWithin(p, solve.Medium)
					require.NoError(t, err)
					require.Equal(t, within, m.solves(&p), "%s", solve.FormatLine(&p))
					if within {
						both[0]++
					} else {
						both[1]++
					}
				}
			}
			if shape.Size >= 8 {
				require.Positive(t, both[1], "no puzzle past Medium was met: the test proves little")
			}
		})
	}
}
