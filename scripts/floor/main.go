// Command floor is the yardstick of "workbooks at the floor" (issue 12):
// the least an excelize program does to solve a workbook's puzzle into a
// new sheet. It opens a workbook, reads B2:J10 of its first sheet, writes
// the 81 numbers to a new sheet and saves. scripts/bench-workbooks.sh
// times xlsudoku against it.
package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/xuri/excelize/v2"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: floor in.xlsx out.xlsx")
		os.Exit(2)
	}
	f, err := excelize.OpenFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	first := f.GetSheetName(0)
	var nums [81]int
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			cell, _ := excelize.CoordinatesToCellName(c+2, r+2)
			v, err := f.GetCellValue(first, cell)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			nums[r*9+c], _ = strconv.Atoi(v)
		}
	}
	if _, err := f.NewSheet("Solution"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for i, n := range nums {
		cell, _ := excelize.CoordinatesToCellName(i%9+2, i/9+2)
		if err := f.SetCellInt("Solution", cell, int64(n)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	if err := f.SaveAs(os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
