package layout

import (
	"fmt"
	"math/rand/v2"
	"slices"
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
		out[i] = Tile{Caption: fmt.Sprintf("No. %d", i+1), Givens: &g}
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
		captions []Pos // the first few
		breaks   []int
		area     string
	}{
		{"4 to a page", 5, 4, solve.Shape9, A4, []Pos{{2, 1}, {12, 1}, {2, 12}, {12, 12}, {2, 22}}, []int{22}, "B1:T42"},
		{"1 to a page", 2, 1, solve.Shape9, Letter, []Pos{{2, 1}, {2, 11}}, []int{11}, "B1:J20"},
		{"2 to a page", 3, 2, solve.Shape9, A4, []Pos{{2, 1}, {2, 12}, {2, 22}}, []int{22}, "B1:J42"},
		{"6 to a page", 6, 6, solve.Shape6, A4, []Pos{{2, 1}, {9, 1}, {2, 9}, {9, 9}, {2, 17}, {9, 17}}, nil, "B1:N23"},
		{"9 to a page, 6x6", 10, 9, solve.Shape6, A4, []Pos{{2, 1}, {9, 1}, {16, 1}, {2, 9}}, []int{24}, "B1:U46"},
		{"12 to a page, 4x4", 13, 12, solve.Shape4, Letter, []Pos{{2, 1}, {7, 1}, {12, 1}, {2, 7}}, []int{24}, "B1:O46"},
		{"2 to a page, 16x16", 3, 2, solve.Shape16, A4, []Pos{{2, 1}, {2, 19}, {2, 36}}, []int{36}, "B1:Q70"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts, err := TileSheet(tiles(tt.n, tt.shape), tt.perPage, tt.paper)
			require.NoError(t, err)
			p := ts.Print
			assert.Equal(t, tt.captions, ts.Captions[:len(tt.captions)])
			assert.Equal(t, tt.breaks, p.Breaks)
			assert.Equal(t, tt.area, p.Area.String())
			assert.Equal(t, (tt.n+tt.perPage-1)/tt.perPage, p.Pages)
			assert.Equal(t, tt.paper, p.Paper)
			assert.True(t, p.PageNumbers && p.CenterH && p.CenterV)
			assert.Equal(t, FitWidth, p.Fit)
			width, height := p.Printable(tt.paper)

			// Every row of every page has a height, the pages are alike and
			// each fits the printable height.
			pageRows := p.Area.Rows() / p.Pages
			for pg := range p.Pages {
				total := 0.0
				for r := 1; r <= pageRows; r++ {
					h, ok := ts.RowHeights[pg*pageRows+r]
					require.True(t, ok, "row %d", pg*pageRows+r)
					total += h
				}
				assert.LessOrEqual(t, total, height, "page %d", pg+1)
			}
			// The printed columns fit the page's width and end at a grid:
			// the grids and the gutters between them, nothing else.
			used := 0.0
			for c := p.Area.Min.Col; c <= p.Area.Max.Col; c++ {
				w, ok := ts.ColWidths[c]
				require.True(t, ok, "column %d", c)
				used += w
			}
			assert.LessOrEqual(t, used, width)
			cols := TileLayouts[tt.perPage][0]
			assert.Equal(t, cols*tt.shape.Size+cols-1, p.Area.Cols())
			// The page is used: the grids fill its width or its height.
			rows := TileLayouts[tt.perPage][1]
			tall := float64(rows)*(tileCaption+float64(tt.shape.Size)*ts.CellPoints) + float64(rows-1)*TileGutter
			if ts.CellPoints < tileMaxCell {
				assert.True(t, used > width-float64(cols*tt.shape.Size)*pixel || tall > height-float64(rows*tt.shape.Size)*pixel,
					"%.0f of %.0f wide, %.0f of %.0f tall", used, width, tall, height)
			}

			// The cells are square, whole pixels; the gutters are even.
			g := ts.Captions[0].Add(1, 0)
			assert.Equal(t, ts.CellPoints, ts.RowHeights[g.Row])
			assert.Equal(t, ts.CellPoints, ts.ColWidths[g.Col])
			assert.Zero(t, int(ts.CellPoints*100)%75, "a whole number of pixels")
			if rows > 1 {
				assert.Equal(t, TileGutter, ts.RowHeights[g.Row+tt.shape.Size], "the gap under a grid")
			}
			if cols > 1 {
				assert.Equal(t, TileGutter, ts.ColWidths[g.Col+tt.shape.Size], "the gutter right of a grid")
			}
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
			assert.GreaterOrEqual(t, first.Style.FontSize, 9.0)
		})
	}
}

// TestTileSizes: the fewer grids to a page, the larger they are; at four
// to an A4 page a 9x9 grid is about 85 mm wide.
func TestTileSizes(t *testing.T) {
	const mm = 72 / 25.4
	for _, paper := range []Paper{A4, Letter} {
		var cells, fonts []float64
		for _, per := range []int{12, 9, 6, 4, 2, 1} {
			ts, err := TileSheet(tiles(1, solve.Shape9), per, paper)
			require.NoError(t, err)
			cells = append(cells, ts.CellPoints)
			fonts = append(fonts, ts.Cells[1].Style.FontSize)
			if per == 4 {
				assert.InDelta(t, 87, 9*ts.CellPoints/mm, 4, "%s: a grid at 4 to a page, mm", paper.Name)
			}
		}
		for i := 1; i < len(cells); i++ {
			assert.Greater(t, cells[i], cells[i-1], "%s: cells %v", paper.Name, cells)
			assert.Greater(t, fonts[i], fonts[i-1], "%s: fonts %v", paper.Name, fonts)
		}
	}
}

