package layout

import (
	"fmt"

	"github.com/xlsudoku/xlsudoku/solve"
)

// GridOrigin is where the sheets put their board: B2, below the title row
// and right of a narrow margin column.
var GridOrigin = Pos{Col: 2, Row: 2}

// The Solution board's measures: square cells of 35 pixels.
const (
	SolutionColWidth   = 26.25 // points
	SolutionRowHeight  = 26.25 // points
	SolutionFontSize   = 24.0  // points, for digits 1-9
	SolutionFontSize16 = 15.0  // points, for grids with two-digit numbers: bold "16" fits a cell in the widest fonts (Verdana, DejaVu Sans: 18 printed ###)
)

// SolutionBoard draws the solved grid with its top-left cell at at: one
// sheet cell per puzzle cell, holding the digit as a number. The cells that
// are not 0 in givens are the givens (bold black); the rest of solution was
// filled in (blue). A cell that is 0 in solution is left empty, so the same
// board shows an unsolved puzzle.
func SolutionBoard(givens, solution solve.Grid, at Pos) Board {
	s := givens.Shape
	b := Board{
		Area:       RectAt(at, s.Size, s.Size),
		Cells:      make([]Cell, 0, s.Cells()),
		ColWidths:  make(map[int]float64, s.Size),
		RowHeights: make(map[int]float64, s.Size),
	}
	size := SolutionFontSize * boardScale(s)
	if s.Size > 9 {
		size = SolutionFontSize16
	}
	b.Cells = appendSolutionCells(b.Cells, &givens, &solution, at, size)
	side := SolutionCell(s)
	for r := range s.Size {
		b.RowHeights[at.Row+r] = side
	}
	for c := range s.Size {
		b.ColWidths[at.Col+c] = side
	}
	return b
}

// appendSolutionCells appends the cells of SolutionBoard, their digits in
// font size points, to dst.
func appendSolutionCells(dst []Cell, givens, solution *solve.Grid, at Pos, size float64) []Cell {
	s := givens.Shape
	for r := range s.Size {
		for c := range s.Size {
			st := solutionStyle(s, r, c, givens.At(r, c) != 0, size)
			dst = append(dst, Cell{Pos: at.Add(r, c), Number: solution.At(r, c), Style: st})
		}
	}
	return dst
}

// solutionStyle is the style of square (r, c) of a SolutionBoard of shape
// s: a given is bold black, the rest blue, and the borders are thick at
// the edges of boxes, thin between squares.
func solutionStyle(s solve.Shape, r, c int, given bool, size float64) Style {
	st := Style{
		FontSize: size, Color: FilledColor, HAlign: AlignCenter, VAlign: AlignCenter,
		Border: Borders{
			Left:   startLine(c, 1, s.BoxCols),
			Right:  endLine(c, 1, s.BoxCols),
			Top:    startLine(r, 1, s.BoxRows),
			Bottom: endLine(r, 1, s.BoxRows),
		},
	}
	if given {
		st.Bold, st.Color = true, GivenColor
	}
	return st
}

// startLine is the line before square k of a row or column whose squares
// form blocks of block squares, block*box squares to a box: thick at a box
// edge, thin at a block edge, none inside a block.
func startLine(k, block, box int) Line {
	switch {
	case k%(block*box) == 0:
		return Thick
	case k%block == 0:
		return Thin
	}
	return NoLine
}

// endLine is the line after square k; see startLine.
func endLine(k, block, box int) Line { return startLine(k+1, block, box) }

// SolutionCell is the side of a SolutionBoard's cells for shape s, in
// points: SolutionColWidth for 9x9 and larger, and for smaller grids as
// much more as makes the board as wide as a 9x9's, its digits larger in
// proportion, so that a 4x4 or 6x6 prints as large as a 9x9 (a 4x4
// worksheet printed 37 mm wide: a walk of 3 December).
func SolutionCell(s solve.Shape) float64 { return SolutionColWidth * boardScale(s) }

// boardScale is how many times a 9x9's the cells of a board of shape s
// are: 9/Size for grids smaller than 9x9, else 1.
func boardScale(s solve.Shape) float64 {
	if s.Size < 1 || s.Size >= 9 {
		return 1
	}
	return 9 / float64(s.Size)
}

