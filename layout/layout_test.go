package layout

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
)

// puzzle returns a solved grid of shape s and a puzzle made from it by
// keeping every third cell.
func puzzle(t testing.TB, s solve.Shape) (givens, solution solve.Grid) {
	t.Helper()
	var sv solve.Solver
	empty := solve.NewGrid(s)
	out := make([]solve.Grid, 1)
	require.Equal(t, 1, sv.Count(&empty, 1, out))
	solution, givens = out[0], out[0]
	for i := range s.Cells() {
		if i%3 != 0 {
			givens.Cells[i] = 0
		}
	}
	return givens, solution
}

var shapes = []solve.Shape{solve.Shape4, solve.Shape6, solve.Shape9, solve.Shape16}

func TestColumnName(t *testing.T) {
	for col, want := range map[int]string{1: "A", 2: "B", 26: "Z", 27: "AA", 28: "AB", 702: "ZZ", 703: "AAA", MaxCol: "XFD"} {
		assert.Equal(t, want, ColumnName(col), "column %d", col)
	}
}

func TestParseRect(t *testing.T) {
	tests := []struct {
		in   string
		want Rect
		ok   bool
	}{
		{"B2:J10", Rect{Pos{2, 2}, Pos{10, 10}}, true},
		{"b3:j11", Rect{Pos{2, 3}, Pos{10, 11}}, true},
		{"$C$2:$K$10", Rect{Pos{3, 2}, Pos{11, 10}}, true},
		{"J10:B2", Rect{Pos{2, 2}, Pos{10, 10}}, true},
		{"A1", Rect{Pos{1, 1}, Pos{1, 1}}, true},
		{" B2:E5 ", Rect{Pos{2, 2}, Pos{5, 5}}, true},
		{"XFD1048576", Rect{Pos{MaxCol, MaxRow}, Pos{MaxCol, MaxRow}}, true},
		{"", Rect{}, false},
		{"B", Rect{}, false},
		{"2", Rect{}, false},
		{"B0", Rect{}, false},
		{"XFE1", Rect{}, false},
		{"A1048577", Rect{}, false},
		{"B2:J", Rect{}, false},
		{"B2-J10", Rect{}, false},
		{"R1C1", Rect{}, false},
	}
	for _, tt := range tests {
		got, err := ParseRect(tt.in)
		if !tt.ok {
			assert.ErrorIs(t, err, ErrRef, "%q", tt.in)
			continue
		}
		require.NoError(t, err, "%q", tt.in)
		assert.Equal(t, tt.want, got, "%q", tt.in)
	}
	// A value pasted by mistake is quoted clipped (a walk of 3 December:
	// 200 characters whole).
	_, err := ParseRect(strings.Repeat("B", 206))
	assert.EqualError(t, err, `not a cell range: "`+strings.Repeat("B", 39)+`…" is not a range such as B2:J10`)
	_, err = ParseRect("B2:J1O")
	assert.EqualError(t, err, `not a cell range: "B2:J1O" is not a range such as B2:J10`, "a short one whole")
	assert.Equal(t, "B2:J10", Rect{Pos{2, 2}, Pos{10, 10}}.String())
	assert.Equal(t, "$B$2:$J$10", Rect{Pos{2, 2}, Pos{10, 10}}.Absolute())
	assert.Equal(t, "C6", Pos{3, 6}.String())
	assert.Equal(t, "XFD1048576", Pos{MaxCol, MaxRow}.String())
}

