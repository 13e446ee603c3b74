package layout

import (
	"fmt"
	"math"
	"slices"

	"github.com/xlsudoku/xlsudoku/solve"
)

// A tiled sheet prints puzzles several to a page, as puzzle books do:
//
//	   A  B .. J  K  L .. T
//	1     No. 1 · Easy      No. 2 · Easy      caption rows
//	2     +-------+         +-------+
//	..    | grid  |  gutter | grid  |
//	10    +-------+         +-------+
//	11                                        gap row, as tall as the gutter is wide
//	12    No. 3 · Easy      No. 4 · Easy
//	..
//	21    ...                                 the last row of page 1
//	22    No. 5 · Easy ...                    page 2 starts: a page break above
//
// The cells are square and as large as the paper's printable area allows
// for the tiles of a page with even gutters between them (at four 9x9
// grids to an A4 page, a grid is about 85 mm wide), and the digits grow
// with the cells. Every page has the same rows, filled or not, so a page
// holds exactly its tiles and the last page's tiles sit where the others
// do. The print area starts at the first caption and ends at the last
// grid's edge; column A is outside it.

// Measures of a tiled sheet, in points.
const (
	TileGutter     = 24.0 // between the grids of a page, across and down
	tileCaption    = 22.0 // the height of a caption row
	tileEdge       = 9.0  // column A, left of the print area (on screen only)
	tileMaxCell    = 72.0 // no cell is larger than an inch
	pixel          = 0.75 // a screen pixel: sizes are whole pixels, as apps round them
	tileMinFont    = 7.0
	tileDigitShare = 0.62 // the digits' size, as a share of the cell's side (one digit)
	tileWideShare  = 0.45 // the same for grids with two-digit numbers
)

// MaxTilePages is the most pages a tiled sheet prints: one more than the
// page breaks Excel opens a sheet with. Its specification says 1,026; a
// sheet with 1,025 manual breaks already fails to open (NPOI issue 456),
// and at 2 puzzles a page a book of 100,000 would need 49,999.
const MaxTilePages = 1025

// MaxTiles is the most tiles a sheet holds at perPage to a page.
func MaxTiles(perPage int) int { return MaxTilePages * perPage }

// TileLayouts lists the tilings of a page: puzzles per page -> columns x
// rows of tiles. 9 and 12 suit small grids (4x4, 6x6).
var TileLayouts = map[int][2]int{1: {1, 1}, 2: {1, 2}, 4: {2, 2}, 6: {2, 3}, 9: {3, 3}, 12: {3, 4}}

// Tile is one grid on a tiled sheet, under its caption. The cells that
// are not 0 in Givens are givens (bold black); the other digits of
// Solution are filled (blue), as on the Solution board. With no Solution
// only the givens show. The grids are pointed to, not copied: a book
// tiles its thousands of puzzles twice, as puzzles and as answers.
type Tile struct {
	Caption  string
	Givens   *solve.Grid // required
	Solution *solve.Grid // nil: none
}

// Tiled is a sheet of tiles, pages of them: the sheet with its print setup
// (Print.Breaks start every page but the first, Print.Pages counts them),
// the caption cell of every tile in order, and the side of a grid cell.
type Tiled struct {
	Sheet
	Captions   []Pos
	CellPoints float64
}

// TileCell is the side of a cell of n x n grids tiled perPage (a key of
// TileLayouts) to a portrait page of paper, in points: the largest square
// cell, in whole pixels, that fits the grids, their captions and the
// gutters between them in the printable area.
func TileCell(n, perPage int, paper Paper) float64 {
	grid := TileLayouts[perPage]
	cols, rows := float64(grid[0]), float64(grid[1])
	width, height := Print{}.Printable(paper)
	cellW := (width - (cols-1)*TileGutter) / (cols * float64(n))
	cellH := (height - rows*tileCaption - (rows-1)*TileGutter) / (rows * float64(n))
	return math.Floor(min(cellW, cellH, tileMaxCell)/pixel) * pixel
}

