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
// parallel line) both hold those two and maybe more, over exactly two boxes,
// until f returns false. Four tests ask in turn on one board: the list is
// made once a round.
func (h *human) rectangles(f func(f1, f2, r1, r2 int, pair Digits) bool) {
	if !h.rectsOK {
		h.rects = h.listRectangles(h.rects[:0])
		h.rectsOK = true
	}
	for _, r := range h.rects {
		if !f(int(r.f1), int(r.f2), int(r.r1), int(r.r2), r.pair) {
			return
		}
	}
}

// rect is one rectangle of rectangles: its floor f1, f2, its roof r1, r2
// and the pair.
type rect struct {
	f1, f2, r1, r2 int32
	pair           Digits
}

// listRectangles appends the rectangles of the board to rs, in the order
// rectangles gives them.
func (h *human) listRectangles(rs []rect) []rect {
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
						rs = append(rs, rect{int32(f1), int32(f2), int32(r1), int32(r2), pair})
					}
				}
			}
		}
	}
	return rs
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

// hiddenRectangle (Hidden Rectangle): the four corners of a rectangle over
// two boxes all hold a and b, and one corner A holds only them. In the
// row and the column of the opposite corner D, a lies only in the
// rectangle's corners. If D were b, the other two corners would be a (a's
// only other place in each line), A would be b, and the four cells would
// be the deadly pattern. So D loses b. Cells are A, the two corners beside
// it, then D; Digits is {a,b}; cc[0] is {a}.
func (h *human) hiddenRectangle() {
	b := &h.b
	n := b.g.n
	h.urCorners(func(a, bc, cc, d int, pair Digits) {
		ra, ca, r, c := a/n, a%n, d/n, d%n // bc is beside A in its row, cc in its column; d opposite
		for xs := pair; xs != 0; xs &= xs - 1 {
			x := bits.TrailingZeros32(uint32(xs))
			y := bits.TrailingZeros32(uint32(pair &^ (1 << x)))
			// x in D's row only at cc and D, in D's column only at bc and D
			if b.pos[r][x] != 1<<ca|1<<c || b.pos[n+c][x] != 1<<ra|1<<r {
				continue
			}
			s := h.add(HiddenRectangle)
			h.elim(s, d, y)
			s.Digits = pair
			s.Cells = append(s.Cells, h.cellOf(a), h.cellOf(bc), h.cellOf(cc), h.cellOf(d))
			s.cc = append(s.cc, 1<<x)
		}
	})
}

// uniqueRectangle3 (Uniqueness Test 3): two corners of a rectangle over
// two boxes hold only {a,b}, the other two (in one line) a, b and some
// more digits X between them. One of those two holds a digit of X (else
// the deadly pattern), so together they act as one cell holding X: with k
// other cells of a unit they share, holding with X only k+1 digits, they
// make a naked subset, and the unit's other cells lose those digits.
// Cells are the four corners, the two with extra digits last, then the
// subset's other cells; Units[0] is the unit; Digits is {a,b}; cc[0] the
// subset's digits, cc[1] the extra digits X.
func (h *human) uniqueRectangle3() {
	b := &h.b
	g := b.g
	h.rectangles(func(f1, f2, r1, r2 int, pair Digits) bool {
		x := (b.cand[r1] | b.cand[r2]) &^ pair
		if x == 0 || b.cand[r1] == pair || b.cand[r2] == pair {
			return true
		}
		for _, kind := range []UnitKind{Row, Col, Box} {
			u := int(g.cellUnit[r1][kind])
			if u != int(g.cellUnit[r2][kind]) {
				continue
			}
			// the unit's other empty cells, as items for combos
			var items [MaxSize]int
			var sets [MaxSize]uint32
			m := 0
			for f := b.free[u]; f != 0; f &= f - 1 {
				i := int(g.unitCell[u][bits.TrailingZeros16(f)])
				if i == r1 || i == r2 {
					continue
				}
				items[m], sets[m] = i, uint32(b.cand[i])
				m++
			}
			for k := 1; k <= 3 && k < m; k++ {
				var idx [4]int
				for j := range k {
					idx[j] = j
				}
				for {
					union := x
					for _, j := range idx[:k] {
						union |= Digits(sets[j])
					}
					if union.Len() == k+1 {
						h.ur3Step(f1, f2, r1, r2, pair, u, items[:], idx[:k], union)
					}
					if !nextCombo(idx[:k], m) {
						break
					}
				}
			}
		}
		return true
	})
}

