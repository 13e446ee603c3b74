package solve

import "math/bits"

// Single-digit patterns (Skyscraper, 2-String Kite, Empty Rectangle) and
// wings (XY-Wing, XYZ-Wing, W-Wing). All work on every shape: the box
// patterns only need boxes to be rectangles of whole rows and columns,
// which every supported box is. On 4x4 grids they rarely have anything
// left to do after the simpler techniques.

// conjugate returns the two cells of unit u holding digit d when there are
// exactly two, and ok false otherwise.
func (h *human) conjugate(u, d int) (a, b int, ok bool) {
	p := h.b.pos[u][d]
	if bits.OnesCount16(p) != 2 {
		return 0, 0, false
	}
	g := h.b.g
	return int(g.unitCell[u][bits.TrailingZeros16(p)]), int(g.unitCell[u][15-bits.LeadingZeros16(p)]), true
}

// skyscraper: two parallel lines in which digit d lies in exactly two
// cells, one end of each (the base) in the same cross line; one of the two
// other ends (the roof) is d, so cells seeing both roof cells lose d.
// Units are the two lines; Cells base 1, roof 1, base 2, roof 2.
func (h *human) skyscraper() {
	b := &h.b
	g := b.g
	n := g.n
	h.eachDigit(&h.digitMemo[0], func(d int) {
		for o := range 2 {
			for l1 := o * n; l1 < (o+1)*n; l1++ {
				p1 := b.pos[l1][d]
				if bits.OnesCount16(p1) != 2 {
					continue
				}
				for l2 := l1 + 1; l2 < (o+1)*n; l2++ {
					p2 := b.pos[l2][d]
					if bits.OnesCount16(p2) != 2 || bits.OnesCount16(p1&p2) != 1 {
						continue
					}
					common := p1 & p2
					base1 := int(g.unitCell[l1][bits.TrailingZeros16(common)])
					base2 := int(g.unitCell[l2][bits.TrailingZeros16(common)])
					roof1 := int(g.unitCell[l1][bits.TrailingZeros16(p1&^common)])
					roof2 := int(g.unitCell[l2][bits.TrailingZeros16(p2&^common)])
					s := h.add(Skyscraper)
					if !h.elimSet(s, g.peers[roof1].and(g.peers[roof2]), d) {
						h.drop()
						continue
					}
					s.Digits = 1 << d
					s.Units = append(s.Units, g.unit[l1], g.unit[l2])
					s.Cells = append(s.Cells, h.cellOf(base1), h.cellOf(roof1), h.cellOf(base2), h.cellOf(roof2))
				}
			}
		}
	})
}

// twoStringKite: digit d lies in exactly two cells of a row and of a
// column, and one end of each is in the same box (different cells); then
// one of the two other ends is d, and cells seeing both lose d. Units are
// the row, the column and the box; Cells the row's far end, the row's end
// in the box, the column's end in the box, the column's far end.
func (h *human) twoStringKite() {
	b := &h.b
	g := b.g
	n := g.n
	h.eachDigit(&h.digitMemo[1], func(d int) {
		for r := range n {
			ra, rb, ok := h.conjugate(r, d)
			if !ok {
				continue
			}
			for c := n; c < 2*n; c++ {
				ca, cb, ok := h.conjugate(c, d)
				if !ok {
					continue
				}
				for _, rowPair := range [2][2]int{{ra, rb}, {rb, ra}} {
					for _, colPair := range [2][2]int{{ca, cb}, {cb, ca}} {
						inR, farR, inC, farC := rowPair[0], rowPair[1], colPair[0], colPair[1]
						if g.boxOf[inR] != g.boxOf[inC] || inR == inC || inR == farC || inC == farR || farR == farC {
							continue
						}
						s := h.add(TwoStringKite)
						if !h.elimSet(s, g.peers[farR].and(g.peers[farC]), d) {
							h.drop()
							continue
						}
						s.Digits = 1 << d
						s.Units = append(s.Units, g.unit[r], g.unit[c], g.unit[2*n+int(g.boxOf[inR])])
						s.Cells = append(s.Cells, h.cellOf(farR), h.cellOf(inR), h.cellOf(inC), h.cellOf(farC))
					}
				}
			}
		}
	})
}

