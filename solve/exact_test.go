package solve

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/known-*.txt from ../shared/data")

// knownSets are the testdata files of puzzles with their solutions: each
// line is a puzzle, a space, and its solution, or "2" for puzzles that have
// several. They were made once from ../shared/data with -update.
var knownSets = []struct{ file, source string }{
	{"known-17-clue.txt", "17-clue.txt"},
	{"known-magictour.txt", "magictour-top1465.txt"},
	{"known-forum-hardest.txt", "forum-hardest-1905-11plus.txt"},
	{"known-serg.txt", "serg-benchmark.txt"},
}

const knownPerSet = 250

func TestUpdateKnownAnswers(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite testdata")
	}
	var s Solver
	for _, set := range knownSets {
		all := loadShared(t, set.source)
		var b strings.Builder
		step := len(all) / knownPerSet
		for i := 0; i < knownPerSet; i++ {
			p := all[i*step]
			var sols [2]Grid
			switch s.Count(&p, 2, sols[:]) {
			case 1:
				fmt.Fprintf(&b, "%s %s\n", p, sols[0])
			case 2:
				fmt.Fprintf(&b, "%s 2\n", p)
			default:
				t.Fatalf("%s: puzzle %d has no solution", set.source, i*step)
			}
		}
		require.NoError(t, os.WriteFile(filepath.Join("testdata", set.file), []byte(b.String()), 0o644))
	}
}

func TestKnownAnswers(t *testing.T) {
	for _, set := range knownSets {
		t.Run(set.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", set.file))
			require.NoError(t, err)
			defer f.Close()
			var s Solver
			n := 0
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				n++
				puzzleText, want, ok := strings.Cut(sc.Text(), " ")
				require.True(t, ok, "line %d", n)
				puzzle, err := ParseLine(puzzleText)
				require.NoError(t, err)

				var sols [2]Grid
				count := s.Count(&puzzle, 2, sols[:])
				if want == "2" {
					require.Equal(t, 2, count, "line %d: %s", n, puzzleText)
					require.NotEqual(t, sols[0], sols[1], "line %d: the two solutions are the same", n)
					require.NoError(t, checkSolution(&puzzle, &sols[0]), "line %d", n)
					require.NoError(t, checkSolution(&puzzle, &sols[1]), "line %d", n)
					continue
				}
				require.Equal(t, 1, count, "line %d: %s", n, puzzleText)
				require.Equal(t, want, sols[0].String(), "line %d: %s", n, puzzleText)
				require.NoError(t, checkSolution(&puzzle, &sols[0]), "line %d", n)

				// The generic solver must agree with the 9x9 one.
				var general solverN
				var gs [2]Grid
				require.Equal(t, 1, general.count(&puzzle, 2, gs[:]), "line %d", n)
				require.Equal(t, sols[0], gs[0], "line %d", n)
			}
			require.NoError(t, sc.Err())
			require.Equal(t, knownPerSet, n)
		})
	}
}

// TestSharedSetsAgree solves 2,000 puzzles of each shared set (when present)
// and checks each solution independently.
func TestSharedSetsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: solves every shared puzzle")
	}
	for _, set := range knownSets {
		all := loadShared(t, set.source)
		var s Solver
		step := 1
		if len(all) > 2000 {
			step = len(all) / 2000
		}
		for i := 0; i < len(all); i += step {
			var sols [2]Grid
			n := s.Count(&all[i], 2, sols[:])
			require.Contains(t, []int{1, 2}, n, "%s #%d", set.source, i)
			require.NoError(t, checkSolution(&all[i], &sols[0]), "%s #%d", set.source, i)
			if set.source != "serg-benchmark.txt" {
				require.Equal(t, 1, n, "%s #%d is unique", set.source, i)
			}
		}
	}
}

// solvedGrid returns a complete grid of shape s found by the solver from an
// empty grid.
func solvedGrid(t *testing.T, s Shape) Grid {
	t.Helper()
	empty := NewGrid(s)
	var sols [1]Grid
	var solver Solver
	require.Equal(t, 1, solver.Count(&empty, 1, sols[:]))
	require.NoError(t, checkSolution(&empty, &sols[0]))
	return sols[0]
}