func TestSolutionBoard(t *testing.T) {
	for _, s := range shapes {
		t.Run(s.String(), func(t *testing.T) {
			givens, solution := puzzle(t, s)
			b := SolutionBoard(givens, solution, GridOrigin)
			assert.Equal(t, RectAt(Pos{2, 2}, s.Size, s.Size), b.Area)
			require.Len(t, b.Cells, s.Cells())
			for _, cell := range b.Cells {
				r, c := cell.Pos.Row-2, cell.Pos.Col-2
				st := cell.Style
				assert.Equal(t, solution.At(r, c), cell.Number)
				assert.Equal(t, givens.At(r, c) != 0, st.Bold)
				if st.Bold {
					assert.Equal(t, GivenColor, st.Color)
				} else {
					assert.Equal(t, FilledColor, st.Color)
				}
				assert.Equal(t, lineAt(c%s.BoxCols == 0), st.Border.Left, "left of %v", cell.Pos)
				assert.Equal(t, lineAt((c+1)%s.BoxCols == 0), st.Border.Right, "right of %v", cell.Pos)
				assert.Equal(t, lineAt(r%s.BoxRows == 0), st.Border.Top, "top of %v", cell.Pos)
				assert.Equal(t, lineAt((r+1)%s.BoxRows == 0), st.Border.Bottom, "bottom of %v", cell.Pos)
				assert.Equal(t, AlignCenter, st.HAlign)
				assert.Equal(t, AlignCenter, st.VAlign)
			}
			// Square cells; a board smaller than 9x9 as wide as a 9x9's,
			// its digits larger in proportion (a 4x4 printed 37 mm wide).
			side := SolutionColWidth
			if s.Size < 9 {
				side = 9 * SolutionColWidth / float64(s.Size)
				assert.InDelta(t, SolutionFontSize*side/SolutionColWidth, b.Cells[0].Style.FontSize, 0.01)
			}
			for i := range s.Size {
				assert.InDelta(t, side, b.ColWidths[2+i], 1e-9)
				assert.InDelta(t, side, b.RowHeights[2+i], 1e-9)
			}
			assert.Len(t, b.ColWidths, s.Size)
			assert.Equal(t, side, SolutionCell(s))
		})
	}
}

// lineAt is the line a solution cell has on a side: thick on a box edge,
// thin elsewhere.
func lineAt(boxEdge bool) Line {
	if boxEdge {
		return Thick
	}
	return Thin
}

func TestCandidatesBoard(t *testing.T) {
	for _, s := range shapes {
		t.Run(s.String(), func(t *testing.T) {
			givens, _ := puzzle(t, s)
			b := CandidatesBoard(givens, GridOrigin)
			bh, bw := s.BoxRows, s.BoxCols
			// 4x4 and 6x6 boards draw 9/Size times larger, as wide as a
			// 9x9's at most (an 8x8's is wider already).
			k := 1.0
			if s.Size < 8 {
				k = 9 / float64(s.Size)
			}
			assert.Equal(t, RectAt(Pos{2, 2}, s.Size*bh, s.Size*bw), b.Area)
			require.Len(t, b.Cells, s.Cells()*bh*bw)
			cands := givens.Candidates()
			for _, cell := range b.Cells {
				y, x := cell.Pos.Row-2, cell.Pos.Col-2
				r, c := y/bh, x/bw
				d := (y%bh)*bw + x%bw + 1
				st := cell.Style
				given := givens.At(r, c)
				assert.Equal(t, given != 0, st.Bold)
				switch {
				case given != 0 && d == 1:
					// The block's first square: the given, large, the block merged.
					assert.Equal(t, given, cell.Number, "square %v", cell.Pos)
					assert.Greater(t, st.FontSize, 2*CandidateFontSize)
					assert.Contains(t, b.Merges, RectAt(cell.Pos, bh, bw))
					assert.Equal(t, GivenFill, st.Fill)
				case given != 0:
					assert.Zero(t, cell.Number, "square %v", cell.Pos)
					assert.Equal(t, GivenFill, st.Fill)
				case cands[r*s.Size+c].Has(d):
					assert.Equal(t, d, cell.Number, "square %v", cell.Pos)
					assert.Equal(t, math.Round(k*CandidateFontSize), st.FontSize)
				default:
					assert.Zero(t, cell.Number, "square %v", cell.Pos)
				}
				if given == 0 {
					assert.Empty(t, st.Fill)
				}
				assert.Equal(t, squareLine(x, bw, bw*s.BoxCols), st.Border.Left, "left of %v", cell.Pos)
				assert.Equal(t, squareLine(x+1, bw, bw*s.BoxCols), st.Border.Right, "right of %v", cell.Pos)
				assert.Equal(t, squareLine(y, bh, bh*s.BoxRows), st.Border.Top, "top of %v", cell.Pos)
				assert.Equal(t, squareLine(y+1, bh, bh*s.BoxRows), st.Border.Bottom, "bottom of %v", cell.Pos)
			}
			width := 0.0
			for col, w := range b.ColWidths {
				assert.InDelta(t, k*CandidateColWidth*float64(max(bh, bw))/float64(bw), w, 1e-9, "column %d", col)
				width += w
			}
			if k > 1 {
				assert.LessOrEqual(t, width, 27*CandidateColWidth+1e-9, "no wider than a 9x9's")
			}
			assert.Len(t, b.Merges, givens.Filled(), "a merged block per given")
			assert.Len(t, b.ColWidths, s.Size*bw)
			assert.Len(t, b.RowHeights, s.Size*bh)
		})
	}
}

