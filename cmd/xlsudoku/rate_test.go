package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/solve"
)

func TestRateText(t *testing.T) {
	easy := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	input := "# two puzzles and a bad one\n" + easy + "\n" + puzzle + " comment\n" + puzzle[:80] + "\n"
	code, out, errOut := runCLI(t, input, "rate", "-")
	assert.Equal(t, exitInvalid, code)
	assert.Contains(t, errOut, "stdin:4: 80 cells is not a puzzle size")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	for i, p := range []string{easy, puzzle} {
		g, err := solve.ParseLine(p)
		require.NoError(t, err)
		grade, score, hardest, err := solve.Rate(g)
		require.NoError(t, err)
		assert.Equal(t, strings.Join([]string{p, strings.ToLower(grade.String()), strconv.Itoa(score), hardest.String()}, " "), lines[i])
	}
	assert.True(t, strings.HasPrefix(lines[0], easy+" easy "))

	// The output reads back as a puzzle file.
	ps, err := solve.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	assert.Len(t, ps, 2)
}

func TestRateJSON(t *testing.T) {
	code, out, errOut := runCLI(t, puzzle+"\n", "rate", "--json", "-")
	require.Equal(t, exitOK, code, errOut)
	var got struct {
		Line    int            `json:"line"`
		Puzzle  string         `json:"puzzle"`
		Grade   string         `json:"grade"`
		Score   int            `json:"score"`
		Hardest string         `json:"hardest"`
		Counts  map[string]int `json:"counts"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, 1, got.Line)
	assert.Equal(t, puzzle, got.Puzzle)
	assert.Positive(t, got.Score)
	assert.NotEmpty(t, got.Hardest)
	total := 0
	for _, n := range got.Counts {
		total += n
	}
	assert.Positive(t, total)
}

func TestRateWorkbook(t *testing.T) {
	code, out, errOut := runCLI(t, "", "rate", "../../samples/classic.xlsx")
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, " easy ")
	assert.Contains(t, errOut, "Puzzle!B2:J10")
}

// TestRateUsageFirst: a text output with a workbook's name is a usage
// error even when the workbook's puzzle is wrong: the flags are checked
// before the input is read.
func TestRateUsageFirst(t *testing.T) {
	dir := t.TempDir()
	in := copyFile(t, "../../samples/classic.xlsx", dir)
	f, err := excelize.OpenFile(in)
	require.NoError(t, err)
	require.NoError(t, f.SetCellValue("Puzzle", "C3", "x"))
	require.NoError(t, f.Save())
	require.NoError(t, f.Close())
	code, _, errOut := runCLI(t, "", "rate", in)
	require.Equal(t, exitInvalid, code, errOut) // the puzzle is wrong
	code, _, errOut = runCLI(t, "", "rate", in, "-o", filepath.Join(dir, "o.xlsx"))
	assert.Equal(t, exitUsage, code, errOut)
	assert.Contains(t, errOut, "this output is text")
	assert.NoFileExists(t, filepath.Join(dir, "o.xlsx"))
}

func TestRateNotUnique(t *testing.T) {
	two := "." + puzzle[1:20] + "." + puzzle[21:]
	code, _, errOut := runCLI(t, two+"\n", "rate", "-")
	assert.Equal(t, exitNotUnique, code)
	assert.Contains(t, errOut, "more than one solution")
}

// hardPuzzle is a forum puzzle that only nested forcing nets finish.
const hardPuzzle = "98.7..6..7......9...6.5.7...9....4...4..3......74...5...98...7...85...6......2..1"

func TestAllowGuess(t *testing.T) {
	// the flag changes nothing for puzzles logic finishes
	for _, cmd := range []string{"rate", "explain", "hint"} {
		code, without, errOut := runCLI(t, hardPuzzle+"\n", cmd, "-")
		require.Equal(t, exitOK, code, "%s: %s", cmd, errOut)
		code, with, errOut := runCLI(t, hardPuzzle+"\n", cmd, "--allow-guess", "-")
		require.Equal(t, exitOK, code, "%s: %s", cmd, errOut)
		assert.Equal(t, without, with, cmd)
		assert.NotContains(t, with, "Brute Force", cmd)
	}

	// a puzzle that needs a guess fails with exit code 1, naming the flag
	err := noGuess(fmt.Errorf("stdin:2: %w (57 cells left)", solve.ErrNeedsGuess))
	assert.ErrorIs(t, err, solve.ErrNeedsGuess)
	assert.Equal(t, "stdin:2: no technique finds the next step without a guess (57 cells left); --allow-guess ends the solve with a guess", err.Error())
	assert.Equal(t, exitFailure, exitCode(err))
	other := errors.New("other")
	assert.Equal(t, other, noGuess(other))
}

func TestRateScaleSE(t *testing.T) {
	easy := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	code, out, errOut := runCLI(t, easy+"\n"+puzzle+"\n", "rate", "--scale", "se", "-")
	require.Equal(t, exitOK, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	for i, p := range []string{easy, puzzle} {
		g, err := solve.ParseLine(p)
		require.NoError(t, err)
		r, err := solve.RateDetail(g)
		require.NoError(t, err)
		assert.Equal(t, fmt.Sprintf("%s %s %d.%d %s", p, strings.ToLower(r.Grade.String()), r.SE/10, r.SE%10, r.SETechnique()), lines[i])
	}
	// SE's number with the single it stands for, not our hardest (a
	// naked single, which SE rates 2.3).
	assert.True(t, strings.HasSuffix(lines[0], " easy 1.2 Hidden Single"), lines[0])
	// the JSON has it too, as a number
	code, out, _ = runCLI(t, puzzle+"\n", "rate", "--json", "-")
	require.Equal(t, exitOK, code)
	var got struct{ SE float64 }
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.GreaterOrEqual(t, got.SE, 8.5)

	code, _, errOut = runCLI(t, puzzle+"\n", "rate", "--scale", "hodoku", "-")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--scale must be score or se")
}
