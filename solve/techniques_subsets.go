package solve

import "math/bits"

// Naked and hidden subsets (pairs, triples, quads). They work on every
// shape.

// nakedSubset: k empty cells of a unit that together hold only k digits;
// those digits cannot be in the unit's other cells. Units[0] is the unit,
// Cells the k cells, Digits the k digits.
func (h *human) nakedSubset(t Technique, k int) {
	b := &h.b
	g := b.g
	// a subset lies in one unit and eliminates there only
	memo := &h.subsetMemo[2*(k-2)]
	changed := h.unitsSince(memo)
	least := k + 1 // the fewest empty cells of a unit worth a search
	if !h.noShortcut {
		least = 2 * k // see complementSubsets
	}
	for u := range 3 * g.n {
		if bits.OnesCount16(b.free[u]) < least || changed&(1<<u) == 0 {
			continue
		}
		var items [MaxSize]uint8 // positions in the unit
		var sets [MaxSize]uint32 // their candidates
		m := 0
		for f := b.free[u]; f != 0; f &= f - 1 {
			p := bits.TrailingZeros16(f)
			c := b.cand[g.unitCell[u][p]]
			if n := c.Len(); n >= 2 && n <= k {
				items[m], sets[m] = uint8(p), uint32(c)
				m++
			}
		}
		combos(sets[:m], k, h.pick[:], func(pick []int, union uint32) bool {
			var inSet cellset
			for _, x := range pick {
				inSet.add(int(g.unitCell[u][items[x]]))
			}
			s := h.add(t)
			others := g.unitSet[u].andNot(inSet)
			for dd := union; dd != 0; dd &= dd - 1 {
				h.elimSet(s, others, bits.TrailingZeros32(dd))
			}
			if !h.keepIf(s) {
				return true
			}
			s.Units = append(s.Units, g.unit[u])
			for _, x := range pick {
				s.Cells = append(s.Cells, h.cellOf(int(g.unitCell[u][items[x]])))
			}
			s.Digits = Digits(union)
			return true
		})
	}
	memo.keep(b, len(h.found) > 0)
}

// hiddenSubset: k digits that, in a unit, lie only in the same k cells;
// those cells can hold no other digit. Units[0] is the unit, Cells the k
// cells, Digits the k digits.
func (h *human) hiddenSubset(t Technique, k int) {
	b := &h.b
	g := b.g
	memo := &h.subsetMemo[2*(k-2)+1]
	changed := h.unitsSince(memo)
	least := k + 1
	if !h.noShortcut {
		least = 2*k + 1 // see complementSubsets
	}
	for u := range 3 * g.n {
		if bits.OnesCount16(b.free[u]) < least || changed&(1<<u) == 0 {
			continue
		}
		var items [MaxSize]uint8 // digits
		var sets [MaxSize]uint32 // their positions
		m := 0
		for d := range g.n {
			p := b.pos[u][d]
			if n := bits.OnesCount16(p); n >= 2 && n <= k {
				items[m], sets[m] = uint8(d), uint32(p)
				m++
			}
		}
		combos(sets[:m], k, h.pick[:], func(pick []int, union uint32) bool {
			var digits Digits
			for _, x := range pick {
				digits |= 1 << items[x]
			}
			s := h.add(t)
			for f := union; f != 0; f &= f - 1 {
				i := int(g.unitCell[u][bits.TrailingZeros32(f)])
				for c := b.cand[i] &^ digits; c != 0; c &= c - 1 {
					h.elim(s, i, bits.TrailingZeros32(uint32(c)))
				}
			}
			if !h.keepIf(s) {
				return true
			}
			s.Units = append(s.Units, g.unit[u])
			for f := union; f != 0; f &= f - 1 {
				s.Cells = append(s.Cells, h.cellOf(int(g.unitCell[u][bits.TrailingZeros32(f)])))
			}
			s.Digits = digits
			return true
		})
	}
	memo.keep(b, len(h.found) > 0)
}

// complementSubsets: in a unit with m empty cells, a naked subset of k
// cells (their k digits leave the other cells) and a hidden subset of the
// other m-k digits in the other m-k cells are one and the same, with the
// same eliminations (the m-k digits lie in all of those cells, as the
// solution, which the board always agrees with, puts each in a cell of
// its own). The solver tries them in the order naked pair,
// hidden pair, naked triple, hidden triple, ... and singles before all,
// so a naked k-subset is new only when its hidden complement (of m-k) is
// not smaller than k, m >= 2k, and a hidden k-subset only when its naked
// complement is larger than k, m > 2k: otherwise the complement (or a
// single, or nothing at all for m = k) came first and found nothing.

// combos calls f with every choice of k of the sets (as indexes, in
// increasing order) whose union has exactly k elements, until f returns
// false.
//
// idx is the caller's memory for the picks (at least k long), so that
// nothing escapes to the heap.
func combos(sets []uint32, k int, idx []int, f func(pick []int, union uint32) bool) {
	combosWithin(sets, k, k, k, idx, f)
}

// nextCombo advances idx, k increasing indexes below m, to the next
// combination in lexicographic order; it reports false after the last.
func nextCombo(idx []int, m int) bool {
	k := len(idx)
	for i := k - 1; i >= 0; i-- {
		if idx[i] < m-k+i {
			idx[i]++
			for j := i + 1; j < k; j++ {
				idx[j] = idx[j-1] + 1
			}
			return true
		}
	}
	return false
}
