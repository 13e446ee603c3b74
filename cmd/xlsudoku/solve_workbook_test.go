package main

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook"
)

// copyFile copies src into dir and returns the copy's path.
func copyFile(t *testing.T, src, dir string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	require.NoError(t, err)
	dst := filepath.Join(dir, filepath.Base(src))
	require.NoError(t, os.WriteFile(dst, data, 0o644))
	return dst
}

// readSolutionSheet reads the digits our Solution sheet holds.
func readSolutionSheet(t *testing.T, path, rng string) solve.Grid {
	t.Helper()
	p, err := workbook.Read(path, workbook.Options{Sheet: "Solution", Range: rng})
	require.NoError(t, err)
	return p.Grid
}

func TestSolveWorkbookSamples(t *testing.T) {
	tests := []struct {
		sample, rng, where string
	}{
		{"classic.xlsx", "B2:J10", "Puzzle!B2:J10"},
		{"4x4.xlsx", "B2:E5", "Puzzle!B2:E5"},
		{"6x6.xlsx", "B2:G7", "Puzzle!B2:G7"},
		{"teacher.xlsx", "B2:J10", "found a 9x9 puzzle at Week 3!C3:K11"},
	}
	for _, tt := range tests {
		t.Run(tt.sample, func(t *testing.T) {
			dir := t.TempDir()
			in := copyFile(t, filepath.Join("..", "..", "samples", tt.sample), dir)
			before, err := os.ReadFile(in)
			require.NoError(t, err)
			out := filepath.Join(dir, "out.xlsx")

			code, stdout, errOut := runCLI(t, "", "solve", in, "-o", out)
			require.Equal(t, exitOK, code, errOut)
			assert.Empty(t, stdout)
			assert.Contains(t, errOut, tt.where)
			assert.Contains(t, errOut, "wrote "+out)

			// The Solution sheet holds the solver's answer to the puzzle.
			p, err := workbook.Read(in, workbook.Options{})
			require.NoError(t, err)
			want, err := solve.Solve(p.Grid)
			require.NoError(t, err)
			assert.Equal(t, want, readSolutionSheet(t, out, tt.rng))

			after, err := os.ReadFile(in)
			require.NoError(t, err)
			assert.Equal(t, before, after, "the input is never modified")

			// Solving the output again replaces our sheets: the solution
			// still reads back, and no third sheet of ours appears.
			again := filepath.Join(dir, "again.xlsx")
			code, _, errOut = runCLI(t, "", "solve", out, "-o", again)
			require.Equal(t, exitOK, code, errOut)
			assert.Equal(t, want, readSolutionSheet(t, again, tt.rng))
			assert.NotContains(t, errOut, "(xlsudoku)")
		})
	}
}

func TestSolveWorkbookPrintsWithoutOutput(t *testing.T) {
	dir := t.TempDir()
	in := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), dir)
	code, stdout, errOut := runCLI(t, "", "solve", in)
	require.Equal(t, exitOK, code, errOut)
	g, err := solve.ParseLine(stdout)
	require.NoError(t, err)
	assert.True(t, g.Complete())
	assert.Contains(t, stdout, "------+-------+------")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "nothing is written without -o")
}

func TestSolveWorkbookFailures(t *testing.T) {
	tests := []struct {
		fixture string
		args    []string
		code    int
		stderr  []string
		output  bool // whether -o out.xlsx is written
	}{
		{"bad-cells.xlsx", nil, exitInvalid, []string{`bad-cells.xlsx: Week 3!D4: "x" is not a digit 1-9 or a blank`, `Week 3!E5: 12 is not a digit 1-9`}, false},
		{"conflict.xlsx", nil, exitInvalid, []string{"conflict.xlsx: Week 3!B2 and Week 3!D2 both hold 4 (row 2)"}, false},
		{"no-solution.xlsx", nil, exitNoSolution, []string{"no-solution.xlsx: Week 3!B2:J10: the puzzle has no solution"}, false},
		{"two-solutions.xlsx", nil, exitOK, []string{"warning:", "more than one solution", "Week 3!", "wrote one of them"}, true},
		{"two-solutions.xlsx", []string{"--strict"}, exitNotUnique, []string{"more than one solution", "add givens"}, false},
		{"not-a-workbook.xlsx", nil, exitInput, []string{"not-a-workbook.xlsx is not an .xlsx or .xlsm workbook"}, false}, // text, but no puzzles
		{"missing.xlsx", nil, exitInput, []string{"missing.xlsx"}, false},
		{"conflict.xlsx", []string{"--range", "B2:J9"}, exitUsage, []string{"xlsudoku: bad option: B2:J9"}, false},
		{"conflict.xlsx", []string{"--sheet", "Nope"}, exitUsage, []string{"Nope"}, false},
		{"conflict.xlsx", []string{"--size", "9"}, exitUsage, []string{"--size is for text"}, false},
		{"two-solutions.xlsx", []string{"-o", "/no/such/folder/out.xlsx"}, exitFailure, []string{"xlsudoku: cannot write the workbook: /no/such/folder/out.xlsx: no such file or directory; check that the folder /no/such/folder exists"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.fixture+strings.Join(tt.args, ""), func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, tt.fixture)
			if src := filepath.Join("testdata", tt.fixture); fileExists(src) {
				in = copyFile(t, src, dir)
			}
			out := filepath.Join(dir, "out.xlsx")
			args := append([]string{"solve", in, "-o", out}, tt.args...)
			code, _, errOut := runCLI(t, "", args...)
			assert.Equal(t, tt.code, code, errOut)
			for _, s := range tt.stderr {
				assert.Contains(t, errOut, s)
			}
			assert.Equal(t, tt.output, fileExists(out), "output written")
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			for _, e := range entries {
				assert.NotContains(t, e.Name(), ".tmp", "no temporary file is left behind")
			}
		})
	}
}

