package solve

import (
	"cmp"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
)

// Solver counts and finds the solutions of puzzles of every shape. A Solver
// is not safe for concurrent use; give each goroutine its own. Reusing one
// Solver for many 9x9 puzzles allocates nothing.
type Solver struct {
	fast    solver9
	general solverN
	sols    [2]Grid // Solve's scratch, so that it does not allocate
}

// Count returns the number of solutions of g, counting no further than
// limit, and writes the first solutions found (in a fixed order, so the same
// puzzle always gives the same first solution) into out, as many as fit.
// A puzzle whose givens repeat a digit in a unit has 0 solutions, and so
// has a grid whose Shape is not supported (see Shape.Valid).
func (s *Solver) Count(g *Grid, limit int, out []Grid) int {
	if limit <= 0 {
		return 0
	}
	// Both solvers find no solution for a digit outside 1..Size: it is
	// never a candidate.
	if g.Shape == Shape9 {
		return s.fast.count((*[81]uint8)(g.Cells[:81]), limit, out)
	}
	if !g.Shape.Valid() {
		return 0 // the general solver would panic, or solve no Sudoku
	}
	s.fast.guesses, s.fast.spent = 0, 0
	return s.general.count(g, limit, out)
}

// Guesses returns how often the last Count guessed, for a 9x9 puzzle (0
// for the other shapes, whose solver does not count them): a guess on a
// cell's digit counts one, and a guess among a digit's k places in a band
// or stack counts k-1 (one for each tried before the last), as tdoku
// counts them. It guesses only where its rules (singles, locked
// candidates, triads) stall, so it is a cheap sign of how hard a puzzle
// is: the generator rates only the moves of a climb for Extreme that need
// a few.
func (s *Solver) Guesses() int { return s.fast.spent + s.fast.guesses }

