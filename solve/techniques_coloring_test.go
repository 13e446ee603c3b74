package solve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSimpleColors(t *testing.T) {
	// 8: row 1 only at c1, c5; column 5 only at r1, r5; box 5 only at r5c5,
	// r4c4. Colors: r1c1, r5c5 one way, r1c5, r4c4 the other. r4c1 sees
	// r1c1 (column 1) and r4c4 (row 4): trap.
	setup := func(withBox bool) *human {
		h := newHuman(t, Shape9, "")
		h.keepDigit(Unit{Row, 0}, 8, "r1c1", "r1c5")
		h.keepDigit(Unit{Col, 4}, 8, "r1c5", "r5c5")
		if withBox {
			h.keepDigit(Unit{Box, 4}, 8, "r5c5", "r4c4")
		}
		h.text = true
		return h
	}
	steps := setup(true).findAll((*human).simpleColors)
	require.Len(t, steps, 1)
	assert.Equal(t, elimsOf(8, "r4c1"), candStrings(steps[0].Eliminations))
	assert.Equal(t, "Simple Colors: the conjugate pairs of 8 color r1c1, r5c5 one way and r1c5, r4c4 the other; one color is 8, so 8 is removed from r4c1, which see both colors.", steps[0].Text())

	// without the box link the chain's ends have the same color
	assert.Empty(t, setup(false).findAll((*human).simpleColors))

	// color wrap: r1c1 and r2c2 get the same color and share box 1, so that
	// color is false everywhere
	h := newHuman(t, Shape9, "")
	h.keepDigit(Unit{Row, 0}, 8, "r1c1", "r1c5")
	h.keepDigit(Unit{Col, 4}, 8, "r1c5", "r5c5")
	h.keepDigit(Unit{Row, 4}, 8, "r5c5", "r5c2")
	h.keepDigit(Unit{Col, 1}, 8, "r5c2", "r2c2")
	steps = h.findAll((*human).simpleColors)
	require.Len(t, steps, 1)
	assert.ElementsMatch(t, elimsOf(8, "r1c1", "r5c5", "r2c2"), candStrings(steps[0].Eliminations))
}
