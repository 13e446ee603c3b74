package solve

import (
	"math/bits"
	"slices"
)

// Basic and finned fish: X-Wing (2), Swordfish (3), Jellyfish (4). They
// work on every shape; the finned versions use the box of the fins, which
// may be any rectangle.

// fish looks for fish of size k on every digit, with rows as base lines and
// then with columns. A basic fish: k base lines in which digit d lies only
// in k cover lines (the other direction); d cannot be elsewhere in the cover
// lines. A finned fish: the base lines also hold d in some extra cells (the
// fins), all in one box; the cells that are in a cover line and in the fins'
// box, but not in a base line, cannot hold d (either a fin is d, and they
// see it, or the fish is a basic one).
//
// Units are the k base lines then the k cover lines; Cells the base lines'
// cells holding d; Fins the fins; Digits the digit.
func (h *human) fish(t Technique, k int, finned bool) {
	b := &h.b
	g := b.g
	n := g.n
	memo := &h.fishMemo[k-2]
	if finned {
		memo = &h.fishMemo[k+1]
	}
	h.eachDigit(memo, func(d int) {
		if !finned && !h.noShortcut && h.openLines(d) < 2*k {
			return // see complementFish
		}
		for o := range 2 { // o == 0: rows are the base; o == 1: columns
			var lines [MaxSize]int
			var sets [MaxSize]uint32
			m := 0
			// a finned fish's base line holds d only in its cover lines
			// and in the fins, within one box's width
			span := g.shape.BoxCols
			if o == 1 {
				span = g.shape.BoxRows
			}
			for l := o * n; l < (o+1)*n; l++ {
				p := b.pos[l][d]
				c := bits.OnesCount16(p)
				if c < 2 || (!finned && c > k) || c > k+span {
					continue
				}
				lines[m], sets[m] = l, uint32(p)
				m++
			}
			if m < k {
				continue
			}
			if !finned {
				combos(sets[:m], k, h.pick[:], func(pick []int, union uint32) bool {
					h.fishStep(t, d, o, lines[:], pick, union, 0, -1)
					return true
				})
			} else {
				h.finnedFish(t, d, o, k, lines[:m], sets[:m])
			}
		}
	})
}

// openLines returns the number of rows where digit d is not placed yet,
// as many as the columns.
//
// complementFish: a basic fish can only find something when d is open in
// 2k lines or more. If k base rows R1 of the m open rows hold d only in
// k cover columns C1, the other m-k columns hold it only in the other m-k
// rows (nowhere in R1; and in all of them, as the solution, which the
// board always agrees with, puts d in each column in a row of its own):
// a fish of size m-k with columns as its base. Both remove d from the
// cells of the other rows in C1. With m under 2k that fish is smaller: of
// size 0 it removes nothing; of size 1 it is a column with one place, a
// Hidden Single; else an X-Wing or Swordfish, which come before and found
// nothing on this board.
func (h *human) openLines(d int) int {
	b := &h.b
	m := 0
	for l := range b.g.n {
		if b.pos[l][d] != 0 {
			m++
		}
	}
	return m
}

// digitMemo remembers, for a technique that looks at one digit at a time,
// each digit's candidates when the search found nothing for it. Rounds
// retry every technique from the easiest, and most digits' candidates have
// not changed since the last round: the same candidates find the same
// nothing, so the search is skipped. prepare clears it (a new grid shape
// would change what a search finds in the same cells).
type digitMemo struct {
	known [MaxSize]bool
	cells [MaxSize]cellset
}

func (m *digitMemo) same(d int, c *cellset) bool { return m.known[d] && m.cells[d] == *c }

func (m *digitMemo) remember(d int, c *cellset) { m.known[d], m.cells[d] = true, *c }

// eachDigit runs search for every digit, in order, but those whose
// candidates are as they were when search last found nothing for them
// (memo). search must look at no candidate but the digit's.
func (h *human) eachDigit(memo *digitMemo, search func(d int)) {
	b := &h.b
	for d := range b.g.n {
		if !h.noShortcut && memo.same(d, &b.dcells[d]) {
			continue
		}
		before := len(h.found)
		search(d)
		if len(h.found) == before {
			memo.remember(d, &b.dcells[d])
		}
	}
}

// finGeo is what finnedFish needs of the shape, for rows (o == 0) or
// columns (o == 1) as base lines, the lines as indexes 0..n-1: the boxes
// across each base line (a box a bit) and the band of each (the bands
// numbered in the order of the boxes); the widths of boxes (the cover
// lines a stack of boxes crosses, for rows as base lines), each with its
// boxes; for each box, the base lines it spans, the cover lines it
// crosses and its band; and the width of a box, in cover lines.
type finGeo struct {
	lineBoxes [MaxSize]uint32
	lineBand  [MaxSize]uint8
	widths    []finWidth
	boxes     finBoxes
	maxSpan   int
}

type finWidth struct{ boxes, cross uint32 }

