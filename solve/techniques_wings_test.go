package solve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSkyscraper(t *testing.T) {
	// 6 in row 1 only at c1, c4 and in row 5 only at c1, c6: the bases
	// share column 1, so r1c4 or r5c6 is 6; r2c6, r3c6 (box 2, column 6)
	// and r4c4, r6c4 (box 5, column 4) see both.
	h := newHuman(t, Shape9, "")
	h.keepDigit(Unit{Row, 0}, 6, "r1c1", "r1c4")
	h.keepDigit(Unit{Row, 4}, 6, "r5c1", "r5c6")
	steps := h.findAll((*human).skyscraper)
	require.Len(t, steps, 1)
	assert.ElementsMatch(t, elimsOf(6, "r2c6", "r3c6", "r4c4", "r6c4"), candStrings(steps[0].Eliminations))
	assert.Equal(t, []Cell{rc("r1c1"), rc("r1c4"), rc("r5c1"), rc("r5c6")}, steps[0].Cells)
	assert.Equal(t, "Skyscraper: 6 in row 1 lies only in r1c1, r1c4 and in row 5 only in r5c1, r5c6; r1c1 and r5c1 share column 1, so r1c4 or r5c6 is 6, and 6 is removed from r2c6, r3c6, r4c4, r6c4.", steps[0].Text())

	// no shared base: nothing
	h = newHuman(t, Shape9, "")
	h.keepDigit(Unit{Row, 0}, 6, "r1c1", "r1c4")
	h.keepDigit(Unit{Row, 4}, 6, "r5c2", "r5c6")
	assert.Empty(t, h.findAll((*human).skyscraper))
}

func TestTwoStringKite(t *testing.T) {
	// 2 in row 1 only at c2, c7; in column 1 only at r3, r8; r1c2 and r3c1
	// share box 1, so r1c7 or r8c1 is 2 and r8c7 loses it.
	h := newHuman(t, Shape9, "")
	h.keepDigit(Unit{Row, 0}, 2, "r1c2", "r1c7")
	h.keepDigit(Unit{Col, 0}, 2, "r3c1", "r8c1")
	steps := h.findAll((*human).twoStringKite)
	require.Len(t, steps, 1)
	assert.Equal(t, elimsOf(2, "r8c7"), candStrings(steps[0].Eliminations))
	assert.Equal(t, "2-String Kite: 2 in row 1 lies only in r1c7, r1c2 and in column 1 only in r3c1, r8c1; r1c2 and r3c1 share box 1, so r1c7 or r8c1 is 2, and 2 is removed from r8c7.", steps[0].Text())

	// the column's ends in boxes 4 and 7: no shared box
	h = newHuman(t, Shape9, "")
	h.keepDigit(Unit{Row, 0}, 2, "r1c2", "r1c7")
	h.keepDigit(Unit{Col, 0}, 2, "r5c1", "r8c1")
	assert.Empty(t, h.findAll((*human).twoStringKite))
}

func TestEmptyRectangle(t *testing.T) {
	// 7 in box 1 only in row 2 and column 2; in column 7 only at r2, r6.
	// If r6c7 is not 7, r2c7 is, box 1's 7 is in column 2 and r6c2 is not
	// 7; if r6c7 is 7, r6c2 is not either.
	setup := func(other string) *human {
		h := newHuman(t, Shape9, "")
		h.keepDigit(Unit{Box, 0}, 7, "r1c2", "r2c1", "r2c2", "r2c3", "r3c2")
		h.keepDigit(Unit{Col, 6}, 7, "r2c7", other)
		return h
	}
	steps := setup("r6c7").findAll((*human).emptyRectangle)
	require.Len(t, steps, 1)
	assert.Equal(t, elimsOf(7, "r6c2"), candStrings(steps[0].Eliminations))
	assert.Equal(t, []Unit{{Box, 0}, {Row, 1}, {Col, 1}, {Col, 6}}, steps[0].Units)

	// the link ends inside the box's rows: nothing
	assert.Empty(t, setup("r3c7").findAll((*human).emptyRectangle))

	// 6x6, 2x3 boxes: in box 1 (rows 1-2, columns 1-3) 3 lies only in row
	// 1 and column 3 (r1c1, r1c2, r2c3); column 5 links r1c5 to r4c5, so
	// r4c3 loses 3.
	h := newHuman(t, Shape6, "")
	h.keepDigit(Unit{Box, 0}, 3, "r1c1", "r1c2", "r2c3")
	h.keepDigit(Unit{Col, 4}, 3, "r1c5", "r4c5")
	steps = h.findAll((*human).emptyRectangle)
	require.Len(t, steps, 1)
	assert.Equal(t, elimsOf(3, "r4c3"), candStrings(steps[0].Eliminations))
}

