package workbook

import (
	"archive/zip"
	"cmp"
	"compress/flate"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
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
}

// BookOptions choose how a new workbook of puzzles looks.
type BookOptions struct {
	Title          string // printed in each page's header; "" is "Sudoku"
	PerPage        int    // puzzles on each printed page: 1, 2, 4 or 6; 0 is 4
	Paper          string // "a4" (the default) or "letter"
	SheetPerPuzzle bool   // a sheet per puzzle and one per solution, instead of tiled pages
}

// MaxGeneratedSheets bounds the sheets of a new workbook (spreadsheet apps
// slow to a crawl well before their own limits).
const MaxGeneratedSheets = 10000

// The sheets of a generated workbook.
const (
	SheetPuzzles   = "Puzzles"
	SheetAnswers   = "Answers"
	SheetCatalogue = "Catalogue"
)

// answersPerPage: the answers are printed smaller, more to a page.
var answersPerPage = map[int]int{1: 4, 2: 6, 4: 9, 6: 12}

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
// its solution the sheet after it.
func WriteGenerated(out string, puzzles []GeneratedPuzzle, opts BookOptions) error {
	if len(puzzles) == 0 {
		return fmt.Errorf("%w: no puzzles to write", ErrUsage)
	}
	paper, err := layout.ParsePaper(cmp.Or(opts.Paper, "a4"))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUsage, err)
	}
	opts.PerPage = cmp.Or(opts.PerPage, 4)
	if _, ok := answersPerPage[opts.PerPage]; !ok {
		return fmt.Errorf("%w: %d puzzles to a page (1, 2, 4 or 6)", ErrUsage, opts.PerPage)
	}
	opts.Title = cmp.Or(opts.Title, "Sudoku")
	if ext := strings.ToLower(filepath.Ext(out)); ext != ".xlsx" {
		return fmt.Errorf("%w: %s: a new workbook is written as .xlsx", ErrUsage, out)
	}
	for i := range puzzles {
		p := &puzzles[i]
		if p.Solution.Shape != p.Givens.Shape || !p.Solution.Complete() {
			return fmt.Errorf("%w: puzzle %d has no complete solution", ErrUsage, p.Number)
		}
	}
	if len(puzzles) == 1 && !opts.SheetPerPuzzle {
		return writeOne(out, &puzzles[0], opts)
	}
	if opts.SheetPerPuzzle && 2*len(puzzles) > MaxGeneratedSheets {
		return fmt.Errorf("%w: %d puzzles make more than %d sheets", ErrUsage, len(puzzles), MaxGeneratedSheets)
	}
	f := excelize.NewFile()
	defer f.Close()
	font, err := f.GetDefaultFont()
	if err != nil {
		return err
	}
	r := &renderer{f: f, font: font, ids: map[layout.Style]int{}}
	if opts.SheetPerPuzzle {
		err = writeSheetPerPuzzle(r, puzzles, opts)
	} else {
		err = writeTiled(r, puzzles, opts, paper)
	}
	if err != nil {
		return fmt.Errorf("%w: %s: %v", ErrWrite, out, err)
	}
	return saveAtomic(f, out)
}

// heading is the line above a puzzle: "No. 12 · Hard · seed 4711".
func heading(p *GeneratedPuzzle) string {
	return fmt.Sprintf("No. %d · %s · seed %d", p.Number, p.Grade, p.Seed)
}

func writeTiled(r *renderer, puzzles []GeneratedPuzzle, opts BookOptions, paper layout.Paper) error {
	f := r.f
	puz := make([]layout.Tile, len(puzzles))
	ans := make([]layout.Tile, len(puzzles))
	for i := range puzzles {
		p := &puzzles[i]
		puz[i] = layout.Tile{Heading: heading(p), Givens: p.Givens}
		ans[i] = layout.Tile{Heading: fmt.Sprintf("No. %d · %s", p.Number, p.Grade), Givens: p.Givens, Solution: p.Solution}
	}
	puzSheet, err := layout.TileSheet(puz, opts.PerPage, paper)
	if err != nil {
		return err
	}
	ansSheet, err := layout.TileSheet(ans, answersPerPage[opts.PerPage], paper)
	if err != nil {
		return err
	}
	if err := f.SetSheetName("Sheet1", SheetPuzzles); err != nil {
		return err
	}
	if _, err := f.NewSheet(SheetAnswers); err != nil {
		return err
	}
	if _, err := f.NewSheet(SheetCatalogue); err != nil {
		return err
	}
	for _, s := range []struct {
		name, title string
		t           *layout.Tiled
	}{{SheetPuzzles, opts.Title, &puzSheet}, {SheetAnswers, opts.Title + " – answers", &ansSheet}} {
		if err := pageSetup(f, s.name, s.title, paper, false); err != nil {
			return err
		}
		if err := r.stream(s.name, s.t.Sheet, func(sw *excelize.StreamWriter) error {
			return tiledBreaks(f, sw, s.name, s.t)
		}); err != nil {
			return err
		}
	}
	return writeCatalogue(r, puzzles, puzSheet.Headings, opts, paper)
}

