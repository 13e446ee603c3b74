package layout

import (
	"fmt"
	"math"
	"strings"

	"github.com/xlsudoku/xlsudoku/solve"
)

// Paper is a sheet of paper to print on, in points (1/72 inch).
type Paper struct {
	Name          string
	Width, Height float64
	Code          int // the paperSize code of a worksheet's page setup
}

// The papers a tiled sheet can be printed on.
var (
	A4     = Paper{"a4", 595, 842, 9}
	Letter = Paper{"letter", 612, 792, 1}
)

// ParsePaper reads a paper's name, "a4" or "letter", in any case.
func ParsePaper(name string) (Paper, error) {
	for _, p := range []Paper{A4, Letter} {
		if strings.EqualFold(strings.TrimSpace(name), p.Name) {
			return p, nil
		}
	}
	return Paper{}, fmt.Errorf("unknown paper %q (a4 or letter)", name)
}

// The page margins of a tiled sheet, in inches: the header and footer sit
// in the top and bottom margins.
const (
	TileMarginSide   = 0.5
	TileMarginTop    = 0.75
	TileMarginBottom = 0.75
	TileMarginHeader = 0.3
	TileMarginFooter = 0.3
)

// Measures of a tiled sheet.
const (
	tileEdgeWidth  = 2.0  // column A and the gaps between tiles, in characters
	tileHeadHeight = 20.0 // the heading row of a tile, in points
	tileGapHeight  = 14.0 // the empty row below a tile, in points
	tileMaxCell    = 40.0 // no cell is taller than this, in points
)

// TileLayouts lists the tilings of a page: puzzles per page -> columns x
// rows of tiles.
var TileLayouts = map[int][2]int{1: {1, 1}, 2: {1, 2}, 4: {2, 2}, 6: {2, 3}, 9: {3, 3}, 12: {3, 4}}

// Tile is one grid on a tiled sheet, headed by a line of text. The cells
// that are not 0 in Givens are givens (bold black); the other digits of
// Solution are filled (blue), as on the Solution board. With a zero
// Solution only the givens show.
type Tile struct {
	Heading  string
	Givens   solve.Grid
	Solution solve.Grid
}

// Tiled is a sheet of tiles, pages of them: the boards, the rows that start
// a new printed page (every page but the first) and the heading cell of
// every tile, in order.
type Tiled struct {
	Sheet
	PageStarts []int
	Headings   []Pos
	Pages      int
	CellPoints float64 // the side of a grid cell, in points
}

// TileSheet lays tiles out perPage to a printed page (a key of
// TileLayouts), filling each page row by row. The cells are square and as
// large as the paper allows, so that printed one page wide every page
// holds exactly its tiles. All tiles must have the same shape.
func TileSheet(tiles []Tile, perPage int, paper Paper) (Tiled, error) {
	grid, ok := TileLayouts[perPage]
	if !ok {
		return Tiled{}, fmt.Errorf("cannot tile %d grids to a page (1, 2, 4, 6, 9 or 12)", perPage)
	}
	cols, rows := grid[0], grid[1]
	var t Tiled
	if len(tiles) == 0 {
		return t, nil
	}
	shape := tiles[0].Givens.Shape
	n := shape.Size

	// The largest square cell that fits: width and height printable, less
	// the narrow columns and the heading and gap rows; 5% to spare for
	// the rounding of column widths.
	width := (paper.Width - 2*72*TileMarginSide) * 0.95
	height := (paper.Height - 72*(TileMarginTop+TileMarginBottom)) * 0.95
	edge := charsToPoints(tileEdgeWidth)
	cellW := (width - float64(cols+1)*edge) / float64(cols*n)
	cellH := (height/float64(rows) - tileHeadHeight - tileGapHeight) / float64(n)
	cell := math.Floor(min(cellW, cellH, tileMaxCell))
	colChars := pointsToChars(cell)
	font := math.Round(cell * 0.65)
	if n > 9 {
		font = math.Round(cell * 0.5)
	}
	font = max(font, 7)

	tileRows := n + 2 // heading, grid, gap
	pageRows := rows * tileRows
	t.CellPoints = cell
	t.Pages = (len(tiles) + perPage - 1) / perPage
	t.Sheet.ColWidths, t.Sheet.RowHeights = map[int]float64{}, map[int]float64{}
	for k, tile := range tiles {
		if tile.Givens.Shape != shape {
			return Tiled{}, fmt.Errorf("tile %d is %v, not %v like the first", k+1, tile.Givens.Shape, shape)
		}
		page, slot := k/perPage, k%perPage
		top := 1 + page*pageRows + (slot/cols)*tileRows
		left := 2 + (slot%cols)*(n+1)
		if slot == 0 && page > 0 {
			t.PageStarts = append(t.PageStarts, top)
		}
		head := Pos{Col: left, Row: top}
		t.Headings = append(t.Headings, head)
		hb := Board{
			Area:       Rect{head, head.Add(0, n-1)},
			Cells:      []Cell{{Pos: head, Text: tile.Heading, Style: Style{FontSize: 10, Bold: true, VAlign: AlignCenter}}},
			RowHeights: map[int]float64{top: tileHeadHeight},
			Merges:     []Rect{{head, head.Add(0, n-1)}},
		}
		t.Add(hb)
		sol := tile.Solution
		if sol.Shape != shape {
			sol = tile.Givens
		}
		b := SolutionBoard(tile.Givens, sol, head.Add(1, 0))
		for i := range b.Cells {
			b.Cells[i].Style.FontSize = font
		}
		for c := range b.ColWidths {
			b.ColWidths[c] = colChars
		}
		for r := range b.RowHeights {
			b.RowHeights[r] = cell
		}
		t.Add(b)
		t.RowHeights[top+n+1] = tileGapHeight
	}
	// Every page has its full height, so the breaks fall where they should.
	last := t.Pages * pageRows
	for r := 1; r <= last; r++ {
		if _, ok := t.RowHeights[r]; !ok {
			t.RowHeights[r] = cell
			if (r-1)%tileRows == 0 {
				t.RowHeights[r] = tileHeadHeight
			} else if (r-1)%tileRows == n+1 {
				t.RowHeights[r] = tileGapHeight
			}
		}
	}
	t.ColWidths[1] = tileEdgeWidth
	for k := 1; k < cols; k++ {
		t.ColWidths[1+k*(n+1)] = tileEdgeWidth
	}
	t.Area = Rect{Pos{1, 1}, Pos{1 + cols*(n+1), last}}
	t.Print = Print{Area: t.Area, CenterH: true}
	return t, nil
}

// charsToPoints is the width of a column of w characters of the default
// font (Calibri 11, 7 pixels a digit, 5 pixels of padding), in points.
func charsToPoints(w float64) float64 { return (math.Trunc(w*7) + 5) * 0.75 }

// pointsToChars is the column width, in characters, that is about p points
// wide.
func pointsToChars(p float64) float64 { return math.Round((p/0.75-5)/7*100) / 100 }
