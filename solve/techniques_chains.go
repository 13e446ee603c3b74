package solve

import "math/bits"

// Chains: X-Chain, XY-Chain and general Alternating Inference Chains
// (AIC). They work on every shape.
//
// A node is a candidate (a digit in a cell). A strong link between two
// nodes means at least one is true: the two candidates of a bivalue cell, or
// the two cells of a unit where a digit lies in exactly two cells. A weak
// link means at most one is true: two candidates of one cell, or one digit
// in two cells that see each other. A chain starts at node A with a strong
// link and alternates strong and weak links up to an end node B reached by
// a strong link: if A is false, B is true, so at least one of A and B is
// true, and any candidate weakly linked to both is false. If the chain
// comes back to A itself, A is true.
//
//   - X-Chain: one digit, strong links from units only.
//   - XY-Chain: strong links inside bivalue cells only, weak links between
//     cells for one digit.
//   - AIC: every link.
//
// The solver takes the shortest chains that eliminate something (breadth
// first, up to maxChain links), all of them of that length. A step's Chain
// lists the nodes from A to B.

const maxChain = 24

// chainScratch is the memory of the breadth-first search: one state per
// node and polarity, node = cell*16 + digit, state = node*2 + on.
type chainScratch struct {
	stamp  uint32
	seen   [2 * MaxSize * MaxSize * MaxSize]uint32 // == stamp when visited in this search
	parent [2 * MaxSize * MaxSize * MaxSize]int32
	queue  [2 * MaxSize * MaxSize * MaxSize]int32
	depth  [2 * MaxSize * MaxSize * MaxSize]uint8
}

func (h *human) chains(t Technique) {
	if h.chain == nil {
		h.chain = new(chainScratch)
	}
	b := &h.b
	g := b.g
	best := maxChain
	for start := range g.cells {
		if t == XYChain && bits.OnesCount32(uint32(b.cand[start])) != 2 {
			continue
		}
		for sc := b.cand[start]; sc != 0; sc &= sc - 1 {
			best = h.chainSearch(t, start, bits.TrailingZeros32(uint32(sc)), best)
		}
	}
	// keep the shortest chains only
	k := 0
	for x := range h.found {
		if len(h.found[x].Chain)-1 == best {
			h.found[k], h.found[x] = h.found[x], h.found[k]
			k++
		}
	}
	h.found = h.found[:k]
}

// chainSearch searches the chains starting at node (start, sd) up to best
// links, records those that eliminate something and returns the length of
// the shortest recorded so far.
func (h *human) chainSearch(t Technique, start, sd, best int) int {
	b := &h.b
	g := b.g
	cs := h.chain
	cs.stamp++
	if cs.stamp == 0 {
		cs.seen = [len(cs.seen)]uint32{}
		cs.stamp = 1
	}
	root := int32((start*MaxSize + sd) * 2) // (start, off)
	cs.seen[root] = cs.stamp
	cs.parent[root] = -1
	cs.depth[root] = 0
	cs.queue[0] = root
	qn := 1
	visit := func(from int32, i, d, on int) {
		st := int32((i*MaxSize+d)*2 + on)
		if cs.seen[st] == cs.stamp {
			return
		}
		cs.seen[st] = cs.stamp
		cs.parent[st] = from
		cs.depth[st] = cs.depth[from] + 1
		cs.queue[qn] = st
		qn++
	}
	for q := 0; q < qn; q++ {
		st := cs.queue[q]
		depth := int(cs.depth[st])
		if depth > best {
			break
		}
		node := int(st >> 1)
		i, d := node/MaxSize, node%MaxSize
		if st&1 == 0 {
			// node off: strong links turn their other end on
			if t != XChain {
				if c := b.cand[i]; bits.OnesCount32(uint32(c)) == 2 {
					visit(st, i, bits.TrailingZeros32(uint32(c&^(1<<d))), 1)
				}
			}
			if t != XYChain {
				for k := range 3 {
					if x, y, ok := h.conjugate(int(g.cellUnit[i][k]), d); ok {
						if x == i {
							x = y
						}
						visit(st, x, d, 1)
					}
				}
			}
			continue
		}
		// node on: a conclusion, then weak links turn their other end off
		if h.chainConclusion(t, start, sd, i, d, st) > 0 && depth < best {
			best = depth
		}
		if depth == best {
			continue
		}
		if t == AIC {
			for c := b.cand[i] &^ (1 << d); c != 0; c &= c - 1 {
				visit(st, i, bits.TrailingZeros32(uint32(c)), 0)
			}
		}
		set := g.peers[i].and(b.dcells[d])
		for w, x := range set {
			for ; x != 0; x &= x - 1 {
				visit(st, w<<6+bits.TrailingZeros64(x), d, 0)
			}
		}
	}
	return best
}

// chainConclusion records the chain from (start, sd) off to (i, d) on, if it
// eliminates or places something. It returns the number of eliminations and placements.
func (h *human) chainConclusion(t Technique, start, sd, i, d int, st int32) int {
	b := &h.b
	g := b.g
	if t == XYChain && bits.OnesCount32(uint32(b.cand[i])) != 2 {
		return 0
	}
	s := h.add(t)
	switch {
	case start == i && sd == d:
		h.placeIn(s, i, d)
	case sd == d:
		h.elimSet(s, g.peers[start].and(g.peers[i]), d)
	case start == i:
		for c := b.cand[i] &^ (1<<d | 1<<sd); c != 0; c &= c - 1 {
			h.elim(s, i, bits.TrailingZeros32(uint32(c)))
		}
	case g.sees(start, i):
		if b.has(start, d) {
			h.elim(s, start, d)
		}
		if b.has(i, sd) {
			h.elim(s, i, sd)
		}
	}
	if !h.keepIf(s) {
		return 0
	}
	// the nodes, from the end back to the start
	for x := st; x >= 0; x = h.chain.parent[x] {
		node := int(x >> 1)
		s.Chain = append(s.Chain, Candidate{g.cell(node / MaxSize), node%MaxSize + 1})
	}
	for a, z := 0, len(s.Chain)-1; a < z; a, z = a+1, z-1 {
		s.Chain[a], s.Chain[z] = s.Chain[z], s.Chain[a]
	}
	s.Cells = append(s.Cells, g.cell(start), g.cell(i))
	s.Digits = 1<<sd | 1<<d
	return len(s.Eliminations) + len(s.Placements)
}
