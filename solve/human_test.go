package solve

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sharedData = "../../shared/data/"

// readPuzzles reads the puzzles of a file; every keep-th one, at most max
// (0 for all). A missing file skips the test when skip is set.
func readPuzzles(t testing.TB, path string, keep, max int, skip bool) []Grid {
	t.Helper()
	f, err := os.Open(path)
	if err != nil && skip {
		t.Skipf("%s: %v", path, err)
	}
	require.NoError(t, err)
	defer f.Close()
	rd := NewReader(f)
	if strings.HasSuffix(path, "_3x2.txt") {
		rd.Shape = Shape{6, 3, 2}
	}
	ps, err := rd.ReadAll()
	require.NoError(t, err)
	var out []Grid
	for i, p := range ps {
		if i%keep == 0 {
			out = append(out, p.Grid)
		}
		if max > 0 && len(out) == max {
			break
		}
	}
	require.NotEmpty(t, out)
	return out
}

// peersOf lists the cells sharing a row, column or box with c, computed
// from the shape independently of the solver's geometry.
func peersOf(s Shape, c Cell) []Cell {
	var out []Cell
	for r := 0; r < s.Size; r++ {
		for col := 0; col < s.Size; col++ {
			if (r == c.Row && col == c.Col) || !(r == c.Row || col == c.Col || s.Box(r, col) == s.Box(c.Row, c.Col)) {
				continue
			}
			out = append(out, Cell{r, col})
		}
	}
	return out
}

// checkExplanation replays the steps of ex on the basic pencil marks of
// start and checks each against the exact solution of givens and against
// the board as the steps before it left it: every step does something,
// placements are the solution's digits in cells still empty, and
// eliminations remove candidates still there (none twice) and never the
// solution's digit. It also checks the grade, score, hardest technique and
// counts against the steps.
func checkExplanation(t *testing.T, givens, start Grid, ex *Explanation) {
	t.Helper()
	sol, err := Solve(givens)
	require.NoError(t, err)
	s := start.Shape
	cand := start.Candidates()
	grid := start
	round := 0
	var counts = map[Technique]int{}
	work, lastRound, difficulty, grade, hardest := 0, 0, 0, Easy, NoTechnique
	var roundTech []Technique
	var roundMin []int
	for k, st := range ex.Steps {
		if st.Round < round {
			t.Fatalf("step %d: rounds go down", k)
		}
		round = st.Round
		if len(st.Placements)+len(st.Eliminations) == 0 {
			t.Fatalf("step %d does nothing", k)
		}
		// plain ifs, not testify, in these loops: they run millions of times
		for _, p := range st.Placements {
			i := p.Row*s.Size + p.Col
			if int(sol.Cells[i]) != p.Digit || grid.Cells[i] != 0 || !cand[i].Has(p.Digit) {
				t.Fatalf("step %d %q: placement %v is wrong, in a filled cell or not a candidate", k, st.Text(), p)
			}
			grid.Set(p.Row, p.Col, p.Digit)
			cand[i] = DigitsOf(p.Digit)
			for _, q := range peersOf(s, p.Cell) {
				cand[q.Row*s.Size+q.Col] &^= DigitsOf(p.Digit)
			}
		}
		for _, e := range st.Eliminations {
			i := e.Row*s.Size + e.Col
			if int(sol.Cells[i]) == e.Digit || grid.Cells[i] != 0 || !cand[i].Has(e.Digit) {
				t.Fatalf("step %d %q: elimination %v removes the solution, is in a filled cell or was already made", k, st.Text(), e)
			}
			cand[i] &^= DigitsOf(e.Digit)
		}
		if text := st.Text(); !strings.HasPrefix(text, st.Technique.ShortName()+": ") || strings.Contains(text, "?") {
			t.Fatalf("step %d: the text lacks its technique or a part: %q", k, text)
		}
		counts[st.Technique]++
		if st.Difficulty < st.Technique.Weight() {
			t.Fatalf("step %d: difficulty %d below the weight of %v", k, st.Difficulty, st.Technique)
		}
		if st.Round != lastRound {
			work += st.Technique.Weight()
			lastRound = st.Round
			roundTech = append(roundTech, st.Technique)
			roundMin = append(roundMin, st.Difficulty)
		} else if st.Difficulty < roundMin[len(roundMin)-1] {
			roundMin[len(roundMin)-1] = st.Difficulty
		}
		if st.Technique.Level() > grade {
			grade = st.Technique.Level()
		}
	}
	// the hardest round: by level, then the least difficulty of its steps
	for k, tech := range roundTech {
		if hardest == NoTechnique || tech.Level() > hardest.Level() || (tech.Level() == hardest.Level() && roundMin[k] > difficulty) {
			hardest, difficulty = tech, roundMin[k]
		}
	}
	// the hardest step decides, the work breaks ties
	score := 10000*(1000*int(grade)+difficulty) + min(work, 9999)
	require.Equal(t, sol, grid, "the steps solve the puzzle")
	require.Equal(t, sol, ex.Solved)
	require.Equal(t, grade, ex.Grade)
	require.Equal(t, score, ex.Score)
	require.Equal(t, work, ex.Work)
	require.Equal(t, difficulty, ex.Difficulty)
	require.Equal(t, hardest, ex.Hardest)
	require.Equal(t, counts, ex.Counts)
}

