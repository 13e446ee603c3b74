package solve

import (
	"math/bits"
	"slices"
)

// TurnedUnique reports whether g, read with the other box shape of its
// size (Shape.Turned: 3x2 for 2x3), breaks no rule and has exactly one
// solution, and returns that shape: of a puzzle with no solution or
// several, or clashing givens, with its own boxes, whether its boxes are
// the wrong ones. Always false for square boxes. s counts (nil: a Solver
// of its own).
func TurnedUnique(s *Solver, g *Grid) (Shape, bool) {
	t := g.Shape.Turned()
	if t == g.Shape {
		return t, false
	}
	turned := *g
	turned.Shape = t
	if turned.Check() != nil {
		return t, false
	}
	if s == nil {
		s = new(Solver)
	}
	return t, s.Count(&turned, 2, nil) == 1
}

// GivensToAdd fixes a puzzle with several solutions: it returns the givens
// to add (cell and digit, in reading order) so that exactly one solution is
// left. The digits are those of one of the puzzle's solutions, so the
// givens never contradict the puzzle.
//
// When the puzzle has at most 2,000 solutions (fewer for grids larger than
// 9x9, see capFor) and some set of at most 3 givens makes it unique, the
// set is the smallest there is (over every solution) and minimal is true.
// Otherwise the givens are picked greedily, each ruling out the most of the
// solutions listed, then any that the others make unnecessary are dropped:
// the set is small and the puzzle unique, but minimal is false. The work is
// bounded, so a nearly empty grid gets an answer quickly too.
//
// A unique puzzle gives nil and true. A puzzle whose givens repeat a digit
// in a unit gives a *ConflictError; one of an unsupported Shape an error
// wrapping ErrShape; one without a solution ErrNoSolution.
func GivensToAdd(g Grid) (add []Candidate, minimal bool, err error) {
	var s Solver
	switch s.Count(&g, 2, nil) {
	case 0:
		if err := g.Check(); err != nil {
			return nil, false, err
		}
		return nil, false, ErrNoSolution
	case 1:
		return nil, true, nil
	}
	sols := make([]Grid, capFor(g.Shape)+1)
	budget := addBudget
	if n := s.Count(&g, len(sols), sols); n < len(sols) {
		if a, cells, proven, ok := fewestGivens(&g, sols[:n], &budget); ok {
			add = placements(&sols[a], cells)
			if addsUp(&s, g, add) {
				return add, proven, nil
			}
		}
	}
	return greedyGivens(&s, g, sols, &budget), false, nil
}

const (
	// addCap is how many solutions GivensToAdd lists to search for the
	// fewest givens exactly.
	addCap = 2000
	// addBudget bounds the exact search, in 64-bit words of solution sets
	// looked at: a few tens of milliseconds.
	addBudget = 40_000_000
	// maxExact is the largest set of givens the exact search tries.
	maxExact = 3
)

// capFor is addCap for grids up to 9x9, and less for larger ones, in
// proportion to their cells, to keep the time of listing them in bounds.
func capFor(s Shape) int {
	return min(addCap, addCap*81/s.Cells())
}

// placements returns the digits of sol at the cells (indexes), in reading
// order.
func placements(sol *Grid, cells []int) []Candidate {
	cells = slices.Clone(cells)
	slices.Sort(cells)
	out := make([]Candidate, len(cells))
	for k, i := range cells {
		out[k] = Candidate{sol.Shape.cell(i), int(sol.Cells[i])}
	}
	return out
}

// addsUp reports whether g with the givens add has exactly one solution.
func addsUp(s *Solver, g Grid, add []Candidate) bool {
	for _, c := range add {
		g.Set(c.Row, c.Col, c.Digit)
	}
	return s.Count(&g, 2, nil) == 1
}

// greedyGivens adds to g, one at a time, the digit of one solution A in the
// cell where the fewest of the listed solutions agree with A, until the
// solutions are few enough for the exact search to finish the job or one
// is left; then it drops the givens the others make unnecessary. Each
// given rules out at least one listed solution, so there is at most one
// per blank cell.
func greedyGivens(s *Solver, g Grid, sols []Grid, budget *int) []Candidate {
	a := sols[0]
	cur := g
	var added []int
	size := g.Shape.Cells()
	for {
		n := s.Count(&cur, len(sols), sols)
		if n == 1 {
			break
		}
		if n < len(sols) {
			if b, cells, _, ok := fewestGivens(&cur, sols[:n], budget); ok {
				for _, i := range cells {
					cur.Cells[i] = sols[b].Cells[i]
				}
				added = append(added, cells...)
				break
			}
		}
		best, most := -1, 0
		for i := range size {
			if cur.Cells[i] != 0 {
				continue
			}
			ruled := 0
			for k := range n {
				if sols[k].Cells[i] != a.Cells[i] {
					ruled++
				}
			}
			if ruled > most {
				best, most = i, ruled
			}
		}
		// Two different solutions differ in a blank cell, and A differs
		// from at least one of them, so best is found.
		cur.Cells[best] = a.Cells[best]
		added = append(added, best)
	}
	// Drop the givens the others make unnecessary, the earliest picked
	// first: they were picked with the least known.
	keep := added[:0]
	for k, i := range added {
		d := cur.Cells[i]
		cur.Cells[i] = 0
		if s.Count(&cur, 2, nil) == 1 {
			continue
		}
		cur.Cells[i] = d
		keep = append(keep, added[k])
	}
	return placements(&cur, keep)
}

