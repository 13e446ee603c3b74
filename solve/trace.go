package solve

import (
	"math/bits"
	"strconv"
	"strings"
)

// A traced forcing net: the propagation of the forcing nets (singles,
// locked candidates, and for nested nets the inner nets) done again one
// deduction at a time, each recorded with the deductions it follows from,
// so that a step can say its branches as chains from the premise:
// "r1c2=4 -> r1c5<>4 -> r1c5=7 -> r5c5<>7". It runs only to write the text
// of a step already found (the fast propagation finds them), so it favours
// clarity over speed. The singles and locked candidates reach the same
// fixed point in any order, so the traced net reaches what the fast one
// did.

// netEvent is one deduction of a traced net: a digit placed in a cell
// (on) or removed from it, and the events it follows from.
type netEvent struct {
	cell, digit int // digit 0-based
	on          bool
	net         bool // removed because its own forcing net fails (nested nets)
	parents     []int32
}

// netTrace follows one branch from the board start.
type netTrace struct {
	start   *board
	bd      board
	width   int // inner nets from cells with up to width candidates; 0: none
	offBy   [MaxSize * MaxSize][MaxSize]int32
	onBy    [MaxSize * MaxSize]int32
	queued  [MaxSize * MaxSize]int32 // the on event last queued for each cell
	events  []netEvent
	queue   []int32
	leaves  []int32 // the events that make the contradiction
	arena   []int32 // the events' parents, end to end
	cells   []int   // scratch
	removed []int   // scratch: cell*MaxSize + digit
	// the contradiction: a cell with no candidate, or a digit with no
	// place in a unit
	badCell, badUnit, badDigit int
}

func newTrace(start *board, width int) *netTrace {
	t := &netTrace{start: start, bd: *start, width: width, badCell: -1, badUnit: -1, badDigit: -1}
	for i := range start.g.cells {
		t.onBy[i], t.queued[i] = -1, -1
		for d := range t.offBy[i] {
			t.offBy[i][d] = -1
		}
	}
	return t
}

// run assumes the 0-based digit d in cell i and follows the net; it
// reports whether it ends in a contradiction (t.leaves).
func (t *netTrace) run(i, d int) bool {
	t.queue = append(t.queue, t.push(netEvent{cell: i, digit: d, on: true}))
	for {
		for len(t.queue) > 0 {
			e := t.queue[0]
			t.queue = t.queue[1:]
			if t.apply(e) {
				return true
			}
		}
		if t.bd.left == 0 {
			return false
		}
		if any, bad := t.locked(); bad {
			return true
		} else if any {
			continue
		}
		if t.width == 0 {
			return false
		}
		if any, bad := t.innerPass(); bad {
			return true
		} else if !any {
			return false
		}
	}
}

func (t *netTrace) push(e netEvent) int32 {
	t.events = append(t.events, e)
	return int32(len(t.events) - 1)
}

// enqueue queues the placement e, unless the same is queued already.
func (t *netTrace) enqueue(e netEvent) {
	if q := t.queued[e.cell]; q >= 0 && t.events[q].digit == e.digit {
		return
	}
	id := t.push(e)
	t.queued[e.cell] = id
	t.queue = append(t.queue, id)
}

// apply places the digit of the queued event e, unless that is done
// already; it reports a contradiction.
func (t *netTrace) apply(e int32) bool {
	ev := t.events[e]
	i, d := ev.cell, ev.digit
	if t.bd.value[i] != 0 || !t.bd.has(i, d) {
		return false
	}
	t.onBy[i] = e
	g := t.bd.g
	removed := t.removed[:0]
	for c := t.bd.cand[i] &^ (1 << d); c != 0; c &= c - 1 {
		removed = append(removed, i*MaxSize+bits.TrailingZeros32(uint32(c)))
	}
	t.cells = t.bd.dcells[d].and(g.peers[i]).appendTo(t.cells[:0])
	for _, j := range t.cells {
		removed = append(removed, j*MaxSize+d)
	}
	t.removed = removed
	t.bd.place(i, d)
	t.arena = append(t.arena, e)
	one := t.arena[len(t.arena)-1 : len(t.arena) : len(t.arena)]
	for _, x := range removed {
		t.offBy[x/MaxSize][x%MaxSize] = t.push(netEvent{cell: x / MaxSize, digit: x % MaxSize, parents: one})
	}
	for _, x := range removed {
		if t.check(x/MaxSize, x%MaxSize) {
			return true
		}
	}
	return false
}