func TestExplainSoundTestdata(t *testing.T) {
	files := []string{"testdata/human_sound.txt", "testdata/human_shapes.txt", "testdata/human_shapes_3x2.txt"}
	seen := map[Grade]int{}
	for _, file := range files {
		for _, g := range readPuzzles(t, file, 1, 0, false) {
			ex, err := Explain(g)
			require.NoError(t, err, "%v", g)
			checkExplanation(t, g, g, ex)
			seen[ex.Grade]++
		}
	}
	// the sample exercises every grade
	for _, g := range Grades {
		assert.Positive(t, seen[g], "no %v puzzle in the testdata", g)
	}
}

// sampled tells the tests that explain whole sets to take a sample: with
// -short, and under the race detector, which slows the explainer tenfold
// (the plain run checks every puzzle).
func sampled() bool { return testing.Short() || raceEnabled }

func TestExplainSoundShared(t *testing.T) {
	t.Parallel()
	sets := []struct {
		file      string
		keep, max int
	}{
		{"17-clue.txt", 16, 3000},
		{"magictour-top1465.txt", 1, 0},
		{"forum-hardest-1905-11plus.txt", 97, 500},
	}
	used := map[Technique]int{}
	for _, set := range sets {
		keep, max := set.keep, set.max
		if sampled() {
			keep, max = keep*10, 150
		}
		for _, g := range readPuzzles(t, sharedData+set.file, keep, max, true) {
			ex, err := Explain(g)
			require.NoError(t, err, "%v", g)
			checkExplanation(t, g, g, ex)
			for tech, n := range ex.Counts {
				used[tech] += n
			}
		}
	}
	if !sampled() {
		// the hard sets exercise every technique but the rarest (those are
		// tested on hand-built positions, the verity on human_verity.txt)
		// and the guess, which the nested forcing net makes rare
		for _, tech := range Techniques() {
			switch tech {
			case HiddenQuad, Jellyfish, BUGPlus1, BUGPlusN, NakedQuad, ForcingNetVerity, AvoidableRect2, DeathBlossom, BruteForce:
				continue
			}
			assert.Positive(t, used[tech], "%v never used", tech)
		}
	}
}

// transform relabels digits (kind 0), transposes (1) or rotates the grid a
// quarter turn clockwise (2). Transposing or rotating a grid with oblong
// boxes gives the transposed box shape.
func transform(g Grid, rng *rand.Rand, kind int) Grid {
	s := g.Shape
	n := s.Size
	out := Grid{Shape: s}
	switch kind {
	case 0:
		perm := rng.Perm(n)
		for i := 0; i < s.Cells(); i++ {
			if d := g.Cells[i]; d != 0 {
				out.Cells[i] = uint8(perm[d-1] + 1)
			}
		}
	case 1:
		out.Shape = Shape{n, s.BoxCols, s.BoxRows}
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				out.Set(c, r, g.At(r, c))
			}
		}
	case 2:
		out.Shape = Shape{n, s.BoxCols, s.BoxRows}
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				out.Set(c, n-1-r, g.At(r, c))
			}
		}
	}
	return out
}