func TestEveryShapeSolves(t *testing.T) {
	shapes := append([]Shape{{6, 3, 2}, {8, 4, 2}, {12, 4, 3}}, Shapes...)
	for _, s := range shapes {
		t.Run(s.String(), func(t *testing.T) {
			full := solvedGrid(t, s)
			puzzle := digUnique(full, 1)
			assert.Less(t, puzzle.Filled(), s.Cells()*3/4, "digging left too many givens")
			sol, err := Solve(puzzle)
			require.NoError(t, err)
			require.NoError(t, checkSolution(&puzzle, &sol))
			assert.Equal(t, full, sol)
		})
	}
}

// digUnique blanks the cells of a full grid in a seeded random order,
// keeping each blank only while the puzzle still has one solution.
func digUnique(full Grid, seed uint64) Grid {
	rng := rand.New(rand.NewPCG(seed, seed))
	puzzle := full
	var s Solver
	for _, i := range rng.Perm(full.Shape.Cells()) {
		d := puzzle.Cells[i]
		puzzle.Cells[i] = 0
		if s.Count(&puzzle, 2, nil) != 1 {
			puzzle.Cells[i] = d
		}
	}
	return puzzle
}

// readSixteen reads the minimal 16x16 puzzles of testdata/16x16.txt.
func readSixteen(tb testing.TB) []Puzzle {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "16x16.txt"))
	require.NoError(tb, err)
	ps, err := NewReader(strings.NewReader(string(data))).ReadAll()
	require.NoError(tb, err)
	require.NotEmpty(tb, ps)
	return ps
}

// TestSixteenBySixteenUnique: the generic engine proves each minimal 16x16
// puzzle unique and solves it. How fast is BenchmarkSolveSixteen's
// business, not a test's.
func TestSixteenBySixteenUnique(t *testing.T) {
	for _, p := range readSixteen(t) {
		require.Equal(t, Shape16, p.Grid.Shape)
		sol, err := Solve(p.Grid)
		require.NoError(t, err, "line %d must have one solution", p.Line)
		require.NoError(t, checkSolution(&p.Grid, &sol))
	}
}

// BenchmarkSolveSixteen solves (proving uniqueness) every puzzle of
// testdata/16x16.txt once per iteration:
//
//	go test ./solve -run '^$' -bench SolveSixteen
func BenchmarkSolveSixteen(b *testing.B) {
	ps := readSixteen(b)
	var s Solver
	for b.Loop() {
		for i := range ps {
			if _, err := s.Solve(&ps[i].Grid); err != nil {
				b.Fatalf("line %d: %v", ps[i].Line, err)
			}
		}
	}
	b.ReportMetric(float64(b.N*len(ps))/b.Elapsed().Seconds(), "puzzles/s")
}

func TestSolveTellsFailuresApart(t *testing.T) {
	unique := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	tests := []struct {
		name    string
		puzzle  string
		want    error
		message string
	}{
		{"unique", unique, nil, ""},
		{"conflict in a row", "4.4" + unique[3:], ErrConflict, "r1c1 and r1c3 both hold 4 in row 1"},
		{"conflict in a column", unique[:9] + "4" + unique[10:], ErrConflict, "r1c1 and r2c1 both hold 4 in column 1"},
		{"conflict in a box", unique[:10] + "4" + unique[11:], ErrConflict, "r1c1 and r2c2 both hold 4 in box 1"},
		{"no solution", "12345678.........9" + strings.Repeat(".", 63), ErrNoSolution, "no solution"},
		{"empty grid", strings.Repeat(".", 81), ErrNotUnique, "more than one solution"},
		{"two solutions", "." + unique[1:20] + "." + unique[21:], ErrNotUnique, "two solutions differ"},
		{"4x4 unique", "1.....3..4.....2", nil, ""},
		{"4x4 none", "12........3...4.", ErrNoSolution, "no solution"},
		{"6x6 conflict", "1....1" + strings.Repeat(".", 30), ErrConflict, "r1c1 and r1c6 both hold 1 in row 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := ParseLine(tt.puzzle)
			require.NoError(t, err)
			sol, err := Solve(g)
			if tt.want == nil {
				require.NoError(t, err)
				require.NoError(t, checkSolution(&g, &sol))
				return
			}
			require.ErrorIs(t, err, tt.want)
			assert.Contains(t, err.Error(), tt.message)
			if errors.Is(err, ErrNotUnique) {
				var nu *NotUniqueError
				require.ErrorAs(t, err, &nu)
				require.NotEqual(t, nu.First, nu.Second)
				require.NoError(t, checkSolution(&g, &nu.First))
				require.NoError(t, checkSolution(&g, &nu.Second))
				assert.Equal(t, nu.First, sol, "the first solution is returned with the error")
			}
		})
	}
}

