package solve

import (
	"fmt"
	"math/bits"
)

// sueDeCoq (Sue de Coq): C, two or three empty cells where a line crosses
// a box, hold digits V, at least two more than its cells. A, cells of the
// line outside the box, hold digits VA; B, cells of the box outside the
// line, digits VB; VA and VB share none, and the cells of C, A and B
// together hold exactly as many digits as they are cells. Then each of
// those digits is in exactly one of the cells (C and A share the line, C
// and B the box, and A and B share no digit), so the digits of A, and
// those of C that B has not, are in C or A: the rest of the line loses
// them; the digits of B, and those of C that A has not, are in C or B: the
// rest of the box loses them. Works on every shape.
//
// Cells are C's, then A's, then B's; Units the line and the box; cc holds
// V, VA and VB.
//
// All the cells a Sue de Coq looks at lie in its line and box: after a
// search that found nothing (sdcMemo), only the intersections whose line
// or box changed since are searched again.
func (h *human) sueDeCoq() {
	b := &h.b
	g := b.g
	n := g.n
	empty := h.emptyCells()
	var lineCells, boxCells [MaxSize]int
	changed := h.unitsSince(&h.sdcMemo)
	for si := range g.segs {
		sg := &g.segs[si]
		if changed&(1<<sg.line|1<<(2*n+sg.box)) == 0 {
			continue
		}
		inter := sg.cells.and(empty)
		m := inter.count()
		if m < 2 {
			continue
		}
		line, box := sg.line, 2*n+sg.box
		// the empty cells of the line outside the box, and of the box
		// outside the line, that could join A or B
		nl, nb := 0, 0
		for _, i := range g.unitSet[line].andNot(sg.cells).and(empty).appendTo(h.scratch[:0]) {
			lineCells[nl] = i
			nl++
		}
		for _, i := range g.unitSet[box].andNot(sg.cells).and(empty).appendTo(h.scratch[:0]) {
			boxCells[nb] = i
			nb++
		}
		var ic [MaxSize]int
		k := 0
		for _, i := range inter.appendTo(h.scratch[:0]) {
			ic[k] = i
			k++
		}
		// every choice of two or more intersection cells as C
		for mask := 1; mask < 1<<k; mask++ {
			if bits.OnesCount(uint(mask)) < 2 {
				continue
			}
			var cset cellset
			var v Digits
			for j := range k {
				if mask&(1<<j) != 0 {
					cset.add(ic[j])
					v |= b.cand[ic[j]]
				}
			}
			nc := cset.count()
			if v.Len() < nc+2 {
				continue
			}
			h.sdcSides(line, box, cset, v, lineCells[:nl], boxCells[:nb])
		}
	}
	h.sdcMemo.keep(b, len(h.found) > 0)
}

// sdcSides tries the sets A (of lineCells) and B (of boxCells), up to
// three cells each, that complete the Sue de Coq on C (cset, digits v).
func (h *human) sdcSides(line, box int, cset cellset, v Digits, lineCells, boxCells []int) {
	nc := cset.count()
	as := h.sdcSidesOf(lineCells, v, h.sdcBuf[0][:0])
	h.sdcBuf[0] = as
	if len(as) == 0 {
		return
	}
	bs := h.sdcSidesOf(boxCells, v, h.sdcBuf[1][:0])
	h.sdcBuf[1] = bs
	// A and B share no digit, so C, A and B hold |v| + |A.d \ v| +
	// |B.d \ v| digits, which must be nc + A.n + B.n: B's excess (digits
	// outside v less cells) is fixed by A's. The B sets by excess, in
	// order, so that each A meets only the B sets that can complete it.
	var start [sdcExcess + 2]int32
	for _, B := range bs {
		start[excess(B, v)+1]++
	}
	for k := 1; k < len(start); k++ {
		start[k] += start[k-1]
	}
	byExcess := h.sdcSorted[:0]
	byExcess = append(byExcess, make([]int32, len(bs))...)
	fill := start
	for x, B := range bs {
		e := excess(B, v)
		byExcess[fill[e]] = int32(x)
		fill[e]++
	}
	h.sdcSorted = byExcess
	want := nc - v.Len() + 2*sdcMaxSide // the sum of A's and B's excesses, offset
	for _, A := range as {
		e := want - excess(A, v)
		if e < 0 || e > sdcExcess {
			continue
		}
		for _, x := range byExcess[start[e]:start[e+1]] {
			B := &bs[x]
			if A.d&B.d != 0 {
				continue
			}
			h.sdcStep(line, box, cset, v, sideCells(lineCells, A.at), A.d, sideCells(boxCells, B.at), B.d)
		}
	}
}