// The grade does not depend on the digits' names or the grid's
// orientation; neither do the score and the counts of every technique,
// unless the solve needed a Brute Force guess.
func TestGradeInvariant(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(7))
	var puzzles []Grid
	puzzles = append(puzzles, readPuzzles(t, "testdata/human_sound.txt", 1, 0, false)...)
	puzzles = append(puzzles, readPuzzles(t, "testdata/human_shapes.txt", 1, 0, false)...)
	puzzles = append(puzzles, readPuzzles(t, "testdata/human_shapes_3x2.txt", 1, 0, false)...)
	guessed := 0
	for k, g := range puzzles {
		if sampled() && k%4 != 0 {
			continue
		}
		a, err := RateDetail(g)
		require.NoError(t, err)
		for kind := range 3 {
			q := transform(g, rng, kind)
			b, err := RateDetail(q)
			require.NoError(t, err)
			require.Equal(t, a.Grade, b.Grade, "%v (transform %d)", g, kind)
			if a.Counts[BruteForce] > 0 {
				guessed++
				continue
			}
			require.Equal(t, a.Score, b.Score, "%v (transform %d)", g, kind)
			require.Equal(t, a.Counts, b.Counts, "%v (transform %d)", g, kind)
			require.Equal(t, a.Hardest, b.Hardest, "%v (transform %d)", g, kind)
		}
	}
	assert.Less(t, guessed, len(puzzles)*3/2, "most puzzles finish without a guess")
}

func TestRateMatchesExplain(t *testing.T) {
	for _, g := range readPuzzles(t, "testdata/human_sound.txt", 7, 0, false) {
		ex, err := Explain(g)
		require.NoError(t, err)
		grade, score, hardest, err := Rate(g)
		require.NoError(t, err)
		assert.Equal(t, ex.Grade, grade)
		assert.Equal(t, ex.Score, score)
		assert.Equal(t, ex.Hardest, hardest)
	}
}

// TestRateWithin: under every cap, a puzzle is within exactly when Rate's
// grade is at most the cap, and then the grades agree.
func TestRateWithin(t *testing.T) {
	seen := map[Grade]int{}
	for _, g := range readPuzzles(t, "testdata/human_sound.txt", 3, 0, false) {
		want, err := RateDetail(g)
		require.NoError(t, err)
		seen[want.Grade]++
		for max := Easy; max <= Extreme; max++ {
			got, within, err := RateWithin(g, max)
			require.NoError(t, err)
			require.Equal(t, want.Grade <= max, within, "%s under %s", FormatLine(&g), max)
			if within {
				assert.Equal(t, want, got)
			}
		}
	}
	for grade := Easy; grade <= Extreme; grade++ {
		assert.Positive(t, seen[grade], "the test puzzles include %s ones", grade)
	}
	_, _, err := RateWithin(Grid{Shape: Shape9}, Hard)
	assert.ErrorIs(t, err, ErrNotUnique)
}

// TestRateSolved: given the solution, the ratings are those worked out
// without it; a solution that disagrees with a given, or of another shape,
// is an error.
func TestRateSolved(t *testing.T) {
	for _, g := range readPuzzles(t, "testdata/human_sound.txt", 3, 0, false) {
		sol, err := Solve(g)
		require.NoError(t, err)
		want, err := RateDetail(g)
		require.NoError(t, err)
		got, err := Options{AllowGuess: true}.RateSolved(g, &sol)
		require.NoError(t, err)
		assert.Equal(t, want, got, FormatLine(&g))
		for max := Easy; max <= Extreme; max++ {
			wantIn, wantOK, err := RateWithin(g, max)
			require.NoError(t, err)
			gotIn, gotOK, err := RateWithinSolved(g, &sol, max)
			require.NoError(t, err)
			assert.Equal(t, wantOK, gotOK, "%s under %s", FormatLine(&g), max)
			assert.Equal(t, wantIn, gotIn, "%s under %s", FormatLine(&g), max)
		}
	}
	g := readPuzzles(t, "testdata/human_sound.txt", 1, 1, false)[0]
	sol, err := Solve(g)
	require.NoError(t, err)
	given := slices.IndexFunc(g.Cells[:], func(d uint8) bool { return d != 0 })
	wrong := sol
	wrong.Cells[given] = wrong.Cells[given]%9 + 1
	_, _, err = RateWithinSolved(g, &wrong, Expert)
	var entry *WrongEntryError
	assert.ErrorAs(t, err, &entry, "a solution that disagrees with a given")
	other := Grid{Shape: Shape6}
	_, err = Options{}.RateSolved(g, &other)
	assert.ErrorIs(t, err, ErrShape)
}

