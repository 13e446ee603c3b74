package solve

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withGivens returns g with the givens add, checking that each goes in a
// blank cell.
func withGivens(t *testing.T, g Grid, add []Candidate) Grid {
	t.Helper()
	for _, c := range add {
		require.Zero(t, g.At(c.Row, c.Col), "%v is not blank", c.Cell)
		g.Set(c.Row, c.Col, c.Digit)
	}
	return g
}

// checkAdded checks that add makes g unique, that the solution it leaves
// is one of g's, and that add is in reading order.
func checkAdded(t *testing.T, g Grid, add []Candidate) {
	t.Helper()
	fixed := withGivens(t, g, add)
	require.Equal(t, 1, CountSolutions(fixed, 2), "the givens added leave one solution")
	sol, err := Solve(fixed)
	require.NoError(t, err)
	require.NoError(t, checkSolution(&g, &sol), "the solution left solves the puzzle")
	cells := make([]Cell, len(add))
	for i, c := range add {
		cells[i] = c.Cell
	}
	assert.IsIncreasing(t, readingOrder(g.Shape, cells))
}

// noneSmaller checks by brute force that no set of fewer than k givens
// (k at most 3) makes g unique.
func noneSmaller(t *testing.T, g Grid, k int) {
	t.Helper()
	var opts []Candidate
	cands := g.Candidates()
	for i, ds := range cands {
		if g.Cells[i] == 0 {
			for _, d := range ds.List() {
				opts = append(opts, Candidate{g.Shape.cell(i), d})
			}
		}
	}
	var s Solver
	for x, a := range opts {
		q := g
		q.Set(a.Row, a.Col, a.Digit)
		require.NotEqual(t, 1, s.Count(&q, 2, nil), "%v alone makes the puzzle unique", a)
		if k < 3 {
			continue
		}
		for _, b := range opts[x+1:] {
			if b.Cell == a.Cell {
				continue
			}
			r := q
			r.Set(b.Row, b.Col, b.Digit)
			require.NotEqual(t, 1, s.Count(&r, 2, nil), "%v and %v make the puzzle unique", a, b)
		}
	}
}

// loosened removes k givens of the unique puzzle p: the first k-set, in
// lexical order of the givens, whose removal leaves between 2 and capFor
// solutions.
func loosened(t *testing.T, p Grid, k int) Grid {
	t.Helper()
	var givens []int
	for i := range p.Shape.Cells() {
		if p.Cells[i] != 0 {
			givens = append(givens, i)
		}
	}
	limit := capFor(p.Shape)
	var try func(q Grid, from, left int) (Grid, bool)
	try = func(q Grid, from, left int) (Grid, bool) {
		if left == 0 {
			n := CountSolutions(q, limit+1)
			return q, n >= 2 && n <= limit
		}
		for x := from; x < len(givens); x++ {
			r := q
			r.Cells[givens[x]] = 0
			if CountSolutions(r, limit+1) > limit {
				continue
			}
			if out, ok := try(r, x+1, left-1); ok {
				return out, true
			}
		}
		return Grid{}, false
	}
	q, ok := try(p, 0, k)
	require.True(t, ok, "no %d givens of %v to remove", k, p)
	return q
}

func TestGivensToAddAfterRemovingGivens(t *testing.T) {
	type tc struct {
		name   string
		puzzle Grid
	}
	var cases []tc
	for k, s := range []Shape{Shape4, Shape6, {6, 3, 2}, Shape8, Shape9, Shape9, Shape9, Shape12} {
		cases = append(cases, tc{fmt.Sprintf("%v seed %d", s, 10+k), digUnique(solvedGrid(t, s), uint64(10+k))})
	}
	for _, c := range cases {
		for k := 1; k <= 3; k++ {
			t.Run(c.name+" minus "+string(rune('0'+k)), func(t *testing.T) {
				require.Equal(t, 1, CountSolutions(c.puzzle, 2))
				g := loosened(t, c.puzzle, k)
				add, minimal, err := GivensToAdd(g)
				require.NoError(t, err)
				assert.True(t, minimal, "at most %d solutions and a set of %d givens exists", capFor(g.Shape), k)
				assert.NotEmpty(t, add)
				assert.LessOrEqual(t, len(add), k, "the givens removed would do")
				checkAdded(t, g, add)
				if len(add) > 1 && (len(add) == 2 || g.Shape.Size <= 6) {
					noneSmaller(t, g, len(add))
				}
			})
		}
	}
}

// rectangles returns three unique rectangles of the full grid sol, in six
// different rows and six different columns: four cells in two rows, two
// columns and two boxes, holding a and b crosswise. Blanking them leaves
// 8 solutions (each rectangle swaps on its own), and every given added
// fixes one rectangle only, so 3 are needed.
func rectangles(sol *Grid) ([][4]Cell, bool) {
	s := sol.Shape
	var all [][4]Cell
	for r1 := range s.Size {
		for r2 := r1 + 1; r2 < s.Size; r2++ {
			for c1 := range s.Size {
				for c2 := c1 + 1; c2 < s.Size; c2++ {
					boxes := map[int]bool{s.Box(r1, c1): true, s.Box(r1, c2): true, s.Box(r2, c1): true, s.Box(r2, c2): true}
					if len(boxes) == 2 && sol.At(r1, c1) == sol.At(r2, c2) && sol.At(r1, c2) == sol.At(r2, c1) {
						all = append(all, [4]Cell{{r1, c1}, {r1, c2}, {r2, c1}, {r2, c2}})
					}
				}
			}
		}
	}
	apart := func(a, b [4]Cell) bool {
		for _, x := range a {
			for _, y := range b {
				if x.Row == y.Row || x.Col == y.Col {
					return false
				}
			}
		}
		return true
	}
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			for k := j + 1; k < len(all); k++ {
				if apart(all[i], all[j]) && apart(all[i], all[k]) && apart(all[j], all[k]) {
					return [][4]Cell{all[i], all[j], all[k]}, true
				}
			}
		}
	}
	return nil, false
}

