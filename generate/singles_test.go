package generate

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
)

// digStages returns 9x9 puzzles as the digger meets them: complete grids
// with more and more cells cleared, unique or not, Easy or not.
func digStages(n int, rng *rand.Rand) []solve.Grid {
	var s solve.Solver
	var out []solve.Grid
	for len(out) < n {
		sol, err := fullGrid(&s, solve.Shape9, rng)
		if err != nil {
			panic(err)
		}
		p := sol
		for k, i := range rng.Perm(81) {
			p.Cells[i] = 0
			if k >= 40 {
				out = append(out, p)
			}
		}
	}
	return out[:n]
}

// TestSingles9AgreesWithAny: the 9x9 form of the singles check answers as
// the general one on the digger's puzzles and on broken ones: givens that
// clash, and cells given a wrong digit.
func TestSingles9AgreesWithAny(t *testing.T) {
	s := newSingles(solve.Shape9)
	rng := rngFor(5)
	easy, broken := 0, 0
	for _, p := range digStages(scaled(4000, 1000, 300), rng) {
		want := s.solvesAny(&p)
		require.Equal(t, want, singles9(&p), "%s", solve.FormatLine(&p))
		if want {
			easy++
		}
		q := p
		i := rng.IntN(81)
		q.Cells[i] = uint8(1 + (int(q.Cells[i])+rng.IntN(8))%9)
		want = s.solvesAny(&q)
		require.Equal(t, want, singles9(&q), "%s", solve.FormatLine(&q))
		if !want {
			broken++
		}
	}
	require.Positive(t, easy)
	require.Positive(t, broken)
}

func FuzzSingles9(f *testing.F) {
	for _, p := range digStages(20, rngFor(7)) {
		f.Add(solve.FormatLine(&p))
	}
	s := newSingles(solve.Shape9)
	f.Fuzz(func(t *testing.T, line string) {
		p, err := solve.ParseLine(line)
		if err != nil || p.Shape != solve.Shape9 {
			return
		}
		require.Equal(t, s.solvesAny(&p), singles9(&p), "%s", line)
	})
}

// BenchmarkSingles times the digger's "do singles solve it?" on 9x9
// puzzles of every stage of a dig:
//
//	go test ./generate -run '^$' -bench Singles
func BenchmarkSingles(b *testing.B) {
	ps := digStages(1000, rngFor(3))
	s := newSingles(solve.Shape9)
	for _, bb := range []struct {
		name   string
		solves func(*solve.Grid) bool
	}{{"9x9", singles9}, {"any", s.solvesAny}} {
		b.Run(bb.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				bb.solves(&ps[i%len(ps)])
			}
		})
	}
}