// emptyRectangle: in a box, digit d lies only in one row and one column of
// the box (and not in just one of them). With a line outside the box in
// which d lies in exactly two cells, one in the box's row (or column), the
// cell where the other end's line crosses the box's column (or row) loses
// d. Units are the box, its row, its column and the outside line; Cells the
// line's end in the box's row (or column) and its other end.
func (h *human) emptyRectangle() {
	b := &h.b
	g := b.g
	n := g.n
	h.eachDigit(&h.digitMemo[2], func(d int) {
		// the rows and the columns where d lies in exactly two cells
		var rows, cols uint16
		for l := range n {
			if bits.OnesCount16(b.pos[l][d]) == 2 {
				rows |= 1 << l
			}
			if bits.OnesCount16(b.pos[n+l][d]) == 2 {
				cols |= 1 << l
			}
		}
		for bx := range n {
			bu := 2*n + bx
			in := b.pos[bu][d] // d's places in the box
			if bits.OnesCount16(in) < 2 {
				continue
			}
			for rs := g.rowsOf[bx]; rs != 0; rs &= rs - 1 {
				r := bits.TrailingZeros16(rs)
				for cs := g.colsOf[bx]; cs != 0; cs &= cs - 1 {
					c := bits.TrailingZeros16(cs)
					row, col := g.lineBox[r][bx], g.lineBox[n+c][bx] // their places in the box
					if in&^(row|col) != 0 || in&^row == 0 || in&^col == 0 {
						continue
					}
					// a column outside the box linking row r to another row
					// (a column's places are rows, a row's columns)
					for cs2 := cols &^ g.colsOf[bx]; cs2 != 0; cs2 &= cs2 - 1 {
						c2 := bits.TrailingZeros16(cs2)
						p := b.pos[n+c2][d]
						if p&(1<<r) == 0 {
							continue
						}
						ry := bits.TrailingZeros16(p &^ (1 << r)) // the other row
						if g.rowsOf[bx]&(1<<ry) != 0 {
							continue
						}
						h.erStep(d, bu, r, n+c, n+c2, r*n+c2, ry*n+c2, ry*n+c)
					}
					// a row outside the box linking column c to another column
					for rs2 := rows &^ g.rowsOf[bx]; rs2 != 0; rs2 &= rs2 - 1 {
						r2 := bits.TrailingZeros16(rs2)
						p := b.pos[r2][d]
						if p&(1<<c) == 0 {
							continue
						}
						cy := bits.TrailingZeros16(p &^ (1 << c)) // the other column
						if g.colsOf[bx]&(1<<cy) != 0 {
							continue
						}
						h.erStep(d, bu, r, n+c, r2, r2*n+c, r2*n+cy, r*n+cy)
					}
				}
			}
		}
	})
}

func (h *human) erStep(d, box, row, col, link, x, y, target int) {
	if !h.b.has(target, d) {
		return
	}
	g := h.b.g
	s := h.add(EmptyRectangle)
	h.elim(s, target, d)
	s.Digits = 1 << d
	s.Units = append(s.Units, g.unit[box], g.unit[row], g.unit[col], g.unit[link])
	s.Cells = append(s.Cells, h.cellOf(x), h.cellOf(y))
}

// bivalue appends the empty cells of set with exactly two candidates to
// out.
func (h *human) bivalue(set cellset, out []int) []int {
	for w, x := range set {
		for ; x != 0; x &= x - 1 {
			i := w<<6 + bits.TrailingZeros64(x)
			if bits.OnesCount32(uint32(h.b.cand[i])) == 2 {
				out = append(out, i)
			}
		}
	}
	return out
}

// cellsOf returns the set of the cells cs.
func cellsOf(cs []int) cellset {
	var set cellset
	for _, i := range cs {
		set.add(i)
	}
	return set
}

func (h *human) emptyCells() cellset {
	var all cellset
	for d := range h.b.g.n {
		all = all.or(h.b.dcells[d])
	}
	return all
}