// tiledBreaks sets the breaks between the pages of a tiled sheet and its
// print area.
func tiledBreaks(f *excelize.File, sw *excelize.StreamWriter, name string, t *layout.Tiled) error {
	for _, row := range t.PageStarts {
		if err := sw.InsertPageBreak(fmt.Sprintf("A%d", row)); err != nil {
			return err
		}
	}
	return f.SetDefinedName(&excelize.DefinedName{
		Name: "_xlnm.Print_Area", RefersTo: quoteSheet(name) + "!" + t.Print.Area.Absolute(), Scope: name,
	})
}

// pageSetup: the paper, printed one page wide (as many pages tall as it
// takes), centred, no gridlines, the title in the header and the page
// number in the footer.
func pageSetup(f *excelize.File, name, title string, paper layout.Paper, landscape bool) error {
	one, zero, yes, no := 1, 0, true, false
	orient := "portrait"
	if landscape {
		orient = "landscape"
	}
	if err := f.SetPageLayout(name, &excelize.PageLayoutOptions{
		Size: &paper.Code, Orientation: &orient, FitToWidth: &one, FitToHeight: &zero,
	}); err != nil {
		return err
	}
	if err := f.SetSheetProps(name, &excelize.SheetPropsOptions{FitToPage: &yes}); err != nil {
		return err
	}
	side, top, bottom, header, footer := layout.TileMarginSide, layout.TileMarginTop, layout.TileMarginBottom, layout.TileMarginHeader, layout.TileMarginFooter
	if err := f.SetPageMargins(name, &excelize.PageLayoutMarginsOptions{
		Left: &side, Right: &side, Top: &top, Bottom: &bottom, Header: &header, Footer: &footer, Horizontally: &yes,
	}); err != nil {
		return err
	}
	if err := f.SetSheetView(name, 0, &excelize.ViewOptions{ShowGridLines: &no}); err != nil {
		return err
	}
	esc := strings.ReplaceAll(title, "&", "&&")
	return f.SetHeaderFooter(name, &excelize.HeaderFooterOptions{
		OddHeader: "&C&\"-,Bold\"&14" + esc,
		OddFooter: "&L" + esc + "&RPage &P of &N",
	})
}

// The columns of the Catalogue.
var catalogueHeader = []string{"No.", "Grade", "Score", "Givens", "Hardest technique", "Puzzle", "Seed", "Where"}

