package main

import (
	"archive/zip"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/solve"
)

const easyPuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func TestExplainJSONStepsReplay(t *testing.T) {
	code, out, errOut := runCLI(t, easyPuzzle+"\n"+puzzle+"\n", "explain", "--json", "-")
	require.Equal(t, exitOK, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	for i, line := range lines {
		var got struct {
			Line     int    `json:"line"`
			Puzzle   string `json:"puzzle"`
			Grade    string `json:"grade"`
			Solution string `json:"solution"`
			Steps    []struct {
				Technique  string `json:"technique"`
				Text       string `json:"text"`
				Placements []struct {
					Row, Col, Digit int
				} `json:"placements"`
				Eliminations []struct {
					Row, Col, Digit int
				} `json:"eliminations"`
			} `json:"steps"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &got), line[:min(len(line), 200)])
		assert.Equal(t, i+1, got.Line)
		g, err := solve.ParseLine(got.Puzzle)
		require.NoError(t, err)
		sol, err := solve.Solve(g)
		require.NoError(t, err)
		assert.Equal(t, solve.FormatLine(&sol), got.Solution)
		// Replaying the placements from the JSON fills the grid with the
		// solution, and no elimination removes a solution digit.
		for _, st := range got.Steps {
			require.NotEmpty(t, st.Technique)
			require.NotEmpty(t, st.Text)
			for _, p := range st.Placements {
				require.Equal(t, sol.At(p.Row-1, p.Col-1), p.Digit, st.Text)
				g.Set(p.Row-1, p.Col-1, p.Digit)
			}
			for _, e := range st.Eliminations {
				require.NotEqual(t, sol.At(e.Row-1, e.Col-1), e.Digit, st.Text)
			}
		}
		assert.Equal(t, sol, g, "the steps place every digit")
	}
}

func TestExplainTextAndWorkbook(t *testing.T) {
	code, out, errOut := runCLI(t, easyPuzzle+"\n", "explain", "-")
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "grade Easy")
	assert.Contains(t, out, "   1. ")

	dir := t.TempDir()
	in := copyFile(t, filepath.Join("..", "..", "samples", "teacher.xlsx"), dir)
	outPath := filepath.Join(dir, "explained.xlsx")
	code, _, errOut = runCLI(t, "", "explain", in, "-o", outPath, "--candidates", "logic")
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "explained Week 3!C3:K11")

	// Three worksheets more than the input: Solution, Candidates, Steps.
	assert.Equal(t, countSheets(t, in)+3, countSheets(t, outPath))
	readSolutionSheet(t, outPath, "B2:J10")

	// --json -o writes the steps as JSON, never as a workbook.
	jsonPath := filepath.Join(dir, "steps.json")
	code, out, errOut = runCLI(t, "", "explain", in, "--json", "-o", jsonPath)
	require.Equal(t, exitOK, code, errOut)
	assert.Empty(t, out)
	data, err := os.ReadFile(jsonPath)
	require.NoError(t, err)
	var got struct {
		Source string            `json:"source"`
		Steps  []json.RawMessage `json:"steps"`
	}
	require.NoError(t, json.Unmarshal(data, &got))
	assert.Equal(t, "Week 3!C3:K11", got.Source)
	assert.NotEmpty(t, got.Steps)
	require.NoError(t, os.Remove(jsonPath))

	// Without -o, the steps are printed with the sheet's cell names.
	code, out, errOut = runCLI(t, "", "explain", in)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "= Week 3!")

	// -o steps.txt writes the same text to the file (it was refused:
	// "must be a .xlsx file like the input", against explain's help).
	txtPath := filepath.Join(dir, "Steps.TXT")
	code, printed, errOut := runCLI(t, "", "explain", in, "-o", txtPath)
	require.Equal(t, exitOK, code, errOut)
	assert.Empty(t, printed)
	data, err = os.ReadFile(txtPath)
	require.NoError(t, err)
	assert.Equal(t, out, string(data))
	require.NoError(t, os.Remove(txtPath))
	code, _, errOut = runCLI(t, "", "explain", in, "-o", filepath.Join(dir, "steps.ods"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "written as a workbook ("+filepath.Join(dir, "steps.xlsx")+") or as text ("+filepath.Join(dir, "steps.txt")+")")

	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2)
}

func TestHintText(t *testing.T) {
	code, out, errOut := runCLI(t, easyPuzzle+"\n", "hint", "-")
	require.Equal(t, exitOK, code, errOut)
	assert.True(t, strings.HasPrefix(out, "stdin:1: "), out)
	assert.Contains(t, out, "Single")
}

// countSheets counts the worksheet parts of a workbook.
func countSheets(t *testing.T, path string) int {
	t.Helper()
	zr, err := zip.OpenReader(path)
	require.NoError(t, err)
	defer zr.Close()
	n := 0
	for _, f := range zr.File {
		if strings.HasPrefix(f.Name, "xl/worksheets/sheet") && strings.HasSuffix(f.Name, ".xml") {
			n++
		}
	}
	return n
}

func TestHintWorkbook(t *testing.T) {
	code, out, errOut := runCLI(t, "", "hint", filepath.Join("testdata", "homework-right.xlsx"))
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "told givens from entries by bold: 18 givens, 2 entries")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2, out)
	assert.Contains(t, lines[1], "= Week 3!")

	// The hint agrees with the solution.
	g, err := solve.ParseLine(puzzle)
	require.NoError(t, err)
	g.Set(0, 1, 6)
	g.Set(0, 2, 8)
	givens, _ := solve.ParseLine(puzzle)
	want, err := solve.NextStep(givens, g)
	require.NoError(t, err)
	assert.Equal(t, want.Text(), lines[0])

	code, out, _ = runCLI(t, "", "hint", filepath.Join("testdata", "homework-wrong.xlsx"))
	assert.Equal(t, exitInvalid, code)
	assert.Equal(t, "Week 3!D2 (r1c3): the entry 9 is wrong; nothing else is hinted until it is fixed\n", out)
	assert.NotContains(t, out, "8", "the right digit is not told")
}

// TestSolveRefreshesStepsSheet: a teacher explains a puzzle, changes the
// puzzle in the output and solves it again; the Steps sheet follows the
// new puzzle instead of explaining the old one.
func TestSolveRefreshesStepsSheet(t *testing.T) {
	dir := t.TempDir()
	in := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), dir)
	explained := filepath.Join(dir, "explained.xlsx")
	code, _, errOut := runCLI(t, "", "explain", in, "-o", explained)
	require.Equal(t, exitOK, code, errOut)

	// The teacher puts another puzzle in the same cells.
	changed := filepath.Join(dir, "changed.xlsx")
	f, err := excelize.OpenFile(explained)
	require.NoError(t, err)
	sheet := f.GetSheetName(0)
	g, err := solve.ParseLine(puzzle)
	require.NoError(t, err)
	for r := range 9 {
		for c := range 9 {
			cell, err := excelize.CoordinatesToCellName(c+2, r+2)
			require.NoError(t, err)
			if d := g.At(r, c); d != 0 {
				require.NoError(t, f.SetCellInt(sheet, cell, int64(d)))
			} else {
				require.NoError(t, f.SetCellValue(sheet, cell, nil))
			}
		}
	}
	require.NoError(t, f.SaveAs(changed))
	require.NoError(t, f.Close())

	solved := filepath.Join(dir, "solved.xlsx")
	code, _, errOut = runCLI(t, "", "solve", changed, "-o", solved)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, `replaced sheet "Steps" of an earlier run`)
	assert.NotContains(t, errOut, "as it stood then")

	// Its Steps sheet is the one explain makes of the changed puzzle.
	reexplained := filepath.Join(dir, "reexplained.xlsx")
	code, _, errOut = runCLI(t, "", "explain", changed, "-o", reexplained)
	require.Equal(t, exitOK, code, errOut)
	steps := func(path string) [][]string {
		f, err := excelize.OpenFile(path)
		require.NoError(t, err)
		defer f.Close()
		rows, err := f.GetRows("Steps")
		require.NoError(t, err)
		require.NotEmpty(t, rows)
		return rows
	}
	assert.Equal(t, steps(reexplained), steps(solved))
	assert.NotEqual(t, steps(explained), steps(solved))
}

func TestExplainOneStep(t *testing.T) {
	code, out, errOut := runCLI(t, "534678912672195348198342567859761423426853791713924856961537284287419635345286.79\n", "explain", "-")
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "hardest technique Full House, 1 step\n")
}

// TestExplainJSONEffective replays the steps of explain --json on a sample
// of the three shared sets (copied into solve/testdata): every step does
// something to the board as the steps before it left it, no candidate is
// eliminated twice, and no step guesses.
func TestExplainJSONEffective(t *testing.T) {
	data, err := os.ReadFile("../../solve/testdata/human_sound.txt")
	require.NoError(t, err)
	all, err := solve.NewReader(strings.NewReader(string(data))).ReadAll()
	require.NoError(t, err)
	var sample []string
	for k := 0; k < len(all); k += 25 { // 17 of them, from each set
		sample = append(sample, solve.FormatLine(&all[k].Grid))
	}
	code, out, errOut := runCLI(t, strings.Join(sample, "\n")+"\n", "explain", "--json", "-")
	require.Equal(t, exitOK, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, len(sample))
	type cand struct{ Row, Col, Digit int }
	for k, line := range lines {
		var x struct {
			Steps []struct {
				Technique    string `json:"technique"`
				Placements   []cand `json:"placements"`
				Eliminations []cand `json:"eliminations"`
			} `json:"steps"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &x))
		g, err := solve.ParseLine(sample[k])
		require.NoError(t, err)
		cands := g.Candidates()
		filled := g
		for n, st := range x.Steps {
			require.NotEqual(t, "Brute Force", st.Technique, "%s step %d", sample[k], n)
			require.NotEmpty(t, append(st.Placements, st.Eliminations...), "%s step %d does nothing", sample[k], n)
			for _, p := range st.Placements {
				i := (p.Row-1)*9 + p.Col - 1
				require.Zero(t, filled.Cells[i], "%s step %d places in a filled cell", sample[k], n)
				require.True(t, cands[i].Has(p.Digit), "%s step %d", sample[k], n)
				filled.Cells[i] = uint8(p.Digit)
				cands[i] = solve.DigitsOf(p.Digit)
				for j := range 81 {
					r, c := j/9, j%9
					if j != i && (r == p.Row-1 || c == p.Col-1 || g.Shape.Box(r, c) == g.Shape.Box(p.Row-1, p.Col-1)) {
						cands[j] &^= solve.DigitsOf(p.Digit)
					}
				}
			}
			for _, e := range st.Eliminations {
				i := (e.Row-1)*9 + e.Col - 1
				require.True(t, filled.Cells[i] == 0 && cands[i].Has(e.Digit), "%s step %d eliminates %v again", sample[k], n, e)
				cands[i] &^= solve.DigitsOf(e.Digit)
			}
		}
		require.Zero(t, strings.Count(solve.FormatLine(&filled), "."), "%s: the steps solve it", sample[k])
	}
}