// xyWing: a pivot with candidates {x,y} sees two pincers {x,z} and {y,z};
// one pincer is z, so cells seeing both lose z. Cells are the pivot and the
// pincers; Digits is z.
func (h *human) xyWing() {
	b := &h.b
	g := b.g
	var buf [MaxSize * MaxSize]int
	cells := h.bivalue(h.emptyCells(), buf[:0])
	biv := cellsOf(cells)
	var wings [3 * MaxSize]int
	for _, p := range cells {
		cp := b.cand[p]
		m := 0
		for k, x := range g.peers[p].and(biv) { // in order, as cells
			for ; x != 0; x &= x - 1 {
				if w := k<<6 + bits.TrailingZeros64(x); bits.OnesCount32(uint32(b.cand[w]&cp)) == 1 {
					wings[m] = w
					m++
				}
			}
		}
		for i := 0; i < m; i++ {
			c1 := b.cand[wings[i]]
			for j := i + 1; j < m; j++ {
				c2 := b.cand[wings[j]]
				z := c1 &^ cp
				if c1&cp == c2&cp || c2&^cp != z {
					continue
				}
				zd := bits.TrailingZeros32(uint32(z))
				s := h.add(XYWing)
				if !h.elimSet(s, g.peers[wings[i]].and(g.peers[wings[j]]), zd) {
					h.drop()
					continue
				}
				s.Digits = z
				s.Cells = append(s.Cells, h.cellOf(p), h.cellOf(wings[i]), h.cellOf(wings[j]))
				s.cc = append(s.cc, cp, c1, c2)
			}
		}
	}
}

// xyzWing: a pivot with candidates {x,y,z} sees two pincers {x,z} and
// {y,z}; one of the three is z, so cells seeing all three lose z. Cells are
// the pivot and the pincers; Digits is z.
func (h *human) xyzWing() {
	b := &h.b
	g := b.g
	var buf [MaxSize * MaxSize]int
	biv := cellsOf(h.bivalue(h.emptyCells(), buf[:0]))
	var wings [3 * MaxSize]int
	for p := range g.cells {
		cp := b.cand[p]
		if bits.OnesCount32(uint32(cp)) != 3 {
			continue
		}
		m := 0
		for k, x := range g.peers[p].and(biv) { // in order, as cells
			for ; x != 0; x &= x - 1 {
				if w := k<<6 + bits.TrailingZeros64(x); b.cand[w]&^cp == 0 {
					wings[m] = w
					m++
				}
			}
		}
		for i := 0; i < m; i++ {
			c1 := b.cand[wings[i]]
			for j := i + 1; j < m; j++ {
				c2 := b.cand[wings[j]]
				z := c1 & c2
				if c1 == c2 || z == 0 {
					continue
				}
				zd := bits.TrailingZeros32(uint32(z))
				s := h.add(XYZWing)
				if !h.elimSet(s, g.peers[p].and(g.peers[wings[i]]).and(g.peers[wings[j]]), zd) {
					h.drop()
					continue
				}
				s.Digits = z
				s.Cells = append(s.Cells, h.cellOf(p), h.cellOf(wings[i]), h.cellOf(wings[j]))
				s.cc = append(s.cc, cp, c1, c2)
			}
		}
	}
}

// wWing: two cells that do not see each other both hold only {x,y}, and
// x lies in exactly two cells of some unit, one seeing each of them; then
// one of the two cells is y, and cells seeing both lose y. Cells are the
// two cells and the link's ends; Units the link's unit; Digits is y.
func (h *human) wWing() {
	b := &h.b
	g := b.g
	var buf [MaxSize * MaxSize]int
	cells := h.bivalue(h.emptyCells(), buf[:0])
	for i, a := range cells {
		for _, c := range cells[i+1:] {
			if b.cand[a] != b.cand[c] || g.sees(a, c) {
				continue
			}
			pair := b.cand[a]
			for xs := pair; xs != 0; xs &= xs - 1 {
				x := bits.TrailingZeros32(uint32(xs))
				y := bits.TrailingZeros32(uint32(pair &^ (1 << x)))
				targets := g.peers[a].and(g.peers[c]).and(b.dcells[y])
				if targets.empty() {
					continue
				}
				for u := range 3 * g.n {
					e1, e2, ok := h.conjugate(u, x)
					if !ok || e1 == a || e1 == c || e2 == a || e2 == c {
						continue
					}
					if !(g.sees(e1, a) && g.sees(e2, c)) {
						e1, e2 = e2, e1
					}
					if !(g.sees(e1, a) && g.sees(e2, c)) {
						continue
					}
					s := h.add(WWing)
					h.elimSet(s, targets, y)
					s.Digits = 1 << y
					s.Units = append(s.Units, g.unit[u])
					s.Cells = append(s.Cells, h.cellOf(a), h.cellOf(c), h.cellOf(e1), h.cellOf(e2))
					s.cc = append(s.cc, pair)
					break
				}
			}
		}
	}
}
