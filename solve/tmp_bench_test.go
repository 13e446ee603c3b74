package solve

import "testing"

func BenchmarkTmpRateExpert(b *testing.B) {
	puzzles := readPuzzles(b, "/tmp/expert.txt", 1, 0, true)
	b.ResetTimer()
	n := 0
	for b.Loop() {
		for _, g := range puzzles {
			if _, _, err := RateWithin(g, Expert); err != nil {
				b.Fatal(err)
			}
		}
		n += len(puzzles)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "puzzles/s")
}
