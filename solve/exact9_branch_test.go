package solve

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBandPattern checks the table-free (row, box) pattern of a band word
// against the row tables propagate uses: every row segment alone, and
// random words.
func TestBandPattern(t *testing.T) {
	byTable := func(c uint32) uint32 {
		return uint32(boxesOfRow[c&511]) | uint32(boxesOfRow[c>>9&511])<<3 | uint32(boxesOfRow[c>>18&511])<<6
	}
	for r := range 3 {
		for seg := uint32(0); seg < 512; seg++ {
			c := seg << (9 * r)
			require.Equal(t, byTable(c), bandPattern(c), "word %#x", c)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		c := rng.Uint32() & rng.Uint32() & band
		require.Equal(t, byTable(c), bandPattern(c), "word %#x", c)
	}
}

// TestPickBranch checks pickBranch against choosing as its comment says,
// one unit and one digit at a time, with patterns drawn cell by cell and
// configurations counted over the six permutations: on random states of
// every density, and on states where every unit is fixed.
func TestPickBranch(t *testing.T) {
	// pattern returns digit d's (row, box) pattern in band u, or its
	// (band, column) pattern, transposed, in stack u-3.
	pattern := func(st *state9, u, d int) uint32 {
		var p uint32
		for i := range 3 {
			for j := range 3 {
				var cells uint32 // the three cells of row i and box j, or band i and column j
				if u < 3 {
					cells = st.bands[u].cand[d] >> (9*i + 3*j) & 7
				} else {
					x := st.bands[i].cand[d] >> (3*(u-3) + j)
					cells = x&1 | x>>9&1 | x>>18&1
				}
				if cells != 0 {
					p |= 1 << (3*i + j)
				}
			}
		}
		return p
	}
	configurations := func(p uint32) int {
		n := 0
		for _, on := range perms {
			if uint32(on)&p == uint32(on) {
				n++
			}
		}
		return n
	}
	rng := rand.New(rand.NewPCG(7, 8))
	fixed := 0
	for n := range 20000 {
		var st state9
		density := n%5 + 1
		for b := range st.bands {
			for d := range 9 {
				var x uint32
				for range density {
					x |= rng.Uint32()
				}
				st.bands[b].cand[d] = x & rng.Uint32() & band
			}
		}
		if n%10 == 0 {
			// Every digit one configuration in every unit: a solved grid.
			g := solvedGrid(t, Shape9)
			st = state9{}
			for i, v := range g.Cells[:81] {
				st.bands[i/27].cand[v-1] |= 1 << (i % 27)
			}
		}
		wantOK, wantUnit, wantDigit, best := false, 0, 0, 1<<30
		for u := range 6 {
			total, fewest, digit := 0, 7, 0
			for d := range 9 {
				k := configurations(pattern(&st, u, d))
				total += k
				if k > 1 && k < fewest {
					fewest, digit = k, d
				}
			}
			if total > 9 && total < best {
				wantOK, wantUnit, wantDigit, best = true, u, digit, total
			}
		}
		unit, digit, p, ok := pickBranch(&st)
		require.Equal(t, wantOK, ok, "state %v", st)
		if !ok {
			fixed++
			continue
		}
		require.Equal(t, wantUnit, unit, "state %v", st)
		require.Equal(t, wantDigit, digit, "state %v", st)
		require.Equal(t, pattern(&st, unit, digit), p, "state %v", st)
	}
	assert.Positive(t, fixed, "no state had every unit fixed")
}

// TestCountListsDistinctSolutions: counting far, every solution the
// configuration branches find is a solution, none comes twice, and the
// count stops at the limit. An empty grid and a puzzle with many
// solutions go deeper than the shared sets do.
func TestCountListsDistinctSolutions(t *testing.T) {
	tests := []struct {
		name   string
		puzzle string
	}{
		{"empty grid", strings.Repeat(".", 81)},
		{"nine givens", "..........1.....2.....3..4...5......6....7.....8.....9.....1.....2...3.....4....."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := ParseLine(tt.puzzle)
			require.NoError(t, err)
			const limit = 5000
			sols := make([]Grid, limit)
			var s Solver
			require.Equal(t, limit, s.Count(&g, limit, sols))
			seen := make(map[[81]uint8]bool, limit)
			for i := range sols {
				require.NoError(t, checkSolution(&g, &sols[i]), "solution %d", i)
				key := [81]uint8(sols[i].Cells[:81])
				require.False(t, seen[key], "solution %d comes twice", i)
				seen[key] = true
			}
		})
	}
}
