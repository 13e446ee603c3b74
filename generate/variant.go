package generate

import (
	"math/rand/v2"

	"github.com/xlsudoku/xlsudoku/solve"
)

// VariantTransform draws a transform of the givens' shape, as
// solve.RandomTransform does, that keeps every symmetry the givens follow:
// a class set made of a symmetric puzzle is as symmetric as the puzzle.
// Givens that follow no symmetry get solve.RandomTransform's first draw.
//
// Few random transforms keep a symmetry (for 9x9 and the 180° turn, one in
// some 3,000; for 16x16, none in a million), so the rows and columns are
// drawn as the symmetries need them: commuting with their reversal for a
// turn or a mirror, the columns as the rows for the diagonals and the
// quarter turn. Each draw is checked; after maxVariantDraws (a symmetry
// the draws do not fit, such as a quarter turn of tall boxes) only the
// digits are relabelled, which keeps any pattern.
//
// A grid of a shape that is not supported gets the identity, as from
// solve.RandomTransform.
func VariantTransform(givens solve.Grid, rng *rand.Rand) solve.Transform {
	shape := givens.Shape
	if !shape.Valid() {
		return solve.IdentityTransform(shape)
	}
	var keep [][][]int // the orbits of each symmetry the givens follow
	var rowRev, colRev, same bool
	for s := Rotational; s < numSymmetries; s++ {
		if !s.Holds(&givens) {
			continue
		}
		keep = append(keep, s.sharedOrbits(shape))
		switch s {
		case Rotational:
			rowRev, colRev = true, true
		case Mirror:
			colRev = true
		case Vertical:
			rowRev = true
		case Diagonal:
			same = true
		case Rotational90, AntiDiagonal, Dihedral:
			rowRev, colRev, same = true, true, true
		}
	}
	if len(keep) == 0 {
		return solve.RandomTransform(shape, rng)
	}
	square := shape.BoxRows == shape.BoxCols
	for range maxVariantDraws {
		t := solve.RandomTransform(shape, rng)
		if rowRev {
			t.Rows = mirroredLines(shape.Size, shape.BoxRows, rng)
		}
		switch {
		case same && square:
			t.Cols = t.Rows
		case colRev:
			t.Cols = mirroredLines(shape.Size, shape.BoxCols, rng)
		}
		// A transpose turns a left-right mirror into a top-bottom one.
		t.Transpose = t.Transpose && (same || rowRev == colRev)
		if follows(t.Apply(givens), keep) {
			return t
		}
	}
	t := solve.IdentityTransform(shape)
	t.Digits = solve.RandomTransform(shape, rng).Digits
	return t
}

// maxVariantDraws bounds the draws of VariantTransform.
const maxVariantDraws = 1 << 12

// follows reports whether the givens of g follow every symmetry whose
// orbits are listed.
func follows(g solve.Grid, symmetries [][][]int) bool {
	for _, orbits := range symmetries {
		if !inOrbits(&g, orbits) {
			return false
		}
	}
	return true
}

// mirroredLines draws a permutation of n lines in groups of k (bands, or
// stacks) that moves whole groups and lines within their group, as
// solve.Transform's Rows and Cols do, and commutes with reversing the
// lines: line n-1-x goes where line x goes, reversed. Such a move of the
// rows keeps a top-bottom mirror, and of rows and columns a 180° turn.
func mirroredLines(n, k int, rng *rand.Rand) (out [solve.MaxSize]uint8) {
	groups := mirroredPerm(n/k, rng)
	var within [solve.MaxSize][]int
	for j := range n / k {
		switch o := n/k - 1 - j; {
		case j < o:
			within[j] = rng.Perm(k)
		case j == o:
			within[j] = mirroredPerm(k, rng)
		default: // the mirror of group o's
			within[j] = make([]int, k)
			for i := range k {
				within[j][i] = k - 1 - within[o][k-1-i]
			}
		}
		for i, from := range within[j] {
			out[j*k+i] = uint8(groups[j]*k + from)
		}
	}
	return out
}

// mirroredPerm draws a permutation p of 0..m-1 with p[m-1-i] = m-1-p[i]:
// the pairs (i, m-1-i) shuffled, each turned or not, and the middle one,
// for m odd, kept.
func mirroredPerm(m int, rng *rand.Rand) []int {
	p := make([]int, m)
	for j, pair := range rng.Perm(m / 2) {
		a, b := pair, m-1-pair
		if rng.IntN(2) == 1 {
			a, b = b, a
		}
		p[j], p[m-1-j] = a, b
	}
	if m%2 == 1 {
		p[m/2] = m / 2
	}
	return p
}
