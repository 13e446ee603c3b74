package generate

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
)

// TestSearchHard: a climb for Extreme rates the 9x9 moves the exact solver
// needs extremeGuesses guesses or more to prove unique, and every move of
// another shape.
func TestSearchHard(t *testing.T) {
	parse := func(line string) solve.Grid {
		g, err := solve.ParseLine(line)
		require.NoError(t, err)
		return g
	}
	// The first of the forum's hardest, and its solution with a quarter
	// of the cells blank: singles solve that.
	hard := parse("98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2")
	easy := parse("984751623752346981613928574846139257539267148127485396271694835365872419498513762")
	for i := 0; i < 81; i += 4 {
		easy.Cells[i] = 0
	}
	g, err := New(Options{Grade: solve.Extreme})
	require.NoError(t, err)
	for _, tt := range []struct {
		name string
		q    solve.Grid
		want bool
	}{
		{"the forum's hardest", hard, true},
		{"solved by singles", easy, false},
		{"6x6", solve.NewGrid(solve.Shape6), true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, g.searchHard(&tt.q))
		})
	}
}

// TestSearchHardAtTheBoundary: on Expert puzzles, some proved unique with
// fewer guesses than extremeGuesses, some with exactly as many and some
// with more, searchHard says yes from extremeGuesses on.
func TestSearchHardAtTheBoundary(t *testing.T) {
	ps, err := Generate(context.Background(), Options{Grade: solve.Expert, Symmetry: Rotational, Seed: 5}, scaled(60, 60, 20), 1, nil)
	require.NoError(t, err)
	g, err := New(Options{Grade: solve.Extreme})
	require.NoError(t, err)
	var s solve.Solver
	seen := map[int]int{} // -1 below, 0 at, 1 above extremeGuesses
	for i, p := range ps {
		require.Equal(t, 1, s.Count(&p.Givens, 2, nil))
		n := s.Guesses()
		seen[min(max(n-extremeGuesses, -1), 1)]++
		assert.Equal(t, n >= extremeGuesses, g.searchHard(&p.Givens), "%s: %d guesses", solve.FormatLine(&p.Givens), n)
		// Proved unique by the generator's own count, as a climb's
		// move is: searchHard answers from that count, and counts a
		// puzzle other than the one counted last afresh.
		require.True(t, g.counted(&p.Givens))
		assert.Equal(t, n >= extremeGuesses, g.searchHard(&p.Givens))
		if i > 0 {
			q := ps[i-1].Givens
			require.NotEqual(t, p.Givens, q)
			var fresh solve.Solver
			fresh.Count(&q, 2, nil)
			assert.Equal(t, fresh.Guesses() >= extremeGuesses, g.searchHard(&q))
		}
	}
	assert.Len(t, seen, 3, "guesses below, at and above %d: %v", extremeGuesses, seen)
}

// TestDrawHardest: of each draw of moves, a climb for Extreme rates the one
// that singles do not solve and the exact solver needed the most guesses
// to prove unique, the first of those alike. Checked against the same
// moves drawn one at a time (two generators alike, random sources alike)
// and counted by a solver of their own.
func TestDrawHardest(t *testing.T) {
	ps, err := Generate(context.Background(), Options{Grade: solve.Expert, Symmetry: Rotational, Seed: 7}, 6, 1, nil)
	require.NoError(t, err)
	rated, hard := 0, 0
	for i, p := range ps {
		a, err := New(Options{Grade: solve.Extreme, Symmetry: Rotational})
		require.NoError(t, err)
		b, err := New(Options{Grade: solve.Extreme, Symmetry: Rotational})
		require.NoError(t, err)
		a.seen.reset(&p.Solution, a.singles)
		b.seen.reset(&p.Solution, b.singles)
		ra, rb := rngFor(uint64(i)), rngFor(uint64(i))
		for range 6 {
			got, ok := a.drawHardest(&p.Solution, &p.Givens, ra, hardDraw)
			var want solve.Grid
			most := -1
			var s solve.Solver
			for range hardDraw {
				q, ok := b.neighbour(&p.Solution, &p.Givens, rb)
				if !ok || b.singles.solves(&q) {
					continue
				}
				require.Equal(t, 1, s.Count(&q, 2, nil))
				if n := s.Guesses(); n > most {
					want, most = q, n
				}
			}
			require.Equal(t, most >= 0, ok)
			if !ok {
				continue
			}
			rated++
			assert.Equal(t, solve.FormatLine(&want), solve.FormatLine(&got))
			assert.Equal(t, most >= extremeGuesses, a.searchHard(&got))
			if most >= extremeGuesses {
				hard++
			}
		}
	}
	// The draws tried something: moves to rate, some hard enough.
	assert.Greater(t, rated, 10)
	assert.Greater(t, hard, 0)
}
