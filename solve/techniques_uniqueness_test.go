package solve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUniqueRectangle1(t *testing.T) {
	// r1c1, r1c4, r3c1 hold {4,7}; r3c4 holds 4, 7 and 9. Rows 1 and 3 are
	// in one band, columns 1 and 4 in two stacks: two boxes.
	h := newHuman(t, Shape9, "")
	h.setCands("r1c1", 4, 7)
	h.setCands("r1c4", 4, 7)
	h.setCands("r3c1", 4, 7)
	h.setCands("r3c4", 4, 7, 9)
	steps := h.findAll((*human).uniqueRectangle1)
	s := withEffect(steps, nil, []string{"(4)r3c4", "(7)r3c4"})
	require.NotNil(t, s)
	assert.Equal(t, rc("r3c4"), s.Cells[3])

	// rows 1 and 4: the rectangle spans four boxes, no deadly pattern
	h = newHuman(t, Shape9, "")
	h.setCands("r1c1", 4, 7)
	h.setCands("r1c4", 4, 7)
	h.setCands("r4c1", 4, 7)
	h.setCands("r4c4", 4, 7, 9)
	assert.Empty(t, h.findAll((*human).uniqueRectangle1))
}

func TestUniqueRectangle2(t *testing.T) {
	// r1c1, r1c4 hold {4,7}; r3c1, r3c4 hold {4,7,9}: one of those is 9,
	// so the rest of row 3 loses 9
	setup := func(last int) *human {
		h := newHuman(t, Shape9, "")
		h.setCands("r1c1", 4, 7)
		h.setCands("r1c4", 4, 7)
		h.setCands("r3c1", 4, 7, 9)
		h.setCands("r3c4", 4, 7, last)
		return h
	}
	steps := setup(9).findAll((*human).uniqueRectangle2)
	s := withEffect(steps, nil, elimsOf(9, "r3c2", "r3c3", "r3c5", "r3c6", "r3c7", "r3c8", "r3c9"))
	require.NotNil(t, s, "%v", steps)

	// different extra digits: nothing
	assert.Empty(t, setup(8).findAll((*human).uniqueRectangle2))
}

func TestUniqueRectangle4(t *testing.T) {
	// r1c1, r1c4 hold {4,7}; r3c1 and r3c4 hold 4, 7 and more, and 4 lies
	// only in r3c1 and r3c4 in row 3: one of them is 4, so neither is 7.
	setup := func(elsewhere bool, floor ...int) *human {
		h := newHuman(t, Shape9, "")
		h.setCands("r1c1", 4, 7)
		h.setCands("r1c4", floor...)
		h.setCands("r3c1", 4, 7, 9)
		h.setCands("r3c4", 4, 7, 8)
		for _, c := range []string{"r3c2", "r3c3", "r3c5", "r3c6", "r3c7", "r3c8", "r3c9"} {
			if elsewhere && c == "r3c9" {
				h.setCands(c, 1, 4)
			} else {
				h.setCands(c, 1, 2)
			}
		}
		return h
	}
	steps := setup(false, 4, 7).findAll((*human).uniqueRectangle4)
	s := withEffect(steps, nil, []string{"(7)r3c1", "(7)r3c4"})
	require.NotNil(t, s, "%v", steps)
	assert.Equal(t, Unit{Row, 2}, s.Units[0])
	assert.Equal(t, "Unique Rectangle Type 4: r1c1, r1c4, r3c1, r3c4 would be a deadly pattern on 4 and 7 (two solutions); in row 3, 4 lies only in r3c1 and r3c4, so one of them is 4 and neither can be 7: 7 is removed from r3c1, r3c4.", s.Text())

	// With 4 also in r3c9, 4 is not confined to the roof and 7 stays; 7 is
	// (the other row 3 cells hold 1 and 2), so 4 goes instead.
	steps = setup(true, 4, 7).findAll((*human).uniqueRectangle4)
	require.Len(t, steps, 1)
	assert.ElementsMatch(t, []string{"(4)r3c1", "(4)r3c4"}, candStrings(steps[0].Eliminations))

	// A floor cell with a third candidate: no deadly pattern, nothing.
	assert.Empty(t, setup(false, 4, 7, 9).findAll((*human).uniqueRectangle4))
}