func TestTileSheetErrors(t *testing.T) {
	_, err := TileSheet(tiles(2, solve.Shape9), 5, A4)
	assert.ErrorContains(t, err, "cannot tile 5 grids")
	mixed := append(tiles(1, solve.Shape9), tiles(1, solve.Shape6)...)
	_, err = TileSheet(mixed, 4, A4)
	assert.ErrorContains(t, err, "tile 2 is 6x6")
	// Excel opens no sheet with more than 1,024 page breaks.
	full, pages, err := TileFrame(tiles(MaxTiles(2), solve.Shape9), 2, A4)
	require.NoError(t, err)
	assert.Equal(t, MaxTilePages, pages.Pages())
	assert.Len(t, full.Print.Breaks, 1024)
	_, _, err = TileFrame(tiles(MaxTiles(2)+1, solve.Shape9), 2, A4)
	assert.ErrorContains(t, err, "a sheet prints at most 1025 pages")
	_, err = ParsePaper("a3")
	assert.ErrorContains(t, err, `unknown paper "a3"`)
	p, err := ParsePaper(" Letter")
	require.NoError(t, err)
	assert.Equal(t, Letter, p)
}

// TestTilePages: the pages of TileFrame, one after another, are the cells
// of TileSheet, each page in rows below the page before, and the frame is
// TileSheet's sheet without them.
func TestTilePages(t *testing.T) {
	for _, per := range []int{1, 4, 6, 12} {
		shape := solve.Shape9
		if per > 6 {
			shape = solve.Shape4
		}
		ts, err := TileSheet(tiles(2*per+1, shape), per, A4)
		require.NoError(t, err)
		frame, pages, err := TileFrame(tiles(2*per+1, shape), per, A4)
		require.NoError(t, err)
		require.Equal(t, 3, pages.Pages())
		var all []Cell
		above := 0
		for pg := range pages.Pages() {
			page := pages.AppendPage(nil, pg)
			require.NotEmpty(t, page)
			for _, c := range page {
				assert.Greater(t, c.Pos.Row, above, "%d to a page: page %d", per, pg+1)
			}
			for _, c := range page {
				above = max(above, c.Pos.Row)
			}
			all = append(all, page...)
		}
		assert.Equal(t, ts.Cells, all, "%d to a page", per)
		frame.Cells = ts.Cells
		assert.Equal(t, ts, frame, "%d to a page", per)
	}
}

// TestTileStyles: the styles and the last cell that TilePages.Styles
// gives without laying the pages out are those of walking every cell of
// every page, styles in the order they are first met.
func TestTileStyles(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tests := []struct {
		shape   solve.Shape
		n       int
		perPage int
		fill    int // out of 100, the share of squares given
	}{
		{solve.Shape9, 1, 1, 30},
		{solve.Shape9, 7, 4, 30},
		{solve.Shape9, 9, 6, 100},
		{solve.Shape9, 5, 2, 0},
		{solve.Shape9, 40, 4, 2}, // styles first met late
		{solve.Shape6, 11, 9, 40},
		{solve.Shape{Size: 6, BoxRows: 3, BoxCols: 2}, 5, 6, 40},
		{solve.Shape4, 13, 12, 50},
		{solve.Shape{Size: 8, BoxRows: 4, BoxCols: 2}, 3, 4, 40},
		{solve.Shape{Size: 12, BoxRows: 3, BoxCols: 4}, 3, 2, 40},
		{solve.Shape16, 3, 1, 40},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v %d of %d", tt.shape, tt.n, tt.perPage), func(t *testing.T) {
			ts := make([]Tile, tt.n)
			for i := range ts {
				g := solve.NewGrid(tt.shape)
				for c := range tt.shape.Cells() {
					if rng.IntN(100) < tt.fill {
						g.Cells[c] = uint8(1 + rng.IntN(tt.shape.Size))
					}
				}
				ts[i] = Tile{Caption: fmt.Sprintf("No. %d", i+1), Givens: &g}
			}
			_, pages, err := TileFrame(ts, tt.perPage, A4)
			require.NoError(t, err)
			var want []Style
			var last Pos
			for pg := range pages.Pages() {
				for _, c := range pages.AppendPage(nil, pg) {
					if !slices.Contains(want, c.Style) {
						want = append(want, c.Style)
					}
					last.Col, last.Row = max(last.Col, c.Pos.Col), max(last.Row, c.Pos.Row)
				}
			}
			styles, end := pages.Styles()
			assert.Equal(t, want, styles)
			assert.Equal(t, last, end)
		})
	}
	_, _, err := TileFrame([]Tile{{Caption: "no grid"}}, 4, A4)
	assert.ErrorContains(t, err, "a tile has no grid")
	_, pages, err := TileFrame(nil, 4, A4)
	require.NoError(t, err)
	styles, end := pages.Styles()
	assert.Empty(t, styles)
	assert.Equal(t, Pos{}, end)
}
