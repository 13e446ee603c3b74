package solve

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkSolution verifies, without the solver, that sol is a complete grid of
// puzzle's shape in which every unit holds each digit once and every given
// of puzzle is kept.
func checkSolution(puzzle, sol *Grid) error {
	s := puzzle.Shape
	if sol.Shape != s {
		return fmt.Errorf("solution shape %v, puzzle shape %v", sol.Shape, s)
	}
	for i := 0; i < s.Cells(); i++ {
		if d := sol.Cells[i]; d < 1 || int(d) > s.Size {
			return fmt.Errorf("%v holds %d", Cell{i / s.Size, i % s.Size}, d)
		}
		if g := puzzle.Cells[i]; g != 0 && g != sol.Cells[i] {
			return fmt.Errorf("%v: given %d became %d", Cell{i / s.Size, i % s.Size}, g, sol.Cells[i])
		}
	}
	for _, u := range s.Units() {
		var seen Digits
		for _, c := range u.Cells(s) {
			seen |= 1 << (sol.At(c.Row, c.Col) - 1)
		}
		if seen != s.All() {
			return fmt.Errorf("%v does not hold every digit", u)
		}
	}
	return nil
}

func TestCheckSolutionCatchesMistakes(t *testing.T) {
	puzzle, err := ParseLine("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	require.NoError(t, err)
	sol, err := Solve(puzzle)
	require.NoError(t, err)
	require.NoError(t, checkSolution(&puzzle, &sol), "a true solution was rejected")

	changed := sol
	changed.Cells[0], changed.Cells[1] = changed.Cells[1], changed.Cells[0]
	require.Error(t, checkSolution(&puzzle, &changed), "a grid with a changed given was accepted")

	blank := sol
	blank.Cells[80] = 0
	require.Error(t, checkSolution(&puzzle, &blank), "an incomplete grid was accepted")

	repeated := sol
	repeated.Cells[80] = repeated.Cells[79]
	require.Error(t, checkSolution(&puzzle, &repeated), "a grid with a repeated digit was accepted")
}

// TestWithin: a puzzle's givens are within its answer and within itself;
// a digit off, or another shape, is not.
func TestWithin(t *testing.T) {
	puzzle, err := ParseLine("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	require.NoError(t, err)
	answer, err := Solve(puzzle)
	require.NoError(t, err)
	off := answer
	off.Cells[0] = 1 // the given 5 changed
	four := NewGrid(Shape4)
	for _, tt := range []struct {
		name string
		g, h Grid
		want bool
	}{
		{"givens within the answer", puzzle, answer, true},
		{"a puzzle within itself", puzzle, puzzle, true},
		{"the answer not within its givens", answer, puzzle, false},
		{"a given off", puzzle, off, false},
		{"an empty grid within any of its shape", NewGrid(Shape9), puzzle, true},
		{"another shape", four, NewGrid(Shape9), false},
	} {
		assert.Equal(t, tt.want, tt.g.Within(&tt.h), tt.name)
	}
}
