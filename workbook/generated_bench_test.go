package workbook

import (
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
