package layout

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
)

// puzzleOf returns a puzzle of shape s with about half its cells given.
func puzzleOf(t *testing.T, s solve.Shape) (givens, solution solve.Grid) {
	t.Helper()
	// A full grid by the pattern (r*BoxCols + r/BoxRows + c) mod n + 1.
	solution = solve.NewGrid(s)
	for r := range s.Size {
		for c := range s.Size {
			solution.Set(r, c, (r*s.BoxCols+r/s.BoxRows+c)%s.Size+1)
		}
	}
	require.NoError(t, solution.Check())
	givens = solution
	for i := range s.Cells() {
		if i%2 == 1 {
			givens.Cells[i] = 0
		}
	}
	return givens, solution
}

func TestWorksheetSheet(t *testing.T) {
	for _, s := range []solve.Shape{solve.Shape4, solve.Shape6, solve.Shape9, solve.Shape12, solve.Shape16} {
		t.Run(s.String(), func(t *testing.T) {
			givens, _ := puzzleOf(t, s)
			n := s.Size
			ws := WorksheetSheet(givens, WorksheetOptions{Title: "T", AnswerSheet: "Answers 1"})
			assert.Equal(t, RectAt(GridOrigin, n, n), ws.Grid)
			assert.True(t, ws.Protect)
			cells := map[Pos]Cell{}
			for _, c := range ws.Cells {
				cells[c.Pos] = c
			}
			blanks := map[Pos]bool{}
			for r := range n {
				for c := range n {
					cell := cells[GridOrigin.Add(r, c)]
					if d := givens.At(r, c); d != 0 {
						assert.True(t, cell.Style.Bold && !cell.Style.Unlocked, "a given is bold and locked")
						num, text := DigitValue(d, n)
						assert.Equal(t, num, cell.Number)
						assert.Equal(t, text, cell.Text)
						if d >= 10 {
							assert.Equal(t, solve.DigitString(d), cell.Text, "10 and up are letters")
						}
					} else {
						blanks[cell.Pos] = true
						assert.True(t, cell.Style.Unlocked, "a blank is unlocked")
						assert.Equal(t, BlankFill, cell.Style.Fill)
					}
				}
			}
			// Validation covers exactly the blanks, plus the Check cell.
			covered := map[Pos]bool{}
			for _, v := range ws.Validations {
				for _, rg := range v.Ranges {
					for row := rg.Min.Row; row <= rg.Max.Row; row++ {
						for col := rg.Min.Col; col <= rg.Max.Col; col++ {
							p := Pos{col, row}
							assert.False(t, covered[p], "%s is validated twice", p)
							covered[p] = true
						}
					}
				}
				switch {
				case v.Kind == "list":
					assert.Equal(t, []Rect{{ws.Check, ws.Check}}, v.Ranges)
				case n <= 9:
					assert.Equal(t, "whole", v.Kind)
					assert.Equal(t, [2]int{1, n}, [2]int{v.Min, v.Max})
				default:
					assert.Equal(t, "custom", v.Kind)
					assert.True(t, strings.HasPrefix(v.Formula, "OR(AND(ISNUMBER("+v.Ranges[0].Min.String()+")"), v.Formula)
					assert.Contains(t, v.Formula, `"ABC`+map[int]string{12: `"`, 16: `DEFG"`}[n])
				}
			}
			delete(covered, ws.Check)
			assert.Equal(t, blanks, covered)

			// One helper formula per cell for repeats, one per blank for
			// wrong entries; each names its cell.
			repeats, wrong := 0, 0
			for _, c := range ws.Cells {
				switch {
				case c.Pos == ws.Status:
				case strings.Contains(c.Formula, `"x"`):
					repeats++
				case strings.Contains(c.Formula, `'Answers 1'!`):
					wrong++
				}
			}
			assert.Equal(t, s.Cells(), repeats)
			assert.Equal(t, len(blanks), wrong)
			assert.Len(t, ws.CondFormats, 2)
			for _, cf := range ws.CondFormats {
				assert.Equal(t, ws.Grid, cf.Range)
			}
			status := cells[ws.Status]
			for _, want := range []string{`"Solved!"`, `"a digit repeats"`, "cells to go", "entries are wrong"} {
				assert.Contains(t, status.Formula, want)
			}
			for _, col := range ws.HiddenCols {
				assert.Greater(t, col, ws.Print.Area.Max.Col, "helpers are hidden and not printed")
			}
		})
	}
}

func TestWorksheetWithoutSelfCheck(t *testing.T) {
	givens, _ := puzzleOf(t, solve.Shape9)
	ws := WorksheetSheet(givens, WorksheetOptions{Title: "T"})
	assert.Equal(t, Pos{}, ws.Check)
	assert.Len(t, ws.CondFormats, 1)
	for _, c := range ws.Cells {
		assert.NotContains(t, c.Formula, "Yes", "no Check my work without an answer sheet")
	}
	for _, v := range ws.Validations {
		assert.NotEqual(t, "list", v.Kind)
	}
}

