package workbook

import (
	"archive/zip"
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// GeneratedPuzzle is one puzzle of a new workbook, with its rating.
type GeneratedPuzzle struct {
	Number   int // from 1
	Givens   solve.Grid
	Solution solve.Grid
	Grade    solve.Grade
	Score    int
	Hardest  solve.Technique
	Seed     uint64 // the seed that makes it again as the first puzzle of a set
	SE       int    // the estimate of Sudoku Explainer's rating, in tenths (solve.Rating.SE); 0: not known
}

// BookOptions choose how a new workbook of puzzles looks.
type BookOptions struct {
	Title          string // printed in each page's header; "" is "Sudoku"
	PerPage        int    // puzzles on each printed page: 1, 2, 4 or 6, and 9 or 12 for grids up to 6x6; 0 is 4
	Paper          string // "a4" (the default) or "letter"
	SheetPerPuzzle bool   // a sheet per puzzle and one per solution, instead of tiled pages
	ShowSeed       bool   // print each puzzle's seed in its caption (the Catalogue always lists it)
	// Book makes a book (tiled, with Answers and a Catalogue) of one
	// puzzle too, not a workbook of one: a run of several cut short.
	Book bool
}

// MaxGeneratedSheets bounds the sheets of a new workbook (spreadsheet apps
// slow to a crawl well before their own limits).
const MaxGeneratedSheets = 10000

// MaxBookPages is the most pages a tiled book's Puzzles (or Answers)
// sheet prints (layout.MaxTilePages).
const MaxBookPages = layout.MaxTilePages

// MaxTiledPuzzles is the most size x size puzzles a tiled book holds at
// perPage to a page: its Puzzles and its Answers sheets each within
// MaxBookPages (the answers are more to a page, but for 16x16 at 6 a
// page).
func MaxTiledPuzzles(perPage, size int) int {
	return min(layout.MaxTiles(perPage), layout.MaxTiles(answersPer(perPage, size)))
}

// The sheets of a generated workbook.
const (
	SheetPuzzles   = "Puzzles"
	SheetAnswers   = "Answers"
	SheetCatalogue = "Catalogue"
)

// answersPerPage: the answers are printed smaller, more to a page.
var answersPerPage = map[int]int{1: 4, 2: 6, 4: 9, 6: 12, 9: 12, 12: 12}

// answersPer is how many answers of size x size go to a printed page
// beside perPage puzzles: answersPerPage, but at most 6 of a 12x12 and 4
// of a 16x16, whose two-digit numbers printed as ### in smaller cells
// (LibreOffice, A4 and letter).
func answersPer(perPage, size int) int {
	switch {
	case size > 12:
		return min(answersPerPage[perPage], 4)
	case size > 9:
		return min(answersPerPage[perPage], 6)
	}
	return answersPerPage[perPage]
}

// WriteGenerated writes a new workbook holding puzzles to out, replacing
// it atomically (a temporary file beside it, then a rename).
//
// One puzzle comes as "xlsudoku solve -o" writes one: a Puzzle sheet with
// the grid at B2 (the givens, in the classic layout), then its Solution and
// Candidates sheets, marked as xlsudoku's, so "xlsudoku solve" reads it
// back and replaces them. More puzzles are tiled, opts.PerPage to a printed
// page, on a Puzzles sheet; their solutions, smaller, on an Answers sheet;
// and a Catalogue sheet lists them with a link to each. With
// opts.SheetPerPuzzle, each puzzle gets a sheet of its own, grid at B2, and
// its solution the sheet after it; the Catalogue comes last. Every sheet
// prints on opts.Paper.
func WriteGenerated(out string, puzzles []GeneratedPuzzle, opts BookOptions) error {
	if len(puzzles) == 0 {
		return fmt.Errorf("%w: no puzzles to write", ErrUsage)
	}
	paper, err := layout.ParsePaper(cmp.Or(opts.Paper, "a4"))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUsage, err)
	}
	opts.PerPage = cmp.Or(opts.PerPage, 4)
	if _, ok := answersPerPage[opts.PerPage]; !ok || opts.PerPage > 6 && puzzles[0].Givens.Shape.Size > 6 {
		return fmt.Errorf("%w: %d puzzles to a page (1, 2, 4 or 6; 9 or 12 for grids up to 6x6)", ErrUsage, opts.PerPage)
	}
	opts.Title = cmp.Or(opts.Title, "Sudoku")
	if err := notFolder(out); err != nil {
		return err
	}
	if ext := strings.ToLower(filepath.Ext(out)); ext != ".xlsx" {
		return fmt.Errorf("%w: %s: a new workbook is written as .xlsx", ErrUsage, out)
	}
	numbers := make(map[int]bool, len(puzzles))
	for i := range puzzles {
		p := &puzzles[i]
		if err := checkSolution(&p.Givens, &p.Solution); err != nil {
			return fmt.Errorf("%w: puzzle %d: %v", ErrUsage, p.Number, err)
		}
		// The Catalogue finds a puzzle by its number (Read's
		// Options.Puzzle): a book with a 0 or a number twice was written
		// and could not be read back (a library walk of 3 December).
		if p.Number < 1 || numbers[p.Number] {
			return fmt.Errorf("%w: puzzle %d of the list is numbered %d: number them from 1, each once", ErrUsage, i+1, p.Number)
		}
		numbers[p.Number] = true
		if s := puzzles[0].Givens.Shape; p.Givens.Shape != s && !opts.SheetPerPuzzle {
			return fmt.Errorf("%w: puzzle %d is %v and puzzle %d %v: the pages of a book tile puzzles of one shape (or write a sheet per puzzle)", ErrUsage, p.Number, p.Givens.Shape, puzzles[0].Number, s)
		}
	}
	if len(puzzles) == 1 && !opts.SheetPerPuzzle && !opts.Book {
		return writeOne(out, &puzzles[0], opts, paper)
	}
	if opts.SheetPerPuzzle && 2*len(puzzles)+1 > MaxGeneratedSheets {
		return fmt.Errorf("%w: %d puzzles make more than %d sheets", ErrUsage, len(puzzles), MaxGeneratedSheets)
	}
	var sheets []*ourSheet
	if opts.SheetPerPuzzle {
		sheets = sheetPerPuzzle(puzzles, opts, paper)
	} else if sheets, err = tiledSheets(puzzles, opts, paper); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrWrite, out, err)
	}
	return writeBook(out, sheets, paper, nil)
}