// ur3Step records a Uniqueness Test 3 if its subset eliminates anything.
func (h *human) ur3Step(f1, f2, r1, r2 int, pair Digits, u int, items []int, pick []int, digits Digits) {
	b := &h.b
	g := b.g
	var in cellset
	in.add(r1)
	in.add(r2)
	for _, j := range pick {
		in.add(items[j])
	}
	s := h.add(UniqueRectangle3)
	others := g.unitSet[u].andNot(in)
	for ds := digits; ds != 0; ds &= ds - 1 {
		h.elimSet(s, others, bits.TrailingZeros32(uint32(ds)))
	}
	if !h.keepIf(s) {
		return
	}
	s.Digits = pair
	s.Units = append(s.Units, g.unit[u])
	s.Cells = append(s.Cells, h.cellOf(f1), h.cellOf(f2), h.cellOf(r1), h.cellOf(r2))
	for _, j := range pick {
		s.Cells = append(s.Cells, h.cellOf(items[j]))
	}
	s.cc = append(s.cc, digits, (b.cand[r1]|b.cand[r2])&^pair)
}

// Avoidable rectangles: the solver's own digits (and a student's entries)
// are not givens, so four of them on a rectangle over two boxes holding
// a, b, a, b could swap: two solutions. A rectangle that would end that way
// must be avoided.

// solvedRects calls f for every rectangle over two boxes with corner p
// solved, not a given, q and r beside p (q in p's row, r in its column),
// and o opposite and unsolved, where q and r are both solved, not givens
// (both: AR1), or else one of them is and the other and o are unsolved
// with two candidates (AR2); each rectangle once per corner p, row by row
// and then column by column. Only such rectangles can be avoidable ones,
// and leaving the others out keeps the order of those.
func (h *human) solvedRects(both bool, f func(p, q, r, o int)) {
	b := &h.b
	g := b.g
	n := g.n
	// solved[u]: the places of unit u solved, not by a given; open[row]
	// and pairs[row]: the row's unsolved places, and those of them with
	// two candidates
	var solved [2 * MaxSize]uint16
	var open, pairs [MaxSize]uint16
	for r := range n {
		for c := range n {
			switch i := r*n + c; {
			case b.value[i] == 0:
				open[r] |= 1 << c
				if b.cand[i].Len() == 2 {
					pairs[r] |= 1 << c
				}
			case !h.given.has(i):
				solved[r] |= 1 << c
				solved[n+c] |= 1 << r
			}
		}
	}
	all := uint16(1)<<n - 1
	for rp := range n {
		for ps := solved[rp]; ps != 0; ps &= ps - 1 { // p solved, not a given
			cp := bits.TrailingZeros16(ps)
			p := rp*n + cp
			rows, cols := solved[n+cp], solved[rp] // where r, q are solved
			for others := all &^ (1 << rp); others != 0; others &= others - 1 {
				row := bits.TrailingZeros16(others)
				var cs uint16 // the columns of q and o
				switch rSolved := rows&(1<<row) != 0; {
				case both:
					if !rSolved {
						continue
					}
					cs = cols & open[row]
				case rSolved: // q and o unsolved, two candidates each
					cs = pairs[rp] & pairs[row]
				case pairs[row]&(1<<cp) != 0: // q solved; r and o two candidates
					cs = cols & pairs[row]
				}
				for cs &^= 1 << cp; cs != 0; cs &= cs - 1 {
					c := bits.TrailingZeros16(cs)
					q, r, o := rp*n+c, row*n+cp, row*n+c
					if g.twoBoxes(p, q, r, o) {
						f(p, q, r, o)
					}
				}
			}
		}
	}
}

// rectangles calls f for every rectangle over two boxes with corner a
// whose other row is in rows and whose other column in cols (bit sets;
// a's own are left out): b beside a in its row, c beside a in its column,
// d opposite; row by row, then column by column.
func (g *hgeo) rectangles(a int, rows, cols uint16, f func(b, c, d int)) {
	n := g.n
	ra, ca := a/n, a%n
	for rs := rows &^ (1 << ra); rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros16(rs)
		for cs := cols &^ (1 << ca); cs != 0; cs &= cs - 1 {
			c := bits.TrailingZeros16(cs)
			b, cc, d := ra*n+c, r*n+ca, r*n+c
			if g.twoBoxes(a, b, cc, d) {
				f(b, cc, d)
			}
		}
	}
}

// avoidableRectangle1 (Avoidable Rectangle Type 1): three corners of a
// rectangle are solved, not givens: p holds a, the two beside it b; if the
// fourth held a, the four could swap. So it loses a. Cells are p, the two
// beside it, then the fourth; Digits is {a,b}.
func (h *human) avoidableRectangle1() {
	b := &h.b
	h.solvedRects(true, func(p, q, r, o int) {
		a, bb := int(b.value[p])-1, int(b.value[q])-1
		if b.value[o] != 0 || !b.has(o, a) || b.value[q] == 0 || b.value[r] != b.value[q] ||
			h.given.has(q) || h.given.has(r) || a == bb {
			return
		}
		s := h.add(AvoidableRect1)
		h.elim(s, o, a)
		s.Digits = 1<<a | 1<<bb
		s.Cells = append(s.Cells, h.cellOf(p), h.cellOf(q), h.cellOf(r), h.cellOf(o))
	})
}

