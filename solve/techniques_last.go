package solve

import (
	"fmt"
	"math/bits"
	"strings"
)

// The last resort: Forcing Net, Forcing Net Verity, then Brute Force. All
// work on every shape.

// forcingNet: assume a candidate is true and follow the singles (naked and
// hidden) and locked candidates it forces; if they lead to a contradiction (a cell with no
// candidate left, or a digit with no place left in a unit), the candidate
// is false. Cells are tried by fewest candidates, then in reading order; the
// round takes the candidates whose contradiction comes soonest. A step's
// difficulty adds to the weight the waves of singles (each wave placing
// every single the board shows) the contradiction takes. Cells[0] is the assumed cell,
// Digits the assumed digit; Cells[1] or Units[0] is where the
// contradiction shows.
func (h *human) forcingNet() {
	b := &h.b
	g := b.g
	most := 0
	// Until a net is found every propagation runs to its end; those ends
	// are what the verity, next on the same board, would compute again.
	ends := g.cells * g.n * g.cells
	if cap(h.netEnds) < ends {
		h.netEnds = make([]uint8, ends)
	}
	h.netEnds = h.netEnds[:ends]
	free, known := h.netMarks(g.cells * g.n)
	for want := 2; want <= g.n; want++ {
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
				h.trial.most = most // a net longer than one found is not wanted
				cell, unit, _, _ := h.trial.propagateStuck(i, d)
				if cell < 0 && unit < 0 {
					if most == 0 {
						copy(h.netEnds[(i*g.n+d)*g.cells:], h.trial.value[:g.cells])
						known[i*g.n+d] = true
					}
					if most == 0 || h.trial.waves <= most { // not cut short
						h.markFree(free, b, &h.trial)
					}
					continue
				}
				most = h.trial.waves
				s := h.add(ForcingNet)
				s.Difficulty += h.trial.waves
				h.elim(s, i, d)
				s.Cells = append(s.Cells, h.cellOf(i))
				s.Digits = 1 << d
				if cell >= 0 {
					s.Cells = append(s.Cells, h.cellOf(cell))
				} else {
					s.Units = append(s.Units, g.unit[unit])
				}
			}
		}
	}
	h.endsOK = len(h.found) == 0 && !h.noShortcut // else some ends were not kept
	h.keepEasiest()
	if h.text {
		// only now: the nets found before a shorter one are not kept
		for k := range h.found {
			h.writeNet(&h.found[k])
		}
	}
}

// netMarks returns the candidates' marks for a search of nets, n of
// each, cleared: free and known (h.netFree and h.netKnown).
func (h *human) netMarks(n int) (free, known []bool) {
	if cap(h.netFree) < n {
		h.netFree, h.netKnown = make([]bool, n), make([]bool, n)
	}
	h.netFree, h.netKnown = h.netFree[:n], h.netKnown[:n]
	clear(h.netFree)
	clear(h.netKnown)
	return h.netFree, h.netKnown
}

// markFree marks free (cell*n + digit) every digit that t, a board a net
// has propagated from b to its end without a contradiction, placed in a
// cell still empty on b: that digit's own net from b cannot fail, as what
// it forces the net forced too. Singles, locked candidates (and inner
// nets) remove candidates only when a condition that more removals keep
// true holds, so a propagation ends in the same board, or in a
// contradiction, in whatever order it goes; the net of such a digit ends
// in a board with at least the candidates of t's, which has none missing.
func (h *human) markFree(free []bool, b, t *board) {
	if h.noShortcut {
		return
	}
	n := b.g.n
	for j := range b.g.cells {
		if v := t.value[j]; v != 0 && b.value[j] == 0 {
			free[j*n+int(v)-1] = true
		}
	}
}

// writeNet writes the text of the forcing net s: its assumption, the
// contradiction and the branches that show it.
func (h *human) writeNet(s *Step) {
	b := &h.b
	g := b.g
	c := s.Cells[0]
	i, d := c.Row*g.n+c.Col, bits.TrailingZeros32(uint32(s.Digits))
	h.trial = *b
	cell, unit, digit, placed := h.trial.propagateStuck(i, d)
	t := newTrace(b, 0)
	if t.run(i, d) { // the contradiction the branches written show
		cell, unit, digit = t.badCell, t.badUnit, t.badDigit
		s.net = t.contradictionBranches()
		s.Forced = t.forced(s.Forced)
	}
	why := fmt.Sprintf("%v would have no candidate left", g.cell(cell))
	if cell < 0 {
		why = fmt.Sprintf("%s would have no place left in %v", markDigit(digit+1), g.unit[unit])
	}
	s.note = fmt.Sprintf("if %v were %s, the singles that follow (%d placements) would leave a contradiction: %s; so %s.",
		g.cell(i), markDigit(d+1), placed, why, elimMark)
}

