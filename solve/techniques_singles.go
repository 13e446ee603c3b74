package solve

import "math/bits"

// fullHouse: a unit with one empty cell left; that cell gets the unit's
// missing digit. Units[0] is the unit, Cells[0] the cell.
func (h *human) fullHouse() {
	b := &h.b
	g := b.g
	for u := range 3 * g.n {
		f := b.free[u]
		if f == 0 || f&(f-1) != 0 {
			continue
		}
		i := int(g.unitCell[u][bits.TrailingZeros16(f)])
		c := b.cand[i]
		if c == 0 {
			continue
		}
		s := h.add(FullHouse)
		h.placeIn(s, i, bits.TrailingZeros32(uint32(c)))
		s.Units = append(s.Units, g.unit[u])
		s.Cells = append(s.Cells, h.cellOf(i))
		s.Digits = c & -c
	}
}

// nakedSingle: an empty cell with one candidate left. Cells[0] is the cell.
func (h *human) nakedSingle() {
	b := &h.b
	for i := range b.g.cells {
		c := b.cand[i]
		if c == 0 || c&(c-1) != 0 {
			continue
		}
		s := h.add(NakedSingle)
		h.placeIn(s, i, bits.TrailingZeros32(uint32(c)))
		s.Cells = append(s.Cells, h.cellOf(i))
		s.Digits = c
	}
}

// hiddenSingle: a digit with one place left in a unit. Boxes are looked at
// first, then rows, then columns; Units[0] is the unit, Cells[0] the cell.
func (h *human) hiddenSingle() {
	b := &h.b
	g := b.g
	n := g.n
	for k := range 3 {
		for u := (k + 2) % 3 * n; u < ((k+2)%3+1)*n; u++ {
			// the digits still to place in u: a placed one has no place
			for ds := uint32(g.all &^ b.placed[u]); ds != 0; ds &= ds - 1 {
				d := bits.TrailingZeros32(ds)
				p := b.pos[u][d]
				if p == 0 || p&(p-1) != 0 {
					continue
				}
				i := int(g.unitCell[u][bits.TrailingZeros16(p)])
				s := h.add(HiddenSingle)
				h.placeIn(s, i, d)
				s.Units = append(s.Units, g.unit[u])
				s.Cells = append(s.Cells, h.cellOf(i))
				s.Digits = 1 << d
			}
		}
	}
}
