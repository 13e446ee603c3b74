package solve

import (
	"math/bits"
	"sync"
)

// Solver counts and finds the solutions of puzzles of every shape. A Solver
// is not safe for concurrent use; give each goroutine its own. Reusing one
// Solver for many 9x9 puzzles allocates nothing.
type Solver struct {
	fast    solver9
	general solverN
}

// Count returns the number of solutions of g, counting no further than
// limit, and writes the first solutions found (in a fixed order, so the same
// puzzle always gives the same first solution) into out, as many as fit.
// A puzzle whose givens repeat a digit in a unit has 0 solutions.
func (s *Solver) Count(g *Grid, limit int, out []Grid) int {
	if limit <= 0 {
		return 0
	}
	for _, d := range g.Cells[:g.Shape.Cells()] {
		if int(d) > g.Shape.Size {
			return 0
		}
	}
	if g.Shape == Shape9 {
		var p [81]uint8
		copy(p[:], g.Cells[:81])
		return s.fast.count(&p, limit, out)
	}
	return s.general.count(g, limit, out)
}

// Solve returns the solution of g. When g's givens contradict each other it
// returns a *ConflictError; when no grid completes g, ErrNoSolution; when g
// has several solutions, the first one found together with a
// *NotUniqueError that holds two of them.
func (s *Solver) Solve(g *Grid) (Grid, error) {
	if err := g.Check(); err != nil {
		return Grid{}, err
	}
	var sols [2]Grid
	switch s.Count(g, 2, sols[:]) {
	case 0:
		return Grid{}, ErrNoSolution
	case 1:
		return sols[0], nil
	default:
		return sols[0], &NotUniqueError{First: sols[0], Second: sols[1]}
	}
}

// Solve solves g with a new Solver; see Solver.Solve.
func Solve(g Grid) (Grid, error) {
	var s Solver
	return s.Solve(&g)
}

// CountSolutions returns the number of solutions of g, up to limit.
func CountSolutions(g Grid, limit int) int {
	var s Solver
	return s.Count(&g, limit, nil)
}

// geometry holds the cell lists of one shape, built once.
type geometry struct {
	shape Shape
	cells int
	all   Digits
	units [][]int  // every unit, as cell indexes
	peers [][]int  // for every cell, the cells sharing a unit with it
	of    [][3]int // for every cell, the indexes in units of its row, column, box
}

var geometries sync.Map // Shape -> *geometry

func geometryOf(s Shape) *geometry {
	if g, ok := geometries.Load(s); ok {
		return g.(*geometry)
	}
	g := &geometry{shape: s, cells: s.Cells(), all: s.All()}
	for _, u := range s.Units() {
		cells := make([]int, 0, s.Size)
		for _, c := range u.Cells(s) {
			cells = append(cells, c.Row*s.Size+c.Col)
		}
		g.units = append(g.units, cells)
	}
	g.peers = make([][]int, g.cells)
	g.of = make([][3]int, g.cells)
	for i := range g.cells {
		r, c := i/s.Size, i%s.Size
		g.of[i] = [3]int{r, s.Size + c, 2*s.Size + s.Box(r, c)}
		seen := map[int]bool{i: true}
		for _, u := range g.of[i] {
			for _, j := range g.units[u] {
				if !seen[j] {
					seen[j] = true
					g.peers[i] = append(g.peers[i], j)
				}
			}
		}
	}
	actual, _ := geometries.LoadOrStore(s, g)
	return actual.(*geometry)
}

// solverN is the solver for every shape: candidate sets per cell, naked and
// hidden singles, and guesses on the cell with the fewest candidates. It is
// plain rather than fast; the 9x9 path has solver9.
type solverN struct {
	geo   *geometry
	found int // solutions counted so far
	limit int
	out   []Grid
}

type stateN struct {
	cand   [MaxSize * MaxSize]Digits
	solved [MaxSize * MaxSize]bool
	left   int
}

func (s *solverN) count(g *Grid, limit int, out []Grid) int {
	s.geo, s.found, s.limit, s.out = geometryOf(g.Shape), 0, limit, out
	st := &stateN{left: s.geo.cells}
	for i := range s.geo.cells {
		st.cand[i] = s.geo.all
	}
	for i, d := range g.Cells[:s.geo.cells] {
		if d != 0 && !s.assign(st, i, Digits(1)<<(d-1)) {
			return 0
		}
	}
	s.search(st)
	return s.found
}

// assign solves cell i with the single digit bit and removes it from the
// cell's peers, following every naked single that results.
func (s *solverN) assign(st *stateN, i int, bit Digits) bool {
	if st.cand[i]&bit == 0 {
		return false
	}
	if st.solved[i] {
		return true
	}
	st.cand[i], st.solved[i] = bit, true
	st.left--
	for _, j := range s.geo.peers[i] {
		if st.cand[j]&bit == 0 {
			continue
		}
		if st.solved[j] {
			return false
		}
		st.cand[j] &^= bit
		switch c := st.cand[j]; {
		case c == 0:
			return false
		case c&(c-1) == 0:
			if !s.assign(st, j, c) {
				return false
			}
		}
	}
	return true
}

// hiddenSingles places every digit that has one place left in a unit. It
// reports whether it placed any, and false for ok on a contradiction.
func (s *solverN) hiddenSingles(st *stateN) (placed, ok bool) {
	for _, unit := range s.geo.units {
		var once, twice Digits
		for _, j := range unit {
			twice |= once & st.cand[j]
			once |= st.cand[j]
		}
		if once != s.geo.all {
			return placed, false
		}
		for single := once &^ twice; single != 0; single &= single - 1 {
			bit := single & -single
			for _, j := range unit {
				if st.cand[j]&bit != 0 {
					if !st.solved[j] {
						if !s.assign(st, j, bit) {
							return placed, false
						}
						placed = true
					}
					break
				}
			}
		}
	}
	return placed, true
}

func (s *solverN) search(st *stateN) {
	for {
		placed, ok := s.hiddenSingles(st)
		if !ok {
			return
		}
		if !placed {
			break
		}
	}
	if st.left == 0 {
		s.record(st)
		return
	}
	best, bestN := -1, MaxSize+1
	for i := range s.geo.cells {
		if n := bits.OnesCount32(uint32(st.cand[i])); !st.solved[i] && n < bestN {
			best, bestN = i, n
			if n == 2 {
				break
			}
		}
	}
	for c := st.cand[best]; c != 0; c &= c - 1 {
		next := *st
		if s.assign(&next, best, c&-c) {
			s.search(&next)
		}
		if s.found >= s.limit {
			return
		}
	}
}

func (s *solverN) record(st *stateN) {
	if s.found < len(s.out) {
		g := &s.out[s.found]
		*g = Grid{Shape: s.geo.shape}
		for i := range s.geo.cells {
			g.Cells[i] = uint8(bits.TrailingZeros32(uint32(st.cand[i])) + 1)
		}
	}
	s.found++
}
