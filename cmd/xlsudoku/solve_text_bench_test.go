package main

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// sharedData names a puzzle set of ../shared/data, skipping the benchmark
// when the folder is not beside the repository.
func sharedData(b *testing.B, name string) string {
	path := filepath.Join("..", "..", "..", "shared", "data", name)
	if _, err := os.Stat(path); err != nil {
		b.Skipf("shared data not found: %v", err)
	}
	return path
}

// BenchmarkSolveText solves a whole puzzle file through the path of
// "xlsudoku solve FILE": reading, cutting, solving, formatting and writing
// in order (to nowhere), on 1 and 2 workers. Start-up is not in it (see
// scripts/bench-commands.sh for the whole command).
//
//	go test ./cmd/xlsudoku -run '^$' -bench SolveText -benchtime 20x
func BenchmarkSolveText(b *testing.B) {
	for _, set := range []string{"17-clue.txt", "forum-hardest-1905-11plus.txt"} {
		for _, workers := range []int{1, 2} {
			b.Run(strings.TrimSuffix(set, ".txt")+"/workers="+strconv.Itoa(workers), func(b *testing.B) {
				path := sharedData(b, set)
				e := newEnv(strings.NewReader(""), io.Discard, io.Discard)
				var o solveOptions
				o.workers = workers
				b.ReportAllocs()
				n := 0
				for b.Loop() {
					if err := solveText(e, path, o); err != nil {
						b.Fatal(err)
					}
					n++
				}
				data, _ := os.ReadFile(path)
				puzzles := 0
				for line := range strings.Lines(string(data)) {
					if !strings.HasPrefix(line, "#") {
						puzzles++
					}
				}
				b.ReportMetric(float64(n*puzzles)/b.Elapsed().Seconds(), "puzzles/s")
			})
		}
	}
}