// TestCountIsZeroWhenGivensClash: the 9x9 engine puts the givens in a
// digit at a time and must still see every clash, within a band (row,
// box) and across bands (column), with nothing else given.
func TestCountIsZeroWhenGivensClash(t *testing.T) {
	for _, tt := range []struct {
		name string
		at   [2]int // two cells given 4
	}{
		{"row", [2]int{0, 8}},
		{"box", [2]int{0, 10}},
		{"column in a band", [2]int{1, 19}},
		{"column across bands", [2]int{2, 29}},
		{"column, first and last band", [2]int{8, 80}},
		{"box, a band's last cells", [2]int{24, 26}},
		{"row, the last band's last cells", [2]int{72, 80}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGrid(Shape9)
			g.Cells[tt.at[0]], g.Cells[tt.at[1]] = 4, 4
			var s Solver
			assert.Zero(t, s.Count(&g, 2, nil))
			g.Cells[tt.at[1]] = 5 // no clash: many solutions
			assert.Equal(t, 2, s.Count(&g, 2, nil))
		})
	}
	// Not digits of the grid, in every cell: start checks eight cells to
	// a word.
	for _, d := range []uint8{10, 15, 16, 25, 127, 128, 138, 255} {
		for at := range 81 {
			g := NewGrid(Shape9)
			g.Cells[at] = d
			var s Solver
			require.Zero(t, s.Count(&g, 2, nil), "cell %d holding %d", at, d)
		}
	}
}

func TestSolveIsDeterministic(t *testing.T) {
	g := NewGrid(Shape9)
	first, err := Solve(g)
	require.ErrorIs(t, err, ErrNotUnique)
	for range 5 {
		again, _ := Solve(g)
		require.Equal(t, first, again)
	}
}

func TestCountStopsAtLimit(t *testing.T) {
	g := NewGrid(Shape4) // 288 solutions
	assert.Equal(t, 288, CountSolutions(g, 1000))
	assert.Equal(t, 5, CountSolutions(g, 5))
	assert.Equal(t, 0, CountSolutions(g, 0))
}

func TestDigitOutOfRangeHasNoSolution(t *testing.T) {
	for _, s := range []Shape{Shape9, Shape6, Shape16} {
		g := NewGrid(s)
		g.Cells[0] = uint8(s.Size + 1)
		assert.Zero(t, CountSolutions(g, 2), "%v", s)
		g.Cells[0] = 255
		assert.Zero(t, CountSolutions(g, 2), "%v", s)
	}
}