// off removes d from cell i as the event made of parents; it reports a
// contradiction.
func (t *netTrace) off(i, d int, parents []int32, net bool) bool {
	if !t.bd.remove(i, d) {
		return false
	}
	t.offBy[i][d] = t.push(netEvent{cell: i, digit: d, net: net, parents: parents})
	return t.check(i, d)
}

// check looks, after d left cell i, for a contradiction or new singles,
// which it queues with the removals that make them.
func (t *netTrace) check(i, d int) bool {
	b, s := &t.bd, t.start
	g := b.g
	if b.value[i] == 0 {
		switch c := b.cand[i]; {
		case c == 0:
			t.badCell = i
			for x := s.cand[i]; x != 0; x &= x - 1 {
				t.leaves = append(t.leaves, t.offBy[i][bits.TrailingZeros32(uint32(x))])
			}
			return true
		case c&(c-1) == 0:
			f := bits.TrailingZeros32(uint32(c))
			var ps []int32
			for x := s.cand[i] &^ c; x != 0; x &= x - 1 {
				ps = append(ps, t.offBy[i][bits.TrailingZeros32(uint32(x))])
			}
			t.enqueue(netEvent{cell: i, digit: f, on: true, parents: ps})
		}
	}
	for k := range 3 {
		u := int(g.cellUnit[i][k])
		if b.placed[u]&(1<<d) != 0 {
			continue
		}
		p := b.pos[u][d]
		if p&(p-1) != 0 {
			continue
		}
		var ps []int32
		for x := s.pos[u][d] &^ p; x != 0; x &= x - 1 {
			ps = append(ps, t.offBy[g.unitCell[u][bits.TrailingZeros16(x)]][d])
		}
		if p == 0 {
			t.badUnit, t.badDigit, t.leaves = u, d, ps
			return true
		}
		j := int(g.unitCell[u][bits.TrailingZeros16(p)])
		t.enqueue(netEvent{cell: j, digit: d, on: true, parents: ps})
	}
	return false
}

// locked applies the first pointing or claiming the branch made; it
// reports whether it removed anything, and a contradiction.
func (t *netTrace) locked() (any, bad bool) {
	b, s := &t.bd, t.start
	g := b.g
	n := g.n
	try := func(from, to, d int) (bool, bool) {
		// the places of d in unit from all lie in unit to
		p := b.pos[from][d]
		if p == 0 || p&(p-1) == 0 || b.placed[from]&(1<<d) != 0 {
			return false, false
		}
		if !b.dcells[d].and(g.unitSet[from]).andNot(g.unitSet[to]).empty() {
			return false, false
		}
		targets := b.dcells[d].and(g.unitSet[to]).andNot(g.unitSet[from])
		if targets.empty() {
			return false, false
		}
		var ps []int32
		for x := s.pos[from][d]; x != 0; x &= x - 1 {
			j := int(g.unitCell[from][bits.TrailingZeros16(x)])
			if !g.unitSet[to].has(j) {
				ps = append(ps, t.offBy[j][d])
			}
		}
		for _, j := range targets.appendTo(nil) {
			if t.off(j, d, ps, false) {
				return true, true
			}
		}
		return true, false
	}
	for bx := range n {
		box := 2*n + bx
		for k, ls := range [2]uint16{g.rowsOf[bx], g.colsOf[bx]} {
			for ; ls != 0; ls &= ls - 1 {
				l := bits.TrailingZeros16(ls) + k*n
				for d := range n {
					if any, bad := try(box, l, d); any {
						return any, bad
					}
					if any, bad := try(l, box, d); any {
						return any, bad
					}
				}
			}
		}
	}
	return false, false
}

