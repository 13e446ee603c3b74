package solve

import "math/bits"

// Locked Candidates. They work on every shape, whatever the boxes' size.

// pointing (Locked Candidates Type 1): in a box, a digit lies only in one
// row (or column); it cannot be elsewhere in that line. Units are the box
// and the line; Cells the box's cells holding the digit.
func (h *human) pointing() {
	b := &h.b
	g := b.g
	n := g.n
	for bx := range n {
		u := 2*n + bx
		for ds := uint32(g.all &^ b.placed[u]); ds != 0; ds &= ds - 1 { // a placed digit has no place
			d := bits.TrailingZeros32(ds)
			p := b.pos[u][d]
			if p&(p-1) == 0 {
				continue
			}
			// the line of the box's first place, if it holds them all (two
			// places or more: not both a row and a column), and has the
			// digit outside the box: else nothing to do
			i := g.unitCell[u][bits.TrailingZeros16(p)]
			line := int(g.cellUnit[i][Row])
			if p&^g.lineBox[line][bx] != 0 {
				if line = int(g.cellUnit[i][Col]); p&^g.lineBox[line][bx] != 0 {
					continue
				}
			}
			if b.pos[line][d]&^g.boxLine[bx][line] == 0 {
				continue
			}
			s := h.add(Pointing)
			if !h.elimSet(s, g.unitSet[line].andNot(g.unitSet[u]), d) {
				h.drop()
				continue
			}
			s.Units = append(s.Units, g.unit[u], g.unit[line])
			s.Digits = 1 << d
			h.patternCells(s, g.unitSet[u], d)
		}
	}
}

// claiming (Locked Candidates Type 2): in a row (or column), a digit lies
// only in one box; it cannot be elsewhere in that box. Units are the line
// and the box; Cells the line's cells holding the digit.
func (h *human) claiming() {
	b := &h.b
	g := b.g
	n := g.n
	for l := range 2 * n {
		for ds := uint32(g.all &^ b.placed[l]); ds != 0; ds &= ds - 1 { // a placed digit has no place
			d := bits.TrailingZeros32(ds)
			p := b.pos[l][d]
			if p&(p-1) == 0 {
				continue
			}
			bx := int(g.boxOf[g.unitCell[l][bits.TrailingZeros16(p)]])
			if p&^g.boxLine[bx][l] != 0 {
				continue
			}
			u := 2*n + bx
			if b.pos[u][d]&^g.lineBox[l][bx] == 0 {
				continue // the box has the digit in the line only
			}
			s := h.add(Claiming)
			if !h.elimSet(s, g.unitSet[u].andNot(g.unitSet[l]), d) {
				h.drop()
				continue
			}
			s.Units = append(s.Units, g.unit[l], g.unit[u])
			s.Digits = 1 << d
			h.patternCells(s, g.unitSet[l], d)
		}
	}
}

// patternCells appends to s.Cells the cells of set that hold digit d.
func (h *human) patternCells(s *Step, set cellset, d int) {
	h.scratch = set.and(h.b.dcells[d]).appendTo(h.scratch[:0])
	for _, i := range h.scratch {
		s.Cells = append(s.Cells, h.cellOf(i))
	}
}