// caption is the line above a puzzle: "No. 12 · Hard", and with the seed
// "No. 12 · Hard · seed 4711".
func caption(p *GeneratedPuzzle, seed bool) string {
	s := fmt.Sprintf("No. %d · %s", p.Number, p.Grade)
	if seed {
		s += fmt.Sprintf(" · seed %d", p.Seed)
	}
	return s
}

// tiledSheets lays out the Puzzles, Answers and Catalogue sheets.
func tiledSheets(puzzles []GeneratedPuzzle, opts BookOptions, paper layout.Paper) ([]*ourSheet, error) {
	puz := make([]layout.Tile, len(puzzles))
	ans := make([]layout.Tile, len(puzzles))
	for i := range puzzles {
		p := &puzzles[i]
		puz[i] = layout.Tile{Caption: caption(p, opts.ShowSeed), Givens: &p.Givens}
		ans[i] = layout.Tile{Caption: caption(p, false), Givens: &p.Givens, Solution: &p.Solution}
	}
	// Where the captions go, before any sheet is laid out: the sheets are
	// laid out side by side as they are written (writeBook), and the
	// Catalogue links to the captions.
	places, err := layout.TilePlaces(puz, opts.PerPage)
	if err != nil {
		return nil, err
	}
	where := make([]string, len(places))
	for i, at := range places {
		where[i] = layout.SheetRef(SheetPuzzles) + at.String()
	}
	perAnswers := answersPer(opts.PerPage, puzzles[0].Givens.Shape.Size)
	if _, err := layout.TilePlaces(ans, perAnswers); err != nil {
		return nil, err
	}
	// Laid out a page at a time as they are written: a book of thousands
	// of puzzles never holds all their cells.
	tiled := func(tiles []layout.Tile, perPage int, header, suffix string) func() (layout.Sheet, cellBands, error) {
		return func() (layout.Sheet, cellBands, error) {
			t, pages, err := layout.TileFrame(tiles, perPage, paper)
			if err != nil {
				return layout.Sheet{}, cellBands{}, err
			}
			t.Print.Header, t.Print.HeaderSuffix = header, suffix
			return t.Sheet, cellBands{n: pages.Pages(), band: pages.AppendPage, styles: pages.Styles}, nil
		}
	}
	return []*ourSheet{
		{name: SheetPuzzles, drawBands: tiled(puz, opts.PerPage, opts.Title, "")},
		{kind: kindBookAnswers, name: SheetAnswers, drawBands: tiled(ans, perAnswers, opts.Title, answersSuffix)},
		{name: SheetCatalogue, drawBands: func() (layout.Sheet, cellBands, error) {
			sh, bands := catalogueFrame(puzzles, where, opts.Title)
			return sh, bands, nil
		}},
	}, nil
}