// innerPass removes, as the nested net does, every candidate of the cells
// with up to width candidates whose own net fails on the board as it
// stands; each follows from every event before it. It runs when the
// singles and the locked candidates have run out, so the inner nets start
// on a stuck board, as propagateStuck wants.
func (t *netTrace) innerPass() (any, bad bool) {
	b := &t.bd
	g := b.g
	var fail []int
	for j := range g.cells {
		c := b.cand[j]
		if b.value[j] != 0 || bits.OnesCount32(uint32(c)) > t.width {
			continue
		}
		for ; c != 0; c &= c - 1 {
			e := bits.TrailingZeros32(uint32(c))
			deep := *b
			if cell, unit, _, _ := deep.propagateStuck(j, e); cell >= 0 || unit >= 0 {
				fail = append(fail, j*MaxSize+e)
			}
		}
	}
	all := make([]int32, len(t.events))
	for k := range all {
		all[k] = int32(k)
	}
	// every removal first, then what they lead to: each inner net ran on
	// the board before any of them
	var removed []int
	for _, x := range fail {
		if t.bd.remove(x/MaxSize, x%MaxSize) {
			t.offBy[x/MaxSize][x%MaxSize] = t.push(netEvent{cell: x / MaxSize, digit: x % MaxSize, net: true, parents: all})
			removed = append(removed, x)
		}
	}
	for _, x := range removed {
		if t.check(x/MaxSize, x%MaxSize) {
			return true, true
		}
	}
	return len(removed) > 0, false
}

// branch writes the events that lead to the targets, in the order they
// were made, as a chain from the premise: "r1c2=4 -> r1c5<>4 -> r1c5=7".
func (t *netTrace) branch(targets []int32) string {
	var b strings.Builder
	t.writeBranch(&b, targets)
	return b.String()
}

func (t *netTrace) writeBranch(b *strings.Builder, targets []int32) {
	first := true
	for e, ok := range t.ancestry(targets) { // in the order they were made
		if !ok {
			continue
		}
		if !first {
			b.WriteString(" -> ")
		}
		first = false
		t.writeEvent(b, int32(e))
	}
}

// writeEvent writes an event as "r1c2=4", "r1c5<>4", or for a removal by
// an inner net "r1c5<>4[net]".
func (t *netTrace) writeEvent(b *strings.Builder, e int32) {
	ev := &t.events[e]
	c := t.bd.g.cell(ev.cell)
	b.WriteByte('r')
	b.WriteString(strconv.Itoa(c.Row + 1))
	b.WriteByte('c')
	b.WriteString(strconv.Itoa(c.Col + 1))
	if ev.on {
		b.WriteByte('=')
	} else {
		b.WriteString("<>")
	}
	b.WriteString(markDigit(ev.digit + 1))
	if ev.net {
		b.WriteString("[net]")
	}
}

// ancestry marks, by event, the targets and every event they follow from.
func (t *netTrace) ancestry(targets []int32) []bool {
	seen := make([]bool, len(t.events))
	stack := append([]int32(nil), targets...)
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if e < 0 || seen[e] {
			continue
		}
		seen[e] = true
		stack = append(stack, t.events[e].parents...)
	}
	return seen
}

// forced appends to dst the digits placed on the way to the
// contradiction (the placements among the events it follows from, in the
// order they were made), all but the premise.
func (t *netTrace) forced(dst []Candidate) []Candidate {
	for e, ok := range t.ancestry(t.leaves) {
		if ev := &t.events[e]; ok && ev.on && len(ev.parents) > 0 {
			dst = append(dst, Candidate{t.bd.g.cell(ev.cell), ev.digit + 1})
		}
	}
	return dst
}

// contradictionBranches writes one branch for each event of the
// contradiction, joined by " ; ".
func (t *netTrace) contradictionBranches() string {
	var b strings.Builder
	for k, e := range t.leaves {
		if k > 0 {
			b.WriteString(" ; ")
		}
		t.writeBranch(&b, []int32{e})
	}
	return b.String()
}
