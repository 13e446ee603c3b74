package solve

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
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
// maxALSCells cells, each cell set once (see listedHere), unit by unit.
// The techniques that use them run one after the other on the same board,
// so the list is made once per find; and a unit none of whose cells
// changed since the last list has the same sets, which are copied.
func (h *human) almostLockedSets() []als {
	if h.alsOK {
		return h.alsBuf
	}
	h.alsOK, h.rccOK = true, false
	b := &h.b
	g := b.g
	prev := &h.alsPrev
	var same uint64 // the units none of whose cells changed since prev
	if prev.ok && !h.noShortcut {
		same = (1<<(3*g.n) - 1) &^ prev.changedUnits(b)
	}
	var all cellset
	for i := range g.cells {
		all.add(i)
	}
	out := h.alsSpare[:0]
	var walk func(u int, free uint16, k int, cells cellset, digits Digits)
	walk = func(u int, free uint16, k int, cells cellset, digits Digits) {
		if k > 0 && bits.OnesCount32(uint32(digits)) == k+1 && listedHere(g, u, k, cells) {
			a := als{unit: u, cells: cells, digits: digits}
			for ds := digits; ds != 0; ds &= ds - 1 {
				d := bits.TrailingZeros32(uint32(ds))
				seen := all
				for x := cells.and(b.dcells[d]); !x.empty(); {
					i := x.first()
					x.del(i)
					seen = seen.and(g.peers[i])
				}
				*a.seeing(d) = seen
			}
			out = append(out, a)
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
	var end [3 * MaxSize]int32 // the sets of unit u end at end[u]
	for u := range 3 * g.n {
		if same&(1<<u) != 0 {
			from := int32(0)
			if u > 0 {
				from = prev.end[u-1]
			}
			out = append(out, h.alsBuf[from:prev.end[u]]...)
		} else {
			walk(u, b.free[u], 0, cellset{}, 0)
		}
		end[u] = int32(len(out))
	}
	h.alsBuf, h.alsSpare = out, h.alsBuf
	prev.ok, prev.cand, prev.end = true, b.cand, end
	return out
}

// alsList says how the sets in alsBuf were listed: unit by unit (those
// of unit u end at end[u]), from the pencil marks of its boardMemo.
type alsList struct {
	boardMemo
	end [3 * MaxSize]int32
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

// setsSince returns, for the sets of the board, whether each is new: it
// holds a cell whose candidates changed since m's board. It returns nil
// when m holds no board (or the shortcuts are off): then every set counts
// as new. A pattern of sets none of which is new was there on m's board,
// where the search found nothing: its targets now are among its targets
// then, so it eliminates nothing either.
func (h *human) setsSince(m *boardMemo, sets []als) []bool {
	if !m.ok || h.noShortcut {
		return nil
	}
	changed := m.changedCells(&h.b)
	fresh, list := h.alsNew[:0], h.alsNewList[:0]
	for k := range sets {
		isNew := !sets[k].cells.and(changed).empty()
		fresh = append(fresh, isNew)
		if isNew {
			list = append(list, int32(k))
		}
	}
	h.alsNew, h.alsNewList = fresh, list
	return fresh
}

// isNew reports whether set k is new by setsSince's list fresh.
func isNew(fresh []bool, k int) bool { return fresh == nil || fresh[k] }

// alsXZ (ALS-XZ): two almost locked sets A and B share a digit x whose
// cells in A all see its cells in B, so x is in at most one of them; the
// other set is then locked and holds all its other digits. For another
// shared digit z, one of A and B holds z, and cells seeing every z of both
// lose z. Cells are A's cells then B's; Units are A's and B's units; cc
// holds A's and B's digits; Digits is {x, z}.
func (h *human) alsXZ() {
	b := &h.b
	sets := h.almostLockedSets()
	links, start := h.restrictedCommons(sets)
	fresh := h.setsSince(&h.alsMemo[0], sets)
	for ia := range sets {
		A := &sets[ia]
		for _, l := range links[start[ia]:start[ia+1]] {
			ib, x := int(l.other()), l.digit()
			if ib < ia || !isNew(fresh, ia) && !isNew(fresh, ib) {
				continue // each pair once; and a pair of old sets finds nothing
			}
			B := &sets[ib]
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
	h.alsMemo[0].keep(b, len(h.found) > 0)
}

// rcc is a restricted common digit x between two almost locked sets:
// every cell of one holding x sees every cell of the other holding x, so
// x is in at most one of them. It packs the other set and x in one word
// (other<<8 | x): the ALS chains read the links in their tightest loop.
type rcc uint32

func newRCC(other int32, x int) rcc { return rcc(other)<<8 | rcc(x) }

// other is the other set.
func (l rcc) other() int32 { return int32(l >> 8) }

// digit is x.
func (l rcc) digit() int { return int(l & 0xff) }

// restrictedCommons lists, for every set, the sets it shares a restricted
// common digit with (each pair once per digit, both ways), the sets not
// overlapping: the links of set k are links[start[k]:start[k+1]]. A set B
// can share a restricted digit x with A only when B's cells holding x all
// see A's, so B is found from the cells that see A's x, not by trying
// every pair.
func (h *human) restrictedCommons(sets []als) (links []rcc, start []int32) {
	if h.rccOK {
		return h.rccBuf, h.rccStart
	}
	h.rccOK = true
	b := &h.b
	g := b.g
	n := g.n
	// the sets by their first cell holding each of their digits (key
	// cell*n + digit), in set order: a counting sort
	first := append(h.alsFirstAt[:0], make([]int32, g.cells*n+1)...)
	for k := range sets {
		for xs := sets[k].digits; xs != 0; xs &= xs - 1 {
			x := bits.TrailingZeros32(uint32(xs))
			first[sets[k].cells.and(b.dcells[x]).first()*n+x+1]++
		}
	}
	for k := 1; k < len(first); k++ {
		first[k] += first[k-1]
	}
	byFirst := append(h.alsByFirst[:0], make([]int32, first[len(first)-1])...)
	fill := append(h.rccFill[:0], first...)
	for k := range sets {
		for xs := sets[k].digits; xs != 0; xs &= xs - 1 {
			x := bits.TrailingZeros32(uint32(xs))
			key := sets[k].cells.and(b.dcells[x]).first()*n + x
			byFirst[fill[key]] = int32(k)
			fill[key]++
		}
	}
	h.alsFirstAt, h.alsByFirst = first, byFirst
	pairs := h.rccPairs[:0] // a, then the link from a
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
				// Each B once, from its first cell holding x; x is
				// restricted when all of those see A's x.
				for _, ib := range byFirst[first[c*n+x]:first[c*n+x+1]] {
					if int(ib) <= ia {
						continue
					}
					B := &sets[ib]
					if !B.cells.and(b.dcells[x]).andNot(sees).empty() || !A.cells.and(B.cells).empty() {
						continue
					}
					pairs = append(pairs, rccPair{int32(ia), newRCC(ib, x)}, rccPair{ib, newRCC(int32(ia), x)})
				}
			}
		}
	}
	h.rccPairs = pairs
	// by set: counting sort
	start = append(h.rccStart[:0], make([]int32, len(sets)+1)...)
	for _, p := range pairs {
		start[p.a+1]++
	}
	for k := range sets {
		start[k+1] += start[k]
	}
	links = append(h.rccBuf[:0], make([]rcc, len(pairs))...)
	fill = append(fill[:0], start[:len(sets)]...)
	for _, p := range pairs {
		links[fill[p.a]] = p.l
		fill[p.a]++
	}
	h.rccStart, h.rccBuf, h.rccFill = start, links, fill
	return links, start
}

// rccPair is a link from set a, while the links are gathered.
type rccPair struct {
	a int32
	l rcc
}

// alsXYWing (ALS-XY-Wing): three almost locked sets A, B and C; A and C
// share a restricted common digit x, B and C another, y. For a digit z
// of both A and B (neither x nor y): if neither held z, both would be
// locked, A holding x and B holding y, and C would have lost two digits,
// too few for its cells. So one of A and B holds z, and cells seeing
// every z of A and B lose z. Cells are A's, B's, then
// C's cells; Units their units; cc their digits; Digits is {x, y, z}.
func (h *human) alsXYWing() {
	b := &h.b
	sets := h.almostLockedSets()
	links, start := h.restrictedCommons(sets)
	fresh := h.setsSince(&h.alsMemo[1], sets)
	for ic := range sets {
		C := &sets[ic]
		lc := links[start[ic]:start[ic+1]]
		for p := range lc {
			ia, x := int(lc[p].other()), lc[p].digit()
			A := &sets[ia]
			old := !isNew(fresh, ic) && !isNew(fresh, ia)
			for q := p + 1; q < len(lc); q++ {
				ib, y := int(lc[q].other()), lc[q].digit()
				if y == x || ib == ia || old && !isNew(fresh, ib) {
					continue
				}
				B := &sets[ib]
				// A and B do not overlap C: linked sets never do
				if !A.cells.and(B.cells).empty() {
					continue
				}
				abc := A.cells.or(B.cells).or(C.cells)
				for zs := A.digits & B.digits &^ (1<<x | 1<<y); zs != 0; zs &= zs - 1 {
					z := bits.TrailingZeros32(uint32(zs))
					targets := A.seeing(z).and(*B.seeing(z)).and(b.dcells[z]).andNot(abc)
					if targets.empty() {
						continue
					}
					h.alsXYStep(A, B, C, x, y, z, targets)
				}
			}
		}
	}
	h.alsMemo[1].keep(b, len(h.found) > 0)
}

// stepALS adds an almost locked set to step s: its cells to the step's
// cells, its unit to the units and its digits to cc.
func (h *human) stepALS(s *Step, set *als) {
	for _, i := range set.cells.appendTo(h.scratch[:0]) {
		s.Cells = append(s.Cells, h.cellOf(i))
	}
	s.Units = append(s.Units, h.b.g.unit[set.unit])
	s.cc = append(s.cc, set.digits)
}

// alsXYStep records an ALS-XY-Wing step.
func (h *human) alsXYStep(A, B, C *als, x, y, z int, targets cellset) {
	g := h.b.g
	s := h.add(ALSXYWing)
	h.elimSet(s, targets, z)
	s.Digits = 1<<x | 1<<y | 1<<z
	var at [3]int
	for k, set := range []*als{A, B, C} {
		h.stepALS(s, set)
		at[k] = len(s.Cells)
	}
	if h.text {
		s.note = fmt.Sprintf("A: %s; B: %s; C: %s. %s is in at most one of A and C, %s in at most one of B and C; without %s, A and B would be locked and hold them both, leaving C too few digits. So A or B holds %s: %s.",
			alsText(s.Cells[:at[0]], g.unit[A.unit], A.digits), alsText(s.Cells[at[0]:at[1]], g.unit[B.unit], B.digits),
			alsText(s.Cells[at[1]:at[2]], g.unit[C.unit], C.digits), markDigit(x+1), markDigit(y+1), markDigit(z+1), markDigit(z+1), elimMark)
	}
}

// alsStep records an ALS-XZ step.
func (h *human) alsStep(A, B *als, x, z int, targets cellset) {
	g := h.b.g
	s := h.add(ALSXZ)
	h.elimSet(s, targets, z)
	s.Digits = 1<<x | 1<<z
	h.stepALS(s, A)
	na := len(s.Cells)
	h.stepALS(s, B)
	if h.text {
		s.note = fmt.Sprintf("%s, and %s; %s cannot be in both (its cells there see each other), so one of the two sets holds all its other digits, and one of them holds %s: %s.",
			alsText(s.Cells[:na], g.unit[A.unit], A.digits), alsText(s.Cells[na:], g.unit[B.unit], B.digits),
			markDigit(x+1), markDigit(z+1), elimMark)
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

// deathBlossom (Death Blossom): a stem cell with candidates d1..dk (k up
// to 3), and for each di a petal, an almost locked set holding di whose
// cells holding di all see the stem. The petals share a digit z the stem
// has not. Whichever di the stem is, its petal loses di and is locked, so
// it holds z: cells seeing every z of every petal lose z. Cells are the
// stem, then each petal's cells; Units the petals' units; cc the petals'
// digits; Digits the stem's digits and z.
func (h *human) deathBlossom() {
	b := &h.b
	g := b.g
	sets := h.almostLockedSets()
	memo := &h.alsMemo[2]
	fresh := h.setsSince(memo, sets)
	// The sets by the first of their cells holding each digit: a petal's
	// cells holding d all see the stem, so its first does.
	h.restrictedCommons(sets)
	first, byFirst := h.alsFirstAt, h.alsByFirst
	for stem := range g.cells {
		sc := b.cand[stem]
		k := sc.Len()
		if k < 2 || k > 3 {
			continue
		}
		// a petal for digit d of the stem
		petal := func(P *als, d int) bool {
			return P.digits&(1<<d) != 0 && !P.cells.has(stem) && P.digits&^sc != 0 &&
				P.cells.and(b.dcells[d]).andNot(g.peers[stem]).empty()
		}
		// a blossom of an old stem and old petals finds nothing
		oldStem := fresh != nil && memo.cand[stem] == sc
		if oldStem && !h.anyPetal(sets, sc, petal) {
			continue
		}
		// the petals for each digit of the stem
		var petals [3][]int32
		var ds [3]int
		j := 0
		for c := sc; c != 0; c &= c - 1 {
			d := bits.TrailingZeros32(uint32(c))
			ds[j] = d
			petals[j] = h.dbBuf[j][:0]
			for w, x := range g.peers[stem].and(b.dcells[d]) {
				for ; x != 0; x &= x - 1 {
					key := (w<<6+bits.TrailingZeros64(x))*g.n + d
					for _, p := range byFirst[first[key]:first[key+1]] {
						if petal(&sets[p], d) {
							petals[j] = append(petals[j], p)
						}
					}
				}
			}
			slices.Sort(petals[j]) // in the order of the sets
			h.dbBuf[j] = petals[j]
			j++
		}
		var pick [3]int32
		var walk func(j int, common Digits, used cellset, renewed bool)
		walk = func(j int, common Digits, used cellset, renewed bool) {
			if j == k {
				if !renewed {
					return
				}
				for zs := common; zs != 0; zs &= zs - 1 {
					z := bits.TrailingZeros32(uint32(zs))
					targets := b.dcells[z].andNot(used)
					for _, p := range pick[:k] {
						targets = targets.and(*sets[p].seeing(z))
					}
					if !targets.empty() {
						h.dbStep(stem, ds[:k], pick[:k], sets, z, targets)
					}
				}
				return
			}
			for _, p := range petals[j] {
				P := &sets[p]
				c := common & P.digits
				if c == 0 || !P.cells.and(used).empty() {
					continue
				}
				pick[j] = p
				walk(j+1, c, used.or(P.cells), renewed || isNew(fresh, int(p)))
			}
		}
		var used cellset
		used.add(stem)
		walk(0, g.all&^sc, used, !oldStem)
	}
	memo.keep(b, len(h.found) > 0)
}

// anyPetal reports whether a new set (setsSince's alsNewList) is a petal
// for a digit of the stem's candidates sc.
func (h *human) anyPetal(sets []als, sc Digits, petal func(P *als, d int) bool) bool {
	for _, p := range h.alsNewList {
		for c := sc; c != 0; c &= c - 1 {
			if petal(&sets[p], bits.TrailingZeros32(uint32(c))) {
				return true
			}
		}
	}
	return false
}

// dbStep records a Death Blossom step.
func (h *human) dbStep(stem int, ds []int, pick []int32, sets []als, z int, targets cellset) {
	g := h.b.g
	s := h.add(DeathBlossom)
	h.elimSet(s, targets, z)
	s.Cells = append(s.Cells, h.cellOf(stem))
	var parts []string
	for k, p := range pick {
		P := &sets[p]
		at := len(s.Cells)
		h.stepALS(s, P)
		s.Digits |= 1 << ds[k]
		if h.text {
			set := fmt.Sprintf("%s {%s}", cellList(s.Cells[at:]), digitList(P.digits, ","))
			if len(s.Cells)-at > 1 {
				set = fmt.Sprintf("%s in %v {%s}", cellList(s.Cells[at:]), g.unit[P.unit], digitList(P.digits, ","))
			}
			parts = append(parts, fmt.Sprintf("if it is %s, %s loses %s", markDigit(ds[k]+1), set, markDigit(ds[k]+1)))
		}
	}
	s.Digits |= 1 << z
	if h.text {
		s.note = fmt.Sprintf("%v holds only %s; %s. The set that loses a digit is locked and holds %s: %s.",
			g.cell(stem), digitList(h.b.cand[stem], ","), strings.Join(parts, "; "), markDigit(z+1), elimMark)
	}
}
