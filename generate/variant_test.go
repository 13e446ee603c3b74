package generate

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
)

// TestVariantTransformKeepsSymmetry: at every size and box shape, a
// variant of a puzzle of each symmetry follows that symmetry, is a valid
// transform, and for 9x9 and 16x16 moves rows or columns, not only the
// digits (drawn at random, a 16x16 transform keeps a 180° turn less than
// once in a million draws).
// TestVariantTransformOfNoShape: a grid of no supported shape gets the
// identity; it divided by zero (a library walk of 3 December).
func TestVariantTransformOfNoShape(t *testing.T) {
	assert.Equal(t, solve.IdentityTransform(solve.Shape{}), VariantTransform(solve.Grid{}, rand.New(rand.NewPCG(1, 2))))
}

func TestVariantTransformKeepsSymmetry(t *testing.T) {
	shapes := []solve.Shape{solve.Shape4, solve.Shape6, {Size: 6, BoxRows: 3, BoxCols: 2}, solve.Shape8, solve.Shape9, solve.Shape12, solve.Shape16}
	for _, shape := range shapes {
		for _, sym := range Symmetries() {
			n := 2
			if shape.Size > 9 {
				n = 1
			}
			ps, err := Generate(context.Background(), Options{Shape: shape, Symmetry: sym, AnyGrade: true, Seed: 4}, n, 1, nil)
			require.NoError(t, err, "%v %v", shape, sym)
			moved := 0
			for k := range 6 {
				for i, p := range ps {
					tr := VariantTransform(p.Givens, rand.New(rand.NewPCG(uint64(k), uint64(i))))
					require.NoError(t, tr.Check(), "%v %v", shape, sym)
					g := tr.Apply(p.Givens)
					assert.True(t, sym.Holds(&g), "%v %v: the variant keeps the symmetry", shape, sym)
					assert.Equal(t, p.Givens.Filled(), g.Filled())
					if tr.Rows != solve.IdentityTransform(shape).Rows || tr.Cols != solve.IdentityTransform(shape).Cols || tr.Transpose {
						moved++
					}
				}
			}
			if shape == solve.Shape9 || shape == solve.Shape16 {
				assert.GreaterOrEqual(t, moved, 6*len(ps)-1, "%v %v: the variants move rows or columns", shape, sym)
			}
		}
	}
}

// TestVariantTransformAsBefore: givens that follow no symmetry get the
// first transform drawn, so a class set of such a puzzle is the same as
// before the symmetric draws came.
func TestVariantTransformAsBefore(t *testing.T) {
	ps, err := Generate(context.Background(), Options{Symmetry: None, AnyGrade: true, Seed: 6}, 3, 1, nil)
	require.NoError(t, err)
	for i, p := range ps {
		for s := Rotational; s < numSymmetries; s++ {
			require.False(t, s.Holds(&p.Givens), "the test needs puzzles without symmetry")
		}
		got := VariantTransform(p.Givens, rand.New(rand.NewPCG(9, uint64(i))))
		want := solve.RandomTransform(p.Givens.Shape, rand.New(rand.NewPCG(9, uint64(i))))
		assert.Equal(t, want, got)
	}
}

func TestMirroredLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, nk := range [][2]int{{4, 2}, {6, 2}, {6, 3}, {8, 2}, {8, 4}, {9, 3}, {12, 3}, {12, 4}, {16, 4}} {
		n, k := nk[0], nk[1]
		for range 50 {
			out := mirroredLines(n, k, rng)
			seen := map[uint8]bool{}
			for x := range n {
				assert.Equal(t, uint8(n-1)-out[x], out[n-1-x], "n %d k %d: commutes with reversal", n, k)
				assert.Equal(t, int(out[x])/k, int(out[x-x%k])/k, "n %d k %d: a group moves whole", n, k)
				seen[out[x]] = true
			}
			assert.Len(t, seen, n, "a permutation")
		}
	}
}
