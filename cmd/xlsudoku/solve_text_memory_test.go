package main

import (
	"bytes"
	"fmt"
	"io"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// repeatedPuzzles reads as n lines, puzzles[i%len(puzzles)] for line i,
// made as they are read: the input is never in memory whole.
type repeatedPuzzles struct {
	puzzles []string
	n, line int
	rest    []byte
}

func (r *repeatedPuzzles) Read(p []byte) (int, error) {
	read := 0
	for read < len(p) {
		if len(r.rest) == 0 {
			if r.line == r.n {
				break
			}
			r.rest = []byte(r.puzzles[r.line%len(r.puzzles)] + "\n")
			r.line++
		}
		k := copy(p[read:], r.rest)
		r.rest = r.rest[k:]
		read += k
	}
	if read == 0 {
		return 0, io.EOF
	}
	return read, nil
}

// solutionChecker checks each output line against the solution expected
// for it as the lines are written, keeping nothing but a partial line.
type solutionChecker struct {
	solutions []string
	lines     int
	partial   []byte
	wrong     []string // the first few lines that were not as expected
}

func (c *solutionChecker) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			c.partial = append(c.partial, p...)
			break
		}
		line := string(append(c.partial, p[:i]...))
		c.partial, p = c.partial[:0], p[i+1:]
		if want := c.solutions[c.lines%len(c.solutions)]; line != want && len(c.wrong) < 5 {
			c.wrong = append(c.wrong, fmt.Sprintf("line %d: %q, want %q", c.lines+1, line, want))
		}
		c.lines++
	}
	return n, nil
}

// peakHeap samples the bytes of live and not yet collected heap objects
// until stop is closed, and returns the most it saw.
func peakHeap(stop <-chan struct{}) uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	tick := time.NewTicker(200 * time.Microsecond)
	defer tick.Stop()
	var peak uint64
	for {
		metrics.Read(s)
		peak = max(peak, s[0].Value.Uint64())
		select {
		case <-stop:
			return peak
		case <-tick.C:
		}
	}
}

// TestSolveTextMemoryFlat: solving text keeps the heap bounded however
// many puzzles stream through (issue 12: 15 MB of memory for 48,765
// puzzles, to keep). 400,000 puzzles are 33 MB in and 33 MB out; a
// pipeline that held its input or its output would pass the bound.
func TestSolveTextMemoryFlat(t *testing.T) {
	// The solutions of three 17-clue puzzles (solve/testdata/
	// known-17-clue.txt), a cell in three taken out: quick to solve, as
	// the test is about memory (and runs under the race detector in CI).
	solutions := []string{
		"953168742862734951417952836746893125281645397395271468138529674574386219629417583",
		"315486927847295631692173584476312859129568473538947216984751362261834795753629148",
		"931548672547629381862173945624931758198756423375284196756412839213897564489365217",
	}
	puzzles := make([]string, len(solutions))
	for i, sol := range solutions {
		p := []byte(sol)
		for j := 0; j < len(p); j += 3 {
			p[j] = '.'
		}
		puzzles[i] = string(p)
	}
	const n = 400_000 // 0.7 s; the input must pass the bound
	const bound = 24 << 20
	require.Greater(t, n*82, bound, "the input must be larger than the bound, or the test proves nothing")

	for _, workers := range []int{1, 2} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			out := &solutionChecker{solutions: solutions}
			var errOut strings.Builder
			e := newEnv(&repeatedPuzzles{puzzles: puzzles, n: n}, out, &errOut)
			var o solveOptions
			o.workers = workers

			stop := make(chan struct{})
			var peak uint64
			var wg sync.WaitGroup
			wg.Go(func() { peak = peakHeap(stop) })
			err := solveText(e, "-", o)
			close(stop)
			wg.Wait()

			require.NoError(t, err, errOut.String())
			assert.Equal(t, n, out.lines, "one solution a puzzle")
			assert.Empty(t, out.wrong)
			assert.Empty(t, out.partial, "the last line ends with a newline")
			assert.Less(t, peak, uint64(bound), "peak heap, bytes, for %d puzzles", n)
			t.Logf("%d puzzles on %d workers: peak heap %.1f MB", n, workers, float64(peak)/(1<<20))
		})
	}
}
