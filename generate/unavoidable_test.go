package generate

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
)

// TestWitnessesAreUnavoidable: every set the digger keeps for a grid,
// from the grid's patterns and from the second solutions of its digs, is
// unavoidable: the grid with that set emptied has another solution.
func TestWitnessesAreUnavoidable(t *testing.T) {
	tall, err := solve.ParseBox(6, "3x2")
	require.NoError(t, err)
	for _, shape := range []solve.Shape{solve.Shape4, solve.Shape6, tall, solve.Shape8, solve.Shape9} {
		t.Run(shape.String(), func(t *testing.T) {
			g, err := New(Options{Shape: shape, Grade: solve.Hard, Symmetry: Rotational})
			if err != nil { // 4x4: no Hard puzzle; dig for any
				g, err = New(Options{Shape: shape, AnyGrade: true, Symmetry: Rotational})
			}
			require.NoError(t, err)
			rng := rngFor(21)
			var s solve.Solver
			for range scaled(10, 4, 2) {
				sol, err := fullGrid(&g.solver, shape, rng)
				require.NoError(t, err)
				g.seen.reset(&sol, g.singles)
				require.NotEmpty(t, g.seen.sets, "a grid has two digits that swap somewhere")
				patterns := len(g.seen.sets)
				for range 3 {
					_, _, err := g.dig(&sol, rng)
					require.NoError(t, err)
				}
				if shape == solve.Shape9 {
					require.Greater(t, len(g.seen.sets), patterns, "the digs met second solutions")
				}
				for _, set := range g.seen.sets {
					q := sol
					for i := range shape.Cells() {
						if set.has(i) {
							q.Cells[i] = 0
						}
					}
					require.Equal(t, 2, s.Count(&q, 2, nil), "%s", solve.FormatLine(&q))
				}
			}
		})
	}
}

// TestWitnessesKeepDecisions: the sets only save counting; a puzzle that
// misses one really has a second solution.
func TestWitnessesKeepDecisions(t *testing.T) {
	g, err := New(Options{Grade: solve.Expert, Symmetry: None})
	require.NoError(t, err)
	rng := rngFor(5)
	var s solve.Solver
	missed := 0
	for range scaled(20, 5, 2) {
		sol, err := fullGrid(&g.solver, solve.Shape9, rng)
		require.NoError(t, err)
		g.seen.reset(&sol, g.singles)
		p := sol
		var givens cells
		for i := range 81 {
			givens.add(i)
		}
		for _, i := range rng.Perm(81) {
			p.Cells[i] = 0
			givens.del(i)
			if g.seen.missed(&givens) {
				missed++
				require.Equal(t, 2, s.Count(&p, 2, nil), "%s", solve.FormatLine(&p))
			}
			if !g.unique(&p, &sol, &givens) {
				p.Cells[i] = sol.Cells[i]
				givens.add(i)
			}
		}
	}
	require.Positive(t, missed)
}

// TestWitnessesLearn: learn keeps exactly the cells where another grid
// differs from the grid, in every shape (the last cells of a grid fall in
// a word of eight with cells past it), and nothing for the grid itself.
func TestWitnessesLearn(t *testing.T) {
	for _, tt := range []struct {
		shape solve.Shape
		diff  []int
	}{
		{solve.Shape4, []int{0, 7, 15}},
		{solve.Shape6, []int{3, 32, 35}},
		{solve.Shape9, []int{0, 8, 9, 40, 79, 80}},
		{solve.Shape9, []int{72, 73, 74, 75, 76, 77, 78, 79, 80}},
		{solve.Shape16, []int{1, 128, 247, 248, 255}},
		{solve.Shape9, nil},
	} {
		var w witnesses
		w.sol = solve.NewGrid(tt.shape)
		for i := range tt.shape.Cells() {
			w.sol.Cells[i] = uint8(i%tt.shape.Size + 1)
		}
		other := w.sol
		for i := tt.shape.Cells(); i < len(other.Cells); i++ {
			other.Cells[i] = 9 // past the grid: never a difference
		}
		var want cells
		for _, i := range tt.diff {
			other.Cells[i] = other.Cells[i]%uint8(tt.shape.Size) + 1
			want.add(i)
		}
		w.learn(&other)
		if tt.diff == nil {
			require.Empty(t, w.sets, "%v: the grid itself", tt.shape)
			continue
		}
		require.Equal(t, []cells{want}, w.sets, "%v: %v", tt.shape, tt.diff)
	}
}