// finBoxes is, for each box, the base lines it spans and the cover lines
// it crosses, and its band.
type finBoxes struct {
	span, cross [MaxSize]uint32
	band        [MaxSize]uint8
}

func newFinGeo(g *hgeo, o int) finGeo {
	f := finGeo{maxSpan: g.shape.BoxCols}
	if o == 1 {
		f.maxSpan = g.shape.BoxRows
	}
	var bands []uint32
	for bx := range g.n {
		span, cross := uint32(g.rowsOf[bx]), uint32(g.colsOf[bx])
		if o == 1 {
			span, cross = cross, span
		}
		f.boxes.span[bx], f.boxes.cross[bx] = span, cross
		j := slices.Index(bands, span)
		if j < 0 {
			j = len(bands)
			bands = append(bands, span)
		}
		f.boxes.band[bx] = uint8(j)
		for l := span; l != 0; l &= l - 1 {
			f.lineBoxes[bits.TrailingZeros32(l)] |= 1 << bx
			f.lineBand[bits.TrailingZeros32(l)] = uint8(j)
		}
		w := slices.IndexFunc(f.widths, func(w finWidth) bool { return w.cross == cross })
		if w < 0 {
			w = len(f.widths)
			f.widths = append(f.widths, finWidth{cross: cross})
		}
		f.widths[w].boxes |= 1 << bx
	}
	return f
}

// finnedFish tries every k base lines among lines (whose positions are
// sets) and every box that could hold their fins.
func (h *human) finnedFish(t Technique, d, o, k int, lines []int, sets []uint32) {
	b := &h.b
	g := b.g
	n := g.n
	f := &g.fins[o]
	// The lines (rows for o == 0) in which each box holds d: a finned fish
	// removes d from its fins' box off its base lines only; and the boxes
	// holding d, the only ones that can hold fins.
	var boxLines [MaxSize]uint32
	var open uint32
	for l := o * n; l < (o+1)*n; l++ {
		for p := b.pos[l][d]; p != 0; p &= p - 1 {
			bx := g.boxOf[g.unitCell[l][bits.TrailingZeros16(p)]]
			boxLines[bx] |= 1 << (l - o*n)
			open |= 1 << bx
		}
	}

	// Every k base lines whose positions together are more than k (some
	// are fins) and at most k plus the box's width, in lexicographic order,
	// each with the boxes that can still hold its fins. For a fin box in
	// band B and width S, the covers hold every place of the base lines
	// off B and every place off S: at most k of them. That only grows as
	// lines are added, so a set of lines that leaves no such box is not
	// extended, nor is one whose places are more than k plus the width.
	// The walk is combosWithin's, written out here to carry each level's
	// boxes without a call for every set of lines.
	type level struct {
		union, base, boxes, alive uint32
		// must[bx], for a box bx in alive: the places that are cover lines
		// if the fins are in bx (those of the base lines off its band, and
		// those off its width)
		must [MaxSize]uint32
	}
	var lv [5]level // lv[j]: the first j lines picked
	lv[0].alive = open
	idx := h.pick[:]
	hi := k + f.maxSpan
	m := len(sets)
	j := 0
	idx[0] = 0
	for {
		if idx[j] > m-(k-j) {
			if j == 0 {
				return
			}
			j--
			idx[j]++
			continue
		}
		x := idx[j]
		cur, next := &lv[j], &lv[j+1]
		union := cur.union | sets[x]
		if bits.OnesCount32(union) > hi {
			idx[j]++
			continue
		}
		l := lines[x] - o*n
		next.union, next.base, next.boxes, next.alive = union, cur.base|1<<l, cur.boxes|f.lineBoxes[l], 0
		band, places := f.lineBand[l], sets[x]
		for bs := cur.alive; bs != 0; bs &= bs - 1 {
			bx := bits.TrailingZeros32(bs)
			must := cur.must[bx] | places
			if f.boxes.band[bx] == band {
				must = cur.must[bx] | places&^f.boxes.cross[bx]
			}
			if bits.OnesCount32(must) <= k && boxLines[bx]&^next.base != 0 {
				next.must[bx] = must
				next.alive |= 1 << bx
			}
		}
		if next.alive == 0 {
			idx[j]++
			continue
		}
		if j < k-1 {
			j++
			idx[j] = idx[j-1] + 1
			continue
		}
		if bits.OnesCount32(union) > k {
			h.finnedFishCovers(t, d, o, k, lines, idx[:k], union, next.boxes&next.alive&fits(k, union, f.widths),
				&f.boxes, &next.must)
		}
		idx[j]++
	}
}

// fits returns the boxes of the widths in which k base lines with the
// places union can have fins: the cover takes the places off the width and
// some in it, and leaves one at least for the fins.
func fits(k int, union uint32, widths []finWidth) uint32 {
	var fit uint32
	for _, w := range widths {
		need := k - bits.OnesCount32(union&^w.cross)
		if need >= 0 && need < bits.OnesCount32(union&w.cross) {
			fit |= w.boxes
		}
	}
	return fit
}

