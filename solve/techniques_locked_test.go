package solve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPointing(t *testing.T) {
	// rows 1 and 3 of box 1 are full, so 3, 8 and 9 lie in row 2 of box 1
	h := newHuman(t, Shape9, "124......"+"........."+"567......")
	steps := h.findAll((*human).pointing)
	s := withEffect(steps, nil, elimsOf(3, "r2c4", "r2c5", "r2c6", "r2c7", "r2c8", "r2c9"))
	require.NotNil(t, s)
	assert.Equal(t, []Unit{{Box, 0}, {Row, 1}}, s.Units)
	assert.Len(t, steps, 3) // digits 3, 8 and 9

	// with row 1 alone full, the box's digits spread over two rows
	h = newHuman(t, Shape9, "124......")
	assert.Empty(t, h.findAll((*human).pointing))

	// 6x6 with 3x2 boxes: box 1 is rows 1-3, columns 1-2; columns hold
	// the pointing line
	h = newHuman(t, Shape{6, 3, 2}, "1.....2.....")
	// 3..6 of box 1 lie in r3c1, r3c2 and column 2 (r1c2, r2c2): no line
	assert.Empty(t, h.findAll((*human).pointing))
	h = newHuman(t, Shape{6, 3, 2}, "1.....2.....3.....")
	steps = h.findAll((*human).pointing)
	// box 1 is full in column 1, so 4, 5 and 6 lie in column 2 of it
	s = withEffect(steps, nil, elimsOf(4, "r4c2", "r5c2", "r6c2"))
	require.NotNil(t, s)
	assert.Equal(t, []Unit{{Box, 0}, {Col, 1}}, s.Units)
}

func TestClaiming(t *testing.T) {
	// row 1 holds 1..6 in columns 4..9, so 7, 8 and 9 lie in box 1's part
	h := newHuman(t, Shape9, "...123456")
	steps := h.findAll((*human).claiming)
	s := withEffect(steps, nil, elimsOf(9, "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"))
	require.NotNil(t, s)
	assert.Equal(t, []Unit{{Row, 0}, {Box, 0}}, s.Units)
	assert.Equal(t, "Claiming: in row 1, 9 lies only in box 1, so 9 is removed from r2c1, r2c2, r2c3, r3c1, r3c2, r3c3.", s.Text())

	// one cell more in row 1: 1, 7, 8, 9 spread over boxes 1 and 2
	h = newHuman(t, Shape9, "....23456")
	assert.Empty(t, h.findAll((*human).claiming))
}