// answersSuffix follows the book's title in the header of its answers.
const answersSuffix = " – answers"

// The columns of the Catalogue, and their widths in points.
var (
	// SE comes last: books read back find Where in column H.
	catalogueHeader = []string{"No.", "Grade", "Score", "Givens", "Hardest technique", "Puzzle", "Seed", "Where", "SE"}
	catalogueWidths = []float64{36, 66, 66, 48, 215, 0, 132, 105, 36} // Score: 8 digits of Verdana 10
)

const (
	catalogueFont     = 10.0
	catalogueRow      = 15.0
	cataloguePuzzle   = 6                          // the puzzle's column, F
	catalogueMono     = "Courier New"              // the puzzle as one line, in 9 points
	catalogueMonoPts  = 5.4                        // a character of it
	catalogueMonoLine = 10.5                       // the height of a line of it, in points
	linkColor         = layout.FilledColor         // links are blue and underlined
	catalogueNumbers  = "No.,Score,Givens,Seed,SE" // centred, their headers too
	catalogueWhere    = 8                          // the link's column, H
	catalogueSE       = 9                          // the SE estimate's, I
)

// catalogueBand is how many puzzles' rows of the Catalogue are laid out at
// a time as it is written.
const catalogueBand = 128

// catalogueSheet lists the puzzles: number, grade, score, givens, hardest
// technique, the puzzle as one line, the seed and a link to its caption
// (where, in order: a reference with its sheet, the board starting the
// row below, as bookPuzzle reads it back). Printed landscape, one page
// wide, the header row atop every page.
func catalogueSheet(puzzles []GeneratedPuzzle, where []string, title string) layout.Sheet {
	sh, bands := catalogueFrame(puzzles, where, title)
	for i := range bands.n {
		sh.Cells = bands.band(sh.Cells, i)
	}
	return sh
}

