//go:build ignore

// make_samples writes the sample workbooks of this folder:
//
//	go run samples/make_samples.go
//
// classic.xlsx is a classic 9x9 puzzle at B2:J10, formatted like a puzzle
// sheet; 4x4.xlsx and 6x6.xlsx hold small puzzles at B2:E5 and B2:G7;
// teacher.xlsx is a teacher's workbook with a title, instructions, merged
// cells, a Scores sheet with formulas, and the puzzle at C3:K11, where only
// detection finds it. Every puzzle has exactly one solution.
package main

import (
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"

	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func main() {
	_, self, _, _ := runtime.Caller(0)
	dir := filepath.Dir(self)
	g, err := solve.ParseLine(classic)
	check(err)
	books := map[string]*excelize.File{
		"classic.xlsx": puzzleBook(g, "Puzzle", layout.Pos{Col: 2, Row: 2}),
		"4x4.xlsx":     puzzleBook(minimal(solve.Shape4, 4), "Puzzle", layout.Pos{Col: 2, Row: 2}),
		"6x6.xlsx":     puzzleBook(minimal(solve.Shape6, 6), "Puzzle", layout.Pos{Col: 2, Row: 2}),
		"teacher.xlsx": teacherBook(g),
	}
	for name, f := range books {
		path := filepath.Join(dir, name)
		check(f.SaveAs(path))
		check(os.Chmod(path, 0o644)) // excelize creates files executable
	}
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

// minimal returns a puzzle of shape s with one solution: a solved grid with
// cells taken away in a fixed random order while the solution stays unique.
func minimal(s solve.Shape, seed uint64) solve.Grid {
	var sv solve.Solver
	empty := solve.NewGrid(s)
	sols := make([]solve.Grid, 1)
	// A shuffled first row makes a less regular solution.
	rng := rand.New(rand.NewPCG(seed, 2024))
	row := rng.Perm(s.Size)
	for c, d := range row {
		empty.Set(0, c, d+1)
	}
	if sv.Count(&empty, 1, sols) != 1 {
		log.Fatalf("no %s grid", s)
	}
	g := sols[0]
	for _, i := range rng.Perm(s.Cells()) {
		d := g.Cells[i]
		g.Cells[i] = 0
		if sv.Count(&g, 2, nil) != 1 {
			g.Cells[i] = d
		}
	}
	return g
}

// puzzleBook is a workbook with g on sheet at, drawn like a printed
// puzzle: big centred digits, thin lines, thick lines around boxes, data
// validation allowing 1..n.
func puzzleBook(g solve.Grid, sheet string, at layout.Pos) *excelize.File {
	f := excelize.NewFile()
	check(f.SetSheetName("Sheet1", sheet))
	drawPuzzle(f, g, sheet, at)
	check(f.SetCellStr(sheet, layout.Pos{Col: at.Col, Row: at.Row - 1}.String(), fmt.Sprintf("Sudoku %dx%d", g.Shape.Size, g.Shape.Size)))
	return f
}

func drawPuzzle(f *excelize.File, g solve.Grid, sheet string, at layout.Pos) {
	s := g.Shape
	board := layout.SolutionBoard(g, g, at) // the givens, styled as givens
	styles := map[layout.Style]int{}
	for _, c := range board.Cells {
		id, ok := styles[c.Style]
		if !ok {
			var borders []excelize.Border
			for _, side := range []struct {
				name string
				line layout.Line
			}{{"left", c.Style.Border.Left}, {"top", c.Style.Border.Top}, {"right", c.Style.Border.Right}, {"bottom", c.Style.Border.Bottom}} {
				w := map[layout.Line]int{layout.Thin: 1, layout.Thick: 2}[side.line]
				borders = append(borders, excelize.Border{Type: side.name, Color: "000000", Style: w})
			}
			var err error
			id, err = f.NewStyle(&excelize.Style{
				Font:      &excelize.Font{Size: 18, Bold: c.Style.Bold}, // bold givens: a student's entries in the blanks are plain
				Alignment: &excelize.Alignment{Horizontal: "center", Vertical: "center"},
				Border:    borders,
			})
			check(err)
			styles[c.Style] = id
		}
		ref := c.Pos.String()
		check(f.SetCellStyle(sheet, ref, ref, id))
		if c.Number != 0 {
			check(f.SetCellInt(sheet, ref, int64(c.Number)))
		}
	}
	for c := range s.Size {
		col := layout.ColumnName(at.Col + c)
		check(f.SetColWidth(sheet, col, col, 4.5))
	}
	for r := range s.Size {
		check(f.SetRowHeight(sheet, at.Row+r, 24))
	}
	dv := excelize.NewDataValidation(true)
	dv.Sqref = board.Area.String()
	check(dv.SetRange(1, s.Size, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween))
	dv.SetError(excelize.DataValidationErrorStyleStop, "Not a digit", fmt.Sprintf("Enter a digit from 1 to %d.", s.Size))
	check(f.AddDataValidation(sheet, dv))
}

// teacherBook is a class workbook: a title and instructions around the
// puzzle at C3:K11, and a Scores sheet with formulas.
func teacherBook(g solve.Grid) *excelize.File {
	f := excelize.NewFile()
	const sheet = "Week 3"
	check(f.SetSheetName("Sheet1", sheet))
	title, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Size: 16, Bold: true, Color: "1F3864"}})
	check(err)
	check(f.SetCellStr(sheet, "A1", "Year 7 Maths Club: Sudoku of the week"))
	check(f.MergeCell(sheet, "A1", "L1"))
	check(f.SetCellStyle(sheet, "A1", "A1", title))
	check(f.SetRowHeight(sheet, 1, 24))
	drawPuzzle(f, g, sheet, layout.Pos{Col: 3, Row: 3})
	wrap, err := f.NewStyle(&excelize.Style{Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}})
	check(err)
	check(f.SetCellStr(sheet, "C13", "Fill every row, column and 3x3 box with the digits 1 to 9. Hand in on Friday; show your working on the back."))
	check(f.MergeCell(sheet, "C13", "K15"))
	check(f.SetCellStyle(sheet, "C13", "C13", wrap))
	check(f.SetCellStr(sheet, "M3", "Name:"))
	check(f.SetCellStr(sheet, "M4", "Class:"))

	_, err = f.NewSheet("Scores")
	check(err)
	head, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"D9E1F2"}}})
	check(err)
	check(f.SetSheetRow("Scores", "A1", &[]any{"Pupil", "Week 1", "Week 2", "Week 3", "Total"}))
	check(f.SetCellStyle("Scores", "A1", "E1", head))
	pupils := []struct {
		name   string
		scores []int
	}{{"Ada", []int{8, 9, 10}}, {"Brahmagupta", []int{7, 9, 8}}, {"Carl", []int{10, 10, 9}}, {"Dorothy", []int{6, 8, 9}}}
	for i, p := range pupils {
		row := i + 2
		check(f.SetCellStr("Scores", fmt.Sprintf("A%d", row), p.name))
		for j, s := range p.scores {
			check(f.SetCellInt("Scores", fmt.Sprintf("%c%d", 'B'+j, row), int64(s)))
		}
		check(f.SetCellFormula("Scores", fmt.Sprintf("E%d", row), fmt.Sprintf("SUM(B%d:D%d)", row, row)))
	}
	check(f.SetCellStr("Scores", "A7", "Average"))
	for _, col := range "BCDE" {
		check(f.SetCellFormula("Scores", fmt.Sprintf("%c7", col), fmt.Sprintf("AVERAGE(%c2:%c5)", col, col)))
	}
	check(f.SetColWidth("Scores", "A", "A", 14))
	return f
}