// SolutionSheet is the printable Solution sheet: title above the grid, the
// grid at GridOrigin, no gridlines, printed centred on one page (see
// OnePage).
func SolutionSheet(title string, givens, solution solve.Grid) Sheet {
	return boardSheet(title, SolutionBoard(givens, solution, GridOrigin))
}

// PageSheet is SolutionSheet drawn to be printed: its cells cell points
// a side (see TileCell), the digits in proportion.
func PageSheet(title string, givens, solution solve.Grid, cell float64) Sheet {
	b := SolutionBoard(givens, solution, GridOrigin)
	font := digitSize(givens.Shape.Size, cell)
	for i := range b.Cells {
		b.Cells[i].Style.FontSize = font
	}
	for c := range b.ColWidths {
		b.ColWidths[c] = cell
	}
	for r := range b.RowHeights {
		b.RowHeights[r] = cell
	}
	return boardSheet(title, b)
}

// boardSheet puts a title above board and sets up the view and printing.
func boardSheet(title string, board Board) Sheet {
	var sh Sheet
	titleArea := Rect{Pos{board.Area.Min.Col, board.Area.Min.Row - 1}, Pos{board.Area.Max.Col, board.Area.Min.Row - 1}}
	width := 0.0
	for _, w := range board.ColWidths {
		width += w
	}
	sh.Add(Title(title, titleArea, width))
	sh.Add(board)
	sh.ColWidths[1] = MarginColWidth
	sh.Print = OnePage(sh.Area)
	return sh
}

// OnePage is the print setup of a sheet that is one printed page: area
// (its board and title; column A, a margin on screen, left out), shrunk
// to fit if need be, centred across and down the page. It has no header
// or footer: its title is on the sheet.
func OnePage(area Rect) Print {
	if area.Min.Col == 1 && area.Max.Col > 1 {
		area.Min.Col = 2
	}
	return Print{Area: area, Fit: FitPage, CenterH: true, CenterV: true}
}

// DifferFill marks the cells where two solutions differ.
const DifferFill = "FFEB9C"

// TwoSolutionsSheet draws two solutions of a puzzle with several side by
// side, each under its caption, the cells where they differ filled, so
// that a teacher sees where the puzzle needs another given.
func TwoSolutionsSheet(title string, givens, first, second solve.Grid) Sheet {
	n := givens.Shape.Size
	var sh Sheet
	at := GridOrigin.Add(1, 0)
	for k, sol := range []solve.Grid{first, second} {
		b := SolutionBoard(givens, sol, at)
		for i := range b.Cells {
			c := &b.Cells[i]
			r, col := c.Pos.Row-at.Row, c.Pos.Col-at.Col
			if first.At(r, col) != second.At(r, col) {
				c.Style.Fill = DifferFill
			}
		}
		caption := Rect{at.Add(-1, 0), at.Add(-1, n-1)}
		width := float64(n) * SolutionCell(givens.Shape)
		sh.Add(Title(fmt.Sprintf("Solution %c", 'A'+k), caption, width))
		sh.Add(b)
		at = at.Add(0, n+1)
	}
	width := float64(2*n+1) * SolutionCell(givens.Shape)
	sh.Add(Title(title, Rect{Pos{GridOrigin.Col, GridOrigin.Row - 1}, Pos{GridOrigin.Col + 2*n, GridOrigin.Row - 1}}, width))
	sh.ColWidths[GridOrigin.Col+n] = MarginColWidth
	sh.ColWidths[1] = MarginColWidth
	sh.Print = OnePage(sh.Area)
	sh.Print.Landscape = true
	return sh
}

// NoteSheet is a sheet that says only text, where a title would be: what
// becomes of a sheet of an earlier run that no longer holds (two
// solutions of a puzzle that now has one), so that the workbook does not
// say two things at once.
func NoteSheet(text string) Sheet {
	var sh Sheet
	const cols = 19 // as wide as the two boards of TwoSolutionsSheet
	sh.Add(Title(text, Rect{Pos{GridOrigin.Col, GridOrigin.Row - 1}, Pos{GridOrigin.Col + cols - 1, GridOrigin.Row - 1}}, cols*SolutionColWidth))
	sh.ColWidths[1] = MarginColWidth
	sh.Print = OnePage(sh.Area)
	sh.Print.Landscape = true
	return sh
}
