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

	// the ER follows the steps: the round of the hardest step, at its
	// easiest step; but a puzzle of singles only rates as SE takes its
	// singles (TestSESingles): the first, SE 1.2.1.3 rates 1.2
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
		if ex.Grade == Easy {
			assert.Equal(t, 12, r.SE, line)
			assert.LessOrEqual(t, r.SE, want, "SE's order of singles rates no harder than ours")
		} else {
			assert.Equal(t, want, r.SE, line)
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

// TestSESingles: an Easy puzzle's SE estimate follows SE's own order of
// singles (a hidden single in a box, then in a row or column, then a
// naked single), not ours, which takes naked singles first: every Easy
// puzzle came out 2.3, where SE rates most 1.2 or 1.5. The ratings here
// are SE 1.2.1.3's (serate); of 200 generated Easy puzzles the estimate
// now agrees with it on 154 (9 before), and on the others says 2.3 where
// SE takes a direct technique (ER 1.7 to 2.0) before a naked single.
func TestSESingles(t *testing.T) {
	for line, want := range map[string]struct {
		se   int
		tech Technique // the single SE's rating stands for, not our hardest
	}{
		"9.53...6..4..5.3......4.7.8...7..18...38.45...86..1...5.1.9......9.7..1..3...59.4": {12, HiddenSingle},
		".5.3....7.1..97....784..2..52.6.......6...3.......4.59..7..691....73..4.3....1.8.": {15, HiddenSingle},
		".1......26.7..9.413...5.7....198.......2.1.......678....9.7...512.6..4.85......9.": {23, NakedSingle},
	} {
		g, err := ParseLine(line)
		require.NoError(t, err)
		r, err := RateDetail(g)
		require.NoError(t, err)
		require.Equal(t, Easy, r.Grade, line)
		assert.Equal(t, want.se, r.SE, line)
		assert.Equal(t, want.tech, r.SETechnique(), line)
		w, within, err := RateWithin(g, Easy)
		require.NoError(t, err)
		require.True(t, within)
		assert.Equal(t, want.se, w.SE, line)
	}
	// every shape: singles solve a puzzle of a few givens missing
	for _, s := range []Shape{Shape4, Shape6, {Size: 6, BoxRows: 3, BoxCols: 2}, Shape8, Shape12, Shape16} {
		var sv Solver
		sols := make([]Grid, 1)
		require.Equal(t, 1, sv.Count(&Grid{Shape: s}, 1, sols))
		g := sols[0]
		for i := 0; i < s.Cells(); i += 7 {
			g.Cells[i] = 0
		}
		r, err := RateDetail(g)
		require.NoError(t, err)
		require.Equal(t, Easy, r.Grade, "%v", s)
		assert.Contains(t, []int{10, 12, 15, 23}, r.SE, "%v", s)
	}
	// no singles-only solve: 0, the board as far as singles took it
	g, err := ParseLine(".......71.2.8........5.3...7.9.6.......2..8..1.........3...25..6...1..4..........")
	require.NoError(t, err)
	r, err := RateDetail(g)
	require.NoError(t, err)
	require.Greater(t, r.Grade, Easy)
	assert.Equal(t, r.Hardest, r.SETechnique(), "above Easy, our hardest")
	h := newHuman(t, Shape9, FormatLine(&g))
	se, _ := seSingles(&h.b, nil)
	assert.Zero(t, se)
	assert.Positive(t, h.b.left)
}
