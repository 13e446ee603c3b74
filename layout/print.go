package layout

import (
	"fmt"
	"strings"
)

// Every sheet xlsudoku writes is printed the same way: on the paper the
// command was given (A4 unless --paper letter), with the margins below,
// centred across and down the page, shrunk to fit (one page, or the page's
// width), its print area ending at the board, a title in the page header
// where the sheet is one of a printed set, and "Page n of N" in the footer
// where a sheet runs to several pages, N counting that sheet's pages.
//
// All lengths here are in points (1/72 inch): column widths too. Package
// workbook turns them into the spreadsheet's width units, which depend on
// the workbook's default font.

// Paper is a sheet of paper to print on, in points, portrait.
type Paper struct {
	Name          string
	Width, Height float64
	Code          int // the paperSize code of a worksheet's page setup
}

// The papers xlsudoku prints on.
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

// The page margins of every sheet, in inches: the header and footer sit in
// the top and bottom margins, MarginHeader and MarginFooter from the edge.
const (
	MarginSide   = 0.5
	MarginTop    = 0.75
	MarginBottom = 0.75
	MarginHeader = 0.3
	MarginFooter = 0.3
)

// Fit says how a sheet is scaled to its paper.
type Fit uint8

const (
	FitNone  Fit = iota // printed at full size, on as many pages as it takes
	FitPage             // shrunk to one page
	FitWidth            // shrunk to the page's width, as many pages tall as it takes
)

// Print is the page setup of a sheet.
type Print struct {
	Area      Rect  // the range printed
	Paper     Paper // zero: the paper of the workbook (the command's --paper)
	Landscape bool
	Fit       Fit
	CenterH   bool // centre the area across the page
	CenterV   bool // centre it down the page (each page, when there are several)
	TitleRows [2]int
	// Header is printed centred atop every page, in bold: the title of a
	// printed set. "" for none. It is one line, in a smaller size or cut
	// short when it is long; HeaderSuffix (" – answers") follows it whole.
	Header, HeaderSuffix string
	// Footer is printed left at the foot of every page; "" for none.
	Footer string
	// PageNumbers prints "Page n of N" right at the foot of every page,
	// counting the pages of this sheet only: Pages is N (spreadsheet apps
	// count the pages of the whole workbook), so the pages must be known:
	// Breaks start every page but the first.
	PageNumbers bool
	Pages       int
	Breaks      []int // the rows that start a printed page, after the first
	// Keep lists ranges of rows (first and last) that Paginate keeps on
	// one page, such as a step and its picture, and inside it the picture
	// alone for when the step's text makes the whole too tall (see
	// BreakRowsKeep).
	Keep [][2]int
}

// Printable is the size of the part of the paper inside the margins, in
// points, turned for landscape.
func (p Print) Printable(paper Paper) (width, height float64) {
	w, h := paper.Width, paper.Height
	if p.Landscape {
		w, h = h, w
	}
	return w - 2*72*MarginSide, h - 72*(MarginTop+MarginBottom)
}

// DefaultColWidth and DefaultRowHeight are the size of a column and a row
// whose size a sheet leaves to the spreadsheet app, in points.
const (
	DefaultColWidth  = 48.0 // 64 pixels
	DefaultRowHeight = 15.0
)

// MaxRowHeight is the tallest row a sheet may have, in points: Excel
// takes no more (its limit of 409.5, to a whole pixel).
const MaxRowHeight = 409.0

// pageSlack is the share of a page that pagination fills: apps round row
// heights and column widths their own way, and shrink to fit by whole
// percents.
const pageSlack = 0.96

// Paginate sets the breaks and the number of pages of a sheet printed one
// page wide (FitWidth or FitNone) on paper: each page takes as many rows
// as fit, shrunk as the app will shrink them to the page's width, less
// the title rows that every page after the first repeats. A sheet fitted
// to one page has one page.
func (s *Sheet) Paginate(paper Paper) {
	p := &s.Print
	if p.Paper != (Paper{}) {
		paper = p.Paper
	}
	p.Breaks = nil
	if p.Fit == FitPage {
		p.Pages = 1
		return
	}
	width := 0.0
	for c := p.Area.Min.Col; c <= p.Area.Max.Col; c++ {
		width += s.colWidth(c)
	}
	repeat := 0.0
	if t := p.TitleRows; t[0] > 0 {
		for r := t[0]; r <= t[1]; r++ {
			repeat += s.rowHeight(r)
		}
	}
	heights := make([]float64, 0, p.Area.Rows())
	for r := p.Area.Min.Row; r <= p.Area.Max.Row; r++ {
		heights = append(heights, s.rowHeight(r))
	}
	keep := make([][2]int, 0, len(p.Keep))
	for _, k := range p.Keep {
		keep = append(keep, [2]int{k[0] - p.Area.Min.Row, k[1] - p.Area.Min.Row})
	}
	for _, i := range BreakRowsKeep(heights, p.PageHeight(paper, width), repeat, keep) {
		p.Breaks = append(p.Breaks, p.Area.Min.Row+i)
	}
	p.Pages = len(p.Breaks) + 1
}

