package generate

import (
	"math/bits"

	"github.com/xlsudoku/xlsudoku/solve"
)

// medium decides whether the Medium techniques complete a puzzle: singles,
// locked candidates (pointing and claiming), naked and hidden pairs and
// triples. Each removes candidates only, and removing candidates never
// stops one of them from applying, so they reach the same end in whatever
// order they are applied: the puzzles they complete are exactly those
// that solve.RateWithin rates Medium or easier. A puzzle they complete has
// one solution. It shares the singles' tables and allocates nothing.
type medium struct {
	*singles
	cand  [solve.MaxSize * solve.MaxSize]uint32 // candidates; one bit for a placed cell
	fixed [solve.MaxSize * solve.MaxSize]bool   // placed, and removed from its peers
	boxes [][2][]int                            // per box: the row and column units it crosses
}

func newMedium(s *singles) *medium {
	m := &medium{singles: s}
	shape := s.shape
	n := shape.Size
	m.boxes = make([][2][]int, n)
	for b := range n {
		r0, c0 := shape.BoxOrigin(b)
		for r := r0; r < r0+shape.BoxRows; r++ {
			m.boxes[b][0] = append(m.boxes[b][0], r)
		}
		for c := c0; c < c0+shape.BoxCols; c++ {
			m.boxes[b][1] = append(m.boxes[b][1], n+c)
		}
	}
	return m
}

// solves reports whether the Medium techniques complete g, a puzzle whose
// givens agree with some complete grid (so no technique ever finds a
// contradiction).
func (m *medium) solves(g *solve.Grid) bool {
	n := m.shape.Size
	cells := n * n
	all := uint32(1)<<n - 1
	for i := range cells {
		m.cand[i], m.fixed[i] = all, false
	}
	left := cells
	for i := range cells {
		if d := g.Cells[i]; d != 0 {
			m.cand[i] = 1 << (d - 1)
		}
	}
	for left > 0 {
		// Place every cell with one candidate left, removing it from the
		// peers: naked singles, givens first.
		placed := false
		for i := range cells {
			if m.fixed[i] || bits.OnesCount32(m.cand[i]) != 1 {
				continue
			}
			m.fixed[i] = true
			left--
			placed = true
			bit := m.cand[i]
			for _, u := range m.of[i] {
				for _, j := range m.units[u] {
					if j != i {
						m.cand[j] &^= bit
					}
				}
			}
		}
		if placed {
			continue
		}
		if !m.hiddenSingles() && !m.locked() && !m.subsets(2) && !m.subsets(3) {
			return false
		}
	}
	return true
}

// hiddenSingles reduces a cell that is the only place of a digit in a
// unit to that digit.
func (m *medium) hiddenSingles() bool {
	changed := false
	for _, unit := range m.units {
		var once, twice uint32
		for _, i := range unit {
			twice |= once & m.cand[i]
			once |= m.cand[i]
		}
		for hidden := once &^ twice; hidden != 0; hidden &= hidden - 1 {
			bit := hidden & -hidden
			for _, i := range unit {
				if m.cand[i]&bit != 0 {
					if !m.fixed[i] && m.cand[i] != bit {
						m.cand[i] = bit
						changed = true
					}
					break
				}
			}
		}
	}
	return changed
}

// locked removes a digit from the rest of a line when, in a box, it lies
// only on that line (pointing), and from the rest of a box when, in a
// line, it lies only in that box (claiming).
func (m *medium) locked() bool {
	n := m.shape.Size
	changed := false
	for b := range n {
		bu := 2*n + b // the box's unit
		box := m.units[bu]
		for _, lines := range m.boxes[b] {
			for _, l := range lines {
				// the digits of the box on line l, and elsewhere in the
				// box; and of line l outside the box
				var on, off, out uint32
				for _, i := range box {
					if m.fixed[i] {
						continue
					}
					if m.of[i][0] == l || m.of[i][1] == l {
						on |= m.cand[i]
					} else {
						off |= m.cand[i]
					}
				}
				for _, i := range m.units[l] {
					if !m.fixed[i] && m.of[i][2] != bu {
						out |= m.cand[i]
					}
				}
				if point := on &^ off & out; point != 0 {
					for _, i := range m.units[l] {
						if !m.fixed[i] && m.of[i][2] != bu {
							m.cand[i] &^= point
						}
					}
					changed = true
				}
				if claim := on &^ out & off; claim != 0 {
					for _, i := range box {
						if !m.fixed[i] && m.of[i][0] != l && m.of[i][1] != l {
							m.cand[i] &^= claim
						}
					}
					changed = true
				}
			}
		}
	}
	return changed
}

// subsets applies the naked and hidden subsets of k cells in every unit.
func (m *medium) subsets(k int) bool {
	changed := false
	var free [solve.MaxSize]int
	for _, unit := range m.units {
		f := 0
		for _, i := range unit {
			if !m.fixed[i] {
				free[f] = i
				f++
			}
		}
		if f <= k {
			continue
		}
		// Every k of the free cells: naked when their candidates are k
		// digits; hidden when k digits lie only in them.
		var pick [3]int
		for j := range k {
			pick[j] = j
		}
		for {
			var union, inside uint32 // the digits of the k cells; the cells
			for _, x := range pick[:k] {
				union |= m.cand[free[x]]
				inside |= 1 << x
			}
			var rest uint32 // the digits of the other free cells
			for x := range f {
				if inside&(1<<x) == 0 {
					rest |= m.cand[free[x]]
				}
			}
			if bits.OnesCount32(union) == k && rest&union != 0 {
				for x := range f {
					if inside&(1<<x) == 0 {
						m.cand[free[x]] &^= union
					}
				}
				changed = true
			}
			if only := union &^ rest; bits.OnesCount32(only) == k {
				for _, x := range pick[:k] {
					if m.cand[free[x]]&^only != 0 {
						m.cand[free[x]] &= only
						changed = true
					}
				}
			}
			if !next(pick[:k], f) {
				break
			}
		}
		if changed {
			return true
		}
	}
	return changed
}

// next advances pick to the next k-combination of 0..n-1 in order, and
// reports false after the last.
func next(pick []int, n int) bool {
	k := len(pick)
	for j := k - 1; j >= 0; j-- {
		if pick[j] < n-k+j {
			pick[j]++
			for i := j + 1; i < k; i++ {
				pick[i] = pick[i-1] + 1
			}
			return true
		}
	}
	return false
}
