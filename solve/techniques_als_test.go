package solve

import (
	"strings"
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

func TestALSXYWing(t *testing.T) {
	// C = r2c2 {1,5}, r2c8 {2,5} (row 2); A = r1c2 {1,3} shares the
	// restricted 1 with C (column 2); B = r1c8 {2,3} the restricted 2
	// (column 8). Without 3, A would be 1 and B 2, leaving C only 5 for
	// two cells: one of A and B is 3, and the rest of row 1 loses 3.
	setup := func(last ...int) *human {
		h := newHuman(t, Shape9, "")
		h.setCands("r2c2", 1, 5)
		h.setCands("r2c8", last...)
		h.setCands("r1c2", 1, 3)
		h.setCands("r1c8", 2, 3)
		h.text = true
		return h
	}
	steps := setup(2, 5).findAll((*human).alsXYWing)
	s := withEffect(steps, nil, elimsOf(3, "r1c1", "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c9"))
	require.NotNil(t, s, "%v", steps)
	assert.Regexp(t, `^ALS-XY-Wing: A: .*; B: .*; C: .*\. So A or B holds 3: 3 is removed from r1c1, r1c3, r1c4, r1c5, r1c6, r1c7, r1c9\.$`, s.Text())
	assert.Equal(t, DigitsOf(3), s.Digits&DigitsOf(3))

	// r2c8 with a 6 too: C is no almost locked set, and there is no wing
	assert.Empty(t, setup(2, 5, 6).findAll((*human).alsXYWing))
}

func TestDeathBlossom(t *testing.T) {
	// stem r5c5 {1,2,4}; petals r4c4 {1,3}, r4c5 {2,3}, r4c6 {4,3}, each
	// seeing the stem with its stem digit. Whatever the stem is, one petal
	// is 3: row 4 and box 5 lose 3 elsewhere.
	setup := func(last ...int) *human {
		h := newHuman(t, Shape9, "")
		h.setCands("r5c5", 1, 2, 4)
		h.setCands("r4c4", 1, 3)
		h.setCands("r4c5", 2, 3)
		h.setCands("r4c6", last...)
		h.text = true
		return h
	}
	steps := setup(3, 4).findAll((*human).deathBlossom)
	s := withEffect(steps, nil, elimsOf(3, "r4c1", "r4c2", "r4c3", "r4c7", "r4c8", "r4c9", "r5c4", "r5c6", "r6c4", "r6c5", "r6c6"))
	require.NotNil(t, s, "%v", steps)
	assert.Equal(t, "Death Blossom: r5c5 holds only 1,2,4; if it is 1, r4c4 {1,3} loses 1; if it is 2, r4c5 {2,3} loses 2; if it is 4, r4c6 {3,4} loses 4. The set that loses a digit is locked and holds 3: 3 is removed from r4c1, r4c2, r4c3, r4c7, r4c8, r4c9, r5c4, r5c6, r6c4, r6c5, r6c6.", s.Text())

	// the petal of 4 without 3: no digit common to the petals
	assert.Empty(t, setup(4, 5).findAll((*human).deathBlossom))
}

func TestALSChain(t *testing.T) {
	// A1 = r1c1 {1,2} -2- A2 = r1c5 {2,3} -3- A3 = r5c5 {3,4} -4- A4 =
	// r5c9 {4,1}: if r1c1 were not 1 it would be 2, r1c5 3, r5c5 4 and
	// r5c9 1; so r1c1 or r5c9 is 1, and r1c9 and r5c1 lose 1. (Here an
	// ALS-XZ sees it too, from two-cell sets; TestALSChainMakesProgress
	// has a puzzle where only the chain does.)
	setup := func(last ...int) *human {
		h := newHuman(t, Shape9, "")
		h.setCands("r1c1", 1, 2)
		h.setCands("r1c5", 2, 3)
		h.setCands("r5c5", 3, 4)
		h.setCands("r5c9", last...)
		h.text = true
		return h
	}
	steps := setup(4, 1).findAll((*human).alsChain)
	s := withEffect(steps, nil, elimsOf(1, "r1c9", "r5c1"))
	require.NotNil(t, s, "%v", steps)
	assert.Len(t, s.Units, 4, "four sets")
	assert.Equal(t, DigitsOf(1, 2, 3, 4), s.Digits)
	assert.Contains(t, []string{
		"ALS Chain: A1: r1c1 holds only 1,2 -2- A2: r1c5 holds only 2,3 -3- A3: r5c5 holds only 3,4 -4- A4: r5c9 holds only 1,4 (each linking digit is in at most one of the two sets it links). " +
			"If A1 did not hold 1, it would hold 2, A2 would lose it and hold 3, and so on: A4 would hold all but 4, 1 among them. So A1 or A4 holds 1: 1 is removed from r1c9, r5c1.",
		"ALS Chain: A1: r1c1 holds only 1,2 -2- A2: r1c5 holds only 2,3 -3- A3: r5c5 holds only 3,4 -4- A4: r5c9 holds only 1,4 (each linking digit is in at most one of the two sets it links). " +
			"If A1 did not hold 1, it would hold 2, A2 would lose it and hold 3, and so on: A4 would hold all but 4, 1 among them. So A1 or A4 holds 1: 1 is removed from r5c1, r1c9.",
	}, s.Text())

	// r5c9 without 1: the ends share no digit, no chain
	assert.Empty(t, setup(4, 6).findAll((*human).alsChain))
}

// TestALSChainMakesProgress: on this puzzle, once every technique before
// it is stuck, the ALS chain is the step that goes on, and the puzzle is
// Expert, not Extreme.
func TestALSChainMakesProgress(t *testing.T) {
	g, err := ParseLine("4.21......5.....78...3......7..5...6......1.....4.........67.5.2.....4..3........")
	require.NoError(t, err)
	h := getHuman()
	defer putHuman(h)
	require.NoError(t, h.prepare(&g, &g))
	require.NoError(t, h.run(ALSChain-1, func(*Step) {}))
	require.Positive(t, h.b.left, "the techniques before the ALS chain are stuck")
	require.Equal(t, ALSChain, h.find(ALSChain))
	for k := range h.found {
		require.NoError(t, h.check(&h.found[k]))
	}
	ex, err := Explain(g)
	require.NoError(t, err)
	assert.Positive(t, ex.Counts[ALSChain])
	assert.Equal(t, Expert, ex.Grade)
}

// TestALSChainTurned: a puzzle turned half round rates as it does, though
// the ALS chain search meets its sets in another order. The search kept
// each (length, set, lost digit) once, by the first path to it; taken by
// a path that repeats a set, it kept out a later one that does not, so
// the puzzle found no chain where the turned one did, and the two scored
// otherwise (45047486 and 45047676; 33408364 and 33408314 for the 12x12).
func TestALSChainTurned(t *testing.T) {
	for _, tt := range []struct {
		line  string
		shape Shape
	}{
		{".6.3.......15.....7....1.38..7....9.52..8.1.........56.7..4.6..4..6....5.5..9..2.", Shape9},
		{"...2.36.5......8....C.....9AC..B83..A3........6B...6.5C.B...B.19A..276.C..6..71..4.....B....3...C2.5....6.14.5.3.B7.1.2......C8.....6.3......9.5",
			Shape{Size: 12, BoxRows: 4, BoxCols: 3}},
	} {
		r := NewReader(strings.NewReader(tt.line))
		r.Shape = tt.shape
		p, err := r.Read()
		require.NoError(t, err)
		g := p.Grid
		turned := Grid{Shape: g.Shape}
		n := g.Shape.Cells()
		for i := range n {
			turned.Cells[n-1-i] = g.Cells[i]
		}
		grade, score, hardest, err := Rate(g)
		require.NoError(t, err)
		tGrade, tScore, tHardest, err := Rate(turned)
		require.NoError(t, err)
		assert.Equal(t, grade, tGrade, tt.line)
		assert.Equal(t, score, tScore, tt.line)
		assert.Equal(t, hardest, tHardest, tt.line)
	}
}
