package solve

import (
	"fmt"
	"math/bits"
)

// Almost locked sets. An almost locked set (ALS) is k cells of one unit
// that hold k+1 digits between them: take one digit away and the rest are
// locked in those cells. They work on every shape; sets are kept to
// maxALSCells cells, which bounds the search on 16x16 grids.

const maxALSCells = 4

// als is one almost locked set: its unit, cells and digits, and for each
// of its digits (by rank among them) the cells that see all the set's
// cells holding that digit.
type als struct {
	unit   int
	cells  cellset
	digits Digits
	seen   [maxALSCells + 1]cellset
}

// seeing returns the cells that see every cell of a holding digit d (d
// one of a's digits).
func (a *als) seeing(d int) *cellset {
	return &a.seen[bits.OnesCount32(uint32(a.digits)&(1<<d-1))]
}

// almostLockedSets lists the board's almost locked sets of up to
// maxALSCells cells, each cell set once (see listedHere).
func (h *human) almostLockedSets() []als {
	b := &h.b
	g := b.g
	out := h.alsBuf[:0]
	var walk func(u int, free uint16, k int, cells cellset, digits Digits)
	walk = func(u int, free uint16, k int, cells cellset, digits Digits) {
		if k > 0 && bits.OnesCount32(uint32(digits)) == k+1 && listedHere(g, u, k, cells) {
			out = append(out, als{unit: u, cells: cells, digits: digits})
		}
		if k == maxALSCells {
			return
		}
		for rest := free; rest != 0; rest &= rest - 1 {
			i := int(g.unitCell[u][bits.TrailingZeros16(rest)])
			d := digits | b.cand[i]
			// Digits only grow, and a set of at most maxALSCells cells
			// holds one digit more.
			if bits.OnesCount32(uint32(d)) > maxALSCells+1 {
				continue
			}
			c := cells
			c.add(i)
			walk(u, rest&(rest-1), k+1, c, d)
		}
	}
	for u := range 3 * g.n {
		walk(u, b.free[u], 0, cellset{}, 0)
	}
	var all cellset
	for i := range g.cells {
		all.add(i)
	}
	for k := range out {
		a := &out[k]
		for ds := a.digits; ds != 0; ds &= ds - 1 {
			d := bits.TrailingZeros32(uint32(ds))
			seen := all
			h.scratch = a.cells.and(b.dcells[d]).appendTo(h.scratch[:0])
			for _, i := range h.scratch {
				seen = seen.and(g.peers[i])
			}
			*a.seeing(d) = seen
		}
	}
	h.alsBuf = out
	return out
}

// listedHere reports whether the set of k cells of unit u is listed for
// u: a single cell for its row, a set in a box and a line for the line.
func listedHere(g *hgeo, u, k int, cells cellset) bool {
	switch g.unit[u].Kind {
	case Col:
		return k > 1
	case Box:
		return k > 1 && !inOneLine(g, cells)
	}
	return true
}

// inOneLine reports whether the cells lie in one row or one column.
func inOneLine(g *hgeo, cells cellset) bool {
	first := cells.first()
	for _, k := range []UnitKind{Row, Col} {
		if cells.andNot(g.unitSet[g.cellUnit[first][k]]).empty() {
			return true
		}
	}
	return false
}

// alsXZ (ALS-XZ): two almost locked sets A and B share a digit x whose
// cells in A all see its cells in B, so x is in at most one of them; the
// other set is then locked and holds all its other digits. For another
// shared digit z, one of A and B holds z, and cells seeing every z of both
// lose z. Cells are A's cells then B's; Units are A's and B's units; cc
// holds A's and B's digits; Digits is {x, z}.
func (h *human) alsXZ() {
	b := &h.b
	sets := h.almostLockedSets()
	// The sets each cell is in: a set B can share a restricted digit x
	// with A only when B's cells holding x all see A's, so B is found
	// from the cells that see A's x, not by trying every pair.
	for i := range h.alsByCell {
		h.alsByCell[i] = h.alsByCell[i][:0]
	}
	for k := range sets {
		for _, i := range sets[k].cells.appendTo(h.scratch[:0]) {
			h.alsByCell[i] = append(h.alsByCell[i], int32(k))
		}
	}
	var buf [MaxSize * MaxSize]int
	for ia := range sets {
		A := &sets[ia]
		for xs := A.digits; xs != 0; xs &= xs - 1 {
			x := bits.TrailingZeros32(uint32(xs))
			sees := A.seeing(x).and(b.dcells[x]).andNot(A.cells)
			if sees.empty() {
				continue
			}
			for _, c := range sees.appendTo(buf[:0]) {
				for _, ib := range h.alsByCell[c] {
					B := &sets[ib]
					if int(ib) <= ia || B.digits&(1<<x) == 0 {
						continue
					}
					bx := B.cells.and(b.dcells[x])
					// Each B once, from its first cell holding x; x is
					// restricted when all of those see A's x.
					if bx.first() != c || !bx.andNot(sees).empty() || !A.cells.and(B.cells).empty() {
						continue
					}
					both := A.cells.or(B.cells)
					for zs := A.digits & B.digits &^ (1 << x); zs != 0; zs &= zs - 1 {
						z := bits.TrailingZeros32(uint32(zs))
						targets := A.seeing(z).and(*B.seeing(z)).and(b.dcells[z]).andNot(both)
						if targets.empty() {
							continue
						}
						h.alsStep(A, B, x, z, targets)
					}
				}
			}
		}
	}
}

// alsStep records an ALS-XZ step.
func (h *human) alsStep(A, B *als, x, z int, targets cellset) {
	g := h.b.g
	s := h.add(ALSXZ)
	h.elimSet(s, targets, z)
	s.Digits = 1<<x | 1<<z
	s.Units = append(s.Units, g.unit[A.unit], g.unit[B.unit])
	for _, i := range A.cells.appendTo(h.scratch[:0]) {
		s.Cells = append(s.Cells, h.cellOf(i))
	}
	na := len(s.Cells)
	for _, i := range B.cells.appendTo(h.scratch[:0]) {
		s.Cells = append(s.Cells, h.cellOf(i))
	}
	s.cc = append(s.cc, A.digits, B.digits)
	if h.text {
		s.note = fmt.Sprintf("%s, and %s; %s cannot be in both (its cells there see each other), so one of the two sets holds all its other digits, and one of them holds %s: %s.",
			alsText(s.Cells[:na], g.unit[A.unit], A.digits), alsText(s.Cells[na:], g.unit[B.unit], B.digits),
			DigitString(x+1), DigitString(z+1), elimMark)
	}
}

// alsText describes a set: "r1c1, r1c2 in row 1 hold only 1,2,3", or for
// one cell "r4c2 holds only 2,3".
func alsText(cells []Cell, u Unit, digits Digits) string {
	if len(cells) == 1 {
		return fmt.Sprintf("%v holds only %s", cells[0], digitList(digits, ","))
	}
	return fmt.Sprintf("%s in %v hold only %s", cellList(cells), u, digitList(digits, ","))
}