// TestTechniquesInOrderOfLevel: the solver tries techniques in order of
// grade, which RateWithin and the grades of Explain rely on.
func TestTechniquesInOrderOfLevel(t *testing.T) {
	ts := Techniques()
	for i := 1; i < len(ts); i++ {
		assert.LessOrEqual(t, ts[i-1].Level(), ts[i].Level(), "%s before %s", ts[i-1], ts[i])
	}
	for grade, last := range map[Grade]Technique{Easy: HiddenSingle, Medium: HiddenTriple, Hard: FinnedXWing, Expert: DeathBlossom, Extreme: BruteForce} {
		assert.Equal(t, last, hardestOf(grade), grade.String())
	}
}

func TestExplainErrors(t *testing.T) {
	g, err := ParseLine("1234............")
	require.NoError(t, err)
	_, err = Explain(g)
	assert.ErrorIs(t, err, ErrNotUnique)
	_, _, _, err = Rate(g)
	assert.ErrorIs(t, err, ErrNotUnique)

	conflict, err := ParseLine("11..............")
	require.NoError(t, err)
	_, err = Explain(conflict)
	assert.ErrorIs(t, err, ErrConflict)

	// no repeated digit, yet r1c4 can hold nothing
	none, err := ParseLine("123........4....")
	require.NoError(t, err)
	_, _, _, err = Rate(none)
	assert.ErrorIs(t, err, ErrNoSolution)
	_, err = LogicCandidates(none)
	assert.ErrorIs(t, err, ErrNoSolution)

	// a complete grid needs no step
	full, err := ParseLine("1234341221434321")
	require.NoError(t, err)
	ex, err := Explain(full)
	require.NoError(t, err)
	assert.Empty(t, ex.Steps)
	assert.Equal(t, Easy, ex.Grade)
	assert.Equal(t, NoTechnique, ex.Hardest)
	_, err = NextStep(full, full)
	assert.ErrorIs(t, err, ErrSolved)
}

func TestNextStep(t *testing.T) {
	puzzles := readPuzzles(t, "testdata/human_sound.txt", 13, 0, false)
	for _, g := range puzzles {
		// from the givens, the hint is the first step of the explanation
		ex, err := Explain(g)
		require.NoError(t, err)
		hint, err := NextStep(g, g)
		require.NoError(t, err)
		assert.Equal(t, ex.Steps[0].Technique, hint.Technique)
		assert.Equal(t, ex.Steps[0].Text(), hint.Text())

		// with some correct entries the hint is sound for that grid
		sol, err := Solve(g)
		require.NoError(t, err)
		cur := g
		for i := 0; i < g.Shape.Cells(); i += 5 {
			cur.Cells[i] = sol.Cells[i]
		}
		hint, err = NextStep(g, cur)
		require.NoError(t, err)
		ex, err = ExplainFrom(g, cur)
		require.NoError(t, err)
		checkExplanation(t, g, cur, ex)
		assert.Equal(t, ex.Steps[0].Technique, hint.Technique)
		for _, p := range hint.Placements {
			assert.Zero(t, cur.At(p.Row, p.Col))
			assert.Equal(t, sol.At(p.Row, p.Col), p.Digit)
		}
		for _, e := range hint.Eliminations {
			assert.NotEqual(t, sol.At(e.Row, e.Col), e.Digit)
		}
	}

	// a wrong entry is named
	g := puzzles[0]
	sol, err := Solve(g)
	require.NoError(t, err)
	cur := g
	var wrong Cell
	for i := 0; i < 81; i++ {
		if g.Cells[i] == 0 {
			cur.Cells[i] = sol.Cells[i]%9 + 1
			wrong = Cell{i / 9, i % 9}
			break
		}
	}
	_, err = NextStep(g, cur)
	var we *WrongEntryError
	require.ErrorAs(t, err, &we)
	assert.Equal(t, wrong, we.Cell)
	assert.ErrorIs(t, err, ErrWrongEntry)
	assert.Contains(t, err.Error(), wrong.String())

	// a given that was changed
	cur = g
	for i := 0; i < 81; i++ {
		if g.Cells[i] != 0 {
			cur.Cells[i] = 0
			break
		}
	}
	_, err = NextStep(g, cur)
	assert.ErrorIs(t, err, ErrGivenChanged)
}

