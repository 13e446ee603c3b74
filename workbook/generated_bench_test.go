package workbook

import (
	"fmt"
	"path/filepath"
	"testing"
)

// BenchmarkWriteGenerated writes 1,000 puzzles tiled (Puzzles, Answers,
// Catalogue), and one sheet each:
//
//	go test ./workbook -run '^$' -bench WriteGenerated
func BenchmarkWriteGenerated(b *testing.B) {
	puzzles := testPuzzles(b, 1000)
	for _, bb := range []struct {
		name string
		opts BookOptions
	}{{"tiled", BookOptions{}}, {"sheet-per-puzzle", BookOptions{SheetPerPuzzle: true}}} {
		b.Run(bb.name, func(b *testing.B) {
			out := filepath.Join(b.TempDir(), "book.xlsx")
			for b.Loop() {
				if err := WriteGenerated(out, puzzles, bb.opts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(puzzles)*b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}

// BenchmarkSheetPerPuzzle writes books of a sheet per puzzle (and one per
// solution) and of worksheets (a sheet per puzzle, spliced after an
// Instructions sheet) at 200 and 800 puzzles: the time per puzzle stays
// the same, the work grows with the puzzles.
//
//	go test ./workbook -run '^$' -bench SheetPerPuzzle -benchtime 5x
func BenchmarkSheetPerPuzzle(b *testing.B) {
	all := testPuzzles(b, 800)
	for _, kind := range []string{"sheet-per-puzzle", "worksheets"} {
		for _, n := range []int{200, 800} {
			b.Run(fmt.Sprintf("%s/%d", kind, n), func(b *testing.B) {
				out := filepath.Join(b.TempDir(), "book.xlsx")
				for b.Loop() {
					var err error
					if kind == "worksheets" {
						err = WriteWorksheetBook(out, all[:n], BookOptions{}, WorksheetOptions{})
					} else {
						err = WriteGenerated(out, all[:n], BookOptions{SheetPerPuzzle: true})
					}
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(n*b.N), "µs/puzzle")
			})
		}
	}
}