// PageHeight is how many points of rows a printed page of p holds when
// its columns are width points wide (shrunk to the page's width with
// FitWidth), as Paginate fills pages.
func (p Print) PageHeight(paper Paper, width float64) float64 {
	w, h := p.Printable(paper)
	scale := 1.0
	if p.Fit == FitWidth && width > w {
		scale = w / width
	}
	return h / scale * pageSlack
}

// BreakRows splits rows of the given heights (top to bottom) into pages
// that each hold capacity points, pages after the first starting with
// repeat points of title rows. It returns the index of the row that
// starts each page after the first. A row taller than a page gets a page
// of its own.
func BreakRows(heights []float64, capacity, repeat float64) []int {
	return BreakRowsKeep(heights, capacity, repeat, nil)
}

// BreakRowsKeep is BreakRows keeping each range of rows of keep (indexes
// of the first and last row) on one page: a range that does not fit in
// what is left of a page starts the next one. Ranges may nest (sorted by
// first row, the longer first when two start together): a range taller
// than a page gives way to the ranges inside it, such as a step whose
// text is long to its picture, and with none inside it breaks as rows do.
func BreakRowsKeep(heights []float64, capacity, repeat float64, keep [][2]int) []int {
	var breaks []int
	used := 0.0
	k := 0
	for i := 0; i < len(heights); i++ {
		for k < len(keep) && keep[k][0] < i {
			k++ // a range inside one kept whole, or one given way
		}
		kept := false
		for ; !kept && k < len(keep) && keep[k][0] == i; k++ {
			last := min(keep[k][1], len(heights)-1)
			group := 0.0
			for j := i; j <= last; j++ {
				group += heights[j]
			}
			if repeat+group > capacity {
				continue // too tall for any page
			}
			if used > 0 && used+group > capacity {
				breaks = append(breaks, i)
				used = repeat
			}
			used += group
			i, kept = last, true
		}
		if kept {
			continue
		}
		if used > 0 && used+heights[i] > capacity {
			breaks = append(breaks, i)
			used = repeat
		}
		used += heights[i]
	}
	return breaks
}

func (s *Sheet) colWidth(c int) float64 {
	if w, ok := s.ColWidths[c]; ok {
		return w
	}
	return DefaultColWidth
}

func (s *Sheet) rowHeight(r int) float64 {
	if h, ok := s.RowHeights[r]; ok {
		return h
	}
	return DefaultRowHeight
}

// SheetRef writes a sheet's name as a reference to one of its cells starts,
// quoted only where a spreadsheet needs the quotes: Puzzles!, 'Week 3'!.
func SheetRef(name string) string {
	if plainSheetName(name) {
		return name + "!"
	}
	return "'" + strings.ReplaceAll(name, "'", "''") + "'!"
}

// plainSheetName reports whether a sheet name can go unquoted in a
// reference: letters, digits, underscores and dots, not starting with a
// digit or a dot, and not readable as a cell (A1 or R1C1) or a boolean.
func plainSheetName(name string) bool {
	if name == "" {
		return false
	}
	for i, r := range name {
		letter := r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r > 127 && !strings.ContainsRune("\u00a0\u2000\u2001\u2002\u2003\u3000", r)
		digit := r >= '0' && r <= '9'
		if i == 0 && !letter {
			return false
		}
		if !letter && !digit && r != '.' {
			return false
		}
	}
	if _, err := ParsePos(name); err == nil {
		return false
	}
	u := strings.ToUpper(name)
	if u == "TRUE" || u == "FALSE" || isR1C1(u) {
		return false
	}
	return true
}

// isR1C1 reports whether an upper-cased name reads as an R1C1 reference:
// R, C, R3, C7, R3C7.
func isR1C1(u string) bool {
	rest := u
	if r, ok := strings.CutPrefix(rest, "R"); ok {
		rest = strings.TrimLeft(r, "0123456789")
	}
	if c, ok := strings.CutPrefix(rest, "C"); ok {
		rest = strings.TrimLeft(c, "0123456789")
	}
	return rest == "" && u != ""
}