func TestBUGPlus1(t *testing.T) {
	// A 4x4 grid whose cells hold {1,2} or {3,4}: each digit twice in each
	// unit (two solutions). r1c1 gets 3 too: without 3 there it would be a
	// BUG, so r1c1 is 3.
	sol := "1234341221434321"
	setup := func(extra ...int) *human { // extra: cells (row-major) that also keep 3
		h := newHuman(t, Shape4, "")
		for i, ch := range sol {
			ds := []int{1, 2}
			if ch > '2' {
				ds = []int{3, 4}
			}
			for _, e := range extra {
				if e == i {
					ds = append(ds, 3)
				}
			}
			h.setCands(Cell{i / 4, i % 4}.String(), ds...)
		}
		return h
	}
	steps := setup(0).findAll((*human).bugPlus1)
	require.Len(t, steps, 1)
	assert.Equal(t, []string{"(3)r1c1"}, candStrings(steps[0].Placements))
	assert.Equal(t, "BUG+1: every empty cell but r1c1 has two candidates; without 3 in r1c1 the grid would be a deadly pattern, so r1c1 is 3.", steps[0].Text())

	// a plain BUG (no extra candidate) or two cells with three: nothing
	assert.Empty(t, setup().findAll((*human).bugPlus1))
	assert.Empty(t, setup(0, 15).findAll((*human).bugPlus1))
}

func TestHiddenRectangle(t *testing.T) {
	// r1c1 holds only {4,7}; r1c4, r3c1 and r3c4 hold 4 and 7 too; 4 lies
	// in row 3 only at r3c1, r3c4 and in column 4 only at r1c4, r3c4. If
	// r3c4 were 7, r3c1 and r1c4 would be 4, r1c1 7: the deadly pattern.
	setup := func(row3 ...string) *human {
		h := newHuman(t, Shape9, "")
		h.setCands("r1c1", 4, 7)
		h.setCands("r1c4", 4, 7, 9)
		h.setCands("r3c1", 4, 7, 8)
		h.setCands("r3c4", 4, 7, 8, 9)
		h.keepDigit(Unit{Row, 2}, 4, row3...)
		h.keepDigit(Unit{Col, 3}, 4, "r1c4", "r3c4")
		return h
	}
	steps := setup("r3c1", "r3c4").findAll((*human).hiddenRectangle)
	s := withEffect(steps, nil, elimsOf(7, "r3c4"))
	require.NotNil(t, s, "%v", steps)
	assert.Equal(t, []Cell{rc("r1c1"), rc("r1c4"), rc("r3c1"), rc("r3c4")}, s.Cells)
	assert.Equal(t, "Hidden Rectangle: r1c1, r1c4, r3c1, r3c4 would be a deadly pattern on 4 and 7 (two solutions); 4 lies in row 3 and column 4 only in the rectangle, so r3c4 cannot be 7: 7 is removed from r3c4.", s.Text())

	// 4 also in r3c7: r3c4 could be 7 with r3c7 4
	assert.Empty(t, setup("r3c1", "r3c4", "r3c7").findAll((*human).hiddenRectangle))
}

func TestUniqueRectangle3(t *testing.T) {
	// r1c1, r1c4 hold {4,7}; r3c1 {4,7,8} and r3c4 {4,7,9}: one of them is
	// 8 or 9, and with r3c9 {8,9} that makes a naked pair in row 3
	setup := func(last ...int) *human {
		h := newHuman(t, Shape9, "")
		h.setCands("r1c1", 4, 7)
		h.setCands("r1c4", 4, 7)
		h.setCands("r3c1", 4, 7, 8)
		h.setCands("r3c4", 4, 7, 9)
		h.setCands("r3c9", last...)
		return h
	}
	steps := setup(8, 9).findAll((*human).uniqueRectangle3)
	var want []string
	for _, d := range []int{8, 9} {
		want = append(want, elimsOf(d, "r3c2", "r3c3", "r3c5", "r3c6", "r3c7", "r3c8")...)
	}
	s := withEffect(steps, nil, want)
	require.NotNil(t, s, "%v", steps)
	assert.Equal(t, "Unique Rectangle Type 3: r1c1, r1c4, r3c1, r3c4 would be a deadly pattern on 4 and 7 (two solutions), so r3c1 or r3c4 holds 8 or 9; with r3c9 they hold only 8,9 in row 3, so 8 is removed from r3c2, r3c3, r3c5, r3c6, r3c7, r3c8; 9 from r3c2, r3c3, r3c5, r3c6, r3c7, r3c8.", s.Text())

	// r3c9 with a 5 too: no subset
	assert.Empty(t, setup(5, 8, 9).findAll((*human).uniqueRectangle3))
}

