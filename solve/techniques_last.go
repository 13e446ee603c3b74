package solve

import (
	"fmt"
	"math/bits"
)

// The last resort: Forcing Net, then Brute Force. Both work on every shape.

// forcingNet: assume a candidate is true and follow the singles (naked and
// hidden) it forces; if they lead to a contradiction (a cell with no
// candidate left, or a digit with no place left in a unit), the candidate
// is false. Cells are tried by fewest candidates, then in reading order; the
// round takes every candidate that leads to a contradiction. Cells[0] is the assumed cell,
// Digits the assumed digit; Cells[1] or Units[0] is where the
// contradiction shows.
func (h *human) forcingNet() {
	b := &h.b
	g := b.g
	for want := 2; want <= g.n; want++ {
		for i := range g.cells {
			c := b.cand[i]
			if bits.OnesCount32(uint32(c)) != want {
				continue
			}
			for ; c != 0; c &= c - 1 {
				d := bits.TrailingZeros32(uint32(c))
				h.trial = *b
				cell, unit, digit, placed := h.trial.propagate(i, d)
				if cell < 0 && unit < 0 {
					continue
				}
				s := h.add(ForcingNet)
				h.elim(s, i, d)
				s.Cells = append(s.Cells, h.cellOf(i))
				s.Digits = 1 << d
				if cell >= 0 {
					s.Cells = append(s.Cells, h.cellOf(cell))
				} else {
					s.Units = append(s.Units, g.unit[unit])
				}
				if h.text {
					why := fmt.Sprintf("%v would have no candidate left", g.cell(cell))
					if cell < 0 {
						why = fmt.Sprintf("%s would have no place left in %v", DigitString(digit+1), g.unit[unit])
					}
					s.note = fmt.Sprintf("if %v were %s, the singles that follow (%d placements) would leave a contradiction: %s; so %s.",
						g.cell(i), DigitString(d+1), placed, why, eliminationText(s.Eliminations))
				}
				if h.enough() {
					return
				}
			}
		}
	}
}

// propagate places the 0-based digit d in cell i and then every naked and
// hidden single, until none is left or a contradiction shows. It returns
// the cell with no candidate (or -1), the unit and digit with no place (or
// -1), and how many digits it placed.
func (b *board) propagate(i, d int) (cell, unit, digit, placed int) {
	g := b.g
	n := g.n
	b.place(i, d)
	placed = 1
	for {
		progress := false
		for j := range g.cells {
			if b.value[j] != 0 {
				continue
			}
			c := b.cand[j]
			if c == 0 {
				return j, -1, -1, placed
			}
			if c&(c-1) == 0 {
				b.place(j, bits.TrailingZeros32(uint32(c)))
				placed++
				progress = true
			}
		}
		for u := range 3 * n {
			missing := g.all &^ b.placed[u]
			for m := missing; m != 0; m &= m - 1 {
				dd := bits.TrailingZeros32(uint32(m))
				p := b.pos[u][dd]
				if p == 0 {
					return -1, u, dd, placed
				}
				if p&(p-1) == 0 {
					j := int(g.unitCell[u][bits.TrailingZeros16(p)])
					b.place(j, dd)
					placed++
					progress = true
				}
			}
		}
		if !progress || b.left == 0 {
			return -1, -1, -1, placed
		}
	}
}

// bruteForce: no technique applies, so the solver places, in the empty
// cell with the fewest candidates (the first in reading order), the digit
// of the solution the exact solver found. Cells[0] is the cell.
func (h *human) bruteForce() {
	b := &h.b
	best, bestN := -1, MaxSize+1
	for i := range b.g.cells {
		if c := bits.OnesCount32(uint32(b.cand[i])); c > 0 && c < bestN {
			best, bestN = i, c
		}
	}
	if best < 0 {
		return
	}
	s := h.add(BruteForce)
	h.placeIn(s, best, int(h.sol.Cells[best])-1)
	s.Cells = append(s.Cells, h.cellOf(best))
	s.Digits = 1 << (h.sol.Cells[best] - 1)
}
