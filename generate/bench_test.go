package generate

import (
	"context"
	"testing"

	"github.com/xlsudoku/xlsudoku/solve"
)

// BenchmarkGenerate makes 9x9 puzzles with rotational symmetry (the
// generate command's default) on one goroutine, as `generate --workers 1`
// does, and reports puzzles/s per grade:
//
//	go test ./generate -run '^$' -bench Generate -benchtime 200x
func BenchmarkGenerate(b *testing.B) {
	for _, bb := range []struct {
		name string
		opts Options
	}{
		{"any", Options{AnyGrade: true}},
		{"easy", Options{Grade: solve.Easy}},
		{"medium", Options{Grade: solve.Medium}},
		{"hard", Options{Grade: solve.Hard}},
		{"expert", Options{Grade: solve.Expert}},
		{"extreme", Options{Grade: solve.Extreme}},
		{"minimal-hard", Options{Grade: solve.Hard, Minimal: true}},
		{"6x6-easy", Options{Shape: solve.Shape6, Grade: solve.Easy}},
		{"16x16-easy", Options{Shape: solve.Shape16, Grade: solve.Easy}},
	} {
		b.Run(bb.name, func(b *testing.B) {
			opts := bb.opts
			opts.Symmetry, opts.Seed = Rotational, 1
			ps, err := Generate(context.Background(), opts, b.N, 1, nil)
			if err != nil {
				b.Fatal(err)
			}
			clues := 0
			for i := range ps {
				clues += ps[i].Clues()
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(clues)/float64(b.N), "givens")
		})
	}
}
