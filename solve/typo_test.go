package solve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// allShapes lists every supported shape, both box orientations.
var allShapes = append([]Shape{{6, 3, 2}, {8, 4, 2}, {12, 4, 3}}, Shapes...)

// fatPuzzle digs a unique puzzle from a full grid and gives back every
// third blank, so that most givens can go without losing uniqueness (a
// teacher's puzzle is rarely minimal).
func fatPuzzle(full Grid, seed uint64) Grid {
	p := digUnique(full, seed)
	blank := 0
	for i := range full.Shape.Cells() {
		if p.Cells[i] == 0 {
			if blank%3 == 0 {
				p.Cells[i] = full.Cells[i]
			}
			blank++
		}
	}
	return p
}

// seenDigits returns the digits that the givens of g hold in the units of
// cell i, other than i itself.
func seenDigits(g *Grid, i int) Digits {
	var seen Digits
	for _, c := range peersOf(g.Shape, g.Shape.cell(i)) {
		if d := g.At(c.Row, c.Col); d != 0 {
			seen |= 1 << (d - 1)
		}
	}
	return seen
}

// typo changes one given of the unique puzzle p, one that p does not need,
// to a wrong digit: one that repeats a digit of its units when conflict is
// set, and one that does not otherwise. It returns the puzzle and the cell.
func typo(t *testing.T, p Grid, conflict bool) (Grid, Cell) {
	t.Helper()
	for i := range p.Shape.Cells() {
		d := p.Cells[i]
		if d == 0 {
			continue
		}
		p.Cells[i] = 0
		needed := CountSolutions(p, 2) != 1
		seen := seenDigits(&p, i)
		p.Cells[i] = d
		if needed {
			continue
		}
		for w := 1; w <= p.Shape.Size; w++ {
			if w == int(d) || seen.Has(w) != conflict {
				continue
			}
			q := p
			q.Cells[i] = uint8(w)
			require.Zero(t, CountSolutions(q, 1), "a wrong given leaves no solution")
			if conflict {
				require.Error(t, q.Check())
			} else {
				require.NoError(t, q.Check())
			}
			return q, p.Shape.cell(i)
		}
	}
	t.Fatalf("no given of %v can take a typo (conflict %v)", p, conflict)
	return Grid{}, Cell{}
}

func TestSuspectGivensFindsTheTypo(t *testing.T) {
	real, err := ParseLine("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	require.NoError(t, err)
	realSol, err := Solve(real)
	require.NoError(t, err)
	for i := 0; i < 81; i += 4 {
		real.Cells[i] = realSol.Cells[i]
	}
	cases := []struct {
		name   string
		puzzle Grid
	}{
		{"9x9 magictour with extra givens", real},
	}
	for k, s := range allShapes {
		cases = append(cases, struct {
			name   string
			puzzle Grid
		}{s.String(), fatPuzzle(solvedGrid(t, s), uint64(k+1))})
	}
	for _, tc := range cases {
		for _, conflict := range []bool{false, true} {
			name := tc.name + " digit not in its units"
			if conflict {
				name = tc.name + " digit repeated in a unit"
			}
			t.Run(name, func(t *testing.T) {
				require.Equal(t, 1, CountSolutions(tc.puzzle, 2))
				bad, cell := typo(t, tc.puzzle, conflict)
				got := SuspectGivens(bad)
				assert.Contains(t, got, cell)
				for _, c := range got {
					// every suspect is a given whose removal leaves one solution
					i := c.Row*bad.Shape.Size + c.Col
					require.NotZero(t, bad.Cells[i], "%v is not a given", c)
					q := bad
					q.Cells[i] = 0
					assert.Equal(t, 1, CountSolutions(q, 2), "%v", c)
				}
				assert.IsIncreasing(t, readingOrder(bad.Shape, got))
			})
		}
	}
}

func readingOrder(s Shape, cs []Cell) []int {
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = c.Row*s.Size + c.Col
	}
	return out
}