// TestStepsNameDigitsAsTheInputShows: explain and hint of a 12x12
// workbook, whose sheet shows 10 and up as numbers, write them so ("r2c2
// can only be 11"; a walk of 3 December found "C fits only in r7c1" of a
// sheet of 12s); of the same puzzle as text, as letters, as the text
// format writes them.
func TestStepsNameDigitsAsTheInputShows(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "x12.xlsx")
	code, _, errOut := runCLI(t, "", "generate", "-n", "1", "--size", "12", "-d", "medium", "--seed", "2", "-o", book)
	require.Equal(t, exitOK, code, errOut)
	code, line, errOut := runCLI(t, "", "generate", "-n", "1", "--size", "12", "-d", "medium", "--seed", "2")
	require.Equal(t, exitOK, code, errOut)
	number := regexp.MustCompile(`(can only be|it is|in box \d+,) (1[0-2])\b`)
	letter := regexp.MustCompile(`(can only be|it is|in box \d+,) [A-C]\b`)
	for _, args := range [][]string{{"explain", book}, {"hint", book}, {"hint", "--level", "3", book}} {
		code, out, errOut := runCLI(t, "", args...)
		require.Equal(t, exitOK, code, errOut)
		assert.Regexp(t, number, out, "%v", args)
		assert.NotRegexp(t, letter, out, "%v", args)
		assert.NotContains(t, errOut, "stand for", "%v", args)
	}
	code, out, errOut := runCLI(t, line, "explain", "-")
	require.Equal(t, exitOK, code, errOut)
	assert.Regexp(t, letter, out)
	assert.NotRegexp(t, number, out)
}
