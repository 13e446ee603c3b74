package solve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFullHouse(t *testing.T) {
	h := newHuman(t, Shape9, "12345678.")
	steps := h.findAll((*human).fullHouse)
	require.Len(t, steps, 1)
	assert.Equal(t, []string{"(9)r1c9"}, candStrings(steps[0].Placements))
	assert.Equal(t, "Full House: r1c9 is the last empty cell of row 1, so it is 9.", steps[0].Text())

	h = newHuman(t, Shape9, "1234567..")
	assert.Empty(t, h.findAll((*human).fullHouse))

	// on 6x6 with 2x3 boxes, a box with five digits
	h = newHuman(t, Shape6, "123...45.")
	steps = h.findAll((*human).fullHouse)
	require.Len(t, steps, 1)
	assert.Equal(t, []string{"(6)r2c3"}, candStrings(steps[0].Placements))
	assert.Equal(t, Unit{Box, 0}, steps[0].Units[0])
}

func TestNakedSingle(t *testing.T) {
	// r5c5 sees 1, 2, 3 in row 5, 4, 5, 6 in column 5, 7 and 8 in box 5
	line := "" +
		"....4...." +
		"....5...." +
		"....6...." +
		"...7....." +
		"123......" +
		".....8..." +
		"........." +
		"........." +
		"........."
	h := newHuman(t, Shape9, line)
	steps := h.findAll((*human).nakedSingle)
	require.Len(t, steps, 1)
	assert.Equal(t, []string{"(9)r5c5"}, candStrings(steps[0].Placements))
	assert.Equal(t, "Naked Single: r5c5 can only be 9.", steps[0].Text())

	// without the 8, r5c5 keeps 8 and 9
	h = newHuman(t, Shape9, line[:50]+"."+line[51:])
	assert.Empty(t, h.findAll((*human).nakedSingle))
}

func TestHiddenSingle(t *testing.T) {
	// the 7s of r2c1, r4c5, r6c7 and r8c3 leave r5c2 alone in box 4
	line := "" +
		"........." +
		"7........" +
		"........." +
		"....7...." +
		"........." +
		"......7.." +
		"........." +
		"..7......" +
		"........."
	h := newHuman(t, Shape9, line)
	steps := h.findAll((*human).hiddenSingle)
	s := withEffect(steps, []string{"(7)r5c2"}, nil)
	require.NotNil(t, s)
	assert.Equal(t, Unit{Box, 3}, s.Units[0])

	// without the 7 of r8c3, r5c3 is free too
	h = newHuman(t, Shape9, line[:65]+"."+line[66:])
	assert.Empty(t, h.findAll((*human).hiddenSingle))

	// in a row: 1 in row 1 of a 4x4 fits only in r1c4
	h = newHuman(t, Shape4, "....1.........1.")
	steps = h.findAll((*human).hiddenSingle)
	s = withEffect(steps, []string{"(1)r1c4"}, nil)
	require.NotNil(t, s)
}
