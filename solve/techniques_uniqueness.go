package solve

import "math/bits"

// Uniqueness techniques. They assume the puzzle has one solution, which
// the solver checks with the exact solver before it starts. They work on
// every shape: a unique rectangle is four empty cells in two rows, two
// columns and exactly two boxes.

// twoBoxes reports whether the rectangle on cells a, b (one line) and c, d
// (the parallel line, same cross lines) spans exactly two boxes.
func (g *hgeo) twoBoxes(a, b, c, d int) bool {
	ba, bb, bc, bd := g.boxOf[a], g.boxOf[b], g.boxOf[c], g.boxOf[d]
	return (ba == bb && bc == bd && ba != bc) || (ba == bc && bb == bd && ba != bb)
}

// rectangles calls f for every rectangle whose floor (two cells of one
// line) holds only the same two candidates and whose roof cells (in a
// parallel line) both hold those two and maybe more, over exactly two boxes.
func (h *human) rectangles(f func(f1, f2, r1, r2 int, pair Digits) bool) {
	b := &h.b
	g := b.g
	n := g.n
	for o := range 2 {
		for l := o * n; l < (o+1)*n; l++ {
			for p1 := b.free[l]; p1 != 0; p1 &= p1 - 1 {
				x := bits.TrailingZeros16(p1)
				f1 := int(g.unitCell[l][x])
				pair := b.cand[f1]
				if bits.OnesCount32(uint32(pair)) != 2 {
					continue
				}
				for p2 := p1 & (p1 - 1); p2 != 0; p2 &= p2 - 1 {
					y := bits.TrailingZeros16(p2)
					f2 := int(g.unitCell[l][y])
					if b.cand[f2] != pair {
						continue
					}
					for l2 := o * n; l2 < (o+1)*n; l2++ {
						if l2 == l {
							continue
						}
						r1, r2 := int(g.unitCell[l2][x]), int(g.unitCell[l2][y])
						if b.cand[r1]&pair != pair || b.cand[r2]&pair != pair || !g.twoBoxes(f1, f2, r1, r2) {
							continue
						}
						if !f(f1, f2, r1, r2, pair) {
							return
						}
					}
				}
			}
		}
	}
}

// uniqueRectangle1 (Uniqueness Test 1): three corners of a rectangle hold
// only {a,b} and the fourth holds a, b and more; if the fourth were a or b
// the four cells could swap a and b, giving two solutions, so the fourth
// loses a and b. Cells are the four corners, the one that loses last;
// Digits is {a,b}.
func (h *human) uniqueRectangle1() {
	b := &h.b
	h.rectangles(func(f1, f2, r1, r2 int, pair Digits) bool {
		target, other := r1, r2
		if b.cand[r1] == pair {
			target, other = r2, r1
		}
		if b.cand[other] != pair || b.cand[target] == pair {
			return true
		}
		s := h.add(UniqueRectangle1)
		for d := pair; d != 0; d &= d - 1 {
			h.elim(s, target, bits.TrailingZeros32(uint32(d)))
		}
		s.Digits = pair
		s.Cells = append(s.Cells, h.cellOf(f1), h.cellOf(f2), h.cellOf(other), h.cellOf(target))
		return true
	})
}

// uniqueRectangle2 (Uniqueness Test 2): two corners of a rectangle hold
// only {a,b} and the other two hold {a,b,x}, the same x; one of those two
// is x, so cells seeing both lose x. Cells are the four corners, the two
// with x last; Digits is {a,b}.
func (h *human) uniqueRectangle2() {
	b := &h.b
	g := b.g
	h.rectangles(func(f1, f2, r1, r2 int, pair Digits) bool {
		c := b.cand[r1]
		x := c &^ pair
		if c != b.cand[r2] || bits.OnesCount32(uint32(x)) != 1 {
			return true
		}
		s := h.add(UniqueRectangle2)
		if !h.elimSet(s, g.peers[r1].and(g.peers[r2]), bits.TrailingZeros32(uint32(x))) {
			h.drop()
			return true
		}
		s.Digits = pair
		s.Cells = append(s.Cells, h.cellOf(f1), h.cellOf(f2), h.cellOf(r1), h.cellOf(r2))
		return true
	})
}

// uniqueRectangle4 (Uniqueness Test 4): two corners of a rectangle hold
// only {a,b}, and in a unit that the other two share, a lies only in those
// two, so one of them is a. Neither can be b: with one a and one b on that
// side, the four cells would be the deadly pattern. So both lose b. Cells
// are the four corners, the two that lose b last; Units[0] is the unit;
// Digits is {a,b}; cc[0] is {a}.
func (h *human) uniqueRectangle4() {
	b := &h.b
	g := b.g
	h.rectangles(func(f1, f2, r1, r2 int, pair Digits) bool {
		for _, kind := range []UnitKind{Row, Col, Box} {
			u := int(g.cellUnit[r1][kind])
			if u != int(g.cellUnit[r2][kind]) {
				continue
			}
			both := uint16(1)<<g.cellPos[r1][kind] | uint16(1)<<g.cellPos[r2][kind]
			for a := pair; a != 0; a &= a - 1 {
				da := bits.TrailingZeros32(uint32(a))
				if b.pos[u][da] != both {
					continue
				}
				db := bits.TrailingZeros32(uint32(pair &^ (1 << da)))
				s := h.add(UniqueRectangle4)
				h.elim(s, r1, db)
				h.elim(s, r2, db)
				s.Digits = pair
				s.Cells = append(s.Cells, h.cellOf(f1), h.cellOf(f2), h.cellOf(r1), h.cellOf(r2))
				s.Units = append(s.Units, g.unit[u])
				s.cc = append(s.cc, 1<<da)
			}
		}
		return true
	})
}

// bugPlus1 (Bivalue Universal Grave + 1): every empty cell holds two
// candidates but one, which holds three, and without the extra digit every
// digit would lie in exactly two cells of each unit where it is missing.
// Such a grid (a BUG) has no solution or several, so the extra digit is the
// one the three-candidate cell holds: the one that lies three times in its
// units. Cells[0] is that cell.
func (h *human) bugPlus1() {
	b := &h.b
	g := b.g
	t := -1
	for i := range g.cells {
		switch bits.OnesCount32(uint32(b.cand[i])) {
		case 0, 2:
		case 3:
			if t >= 0 {
				return
			}
			t = i
		default:
			return
		}
	}
	if t < 0 {
		return
	}
	row := int(g.cellUnit[t][Row])
	extra := -1
	for c := b.cand[t]; c != 0; c &= c - 1 {
		d := bits.TrailingZeros32(uint32(c))
		if bits.OnesCount16(b.pos[row][d]) == 3 {
			extra = d
		}
	}
	if extra < 0 {
		return
	}
	// without extra in t, every digit must lie in 0 or 2 cells of every unit
	for u := range 3 * g.n {
		for d := range g.n {
			p := b.pos[u][d]
			if d == extra && g.unitSet[u].has(t) {
				p &^= 1 << g.cellPos[t][g.unit[u].Kind]
			}
			if c := bits.OnesCount16(p); c != 0 && c != 2 {
				return
			}
		}
	}
	s := h.add(BUGPlus1)
	h.placeIn(s, t, extra)
	s.Cells = append(s.Cells, h.cellOf(t))
	s.Digits = 1 << extra
	s.cc = append(s.cc, b.cand[t])
}
