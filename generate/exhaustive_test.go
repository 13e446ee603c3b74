package generate

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
)

// TestEvery4x4PuzzleIsEasy backs Feasible's table: it goes through every
// subset of the cells of every 4x4 grid whose first row is 1 2 3 4 (any
// other grid is one of these with its digits renamed, which changes
// neither uniqueness nor the techniques needed) and checks that each
// puzzle with one solution falls to singles, which is what Easy means.
func TestEvery4x4PuzzleIsEasy(t *testing.T) {
	if testing.Short() {
		t.Skip("goes through 786,432 puzzles")
	}
	var s solve.Solver
	var grids [16]solve.Grid
	first := solve.NewGrid(solve.Shape4)
	for c := range 4 {
		first.Set(0, c, c+1)
	}
	n := s.Count(&first, 16, grids[:])
	require.Equal(t, 12, n, "4x4 grids with first row 1234")
	sg := newSingles(solve.Shape4)
	unique := 0
	for _, full := range grids[:n] {
		for mask := range 1 << 16 {
			p := solve.NewGrid(solve.Shape4)
			for i := range 16 {
				if mask&(1<<i) != 0 {
					p.Cells[i] = full.Cells[i]
				}
			}
			if s.Count(&p, 2, nil) != 1 {
				continue
			}
			unique++
			if !sg.solves(&p) {
				grade, _, _, err := solve.Rate(p)
				require.NoError(t, err)
				t.Fatalf("%s has one solution but needs %v", solve.FormatLine(&p), grade)
			}
		}
	}
	t.Logf("%d puzzles with one solution, all Easy", unique)
	require.Positive(t, unique)
}