func squareLine(k, block, box int) Line {
	switch {
	case k%box == 0:
		return Thick
	case k%block == 0:
		return Thin
	}
	return NoLine
}

func TestCandidatesBoard9x9(t *testing.T) {
	g, err := solve.ParseLine("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	require.NoError(t, err)
	b := CandidatesBoard(g, GridOrigin)
	assert.Equal(t, "B2:AB28", b.Area.String())
	at := map[string]Cell{}
	for _, c := range b.Cells {
		at[c.Pos.String()] = c
	}
	// r1c1 holds the given 5: its block B2:D4 is one cell showing it large.
	assert.Equal(t, 5, at["B2"].Number)
	assert.True(t, at["B2"].Style.Bold)
	assert.Equal(t, 33.0, at["B2"].Style.FontSize)
	assert.Zero(t, at["C3"].Number)
	assert.Equal(t, GivenFill, at["C3"].Style.Fill)
	assert.Contains(t, b.Merges, Rect{Pos{2, 2}, Pos{4, 4}})
	// r1c3 (E..G is c2, H..J is c3) is blank: candidates 1 2 4.
	for sq, want := range map[string]int{"H2": 1, "I2": 2, "J2": 0, "H3": 4, "I3": 0, "J3": 0, "H4": 0, "I4": 0, "J4": 0} {
		assert.Equal(t, want, at[sq].Number, sq)
		assert.False(t, at[sq].Style.Bold, sq)
	}
	assert.Equal(t, Thick, at["J2"].Style.Border.Right)
	assert.Equal(t, Thin, at["G2"].Style.Border.Right)
	assert.Equal(t, NoLine, at["F2"].Style.Border.Right)
	assert.Equal(t, Thick, at["K2"].Style.Border.Left)
}

func TestSheets(t *testing.T) {
	givens, solution := puzzle(t, solve.Shape9)
	sh := SolutionSheet("book.xlsx\nSheet1!B2:J10", givens, solution)
	assert.Equal(t, "B1:J10", sh.Print.Area.String())
	assert.Equal(t, FitPage, sh.Print.Fit)
	assert.True(t, sh.Print.CenterH)
	assert.True(t, sh.Print.CenterV)
	assert.Empty(t, sh.Print.Header, "the title is on the sheet")
	assert.False(t, sh.Print.PageNumbers, "one page")
	assert.False(t, sh.Gridlines)
	assert.Equal(t, []Rect{{Pos{2, 1}, Pos{10, 1}}}, sh.Merges)
	assert.Equal(t, "book.xlsx\nSheet1!B2:J10", sh.Cells[0].Text)
	assert.Equal(t, Pos{2, 1}, sh.Cells[0].Pos)
	assert.Greater(t, sh.RowHeights[1], 2*TitleFontSize)
	assert.Equal(t, MarginColWidth, sh.ColWidths[1])
	assert.Len(t, sh.Cells, 82)

	c := CandidatesSheet("t", givens)
	assert.Equal(t, "B1:AB28", c.Print.Area.String())
	assert.Len(t, c.Cells, 1+27*27)

	for _, s := range shapes {
		g, sol := puzzle(t, s)
		sh := SolutionSheet("t", g, sol)
		assert.Equal(t, fmt.Sprintf("B1:%s%d", ColumnName(1+s.Size), 1+s.Size), sh.Print.Area.String())
	}
}

func TestMoveAndStyles(t *testing.T) {
	givens, solution := puzzle(t, solve.Shape4)
	b := SolutionBoard(givens, solution, GridOrigin)
	m := b.Move(Pos{10, 20})
	assert.Equal(t, "J20:M23", m.Area.String())
	assert.Equal(t, b.Cells[5].Number, m.Cells[5].Number)
	assert.Equal(t, Pos{b.Cells[5].Pos.Col + 8, b.Cells[5].Pos.Row + 18}, m.Cells[5].Pos)
	assert.Equal(t, SolutionCell(solve.Shape4), m.ColWidths[10])
	assert.Equal(t, SolutionCell(solve.Shape4), m.RowHeights[23])
	assert.Equal(t, "B2", b.Area.Min.String(), "Move leaves the original alone")
	// 4x4: bold/not bold x 2 lines per side with box 2 => a handful of styles.
	assert.LessOrEqual(t, len(b.Styles()), 32)
	assert.Equal(t, []int{2, 3, 4, 5}, b.SortedCols())
}

func TestCandidateSetsBoardSolvedCells(t *testing.T) {
	g, err := solve.ParseLine("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	require.NoError(t, err)
	cands := g.Candidates()
	cands[2] = solve.Digits(1 << 3)               // r1c3 solved: 4
	cands[3] = solve.Digits(1<<1 | 1<<5)          // r1c4: 2 6
	b := CandidateSetsBoard(g, cands, GridOrigin) // placed by logic: a set of one is solved
	at := map[string]Cell{}
	for _, c := range b.Cells {
		at[c.Pos.String()] = c
	}
	// r1c3 is H2:J4: its digit large and blue, the block merged.
	assert.Equal(t, 4, at["H2"].Number)
	assert.Equal(t, FilledColor, at["H2"].Style.Color)
	assert.False(t, at["H2"].Style.Bold)
	assert.Empty(t, at["H2"].Style.Fill)
	assert.Greater(t, at["H2"].Style.FontSize, 2*CandidateFontSize)
	assert.Zero(t, at["H3"].Number, "the 4's own square stays empty")
	assert.Contains(t, b.Merges, Rect{Pos{8, 2}, Pos{10, 4}})
	// r1c4 (K2:M4) keeps its two pencil marks, small, in their places.
	assert.Equal(t, 2, at["L2"].Number)
	assert.Equal(t, 6, at["M3"].Number)
	assert.Equal(t, CandidateFontSize, at["L2"].Style.FontSize)

	// The starting position's pencil marks: a cell with one candidate is
	// not solved, its digit stays small in its place.
	basic := CandidatesBoard(g, GridOrigin)
	assert.Len(t, basic.Merges, g.Filled())
}

func TestRectOverlaps(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"C3:K11", "M3:U11", false},
		{"C3:K11", "J4:R12", true},
		{"C3:K11", "K11:S19", true},
		{"C3:K11", "L3:T11", false},
		{"C3:K11", "C12:K20", false},
		{"C3:K11", "D4:E5", true},
	} {
		a, err := ParseRect(tt.a)
		require.NoError(t, err)
		b, err := ParseRect(tt.b)
		require.NoError(t, err)
		assert.Equal(t, tt.want, a.Overlaps(b), "%s and %s", tt.a, tt.b)
		assert.Equal(t, tt.want, b.Overlaps(a), "%s and %s", tt.b, tt.a)
	}
}

