package workbook_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook"
)

// Read a puzzle workbook, solve it, and write the workbook back with a
// Solution and a Candidates sheet.
func Example() {
	p, err := workbook.Read(filepath.Join("..", "samples", "classic.xlsx"), workbook.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Notes[0])
	fmt.Println(p.Where(), p.Grid.Shape, p.Grid.Filled(), "givens")
	fmt.Println("r1c1 is", p.CellName(0, 0))

	sol, err := p.Solve()
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "solved.xlsx")
	if _, err := workbook.Write(p, sol, out, workbook.Options{}); err != nil {
		fmt.Println(err)
		return
	}
	back, _ := workbook.Read(out, workbook.Options{Sheet: "Solution", Range: "B2:J10"})
	fmt.Print(solve.FormatGrid(&back.Grid))
	// Output:
	// using the puzzle at Puzzle!B2:J10
	// Puzzle!B2:J10 9x9 30 givens
	// r1c1 is Puzzle!B2
	// 5 3 4 | 6 7 8 | 9 1 2
	// 6 7 2 | 1 9 5 | 3 4 8
	// 1 9 8 | 3 4 2 | 5 6 7
	// ------+-------+------
	// 8 5 9 | 7 6 1 | 4 2 3
	// 4 2 6 | 8 5 3 | 7 9 1
	// 7 1 3 | 9 2 4 | 8 5 6
	// ------+-------+------
	// 9 6 1 | 5 3 7 | 2 8 4
	// 2 8 7 | 4 1 9 | 6 3 5
	// 3 4 5 | 2 8 6 | 1 7 9
}

// Give a student a hint: the next step from the givens and their entries.
func ExampleReadEntries() {
	p, current, err := workbook.ReadEntries(filepath.Join("..", "samples", "classic.xlsx"), workbook.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	step, err := solve.NextStep(p.Grid, current)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(step.Text())
	c := step.Placements[0].Cell
	fmt.Println(c, "is", p.CellName(c.Row, c.Col))
	// Output:
	// Naked Single: r5c5 can only be 5.
	// r5c5 is Puzzle!F6
}