// Solve returns the solution of g. When g's givens contradict each other it
// returns a *ConflictError; when g's Shape is not supported, an error
// wrapping ErrShape; when a cell holds no digit of the grid, one wrapping
// ErrDigitRange (see Grid.Check); when no grid completes g, ErrNoSolution;
// when g has several solutions, the first one found together with a
// *NotUniqueError that holds two of them.
func (s *Solver) Solve(g *Grid) (Grid, error) {
	sols := &s.sols
	switch s.Count(g, 2, sols[:]) {
	case 0:
		// Conflicts are looked for only now: they are rare, and Count
		// finds no solution for them.
		if err := g.Check(); err != nil {
			return Grid{}, err
		}
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
	units [][]int // every unit, as cell indexes
	// unitsOf[i] has bit u set for the 3 units u of cell i (at most 48
	// units, for 16x16).
	unitsOf []uint64
	// segments are the intersections of a box with a row or a column, with
	// the rest of their line and the rest of their box.
	segments []segment
	peers    [][]int  // for every cell, the cells sharing a unit with it
	of       [][3]int // for every cell, the indexes in units of its row, column, box
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
	g.unitsOf = make([]uint64, g.cells)
	g.peers = make([][]int, g.cells)
	g.of = make([][3]int, g.cells)
	for i := range g.cells {
		r, c := i/s.Size, i%s.Size
		g.of[i] = [3]int{r, s.Size + c, 2*s.Size + s.Box(r, c)}
		g.unitsOf[i] = 1<<g.of[i][0] | 1<<g.of[i][1] | 1<<g.of[i][2]
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
	for u, cells := range g.units[:2*s.Size] {
		byBox := map[int][]int{}
		for _, i := range cells {
			byBox[s.Box(i/s.Size, i%s.Size)] = append(byBox[s.Box(i/s.Size, i%s.Size)], i)
		}
		for b, seg := range byBox {
			in := map[int]bool{}
			for _, i := range seg {
				in[i] = true
			}
			sg := segment{cells: seg, lineUnit: u, boxUnit: 2*s.Size + b}
			for _, i := range cells {
				if !in[i] {
					sg.line = append(sg.line, i)
				}
			}
			for _, i := range g.units[2*s.Size+b] {
				if !in[i] {
					sg.box = append(sg.box, i)
				}
			}
			g.segments = append(g.segments, sg)
		}
	}
	actual, _ := geometries.LoadOrStore(s, g)
	return actual.(*geometry)
}

// segment is where a box meets a row or column.
type segment struct {
	cells    []int // the cells of the intersection
	line     []int // the rest of the row or column
	box      []int // the rest of the box
	lineUnit int   // the index of the row or column in geometry.units
	boxUnit  int   // the index of the box
}

// touch records that the candidates of cell i changed.
func (st *stateN) touch(geo *geometry, i int) {
	st.dirty |= geo.unitsOf[i]
	st.dirtyLocked |= geo.unitsOf[i]
}

// solverN is the solver for every shape: candidate sets per cell, naked and
// hidden singles, and guesses on the cell with the fewest candidates. It is
// plain rather than fast; the 9x9 path has solver9.
//
// A depth-first search has a heavy tail: one early guess that no solution
// follows can hide below it a tree that singles and locked candidates
// empty only after millions of guesses. On 16x16 grids with 80 givens
// taken at random from a solution (many solutions), one in forty took
// more than two million nodes, tens of seconds, while the others took a
// few hundred. So the search is cut after firstBudget nodes, more than
// any of 30 minimal 16x16 puzzles took (9,500 on average, 82,000 at
// most), and then restarts, each time in another random order, with
// budgets that follow Luby's sequence, and now and then in the fixed
// order again with twice the budget (see count): a run either finishes
// (its count is the answer) or its solutions add to those found before,
// until there are limit different ones.
type solverN struct {
	geo   *geometry
	found int // solutions counted so far, by this run
	limit int
	out   []Grid
	// Restarts: the nodes this run searched and the most it may, whether
	// it stopped there, its random order (nil: the fixed one), and the
	// different solutions found by every run so far (at most limit, and
	// at most maxKept).
	nodes, budget int
	cut           bool
	rng           *rand.Rand
	kept          []Grid
	first         int // tests: firstBudget when 0
	runs          int // the runs of the last count
}

// firstBudget is how many nodes the first, fixed-order search of solverN
// may take before the restarts; restartUnit is the restarts' unit of
// Luby's sequence, in nodes; maxKept bounds the different solutions kept
// across runs: a count to more than that ends only with a run that
// finishes.
const (
	firstBudget = 1 << 17
	restartUnit = 1 << 10
	maxKept     = 16
)

type stateN struct {
	cand   [MaxSize * MaxSize]Digits
	solved [MaxSize * MaxSize]bool
	left   int
	// Units whose cells changed since hiddenSingles, and since
	// lockedCandidates, last looked at them.
	dirty, dirtyLocked uint64
}

func (s *solverN) count(g *Grid, limit int, out []Grid) int {
	s.geo, s.found, s.limit, s.out = geometryOf(g.Shape), 0, limit, out
	all := uint64(1)<<len(s.geo.units) - 1
	start := &stateN{left: s.geo.cells, dirty: all, dirtyLocked: all}
	for i := range s.geo.cells {
		start.cand[i] = s.geo.all
	}
	for i, d := range g.Cells[:s.geo.cells] {
		if d != 0 && !s.assign(start, i, Digits(1)<<(d-1)) {
			return 0
		}
	}
	s.kept, s.runs = s.kept[:0], 0
	fixed := cmp.Or(s.first, firstBudget)
	if n, done := s.run(start, nil, fixed); done {
		return n
	}
	// The same puzzle restarts in the same orders. Random runs take as
	// many nodes as the fixed-order search had, and then that search
	// runs again with twice its budget: a puzzle that needs a long search
	// in any order (a unique one that is hard for this solver) takes at
	// most a few times what the fixed order alone would take.
	seed := uint64(14695981039346656037) // FNV-1a
	for _, d := range g.Cells[:s.geo.cells] {
		seed = (seed ^ uint64(d)) * 1099511628211
	}
	rng := rand.New(rand.NewPCG(seed, uint64(g.Shape.Size)))
	for run, spent := 1, 0; ; run++ {
		if spent >= fixed {
			fixed, spent = 2*fixed, 0
			if n, done := s.run(start, nil, fixed); done {
				return n
			}
		}
		n, done := s.run(start, rng, restartUnit*luby(run))
		if done {
			return n
		}
		spent += s.nodes
	}
}

// run searches from start in rng's order (nil: the fixed one) for at
// most budget nodes, and returns the count when that is known: the run
// finished, or the runs so far have found limit different solutions.
func (s *solverN) run(start *stateN, rng *rand.Rand, budget int) (n int, done bool) {
	st := *start
	s.rng, s.found, s.nodes, s.budget, s.cut = rng, 0, 0, budget, false
	s.runs++
	s.search(&st)
	if len(s.kept) >= s.limit {
		copy(s.out, s.kept)
		return s.limit, true
	}
	return s.found, !s.cut
}

// luby returns the i-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1,
// 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...: restarting with these budgets is
// within a logarithmic factor of the best fixed budget for any search
// (Luby, Sinclair and Zuckerman, 1993).
func luby(i int) int {
	for k := 1; ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return luby(i - (1<<(k-1) - 1))
		}
	}
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
	if st.cand[i] != bit {
		st.touch(s.geo, i)
	}
	st.cand[i], st.solved[i] = bit, true
	st.left--
	return s.eliminate(st, s.geo.peers[i], bit)
}