// TestCellOutOfRange: a cell holding no digit of the grid (above Size, as
// Grid.Cells is exported) gives an error wrapping ErrDigitRange that names
// the cell, and never a panic. A value above 16 used to panic Solve, Check,
// Conflicts, String and what builds on them; 10 to 16 on a 9x9 gave
// ErrNoSolution.
func TestCellOutOfRange(t *testing.T) {
	require.Len(t, cellChars, 256, "a character for every value of a cell")
	tests := []struct {
		name   string
		puzzle string // unique
		at     int    // a blank cell
		d      uint8
		text   byte // how FormatLine writes it
	}{
		{"9x9, 10", line81, 1, 10, 'A'},
		{"9x9, 17", line81, 1, 17, '?'},
		{"9x9, 255", line81, 80, 255, '?'},
		{"4x4, 5", "1.....3..4.....2", 1, 5, '5'},
		{"4x4, 17", "1.....3..4.....2", 14, 17, '?'},
		{"16x16, 17", strings.Repeat(".", 256), 100, 17, '?'},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := ParseLine(tt.puzzle)
			require.NoError(t, err)
			require.Zero(t, g.Cells[tt.at])
			g.Cells[tt.at] = tt.d
			cell := g.Shape.cell(tt.at)
			msg := fmt.Sprintf("%v holds %d, not a digit of a %v grid", cell, tt.d, g.Shape)

			_, err = Solve(g)
			require.ErrorIs(t, err, ErrDigitRange)
			assert.ErrorContains(t, err, msg)
			assert.Equal(t, err, g.Check())
			assert.Zero(t, CountSolutions(g, 2))
			assert.Empty(t, g.Conflicts(), "no digit, so no conflict")
			line := FormatLine(&g)
			assert.Equal(t, tt.text, line[tt.at])
			assert.Equal(t, line, g.String())
			assert.Contains(t, FormatGrid(&g), string(tt.text))

			_, _, err = GivensToAdd(g)
			assert.ErrorIs(t, err, ErrDigitRange)
			_, err = Explain(g)
			assert.ErrorIs(t, err, ErrDigitRange)
			_, _, _, err = Rate(g)
			assert.ErrorIs(t, err, ErrDigitRange)
			_, err = LogicCandidates(g)
			assert.ErrorIs(t, err, ErrDigitRange)
			_, err = NextStep(g, g)
			assert.ErrorIs(t, err, ErrDigitRange)
			if tt.puzzle != strings.Repeat(".", 256) {
				// Without it the puzzle is unique: the likely typo.
				assert.Equal(t, []Cell{cell}, SuspectGivens(g))
			}
		})
	}
}

// TestSetOutOfRange: Set keeps a value that is no digit of the grid as one
// that Check reports, rather than wrapping it into a digit or a blank.
func TestSetOutOfRange(t *testing.T) {
	for _, tt := range []struct{ d, want int }{
		{17, 17}, {255, 255}, {256, 255}, {261, 255}, {-1, 255}, {-256, 255},
	} {
		g := NewGrid(Shape9)
		g.Set(0, 1, tt.d)
		assert.Equal(t, tt.want, g.At(0, 1), "Set(%d)", tt.d)
		assert.ErrorIs(t, g.Check(), ErrDigitRange, "Set(%d)", tt.d)
	}
	g := NewGrid(Shape9)
	g.Set(0, 1, 9)
	assert.Equal(t, 9, g.At(0, 1))
	g.Set(0, 1, 0)
	assert.Equal(t, 0, g.At(0, 1))
	assert.NoError(t, g.Check())
}

// TestCellOutsideTheGrid: At and Set of a cell outside the grid panic, as
// an index out of a slice does; they read column 9 of a 9x9 as r2c1, and
// Set of row 20 wrote past Size*Size, where Cells must stay 0 (a library
// walk of 3 December).
func TestCellOutsideTheGrid(t *testing.T) {
	for _, rc := range [][2]int{{0, 9}, {9, 0}, {20, 0}, {-1, 0}, {0, -1}, {3, 300}} {
		g := NewGrid(Shape9)
		assert.PanicsWithValue(t, fmt.Sprintf("solve: row %d, column %d is outside a 9x9 grid", rc[0], rc[1]), func() { g.Set(rc[0], rc[1], 7) }, "%v", rc)
		assert.Panics(t, func() { g.At(rc[0], rc[1]) }, "%v", rc)
		assert.Equal(t, NewGrid(Shape9), g, "%v: nothing written", rc)
	}
	g := NewGrid(Shape4)
	assert.Panics(t, func() { g.Set(0, 4, 1) }, "a 4x4's column 5")
	g.Set(3, 3, 4)
	assert.Equal(t, 4, g.At(3, 3))
}

func TestSolverDoesNotAllocate(t *testing.T) {
	g, err := ParseLine("98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2")
	require.NoError(t, err)
	var s Solver
	var sols [2]Grid
	allocs := testing.AllocsPerRun(20, func() { s.Count(&g, 2, sols[:]) })
	assert.Zero(t, allocs)
	allocs = testing.AllocsPerRun(20, func() { _, _ = s.Solve(&g) })
	assert.Zero(t, allocs)
}