func TestLogicCandidates(t *testing.T) {
	for _, g := range readPuzzles(t, "testdata/human_sound.txt", 5, 0, false) {
		sol, err := Solve(g)
		require.NoError(t, err)
		ex, err := Explain(g)
		require.NoError(t, err)
		lc, err := LogicCandidates(g)
		require.NoError(t, err)
		basic := g.Candidates()
		require.Len(t, lc, 81)
		complete := true
		for i, c := range lc {
			assert.True(t, c.Has(int(sol.Cells[i])), "keeps the solution")
			assert.Zero(t, c&^basic[i], "only removes")
			if c.Len() != 1 {
				complete = false
			}
		}
		// logic alone finishes exactly the puzzles that are not Extreme
		assert.Equal(t, ex.Grade < Extreme, complete, "%v", g)

		// from a grid with some correct entries: still only removes
		cur := g
		for i := 0; i < 81; i += 7 {
			cur.Cells[i] = sol.Cells[i]
		}
		lc2, err := LogicCandidatesFrom(g, cur)
		require.NoError(t, err)
		for i, c := range lc2 {
			assert.True(t, c.Has(int(sol.Cells[i])))
			if cur.Cells[i] != 0 {
				assert.Equal(t, DigitsOf(int(cur.Cells[i])), c)
			}
		}
	}
	g := readPuzzles(t, "testdata/human_sound.txt", 1, 1, false)[0]
	sol, err := Solve(g)
	require.NoError(t, err)
	cur := g
	for i := range 81 {
		if g.Cells[i] == 0 {
			cur.Cells[i] = sol.Cells[i]%9 + 1
			break
		}
	}
	_, err = LogicCandidatesFrom(g, cur)
	assert.ErrorIs(t, err, ErrWrongEntry)
	// An entry that is no digit of the grid says so; a 12 in a 9x9 was
	// "the entry C is wrong" (a library walk of 2 December).
	for i := range 81 {
		if g.Cells[i] == 0 {
			cur = g
			cur.Cells[i] = 12
			_, err = LogicCandidatesFrom(g, cur)
			assert.ErrorIs(t, err, ErrDigitRange)
			assert.ErrorContains(t, err, "holds 12, not a digit of a 9x9 grid (digits 1-9)")
			_, err = ExplainFrom(g, cur)
			assert.ErrorIs(t, err, ErrDigitRange)
			break
		}
	}
}

