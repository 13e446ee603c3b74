package solve

import (
	"math/bits"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stuckBefore returns a solver on g after every technique easier than t
// has been applied, and g's solution.
func stuckBefore(t *testing.T, g Grid, tech Technique) (*human, Grid) {
	t.Helper()
	h := &human{}
	require.NoError(t, h.prepare(&g, &g))
	require.NoError(t, h.run(tech-1, func(*Step) {}))
	return h, h.sol
}

// atNets calls f, for each puzzle of the testdata on which the chains
// get stuck (its Extreme puzzles), with the solver at that point and the
// forcing nets it finds there, until f returns false.
func atNets(t *testing.T, f func(h *human, g Grid, steps []Step) bool) {
	for _, g := range readPuzzles(t, "testdata/human_sound.txt", 1, 0, false) {
		h, _ := stuckBefore(t, g, ForcingNet)
		if h.b.left == 0 {
			continue
		}
		h.text = true
		if steps := h.findAll((*human).forcingNet); len(steps) > 0 && !f(h, g, steps) {
			return
		}
	}
}

func TestForcingNet(t *testing.T) {
	n := 0
	atNets(t, func(h *human, _ Grid, steps []Step) bool {
		n++
		for _, s := range steps {
			require.Len(t, s.Eliminations, 1)
			e := s.Eliminations[0]
			assert.NotEqual(t, h.sol.At(e.Row, e.Col), e.Digit, "a contradiction never comes from the true digit")
			assert.Contains(t, s.Text(), "Forcing Net: if "+e.Cell.String()+" were "+DigitString(e.Digit))
		}
		return n < 10
	})
	assert.Equal(t, 10, n)

	// on an empty grid no assumption leads to a contradiction
	h := newHuman(t, Shape9, "")
	assert.Empty(t, h.findAll((*human).forcingNet))
}

// TestForcingNetTakesTheEasiest: a round of forcing nets takes exactly
// the candidates whose contradiction comes in the fewest waves, as an
// unbounded search of every candidate, looking at the whole board each
// wave, finds them.
func TestForcingNetTakesTheEasiest(t *testing.T) {
	n := 0
	atNets(t, func(h *human, g Grid, steps []Step) bool {
		b := &h.b
		least := 0
		easiest := map[Candidate]bool{}
		longer := 0
		for i := range b.g.cells {
			for c := b.cand[i]; c != 0; c &= c - 1 {
				d := bits.TrailingZeros32(uint32(c))
				trial, stuck := *b, *b
				cell, unit, digit, placed := trial.propagate(i, d)
				// what changes is all that propagateStuck looks at: on
				// a stuck board it finds what the whole look finds
				c2, u2, d2, p2 := stuck.propagateStuck(i, d)
				require.Equal(t, [5]int{cell, unit, digit, placed, trial.waves}, [5]int{c2, u2, d2, p2, stuck.waves}, "%v: %v", g, Candidate{b.g.cell(i), d + 1})
				if cell < 0 && unit < 0 {
					continue
				}
				cand := Candidate{b.g.cell(i), d + 1}
				switch {
				case least == 0 || trial.waves < least:
					longer += len(easiest)
					least, easiest = trial.waves, map[Candidate]bool{cand: true}
				case trial.waves == least:
					easiest[cand] = true
				default:
					longer++
				}
			}
		}
		took := map[Candidate]bool{}
		for _, s := range steps {
			require.Len(t, s.Eliminations, 1)
			assert.Equal(t, ForcingNet.Weight()+least, s.Difficulty, "%v", g)
			took[s.Eliminations[0]] = true
		}
		assert.Equal(t, easiest, took, "%v", g)
		if longer > 0 {
			n++ // a board where some nets were left for later
		}
		return true
	})
	assert.Positive(t, n, "no board had nets of different lengths")
}

// TestVerityReusesNetEnds: the verity, reading the ends the failed
// Forcing Net search left, takes the steps it takes when it follows every
// branch again.
func TestVerityReusesNetEnds(t *testing.T) {
	verities := 0
	for _, line := range []string{
		"98.7..6..7...5......48...7.4..3...9..9...7.6...3.9...21....8..6.4.9...1......52..",
		"98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
	} {
		g, err := ParseLine(line)
		require.NoError(t, err)
		want, err := stepsWith(g, true)
		require.NoError(t, err)
		got, err := stepsWith(g, false)
		require.NoError(t, err)
		require.Equal(t, want, got, line)
		for _, s := range got {
			if s.Technique == ForcingNetVerity {
				verities++
			}
		}
	}
	assert.Positive(t, verities)
}

func TestForcingNetVerity(t *testing.T) {
	// puzzles that need a verity: solve up to it, then repeat forcing nets
	// until the verity finds its placements
	for _, g := range readPuzzles(t, "testdata/human_verity.txt", 1, 0, false) {
		h, sol := stuckBefore(t, g, ForcingNetVerity)
		h.text = true
		var steps []Step
		for h.b.left > 0 && len(steps) == 0 {
			steps = h.findAll((*human).forcingNetVerity)
			if len(steps) == 0 {
				// a guess, then logic again up to the verity
				h.found = h.found[:0]
				h.bruteForce()
				h.applyNew(&h.found[0])
				require.NoError(t, h.run(ForcingNet, func(*Step) {}))
			}
		}
		require.NotEmpty(t, steps, "%v", g)
		for _, s := range steps {
			require.NotEmpty(t, s.Placements)
			for _, p := range s.Placements {
				assert.Equal(t, sol.At(p.Row, p.Col), p.Digit)
			}
			assert.Contains(t, s.Text(), "the singles that follow place ")
		}
	}

	// on an empty grid the branches have nothing in common
	h := newHuman(t, Shape9, "")
	assert.Empty(t, h.findAll((*human).forcingNetVerity))
}

func TestBruteForce(t *testing.T) {
	g := readPuzzles(t, "testdata/human_sound.txt", 1, 1, false)[0]
	h, sol := stuckBefore(t, g, FullHouse) // nothing applied
	steps := h.findAll((*human).bruteForce)
	require.Len(t, steps, 1)
	p := steps[0].Placements[0]
	assert.Equal(t, sol.At(p.Row, p.Col), p.Digit)
	// the cell has the fewest candidates
	for i := range 81 {
		if c := h.b.cand[i].Len(); c > 0 {
			assert.GreaterOrEqual(t, c, h.b.cand[h.idx(p.Cell)].Len())
		}
	}

	// a complete grid: nothing to guess
	h, _ = stuckBefore(t, sol, FullHouse)
	assert.Empty(t, h.findAll((*human).bruteForce))
}