func writeCatalogue(r *renderer, puzzles []GeneratedPuzzle, where []layout.Pos, opts BookOptions, paper layout.Paper) error {
	f := r.f
	name := SheetCatalogue
	head, err := r.style(layout.Style{Bold: true, Fill: layout.GivenFill, Border: layout.Borders{Bottom: layout.Thin}})
	if err != nil {
		return err
	}
	link, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Family: r.font, Color: "1F4FD1", Underline: "single"}})
	if err != nil {
		return err
	}
	mono, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Family: "Courier New", Size: 9}})
	if err != nil {
		return err
	}
	if err := pageSetup(f, name, opts.Title+" – catalogue", paper, true); err != nil {
		return err
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return err
	}
	cells := puzzles[0].Givens.Shape.Cells()
	for col, w := range []float64{6, 9, 7, 7, 34, math.Min(float64(cells)*1.05, 255), 20, 16} {
		if err := sw.SetColWidth(col+1, col+1, w); err != nil {
			return err
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	row := make([]any, len(catalogueHeader))
	for i, h := range catalogueHeader {
		row[i] = excelize.Cell{StyleID: head, Value: h}
	}
	if err := sw.SetRow("A1", row); err != nil {
		return err
	}
	for i := range puzzles {
		p := &puzzles[i]
		var seed any = p.Seed
		if p.Seed > 1<<53 {
			seed = fmt.Sprint(p.Seed) // beyond a spreadsheet number's precision
		}
		ref := fmt.Sprintf("%s!%s", quoteSheet(SheetPuzzles), where[i])
		row := []any{p.Number, p.Grade.String(), p.Score, p.Givens.Filled(), p.Hardest.String(),
			excelize.Cell{StyleID: mono, Value: solve.FormatLine(&p.Givens)}, seed,
			excelize.Cell{StyleID: link, Value: fmt.Sprintf("%s!%s", SheetPuzzles, where[i])}}
		cell := fmt.Sprintf("A%d", i+2)
		if err := sw.SetRow(cell, row); err != nil {
			return err
		}
		if err := f.SetCellHyperLink(name, fmt.Sprintf("H%d", i+2), ref, "Location"); err != nil {
			return err
		}
	}
	if err := f.SetDefinedName(&excelize.DefinedName{
		Name: "_xlnm.Print_Titles", RefersTo: quoteSheet(name) + "!$1:$1", Scope: name,
	}); err != nil {
		return err
	}
	return sw.Flush()
}

func writeSheetPerPuzzle(r *renderer, puzzles []GeneratedPuzzle, opts BookOptions) error {
	f := r.f
	for i := range puzzles {
		p := &puzzles[i]
		pz := fmt.Sprintf("Puzzle %d", p.Number)
		so := fmt.Sprintf("Solution %d", p.Number)
		if i == 0 {
			if err := f.SetSheetName("Sheet1", pz); err != nil {
				return err
			}
		} else if _, err := f.NewSheet(pz); err != nil {
			return err
		}
		if _, err := f.NewSheet(so); err != nil {
			return err
		}
		for _, s := range []struct {
			name  string
			sheet layout.Sheet
		}{
			{pz, layout.SolutionSheet(opts.Title+"\n"+heading(p), p.Givens, p.Givens)},
			{so, layout.SolutionSheet(fmt.Sprintf("Solution of puzzle %d", p.Number), p.Givens, p.Solution)},
		} {
			if err := singleSetup(f, s.name, s.sheet); err != nil {
				return err
			}
			if err := r.stream(s.name, s.sheet, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// singleSetup: one grid printed centred on one page.
func singleSetup(f *excelize.File, name string, sh layout.Sheet) error {
	one, yes := 1, true
	if err := f.SetSheetView(name, 0, &excelize.ViewOptions{ShowGridLines: &sh.Gridlines}); err != nil {
		return err
	}
	if err := f.SetSheetProps(name, &excelize.SheetPropsOptions{FitToPage: &yes}); err != nil {
		return err
	}
	if err := f.SetPageLayout(name, &excelize.PageLayoutOptions{FitToWidth: &one, FitToHeight: &one}); err != nil {
		return err
	}
	// No print area: the sheet holds nothing else, and excelize's
	// SetDefinedName costs time in the number of sheets and names.
	return f.SetPageMargins(name, &excelize.PageLayoutMarginsOptions{Horizontally: &yes})
}

// stream draws sh on the empty sheet name with excelize's StreamWriter:
// setup (if any) runs first (page breaks), then the column widths, the
// rows in order, and the merged ranges. The sheet's properties and view
// must be set before: the StreamWriter writes them when it starts.
func (r *renderer) stream(name string, sh layout.Sheet, setup func(*excelize.StreamWriter) error) error {
	sw, err := r.f.NewStreamWriter(name)
	if err != nil {
		return err
	}
	if setup != nil {
		if err := setup(sw); err != nil {
			return err
		}
	}
	cols := sh.SortedCols()
	for i := 0; i < len(cols); {
		j := i + 1
		for j < len(cols) && cols[j] == cols[j-1]+1 && sh.ColWidths[cols[j]] == sh.ColWidths[cols[i]] {
			j++
		}
		if err := sw.SetColWidth(cols[i], cols[j-1], sh.ColWidths[cols[i]]); err != nil {
			return err
		}
		i = j
	}
	// The cells in row order, sorted as keys (row, column, index): moving
	// whole cells about took a third of the time to draw a tiled sheet.
	order := make([]uint64, len(sh.Cells))
	for i, c := range sh.Cells {
		order[i] = uint64(c.Pos.Row)<<44 | uint64(c.Pos.Col)<<28 | uint64(i)
	}
	slices.Sort(order)
	sorted := func(k int) *layout.Cell { return &sh.Cells[order[k]&(1<<28-1)] }
	rows := sh.SortedRows()
	var values []any
	k := 0
	for _, row := range rows {
		values = values[:0]
		first := 0
		for ; k < len(order) && sorted(k).Pos.Row < row; k++ {
			// cells in a row without a height: not drawn by our layouts
		}
		for ; k < len(order) && sorted(k).Pos.Row == row; k++ {
			c := sorted(k)
			if first == 0 {
				first = c.Pos.Col
			}
			for first+len(values) < c.Pos.Col {
				values = append(values, nil)
			}
			id, err := r.style(c.Style)
			if err != nil {
				return err
			}
			cell := excelize.Cell{StyleID: id}
			switch {
			case c.Number != 0:
				cell.Value = c.Number
			case c.Text != "":
				cell.Value = c.Text
			}
			values = append(values, cell)
		}
		at := fmt.Sprintf("A%d", row)
		if first != 0 {
			at = layout.Pos{Col: first, Row: row}.String()
		}
		if err := sw.SetRow(at, values, excelize.RowOpts{Height: sh.RowHeights[row]}); err != nil {
			return err
		}
	}
	for _, m := range sh.Merges {
		if err := sw.MergeCell(m.Min.String(), m.Max.String()); err != nil {
			return err
		}
	}
	return sw.Flush()
}

// saveAtomic saves f to a temporary file beside out and renames it over
// out.
func saveAtomic(f *excelize.File, out string) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".xlsudoku-*")
	if err != nil {
		return createError(out, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	f.SetZipWriter(fastZip)
	if err = f.Write(tmp); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrWrite, out, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrWrite, out, err)
	}
	if err = os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrWrite, out, err)
	}
	if err = os.Rename(tmp.Name(), out); err != nil {
		return fmt.Errorf("%w: %v", ErrWrite, err)
	}
	return nil
}

// writeOne writes one puzzle the way "xlsudoku solve -o" writes its
// output: a Puzzle sheet with the grid at B2, then the Solution and
// Candidates sheets that Write adds to it.
func writeOne(out string, p *GeneratedPuzzle, opts BookOptions) error {
	dir, err := os.MkdirTemp("", "xlsudoku-generate-")
	if err != nil {
		return fmt.Errorf("%w: %v", ErrWrite, err)
	}
	defer os.RemoveAll(dir)
	// The puzzle's own workbook, under the output's name so that the
	// titles Write gives our sheets name it.
	in := filepath.Join(dir, filepath.Base(out))
	f := excelize.NewFile()
	defer f.Close()
	font, err := f.GetDefaultFont()
	if err != nil {
		return err
	}
	r := &renderer{f: f, font: font, ids: map[layout.Style]int{}}
	const name = "Puzzle"
	if err := f.SetSheetName("Sheet1", name); err != nil {
		return err
	}
	sh := layout.SolutionSheet(opts.Title+"\n"+heading(p), p.Givens, p.Givens)
	if err := r.draw(name, sh); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrWrite, out, err)
	}
	if err := f.SetDefinedName(&excelize.DefinedName{
		Name: "_xlnm.Print_Area", RefersTo: quoteSheet(name) + "!" + sh.Print.Area.Absolute(), Scope: name,
	}); err != nil {
		return err
	}
	if err := f.SaveAs(in); err != nil {
		return fmt.Errorf("%w: %v", ErrWrite, err)
	}
	if err := os.Chmod(in, 0o644); err != nil { // Write gives the output the input's mode
		return fmt.Errorf("%w: %v", ErrWrite, err)
	}
	n := p.Givens.Shape.Size
	rng := layout.RectAt(layout.GridOrigin, n, n)
	ropts := Options{Sheet: name, Range: rng.String(), Box: fmt.Sprintf("%dx%d", p.Givens.Shape.BoxRows, p.Givens.Shape.BoxCols)}
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

// fastZip compresses at flate.BestSpeed: compression was a third of the
// time it took to write a tiled book, and the file grows by a quarter.
// The compressors are pooled, as archive/zip pools its own: a book with a
// sheet per puzzle has thousands of parts.
func fastZip(w io.Writer) excelize.ZipWriter {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		if fw, ok := fastFlate.Get().(*flate.Writer); ok {
			fw.Reset(w)
			return pooledFlate{fw}, nil
		}
		fw, err := flate.NewWriter(w, flate.BestSpeed)
		return pooledFlate{fw}, err
	})
	return zw
}

var fastFlate sync.Pool

// pooledFlate returns its writer to the pool when closed (once: archive/zip
// closes each part's compressor once).
type pooledFlate struct{ *flate.Writer }

func (p pooledFlate) Close() error {
	err := p.Writer.Close()
	fastFlate.Put(p.Writer)
	return err
}