// avoidableRectangle2 (Avoidable Rectangle Type 2): two corners in one
// line are solved, not givens, p with a and q with b; the corners opposite
// hold only {b,x} (below p) and {a,x} (below q), the same x. Were they b
// and a, the four could swap: so one of them is x, and cells seeing both
// lose x. Cells are p, q, then the two others; Digits is {a,b}.
func (h *human) avoidableRectangle2() {
	h.solvedRects(false, func(p, q, r, o int) {
		h.ar2(p, q, r, o) // the solved pair in p's row
		h.ar2(p, r, q, o) // in p's column
	})
}

// ar2 records the Avoidable Rectangle Type 2 with p and q solved in one
// line, r in the parallel line beside p, o beside q.
func (h *human) ar2(p, q, r, o int) {
	b := &h.b
	g := b.g
	if b.value[q] == 0 || h.given.has(q) || b.value[r] != 0 || b.value[o] != 0 {
		return
	}
	a, bb := Digits(1)<<(b.value[p]-1), Digits(1)<<(b.value[q]-1)
	x := b.cand[r] &^ bb
	if a == bb || b.cand[r]&bb == 0 || x.Len() != 1 || b.cand[r].Len() != 2 || b.cand[o] != a|x {
		return
	}
	xd := bits.TrailingZeros32(uint32(x))
	s := h.add(AvoidableRect2)
	if !h.elimSet(s, g.peers[r].and(g.peers[o]), xd) {
		h.drop()
		return
	}
	s.Digits = a | bb
	s.Cells = append(s.Cells, h.cellOf(p), h.cellOf(q), h.cellOf(r), h.cellOf(o))
	s.cc = append(s.cc, x, a, bb) // the extra digit, then the solved corners' digits
}

// bugPlusN (BUG+n): the grid would be a bivalue universal grave (every
// empty cell with two candidates, every digit twice in every unit where it
// is missing: no solution or several) but for some extra candidates, the
// BUG candidates, each the only candidate of a cell with more than two that
// keeps a digit from lying twice in a unit. One of them is true, so a
// candidate that cannot be true with any of them (in their cell, or the
// same digit seeing them) is false. It runs after BUG+1, which places a
// lone BUG candidate. Cells are the cells with BUG candidates; cc[k] the
// BUG candidates of Cells[k].
func (h *human) bugPlusN() {
	b := &h.b
	g := b.g
	n := g.n
	var bug [MaxSize]cellset // the BUG candidates, by digit
	for u := range 3 * n {
		for d := range n {
			p := b.pos[u][d]
			if c := bits.OnesCount16(p); c == 0 || c == 2 {
				continue
			}
			poly, count := -1, 0
			for ; p != 0; p &= p - 1 {
				i := int(g.unitCell[u][bits.TrailingZeros16(p)])
				if b.cand[i].Len() > 2 {
					poly = i
					count++
				}
			}
			switch count {
			case 0:
				return // a digit off its pairs with no cell to blame: no BUG
			case 1:
				bug[d].add(poly)
			}
		}
	}
	// without the BUG candidates: two candidates a cell, two places a digit
	var cells cellset
	total := 0
	for d := range n {
		cells = cells.or(bug[d])
		total += bug[d].count()
	}
	if total < 2 {
		return
	}
	for i := range g.cells {
		if c := b.cand[i]; c != 0 {
			rest := 0
			for ; c != 0; c &= c - 1 {
				if !bug[bits.TrailingZeros32(uint32(c))].has(i) {
					rest++
				}
			}
			if rest != 2 {
				return
			}
		}
	}
	for u := range 3 * n {
		for d := range n {
			if c := b.dcells[d].and(g.unitSet[u]).andNot(bug[d]).count(); c != 0 && c != 2 {
				return
			}
		}
	}
	// a candidate false with every BUG candidate true
	s := h.add(BUGPlusN)
	for d := range n {
		t := b.dcells[d].andNot(bug[d])
		for e := range n {
			for _, i := range bug[e].appendTo(h.scratch[:0]) {
				if e == d {
					t = t.and(g.peers[i])
				} else {
					var one cellset
					one.add(i)
					t = t.and(one)
				}
			}
		}
		h.elimSet(s, t, d)
	}
	if !h.keepIf(s) {
		return
	}
	for _, i := range cells.appendTo(h.scratch[:0]) {
		s.Cells = append(s.Cells, h.cellOf(i))
		var c Digits
		for d := range n {
			if bug[d].has(i) {
				c |= 1 << d
			}
		}
		s.cc = append(s.cc, c)
		s.Digits |= c
	}
}

