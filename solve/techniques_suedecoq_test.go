package solve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSueDeCoq(t *testing.T) {
	// C = r1c1 {1,2,3}, r1c2 {1,2,4} where row 1 crosses box 1; A = r1c5
	// {1,2} in the row; B = r2c3 {3,4} in the box. Four cells, four
	// digits: 1 and 2 are in C or A (row 1 loses them elsewhere), 3 and 4
	// in C or B (box 1 loses them elsewhere).
	setup := func(b ...int) *human {
		h := newHuman(t, Shape9, "")
		h.setCands("r1c1", 1, 2, 3)
		h.setCands("r1c2", 1, 2, 4)
		h.setCands("r1c5", 1, 2)
		h.setCands("r2c3", b...)
		h.text = true
		return h
	}
	steps := setup(3, 4).findAll((*human).sueDeCoq)
	var want []string
	for _, d := range []int{1, 2} {
		want = append(want, elimsOf(d, "r1c3", "r1c4", "r1c6", "r1c7", "r1c8", "r1c9")...)
	}
	for _, d := range []int{3, 4} {
		want = append(want, elimsOf(d, "r1c3", "r2c1", "r2c2", "r3c1", "r3c2", "r3c3")...)
	}
	s := withEffect(steps, nil, want)
	require.NotNil(t, s, "%v", steps)
	assert.Equal(t, "Sue de Coq: r1c1, r1c2, where row 1 crosses box 1, hold 1,2,3,4; r1c5 in row 1 holds 1,2, and r2c3 in box 1 holds 3,4. "+
		"These 4 cells hold 4 digits between them, each once, so 1 is removed from r1c3, r1c4, r1c6, r1c7, r1c8, r1c9; 2 from r1c3, r1c4, r1c6, r1c7, r1c8, r1c9; 3 from r1c3, r2c1, r2c2, r3c1, r3c2, r3c3; 4 from r1c3, r2c1, r2c2, r3c1, r3c2, r3c3.", s.Text())
	assert.Equal(t, []Unit{{Row, 0}, {Box, 0}}, s.Units)

	// B holding 5 too: five digits for four cells, no Sue de Coq
	assert.Empty(t, setup(3, 4, 5).findAll((*human).sueDeCoq))
}