func TestAvoidableRectangle1(t *testing.T) {
	// r1c1 = 4, r1c4 = 7 and r3c1 = 7 were solved, not given: r3c4 = 4
	// would let the four swap, so r3c4 loses 4
	h := newHuman(t, Shape9, "4..7....."+"........."+"7........")
	steps := h.findAll((*human).avoidableRectangle1)
	s := withEffect(steps, nil, elimsOf(4, "r3c4"))
	require.NotNil(t, s, "%v", steps)
	assert.Equal(t, "Avoidable Rectangle Type 1: r1c1, r1c4, r3c1 were solved, not given, so r3c4 cannot be 4 (r1c1, r1c4, r3c1, r3c4 could swap 4 and 7): 4 is removed from r3c4.", s.Text())

	// r1c1 a given: it cannot swap
	h.given.add(0)
	assert.Empty(t, h.findAll((*human).avoidableRectangle1))
}

func TestAvoidableRectangle2(t *testing.T) {
	// r1c1 = 4 and r1c4 = 7 were solved; r3c1 {7,9} and r3c4 {4,9}: they
	// cannot be 7 and 4, so one is 9 and the rest of row 3 loses 9
	h := newHuman(t, Shape9, "4..7.....")
	h.setCands("r3c1", 7, 9)
	h.setCands("r3c4", 4, 9)
	steps := h.findAll((*human).avoidableRectangle2)
	s := withEffect(steps, nil, elimsOf(9, "r3c2", "r3c3", "r3c5", "r3c6", "r3c7", "r3c8", "r3c9"))
	require.NotNil(t, s, "%v", steps)
	assert.Equal(t, "Avoidable Rectangle Type 2: r1c1, r1c4 were solved, not given; r3c1 and r3c4 cannot be 7 and 4 (the four could swap 4 and 7), so one is 9: 9 is removed from r3c2, r3c3, r3c5, r3c6, r3c7, r3c8, r3c9.", s.Text())

	h.given.add(3) // r1c4 a given
	assert.Empty(t, h.findAll((*human).avoidableRectangle2))
}

// replayedBefore returns a solver on g's board just before the first step
// of Explain's path that uses tech, and that step.
func replayedBefore(t *testing.T, g Grid, tech Technique) (*human, Step) {
	t.Helper()
	ex, err := Explain(g)
	require.NoError(t, err)
	h := &human{}
	require.NoError(t, h.prepare(&g, &g))
	for _, s := range ex.Steps {
		if s.Technique == tech {
			return h, s
		}
		h.applyNew(&s)
	}
	t.Fatalf("%s: no %v step", FormatLine(&g), tech)
	return nil, Step{}
}

func TestBUGPlusN(t *testing.T) {
	// a 17-clue puzzle whose path meets a BUG with two extra candidates,
	// 8 in r1c7 and 9 in r2c7: one is true, so r2c7 cannot be 8 (it would
	// see the 8 of r1c7, or be 9 itself) and r1c7 cannot be 9
	g, err := ParseLine("................12..3.45.............4.6.3..517.2..........8......1...7...5...4..")
	require.NoError(t, err)
	h, want := replayedBefore(t, g, BUGPlusN)
	steps := h.findAll((*human).bugPlusN)
	require.Len(t, steps, 1)
	s := steps[0]
	assert.ElementsMatch(t, append(elimsOf(8, "r2c7"), elimsOf(9, "r1c7")...), candStrings(s.Eliminations))
	assert.Equal(t, want.Eliminations, s.Eliminations)
	assert.Equal(t, BUGPlusN, h.find(BruteForce), "the step that makes progress there")
	assert.Equal(t, "BUG+n: without (8)r1c7, (9)r2c7 the grid would be a deadly pattern (every empty cell with two candidates, every digit twice in its units), so one of them is true: 8 is removed from r2c7; 9 from r1c7.", s.Text())
	// with (8)r1c7 gone one BUG candidate is left: BUG+1's business
	h.b.remove(h.idx(rc("r1c7")), 7)
	assert.Empty(t, h.findAll((*human).bugPlusN))
}