// fewestGivens finds, among the listed solutions of g (all of them), a
// solution A and the fewest blank cells (at most maxExact) whose digits in
// A rule out every other solution listed. It reports false when no such
// set exists or the budget ran out before one was found; proven is false
// when the budget ran out before a smaller set was ruled out.
//
// The search branches on the cells where A differs from one solution not
// yet ruled out (any answer holds one of them): the one the solver listed
// nearest to A, as neighbours in its search differ in few cells.
func fewestGivens(g *Grid, sols []Grid, budget *int) (a int, cells []int, proven, ok bool) {
	h := newHitting(g, sols)
	*budget -= len(h.cells) * len(sols)
	// One given: a digit that only one solution has in some cell.
	for k := range h.cells {
		for d := range g.Shape.Size {
			set := h.set(k, d)
			if ones(set) == 1 {
				return firstBit(set), []int{h.cells[k]}, true, true
			}
		}
	}
	*budget -= len(h.cells) * g.Shape.Size * h.w
	best, bestA := maxExact+1, -1
	var bestCells []int
	for a := range sols {
		if *budget < 0 {
			return bestA, bestCells, false, bestA >= 0
		}
		h.start()
		for limit := 2; limit < best; limit++ {
			if h.search(a, 0, limit, budget) {
				best, bestA = limit, a
				bestCells = slices.Clone(h.chosen[:limit])
				for k, c := range bestCells {
					bestCells[k] = h.cells[c]
				}
				break
			}
			if *budget < 0 {
				return bestA, bestCells, false, bestA >= 0
			}
		}
		if best == 2 {
			break
		}
	}
	return bestA, bestCells, true, bestA >= 0
}

// hitting is the exact search's view of the listed solutions: bitsets of
// the solutions holding each digit in each cell where they differ.
type hitting struct {
	sols   []Grid
	w      int   // words per set of solutions
	size   int   // digits
	cells  []int // the cells where some solutions differ
	sets   []uint64
	rem    [][]uint64 // per depth: the solutions not yet ruled out
	chosen []int      // per depth: the index in cells picked
}

func newHitting(g *Grid, sols []Grid) *hitting {
	n := len(sols)
	h := &hitting{sols: sols, w: (n + 63) / 64, size: g.Shape.Size}
	for i := range g.Shape.Cells() {
		for k := 1; k < n; k++ {
			if sols[k].Cells[i] != sols[0].Cells[i] {
				h.cells = append(h.cells, i)
				break
			}
		}
	}
	h.sets = make([]uint64, len(h.cells)*h.size*h.w)
	for j := range sols {
		for k, i := range h.cells {
			h.set(k, int(sols[j].Cells[i])-1)[j/64] |= 1 << (j % 64)
		}
	}
	h.rem = make([][]uint64, maxExact+1)
	for k := range h.rem {
		h.rem[k] = make([]uint64, h.w)
	}
	h.chosen = make([]int, maxExact)
	return h
}

// set returns the solutions holding the 0-based digit d in cells[k].
func (h *hitting) set(k, d int) []uint64 {
	at := (k*h.size + d) * h.w
	return h.sets[at : at+h.w]
}

// start sets rem[0] to every solution.
func (h *hitting) start() {
	fill := h.rem[0]
	for k := range fill {
		fill[k] = ^uint64(0)
	}
	if r := len(h.sols) % 64; r != 0 {
		fill[len(fill)-1] = 1<<r - 1
	}
}

// search looks for limit-depth more cells whose digits in solution a rule
// out every solution of rem[depth] but a.
func (h *hitting) search(a, depth, limit int, budget *int) bool {
	rem := h.rem[depth]
	*budget -= h.w
	if ones(rem) == 1 {
		return true
	}
	if depth == limit || *budget < 0 {
		return false
	}
	b, n := -1, len(h.sols)
	step := 1
	for ; b < 0; step++ {
		if j := a + step; j < n && rem[j/64]&(1<<(j%64)) != 0 {
			b = j
		} else if j := a - step; j >= 0 && rem[j/64]&(1<<(j%64)) != 0 {
			b = j
		}
	}
	*budget -= step / 32
	A, B := &h.sols[a], &h.sols[b]
	next := h.rem[depth+1]
	for k, i := range h.cells {
		if A.Cells[i] == B.Cells[i] {
			continue
		}
		set := h.set(k, int(A.Cells[i])-1)
		for x := range next {
			next[x] = rem[x] & set[x]
		}
		*budget -= h.w
		h.chosen[depth] = k
		if h.search(a, depth+1, limit, budget) {
			return true
		}
	}
	return false
}

func ones(set []uint64) int {
	n := 0
	for _, x := range set {
		n += bits.OnesCount64(x)
	}
	return n
}

func firstBit(set []uint64) int {
	for k, x := range set {
		if x != 0 {
			return 64*k + bits.TrailingZeros64(x)
		}
	}
	return -1
}