func TestStepJSONAndText(t *testing.T) {
	// r5c2 is the only place for 7 in box 4: the 7s of rows 4 and 6 and
	// of columns 1 and 3 leave it alone.
	h := hiddenSingleBox4(t)
	var s Step
	for k := range h.found {
		if h.found[k].Units[0] == (Unit{Box, 3}) {
			s = h.found[k].clone()
		}
	}
	assert.Equal(t, "Hidden Single: in box 4, 7 fits only in r5c2.", s.Text())
	out, err := json.Marshal(s)
	require.NoError(t, err)
	var back map[string]any
	require.NoError(t, json.Unmarshal(out, &back))
	assert.Equal(t, "Hidden Single", back["technique"])
	assert.Equal(t, "Easy", back["level"])
	assert.Equal(t, []any{map[string]any{"row": 5.0, "col": 2.0, "digit": 7.0}}, back["placements"])
	assert.Equal(t, []any{}, back["eliminations"])
	assert.Equal(t, []any{map[string]any{"kind": "box", "index": 4.0}}, back["units"])
	assert.Equal(t, []any{map[string]any{"row": 5.0, "col": 2.0}}, back["cells"])

	var c Candidate
	require.NoError(t, json.Unmarshal([]byte(`{"row":5,"col":2,"digit":7}`), &c))
	assert.Equal(t, Candidate{Cell{4, 1}, 7}, c)
	// Only what MarshalJSON writes: {"row":0} became row -1 (r0c1), and a
	// field left out was taken as 0 (a library walk of 2 December).
	for _, bad := range []string{`{"row":0,"col":2,"digit":7}`, `{"row":5,"col":2}`, `{"row":5,"col":-1,"digit":7}`, `{"row":5,"col":2,"digit":17}`} {
		var c Candidate
		assert.ErrorContains(t, json.Unmarshal([]byte(bad), &c), "a candidate's", bad)
	}

	// Explanation (with Counts keyed by technique name) marshals too
	ex, err := Explain(readPuzzles(t, "testdata/human_sound.txt", 1, 1, false)[0])
	require.NoError(t, err)
	out, err = json.Marshal(ex)
	require.NoError(t, err)
	var exj map[string]any
	require.NoError(t, json.Unmarshal(out, &exj))
	assert.Equal(t, ex.Grade.String(), exj["grade"])
	assert.Equal(t, FormatLine(&ex.Solved), exj["solution"])
	assert.Equal(t, float64(ex.Counts[HiddenSingle]), exj["counts"].(map[string]any)["Hidden Single"])
	assert.Len(t, exj["steps"], len(ex.Steps))
	// and so does one held by value, in a struct of the caller's (it
	// marshalled as {"Steps":..., "Solved":{"Shape":...}}: a library walk
	// of 3 December)
	byValue, err := json.Marshal(struct{ X Explanation }{*ex})
	require.NoError(t, err)
	assert.Equal(t, `{"X":`+string(out)+`}`, string(byValue))
}

func TestPointingText(t *testing.T) {
	// In box 1, rows 1 and 3 are full, so 3 lies only in row 2: it is
	// removed from the rest of row 2.
	g, err := ParseLine("" +
		"124......" +
		"........." +
		"567......" +
		"........." +
		"........." +
		"........." +
		"........." +
		"........." +
		".........")
	require.NoError(t, err)
	h := &human{}
	h.b.init(&g)
	h.pointing()
	var found *Step
	for k := range h.found {
		if h.found[k].Digits == DigitsOf(3) && h.found[k].Units[0] == (Unit{Box, 0}) {
			found = &h.found[k]
		}
	}
	require.NotNil(t, found)
	assert.Equal(t, "Pointing: in box 1, 3 lies only in row 2, so 3 is removed from r2c4, r2c5, r2c6, r2c7, r2c8, r2c9.", found.Text())
}

func TestGradeTableAndNames(t *testing.T) {
	table := GradeTable()
	for _, tech := range Techniques() {
		assert.Contains(t, table, "| "+tech.String()+" |")
		back, err := ParseTechnique(tech.ShortName())
		require.NoError(t, err)
		assert.Equal(t, tech, back)
		assert.Positive(t, tech.Weight())
	}
	// the levels follow the order the solver tries the techniques in
	prev := Easy
	for _, tech := range Techniques() {
		assert.GreaterOrEqual(t, tech.Level(), prev, "%v", tech)
		prev = tech.Level()
	}
	assert.Equal(t, Easy, HiddenSingle.Level())
	assert.Equal(t, Medium, NakedTriple.Level())
	assert.Equal(t, Hard, Jellyfish.Level())
	assert.Equal(t, Expert, XYChain.Level())
	assert.Equal(t, Extreme, BruteForce.Level())
	for _, g := range Grades {
		back, err := ParseGrade(strings.ToLower(g.String()))
		require.NoError(t, err)
		assert.Equal(t, g, back)
	}
	_, err := ParseGrade("trivial")
	assert.Error(t, err)
	assert.True(t, errors.Is(&WrongEntryError{}, ErrWrongEntry))
}