// digitSize is the size of the digits of an n x n grid of cells cell
// points wide.
func digitSize(n int, cell float64) float64 {
	share := tileDigitShare
	if n > 9 {
		share = tileWideShare
	}
	return max(math.Round(cell*share), tileMinFont)
}

// TileSheet lays tiles out perPage to a printed page of paper (a key of
// TileLayouts), filling each page row by row. All tiles must have the same
// shape.
func TileSheet(tiles []Tile, perPage int, paper Paper) (Tiled, error) {
	t, pages, err := TileFrame(tiles, perPage, paper)
	if err != nil || len(tiles) == 0 {
		return t, err
	}
	t.Cells = make([]Cell, 0, len(tiles)*(tiles[0].Givens.Shape.Cells()+1))
	for pg := range pages.Pages() {
		t.Cells = pages.AppendPage(t.Cells, pg)
	}
	return t, nil
}

// TilePages lays the cells of a tiled sheet out a page at a time, so that
// a sheet of thousands of tiles is written without holding all its cells
// (see TileFrame).
type TilePages struct {
	tiles             []Tile
	places            []Pos
	perPage           int
	font, captionFont float64
}

// Pages is the number of pages.
func (tp *TilePages) Pages() int { return (len(tp.tiles) + tp.perPage - 1) / tp.perPage }

// AppendPage appends the cells of page pg (from 0) to dst: each tile's
// caption, then its grid, the tiles in order. Every cell of a page lies in
// rows below those of the pages before it.
func (tp *TilePages) AppendPage(dst []Cell, pg int) []Cell {
	shape := tp.tiles[0].Givens.Shape
	for k := pg * tp.perPage; k < min((pg+1)*tp.perPage, len(tp.tiles)); k++ {
		tile, head := &tp.tiles[k], tp.places[k]
		// The caption, merged across the grid (TileFrame), and the grid
		// below it, as SolutionBoard draws it (appended in place: a board
		// and its maps for each of thousands of tiles cost more than the
		// rest).
		dst = append(dst, Cell{Pos: head, Text: tile.Caption, Style: tp.captionStyle()})
		sol := tile.Solution
		if sol == nil || sol.Shape != shape {
			sol = tile.Givens
		}
		dst = appendSolutionCells(dst, tile.Givens, sol, head.Add(1, 0), tp.font)
	}
	return dst
}

func (tp *TilePages) captionStyle() Style {
	return Style{FontSize: tp.captionFont, Bold: true, VAlign: AlignCenter}
}

// Styles returns, without laying the pages out, what writing the sheet
// needs before its cells: the distinct styles of the cells of every page,
// in the order AppendPage first meets them, and the last column and the
// last row holding a cell. Walking the cells for them cost a sixth of
// writing a tiled book.
func (tp *TilePages) Styles() (styles []Style, last Pos) {
	if len(tp.tiles) == 0 {
		return nil, last
	}
	shape := tp.tiles[0].Givens.Shape
	n := shape.Size
	styles = append(styles, tp.captionStyle())
	// A square's style is that of its place and whether it holds a given.
	var seen [2][]bool
	seen[0], seen[1] = make([]bool, n*n), make([]bool, n*n)
	left := 2 * n * n // the styles not met yet
	for k := range tp.tiles {
		head := tp.places[k]
		last.Col, last.Row = max(last.Col, head.Col+n-1), max(last.Row, head.Row+n)
		if left == 0 {
			continue
		}
		g := tp.tiles[k].Givens
		for r := range n {
			for c := range n {
				given := g.At(r, c) != 0
				i := 0
				if given {
					i = 1
				}
				if !seen[i][r*n+c] {
					seen[i][r*n+c] = true
					left--
					if st := solutionStyle(shape, r, c, given, tp.font); !slices.Contains(styles, st) {
						styles = append(styles, st)
					}
				}
			}
		}
	}
	return styles, last
}