// TestGuesses: Guesses is what the last Count guessed, and 0 for a puzzle
// the rules alone solve, for givens that clash and for the other shapes,
// whatever was counted before.
func TestGuesses(t *testing.T) {
	hard, err := ParseLine("98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2")
	require.NoError(t, err)
	var s Solver
	var sols [1]Grid
	require.Equal(t, 1, s.Count(&hard, 2, sols[:]))
	hardGuesses := s.Guesses()
	require.Positive(t, hardGuesses, "the forum's hardest cannot be solved without a guess")

	easy := sols[0]
	for i := 0; i < 81; i += 4 {
		easy.Cells[i] = 0
	}
	clash := NewGrid(Shape9)
	clash.Cells[0], clash.Cells[1] = 5, 5
	six := NewGrid(Shape6)
	for _, tt := range []struct {
		name string
		g    Grid
		want int
	}{
		{"solved by singles", easy, 0},
		{"givens clash", clash, 0},
		{"6x6", six, 0},
		{"the hard one again", hard, hardGuesses},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s.Count(&hard, 2, nil) // what came before must not show
			s.Count(&tt.g, 2, nil)
			assert.Equal(t, tt.want, s.Guesses())
		})
	}
}

func TestLuby(t *testing.T) {
	want := []int{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		assert.Equal(t, w, luby(i+1), "term %d", i+1)
	}
}

// A 16x16 grid of 60 givens from one solution has many solutions, and the
// fixed-order search once took minutes to find one: a guess near the top
// hid a tree without any. The search now restarts in random orders.
func TestCountSparseSixteen(t *testing.T) {
	g, err := ParseLine("..6....7..........E...6....4.F..D.3.....2...7......9......D..2.......7....AG15....9.6...C.2.D..A.A..........BE..6.F.........9..3..C...G.81..........3...D.6.A..2AB..8.1...4.....4.............1......1...E......1...9..C......8.....D.EA.........4...8...7...D..")
	require.NoError(t, err)
	var s Solver
	if sampled() {
		s.general.first = 1 << 12 // the search is cut sooner, and restarts as it would
	}
	var two [2]Grid
	require.Equal(t, 2, s.Count(&g, 2, two[:]))
	assert.Greater(t, s.general.runs, 1, "the first search is cut and restarts")
	require.NotEqual(t, two[0], two[1])
	for _, sol := range two {
		require.NoError(t, checkSolution(&g, &sol))
	}
	var again [2]Grid
	require.Equal(t, 2, s.Count(&g, 2, again[:]))
	assert.Equal(t, two, again, "the same puzzle restarts in the same orders")
	_, err = s.Solve(&g)
	require.ErrorIs(t, err, ErrNotUnique)
}

// The restarts count as the first search does: a unique puzzle, one with
// no solution and one with several, each cut after a few nodes.
func TestCountRestarts(t *testing.T) {
	ps := readSixteen(t)
	if sampled() {
		ps = ps[:2]
	}
	for _, p := range ps {
		var s Solver
		var want [1]Grid
		require.Equal(t, 1, s.Count(&p.Grid, 2, want[:]))
		s.general.first = 3
		var got [2]Grid
		require.Equal(t, 1, s.Count(&p.Grid, 2, got[:]), "line %d", p.Line)
		require.Greater(t, s.general.runs, 1, "line %d restarted", p.Line)
		assert.Equal(t, want[0], got[0], "line %d", p.Line)

		// one given of the solution's taken away from each of several
		// cells: more solutions, or still one
		loose := p.Grid
		n := 0
		for i := range loose.Cells[:256] {
			if loose.Cells[i] != 0 && n < 12 {
				loose.Cells[i] = 0
				n++
			}
		}
		var fixed Solver
		wantN := fixed.Count(&loose, 3, nil)
		assert.Equal(t, wantN, s.Count(&loose, 3, nil), "line %d, loosened", p.Line)

		// a blank given a digit that is not the solution's, with no clash
		// among the givens: no solution, which the restarts must find
		// too. Most such puzzles fail before the first guess; one that
		// the restarts search is taken.
		s.general.first = 1
		restarted := false
		for i, d := range want[0].Cells[:256] {
			if p.Grid.Cells[i] != 0 || restarted {
				continue
			}
			for k := 1; k < 16 && !restarted; k++ {
				bad := p.Grid
				bad.Cells[i] = uint8((int(d)-1+k)%16 + 1)
				if bad.Check() != nil {
					continue
				}
				require.Equal(t, 0, fixed.Count(&bad, 2, nil))
				assert.Equal(t, 0, s.Count(&bad, 2, nil), "line %d, %d at %d", p.Line, bad.Cells[i], i)
				restarted = s.general.runs > 1
			}
		}
		assert.True(t, restarted, "line %d: a wrong given that the restarts search", p.Line)
	}
}