// keepEasiest keeps, of the nets found, those of the least difficulty.
// A round of nets takes the easiest nets only, as a round of chains takes
// the shortest chains, and leaves the others to later rounds: once the
// singles an easy net allows are placed, the others are easier or not
// needed. Sudoku Explainer solves so, one easiest chain at a time; taking
// every net a board showed made a puzzle's rating follow how many nets it
// showed, not how hard they were (Spearman with SE's rating among our
// Extreme puzzles 0.36, 0.89 with the easiest only).
func (h *human) keepEasiest() {
	if len(h.found) == 0 {
		return
	}
	least := h.found[0].Difficulty
	for k := range h.found {
		least = min(least, h.found[k].Difficulty)
	}
	n := 0
	for k := range h.found {
		if h.found[k].Difficulty == least {
			// swap, not copy: each Step keeps its own slices
			h.found[n], h.found[k] = h.found[k], h.found[n]
			n++
		}
	}
	h.found = h.found[:n]
}

// propagate places the 0-based digit d in cell i and then every naked and
// hidden single, and when those run out the locked candidates (pointing and
// claiming), until nothing is left to do or a contradiction shows. It returns
// the cell with no candidate (or -1), the unit and digit with no place (or
// -1), and how many digits it placed.
func (b *board) propagate(i, d int) (cell, unit, digit, placed int) {
	b.waveCells = cellset{}
	for r := range b.g.n {
		b.waveCells = b.waveCells.or(b.g.unitSet[r]) // the rows: every cell
	}
	for u := range 3 * b.g.n {
		b.touched[u], b.waveDigits[u] = b.g.all, b.g.all
	}
	b.lockUnits, b.waveUnits = 1<<(3*b.g.n)-1, 1<<(3*b.g.n)-1
	return b.settleAfter(i, d)
}

// propagateStuck is propagate on a board where no single and no pointing
// or claiming is left, as the forcing nets find it (the techniques before
// them found nothing): only what changes from here on can make new ones,
// and settle and lockedCandidates look at nothing else.
func (b *board) propagateStuck(i, d int) (cell, unit, digit, placed int) {
	b.touched = [3 * MaxSize]Digits{}
	b.waveCells, b.waveDigits = cellset{}, [3 * MaxSize]Digits{}
	b.lockUnits, b.waveUnits = 0, 0
	return b.settleAfter(i, d)
}

// settleAfter places d in i and settles.
func (b *board) settleAfter(i, d int) (cell, unit, digit, placed int) {
	b.place(i, d)
	b.waves = 0
	cell, unit, digit, placed = b.settle()
	return cell, unit, digit, placed + 1
}

