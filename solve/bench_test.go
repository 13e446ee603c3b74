package solve

import (
	"os"
	"path/filepath"
	"testing"
)

// loadShared reads a puzzle set from ../shared/data, skipping the benchmark
// when the folder is not beside the repository.
func loadShared(b testing.TB, name string) []Grid {
	b.Helper()
	f, err := os.Open(filepath.Join("..", "..", "shared", "data", name))
	if err != nil {
		b.Skipf("shared data not found: %v", err)
	}
	defer f.Close()
	r := NewReader(f)
	r.Name = name
	ps, err := r.ReadAll()
	if err != nil {
		b.Fatal(err)
	}
	out := make([]Grid, len(ps))
	for i, p := range ps {
		out[i] = p.Grid
	}
	return out
}

// benchmarkCount proves the uniqueness of each puzzle of a set in turn (counting
// to 2), on one goroutine, and reports puzzles per second.
func benchmarkCount(b *testing.B, name string) {
	puzzles := loadShared(b, name)
	var s Solver
	var sols [2]Grid
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Count(&puzzles[i%len(puzzles)], 2, sols[:])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

func BenchmarkCount17Clue(b *testing.B)    { benchmarkCount(b, "17-clue.txt") }
func BenchmarkCountMagicTour(b *testing.B) { benchmarkCount(b, "magictour-top1465.txt") }
func BenchmarkCountForumHardest(b *testing.B) {
	benchmarkCount(b, "forum-hardest-1905-11plus.txt")
}
func BenchmarkCountSerg(b *testing.B) { benchmarkCount(b, "serg-benchmark.txt") }