// A grid whose givens are one complete stack (or band) of a solution, the
// rest blank, has many solutions; counting two of them by a digit's
// configurations took 5.7 million guesses (1.2 s), where tdoku takes 29:
// a heavy tail that a workbook's detection met counting a block beside an
// answer key (a walk of 3 December). A pass that runs out of guesses now
// starts over with the other branching rule.
func TestCountHeavyTail(t *testing.T) {
	solution := grid9(t, "615394872498726513732158964289471635176835249354269781563947128827513496941682357")
	for _, stack := range []bool{true, false} {
		for third := range 3 {
			g := NewGrid(Shape9)
			for r := range 9 {
				for c := range 9 {
					if (stack && c/3 == third) || (!stack && r/3 == third) {
						g.Set(r, c, solution.At(r, c))
					}
				}
			}
			var s Solver
			var two [2]Grid
			require.Equal(t, 2, s.Count(&g, 2, two[:]), "stack %v, third %d", stack, third)
			assert.Less(t, s.Guesses(), 20000, "stack %v, third %d: two solutions of thousands", stack, third)
			require.NotEqual(t, two[0], two[1])
			for _, sol := range two {
				require.NoError(t, checkSolution(&g, &sol))
			}
		}
	}
}

// Passes cut short count as one whole pass does: the known answers with
// a first pass of one guess.
func TestCountPasses(t *testing.T) {
	for _, set := range knownSets {
		f, err := os.Open(filepath.Join("testdata", set.file))
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		restarted := 0
		for n := 1; sc.Scan(); n++ {
			puzzleText, want, _ := strings.Cut(sc.Text(), " ")
			puzzle := grid9(t, puzzleText)
			var s Solver
			s.fast.first = 1
			var sols [2]Grid
			count := s.Count(&puzzle, 2, sols[:])
			if s.fast.passes > 1 {
				restarted++
			}
			if want == "2" {
				require.Equal(t, 2, count, "%s line %d", set.file, n)
				require.NotEqual(t, sols[0], sols[1])
				require.NoError(t, checkSolution(&puzzle, &sols[0]))
				require.NoError(t, checkSolution(&puzzle, &sols[1]))
				continue
			}
			require.Equal(t, 1, count, "%s line %d", set.file, n)
			require.Equal(t, want, sols[0].String(), "%s line %d", set.file, n)

			// and with one guess of the solution made wrong: none
			for i := range 81 {
				if puzzle.Cells[i] == 0 {
					bad := puzzle
					bad.Cells[i] = sols[0].Cells[i]%9 + 1
					if bad.Check() == nil {
						var fixed Solver
						wantBad := fixed.Count(&bad, 2, nil)
						assert.Equal(t, wantBad, s.Count(&bad, 2, nil), "%s line %d, %d at %d", set.file, n, bad.Cells[i], i)
					}
					break
				}
			}
		}
		require.NoError(t, sc.Err())
		f.Close()
		assert.Positive(t, restarted, "%s: some puzzle needs a second pass", set.file)
	}
}

// grid9 parses a line of 81 cells.
func grid9(t testing.TB, line string) Grid {
	t.Helper()
	g, err := ParseLine(line)
	require.NoError(t, err)
	return g
}