// FuzzExplain: any puzzle with one solution explains soundly.
//
//	go test ./solve -run '^$' -fuzz FuzzExplain -fuzztime 30s
func FuzzExplain(f *testing.F) {
	for _, g := range readPuzzles(f, "testdata/human_sound.txt", 20, 0, false) {
		f.Add(FormatLine(&g))
	}
	f.Add("1...............")
	f.Add("12..34..........")
	f.Fuzz(func(t *testing.T, line string) {
		g, err := ParseLine(line)
		if err != nil || g.Shape.Size > 9 {
			return
		}
		ex, err := Explain(g)
		if err != nil {
			if CountSolutions(g, 2) == 1 && g.Check() == nil {
				t.Fatalf("%v: %v", g, err)
			}
			return
		}
		checkExplanation(t, g, g, ex)
	})
}

// TestReadmeGradeTable: the README shows the grading scale as GradeTable
// prints it, so the two cannot drift apart.
func TestReadmeGradeTable(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	assert.True(t, strings.Contains(string(readme), GradeTable()), "README.md: paste solve.GradeTable() in place of its grade table:\n%s", GradeTable())
}

// TestNoGuess: the forum's hardest puzzles of the testdata are explained
// without a guess: the nested forcing net takes over where the forcing
// net is stuck, and Options without AllowGuess finish them.
func TestNoGuess(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/human_sound.txt")
	require.NoError(t, err)
	_, forum, ok := strings.Cut(string(data), "# from forum-hardest-1905-11plus.txt\n")
	require.True(t, ok)
	hardest, err := NewReader(strings.NewReader(forum)).ReadAll()
	require.NoError(t, err)
	require.Len(t, hardest, 150)
	if testing.Short() {
		hardest = hardest[:min(len(hardest), 20)]
	}
	nested := 0
	for _, p := range hardest {
		g := p.Grid
		r, err := Options{}.Rate(g)
		require.NoError(t, err, "%s", FormatLine(&g))
		require.Zero(t, r.Counts[BruteForce], "%s", FormatLine(&g))
		nested += r.Counts[ForcingNetNested]
	}
	assert.Positive(t, nested, "the sample needs the nested net")
}

// TestNeedsGuess: without AllowGuess, a board no technique moves gives
// ErrNeedsGuess, and with it a Brute Force step.
func TestNeedsGuess(t *testing.T) {
	g := readPuzzles(t, "testdata/human_sound.txt", 1, 1, false)[0]
	h := &human{}
	require.NoError(t, h.prepare(&g, &g))
	// stuck after the singles only: what a guess would follow
	require.NoError(t, h.run(HiddenSingle, func(*Step) {}))
	require.Positive(t, h.b.left)
	err := Options{}.stuck(h)
	assert.ErrorIs(t, err, ErrNeedsGuess)
	assert.Contains(t, err.Error(), "cells left")
	assert.NoError(t, Options{}.stuck(&human{b: board{left: 0}}))

	// two forum puzzles that the inner nets from cells with two
	// candidates leave stuck: those from cells with three finish them
	for _, line := range []string{
		"98.7..6..7......9...6.5.7...9....4...4..3......74...5...98...7...85...6......2..1",
		"98.7..6..5..6..4......3..8.6....7..4.594....6......5..4..9..7...9......2.....1.4.",
	} {
		hard, err := ParseLine(line)
		require.NoError(t, err)
		r, err := Options{}.Rate(hard)
		require.NoError(t, err, line)
		assert.Zero(t, r.Counts[BruteForce])
		assert.Equal(t, ForcingNetNested, r.Hardest)
		assert.GreaterOrEqual(t, r.Difficulty, ForcingNetNested.Weight()+10, "the wider inner nets cost more")
	}

	// a whole solve with and without: the same when no guess is needed
	a, err := Options{}.Rate(g)
	require.NoError(t, err)
	b, err := Options{AllowGuess: true}.Rate(g)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	ex, err := Options{}.ExplainFrom(g, g)
	require.NoError(t, err)
	assert.Equal(t, a.Score, ex.Score)
	st, err := Options{}.NextStep(g, g)
	require.NoError(t, err)
	assert.Equal(t, ex.Steps[0].Technique, st.Technique)
}