// hiddenSingles places every digit that has one place left in a unit. It
// reports whether it placed any, and false for ok on a contradiction.
func (s *solverN) hiddenSingles(st *stateN) (placed, ok bool) {
	for ; st.dirty != 0; st.dirty &= st.dirty - 1 {
		unit := s.geo.units[bits.TrailingZeros64(st.dirty)]
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

// lockedCandidates removes a digit from the rest of a line when, in a box,
// it lies only where the box meets that line, and from the rest of a box
// when, in a line, it lies only in that box. It reports whether it removed
// any, and false for ok on a contradiction.
func (s *solverN) lockedCandidates(st *stateN) (changed, ok bool) {
	dirty := st.dirtyLocked
	st.dirtyLocked = 0
	for _, sg := range s.geo.segments {
		if dirty&(1<<sg.lineUnit|1<<sg.boxUnit) == 0 {
			continue
		}
		var in, line, box Digits
		for _, i := range sg.cells {
			in |= st.cand[i]
		}
		for _, i := range sg.line {
			line |= st.cand[i]
		}
		for _, i := range sg.box {
			box |= st.cand[i]
		}
		// Pointing: confined to the segment within its box; claiming:
		// confined to the segment within its line.
		if pointing := in &^ box & line; pointing != 0 {
			if !s.eliminate(st, sg.line, pointing) {
				return changed, false
			}
			changed = true
		}
		if claiming := in &^ line & box; claiming != 0 {
			if !s.eliminate(st, sg.box, claiming) {
				return changed, false
			}
			changed = true
		}
	}
	return changed, true
}

// eliminate removes the digits ds from cells, following naked singles.
func (s *solverN) eliminate(st *stateN, cells []int, ds Digits) bool {
	for _, j := range cells {
		if st.cand[j]&ds == 0 {
			continue
		}
		if st.solved[j] {
			return false
		}
		st.cand[j] &^= ds
		st.touch(s.geo, j)
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

func (s *solverN) search(st *stateN) {
	if s.nodes++; s.nodes > s.budget {
		s.cut = true
		return
	}
	for {
		placed, ok := s.hiddenSingles(st)
		if !ok {
			return
		}
		if placed {
			continue
		}
		changed, ok := s.lockedCandidates(st)
		if !ok {
			return
		}
		if !changed {
			break
		}
	}
	if st.left == 0 {
		s.record(st)
		return
	}
	if s.rng != nil {
		s.searchRandom(st)
		return
	}
	cell, bestN := -1, MaxSize+1
	for i := range s.geo.cells {
		if n := bits.OnesCount32(uint32(st.cand[i])); !st.solved[i] && n < bestN {
			cell, bestN = i, n
			if n == 2 {
				break
			}
		}
	}
	if bestN > 2 {
		// No cell has two candidates: a digit with two places in a unit
		// splits the search as well.
		if unit, bit := s.bilocal(st); bit != 0 {
			for _, j := range s.geo.units[unit] {
				if st.cand[j]&bit == 0 || st.solved[j] {
					continue
				}
				if s.try(st, j, bit) {
					return
				}
			}
			return
		}
	}
	for c := st.cand[cell]; c != 0; c &= c - 1 {
		if s.try(st, cell, c&-c) {
			return
		}
	}
}

// try searches a copy of st with cell i given the digit bit, and reports
// whether the search is over: enough solutions, or the budget spent.
func (s *solverN) try(st *stateN, i int, bit Digits) (over bool) {
	next := *st
	if s.assign(&next, i, bit) {
		s.search(&next)
	}
	return s.found >= s.limit || s.cut
}

// searchRandom branches as search does, in a random order: on a cell of
// the fewest candidates drawn at random, its digits in a random order.
func (s *solverN) searchRandom(st *stateN) {
	cell, bestN, ties := -1, MaxSize+1, 0
	for i := range s.geo.cells {
		n := bits.OnesCount32(uint32(st.cand[i]))
		switch {
		case st.solved[i] || n > bestN:
		case n < bestN:
			cell, bestN, ties = i, n, 1
		default:
			if ties++; s.rng.IntN(ties) == 0 {
				cell = i
			}
		}
	}
	var ds [MaxSize]Digits
	n := 0
	for c := st.cand[cell]; c != 0; c &= c - 1 {
		ds[n] = c & -c
		n++
	}
	s.rng.Shuffle(n, func(i, j int) { ds[i], ds[j] = ds[j], ds[i] })
	for _, bit := range ds[:n] {
		if s.try(st, cell, bit) {
			return
		}
	}
}

// bilocal returns a unit and a digit (as a set) that has exactly two
// places in the unit, or a zero digit when there is none.
func (s *solverN) bilocal(st *stateN) (unit int, bit Digits) {
	for u, cells := range s.geo.units {
		var ones, twos, threes Digits
		for _, j := range cells {
			threes |= twos & st.cand[j]
			twos |= ones & st.cand[j]
			ones |= st.cand[j]
		}
		if two := twos &^ threes; two != 0 {
			return u, two & -two
		}
	}
	return 0, 0
}

// record counts the solution st and writes it into out while there is
// room, and keeps it when no run has found it before.
func (s *solverN) record(st *stateN) {
	g := Grid{Shape: s.geo.shape}
	for i := range s.geo.cells {
		g.Cells[i] = uint8(bits.TrailingZeros32(uint32(st.cand[i])) + 1)
	}
	if s.found < len(s.out) {
		s.out[s.found] = g
	}
	s.found++
	if len(s.kept) >= min(s.limit, maxKept) || slices.Contains(s.kept, g) {
		return
	}
	if s.kept = append(s.kept, g); len(s.kept) >= s.limit {
		s.found = s.limit // as many different ones as asked for
	}
}
