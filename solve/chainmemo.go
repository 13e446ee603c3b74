package solve

import "math/bits"

// A chain technique that found nothing on a board need not search again,
// on a board that has since only lost candidates, from the starts that
// reach nothing new. A chain of the new board whose every node and link
// was there before would have been found before:
//
//   - its weak links were there: weak links only go when candidates go;
//   - if its strong links and groups were there too, the chain was, and
//     so was its conclusion: a chain that does not close on its start
//     concludes from its two ends and the candidates still there, fewer
//     now; a loop that eliminates has a weak link that eliminates, and the
//     search from the candidate at one end of it finds the rest of the
//     loop and that weak link closing it, whatever way it went round.
//
// So the chains to look for use a strong link that is new (in a cell that
// lost candidates, or in a unit that lost places of the digit) or a group
// whose cells changed. chainStarts finds the starts that reach one: since
// every link is symmetric, a start reaches a node off exactly when the node
// on reaches the start on. The remaining case of a loop, one whose weak
// links that eliminate all join two groups, is covered by counting such
// links as new.

// chainMemo is the board on which a chain technique last found nothing,
// and the starts worth a search on the board as it is now.
type chainMemo struct {
	boardMemo
	starts [MaxSize]cellset // by digit
}

// chainStarts sets memo.starts to the candidates from which a chain of
// technique t can reach a new link or a changed group. chains has made
// the scratch and worked out segN for this board.
func (h *human) chainStarts(t Technique, memo *chainMemo) {
	b := &h.b
	g := b.g
	n := g.n
	cs := h.chain
	cs.stamp++
	if cs.stamp == 0 {
		cs.seen = [len(cs.seen)]uint32{}
		cs.stamp = 1
	}
	qn := 0
	seed := func(node, on int) {
		st := int32(node*2 + on)
		if cs.seen[st] != cs.stamp {
			cs.seen[st] = cs.stamp
			cs.queue[qn] = st
			qn++
		}
	}
	// the units that lost places of each digit, and the places lost
	var lost [MaxSize]uint64
	var gone [MaxSize]cellset
	for i := range g.cells {
		rm := memo.cand[i] &^ b.cand[i]
		if rm == 0 {
			continue
		}
		if t != XChain && bits.OnesCount32(uint32(b.cand[i])) == 2 {
			for c := b.cand[i]; c != 0; c &= c - 1 {
				seed(i*MaxSize+bits.TrailingZeros32(uint32(c)), 1)
			}
		}
		u := &g.cellUnit[i]
		for ; rm != 0; rm &= rm - 1 {
			d := bits.TrailingZeros32(uint32(rm))
			lost[d] |= 1<<u[0] | 1<<u[1] | 1<<u[2]
			gone[d].add(i)
		}
	}
	grouped := t == GroupedAIC
	if t != XYChain {
		for d := range n {
			for us := lost[d]; us != 0; us &= us - 1 {
				u := bits.TrailingZeros64(us)
				if !grouped {
					if x, y, ok := h.conjugate(u, d); ok {
						seed(x*MaxSize+d, 1)
						seed(y*MaxSize+d, 1)
					}
					continue
				}
				// the strong links of d in u, from its places and groups
				for p := b.pos[u][d]; p != 0; p &= p - 1 {
					at := bits.TrailingZeros16(p)
					if x := h.placesAsNode(u, d, b.pos[u][d]&^(1<<at)); x >= 0 {
						seed(int(g.unitCell[u][at])*MaxSize+d, 1)
						seed(x, 1)
					}
				}
				h.seedGroups(seed, u, d, b.dcells[d].and(g.unitSet[u]), gone[d])
			}
		}
	}
	if grouped {
		h.seedGroupLoops(seed)
	}
	memo.starts = [MaxSize]cellset{}
	for q := 0; q < qn; q++ {
		st := cs.queue[q]
		if node := int(st >> 1); st&1 == 1 && node < groupBase {
			memo.starts[node%MaxSize].add(node / MaxSize)
		}
		qn = h.chainNext(t, st, qn)
	}
}

// seedGroups seeds the groups of digit d in unit u (places: the unit's
// cells holding d) that have a strong link there, on, and both states of
// those whose cells changed (gone: the cells that lost d).
func (h *human) seedGroups(seed func(node, on int), u, d int, places, gone cellset) {
	g := h.b.g
	for _, s := range g.unitSegs[u] {
		gc := g.segs[s].cells.and(places)
		if gc.count() < 2 {
			continue
		}
		node := groupBase + int(s)*MaxSize + d
		if x := h.placesAsNode(u, d, h.b.pos[u][d]&^g.segPos(int(s), u)); x >= 0 {
			seed(node, 1)
			seed(x, 1)
		}
		if !g.segs[s].cells.and(gone).empty() {
			seed(node, 0)
			seed(node, 1)
		}
	}
}

// seedGroupLoops seeds both states of the groups that may be weakly
// linked to another group by a link that eliminates: two groups of a digit
// in one unit that has places of the digit outside both.
func (h *human) seedGroupLoops(seed func(node, on int)) {
	b := &h.b
	g := b.g
	n := g.n
	segN := &h.chain.segN
	for u := range 3 * n {
		in := g.unitSegs[u]
		for d := range n {
			total := bits.OnesCount16(b.pos[u][d])
			if total < 5 { // two groups hold four places or more
				continue
			}
			// the two smallest groups must leave a place outside
			small, groups := [2]int{MaxSize, MaxSize}, 0
			for _, s := range in {
				if c := int(segN[int(s)*MaxSize+d]); c >= 2 {
					groups++
					if c < small[0] {
						small[0], small[1] = c, small[0]
					} else if c < small[1] {
						small[1] = c
					}
				}
			}
			if groups < 2 || small[0]+small[1] >= total {
				continue
			}
			for _, s := range in {
				if segN[int(s)*MaxSize+d] >= 2 {
					node := groupBase + int(s)*MaxSize + d
					seed(node, 0)
					seed(node, 1)
				}
			}
		}
	}
}