// urCorners calls f for every rectangle over two boxes whose corners all
// hold the two candidates of its corner a, a bivalue cell: b beside a in
// its row, c beside a in its column, d opposite.
func (h *human) urCorners(f func(a, b, c, d int, pair Digits)) {
	bd := &h.b
	n := bd.g.n
	for a := range bd.g.cells {
		pair := bd.cand[a]
		if bits.OnesCount32(uint32(pair)) != 2 {
			continue
		}
		// the rows where a's column, and the columns where a's row, hold
		// both digits
		x, y := bits.TrailingZeros32(uint32(pair)), 31-bits.LeadingZeros32(uint32(pair))
		row, col := a/n, n+a%n
		rows, cols := bd.pos[col][x]&bd.pos[col][y], bd.pos[row][x]&bd.pos[row][y]
		bd.g.rectangles(a, rows, cols, func(b, c, d int) {
			if bd.cand[b]&pair == pair && bd.cand[c]&pair == pair && bd.cand[d]&pair == pair {
				f(a, b, c, d, pair)
			}
		})
	}
}

// uniqueRectangle5 (Uniqueness Test 5): the corners of a rectangle over
// two boxes hold a and b, one or two of them (diagonal to each other)
// nothing else, and the others a, b and the same one more digit x. One of
// those is x (else the deadly pattern), so cells seeing all of them lose
// x. (Two in one line are Uniqueness Test 2.) Cells are the four corners,
// those with x last; cc their candidates; Digits is {a,b}.
func (h *human) uniqueRectangle5() {
	b := &h.b
	g := b.g
	h.urCorners(func(a, bc, cc, d int, pair Digits) {
		var extra [3]int
		k := 0
		var x Digits
		for _, i := range [3]int{bc, cc, d} {
			if b.cand[i] == pair {
				continue
			}
			e := b.cand[i] &^ pair
			if e.Len() != 1 || (x != 0 && e != x) {
				return
			}
			x = e
			extra[k] = i
			k++
		}
		// two extra corners must be diagonal (b and c), three are the rest
		if k < 2 || (k == 2 && (extra[0] != bc || extra[1] != cc)) {
			return
		}
		if k == 3 && b.cand[a] != pair {
			return
		}
		see := b.dcells[bits.TrailingZeros32(uint32(x))]
		for _, i := range extra[:k] {
			see = see.and(g.peers[i])
		}
		s := h.add(UniqueRectangle5)
		if !h.elimSet(s, see, bits.TrailingZeros32(uint32(x))) {
			h.drop()
			return
		}
		s.Digits = pair
		for _, i := range [4]int{a, bc, cc, d} {
			if b.cand[i] == pair {
				s.Cells = append(s.Cells, h.cellOf(i))
				s.cc = append(s.cc, pair)
			}
		}
		for _, i := range extra[:k] {
			s.Cells = append(s.Cells, h.cellOf(i))
			s.cc = append(s.cc, b.cand[i])
		}
	})
}

// uniqueRectangle6 (Uniqueness Test 6): two diagonal corners of a
// rectangle over two boxes hold only {a,b}, the other two a, b and more,
// and in both rows (or both columns) a lies only in the rectangle. If one
// of the other two were a, it and its diagonal would be a, the bivalue
// corners b: the deadly pattern. So both lose a. Cells are the bivalue
// corners, then the two that lose a; Digits is {a,b}; cc[0] is {a}.
func (h *human) uniqueRectangle6() {
	b := &h.b
	g := b.g
	n := g.n
	h.urCorners(func(a, bc, cc, d int, pair Digits) {
		if b.cand[d] != pair || b.cand[bc] == pair || b.cand[cc] == pair || a > d {
			return
		}
		ra, ca, r, c := a/n, a%n, d/n, d%n
		rows := uint16(1)<<ca | uint16(1)<<c
		cols := uint16(1)<<ra | uint16(1)<<r
		for xs := pair; xs != 0; xs &= xs - 1 {
			x := bits.TrailingZeros32(uint32(xs))
			inRows := b.pos[ra][x] == rows && b.pos[r][x] == rows
			inCols := b.pos[n+ca][x] == cols && b.pos[n+c][x] == cols
			if !inRows && !inCols {
				continue
			}
			s := h.add(UniqueRectangle6)
			h.elim(s, bc, x)
			h.elim(s, cc, x)
			s.Digits = pair
			s.Cells = append(s.Cells, h.cellOf(a), h.cellOf(d), h.cellOf(bc), h.cellOf(cc))
			s.cc = append(s.cc, 1<<x)
			if inRows {
				s.Units = append(s.Units, g.unit[ra], g.unit[r])
			} else {
				s.Units = append(s.Units, g.unit[n+ca], g.unit[n+c])
			}
		}
	})
}