// TestBarLabels: every bar is labelled, in the largest size up to 10
// points whose lines fit a bar each; when even 6 points do not fit, one
// bar in a few is labelled at 6 (LibreOffice, left to decide, labelled
// every other bar of 35 at its default size).
func TestBarLabels(t *testing.T) {
	for _, tt := range []struct {
		n      int
		height float64
		points float64
		skip   int
	}{
		{0, 240, 10, 1},
		{1, 240, 10, 1},
		{10, 240, 10, 1},  // 18 points a bar
		{35, 410, 7.5, 1}, // 10 a bar
		{40, 410, 6.5, 1}, // 8.75 a bar
		{48, 410, 6, 2},   // 7.3 a bar: 6 points need 7.8
		{120, 410, 6, 3},  // 2.9 a bar: a label every 7.8 points
		{1000, 410, 6, 23},
	} {
		points, skip := BarLabels(tt.n, tt.height)
		assert.Equal(t, tt.points, points, "%d bars", tt.n)
		assert.Equal(t, tt.skip, skip, "%d bars", tt.n)
		if tt.n > 0 {
			per := (tt.height - 60) / float64(tt.n) * float64(skip)
			assert.LessOrEqual(t, points*1.3, per, "%d bars: the labels do not touch", tt.n)
		}
	}
}

