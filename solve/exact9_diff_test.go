package solve

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// diffLimit bounds the solutions compared per puzzle: below it both
// engines must find exactly the same set of solutions.
const diffLimit = 12

// variants returns p and two puzzles made from it: one with three givens
// blanked (usually several solutions) and one with a blank cell given a
// digit that clashes with no given but is not p's solution there (no
// solution when p is unique).
func variants(p Grid, sol *Grid, rng *rand.Rand) []Grid {
	out := []Grid{p}
	var givens, blanks []int
	for i := range 81 {
		if p.Cells[i] != 0 {
			givens = append(givens, i)
		} else {
			blanks = append(blanks, i)
		}
	}
	loose := p
	for _, k := range rng.Perm(len(givens))[:3] {
		loose.Cells[givens[k]] = 0
	}
	out = append(out, loose)
	for _, i := range blanks {
		for d := uint8(1); d <= 9; d++ {
			wrong := p
			wrong.Cells[i] = d
			if d != sol.Cells[i] && wrong.Check() == nil {
				return append(out, wrong)
			}
		}
	}
	return out
}

// diffPuzzles reads the puzzles of the known-answer files and, when
// present, a sample of each shared set.
func diffPuzzles(t *testing.T) []Grid {
	var ps []Grid
	for _, set := range knownSets {
		ps = append(ps, knownFilePuzzles(t, set.file, 1)...)
		if testing.Short() {
			continue
		}
		if _, err := os.Stat(filepath.Join("..", "..", "shared", "data", set.source)); err != nil {
			continue
		}
		all := loadShared(t, set.source)
		for i := 7; i < len(all); i += len(all)/300 + 1 {
			ps = append(ps, all[i])
		}
	}
	return ps
}

// TestFastMatchesGeneric: the 9x9 engine and the generic one find the same
// number of solutions, and the same solutions, on puzzles with none, one
// and many.
func TestFastMatchesGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	var fast solver9
	var general solverN
	seen := map[int]int{}
	for _, p := range diffPuzzles(t) {
		var first [1]Grid
		require.Positive(t, fast.count((*[81]uint8)(p.Cells[:81]), 1, first[:]), "%s", p)
		for _, g := range variants(p, &first[0], rng) {
			var a, b [diffLimit]Grid
			na := fast.count((*[81]uint8)(g.Cells[:81]), diffLimit, a[:])
			nb := general.count(&g, diffLimit, b[:])
			require.Equal(t, nb, na, "%s", g)
			seen[min(na, 2)]++
			for i := range na {
				require.NoError(t, checkSolution(&g, &a[i]), "%s", g)
			}
			if na < diffLimit {
				require.ElementsMatch(t, b[:nb], a[:na], "%s", g)
			}
			if nb == 1 {
				require.Equal(t, b[0], a[0], "%s", g)
			}
		}
	}
	// The puzzles cover every case.
	for n := range 3 {
		require.Positive(t, seen[n], "no puzzle with %d solutions", n)
	}
	t.Logf("puzzles with 0, 1, 2+ solutions: %d, %d, %d", seen[0], seen[1], seen[2])
}
