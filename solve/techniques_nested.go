package solve

import (
	"fmt"
	"math/bits"
	"strings"
)

// forcingNetNested (Nested Forcing Net): a forcing net whose propagation,
// when the singles and locked candidates run out, also uses forcing nets
// inside it: in the board the assumption made, a candidate of a cell with
// two candidates whose own net (singles and locked candidates) ends in a
// contradiction is removed, and the singles go on. If that leads to a
// contradiction, the assumed candidate is false. It runs when the Forcing
// Net and its verity find nothing; the cells with the fewest candidates
// are tried first, and the round takes the easiest nets of the first such
// cells that fail. A step's difficulty adds to the weight the inner nets
// it used. Cells[0] is the assumed cell, Digits the assumed digit.
func (h *human) forcingNetNested() {
	// inner nets from the cells with two candidates, and only when those
	// are not enough, from those with three
	for width := 2; width <= 3 && len(h.found) == 0; width++ {
		h.nestedNets(width)
	}
}

// nestedNets records the nested forcing nets whose inner nets start from
// cells with up to width candidates.
func (h *human) nestedNets(width int) {
	b := &h.b
	g := b.g
	free, _ := h.netMarks(g.cells * g.n)
	for want := 2; want <= g.n; want++ {
		before := len(h.found)
		for i := range g.cells {
			c := b.cand[i]
			if bits.OnesCount32(uint32(c)) != want {
				continue
			}
			for ; c != 0; c &= c - 1 {
				d := bits.TrailingZeros32(uint32(c))
				if free[i*g.n+d] {
					continue
				}
				h.trial = *b
				h.inner = h.inner[:0]
				if !h.nestedContradiction(i, d, width) {
					h.markFree(free, b, &h.trial) // inner nets too keep what more removals keep
					continue
				}
				s := h.add(ForcingNetNested)
				h.elim(s, i, d)
				s.Cells = append(s.Cells, h.cellOf(i))
				s.Digits = 1 << d
				s.Difficulty += h.passes + 10*(width-2)
				if h.text {
					var inner []string
					for k, x := range h.inner {
						if k == 4 {
							inner = append(inner, fmt.Sprintf("and %d more", len(h.inner)-k))
							break
						}
						inner = append(inner, markCandidate(Candidate{g.cell(int(x) / MaxSize), int(x)%MaxSize + 1}))
					}
					tr := newTrace(b, width)
					if tr.run(i, d) {
						s.net = tr.contradictionBranches()
						s.Forced = tr.forced(s.Forced)
					}
					s.note = fmt.Sprintf("if %v were %s, the singles that follow, helped by %d forcing nets inside (each removing a candidate whose own net fails: %s), would leave a contradiction; so %s.",
						g.cell(i), markDigit(d+1), len(h.inner), strings.Join(inner, ", "), elimMark)
				}
			}
		}
		if len(h.found) > before {
			h.keepEasiest()
			return
		}
	}
}

// nestedContradiction places the 0-based digit d in cell i of h.trial and
// propagates with singles, locked candidates and inner forcing nets from
// the cells with up to width candidates; it reports whether that ends in a
// contradiction. h.inner lists the candidates (cell*MaxSize + digit) the
// inner nets removed.
func (h *human) nestedContradiction(i, d, width int) bool {
	t := &h.trial
	g := t.g
	if cell, unit, _, _ := t.propagateStuck(i, d); cell >= 0 || unit >= 0 {
		return true
	}
	// passes: each tests every candidate of the cells with two on the
	// board as the pass found it, then removes those whose nets fail, so
	// that the count of passes does not depend on the order cells are
	// looked at
	h.passes = 0
	n := g.cells * g.n
	if cap(h.innerFree) < n {
		h.innerFree = make([]bool, n)
	}
	free := h.innerFree[:n]
	for t.left > 0 {
		h.passes++
		from := len(h.inner)
		clear(free)
		for j := range g.cells {
			c := t.cand[j]
			if t.value[j] != 0 || bits.OnesCount32(uint32(c)) > width {
				continue
			}
			for ; c != 0; c &= c - 1 {
				e := bits.TrailingZeros32(uint32(c))
				if free[j*g.n+e] {
					continue
				}
				h.deep = *t
				if cell, unit, _, _ := h.deep.propagateStuck(j, e); cell >= 0 || unit >= 0 {
					h.inner = append(h.inner, int32(j*MaxSize+e))
				} else {
					h.markFree(free, t, &h.deep)
				}
			}
		}
		if len(h.inner) == from {
			return false
		}
		for _, x := range h.inner[from:] {
			t.remove(int(x)/MaxSize, int(x)%MaxSize)
		}
		if cell, unit, _, _ := t.settle(); cell >= 0 || unit >= 0 {
			return true
		}
	}
	return false
}
