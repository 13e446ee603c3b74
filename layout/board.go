package layout

import (
	"maps"
	"math"
	"slices"
)

// Cell is the content and style of one sheet cell. A cell shows Number when
// it is not 0, else Text; a cell with neither is empty but still styled
// (its borders and fill are part of the drawing). A cell with HasValue set
// shows Value instead, whatever number it is (a score of 0, or 0.75). A cell with a Formula
// (written without the leading "=") shows what the spreadsheet app
// computes from it instead. A cell with a Link goes there when clicked: a
// place in the workbook, written as a reference ("Puzzles!B14").
type Cell struct {
	Pos     Pos
	Number  int
	Text    string
	Formula string
	Link    string
	Style   Style

	Value    float64
	HasValue bool
}

// Board is a block of cells positioned on a sheet: every cell of Area that
// is drawn, the widths of its columns and heights of its rows, and the
// ranges merged into one cell. Boards are values; Move puts one elsewhere.
type Board struct {
	Area       Rect
	Cells      []Cell
	ColWidths  map[int]float64 // by column number; in points (package workbook converts them to the sheet's units)
	RowHeights map[int]float64 // by row number; in points
	Merges     []Rect
}

// Move returns a copy of b whose top-left cell is at.
func (b Board) Move(at Pos) Board {
	dc, dr := at.Col-b.Area.Min.Col, at.Row-b.Area.Min.Row
	shift := func(p Pos) Pos { return p.Add(dr, dc) }
	out := Board{
		Area:       Rect{shift(b.Area.Min), shift(b.Area.Max)},
		Cells:      make([]Cell, len(b.Cells)),
		ColWidths:  make(map[int]float64, len(b.ColWidths)),
		RowHeights: make(map[int]float64, len(b.RowHeights)),
	}
	for i, c := range b.Cells {
		c.Pos = shift(c.Pos)
		out.Cells[i] = c
	}
	for col, w := range b.ColWidths {
		out.ColWidths[col+dc] = w
	}
	for row, h := range b.RowHeights {
		out.RowHeights[row+dr] = h
	}
	for _, m := range b.Merges {
		out.Merges = append(out.Merges, Rect{shift(m.Min), shift(m.Max)})
	}
	return out
}

// Sheet is a whole worksheet drawn by xlsudoku: its boards, merged into one,
// and how it is shown and printed.
type Sheet struct {
	Board
	Gridlines bool // show the spreadsheet's gridlines on screen
	Print     Print
	Freeze    Pos  // the top-left cell of the scrolling pane: rows above it and columns left of it stay put; zero for none
	Filter    Rect // the range with an autofilter, its first row the header; zero for none

	// For sheets that people fill in (see WorksheetSheet).
	Validations []Validation // rules for what may be typed into cells
	CondFormats []CondFormat // styles that apply where a formula holds, in priority order
	HiddenCols  []int        // columns hidden from view (helper formulas)
	Charts      []BarChart   // drawn over the cells (a new workbook's sheets only)
	Protect     bool         // protect the sheet: only cells whose Style is Unlocked can be changed
	Hidden      bool         // hide the sheet itself (an answer key for formulas)
}

// BarChart is a chart of horizontal bars, one series, drawn over the cells
// of Area: a bar for each cell of Values (a column), labelled by the cell
// beside it in Categories, the first at the top; the series is named by
// the cell Name. The value axis runs from Min to Max, its numbers in
// AxisFormat ("0%"). LabelPoints, when set, is the size of the bars'
// labels, and LabelSkip, when set, labels every LabelSkip-th bar only
// (1: every bar; unset, the app decides, and LibreOffice leaves out every
// other label as soon as they touch).
type BarChart struct {
	Area        Rect
	Title       string
	Name        Pos
	Categories  Rect
	Values      Rect
	Min, Max    float64
	AxisFormat  string
	LabelPoints float64
	LabelSkip   int
	// ValueFormat, when set, labels each bar with its value in this
	// number format ("0%"): a bar of 0 then shows "0%", where a category
	// with no value shows nothing.
	ValueFormat string
}

// BarLabels returns the label size and skip (BarChart) for n bars over
// height points of a chart: the largest size up to 10 points whose lines
// fit a bar each, every bar labelled; below 6 points, a label every few
// bars, at 6.
func BarLabels(n int, height float64) (points float64, skip int) {
	const frame = 60.0  // the title and the value axis, in points
	const leading = 1.3 // a label's line over its size
	if n <= 0 {
		return 10, 1
	}
	per := max(height-frame, 1) / float64(n)
	points = min(10, math.Floor(per/leading*2)/2)
	if points >= 6 {
		return points, 1
	}
	return 6, int(math.Ceil(6 * leading / per))
}

// Validation restricts what may be typed into the cells of Ranges. Kind
// "whole" allows whole numbers Min..Max; "list" one of List; "custom" a
// value for which Formula (written for the top-left cell of the first
// range, relative references moving with the cell) is true.
type Validation struct {
	Ranges              []Rect
	Kind                string
	Min, Max            int
	List                []string
	Formula             string
	InputTitle, Input   string // shown when a cell is selected
	ErrorTitle, Message string // shown when a value is refused
}

// CondFormat shades the cells of Range where Formula (written for the
// top-left cell of Range, relative references moving with the cell) is
// true. Only Fill, Color and Bold of Style are used.
type CondFormat struct {
	Range   Rect
	Formula string
	Style   Style
}

// Add draws b on the sheet. Where b and the sheet both set a column width or
// row height, the larger one wins.
func (s *Sheet) Add(b Board) {
	if len(s.Cells) == 0 && s.ColWidths == nil {
		s.Area = b.Area
	} else {
		s.Area = s.Area.Union(b.Area)
	}
	s.Cells = append(s.Cells, b.Cells...)
	s.Merges = append(s.Merges, b.Merges...)
	if s.ColWidths == nil {
		s.ColWidths, s.RowHeights = map[int]float64{}, map[int]float64{}
	}
	for col, w := range b.ColWidths {
		s.ColWidths[col] = max(s.ColWidths[col], w)
	}
	for row, h := range b.RowHeights {
		s.RowHeights[row] = max(s.RowHeights[row], h)
	}
}

// AddHidden writes text into row 1 of a hidden column right of
// everything else on the sheet, out of sight and off the printout, and
// returns where: a mark that a program reading the file finds where an
// app that saved it dropped the workbook's hidden names.
func (s *Sheet) AddHidden(text string) Pos {
	col := max(s.Area.Max.Col, s.Print.Area.Max.Col)
	for _, c := range s.Cells {
		col = max(col, c.Pos.Col)
	}
	for _, m := range s.Merges {
		col = max(col, m.Max.Col)
	}
	for c := range s.ColWidths {
		col = max(col, c)
	}
	at := Pos{min(col+1, MaxCol), 1}
	s.Cells = append(s.Cells, Cell{Pos: at, Text: text, Style: Style{Hide: true}})
	s.HiddenCols = append(s.HiddenCols, at.Col)
	return at
}

// Styles returns the distinct styles of the sheet's cells, in the order they
// first appear.
func (b *Board) Styles() []Style {
	seen := map[Style]bool{}
	var out []Style
	for _, c := range b.Cells {
		if !seen[c.Style] {
			seen[c.Style] = true
			out = append(out, c.Style)
		}
	}
	return out
}

// SortedCols and SortedRows list the columns and rows that have a set width
// or height, in increasing order.
func (b *Board) SortedCols() []int { return slices.Sorted(maps.Keys(b.ColWidths)) }
func (b *Board) SortedRows() []int { return slices.Sorted(maps.Keys(b.RowHeights)) }