func TestUniqueRectangle5(t *testing.T) {
	// r1c1 and r3c4 hold {4,7}; r1c4 and r3c1, diagonal, {4,7,9}: one of
	// them is 9, and the cells seeing both lose it
	setup := func(last ...int) *human {
		h := newHuman(t, Shape9, "")
		h.setCands("r1c1", 4, 7)
		h.setCands("r3c4", 4, 7)
		h.setCands("r1c4", 4, 7, 9)
		h.setCands("r3c1", last...)
		return h
	}
	steps := setup(4, 7, 9).findAll((*human).uniqueRectangle5)
	s := withEffect(steps, nil, elimsOf(9, "r1c2", "r1c3", "r3c5", "r3c6"))
	require.NotNil(t, s, "%v", steps)
	assert.Contains(t, []string{
		"Unique Rectangle Type 5: r1c1, r3c4, r1c4, r3c1 would be a deadly pattern on 4 and 7 (two solutions), so one of r1c4, r3c1 is 9: 9 is removed from r1c2, r1c3, r3c5, r3c6.",
		"Unique Rectangle Type 5: r3c4, r1c1, r3c1, r1c4 would be a deadly pattern on 4 and 7 (two solutions), so one of r3c1, r1c4 is 9: 9 is removed from r1c2, r1c3, r3c5, r3c6.",
	}, s.Text())

	// r3c1 with 8 instead of 9: two extra digits, no test 5
	assert.Empty(t, setup(4, 7, 8).findAll((*human).uniqueRectangle5))
}

func TestUniqueRectangle6(t *testing.T) {
	// r1c1, r3c4 hold {4,7}; r1c4 {4,7,9}, r3c1 {4,7,8}; in rows 1 and 3, 4
	// lies only in the rectangle: r1c4 and r3c1 lose 4
	setup := func(row1 ...string) *human {
		h := newHuman(t, Shape9, "")
		h.setCands("r1c1", 4, 7)
		h.setCands("r3c4", 4, 7)
		h.setCands("r1c4", 4, 7, 9)
		h.setCands("r3c1", 4, 7, 8)
		h.keepDigit(Unit{Row, 0}, 4, row1...)
		h.keepDigit(Unit{Row, 2}, 4, "r3c1", "r3c4")
		return h
	}
	steps := setup("r1c1", "r1c4").findAll((*human).uniqueRectangle6)
	s := withEffect(steps, nil, elimsOf(4, "r1c4", "r3c1"))
	require.NotNil(t, s, "%v", steps)
	assert.Equal(t, "Unique Rectangle Type 6: r1c1, r3c4, r1c4, r3c1 would be a deadly pattern on 4 and 7 (two solutions); 4 lies in rows 1 and 3 only in the rectangle, so it is in r1c1 and r3c4, not in r1c4 or r3c1: 4 is removed from r1c4, r3c1.", s.Text())

	// 4 also in r1c7: no X-Wing on the rectangle
	assert.Empty(t, setup("r1c1", "r1c4", "r1c7").findAll((*human).uniqueRectangle6))
}

func TestUniqueRectangle6InAPuzzle(t *testing.T) {
	// a magictour puzzle whose path reaches a Uniqueness Test 6
	g, err := ParseLine("5..2..3......8..9...2..4..66..1..9...1.....4...7..3..87..3..4...9..7..2...5..6..9")
	require.NoError(t, err)
	h, want := replayedBefore(t, g, UniqueRectangle6)
	steps := h.findAll((*human).uniqueRectangle6)
	s := withEffect(steps, nil, elimsOf(1, "r3c8", "r6c7"))
	require.NotNil(t, s, "%v", steps)
	assert.ElementsMatch(t, candStrings(want.Eliminations), candStrings(s.Eliminations))
	// and it is what makes progress there: nothing easier applies
	assert.Equal(t, UniqueRectangle6, h.find(BruteForce))
}