func TestLiveCandidatesSheet(t *testing.T) {
	for _, s := range []solve.Shape{solve.Shape6, solve.Shape9, solve.Shape16} {
		t.Run(s.String(), func(t *testing.T) {
			n := s.Size
			grid := RectAt(GridOrigin, n, n)
			sh := LiveCandidatesSheet("T", s, "Puzzle 1", grid)
			board := RectAt(GridOrigin, n*s.BoxRows, n*s.BoxCols)
			squares, mirrors := 0, 0
			for _, c := range sh.Cells {
				switch {
				case board.Contains(c.Pos):
					squares++
					assert.Contains(t, c.Formula, "COUNTIF(")
				case strings.Contains(c.Formula, "'Puzzle 1'!"):
					mirrors++
				}
			}
			assert.Equal(t, s.Cells()*n, squares, "a square per digit per cell")
			assert.Equal(t, s.Cells(), mirrors, "a mirror per cell of the worksheet")
			assert.Len(t, sh.CondFormats, s.Cells(), "a shading per block")
			assert.True(t, sh.Protect)
			assert.Equal(t, board.Max.Col, sh.Print.Area.Max.Col, "the mirror is not printed")
			// A square's digit is written as the worksheet holds it.
			for _, c := range sh.Cells {
				if c.Pos == board.Max && n == 16 {
					assert.Contains(t, c.Formula, `"G"`)
				}
			}
		})
	}
}

func TestAnswerSheet(t *testing.T) {
	givens, sol := puzzleOf(t, solve.Shape16)
	sh := AnswerSheet(givens, sol)
	assert.True(t, sh.Hidden && sh.Protect)
	assert.Equal(t, "A1", sh.Print.Area.String(), "printed as nothing")
	for _, c := range sh.Cells {
		assert.NotEqual(t, sh.Print.Area.Min, c.Pos, "the print area is empty")
	}
	letters := 0
	for _, c := range sh.Cells {
		if c.Text != "" && len(c.Text) == 1 {
			letters++
			assert.Zero(t, c.Number)
		}
		assert.Less(t, c.Number, 10, "10 and up are letters, as on the worksheet")
	}
	assert.Equal(t, 7*16, letters)
}

// TestCheckLabelFits: on every size, "Check my work:" has the columns to
// print whole (about 0.6 of its 11 pt a character, as TextHeight counts)
// or a row tall enough for it to wrap,
// its answer cell is framed, and no merge is of one cell, which Excel
// may take for damage. Found by a hunt: 4x4 printed "work:", 6x6 "eck my
// work:", and 4x4 merged B9 alone.
func TestCheckLabelFits(t *testing.T) {
	for _, s := range []solve.Shape{solve.Shape4, solve.Shape6, {Size: 6, BoxRows: 3, BoxCols: 2}, {Size: 8, BoxRows: 2, BoxCols: 4}, solve.Shape9, {Size: 12, BoxRows: 3, BoxCols: 4}, solve.Shape16} {
		t.Run(s.String(), func(t *testing.T) {
			givens, _ := puzzleOf(t, s)
			ws := WorksheetSheet(givens, WorksheetOptions{Title: "T", AnswerSheet: "Answers"})
			for _, m := range ws.Merges {
				assert.NotEqual(t, m.Min, m.Max, "a merge of one cell: %s", m)
			}
			width := 0.0
			for c := GridOrigin.Col; c < ws.Check.Col; c++ {
				width += ws.ColWidths[c]
			}
			if width < 0.6*11*float64(len("Check my work:")) {
				// too narrow for one line: it wraps onto a row tall enough
				assert.GreaterOrEqual(t, ws.RowHeights[ws.Check.Row], TextHeight("Check my work:", width, 11))
				for _, c := range ws.Cells {
					if c.Text == "Check my work:" {
						assert.True(t, c.Style.Wrap)
					}
				}
			}
			framed := Borders{}
			for _, c := range ws.Cells {
				if c.Pos.Row == ws.Check.Row && c.Pos.Col >= ws.Check.Col {
					b := c.Style.Border
					framed.Top, framed.Bottom = max(framed.Top, b.Top), max(framed.Bottom, b.Bottom)
					framed.Left, framed.Right = max(framed.Left, b.Left), max(framed.Right, b.Right)
					if c.Pos.Col == ws.Check.Col {
						assert.Equal(t, Thin, b.Left)
					}
				}
			}
			assert.Equal(t, Borders{Thin, Thin, Thin, Thin}, framed)
		})
	}
}

// TestStatusFits: the status line's longest text fits the board's width,
// wrapped onto a row tall enough, on every size: on a 4x4 or a 6x6 it ran
// past the board and printed cut at both ends ("n entry is not a digi": a
// walk of 3 December).
func TestStatusFits(t *testing.T) {
	for _, s := range []solve.Shape{solve.Shape4, solve.Shape6, {Size: 6, BoxRows: 3, BoxCols: 2}, {Size: 8, BoxRows: 2, BoxCols: 4}, solve.Shape9, solve.Shape16} {
		t.Run(s.String(), func(t *testing.T) {
			givens, _ := puzzleOf(t, s)
			ws := WorksheetSheet(givens, WorksheetOptions{Title: "T", AnswerSheet: "Answers"})
			width := 0.0
			for c := ws.Grid.Min.Col; c <= ws.Grid.Max.Col; c++ {
				width += ws.ColWidths[c]
			}
			var status Cell
			for _, c := range ws.Cells {
				if c.Pos == ws.Status {
					status = c
				}
			}
			assert.True(t, status.Style.Wrap)
			// Bold type of 14 points, some 0.6 of it a character.
			perLine := math.Floor(width / (0.6 * 14))
			lines := math.Ceil(float64(len(StatusNotDigit)) / perLine)
			assert.GreaterOrEqual(t, ws.RowHeights[ws.Status.Row], lines*14*1.2, "%v: %.0f points wide", s, width)
			if s.Size < 9 {
				assert.InDelta(t, 9*SolutionColWidth, width, 0.01, "%v: as wide as a 9x9", s)
			}
		})
	}
}
