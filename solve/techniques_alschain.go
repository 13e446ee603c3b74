package solve

import (
	"fmt"
	"math/bits"
	"strings"
)

// maxALSChain is the most almost locked sets an ALS chain links. On
// magictour-top1465, an ALS chain is the hardest step of 41 puzzles with
// four sets at most, 63 with five and 66 with six; six cost some 2% more
// rating time, which the rating speed target could not spare.
const maxALSChain = 5

// alsChain (ALS-XY-Chain, an ALS-AIC): almost locked sets A1, ..., An,
// each sharing a restricted common digit with the next (x1 between A1
// and A2, and so on), two consecutive ones different. If A1 did not hold
// z, it would be locked and hold x1; A2 would lose x1, be locked and hold
// x2; and so on to An, which would lose x(n-1) and hold all its other
// digits, z among them. So A1 or An holds z (a digit of both, neither x1
// nor x(n-1)), and cells seeing every z of both lose z. Each step of that
// reasoning holds whether or not sets apart in the chain overlap; linked
// sets never do (restrictedCommons), and no set comes twice. Two sets are
// an ALS-XZ and three an ALS-XY-Wing, which come first: the chains here
// link four sets to maxALSChain, the shortest that eliminate something
// taken. Cells are the sets' cells in chain order; Units the sets' units;
// cc their digits; Digits the linking digits and z.
//
// The search goes breadth first from each A1 and x1, over the states
// (set, the digit it lost), each state once a length: a few thousand
// states where following every path would be millions.
func (h *human) alsChain() {
	sets := h.almostLockedSets()
	links, start := h.restrictedCommons(sets)
	b := &h.b
	nd := b.g.n // digits
	ns := len(sets) * nd
	if cap(h.acSeen) < ns*maxALSChain {
		h.acSeen = make([]uint32, ns*maxALSChain)
		h.acStamp = 0
	}
	seen := h.acSeen[:ns*maxALSChain]
	layers := &h.acLayers
	best := maxALSChain
	var path [maxALSChain]int32
	var xs [maxALSChain]int
	// the digits of each set that some cell outside it sees in all of
	// the set's cells holding them: a chain removes only such a digit of
	// both its ends
	ends := h.acEnds[:0]
	for a := range sets {
		A := &sets[a]
		var zs Digits
		for ds := A.digits; ds != 0; ds &= ds - 1 {
			d := bits.TrailingZeros32(uint32(ds))
			if !A.seeing(d).and(b.dcells[d]).andNot(A.cells).empty() {
				zs |= 1 << d
			}
		}
		ends = append(ends, zs)
	}
	h.acEnds = ends
	// The links a state follows: from a set that lost x, those of its
	// links whose digit is not x, in order (indexes into links), as a link
	// of x would have it lose x twice: not[notAt[s*nd+x]:notAt[s*nd+x+1]]
	// for each digit x of set s. A third of a set's links or more are of
	// the digit it lost; passing over them one by one in the search cost
	// more than making these lists.
	notAt := h.acNotAt[:0]
	not := h.acNot[:0]
	for s := range sets {
		ls := links[start[s]:start[s+1]]
		for x := range nd {
			notAt = append(notAt, int32(len(not)))
			if sets[s].digits&(1<<x) == 0 {
				continue
			}
			for li, l := range ls {
				if l.digit() != x {
					not = append(not, start[s]+int32(li))
				}
			}
		}
	}
	notAt = append(notAt, int32(len(not)))
	h.acNotAt, h.acNot = notAt, not
	for a := range sets {
		A := &sets[a]
		zs := ends[a]
		if zs == 0 {
			continue
		}
		// the cells outside A that see its every z and hold z
		var az [MaxSize]cellset
		for zz := zs; zz != 0; zz &= zz - 1 {
			z := bits.TrailingZeros32(uint32(zz))
			az[z] = A.seeing(z).and(b.dcells[z]).andNot(A.cells)
		}
		la := links[start[a]:start[a+1]]
		var tried Digits
		for _, l := range la {
			x1 := l.digit()
			if tried&(1<<x1) != 0 || zs&^(1<<x1) == 0 {
				continue
			}
			tried |= 1 << x1
			h.acStamp++
			if h.acStamp == 0 {
				clear(h.acSeen)
				h.acStamp = 1
			}
			// A's links of digit x1
			first := h.acFirst[:0]
			for li, l := range la {
				if l.digit() == x1 {
					first = append(first, start[a]+int32(li))
				}
			}
			h.acFirst = first
			layers[0] = append(layers[0][:0], alsState{newRCC(int32(a), noDigit), -1})
			for k := 0; k+2 <= best && k+1 < maxALSChain; k++ {
				next := layers[k+1][:0]
				for p, st := range layers[k] {
					follow := first
					if k > 0 {
						at := int(st.link.other())*nd + st.link.digit()
						follow = not[notAt[at]:notAt[at+1]]
					}
					for _, li := range follow {
						m := links[li]
						x, other := m.digit(), m.other()
						if int(other) == a {
							continue
						}
						n := k + 2 // sets in the chain
						if n >= best || n == maxALSChain {
							// The last layer, never followed: a state there
							// that can end no chain is of no use to any path.
							if zs&^(1<<x1|1<<x)&ends[other] == 0 {
								continue
							}
						}
						key := (k+1)*ns + int(other)*nd + x
						if seen[key] == h.acStamp || onPath(layers, k, p, other) {
							// A state comes once a length, by the first path
							// to it that repeats no set: taken by a path that
							// does, it would keep out another that does not,
							// and which chains were found hung on the order
							// the sets were met in (a puzzle turned round
							// scored otherwise).
							continue
						}
						seen[key] = h.acStamp
						next = append(next, alsState{m, int32(p)})
						if n < 4 || n > best {
							continue
						}
						Z := &sets[other]
						for zz := zs &^ (1<<x1 | 1<<x) & ends[other]; zz != 0; zz &= zz - 1 {
							z := bits.TrailingZeros32(uint32(zz))
							targets := az[z].and(*Z.seeing(z)).andNot(Z.cells)
							if targets.empty() {
								continue
							}
							// the chain, from its end back
							q, lay := len(next)-1, k+1
							for lay >= 0 {
								s := layers[lay]
								if lay == k+1 {
									s = next
								}
								path[lay] = s[q].link.other()
								if lay > 0 {
									xs[lay-1] = s[q].link.digit()
								}
								q, lay = int(s[q].parent), lay-1
							}
							h.alsChainStep(sets, path[:n], xs[:n-1], z, targets)
							best = n
						}
					}
				}
				layers[k+1] = next
			}
		}
	}
	// keep the shortest chains only
	k := 0
	for x := range h.found {
		if len(h.found[x].Units) == best {
			h.found[k], h.found[x] = h.found[x], h.found[k]
			k++
		}
	}
	h.found = h.found[:k]
}