func TestSolveWorkbookRefusesToOverwriteInput(t *testing.T) {
	dir := t.TempDir()
	in := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), dir)
	before, err := os.ReadFile(in)
	require.NoError(t, err)
	code, _, errOut := runCLI(t, "", "solve", in, "-o", in)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--in-place")
	// The refusal alone: not where the puzzle was, as if it went on.
	assert.NotContains(t, errOut, "using the puzzle at")
	code, _, errOut = runCLI(t, "", "explain", in, "-o", in)
	assert.Equal(t, exitUsage, code)
	assert.NotContains(t, errOut, "using the puzzle at")
	// --in-place alone wrote nothing and exited 0, while the user may
	// think the workbook updated (walk 4).
	for _, cmd := range []string{"solve", "explain"} {
		code, out, errOut := runCLI(t, "", cmd, in, "--in-place")
		assert.Equal(t, exitUsage, code, cmd)
		assert.Empty(t, out, cmd)
		assert.Contains(t, errOut, cmd+": --in-place lets -o name the input; to replace "+in+", give -o "+in+" too", cmd)
		// With -o another file it does nothing: refused as such flags
		// are (a walk of 3 December: exit 0).
		other := filepath.Join(filepath.Dir(in), "other.xlsx")
		code, _, errOut = runCLI(t, "", cmd, in, "--in-place", "-o", other)
		assert.Equal(t, exitUsage, code, cmd)
		assert.Contains(t, errOut, cmd+": --in-place lets -o name the input, and -o "+other+" is another file; drop --in-place", cmd)
		assert.NoFileExists(t, other, cmd)
	}
	after, err := os.ReadFile(in)
	require.NoError(t, err)
	assert.Equal(t, before, after)

	code, _, errOut = runCLI(t, "", "solve", in, "-o", in, "--in-place")
	require.Equal(t, exitOK, code, errOut)
	readSolutionSheet(t, in, "B2:J10")
}

func TestSolveWorkbookOnStdinIsRefused(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "samples", "classic.xlsx"))
	require.NoError(t, err)
	code, out, errOut := runCLI(t, string(data), "solve", "-")
	assert.Equal(t, exitInput, code)
	assert.Empty(t, out)
	assert.Equal(t, "xlsudoku: stdin holds a workbook (a zip file); give the workbook's file name instead of -\n", errOut)
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// TestNotUniqueWorkbookMessages: every command says where the puzzle is,
// names the sheet cells where two solutions differ, and says what happened
// or what to do.
func TestNotUniqueWorkbookMessages(t *testing.T) {
	in := copyFile(t, filepath.Join("testdata", "two-solutions.xlsx"), t.TempDir())
	for _, tt := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"solve", in}, exitOK, "printed one of them (--strict makes this an error)"},
		{[]string{"solve", in, "--strict"}, exitNotUnique, "add givens until only one remains"},
		{[]string{"explain", in}, exitNotUnique, "steps and grades need a puzzle with one solution"},
		{[]string{"rate", in}, exitNotUnique, "steps and grades need a puzzle with one solution"},
		{[]string{"hint", in}, exitNotUnique, "steps and grades need a puzzle with one solution"},
	} {
		t.Run(strings.Join(tt.args[:1], " ")+strings.Join(tt.args[2:], " "), func(t *testing.T) {
			code, _, errOut := runCLI(t, "", tt.args...)
			assert.Equal(t, tt.code, code, errOut)
			assert.Contains(t, errOut, "Week 3!B2:J10: the puzzle has more than one solution (two of them differ at Week 3!")
			assert.Contains(t, errOut, tt.says)
			assert.NotRegexp(t, `\br\d+c\d+\b`, errOut, "sheet cell names, not r1c1")
		})
	}
}

// TestOtherSpreadsheetFormats: files of other spreadsheet formats are
// refused with a message that says how to save them, never read as text.
func TestOtherSpreadsheetFormats(t *testing.T) {
	dir := t.TempDir()
	cfb := append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 504)...)
	zipOf := func(parts map[string]string) []byte {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for name, content := range parts {
			w, err := zw.Create(name)
			require.NoError(t, err)
			_, err = w.Write([]byte(content))
			require.NoError(t, err)
		}
		require.NoError(t, zw.Close())
		return buf.Bytes()
	}
	for _, tt := range []struct {
		name string
		data []byte
		says string
	}{
		{"old.xls", cfb, "old.xls is password-protected or an old .xls workbook; save it as an unprotected .xlsx"},
		{"old-renamed", cfb, "old-renamed is password-protected or an old .xls workbook"},
		{"calc.ods", zipOf(map[string]string{"mimetype": "application/vnd.oasis.opendocument.spreadsheet"}), "calc.ods is an OpenDocument spreadsheet, not an Excel workbook; save it as .xlsx"},
		{"scan.png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "scan.png is not a text file (it holds binary data)"},
		{"notepad.txt", []byte("\xff\xfe5\x003\x00"), "notepad.txt is UTF-16 text; save it as UTF-8"},
		{"binary.xlsb", zipOf(map[string]string{"_rels/.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.bin"/></Relationships>`}), "binary workbook (.xlsb)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := filepath.Join(dir, tt.name)
			require.NoError(t, os.WriteFile(in, tt.data, 0o644))
			code, out, errOut := runCLI(t, "", "solve", in)
			assert.Equal(t, exitInput, code)
			assert.Empty(t, out)
			assert.Contains(t, errOut, tt.says)
			assert.Equal(t, 1, strings.Count(errOut, "\n"), "one message, not a line per line of the file: %s", errOut)
		})
	}
}