// hiddenSingleBox4 is a human that has found the hidden singles of a grid
// where r5c2 is the only place for 7 in box 4: the 7s of rows 4 and 6 and
// of columns 1 and 3 leave it alone.
func hiddenSingleBox4(t *testing.T) *human {
	t.Helper()
	g, err := ParseLine("" +
		"........." +
		"7........" +
		"........." +
		"....7...." +
		"........." +
		"......7.." +
		"........." +
		"..7......" +
		".........")
	require.NoError(t, err)
	h := &human{}
	h.b.init(&g)
	h.hiddenSingle()
	return h
}

// TestStepsReadOnTheirBoard: a step's pattern holds on the candidates as
// the steps before it left them, or, when an earlier step of its round
// took some, on those as its round began, and then the step says so
// (RoundStart). Steps of a round applied one after another described the
// board as it was, silently: "pivot r5c9 {3,8} sees ... r5c2 {3,7}" when
// r5c2 held 7 alone (a walk of 2 December found 162 such steps in 640
// puzzles).
func TestStepsReadOnTheirBoard(t *testing.T) {
	wholeCells := map[Technique]bool{XYWing: true, XYZWing: true, WWing: true, UniqueRectangle1: true, UniqueRectangle2: true,
		UniqueRectangle3: true, UniqueRectangle4: true, UniqueRectangle5: true, UniqueRectangle6: true, HiddenRectangle: true,
		AvoidableRect1: true, AvoidableRect2: true, BUGPlus1: true, BUGPlusN: true, SueDeCoq: true, ALSXZ: true, ALSXYWing: true,
		ALSChain: true, DeathBlossom: true}
	asFound := map[Technique]bool{FullHouse: true, NakedSingle: true, HiddenSingle: true, XChain: true, XYChain: true, AIC: true,
		GroupedAIC: true, ForcingNet: true, ForcingNetVerity: true, ForcingNetNested: true, BruteForce: true}
	puzzles := readPuzzles(t, "testdata/human_sound.txt", 1, 0, false)
	puzzles = append(puzzles, readPuzzles(t, "testdata/human_shapes_3x2.txt", 1, 0, false)...)
	marked := 0
	for _, g := range puzzles {
		ex, err := Explain(g)
		require.NoError(t, err)
		n := g.Shape.Size
		cands := g.Candidates()
		var roundStart []Digits
		round := 0
		for k, s := range ex.Steps {
			if s.Round != round {
				round, roundStart = s.Round, append(roundStart[:0], cands...)
			}
			if !asFound[s.Technique] {
				want := s.Digits
				if wholeCells[s.Technique] {
					want = ^Digits(0)
				}
				holds := func(board []Digits) bool {
					for _, c := range append(append([]Cell(nil), s.Cells...), s.Fins...) {
						i := c.Row*n + c.Col
						if roundStart[i]&want&^board[i] != 0 {
							return false // a candidate the pattern had at the round's start is gone
						}
					}
					return true
				}
				assert.Equal(t, !holds(cands), s.RoundStart, "%v step %d: %s", g, k+1, s.Text())
				if s.RoundStart {
					marked++
					assert.Contains(t, s.Text(), fmt.Sprintf("(Read on the candidates as round %d began;", s.Round))
				}
			}
			for _, p := range s.Placements {
				i := p.Row*n + p.Col
				cands[i] = 0
				for j := range n * n {
					if j/n == p.Row || j%n == p.Col || g.Shape.Box(j/n, j%n) == g.Shape.Box(p.Row, p.Col) {
						cands[j] &^= 1 << (p.Digit - 1)
					}
				}
			}
			for _, e := range s.Eliminations {
				cands[e.Row*n+e.Col] &^= 1 << (e.Digit - 1)
			}
		}
	}
	assert.Positive(t, marked, "some steps are read on their round's start")
}
