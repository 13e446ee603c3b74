package solve

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTransformKeepsPuzzles(t *testing.T) {
	for k, s := range allShapes {
		t.Run(s.String(), func(t *testing.T) {
			sol := solvedGrid(t, s)
			puzzle := digUnique(sol, uint64(k+20))
			// the same puzzle without a given: several solutions
			several := puzzle
			for i := range s.Cells() {
				if several.Cells[i] != 0 {
					several.Cells[i] = 0
					break
				}
			}
			nSeveral := CountSolutions(several, 50)
			require.Greater(t, nSeveral, 1)

			rng := rand.New(rand.NewPCG(uint64(k), 1))
			for range 5 {
				tr := RandomTransform(s, rng)
				require.NoError(t, tr.Check())
				p, q := tr.Apply(puzzle), tr.Apply(sol)
				require.Equal(t, s, p.Shape)
				require.NoError(t, checkSolution(&p, &q), "%v: the variant of the solution solves the variant", tr)
				got, err := Solve(p)
				require.NoError(t, err, "%v: the variant is unique", tr)
				assert.Equal(t, q, got)
				assert.Equal(t, puzzle.Filled(), p.Filled())
				assert.Equal(t, nSeveral, CountSolutions(tr.Apply(several), 50), "%v keeps the number of solutions", tr)
			}
		})
	}
}

