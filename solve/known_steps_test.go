package solve

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// knownSteps is the file of explanations known to be right: each line is a
// puzzle, its grade, score, hardest technique and a digest of its steps
// (each step's technique, difficulty, round, placements, eliminations,
// chain and sentence). The searches of the human solver are tuned for
// speed; a change meant only to be faster must leave every line as it is.
// It was made with -update from the puzzles of the known-answer files.
const knownSteps = "known-steps.txt"

// knownStepsFrom are the puzzles it explains: every puzzle of a
// known-answer file, every keep-th (the forum's hardest are slow to
// explain under -race).
var knownStepsFrom = []struct {
	file string
	keep int
}{
	{"known-magictour.txt", 1},
	{"known-forum-hardest.txt", 5},
	{"known-17-clue.txt", 5},
}

// stepsLine explains p and returns its line of known-steps.txt.
func stepsLine(t *testing.T, p Grid) string {
	t.Helper()
	e, err := Explain(p)
	require.NoError(t, err, "%s", p)
	h := fnv.New64a()
	for k := range e.Steps {
		s := &e.Steps[k]
		fmt.Fprintf(h, "%s|%d|%d|%v|%v|%v|%v|%s\n", s.Technique, s.Difficulty, s.Round,
			s.Placements, s.Eliminations, s.Chain, s.ChainCells, s.Text())
	}
	hardest := strings.ReplaceAll(e.Hardest.String(), " ", "_")
	return fmt.Sprintf("%s %s %d %s %016x", p, e.Grade, e.Score, hardest, h.Sum64())
}

// knownStepsPuzzles reads the puzzles knownStepsFrom names.
func knownStepsPuzzles(t *testing.T) []Grid {
	var out []Grid
	for _, src := range knownStepsFrom {
		out = append(out, knownFilePuzzles(t, src.file, src.keep)...)
	}
	return out
}

// knownFilePuzzles reads every keep-th puzzle of a known-answer file of
// testdata (a puzzle, a space, its solution, each line).
func knownFilePuzzles(t *testing.T, file string, keep int) []Grid {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", file))
	require.NoError(t, err)
	defer f.Close()
	var out []Grid
	sc := bufio.NewScanner(f)
	for n := 0; sc.Scan(); n++ {
		if n%keep != 0 {
			continue
		}
		text, _, _ := strings.Cut(sc.Text(), " ")
		p, err := ParseLine(text)
		require.NoError(t, err, "%s line %d", file, n+1)
		out = append(out, p)
	}
	require.NoError(t, sc.Err())
	return out
}

func TestUpdateKnownSteps(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite testdata")
	}
	var b strings.Builder
	for _, p := range knownStepsPuzzles(t) {
		b.WriteString(stepsLine(t, p) + "\n")
	}
	require.NoError(t, os.WriteFile(filepath.Join("testdata", knownSteps), []byte(b.String()), 0o644))
}

// TestKnownSteps explains 350 puzzles and checks that each explanation is
// the one known: same steps, same grade and score.
func TestKnownSteps(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", knownSteps))
	require.NoError(t, err)
	want := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	puzzles := knownStepsPuzzles(t)
	require.Len(t, want, len(puzzles), "%s is for other puzzles: rewrite it with -update", knownSteps)
	for i, p := range puzzles {
		require.Equal(t, want[i], stepsLine(t, p), "line %d", i+1)
	}
}