// sideCells is the set of the cells of from at the indexes at.
func sideCells(from []int, at uint16) cellset {
	var c cellset
	for ; at != 0; at &= at - 1 {
		c.add(from[bits.TrailingZeros16(at)])
	}
	return c
}

// sdcMaxSide is the most cells of A or B; sdcExcess the largest value of
// excess.
const (
	sdcMaxSide = 3
	sdcExcess  = MaxSize + sdcMaxSide - 1
)

// excess is how many more digits outside v side s holds than it has
// cells, plus sdcMaxSide so that it is never negative (three cells may
// hold no digit outside v).
func excess(s sdcSide, v Digits) int { return (s.d &^ v).Len() - int(s.n) + sdcMaxSide }

// sdcSide is a set of cells A or B of a Sue de Coq and their digits.
type sdcSide struct {
	at uint16 // the cells, as indexes into the line's or the box's cells
	d  Digits
	n  int8 // cells
}

// sdcSidesOf appends to out every set of one to three cells of from, each
// sharing a digit with v.
func (h *human) sdcSidesOf(from []int, v Digits, out []sdcSide) []sdcSide {
	b := &h.b
	var use [MaxSize]uint8 // indexes into from
	var cand [MaxSize]Digits
	m := 0
	for x, i := range from {
		if c := b.cand[i]; c&v != 0 {
			use[m], cand[m] = uint8(x), c
			m++
		}
	}
	for x := range m {
		a1, d1 := uint16(1)<<use[x], cand[x]
		out = append(out, sdcSide{a1, d1, 1})
		for y := x + 1; y < m; y++ {
			a2, d2 := a1|1<<use[y], d1|cand[y]
			out = append(out, sdcSide{a2, d2, 2})
			for z := y + 1; z < m; z++ {
				out = append(out, sdcSide{a2 | 1<<use[z], d2 | cand[z], 3})
			}
		}
	}
	return out
}

// sdcStep records the Sue de Coq on C, A and B if it eliminates anything.
func (h *human) sdcStep(line, box int, cset cellset, v Digits, acells cellset, va Digits, bcells cellset, vb Digits) {
	b := &h.b
	g := b.g
	s := h.add(SueDeCoq)
	lineOut := g.unitSet[line].andNot(cset).andNot(acells)
	boxOut := g.unitSet[box].andNot(cset).andNot(bcells)
	for ds := va | v&^vb; ds != 0; ds &= ds - 1 {
		h.elimSet(s, lineOut, bits.TrailingZeros32(uint32(ds)))
	}
	for ds := vb | v&^va; ds != 0; ds &= ds - 1 {
		h.elimSet(s, boxOut, bits.TrailingZeros32(uint32(ds)))
	}
	if !h.keepIf(s) {
		return
	}
	s.Units = append(s.Units, g.unit[line], g.unit[box])
	for _, set := range []cellset{cset, acells, bcells} {
		for _, i := range set.appendTo(h.scratch[:0]) {
			s.Cells = append(s.Cells, h.cellOf(i))
		}
	}
	s.cc = append(s.cc, v, va, vb)
	s.Digits = v | va | vb
	if h.text {
		nc, na := cset.count(), acells.count()
		s.note = fmt.Sprintf("%s, where %v crosses %v, hold %s; %s in %v %s %s, and %s in %v %s %s. These %d cells hold %d digits between them, each once, so %s.",
			cellList(s.Cells[:nc]), g.unit[line], g.unit[box], digitList(v, ","),
			cellList(s.Cells[nc:nc+na]), g.unit[line], holds(na), digitList(va, ","),
			cellList(s.Cells[nc+na:]), g.unit[box], holds(len(s.Cells)-nc-na), digitList(vb, ","),
			len(s.Cells), (v | va | vb).Len(), elimMark)
	}
}

// holds is the verb for n cells.
func holds(n int) string {
	if n == 1 {
		return "holds"
	}
	return "hold"
}
