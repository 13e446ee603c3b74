package solve

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzReader feeds the reader arbitrary text: it must never panic, every
// error must be a *ParseError or a read error, and every grid it returns
// must write back and read again as the same grid.
func FuzzReader(f *testing.F) {
	for _, seed := range []string{line81, readable, sdk, "1.....3..4.....2", "1...\n..3.\n.4..\n...2", line81[:80] + "x", "+--+\n|1.|"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		r := NewReader(strings.NewReader(input))
		for range 50 {
			p, err := r.Read()
			if err == io.EOF {
				return
			}
			if err != nil {
				if _, ok := err.(*ParseError); !ok && !strings.Contains(err.Error(), "input") {
					t.Fatalf("unexpected error type %T: %v", err, err)
				}
				continue
			}
			if !p.Grid.Shape.Valid() {
				t.Fatalf("invalid shape %v", p.Grid.Shape)
			}
			for _, d := range p.Grid.Cells[:p.Grid.Shape.Cells()] {
				if int(d) > p.Grid.Shape.Size {
					t.Fatalf("digit %d in a %v grid", d, p.Grid.Shape)
				}
			}
			back := NewReader(strings.NewReader(FormatGrid(&p.Grid)))
			back.Shape = p.Grid.Shape
			q, err := back.Read()
			if err != nil || q.Grid != p.Grid {
				t.Fatalf("grid did not round-trip: %v\n%s", err, FormatGrid(&p.Grid))
			}
		}
	})
}

// FuzzSolve checks the solver against the independent checker on puzzles
// made from arbitrary givens.
func FuzzSolve(f *testing.F) {
	f.Add(line81)
	f.Add("1.....3..4.....2")
	f.Fuzz(func(t *testing.T, input string) {
		g, err := ParseLine(input)
		if err != nil {
			return
		}
		var s Solver
		var sols [2]Grid
		n := s.Count(&g, 2, sols[:])
		for i := 0; i < n && i < 2; i++ {
			if err := checkSolution(&g, &sols[i]); err != nil {
				t.Fatalf("solution %d of %s: %v", i, g, err)
			}
		}
		if n == 2 && sols[0] == sols[1] {
			t.Fatalf("two equal solutions of %s", g)
		}
		if n > 0 && len(g.Conflicts()) > 0 {
			t.Fatalf("%s has conflicts yet %d solutions", g, n)
		}
	})
}

// FuzzCountCells gives the 9x9 engine any 81 bytes as cells, digits or
// not (its start reads eight cells to a word), and checks its count
// against the generic engine's, and each solution against the checker.
func FuzzCountCells(f *testing.F) {
	seed := make([]byte, 81)
	f.Add(seed)
	g, err := ParseLine(line81)
	require.NoError(f, err)
	f.Add(g.Cells[:81])
	f.Fuzz(func(t *testing.T, cells []byte) {
		if len(cells) < 81 {
			return
		}
		g := NewGrid(Shape9)
		copy(g.Cells[:81], cells)
		var s Solver
		var sols [2]Grid
		n := s.Count(&g, 2, sols[:])
		var general solverN
		var gs [2]Grid
		if want := general.count(&g, 2, gs[:]); n != want {
			t.Fatalf("%v: %d solutions, the generic engine %d", cells[:81], n, want)
		}
		for i := 0; i < n; i++ {
			if err := checkSolution(&g, &sols[i]); err != nil {
				t.Fatalf("solution %d of %v: %v", i, cells[:81], err)
			}
		}
	})
}