// A puzzle whose givens conflict keeps its conflicts, one without a
// solution stays without one.
func TestTransformKeepsFlaws(t *testing.T) {
	g, err := ParseLine("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	require.NoError(t, err)
	conflict := g
	conflict.Set(0, 1, 4)
	rng := rand.New(rand.NewPCG(3, 3))
	for range 10 {
		tr := RandomTransform(Shape9, rng)
		v := tr.Apply(conflict)
		assert.Len(t, v.Conflicts(), len(conflict.Conflicts()))
		_, err := Solve(v)
		assert.ErrorIs(t, err, ErrConflict)
	}
}

func TestTransformKeepsGrade(t *testing.T) {
	puzzles := readPuzzles(t, "testdata/human_sound.txt", 10, 0, false)
	rng := rand.New(rand.NewPCG(11, 12))
	grades := map[Grade]bool{}
	for _, g := range puzzles {
		want, err := RateDetail(g)
		require.NoError(t, err)
		grades[want.Grade] = true
		for range 2 {
			tr := RandomTransform(Shape9, rng)
			got, err := RateDetail(tr.Apply(g))
			require.NoError(t, err)
			assert.Equal(t, want.Grade, got.Grade, "%v %v", g, tr)
			if want.Counts[BruteForce] == 0 && got.Counts[BruteForce] == 0 {
				// without a guess the path is the same (see human.go)
				assert.Equal(t, want.Score, got.Score, "%v %v", g, tr)
				assert.Equal(t, want.Hardest, got.Hardest, "%v %v", g, tr)
			}
		}
	}
	assert.GreaterOrEqual(t, len(grades), 3, "puzzles of several grades")
}

func TestIdentityTransform(t *testing.T) {
	for k, s := range allShapes {
		id := IdentityTransform(s)
		require.NoError(t, id.Check())
		g := digUnique(solvedGrid(t, s), uint64(k))
		assert.Equal(t, g, id.Apply(g), "%v", s)
	}
	assert.Equal(t, "9x9:r=123456789:c=123456789:d=123456789", IdentityTransform(Shape9).String())
	assert.Equal(t, "6x6/3x2:r=123456:c=123456:d=123456", IdentityTransform(Shape{6, 3, 2}).String())
}

// Turns and mirrors are special cases: compare with the grid moved cell by
// cell.
func TestTransformTurnsAndMirrors(t *testing.T) {
	for k, s := range allShapes {
		g := digUnique(solvedGrid(t, s), uint64(k+5))
		n := s.Size
		reverse := func(out *[MaxSize]uint8) {
			for i := range n {
				out[i] = uint8(n - 1 - i)
			}
		}
		half := IdentityTransform(s)
		reverse(&half.Rows)
		reverse(&half.Cols)
		mirror := IdentityTransform(s)
		reverse(&mirror.Cols)
		require.NoError(t, half.Check())
		require.NoError(t, mirror.Check())
		turned, mirrored := Grid{Shape: s}, Grid{Shape: s}
		for r := range n {
			for c := range n {
				turned.Set(n-1-r, n-1-c, g.At(r, c))
				mirrored.Set(r, n-1-c, g.At(r, c))
			}
		}
		assert.Equal(t, turned, half.Apply(g), "%v 180°", s)
		assert.Equal(t, mirrored, mirror.Apply(g), "%v mirror", s)

		if s.BoxRows == s.BoxCols {
			quarter := IdentityTransform(s)
			quarter.Transpose = true
			reverse(&quarter.Cols)
			require.NoError(t, quarter.Check())
			assert.Equal(t, transform(g, nil, 2), quarter.Apply(g), "%v quarter turn", s)
		}
	}
}

// TestTransformOfNoShape: a shape that is not supported gets the identity,
// which Check refuses (it divided by zero: a library walk of 3 December).
func TestTransformOfNoShape(t *testing.T) {
	for _, s := range []Shape{{}, {Size: 5, BoxRows: 1, BoxCols: 5}} {
		tr := RandomTransform(s, rand.New(rand.NewPCG(1, 2)))
		assert.Equal(t, IdentityTransform(s), tr, "%v", s)
		assert.ErrorIs(t, tr.Check(), ErrTransform, "%v", s)
	}
}

func TestRandomTransformsDiffer(t *testing.T) {
	for _, s := range []Shape{Shape6, Shape9, Shape16} {
		seen := map[Transform]bool{}
		for seed := range uint64(200) {
			seen[RandomTransform(s, rand.New(rand.NewPCG(seed, 0)))] = true
		}
		assert.GreaterOrEqual(t, len(seen), 195, "%v", s)
	}
	// the same seed gives the same transform
	a := RandomTransform(Shape9, rand.New(rand.NewPCG(42, 7)))
	b := RandomTransform(Shape9, rand.New(rand.NewPCG(42, 7)))
	assert.Equal(t, a, b)
	// square boxes are transposed about half the time, oblong ones never
	transposed := map[Shape]int{}
	for seed := range uint64(200) {
		for _, s := range []Shape{Shape9, Shape6, Shape12} {
			if RandomTransform(s, rand.New(rand.NewPCG(seed, 1))).Transpose {
				transposed[s]++
			}
		}
	}
	assert.InDelta(t, 100, transposed[Shape9], 30)
	assert.Zero(t, transposed[Shape6])
	assert.Zero(t, transposed[Shape12])
}

func TestParseTransform(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, s := range allShapes {
		for range 10 {
			tr := RandomTransform(s, rng)
			back, err := ParseTransform(tr.String())
			require.NoError(t, err, tr.String())
			assert.Equal(t, tr, back)
			lower, err := ParseTransform(" " + strings.ToLower(tr.String()) + "\n")
			require.NoError(t, err)
			assert.Equal(t, tr, lower)
		}
	}
	bad := []struct {
		text, msg string
	}{
		{"", "not NxN"},
		{"9x8:r=123456789:c=123456789:d=123456789", "not NxN"},
		{"7x7:r=1234567:c=1234567:d=1234567", "sizes are"},
		{"6x6/3x3:r=123456:c=123456:d=123456", "do not tile"},
		{"9x9:r=123456789:c=123456789", "r=, c= and d="},
		{"9x9:c=123456789:r=123456789:d=123456789", "start with r="},
		{"9x9:r=12345678:c=123456789:d=123456789", "has 8 characters"},
		{"9x9:r=12345678.:c=123456789:d=123456789", "not 1-9"},
		{"9x9:r=123456780:c=123456789:d=123456789", "not 1-9"},
		{"4x4:r=1235:c=1234:d=1234", "not 1-4"},
		{"9x9:r=123456788:c=123456789:d=123456789", "rows are not a permutation"},
		{"9x9:r=123456789:c=123456789:d=123456788", "digits are not a permutation"},
		{"9x9:r=124356789:c=123456789:d=123456789", "rows 1 and 3 come from different bands"},
		{"6x6:r=123456:c=124356:d=123456", "columns 1 and 3 come from different stacks"},
		{"6x6:t:r=123456:c=123456:d=123456", "cannot be transposed"},
		{"9x9:x:r=123456789:c=123456789:d=123456789", "r=, c= and d="},
	}
	for _, tc := range bad {
		t.Run(tc.text, func(t *testing.T) {
			_, err := ParseTransform(tc.text)
			require.ErrorIs(t, err, ErrTransform)
			assert.Contains(t, err.Error(), tc.msg)
		})
	}
}

func TestTransformApplyPanicsOnMisuse(t *testing.T) {
	assert.Panics(t, func() { IdentityTransform(Shape9).Apply(NewGrid(Shape6)) })
	assert.Panics(t, func() { Transform{Shape: Shape9}.Apply(NewGrid(Shape9)) })
}

func FuzzParseTransform(f *testing.F) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range allShapes {
		f.Add(RandomTransform(s, rng).String())
	}
	f.Add("9x9:t:r=123456789:c=123456789:d=123456789")
	f.Add("6x6/3x2:r=214365:c=123456:d=654321")
	f.Add("9x9:r=124356789:c=123456789:d=123456789")
	full := map[Shape]Grid{}
	f.Fuzz(func(t *testing.T, text string) {
		tr, err := ParseTransform(text)
		if err != nil {
			require.ErrorIs(t, err, ErrTransform)
			return
		}
		require.NoError(t, tr.Check())
		back, err := ParseTransform(tr.String())
		require.NoError(t, err)
		require.Equal(t, tr, back)
		require.Equal(t, tr.String(), back.String())

		g, ok := full[tr.Shape]
		if !ok {
			g = solvedGrid(t, tr.Shape)
			full[tr.Shape] = g
		}
		v := tr.Apply(g)
		require.True(t, v.Complete())
		require.Empty(t, v.Conflicts(), "%v keeps a solved grid valid", tr)
	})
}
