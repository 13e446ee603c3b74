package solve

import "math/bits"

// Chains: X-Chain, XY-Chain, general Alternating Inference Chains (AIC)
// and grouped AICs. They work on every shape.
//
// A node is a candidate (a digit in a cell) or, in grouped chains, a group:
// the cells where a line crosses a box that hold a digit, on when one of
// them holds it. A strong link between two nodes means at least one is
// true: the two candidates of a bivalue cell, or the two places (cells or
// groups) of a digit in a unit. A weak link means at most one is true: two
// candidates of one cell, or one digit in two nodes whose cells all see
// each other. A chain starts at node A with a strong link and alternates
// strong and weak links up to an end node B reached by a strong link: if A
// is false, B is true, so at least one of A and B is true, and any
// candidate weakly linked to both is false. If the chain comes back to A
// itself, A is true (a discontinuous nice loop). If B is weakly linked to
// A, the chain closes into a continuous nice loop: every weak link of the
// loop holds exactly one true node, and candidates weakly linked to both
// ends of any of them are false.
//
//   - X-Chain: one digit, strong links from units only.
//   - XY-Chain: strong links inside bivalue cells only, weak links between
//     cells for one digit.
//   - AIC: every link between candidates.
//   - Grouped AIC: every link, groups too.
//
// The solver takes the shortest chains that eliminate something (breadth
// first, up to maxChain links), all of them of that length. A step's Chain
// lists the nodes from A to B, a group by its first cell, with its cells in
// ChainCells.

const maxChain = 24

// Node numbers: a candidate is cell*MaxSize + digit; a group is
// groupBase + segment*MaxSize + digit.
const (
	groupBase = MaxSize * MaxSize * MaxSize
	maxSegs   = 2 * MaxSize * MaxSize // every line with every box, at most
	maxNodes  = groupBase + maxSegs*MaxSize
)

// chainScratch is the memory of the breadth-first search: one state per
// node and polarity, state = node*2 + on.
type chainScratch struct {
	// the states each state links to, in the order a search visits them,
	// for the board and technique of one call of chains (boardStamp):
	// adj[adjOf[st].from:adjOf[st].to]. Every search from a start that
	// meets a state would work them out again.
	boardStamp uint32
	adjOf      [2 * maxNodes]adjSpan
	adj        []int32
	// the cells of each group node and the cells seeing them all
	// (groupSees), for the same board
	seeStamp   [maxSegs * MaxSize]uint32
	groupCells [maxSegs * MaxSize]cellset
	groupSee   [maxSegs * MaxSize]cellset
	// segN[seg*MaxSize+d]: the cells of the segment holding d; a group
	// when two or more
	segN [maxSegs * MaxSize]uint8

	startSee cellset // the cells the search's start sees that hold its digit

	// live[d]: the cells whose candidate d, off, has a strong link in
	// chains of the technique searched, on the board searched. A weak link
	// to any other candidate leads nowhere: chains leave it out, and their
	// searches then visit the same states but those dead ends, in the same
	// order.
	live [MaxSize]cellset

	stamp  uint32
	seen   [2 * maxNodes]uint32 // == stamp when visited in this search
	parent [2 * maxNodes]int32
	queue  [2 * maxNodes]int32
}

