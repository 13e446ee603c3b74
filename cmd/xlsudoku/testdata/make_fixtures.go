//go:build ignore

// make_fixtures writes the small workbooks the command's tests use:
//
//	go run cmd/xlsudoku/testdata/make_fixtures.go
//
// Each holds a 9x9 puzzle at B2:J10 of a sheet called "Week 3", broken in
// one way; the file name says which.
package main

import (
	"log"
	"os"
	"path/filepath"
	"runtime"

	"github.com/xuri/excelize/v2"
)

const unique = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

// twoSolutions is unique with r1c1 and r3c3 blanked: it has two solutions.
var twoSolutions = "." + unique[1:20] + "." + unique[21:]

func main() {
	_, self, _, _ := runtime.Caller(0)
	dir := filepath.Dir(self)
	write := func(name, puzzle string, extra map[string]any) {
		f := excelize.NewFile()
		defer f.Close()
		check(f.SetSheetName("Sheet1", "Week 3"))
		for i, ch := range puzzle {
			if ch == '.' {
				continue
			}
			cell, _ := excelize.CoordinatesToCellName(2+i%9, 2+i/9)
			check(f.SetCellValue("Week 3", cell, int(ch-'0')))
		}
		for cell, v := range extra {
			check(f.SetCellValue("Week 3", cell, v))
		}
		path := filepath.Join(dir, name)
		check(f.SaveAs(path))
		check(os.Chmod(path, 0o644))
	}
	write("bad-cells.xlsx", unique, map[string]any{"D4": "x", "E5": 12})
	// B2 holds 4; so does D2 now, in row 2 of the sheet.
	write("conflict.xlsx", unique, map[string]any{"D2": 4})
	// The only solution of unique has 6 at r1c2 (C2); 1 is not seen by C2's
	// row, column or box, yet with it there no grid completes the puzzle.
	write("no-solution.xlsx", unique, map[string]any{"C2": 1})
	write("two-solutions.xlsx", twoSolutions, nil)
	// Homework: the givens of unique in bold, and a student's entries in
	// plain type: r1c2 = 6 (C2) and r1c3 = 8 (D2) are right; in the wrong
	// copy r1c3 holds 9 (D2) instead.
	homework := func(name string, entries map[string]int) {
		f := excelize.NewFile()
		defer f.Close()
		check(f.SetSheetName("Sheet1", "Week 3"))
		bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
		check(err)
		for i, ch := range unique {
			if ch == '.' {
				continue
			}
			cell, _ := excelize.CoordinatesToCellName(2+i%9, 2+i/9)
			check(f.SetCellValue("Week 3", cell, int(ch-'0')))
			check(f.SetCellStyle("Week 3", cell, cell, bold))
		}
		for cell, d := range entries {
			check(f.SetCellValue("Week 3", cell, d))
		}
		path := filepath.Join(dir, name)
		check(f.SaveAs(path))
		check(os.Chmod(path, 0o644))
	}
	homework("homework-right.xlsx", map[string]int{"C2": 6, "D2": 8})
	homework("homework-wrong.xlsx", map[string]int{"C2": 6, "D2": 9})
	check(os.WriteFile(filepath.Join(dir, "not-a-workbook.xlsx"), []byte("this is text, not a zip\n"), 0o644))
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