func TestXYWing(t *testing.T) {
	// pivot r1c1 {1,2}, pincers r1c5 {1,3} and r4c1 {2,3}: r4c5 loses 3
	h := newHuman(t, Shape9, "")
	h.setCands("r1c1", 1, 2)
	h.setCands("r1c5", 1, 3)
	h.setCands("r4c1", 2, 3)
	steps := h.findAll((*human).xyWing)
	require.Len(t, steps, 1)
	assert.Equal(t, elimsOf(3, "r4c5"), candStrings(steps[0].Eliminations))
	assert.Equal(t, "XY-Wing: pivot r1c1 {1,2} sees r1c5 {1,3} and r4c1 {2,3}; one of these two is 3, so 3 is removed from r4c5.", steps[0].Text())

	h = newHuman(t, Shape9, "")
	h.setCands("r1c1", 1, 2)
	h.setCands("r1c5", 1, 3)
	h.setCands("r4c1", 2, 4)
	assert.Empty(t, h.findAll((*human).xyWing))
}

func TestXYZWing(t *testing.T) {
	// pivot r1c1 {1,2,3}, pincers r1c5 {1,3} and r2c2 {2,3}: the cells
	// seeing all three are r1c2 and r1c3
	h := newHuman(t, Shape9, "")
	h.setCands("r1c1", 1, 2, 3)
	h.setCands("r1c5", 1, 3)
	h.setCands("r2c2", 2, 3)
	steps := h.findAll((*human).xyzWing)
	require.Len(t, steps, 1)
	assert.ElementsMatch(t, elimsOf(3, "r1c2", "r1c3"), candStrings(steps[0].Eliminations))

	h = newHuman(t, Shape9, "")
	h.setCands("r1c1", 1, 2, 3, 4)
	h.setCands("r1c5", 1, 3)
	h.setCands("r2c2", 2, 3)
	assert.Empty(t, h.findAll((*human).xyzWing))
}

func TestWWing(t *testing.T) {
	// r1c1 and r5c9 hold {1,2}; 1 in row 9 only at r9c1 (sees r1c1) and
	// r9c9 (sees r5c9): one of r1c1, r5c9 is 2, so r1c9 and r5c1 lose 2.
	setup := func(extra ...string) *human {
		h := newHuman(t, Shape9, "")
		h.setCands("r1c1", 1, 2)
		h.setCands("r5c9", 1, 2)
		h.keepDigit(Unit{Row, 8}, 1, append([]string{"r9c1", "r9c9"}, extra...)...)
		return h
	}
	steps := setup().findAll((*human).wWing)
	require.Len(t, steps, 1)
	assert.ElementsMatch(t, elimsOf(2, "r1c9", "r5c1"), candStrings(steps[0].Eliminations))
	assert.Equal(t, "W-Wing: r1c1 and r5c9 hold only {1,2}, and 1 in row 9 lies only in r9c1 and r9c9, which see them; so one of r1c1, r5c9 is 2, and 2 is removed from r1c9, r5c1.", steps[0].Text())

	assert.Empty(t, setup("r9c5").findAll((*human).wWing))
}