// twoSolutions returns a puzzle with exactly two solutions, dug from a full
// grid of shape s (trying seeds from seed on), and the two solutions.
func twoSolutions(t *testing.T, s Shape, seed uint64) (Grid, [2]Grid) {
	t.Helper()
	var sols [2]Grid
	var solver Solver
	full := solvedGrid(t, s)
	for k := range uint64(50) {
		p := digUnique(full, seed+k)
		for i := range s.Cells() {
			if p.Cells[i] == 0 {
				continue
			}
			q := p
			q.Cells[i] = 0
			if solver.Count(&q, 3, sols[:]) == 2 {
				return q, sols
			}
		}
	}
	t.Fatalf("no puzzle of shape %v with exactly two solutions", s)
	return Grid{}, sols
}

// A puzzle with two solutions S1 and S2 and a cell A where they differ:
// writing S1's digit x at A and, in A's row, x where S2 has it (cell B)
// makes a conflict that either given alone explains: without A only S2 is
// left, without B only S1.
func TestSuspectGivensSeveral(t *testing.T) {
	for _, s := range []Shape{Shape4, Shape6, {6, 3, 2}, Shape9, Shape12} {
		t.Run(s.String(), func(t *testing.T) {
			q, sols := twoSolutions(t, s, 3)
			diff := sols[0].Diff(&sols[1])
			require.NotEmpty(t, diff)
			a := diff[0]
			x := sols[0].At(a.Row, a.Col)
			b := Cell{a.Row, -1}
			for c := range s.Size {
				if sols[1].At(a.Row, c) == x {
					b.Col = c
				}
			}
			require.NotEqual(t, a, b)
			require.Zero(t, q.At(b.Row, b.Col), "B is where the solutions differ")
			q.Set(a.Row, a.Col, x)
			q.Set(b.Row, b.Col, x)
			require.Error(t, q.Check())

			want := []Cell{a, b}
			if b.Col < a.Col {
				want = []Cell{b, a}
			}
			assert.Equal(t, want, SuspectGivens(q))
		})
	}
}

func TestSuspectGivensNone(t *testing.T) {
	unique, err := ParseLine("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	require.NoError(t, err)
	several, _ := twoSolutions(t, Shape9, 5)
	// Two typos: removing either one leaves the other, so no single given
	// explains the puzzle.
	twoTypos := fatPuzzle(solvedGrid(t, Shape9), 9)
	var typos []int
	for i := 0; i < 81 && len(typos) < 2; i++ {
		if twoTypos.Cells[i] == 0 {
			continue
		}
		q := twoTypos
		q.Cells[i] = 0
		seen := seenDigits(&q, i)
		for w := 1; w <= 9; w++ {
			if w != int(twoTypos.Cells[i]) && !seen.Has(w) && (len(typos) == 0 || !sameUnit(Shape9, typos[0], i)) {
				twoTypos.Cells[i] = uint8(w)
				typos = append(typos, i)
				break
			}
		}
	}
	require.Len(t, typos, 2)
	for _, i := range typos {
		q := twoTypos
		q.Cells[i] = 0
		require.Zero(t, CountSolutions(q, 1), "the other typo still leaves no solution")
	}
	cases := []struct {
		name string
		g    Grid
	}{
		{"unique", unique},
		{"two solutions", several},
		{"empty", NewGrid(Shape9)},
		{"empty 16x16", NewGrid(Shape16)},
		{"two typos", twoTypos},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Empty(t, SuspectGivens(tc.g))
		})
	}
}

// sameUnit reports whether cells i and j share a row, column or box.
func sameUnit(s Shape, i, j int) bool {
	a, b := s.cell(i), s.cell(j)
	return a.Row == b.Row || a.Col == b.Col || s.Box(a.Row, a.Col) == s.Box(b.Row, b.Col)
}

func BenchmarkSuspectGivens(b *testing.B) {
	g, err := ParseLine("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	if err != nil {
		b.Fatal(err)
	}
	sol, err := Solve(g)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 81; i += 3 {
		g.Cells[i] = sol.Cells[i]
	}
	g.Cells[0] = sol.Cells[0]%9 + 1 // a typo in r1c1
	if CountSolutions(g, 1) != 0 {
		b.Fatal("the typo left a solution")
	}
	b.ReportAllocs()
	for b.Loop() {
		SuspectGivens(g)
	}
}
