package solve

import (
	"os"
	"testing"
)

// The rating benchmarks read the shared puzzle sets and skip when they are
// absent:
//
//	go test ./solve -run '^$' -bench 'Rate|Explain' -cpu 1
//
// report puzzles/s, one thread.

func benchHuman(b *testing.B, file string, max int, f func(Grid) error) {
	if _, err := os.Stat(sharedData + file); err != nil {
		b.Skipf("%s: %v", file, err)
	}
	puzzles := readPuzzles(b, sharedData+file, 1, max, true)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		for _, g := range puzzles {
			if err := f(g); err != nil {
				b.Fatal(err)
			}
		}
		n += len(puzzles)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "puzzles/s")
}

func rateOnly(g Grid) error {
	_, _, _, err := Rate(g)
	return err
}

func explainOnly(g Grid) error {
	_, err := Explain(g)
	return err
}

func BenchmarkRate17Clue(b *testing.B) { benchHuman(b, "17-clue.txt", 0, rateOnly) }

// BenchmarkRateGeneratedExpert rates generated Expert puzzles up to
// Expert, as the generator rates the puzzles it keeps (it also hands the
// rating their solution: RateWithinSolved). The puzzles are in testdata,
// so this one never skips.
func BenchmarkRateGeneratedExpert(b *testing.B) {
	puzzles := readPuzzles(b, "testdata/generated-expert.txt", 1, 0, false)
	b.ResetTimer()
	n := 0
	for b.Loop() {
		for _, g := range puzzles {
			if _, within, err := RateWithin(g, Expert); err != nil || !within {
				b.Fatalf("%s: within %v, %v", FormatLine(&g), within, err)
			}
		}
		n += len(puzzles)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "puzzles/s")
}

func BenchmarkRateMagictour(b *testing.B) { benchHuman(b, "magictour-top1465.txt", 0, rateOnly) }

// BenchmarkRateForumHardest rates the first 5,000 of the hardest set.
func BenchmarkRateForumHardest(b *testing.B) {
	benchHuman(b, "forum-hardest-1905-11plus.txt", 5000, rateOnly)
}

func BenchmarkExplainMagictour(b *testing.B) { benchHuman(b, "magictour-top1465.txt", 0, explainOnly) }