// settle places the singles the board shows, wave after wave, and uses the
// locked candidates when they run out, as propagate does after its first
// placement.
func (b *board) settle() (cell, unit, digit, placed int) {
	g := b.g
	// Waves: each places every single the board shows at its start, so
	// that the count of waves (the depth of the net) does not depend on
	// the order cells are looked at.
	var singles [MaxSize * MaxSize]uint16 // cell*MaxSize + digit
	for {
		b.waves++
		if b.most > 0 && b.waves > b.most {
			return -1, -1, -1, placed
		}
		// Only the cells and the places that changed since the last wave
		// can hold a new single or a contradiction: the board had none
		// when the net began. They are looked at in the order a scan of
		// the whole board would meet them.
		k := 0
		cells, units := b.waveCells, b.waveUnits
		b.waveCells, b.waveUnits = cellset{}, 0
		for w, x := range cells {
			for ; x != 0; x &= x - 1 {
				j := w<<6 + bits.TrailingZeros64(x)
				if b.value[j] != 0 {
					continue
				}
				c := b.cand[j]
				if c == 0 {
					return j, -1, -1, placed
				}
				if c&(c-1) == 0 {
					singles[k] = uint16(j*MaxSize + bits.TrailingZeros32(uint32(c)))
					k++
				}
			}
		}
		for ; units != 0; units &= units - 1 {
			u := bits.TrailingZeros64(units)
			m := b.waveDigits[u] &^ b.placed[u]
			b.waveDigits[u] = 0 // only units in waveUnits have any
			for ; m != 0; m &= m - 1 {
				dd := bits.TrailingZeros32(uint32(m))
				p := b.pos[u][dd]
				if p == 0 {
					return -1, u, dd, placed
				}
				if p&(p-1) == 0 {
					if k == len(singles) {
						b.waveDigits[u] |= 1 << dd // no room: the next wave looks again
						b.waveUnits |= 1 << u
						continue
					}
					singles[k] = uint16(int(g.unitCell[u][bits.TrailingZeros16(p)])*MaxSize + dd)
					k++
				}
			}
		}
		for _, x := range singles[:k] {
			j, dd := int(x)/MaxSize, int(x)%MaxSize
			if v := b.value[j]; v != 0 {
				if int(v) != dd+1 {
					return j, -1, -1, placed // two singles for one cell
				}
				continue
			}
			if !b.has(j, dd) {
				// a single of this wave took the digit from the cell
				return j, -1, -1, placed
			}
			b.place(j, dd)
			placed++
		}
		if b.left == 0 {
			return -1, -1, -1, placed
		}
		if k == 0 && !b.lockedCandidates() {
			return -1, -1, -1, placed
		}
	}
}

// forcingNetVerity: follow, for each candidate of a cell (or each place of
// a digit in a unit), the singles it forces; a digit that every branch
// places in the same cell is that cell's digit, since one branch is true.
// It runs after forcingNet, so no branch ends in a contradiction. Cells[0]
// is the cell whose candidates were tried, or Units[0] the unit whose
// places for Digits were tried.
func (h *human) forcingNetVerity() {
	b := &h.b
	g := b.g
	for want := 2; want <= g.n; want++ {
		for i := range g.cells {
			c := b.cand[i]
			if bits.OnesCount32(uint32(c)) != want {
				continue
			}
			var branches [MaxSize]int
			k := 0
			for ; c != 0; c &= c - 1 {
				branches[k] = i*MaxSize + bits.TrailingZeros32(uint32(c))
				k++
			}
			h.verity(branches[:k], -1)
		}
	}
	for u := range 3 * g.n {
		for d := range g.n {
			p := b.pos[u][d]
			if bits.OnesCount16(p) < 2 {
				continue
			}
			var branches [MaxSize]int
			k := 0
			for ; p != 0; p &= p - 1 {
				branches[k] = int(g.unitCell[u][bits.TrailingZeros16(p)])*MaxSize + d
				k++
			}
			h.verity(branches[:k], u)
		}
	}
}