// finnedFishCovers records the finned fish of the base lines lines[pick],
// with the places union, whose fins lie in one of the boxes in: every
// choice of cover lines that leaves fins in the box and removes something.
// must[bx] holds the places that are cover lines with fins in bx: those
// of the base lines off bx's band, which have no fin, and those off its
// width. They are k at most (finnedFish checked it).
func (h *human) finnedFishCovers(t Technique, d, o, k int, lines, pick []int, union, in uint32,
	boxes *finBoxes, must *[MaxSize]uint32) {
	n := h.b.g.n
	base := uint32(0)
	for _, x := range pick {
		base |= 1 << (lines[x] - o*n)
	}
	for bs := in; bs != 0; bs &= bs - 1 {
		bx := bits.TrailingZeros32(bs)
		span, cross := boxes.span[bx], boxes.cross[bx]
		outside := union &^ cross
		need := k - bits.OnesCount32(outside)
		inside := union & cross
		req := must[bx] & cross // the base lines' places off the band
		// Only a cover line that holds d in the box off the base lines can
		// lose it: without one, no choice of the cover removes anything.
		var gain uint32
		for c := inside; c != 0; c &= c - 1 {
			if h.b.pos[(1-o)*n+bits.TrailingZeros32(c)][d]&uint16(span&^base) != 0 {
				gain |= c & -c
			}
		}
		if gain == 0 {
			continue
		}
		// choose the other cover lines among the rest of the box's width:
		// every choice leaves a fin, in the box's rows (the covers in the
		// order of choosing need among all of inside)
		var free [MaxSize]uint32
		nf := 0
		for x := inside &^ req; x != 0; x &= x - 1 {
			free[nf] = x & -x
			nf++
		}
		more := need - bits.OnesCount32(req)
		var p [4]int
		for j := range more {
			p[j] = j
		}
		for {
			cover := outside | req
			for _, x := range p[:more] {
				cover |= free[x]
			}
			if cover&gain != 0 {
				h.fishStep(t, d, o, lines, pick, cover, union&^cover, bx)
			}
			if more == 0 || !nextCombo(p[:more], nf) {
				break
			}
		}
	}
}

// combosWithin calls f with every k indexes of sets, in lexicographic
// order, whose sets together have lo to hi members, and their union, until
// f returns false. A prefix whose union is already past hi is not extended.
func combosWithin(sets []uint32, k, lo, hi int, idx []int, f func(pick []int, union uint32) bool) {
	m := len(sets)
	if m < k {
		return
	}
	var unions [5]uint32 // unions[j]: union of the first j picks
	j := 0               // how many picks are fixed
	idx[0] = 0
	for {
		if idx[j] > m-(k-j) {
			if j == 0 {
				return
			}
			j--
			idx[j]++
			continue
		}
		u := unions[j] | sets[idx[j]]
		c := bits.OnesCount32(u)
		if c > hi {
			idx[j]++
			continue
		}
		if j == k-1 {
			if c >= lo && !f(idx[:k], u) {
				return
			}
			idx[j]++
			continue
		}
		unions[j+1] = u
		j++
		idx[j] = idx[j-1] + 1
	}
}

// fishStep records the fish on digit d with the base lines lines[pick],
// the cover positions cover and, for a finned fish, the fin positions fins
// in box finBox (-1 for none), if it eliminates something.
func (h *human) fishStep(t Technique, d, o int, lines []int, pick []int, cover, fins uint32, finBox int) {
	g := h.b.g
	n := g.n
	other := (1 - o) * n // first cover unit
	var baseSet, coverSet cellset
	for _, x := range pick {
		baseSet = baseSet.or(g.unitSet[lines[x]])
	}
	for c := cover; c != 0; c &= c - 1 {
		coverSet = coverSet.or(g.unitSet[other+bits.TrailingZeros32(c)])
	}
	target := coverSet.andNot(baseSet)
	if finBox >= 0 {
		target = target.and(g.unitSet[2*n+finBox])
	}
	s := h.add(t)
	if !h.elimSet(s, target, d) {
		h.drop()
		return
	}
	s.Digits = 1 << d
	for _, x := range pick {
		s.Units = append(s.Units, g.unit[lines[x]])
	}
	for c := cover; c != 0; c &= c - 1 {
		s.Units = append(s.Units, g.unit[other+bits.TrailingZeros32(c)])
	}
	var finSet cellset
	for c := fins; c != 0; c &= c - 1 {
		finSet = finSet.or(g.unitSet[other+bits.TrailingZeros32(c)])
	}
	finSet = finSet.and(baseSet).and(h.b.dcells[d])
	h.scratch = baseSet.and(h.b.dcells[d]).andNot(finSet).appendTo(h.scratch[:0])
	for _, i := range h.scratch {
		s.Cells = append(s.Cells, h.cellOf(i))
	}
	h.scratch = finSet.appendTo(h.scratch[:0])
	for _, i := range h.scratch {
		s.Fins = append(s.Fins, h.cellOf(i))
	}
}
