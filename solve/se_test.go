package solve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLengthSteps(t *testing.T) {
	// SE adds 0.1 past 4 inner nodes, then past 6, 8, 12, 16, 24, 32, 48
	for n, want := range map[int]int{2: 0, 6: 0, 7: 1, 8: 1, 9: 2, 10: 2, 11: 3, 14: 3, 15: 4, 18: 4, 19: 5, 26: 5, 27: 6, 34: 6, 35: 7, 50: 7, 51: 8} {
		assert.Equal(t, want, lengthSteps(n), "%d nodes", n)
	}
}

func TestSERating(t *testing.T) {
	box := Step{Technique: HiddenSingle, Units: []Unit{{Box, 0}}}
	row := Step{Technique: HiddenSingle, Units: []Unit{{Row, 0}}}
	assert.Equal(t, 12, seRating(&box))
	assert.Equal(t, 15, seRating(&row))
	short := Step{Technique: AIC, Chain: make([]Candidate, 6)}
	long := Step{Technique: AIC, Chain: make([]Candidate, 12)}
	assert.Equal(t, 70, seRating(&short))
	assert.Equal(t, 73, seRating(&long))
	net := Step{Technique: ForcingNet, Difficulty: ForcingNet.Weight() + 6}
	assert.Greater(t, seRating(&net), 85, "a deep net rates above SE's dynamic chains' base")

	// a puzzle of singles only rates as its hardest single; the ER follows
	// the steps: the round of the hardest step, at its easiest step
	for _, line := range []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
	} {
		g, err := ParseLine(line)
		require.NoError(t, err)
		ex, err := Explain(g)
		require.NoError(t, err)
		r, err := RateDetail(g)
		require.NoError(t, err)
		rounds := map[int]int{}
		for k := range ex.Steps {
			s := &ex.Steps[k]
			if v, ok := rounds[s.Round]; !ok || seRating(s) < v {
				rounds[s.Round] = seRating(s)
			}
		}
		want := 0
		for _, v := range rounds {
			want = max(want, v)
		}
		assert.Equal(t, want, r.SE, line)
		if ex.Grade == Easy {
			assert.LessOrEqual(t, r.SE, 23)
		} else {
			assert.GreaterOrEqual(t, r.SE, 85)
		}
	}
}

func TestSERange(t *testing.T) {
	lo, hi := SERange(Easy)
	assert.Equal(t, [2]int{10, 23}, [2]int{lo, hi})
	lo, hi = SERange(Medium)
	assert.Equal(t, [2]int{17, 40}, [2]int{lo, hi}, "from SE's Direct Pointing")
	lo, hi = SERange(Extreme)
	assert.Equal(t, [2]int{85, -1}, [2]int{lo, hi})
	// every grade's range holds the ratings of the puzzles of that grade
	for _, line := range []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
	} {
		g, err := ParseLine(line)
		require.NoError(t, err)
		r, err := RateDetail(g)
		require.NoError(t, err)
		lo, hi := SERange(r.Grade)
		assert.GreaterOrEqual(t, r.SE, lo)
		if hi >= 0 {
			assert.LessOrEqual(t, r.SE, hi)
		}
	}
}

func TestSEDirect(t *testing.T) {
	// 5 in row 1 only at r1c1, r1c2 (box 1): box 1 loses 5 elsewhere,
	// r2c3 among them; column 3 then has 5 only in r5c3, a hidden single:
	// SE's Direct Claiming.
	setup := func(col3 ...string) (*human, *Step) {
		h := newHuman(t, Shape9, "")
		h.keepDigit(Unit{Row, 0}, 5, "r1c1", "r1c2")
		h.keepDigit(Unit{Col, 2}, 5, col3...)
		steps := h.findAll((*human).claiming)
		s := withEffect(steps, nil, elimsOf(5, "r2c1", "r2c2", "r2c3", "r3c1", "r3c2"))
		require.NotNil(t, s, "%v", steps)
		h.applyNew(s)
		return h, s
	}
	h, s := setup("r2c3", "r5c3")
	assert.True(t, h.direct(s))
	s.direct = true
	assert.Equal(t, 19, seRating(s))
	h, s = setup("r2c3", "r5c3", "r8c3")
	assert.False(t, h.direct(s), "two places left in column 3")
	assert.Equal(t, 28, seRating(s))
	for tech, want := range map[Technique]int{Pointing: 17, HiddenPair: 20, HiddenTriple: 25, NakedPair: 30} {
		assert.Equal(t, want, seRating(&Step{Technique: tech, direct: true}), "%v", tech)
	}
}
