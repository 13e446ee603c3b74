package layout

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
)

func tiles(n int, shape solve.Shape) []Tile {
	out := make([]Tile, n)
	for i := range out {
		g := solve.NewGrid(shape)
		g.Set(0, 0, 1)
		out[i] = Tile{Heading: "No.", Givens: g}
	}
	return out
}

func TestTileSheet(t *testing.T) {
	tests := []struct {
		name     string
		n        int
		perPage  int
		shape    solve.Shape
		paper    Paper
		headings []Pos // the first few
		starts   []int
		area     string
	}{
		{"4 to a page", 5, 4, solve.Shape9, A4, []Pos{{2, 1}, {12, 1}, {2, 12}, {12, 12}, {2, 23}}, []int{23}, "A1:U44"},
		{"1 to a page", 2, 1, solve.Shape9, Letter, []Pos{{2, 1}, {2, 12}}, []int{12}, "A1:K22"},
		{"6 to a page", 6, 6, solve.Shape6, A4, []Pos{{2, 1}, {9, 1}, {2, 9}, {9, 9}, {2, 17}, {9, 17}}, nil, "A1:O24"},
		{"2 to a page, 16x16", 3, 2, solve.Shape16, A4, []Pos{{2, 1}, {2, 19}, {2, 37}}, []int{37}, "A1:R72"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts, err := TileSheet(tiles(tt.n, tt.shape), tt.perPage, tt.paper)
			require.NoError(t, err)
			assert.Equal(t, tt.headings, ts.Headings)
			assert.Equal(t, tt.starts, ts.PageStarts)
			assert.Equal(t, tt.area, ts.Print.Area.String())
			assert.Equal(t, (tt.n+tt.perPage-1)/tt.perPage, ts.Pages)
			// Every row of every page has a height: the pages are all as
			// tall, and the printed page holds exactly one.
			pageRows := ts.Print.Area.Rows() / ts.Pages
			for p := range ts.Pages {
				total := 0.0
				for r := 1; r <= pageRows; r++ {
					h, ok := ts.RowHeights[p*pageRows+r]
					require.True(t, ok, "row %d", p*pageRows+r)
					total += h
				}
				printable := tt.paper.Height - 72*(TileMarginTop+TileMarginBottom)
				assert.LessOrEqual(t, total, printable, "page %d", p+1)
			}
			width := 0.0
			for _, w := range ts.ColWidths {
				width += charsToPoints(w)
			}
			assert.LessOrEqual(t, width, tt.paper.Width-2*72*TileMarginSide)
			// The grid's cells are square, to within a point.
			g := ts.Headings[0].Add(1, 0)
			assert.InDelta(t, ts.RowHeights[g.Row], charsToPoints(ts.ColWidths[g.Col]), 1.5)
			// The first given is drawn big, bold and boxed.
			var first *Cell
			for i := range ts.Cells {
				if ts.Cells[i].Pos == g {
					first = &ts.Cells[i]
				}
			}
			require.NotNil(t, first)
			assert.Equal(t, 1, first.Number)
			assert.True(t, first.Style.Bold)
			assert.Equal(t, Thick, first.Style.Border.Left)
			assert.Greater(t, first.Style.FontSize, 9.0)
		})
	}
}

func TestTileSheetErrors(t *testing.T) {
	_, err := TileSheet(tiles(2, solve.Shape9), 5, A4)
	assert.ErrorContains(t, err, "cannot tile 5 grids")
	mixed := append(tiles(1, solve.Shape9), tiles(1, solve.Shape6)...)
	_, err = TileSheet(mixed, 4, A4)
	assert.ErrorContains(t, err, "tile 2 is 6x6")
	_, err = ParsePaper("a3")
	assert.ErrorContains(t, err, `unknown paper "a3"`)
	p, err := ParsePaper(" Letter")
	require.NoError(t, err)
	assert.Equal(t, Letter, p)
}