func TestGivensToAddNeedsThree(t *testing.T) {
	f, err := os.Open("testdata/known-17-clue.txt")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	found := 0
	for sc.Scan() && found < 3 {
		_, line, _ := strings.Cut(sc.Text(), " ")
		sol, err := ParseLine(line)
		require.NoError(t, err)
		rects, ok := rectangles(&sol)
		if !ok {
			continue
		}
		found++
		g := sol
		for _, r := range rects {
			for _, c := range r {
				g.Set(c.Row, c.Col, 0)
			}
		}
		require.Equal(t, 8, CountSolutions(g, 100))
		add, minimal, err := GivensToAdd(g)
		require.NoError(t, err)
		assert.True(t, minimal)
		assert.Len(t, add, 3)
		checkAdded(t, g, add)
		noneSmaller(t, g, 3)
	}
	require.Equal(t, 3, found, "three solutions with three unique rectangles apart")
}

func TestGivensToAddGreedy(t *testing.T) {
	full := solvedGrid(t, Shape9)
	ten := NewGrid(Shape9)
	for i := 0; ten.Filled() < 10; i += 8 {
		ten.Cells[i] = full.Cells[i]
	}
	cases := []struct {
		name    string
		g       Grid
		atLeast int // the fewest givens a unique puzzle of the shape has
	}{
		{"empty 4x4", NewGrid(Shape4), 4},
		{"empty 6x6", NewGrid(Shape6), 8},
		{"empty 6x6 3x2", NewGrid(Shape{6, 3, 2}), 8},
		{"9x9 with 10 givens", ten, 17 - 10},
		{"empty 9x9", NewGrid(Shape9), 17},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.Greater(t, CountSolutions(tc.g, capFor(tc.g.Shape)+1), 1)
			add, minimal, err := GivensToAdd(tc.g)
			require.NoError(t, err)
			assert.False(t, minimal, "no set of 3 givens makes it unique")
			assert.GreaterOrEqual(t, len(add), tc.atLeast)
			checkAdded(t, tc.g, add)
			// no given added is unnecessary
			fixed := withGivens(t, tc.g, add)
			for _, c := range add {
				q := fixed
				q.Set(c.Row, c.Col, 0)
				assert.Greater(t, CountSolutions(q, 2), 1, "%v is not needed", c)
			}
		})
	}
}

func TestGivensToAddErrors(t *testing.T) {
	unique, err := ParseLine("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	require.NoError(t, err)
	add, minimal, err := GivensToAdd(unique)
	require.NoError(t, err)
	assert.Nil(t, add)
	assert.True(t, minimal)

	conflict := unique
	conflict.Set(0, 1, 4) // a second 4 in row 1
	_, _, err = GivensToAdd(conflict)
	assert.ErrorIs(t, err, ErrConflict)

	// r1c9 can hold nothing: row 1 has 1-4 and 8, column 9 has 5-7 and 9.
	none := NewGrid(Shape9)
	for c, d := range []int{1, 2, 3, 4, 0, 0, 0, 8} {
		none.Set(0, c, d)
	}
	for r, d := range []int{5, 6, 7, 9} {
		none.Set(r+1, 8, d)
	}
	require.NoError(t, none.Check())
	_, _, err = GivensToAdd(none)
	assert.ErrorIs(t, err, ErrNoSolution)
}

func BenchmarkGivensToAdd(b *testing.B) {
	g, err := ParseLine(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...")
	if err != nil {
		b.Fatal(err)
	}
	three := g
	for i, n := 0, 0; n < 3; i++ {
		if three.Cells[i] != 0 {
			three.Cells[i] = 0
			n++
		}
	}
	ten := g
	for i, n := 0, 0; n < 7; i++ {
		if ten.Cells[i] != 0 {
			ten.Cells[i] = 0
			n++
		}
	}
	for _, bc := range []struct {
		name string
		g    Grid
	}{{"17-clue minus 3", three}, {"10 givens", ten}, {"empty", NewGrid(Shape9)}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := GivensToAdd(bc.g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestTurnedUnique: a 6x6 made with 3x2 boxes, read with 2x3 ones, has one
// solution with the turned boxes; a puzzle read with its own boxes, one of
// the default boxes with no solution turned, and square boxes do not.
func TestTurnedUnique(t *testing.T) {
	tall := Shape{Size: 6, BoxRows: 3, BoxCols: 2}
	for _, tc := range []struct {
		name  string
		line  string
		shape Shape
		want  bool
	}{
		{"tall puzzle read wide", "5..326......32.4....5.62......653..4", Shape6, true},
		{"the same read with its own boxes", "5..326......32.4....5.62......653..4", tall, false},
		{"a puzzle of the default boxes, none turned", "14.5....3.1..3........4..5.3....6.52", Shape6, false},
		{"square boxes", "1.....3..4.....2", Shape4, false},
	} {
		g, err := ParseLine(tc.line)
		require.NoError(t, err)
		g.Shape = tc.shape
		turned, ok := TurnedUnique(nil, &g)
		assert.Equal(t, tc.want, ok, tc.name)
		assert.Equal(t, tc.shape.Turned(), turned, tc.name)
		if ok {
			g.Shape = turned
			assert.Equal(t, 1, CountSolutions(g, 2), tc.name)
		}
	}
}