func (h *human) chains(t Technique) {
	if h.chain == nil {
		h.chain = new(chainScratch)
	}
	h.chain.boardStamp++
	if h.chain.boardStamp == 0 {
		h.chain.adjOf = [2 * maxNodes]adjSpan{}
		h.chain.seeStamp = [maxSegs * MaxSize]uint32{}
		h.chain.boardStamp = 1
	}
	h.chain.adj = h.chain.adj[:0]
	b := &h.b
	g := b.g
	if t == GroupedAIC {
		for si, sg := range g.segs {
			for d := range g.n {
				h.chain.segN[si*MaxSize+d] = uint8(sg.cells.and(b.dcells[d]).count())
			}
		}
	}
	h.chainLive(t)
	memo := &h.chainMemo[t-XChain]
	some := memo.ok && !h.noShortcut
	if some {
		h.chainStarts(t, memo)
	}
	best := maxChain
	for start := range g.cells {
		if t == XYChain && bits.OnesCount32(uint32(b.cand[start])) != 2 {
			continue
		}
		for sc := b.cand[start]; sc != 0; sc &= sc - 1 {
			d := bits.TrailingZeros32(uint32(sc))
			if some && !memo.starts[d].has(start) {
				continue
			}
			best = h.chainSearch(t, start, d, best)
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
	memo.keep(b, k > 0)
}

// chainLive works out cs.live for technique t on the board: the
// candidates with a strong link, as appendStrong finds them: both of a
// bivalue cell's, and the places of a digit in a unit where the others
// make one node (a cell, or a group in grouped chains).
func (h *human) chainLive(t Technique) {
	cs := h.chain
	b := &h.b
	g := b.g
	cs.live = [MaxSize]cellset{}
	if t != XChain {
		for i := range g.cells {
			if c := b.cand[i]; bits.OnesCount32(uint32(c)) == 2 {
				cs.live[bits.TrailingZeros32(uint32(c))].add(i)
				cs.live[31-bits.LeadingZeros32(uint32(c))].add(i)
			}
		}
	}
	if t == XYChain {
		return
	}
	for u := range 3 * g.n {
		for d := range g.n {
			p := b.pos[u][d]
			if t != GroupedAIC {
				if bits.OnesCount16(p) == 2 {
					cs.live[d].add(int(g.unitCell[u][bits.TrailingZeros16(p)]))
					cs.live[d].add(int(g.unitCell[u][15-bits.LeadingZeros16(p)]))
				}
				continue
			}
			for q := p; q != 0; q &= q - 1 {
				at := bits.TrailingZeros16(q)
				if h.placesAsNode(u, d, p&^(1<<at)) >= 0 {
					cs.live[d].add(int(g.unitCell[u][at]))
				}
			}
		}
	}
}

// nodeCells returns the cells of node (a candidate or a group) and its
// digit.
func (h *human) nodeCells(node int) (cellset, int) {
	if node < groupBase {
		var c cellset
		c.add(node / MaxSize)
		return c, node % MaxSize
	}
	x := node - groupBase
	d := x % MaxSize
	return h.b.g.segs[x/MaxSize].cells.and(h.b.dcells[d]), d
}

// placesAsNode returns the node made of the places rest (positions in
// unit u) of digit d, all of u's d but those of the node being left: a
// candidate, a group (the places are all of d in one segment of u), or
// -1. It works on the unit's positions, not on cell sets: it runs for
// every node of every search.
func (h *human) placesAsNode(u, d int, rest uint16) int {
	g := h.b.g
	n := g.n
	switch c := bits.OnesCount16(rest); {
	case c == 0:
		return -1
	case c == 1:
		return int(g.unitCell[u][bits.TrailingZeros16(rest)])*MaxSize + d
	}
	first := int(g.unitCell[u][bits.TrailingZeros16(rest)])
	all := h.b.pos[u][d]
	if u < 2*n { // a line: the rest must be the line's d in one box
		bx := int(g.boxOf[first])
		if all&g.boxLine[bx][u] != rest {
			return -1
		}
		return groupBase + int(g.lineSeg[u][bx])*MaxSize + d
	}
	// a box: the rest must be the box's d in one row or one column of it
	bx := u - 2*n
	for k := range 2 {
		l := int(g.cellUnit[first][k])
		if in := g.lineBox[l][bx]; rest&^in == 0 {
			if all&in != rest {
				return -1
			}
			return groupBase + int(g.lineSeg[l][bx])*MaxSize + d
		}
	}
	return -1
}

// segPos returns the positions, in unit u (its line or its box), of the
// cells of segment s.
func (g *hgeo) segPos(s int, u int) uint16 {
	sg := &g.segs[s]
	if u == sg.line {
		return g.boxLine[sg.box][sg.line]
	}
	return g.lineBox[sg.line][sg.box]
}

// appendStrong appends to cs.adj the states on at the other ends of the
// strong links of node (off) in chains of technique t.
func (h *human) appendStrong(t Technique, node int) {
	cs := h.chain
	b := &h.b
	g := b.g
	d := node % MaxSize
	add := func(x int) {
		if x >= 0 {
			cs.adj = append(cs.adj, int32(x*2+1))
		}
	}
	if node < groupBase {
		i := node / MaxSize
		if t != XChain {
			if c := b.cand[i]; bits.OnesCount32(uint32(c)) == 2 {
				add(i*MaxSize + bits.TrailingZeros32(uint32(c&^(1<<d))))
			}
		}
		if t != XYChain {
			for u3 := range 3 {
				u := int(g.cellUnit[i][u3])
				if t != GroupedAIC {
					if x, y, ok := h.conjugate(u, d); ok {
						if x == i {
							x = y
						}
						add(x*MaxSize + d)
					}
					continue
				}
				add(h.placesAsNode(u, d, b.pos[u][d]&^(1<<g.cellPos[i][u3])))
			}
		}
		return
	}
	s := (node - groupBase) / MaxSize
	sg := &g.segs[s]
	for _, u := range [2]int{sg.line, 2*g.n + sg.box} {
		add(h.placesAsNode(u, d, b.pos[u][d]&^g.segPos(s, u)))
	}
}

// chainSearch searches the chains starting at node (start, sd) up to best
// links, records those that eliminate something and returns the length of
// the shortest recorded so far.
func (h *human) chainSearch(t Technique, start, sd, best int) int {
	cs := h.chain
	cs.stamp++
	if cs.stamp == 0 {
		cs.seen = [len(cs.seen)]uint32{}
		cs.stamp = 1
	}
	cs.startSee = h.b.g.peers[start].and(h.b.dcells[sd])
	root := int32((start*MaxSize + sd) * 2) // (start, off)
	cs.seen[root] = cs.stamp
	cs.parent[root] = -1
	cs.queue[0] = root
	qn := 1
	// the queue holds the states by depth: those of depth depth end at
	// layerEnd
	depth, layerEnd := 0, 1
	for q := 0; q < qn; q++ {
		if q == layerEnd {
			depth, layerEnd = depth+1, qn
			if depth > best {
				break
			}
		}
		st := cs.queue[q]
		node := int(st >> 1)
		if st&1 == 1 {
			// node on: a conclusion, then weak links turn their other end off
			if h.mayConclude(start, sd, node) && h.chainConclusion(t, start, sd, node, st) > 0 && depth < best {
				best = depth
			}
			if depth == best {
				continue
			}
		}
		// chainNext, written out: this loop is the search, and a call
		// for every state costs 2% of a rating
		var links []int32
		if a := cs.adjOf[st]; a.stamp == cs.boardStamp {
			links = cs.adj[a.from:a.to]
		} else {
			links = h.chainLinks(t, st)
		}
		for _, x := range links {
			fresh := cs.seen[x] != cs.stamp
			cs.seen[x] = cs.stamp
			p := cs.parent[x]
			if fresh {
				p = st
			}
			cs.parent[x] = p
			cs.queue[qn] = x
			if fresh {
				qn++
			}
		}
	}
	return best
}

// chainNext queues, after the first qn states of the search, the states
// that state st links to in chains of technique t and not yet seen, and
// returns the new length of the queue: from a node off, the other ends of
// its strong links on; from a node on, the other ends of its weak links
// off.
func (h *human) chainNext(t Technique, st int32, qn int) int {
	cs := h.chain
	// Most states' links are known already: looked up here rather than
	// through chainLinks, which is too big for Go to inline.
	var links []int32
	if a := cs.adjOf[st]; a.stamp == cs.boardStamp {
		links = cs.adj[a.from:a.to]
	} else {
		links = h.chainLinks(t, st)
	}
	// Without a branch on whether x was seen, which goes either way at
	// random: x is written at qn, and qn moves on only if it is new (the
	// queue is as long as there are states, more than are real).
	for _, x := range links {
		fresh := cs.seen[x] != cs.stamp
		cs.seen[x] = cs.stamp
		p := cs.parent[x]
		if fresh {
			p = st
		}
		cs.parent[x] = p
		cs.queue[qn] = x
		if fresh {
			qn++
		}
	}
	return qn
}

// chainLinks returns the states that state st links to in chains of
// technique t, worked out once per search of the board.
func (h *human) chainLinks(t Technique, st int32) []int32 {
	cs := h.chain
	if a := cs.adjOf[st]; a.stamp == cs.boardStamp {
		return cs.adj[a.from:a.to]
	}
	from := len(cs.adj)
	node := int(st >> 1)
	switch {
	case st&1 == 0:
		h.appendStrong(t, node)
	case node < groupBase:
		h.appendCandidateWeak(t, node)
	default:
		h.appendGroupWeak(node)
	}
	cs.adjOf[st] = adjSpan{cs.boardStamp, int32(from), int32(len(cs.adj))}
	return cs.adj[from:]
}

// adjSpan is where a state's links lie in chainScratch.adj, for the
// search of the board boardStamp: one piece of memory to look up.
type adjSpan struct {
	stamp    uint32
	from, to int32
}

// appendCandidateWeak appends to cs.adj the states off weakly linked to
// a candidate on: the other candidates of its cell, the cells it sees
// holding its digit, and the groups of its digit all of whose cells it
// sees.
func (h *human) appendCandidateWeak(t Technique, node int) {
	cs := h.chain
	b := &h.b
	g := b.g
	grouped := t == GroupedAIC
	i, d := node/MaxSize, node%MaxSize
	if t == AIC || grouped {
		for c := b.cand[i] &^ (1 << d); c != 0; c &= c - 1 {
			if e := bits.TrailingZeros32(uint32(c)); cs.live[e].has(i) {
				cs.adj = append(cs.adj, int32((i*MaxSize+e)*2))
			}
		}
	}
	set := g.peers[i].and(b.dcells[d]).and(cs.live[d])
	for w, x := range set {
		for ; x != 0; x &= x - 1 {
			cs.adj = append(cs.adj, int32(((w<<6+bits.TrailingZeros64(x))*MaxSize+d)*2))
		}
	}
	if grouped {
		for _, si := range g.cellSegs[i] {
			if cs.segN[int(si)*MaxSize+d] >= 2 {
				cs.adj = append(cs.adj, int32((groupBase+int(si)*MaxSize+d)*2))
			}
		}
	}
}

// appendGroupWeak appends to cs.adj the states off weakly linked to a
// group node on: the cells and groups of its digit seeing all its cells.
func (h *human) appendGroupWeak(node int) {
	cs := h.chain
	b := &h.b
	g := b.g
	cells, see, d := h.groupSees(node)
	set := see.and(b.dcells[d]).andNot(cells)
	for w, x := range set.and(cs.live[d]) {
		for ; x != 0; x &= x - 1 {
			cs.adj = append(cs.adj, int32(((w<<6+bits.TrailingZeros64(x))*MaxSize+d)*2))
		}
	}
	for _, si := range g.segSegs[(node-groupBase)/MaxSize] {
		if cs.segN[int(si)*MaxSize+d] >= 2 && g.segs[si].cells.and(b.dcells[d]).andNot(set).empty() {
			cs.adj = append(cs.adj, int32((groupBase+int(si)*MaxSize+d)*2))
		}
	}
}

// groupSees returns the cells of a group node, the cells that see every
// one of them, and its digit, worked out once per search of the board.
func (h *human) groupSees(node int) (cells, see cellset, d int) {
	cs := h.chain
	x := node - groupBase
	d = x % MaxSize
	if cs.seeStamp[x] == cs.boardStamp {
		return cs.groupCells[x], cs.groupSee[x], d
	}
	g := h.b.g
	cells, _ = h.nodeCells(node)
	see = g.peers[cells.first()]
	for _, i := range cells.appendTo(h.scratch[:0]) {
		see = see.and(g.peers[i])
	}
	cs.groupCells[x], cs.groupSee[x], cs.seeStamp[x] = cells, see, cs.boardStamp
	return cells, see, d
}

// mayConclude reports whether a chain from (start, sd) off to node on
// may conclude something, as chainConclusion would find: it is false for
// most candidates, which are neither the start's cell nor see it, and
// leave no cell seeing both ends with the digit. Every group is looked at.
func (h *human) mayConclude(start, sd, node int) bool {
	if node >= groupBase {
		return true
	}
	i, d := node/MaxSize, node%MaxSize
	peers := &h.b.g.peers[i]
	return i == start || peers.has(start) || d == sd && !h.chain.startSee.and(*peers).empty()
}

// chainConclusion records the chain from (start, sd) off to node on (state
// st), if it eliminates or places something. It returns the number of
// eliminations and placements.
func (h *human) chainConclusion(t Technique, start, sd, node int, st int32) int {
	b := &h.b
	g := b.g
	group := node >= groupBase
	var (
		end, targets cellset
		i, d         int
		loop         bool
	)
	if !group {
		// a candidate end, tested before any set is made: most chains
		// conclude nothing
		i, d = node/MaxSize, node%MaxSize
		if t == XYChain && bits.OnesCount32(uint32(b.cand[i])) != 2 {
			return 0
		}
		sees := g.peers[i].has(start)
		// the chain closes into a loop when its end is weakly linked to
		// its start: the same digit in cells that see each other, or
		// another digit of the start's cell
		loop = (sd == d && sees) || (start == i && sd != d)
		if loop && int(h.chain.parent[st]) == (start*MaxSize+sd)*2 {
			// A loop of the start and its strong link's other end, which
			// the search meets at every start: it eliminates what their
			// weak link does (loopEliminations), most often nothing.
			if sd == d && h.chain.startSee.and(g.peers[i]).empty() ||
				sd != d && b.cand[i]&^(1<<sd|1<<d) == 0 {
				return 0
			}
		}
		switch {
		case loop, start == i: // start == i && sd == d: the start is true
		case sd == d:
			// the cells seeing both ends (peers exclude the cell itself)
			if targets = h.chain.startSee.and(g.peers[i]); targets.empty() {
				return 0
			}
		case sees:
			if !b.has(start, d) && !b.has(i, sd) {
				return 0
			}
		default:
			return 0
		}
		end.add(i)
	} else {
		var see cellset // cells seeing every cell of the end
		end, see, d = h.groupSees(node)
		i = end.first()
		loop = sd == d && see.has(start)
		switch {
		case loop:
		case sd == d:
			if targets = g.peers[start].and(see).and(b.dcells[d]).andNot(end); targets.empty() {
				return 0
			}
		case see.has(start):
			if !b.has(start, d) {
				return 0
			}
		default:
			return 0
		}
	}
	// the nodes, from the end back to the start
	h.chainPath = h.chainPath[:0]
	for x := st; x >= 0; x = h.chain.parent[x] {
		h.chainPath = append(h.chainPath, x)
	}
	var rm *[MaxSize]cellset
	if loop {
		// every weak link (on to off) is strong too
		if rm = h.loopEliminations(); rm == nil {
			return 0
		}
	}
	s := h.add(t)
	switch {
	case loop:
		for dd := range g.n {
			h.elimSet(s, rm[dd], dd)
		}
	case !group && start == i && sd == d:
		h.placeIn(s, i, d)
	case sd == d:
		h.elimSet(s, targets, d)
	default:
		if b.has(start, d) {
			h.elim(s, start, d)
		}
		if !group && b.has(i, sd) {
			h.elim(s, i, sd)
		}
	}
	if !h.keepIf(s) {
		return 0
	}
	path := h.chainPath
	for k := len(path) - 1; k >= 0; k-- {
		nc, nd := h.nodeCells(int(path[k] >> 1))
		s.Chain = append(s.Chain, Candidate{g.cell(nc.first()), nd + 1})
		if grouped := nc.count() > 1; grouped || len(s.ChainCells) > 0 {
			for len(s.ChainCells) < len(s.Chain)-1 {
				s.ChainCells = append(s.ChainCells, nil)
			}
			var cs []Cell
			if grouped {
				for _, j := range nc.appendTo(h.scratch[:0]) {
					cs = append(cs, g.cell(j))
				}
			}
			s.ChainCells = append(s.ChainCells, cs)
		}
	}
	if len(s.ChainCells) > 0 {
		for len(s.ChainCells) < len(s.Chain) {
			s.ChainCells = append(s.ChainCells, nil)
		}
	}
	s.Cells = append(s.Cells, g.cell(start), g.cell(i))
	s.Digits = 1<<sd | 1<<d
	s.loop = loop
	return len(s.Eliminations) + len(s.Placements)
}

// loopEliminations returns, by digit, the cells that the weak links of
// the continuous loop h.chainPath (end on first, start off last, closed by
// a weak link from the end to the start) take candidates from: two
// candidates of one cell leave the cell no other; two nodes of one digit
// take it from every cell seeing both. It returns nil when that is
// nothing.
func (h *human) loopEliminations() *[MaxSize]cellset {
	b := &h.b
	g := b.g
	path := h.chainPath
	rm := &h.loopRm
	*rm = [MaxSize]cellset{}
	any := false
	weak := func(p, q int) {
		pc, pd := h.nodeCells(p)
		qc, qd := h.nodeCells(q)
		if pd != qd {
			i := pc.first()
			for c := b.cand[i] &^ (1<<pd | 1<<qd); c != 0; c &= c - 1 {
				rm[bits.TrailingZeros32(uint32(c))].add(i)
				any = true
			}
			return
		}
		both := pc.or(qc)
		see := b.dcells[pd].andNot(both)
		for _, j := range both.appendTo(h.scratch[:0]) {
			see = see.and(g.peers[j])
		}
		if !see.empty() {
			rm[pd] = rm[pd].or(see)
			any = true
		}
	}
	// path[0] is the end (on) and the last the start (off); the weak links
	// join path[k] (off) and path[k+1] (on) for odd k, and the loop closes
	// with the weak link from the end to the start
	for k := 1; k+1 < len(path); k += 2 {
		weak(int(path[k]>>1), int(path[k+1]>>1))
	}
	weak(int(path[0]>>1), int(path[len(path)-1]>>1))
	if !any {
		return nil
	}
	return rm
}