// catalogueFrame is catalogueSheet without its cells, which come from the
// bands: the header row and the first catalogueBand puzzles, then the
// next, and so on.
func catalogueFrame(puzzles []GeneratedPuzzle, where []string, title string) (layout.Sheet, cellBands) {
	var sh layout.Sheet
	sh.ColWidths, sh.RowHeights = map[int]float64{}, make(map[int]float64, len(puzzles)+1)
	// A 12x12's line of 144 characters, or a 16x16's of 256, is too wide
	// for a page: it was cut at the 224th, then printed whole in 7 points
	// and the whole table shrunk with it to some 4 points on paper (walks
	// of 3 December). It wraps instead onto lines of whole rows of the
	// grid, as few as a 9x9's width holds: two lines of six rows of a
	// 12x12, four of four rows of a 16x16. The cell holds the one line.
	lines, perLine := catalogueLines(puzzles[0].Givens.Shape)
	for i, w := range catalogueWidths {
		if i+1 == cataloguePuzzle {
			// Wrapped, a line must hold its rows and not a character
			// more: past them by less than a character, more than the
			// 3.75 points of Excel's padding (LibreOffice's is less).
			w = float64(perLine)*catalogueMonoPts + 12
			if lines > 1 {
				w = float64(perLine)*catalogueMonoPts + 4.5
			}
		}
		sh.ColWidths[i+1] = w
	}
	numbers := map[string]bool{}
	for _, h := range strings.Split(catalogueNumbers, ",") {
		numbers[h] = true
	}
	// The style of each column's cells, from 1. Numbers are centred:
	// right-aligned, they ran into the text of the column after them on
	// paper ("1Easy", "30Hidden Single": a walk of 3 December).
	var style [10]layout.Style
	for col := 1; col <= len(catalogueHeader); col++ {
		style[col] = layout.Style{FontSize: catalogueFont, VAlign: layout.AlignCenter, HAlign: layout.AlignStart}
		if numbers[catalogueHeader[col-1]] {
			style[col].HAlign = layout.AlignCenter
		}
	}
	sh.RowHeights[1] = catalogueRow + 3
	for i := range puzzles {
		sh.RowHeights[i+2] = catalogueRow + catalogueMonoLine*float64(lines-1)
	}
	mono := style[cataloguePuzzle]
	mono.Font, mono.FontSize, mono.Wrap = catalogueMono, 9, lines > 1
	link := style[catalogueWhere]
	tenths := style[catalogueSE]
	tenths.NumFmt = bookTenths // new books only, as the Catalogue is
	link.Color, link.Underline = linkColor, true
	header := func(dst []layout.Cell) []layout.Cell {
		for i, h := range catalogueHeader {
			if i+1 == cataloguePuzzle {
				h = puzzleHeader(puzzles[0].Givens.Shape)
			}
			st := style[i+1]
			st.Bold, st.Fill, st.Border = true, layout.GivenFill, layout.Borders{Bottom: layout.Thin}
			dst = append(dst, layout.Cell{Pos: layout.Pos{Col: i + 1, Row: 1}, Text: h, Style: st})
		}
		return dst
	}
	// row appends the row of puzzle i.
	row := func(dst []layout.Cell, i int) []layout.Cell {
		p := &puzzles[i]
		at := func(col int) layout.Pos { return layout.Pos{Col: col, Row: i + 2} }
		seed := layout.Cell{Pos: at(7), Style: style[7]}
		if p.Seed > 99_999_999_999 || p.Seed == 0 {
			// Excel's General format shows more than 11 digits as
			// 3.48691E+15, and keeps only 15: a random seed (16 digits,
			// most often) could not be read off or typed back.
			seed.Text = strconv.FormatUint(p.Seed, 10)
		} else {
			seed.Number = int(p.Seed)
		}
		ref := where[i]
		if p.SE > 0 {
			// A number, to sort by, shown as rate --scale se prints it.
			dst = append(dst, layout.Cell{Pos: at(catalogueSE), Value: float64(p.SE) / 10, HasValue: true, Style: tenths})
		}
		return append(dst,
			layout.Cell{Pos: at(1), Number: p.Number, Style: style[1]},
			layout.Cell{Pos: at(2), Text: p.Grade.String(), Style: style[2]},
			number(at(3), p.Score, style[3]),
			number(at(4), p.Givens.Filled(), style[4]),
			layout.Cell{Pos: at(5), Text: p.Hardest.String(), Style: style[5]},
			layout.Cell{Pos: at(6), Text: solve.FormatLine(&p.Givens), Style: mono},
			seed,
			layout.Cell{Pos: at(8), Text: ref, Link: ref, Style: link},
		)
	}
	band := func(dst []layout.Cell, b int) []layout.Cell {
		dst = slices.Grow(dst, (catalogueBand+1)*len(catalogueHeader))
		if b == 0 {
			dst = header(dst)
		}
		for i := b * catalogueBand; i < min((b+1)*catalogueBand, len(puzzles)); i++ {
			dst = row(dst, i)
		}
		return dst
	}
	last := layout.Pos{Col: len(catalogueHeader), Row: len(puzzles) + 1}
	// The sheet's styles are those of the header and of any puzzle's row,
	// whatever the puzzles.
	styles := func() (st []layout.Style, end layout.Pos) {
		for _, c := range row(header(nil), 0) {
			if !slices.Contains(st, c.Style) {
				st = append(st, c.Style)
			}
		}
		return st, last
	}
	sh.Area = layout.Rect{Min: layout.Pos{Col: 1, Row: 1}, Max: last}
	sh.Gridlines = true
	sh.Freeze = layout.Pos{Col: 1, Row: 2}
	sh.Print = layout.Print{Area: sh.Area, Landscape: true, Fit: layout.FitWidth, CenterH: true,
		TitleRows: [2]int{1, 1}, Header: title, HeaderSuffix: " – catalogue", PageNumbers: true}
	return sh, cellBands{n: (len(puzzles) + catalogueBand - 1) / catalogueBand, band: band, styles: styles}
}

// catalogueLines is how many lines the Catalogue prints a puzzle of
// shape s on, and how many characters a line holds: as few lines as hold
// it at a 9x9's 81 characters, each a whole number of the grid's rows.
func catalogueLines(s solve.Shape) (lines, perLine int) {
	lines = (s.Size + 81/s.Size - 1) / (81 / s.Size)
	rows := (s.Size + lines - 1) / lines
	return lines, rows * s.Size
}

// puzzleHeader heads the Catalogue's column of puzzle lines: "Puzzle",
// with the box shape when the size has two ("Puzzle, 3x2 boxes"), since
// a line gives the size only and reading the puzzle back (--puzzle N)
// needs the boxes. A heading without them is then a book from before,
// whose boxes the puzzle's digits must tell.
func puzzleHeader(s solve.Shape) string {
	if (solve.Shape{Size: s.Size, BoxRows: s.BoxCols, BoxCols: s.BoxRows}) == s {
		return catalogueHeader[cataloguePuzzle-1]
	}
	return fmt.Sprintf("%s, %dx%d boxes", catalogueHeader[cataloguePuzzle-1], s.BoxRows, s.BoxCols)
}