// TestAddHidden: the hidden text goes into row 1 of a column right of
// everything the sheet has (its area, print area, cells, merges and
// column widths), hidden, and leaves the sheet's area as it was.
func TestAddHidden(t *testing.T) {
	givens, solution := puzzle(t, solve.Shapes[2])
	for _, tc := range []struct {
		name  string
		sheet func() Sheet
	}{
		{"solution", func() Sheet { return SolutionSheet("t", givens, solution) }},
		{"candidates", func() Sheet { return CandidatesSheet("t", givens) }},
		{"note", func() Sheet { return NoteSheet("t") }},
		{"a cell past the area", func() Sheet {
			sh := SolutionSheet("t", givens, solution)
			sh.Cells = append(sh.Cells, Cell{Pos: Pos{30, 4}, Text: "x"})
			return sh
		}},
		{"a width past the area", func() Sheet {
			sh := SolutionSheet("t", givens, solution)
			sh.ColWidths[40] = 3
			return sh
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sh := tc.sheet()
			area, cells := sh.Area, len(sh.Cells)
			last := 0
			for _, c := range sh.Cells {
				last = max(last, c.Pos.Col)
			}
			for c := range sh.ColWidths {
				last = max(last, c)
			}
			for _, m := range sh.Merges {
				last = max(last, m.Max.Col)
			}
			at := sh.AddHidden("mark")
			assert.Equal(t, Pos{last + 1, 1}, at)
			assert.Greater(t, at.Col, max(area.Max.Col, sh.Print.Area.Max.Col))
			assert.Equal(t, area, sh.Area, "the area is unchanged")
			require.Len(t, sh.Cells, cells+1)
			assert.Equal(t, Cell{Pos: at, Text: "mark", Style: Style{Hide: true}}, sh.Cells[cells])
			assert.Contains(t, sh.HiddenCols, at.Col)
		})
	}
}

// TestCandidatesCellsAreSquare: every puzzle cell of the board is square,
// whatever its box's shape (a 6x6 of 2 by 3 boxes printed half as wide
// again as tall: a walk of 3 December), and so is the board.
func TestCandidatesCellsAreSquare(t *testing.T) {
	for _, s := range []solve.Shape{solve.Shape4, solve.Shape6, {Size: 6, BoxRows: 3, BoxCols: 2}, {Size: 8, BoxRows: 2, BoxCols: 4}, {Size: 8, BoxRows: 4, BoxCols: 2}, solve.Shape9, solve.Shape12, {Size: 12, BoxRows: 4, BoxCols: 3}, solve.Shape16} {
		b := CandidatesBoard(solve.NewGrid(s), GridOrigin)
		wide, tall := 0.0, 0.0
		for x := range s.BoxCols {
			wide += b.ColWidths[GridOrigin.Col+x]
		}
		for y := range s.BoxRows {
			tall += b.RowHeights[GridOrigin.Row+y]
		}
		assert.InDelta(t, wide, tall, 0.01, "%v: a cell is %.1f by %.1f points", s, wide, tall)
		assert.GreaterOrEqual(t, min(wide/float64(s.BoxCols), tall/float64(s.BoxRows)), CandidateColWidth, "%v: no square is smaller than 18 points", s)
	}
}
