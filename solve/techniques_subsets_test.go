package solve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func inRow(row string, cols ...int) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = row + "c" + string(rune('0'+c))
	}
	return out
}

func TestNakedSubsets(t *testing.T) {
	cases := []struct {
		name  string
		t     Technique
		k     int
		cands map[string][]int
		elims []string
	}{
		{"pair", NakedPair, 2, map[string][]int{"r1c1": {1, 2}, "r1c2": {1, 2}},
			append(elimsOf(1, inRow("r1", 3, 4, 5, 6, 7, 8, 9)...), elimsOf(2, inRow("r1", 3, 4, 5, 6, 7, 8, 9)...)...)},
		{"triple", NakedTriple, 3, map[string][]int{"r1c1": {1, 2}, "r1c5": {2, 3}, "r1c9": {1, 3}},
			append(append(elimsOf(1, inRow("r1", 2, 3, 4, 6, 7, 8)...), elimsOf(2, inRow("r1", 2, 3, 4, 6, 7, 8)...)...), elimsOf(3, inRow("r1", 2, 3, 4, 6, 7, 8)...)...)},
		{"quad", NakedQuad, 4, map[string][]int{"r1c1": {1, 2}, "r1c3": {2, 3}, "r1c5": {3, 4}, "r1c7": {1, 4}},
			append(append(append(elimsOf(1, inRow("r1", 2, 4, 6, 8, 9)...), elimsOf(2, inRow("r1", 2, 4, 6, 8, 9)...)...), elimsOf(3, inRow("r1", 2, 4, 6, 8, 9)...)...), elimsOf(4, inRow("r1", 2, 4, 6, 8, 9)...)...)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHuman(t, Shape9, "")
			for c, ds := range tc.cands {
				h.setCands(c, ds...)
			}
			steps := h.findAll(func(h *human) { h.nakedSubset(tc.t, tc.k) })
			s := withEffect(steps, nil, tc.elims)
			require.NotNil(t, s, "%v", steps)
			assert.Equal(t, Unit{Row, 0}, s.Units[0])
			assert.Len(t, s.Cells, tc.k)

			// one cell with a digit outside the subset: no subset left
			h = newHuman(t, Shape9, "")
			first := true
			for c, ds := range tc.cands {
				if first {
					ds = append([]int{9}, ds...)
					first = false
				}
				h.setCands(c, ds...)
			}
			assert.Empty(t, h.findAll(func(h *human) { h.nakedSubset(tc.t, tc.k) }))
		})
	}
}

func TestHiddenSubsets(t *testing.T) {
	cases := []struct {
		name   string
		t      Technique
		k      int
		digits map[int][]string // digit -> the only cells of row 1 that keep it
		cells  []string
	}{
		{"pair", HiddenPair, 2, map[int][]string{1: {"r1c4", "r1c6"}, 2: {"r1c4", "r1c6"}}, []string{"r1c4", "r1c6"}},
		{"triple", HiddenTriple, 3, map[int][]string{1: {"r1c1", "r1c5"}, 2: {"r1c5", "r1c9"}, 3: {"r1c1", "r1c9"}}, []string{"r1c1", "r1c5", "r1c9"}},
		{"quad", HiddenQuad, 4, map[int][]string{1: {"r1c1", "r1c3"}, 2: {"r1c3", "r1c5"}, 3: {"r1c5", "r1c7"}, 4: {"r1c7", "r1c1"}}, []string{"r1c1", "r1c3", "r1c5", "r1c7"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHuman(t, Shape9, "")
			for d, cells := range tc.digits {
				h.keepDigit(Unit{Row, 0}, d, cells...)
			}
			var want []string
			for _, c := range tc.cells {
				for d := tc.k + 1; d <= 9; d++ {
					want = append(want, elimsOf(d, c)...)
				}
			}
			steps := h.findAll(func(h *human) { h.hiddenSubset(tc.t, tc.k) })
			s := withEffect(steps, nil, want)
			require.NotNil(t, s, "%v", steps)
			assert.Equal(t, Unit{Row, 0}, s.Units[0])
			assert.Equal(t, Digits(1<<tc.k-1), s.Digits)

			// digit 1 also in r1c2: no hidden subset
			h = newHuman(t, Shape9, "")
			for d, cells := range tc.digits {
				if d == 1 {
					cells = append(cells, "r1c2")
				}
				h.keepDigit(Unit{Row, 0}, d, cells...)
			}
			assert.Empty(t, h.findAll(func(h *human) { h.hiddenSubset(tc.t, tc.k) }))
		})
	}
}

func TestCombos(t *testing.T) {
	var got [][]int
	combos([]uint32{0b011, 0b110, 0b101, 0b1000}, 3, make([]int, 4), func(pick []int, union uint32) bool {
		got = append(got, append([]int(nil), pick...))
		assert.Equal(t, uint32(0b111), union)
		return true
	})
	assert.Equal(t, [][]int{{0, 1, 2}}, got)
	idx := []int{0, 1}
	n := 1
	for nextCombo(idx, 4) {
		n++
	}
	assert.Equal(t, 6, n)
}