// number is a cell holding n, a 0 written as text (a Cell's 0 is empty).
func number(at layout.Pos, n int, st layout.Style) layout.Cell {
	if n == 0 {
		return layout.Cell{Pos: at, Text: "0", Style: st}
	}
	return layout.Cell{Pos: at, Number: n, Style: st}
}

// sheetPerPuzzle plans a sheet per puzzle and one per solution, each laid
// out when it is written: the puzzle as large as the page allows, its
// solution half as large; then the Catalogue, linking to each puzzle's
// caption.
func sheetPerPuzzle(puzzles []GeneratedPuzzle, opts BookOptions, paper layout.Paper) []*ourSheet {
	sheets := make([]*ourSheet, 0, 2*len(puzzles)+1)
	where := make([]string, len(puzzles))
	for i := range puzzles {
		p := &puzzles[i]
		name := fmt.Sprintf("Puzzle %d", p.Number)
		where[i] = layout.SheetRef(name) + layout.GridOrigin.Add(-1, 0).String()
		sheets = append(sheets,
			&ourSheet{name: name, draw: func() (layout.Sheet, error) {
				return puzzleSheet(p, opts, paper), nil
			}},
			&ourSheet{kind: fmt.Sprintf("%s %d", kindBookSolution, p.Number), name: fmt.Sprintf("Solution %d", p.Number), draw: func() (layout.Sheet, error) {
				cell := layout.TileCell(p.Givens.Shape.Size, 2, paper)
				sh := layout.PageSheet(fmt.Sprintf("Solution of puzzle %d", p.Number), p.Givens, p.Solution, cell)
				sh.Print.Header, sh.Print.HeaderSuffix = opts.Title, answersSuffix
				return sh, nil
			}})
	}
	return append(sheets, &ourSheet{name: SheetCatalogue, drawBands: func() (layout.Sheet, cellBands, error) {
		sh, bands := catalogueFrame(puzzles, where, opts.Title)
		return sh, bands, nil
	}})
}

// puzzleSheet is a puzzle on a sheet of its own, its grid at B2 under its
// caption as large as the page allows, the book's title in the page
// header.
func puzzleSheet(p *GeneratedPuzzle, opts BookOptions, paper layout.Paper) layout.Sheet {
	cell := layout.TileCell(p.Givens.Shape.Size, 1, paper)
	sh := layout.PageSheet(caption(p, opts.ShowSeed), p.Givens, p.Givens, cell)
	sh.Print.Header = opts.Title
	return sh
}

// writeOne writes one puzzle the way "xlsudoku solve -o" writes its
// output: a Puzzle sheet with the grid at B2, then the Solution and
// Candidates sheets that Write adds to it.
func writeOne(out string, p *GeneratedPuzzle, opts BookOptions, paper layout.Paper) error {
	dir, err := os.MkdirTemp("", "xlsudoku-generate-")
	if err != nil {
		return fmt.Errorf("%w: %v", ErrWrite, err)
	}
	defer os.RemoveAll(dir)
	// The puzzle's own workbook, under the output's name so that the
	// titles Write gives our sheets name it.
	in := filepath.Join(dir, filepath.Base(out))
	const name = "Puzzle"
	if err := writeBook(in, []*ourSheet{{name: name, sheet: puzzleSheet(p, opts, paper)}}, paper, nil); err != nil {
		return err
	}
	n := p.Givens.Shape.Size
	rng := layout.RectAt(layout.GridOrigin, n, n)
	ropts := Options{Sheet: name, Range: rng.String(), Box: fmt.Sprintf("%dx%d", p.Givens.Shape.BoxRows, p.Givens.Shape.BoxCols), Paper: paper.Name}
	pz, err := Read(in, ropts)
	if err != nil {
		return fmt.Errorf("%w: reading the puzzle back: %v", ErrWrite, err)
	}
	if pz.Grid != p.Givens {
		return fmt.Errorf("%w: the Puzzle sheet does not hold the puzzle", ErrWrite)
	}
	_, err = Write(pz, p.Solution, out, ropts)
	return err
}

// newZip is a zip writer compressing at flate.BestSpeed, its compressors
// pooled (opc.NewZipWriter).
func newZip(w io.Writer) *zip.Writer { return opc.NewZipWriter(w) }
