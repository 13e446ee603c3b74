package solve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestALSXZ(t *testing.T) {
	// A = r1c1 {1,2}, r1c2 {1,2,3} (row 1); B = r4c2 {2,3}. 3 is
	// restricted: A's only 3 (r1c2) sees B's (r4c2). So A or B holds 2,
	// and r2c2, r3c2 (seeing r1c1, r1c2 and r4c2) lose 2.
	setup := func(bCell string) *human {
		h := newHuman(t, Shape9, "")
		h.setCands("r1c1", 1, 2)
		h.setCands("r1c2", 1, 2, 3)
		h.setCands(bCell, 2, 3)
		h.text = true
		return h
	}
	steps := setup("r4c2").findAll((*human).alsXZ)
	require.NotEmpty(t, steps)
	for _, s := range steps {
		assert.ElementsMatch(t, elimsOf(2, "r2c2", "r3c2"), candStrings(s.Eliminations), s.Text())
	}
	var found bool
	for _, s := range steps {
		if s.Text() == "ALS-XZ: r1c1, r1c2 in row 1 hold only 1,2,3, and r4c2 holds only 2,3; 3 cannot be in both (its cells there see each other), so one of the two sets holds all its other digits, and one of them holds 2: 2 is removed from r2c2, r3c2." {
			found = true
			assert.Equal(t, []Cell{rc("r1c1"), rc("r1c2"), rc("r4c2")}, s.Cells)
			assert.Equal(t, DigitsOf(2, 3), s.Digits)
		}
	}
	assert.True(t, found, "the row 1 set with r4c2: %v", steps)

	// B in r4c3: its 3 does not see A's, so nothing is restricted.
	assert.Empty(t, setup("r4c3").findAll((*human).alsXZ))
}

func TestAlmostLockedSetsListedOnce(t *testing.T) {
	h := newHuman(t, Shape9, "")
	h.setCands("r1c1", 1, 2)
	h.setCands("r1c2", 1, 2, 3)
	h.setCands("r2c1", 4, 5)
	sets := h.almostLockedSets()
	var got []string
	for _, a := range sets {
		var cells []Cell
		for _, i := range a.cells.appendTo(nil) {
			cells = append(cells, h.cellOf(i))
		}
		got = append(got, cellList(cells))
	}
	// Single cells once (for their rows), {r1c1, r1c2} once (row 1, not
	// box 1 again), {r1c1, r2c1} in column 1 holds four digits: not one.
	assert.ElementsMatch(t, []string{"r1c1", "r2c1", "r1c1, r1c2"}, got)
}
