package generate

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
)

func TestSEBand(t *testing.T) {
	tests := []Options{
		{AnyGrade: true, SE: SEBand{85, 90}, Seed: 1},
		{AnyGrade: true, SE: SEBand{70, 70}, Seed: 2},
		{Grade: solve.Hard, SE: SEBand{40, 45}, Seed: 3},
		{Grade: solve.Extreme, SE: SEBand{85, 89}, Symmetry: Rotational, Seed: 4},
		{AnyGrade: true, SE: SEBand{90, 90}, Symmetry: Rotational, Seed: 6}, // most climb (climbBand)
		{AnyGrade: true, SE: SEBand{26, 30}, Minimal: true, Seed: 5},
		// below a naked single's 2.3: Easy puzzles rated as SE takes its
		// singles (none were found before: every Easy puzzle rated 2.3)
		{Grade: solve.Easy, SE: SEBand{12, 12}, Seed: 7},
		{AnyGrade: true, SE: SEBand{15, 15}, Symmetry: Rotational, Seed: 8},
	}
	for _, opts := range tests {
		grade := opts.Grade.String()
		if opts.AnyGrade {
			grade = "any"
		}
		t.Run(fmt.Sprintf("%v/%s", opts.SE, grade), func(t *testing.T) {
			n := scaled(6, 3, 2)
			ps, err := Generate(context.Background(), opts, n, 2, nil)
			require.NoError(t, err)
			require.Len(t, ps, n)
			for i := range ps {
				p := &ps[i]
				checkPuzzle(t, opts, p)
				r, err := solve.RateDetail(p.Givens)
				require.NoError(t, err)
				assert.Equal(t, r.SE, p.SE)
				assert.True(t, opts.SE.Has(r.SE), "%s rates %d, not in %v", solve.FormatLine(&p.Givens), r.SE, opts.SE)
			}
			// the same puzzles whatever the workers
			one, err := Generate(context.Background(), opts, n, 1, nil)
			require.NoError(t, err)
			assert.Equal(t, ps, one)
		})
	}
}

func TestSEBandRefused(t *testing.T) {
	tests := []struct {
		opts Options
		msg  string
	}{
		{Options{Grade: solve.Hard, SE: SEBand{85, 90}}, "Hard puzzles rate ER 3.2 to 7.5; none rates ER 8.5-9.0"},
		{Options{Grade: solve.Extreme, SE: SEBand{70, 70}}, "Extreme puzzles rate ER 8.5 and up; none rates ER 7.0"},
		// An Easy puzzle rates 1.2, 1.5 or 2.3 and nothing between.
		{Options{Grade: solve.Easy, SE: SEBand{19, 19}}, "Easy puzzles rate ER 1.2, 1.5 or 2.3; none rates ER 1.9"},
		{Options{Grade: solve.Easy, SE: SEBand{16, 22}}, "Easy puzzles rate ER 1.2, 1.5 or 2.3; none rates ER 1.6-2.2"},
		{Options{Grade: solve.Easy, SE: SEBand{10, 11}}, "Easy puzzles rate ER 1.2, 1.5 or 2.3; none rates ER 1.0-1.1"},
		{Options{AnyGrade: true, Shape: solve.Shape4, SE: SEBand{17, 17}}, "no 4x4 puzzle rates ER 1.7"},
		{Options{Grade: solve.Medium, SE: SEBand{45, 50}}, "Medium puzzles rate ER 1.7 to 4.0; none rates ER 4.5-5.0"},
		{Options{AnyGrade: true, Shape: solve.Shape4, SE: SEBand{30, 50}}, "no 4x4 puzzle rates ER 3.0-5.0"},
	}
	for _, tt := range tests {
		made := 0
		_, err := Generate(context.Background(), tt.opts, 3, 1, func(int) { made++ })
		require.ErrorIs(t, err, ErrImpossible)
		assert.ErrorContains(t, err, tt.msg)
		assert.Zero(t, made)
	}
	_, err := New(Options{AnyGrade: true, SE: SEBand{90, 85}})
	assert.ErrorIs(t, err, ErrImpossible)
	assert.ErrorContains(t, err, "the SE band ER 9.0-8.5 is empty")
	// A band above the scale is refused at once (a library walk of 2
	// December: it was taken, and digging ran some five minutes before
	// giving up); one that starts at 0 is not empty.
	_, err = New(Options{AnyGrade: true, SE: SEBand{200, 300}})
	assert.ErrorIs(t, err, ErrImpossible)
	assert.ErrorContains(t, err, "no puzzle rates ER 20.0-30.0: ratings run from ER 1.0 to 12.0")
	g, err := New(Options{AnyGrade: true, SE: SEBand{0, 20}, Seed: 1})
	require.NoError(t, err)
	p, err := g.Puzzle(0)
	require.NoError(t, err)
	assert.LessOrEqual(t, p.SE, 20)
	assert.Equal(t, "ER -0.5-8.0", SEBand{-5, 80}.String())
	assert.Equal(t, "any ER", SEBand{}.String(), "no band (it said ER 0.0)")
}
