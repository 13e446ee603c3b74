package layout

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
)

func TestSheetRef(t *testing.T) {
	for name, want := range map[string]string{
		"Puzzles":    "Puzzles!",
		"Sheet1":     "Sheet1!",
		"Week_3.a":   "Week_3.a!",
		"Übung":      "Übung!",
		"Week 3":     "'Week 3'!",
		"Tom's":      "'Tom''s'!",
		"3rd":        "'3rd'!",
		"A1":         "'A1'!",
		"xfd1048576": "'xfd1048576'!",
		"R1C1":       "'R1C1'!",
		"r":          "'r'!",
		"C12":        "'C12'!",
		"RC":         "'RC'!",
		"Rows":       "Rows!",
		"TRUE":       "'TRUE'!",
		"a-b":        "'a-b'!",
		"Puzzle 1":   "'Puzzle 1'!",
		"":           "''!",
	} {
		assert.Equal(t, want, SheetRef(name), name)
	}
}

func TestBreakRows(t *testing.T) {
	tests := []struct {
		name             string
		heights          []float64
		capacity, repeat float64
		want             []int
	}{
		{"one page", []float64{10, 10, 10}, 30, 0, nil},
		{"exactly full pages", []float64{10, 10, 10, 10}, 20, 0, []int{2}},
		{"a title repeated", []float64{10, 10, 10, 10, 10}, 30, 10, []int{3}},
		{"a row taller than a page", []float64{10, 50, 10}, 30, 0, []int{1, 2}},
		{"no rows", nil, 30, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, BreakRows(tt.heights, tt.capacity, tt.repeat))
		})
	}
}

func TestPaginate(t *testing.T) {
	// A table of 100 rows of 20 points, a header row repeated: landscape
	// A4 holds 487 points, 96% used, less the header on later pages.
	var sh Sheet
	sh.ColWidths, sh.RowHeights = map[int]float64{1: 300}, map[int]float64{}
	for r := 1; r <= 100; r++ {
		sh.RowHeights[r] = 20
	}
	sh.Print = Print{Area: Rect{Pos{1, 1}, Pos{1, 100}}, Landscape: true, Fit: FitWidth, TitleRows: [2]int{1, 1}}
	sh.Paginate(A4)
	w, h := sh.Print.Printable(A4)
	assert.Equal(t, [2]float64{842 - 72, 595 - 108}, [2]float64{w, h})
	first := int(h * pageSlack / 20)
	require.NotEmpty(t, sh.Print.Breaks)
	assert.Equal(t, 1+first, sh.Print.Breaks[0])
	assert.Equal(t, first-1, sh.Print.Breaks[1]-sh.Print.Breaks[0], "later pages repeat the header")
	assert.Equal(t, len(sh.Print.Breaks)+1, sh.Print.Pages)

	// Twice as wide as the page: shrunk to half, twice the rows to a page.
	sh.ColWidths[1] = 2 * w
	sh.Paginate(A4)
	assert.Equal(t, 1+int(2*h*pageSlack/20), sh.Print.Breaks[0])

	// Fitted to one page: one page, no breaks.
	sh.Print.Fit = FitPage
	sh.Paginate(A4)
	assert.Equal(t, 1, sh.Print.Pages)
	assert.Empty(t, sh.Print.Breaks)
}

func TestOnePage(t *testing.T) {
	givens, solution := puzzle(t, solve.Shape9)
	big := PageSheet("t", givens, solution, TileCell(9, 1, A4))
	assert.Equal(t, TileCell(9, 1, A4), big.ColWidths[2])
	assert.Equal(t, TileCell(9, 1, A4), big.RowHeights[2])
	assert.Equal(t, 36.0, big.Cells[1].Style.FontSize, "the digits in proportion")
	for _, sh := range []Sheet{big, SolutionSheet("t", givens, solution), CandidatesSheet("t", givens),
		TwoSolutionsSheet("t", givens, solution, solution), WorksheetSheet(givens, WorksheetOptions{Title: "t"}).Sheet} {
		p := sh.Print
		assert.Equal(t, FitPage, p.Fit)
		assert.True(t, p.CenterH && p.CenterV)
		assert.Equal(t, 2, p.Area.Min.Col, "column A, the margin on screen, is not printed")
		assert.Equal(t, 1, p.Area.Min.Row)
	}
}

func TestTextHeight9(t *testing.T) {
	one := TextHeight("short", 200, 9)
	assert.Equal(t, one, TextHeight("", 200, 9))
	// 150 characters of 9 points in 236 points: 4 lines.
	assert.Equal(t, math.Ceil(4*9*1.25+4), TextHeight(strings.Repeat("x", 150), 236, 9))
	assert.Equal(t, math.Ceil(2*9*1.25+4), TextHeight("a\nb", 236, 9))
}
