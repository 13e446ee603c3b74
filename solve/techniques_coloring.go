package solve

import (
	"fmt"
	"math/bits"
)

// simpleColors: for one digit, the cells joined by conjugate pairs (units
// where the digit lies in exactly two cells) take two colors, one of which
// is the digit. Color trap: a cell that sees both colors loses the digit.
// Color wrap: two cells of the same color see each other, so that color is
// false and all its cells lose the digit. Works on every shape.
//
// Cells are the cells of the first color, then those of the second; Digits
// is the digit.
func (h *human) simpleColors() {
	b := &h.b
	g := b.g
	var color [MaxSize * MaxSize]int8
	var queue [MaxSize * MaxSize]int
	h.eachDigit(&h.digitMemo[3], func(d int) {
		for i := range g.cells {
			color[i] = -1
		}
		todo := b.dcells[d]
		for !todo.empty() {
			start := todo.first()
			todo.del(start)
			var set [2]cellset
			color[start] = 0
			set[0].add(start)
			queue[0] = start
			qn, edges := 1, 0
			for q := 0; q < qn; q++ {
				i := queue[q]
				for k := range 3 {
					u := int(g.cellUnit[i][k])
					x, y, ok := h.conjugate(u, d)
					if !ok {
						continue
					}
					j := x
					if j == i {
						j = y
					}
					edges++
					if color[j] >= 0 {
						continue
					}
					color[j] = 1 - color[i]
					set[color[j]].add(j)
					todo.del(j)
					queue[qn] = j
					qn++
				}
			}
			if edges == 0 {
				continue
			}
			var seen [2]cellset
			for q := 0; q < qn; q++ {
				i := queue[q]
				seen[color[i]] = seen[color[i]].or(g.peers[i])
			}
			comp := set[0].or(set[1])
			s := h.add(SimpleColors)
			wrap := -1
			for c := range 2 {
				if !set[c].and(seen[c]).empty() {
					wrap = c
					h.elimSet(s, set[c], d)
					break
				}
			}
			if wrap < 0 {
				h.elimSet(s, seen[0].and(seen[1]).andNot(comp), d)
			}
			if !h.keepIf(s) {
				continue
			}
			s.Digits = 1 << d
			h.scratch = set[0].appendTo(h.scratch[:0])
			for _, i := range h.scratch {
				s.Cells = append(s.Cells, h.cellOf(i))
			}
			first := len(s.Cells)
			h.scratch = set[1].appendTo(h.scratch[:0])
			for _, i := range h.scratch {
				s.Cells = append(s.Cells, h.cellOf(i))
			}
			if h.text {
				one, other := cellList(s.Cells[:first]), cellList(s.Cells[first:])
				if wrap >= 0 {
					same := set[wrap].and(seen[wrap]).appendTo(nil)
					s.note = fmt.Sprintf("the conjugate pairs of %s color %s one way and %s the other; %v and %v have the same color and see each other, so that color is not %s, and %s.",
						markDigit(d+1), one, other, g.cell(same[0]), g.cell(sameSeen(g, same[0], set[wrap])), markDigit(d+1), elimMark)
				} else {
					s.note = fmt.Sprintf("the conjugate pairs of %s color %s one way and %s the other; one color is %s, so %s, which see both colors.",
						markDigit(d+1), one, other, markDigit(d+1), elimMark)
				}
			}
		}
	})
}

// sameSeen returns a cell of set that i sees.
func sameSeen(g *hgeo, i int, set cellset) int {
	return g.peers[i].and(set).first()
}

var _ = bits.OnesCount