// verity follows every branch (cell*MaxSize + digit) and records a step
// with the placements they all make, if any; unit is the unit the branches
// come from, or -1 when they are the candidates of one cell.
func (h *human) verity(branches []int, unit int) bool {
	b := &h.b
	g := b.g
	for k, br := range branches {
		var end []uint8 // the values the branch leaves
		i, d := br/MaxSize, br%MaxSize
		if h.endsOK && h.netKnown[i*g.n+d] {
			end = h.netEnds[(i*g.n+d)*g.cells:][:g.cells]
		} else {
			h.trial = *b
			cell, u, _, _ := h.trial.propagateStuck(i, d)
			if cell >= 0 || u >= 0 {
				return false // a contradiction: the Forcing Net's business
			}
			end = h.trial.value[:g.cells]
			if h.endsOK { // one the search skipped (markFree): keep it too
				copy(h.netEnds[(i*g.n+d)*g.cells:], end)
				h.netKnown[i*g.n+d] = true
			}
		}
		if k == 0 {
			copy(h.common[:g.cells], end)
			continue
		}
		any := false
		for j := range g.cells {
			if h.common[j] != end[j] {
				h.common[j] = 0
			} else if h.common[j] != 0 && b.value[j] == 0 {
				any = true
			}
		}
		if !any {
			return false
		}
	}
	s := h.add(ForcingNetVerity)
	for j := range g.cells {
		if h.common[j] != 0 && b.value[j] == 0 {
			h.placeIn(s, j, int(h.common[j])-1)
		}
	}
	if !h.keepIf(s) {
		return false
	}
	var digits Digits
	for _, br := range branches {
		digits |= 1 << (br % MaxSize)
	}
	s.Digits = digits
	if unit >= 0 {
		s.Units = append(s.Units, g.unit[unit])
	} else {
		s.Cells = append(s.Cells, h.cellOf(branches[0]/MaxSize))
	}
	if h.text {
		var bs []string
		for _, br := range branches {
			t := newTrace(b, 0)
			t.run(br/MaxSize, br%MaxSize)
			var targets []int32
			for _, p := range s.Placements {
				targets = append(targets, t.onBy[p.Row*g.n+p.Col])
			}
			bs = append(bs, t.branch(targets))
		}
		s.net = strings.Join(bs, " ; ")
		what := placeMark
		if unit >= 0 {
			var at []Cell
			for _, br := range branches {
				at = append(at, g.cell(br/MaxSize))
			}
			s.note = fmt.Sprintf("wherever %s goes in %v (%s), the singles that follow place %s; so they are true.",
				markDigit(branches[0]%MaxSize+1), g.unit[unit], cellList(at), what)
		} else {
			s.note = fmt.Sprintf("whichever of %s %v holds, the singles that follow place %s; so they are true.",
				digitList(digits, " or "), g.cell(branches[0]/MaxSize), what)
		}
	}
	return true
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

// lockedCandidates applies every pointing and claiming elimination the
// board shows, for the forcing nets, and reports whether there was any.
// All are read off the board as it stands and then made, as a wave of
// singles is: the waves a net takes do not depend on the order units are
// looked at, so neither does which nets are the easiest.
//
// Only the digits whose places in a unit changed since it last looked (or
// since propagate began) are looked at: the nets start from a board where
// the Pointing and Claiming techniques found nothing, and a pattern whose
// places have not changed still removes nothing, its targets having only
// lost candidates since.
func (b *board) lockedCandidates() bool {
	g := b.g
	n := g.n
	var rm [MaxSize]cellset // by digit
	var some Digits         // the digits of rm that are not empty
	units := b.lockUnits
	for lines := units & (1<<(2*n) - 1); lines != 0; lines &= lines - 1 {
		l := bits.TrailingZeros64(lines)
		for ds := b.touched[l]; ds != 0; ds &= ds - 1 {
			d := bits.TrailingZeros32(uint32(ds))
			p := b.pos[l][d]
			if p == 0 || p&(p-1) == 0 {
				continue
			}
			bx := int(g.boxOf[g.unitCell[l][bits.TrailingZeros16(p)]])
			if p&^g.boxLine[bx][l] == 0 {
				rm[d] = rm[d].or(g.unitSet[2*n+bx].andNot(g.unitSet[l])) // claiming: the line's d is in box bx
				some |= 1 << d
			}
		}
	}
	for boxes := units >> (2 * n); boxes != 0; boxes &= boxes - 1 {
		bx := bits.TrailingZeros64(boxes)
		u := 2*n + bx
		for ds := b.touched[u]; ds != 0; ds &= ds - 1 {
			d := bits.TrailingZeros32(uint32(ds))
			p := b.pos[u][d]
			if p == 0 || p&(p-1) == 0 {
				continue
			}
			// the line of the first place that may hold them all: its
			// row, or else its column
			first := int(g.unitCell[u][bits.TrailingZeros16(p)])
			for k := range 2 {
				l := int(g.cellUnit[first][k])
				if p&^g.lineBox[l][bx] == 0 {
					rm[d] = rm[d].or(g.unitSet[l].andNot(g.unitSet[u])) // pointing: the box's d is in line l
					some |= 1 << d
					break
				}
			}
		}
	}
	b.touched, b.lockUnits = [3 * MaxSize]Digits{}, 0
	any := false
	for ; some != 0; some &= some - 1 {
		d := bits.TrailingZeros32(uint32(some))
		if b.removeSet(rm[d], d) {
			any = true
		}
	}
	return any
}

// removeSet removes d from every cell of set; it reports whether any had it.
func (b *board) removeSet(set cellset, d int) bool {
	set = set.and(b.dcells[d])
	if set.empty() {
		return false
	}
	for w, x := range set {
		for ; x != 0; x &= x - 1 {
			b.remove(w<<6+bits.TrailingZeros64(x), d)
		}
	}
	return true
}