// alsState is a state of the ALS chain search: a set that lost the digit
// x, as the link to it (from the state parent of the layer before; the
// first set's x is noDigit).
type alsState struct {
	link   rcc
	parent int32
}

// noDigit is the first set's x in its state: it lost no digit.
const noDigit = 0xff

// onPath reports whether set is on the path to state p of layer k: its
// set or one of those before it.
func onPath(layers *[maxALSChain][]alsState, k, p int, set int32) bool {
	for ; k >= 0; k-- {
		st := layers[k][p]
		if st.link.other() == set {
			return true
		}
		p = int(st.parent)
	}
	return false
}

// alsChainStep records an ALS chain.
func (h *human) alsChainStep(sets []als, path []int32, xs []int, z int, targets cellset) {
	g := h.b.g
	s := h.add(ALSChain)
	h.elimSet(s, targets, z)
	s.Digits = 1 << z
	var parts []string
	for k, p := range path {
		P := &sets[p]
		at := len(s.Cells)
		h.stepALS(s, P)
		if k < len(xs) {
			s.Digits |= 1 << xs[k]
		}
		if h.text {
			part := fmt.Sprintf("A%d: %s", k+1, alsText(s.Cells[at:], g.unit[P.unit], P.digits))
			if k < len(xs) {
				part += fmt.Sprintf(" -%s-", markDigit(xs[k]+1))
			}
			parts = append(parts, part)
		}
	}
	if h.text {
		n := len(path)
		s.note = fmt.Sprintf("%s (each linking digit is in at most one of the two sets it links). If A1 did not hold %s, it would hold %s, A2 would lose it and hold %s, and so on: A%d would hold all but %s, %s among them. So A1 or A%d holds %s: %s.",
			strings.Join(parts, " "), markDigit(z+1), markDigit(xs[0]+1), markDigit(xs[1]+1), n, markDigit(xs[n-2]+1), markDigit(z+1), n, markDigit(z+1), elimMark)
	}
}