// TileFrame is TileSheet without the cells: the sheet's columns, rows,
// merges and print setup, and its captions; the cells come from the
// TilePages, a page at a time.
func TileFrame(tiles []Tile, perPage int, paper Paper) (Tiled, *TilePages, error) {
	grid, ok := TileLayouts[perPage]
	if !ok {
		return Tiled{}, nil, fmt.Errorf("cannot tile %d grids to a page (1, 2, 4, 6, 9 or 12)", perPage)
	}
	cols, rows := grid[0], grid[1]
	var t Tiled
	if len(tiles) == 0 {
		return t, &TilePages{perPage: perPage}, nil
	}
	if len(tiles) > MaxTiles(perPage) {
		return Tiled{}, nil, fmt.Errorf("cannot tile %d grids at %d to a page: a sheet prints at most %d pages", len(tiles), perPage, MaxTilePages)
	}
	places, err := TilePlaces(tiles, perPage)
	if err != nil {
		return Tiled{}, nil, err
	}
	shape := tiles[0].Givens.Shape
	n := shape.Size

	print := Print{Paper: paper, Fit: FitWidth, CenterH: true, CenterV: true, PageNumbers: true}
	cell := TileCell(n, perPage, paper)
	tp := &TilePages{tiles: tiles, places: places, perPage: perPage,
		font: digitSize(n, cell), captionFont: min(max(math.Round(cell*0.4), 10), 14)}

	tileRows := n + 2 // caption, grid, gap (the last tile row of a page has no gap)
	pageRows := rows*tileRows - 1
	t.CellPoints = cell
	pages := tp.Pages()
	t.ColWidths, t.RowHeights = map[int]float64{}, make(map[int]float64, pages*pageRows)
	t.Merges = make([]Rect, 0, len(tiles))
	t.Captions = places
	for k, head := range places {
		page, slot := k/perPage, k%perPage
		if slot == 0 && page > 0 {
			print.Breaks = append(print.Breaks, head.Row)
		}
		t.Merges = append(t.Merges, Rect{head, head.Add(0, n-1)})
		if slot < cols {
			for c := range n {
				t.ColWidths[head.Col+c] = cell
			}
		}
	}
	// Every row of every page has its height, so that the pages are alike.
	last := pages * pageRows
	for r := 1; r <= last; r++ {
		switch (r - 1) % pageRows % tileRows {
		case 0:
			t.RowHeights[r] = tileCaption
		case n + 1:
			t.RowHeights[r] = TileGutter
		default:
			t.RowHeights[r] = cell
		}
	}
	t.ColWidths[1] = tileEdge
	for k := 1; k < cols; k++ {
		t.ColWidths[1+k*(n+1)] = TileGutter
	}
	print.Area = Rect{Pos{2, 1}, Pos{1 + cols*(n+1) - 1, last}}
	print.Pages = pages
	t.Print = print
	t.Area = Rect{Pos{1, 1}, print.Area.Max}
	return t, tp, nil
}

// TilePlaces returns where TileSheet puts the caption of each tile, the
// top-left cell of the tile, perPage to a page: what a sheet that links
// to the tiles needs, without laying them out. The tiles must all be of
// one shape.
func TilePlaces(tiles []Tile, perPage int) ([]Pos, error) {
	grid, ok := TileLayouts[perPage]
	if !ok {
		return nil, fmt.Errorf("cannot tile %d grids to a page (1, 2, 4, 6, 9 or 12)", perPage)
	}
	if len(tiles) == 0 {
		return nil, nil
	}
	cols, rows := grid[0], grid[1]
	if slices.ContainsFunc(tiles, func(t Tile) bool { return t.Givens == nil }) {
		return nil, fmt.Errorf("a tile has no grid")
	}
	shape := tiles[0].Givens.Shape
	n := shape.Size
	tileRows := n + 2 // caption, grid, gap (the last tile row of a page has no gap)
	pageRows := rows*tileRows - 1
	places := make([]Pos, len(tiles))
	for k := range tiles {
		if tile := &tiles[k]; tile.Givens.Shape != shape {
			return nil, fmt.Errorf("tile %d is %v, not %v like the first", k+1, tile.Givens.Shape, shape)
		}
		page, slot := k/perPage, k%perPage
		places[k] = Pos{Col: 2 + (slot%cols)*(n+1), Row: 1 + page*pageRows + (slot/cols)*tileRows}
	}
	return places, nil
}
