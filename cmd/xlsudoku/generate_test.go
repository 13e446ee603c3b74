package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/solve"
)

// parseGenerated reads the text generate prints: puzzle, grade, score.
// A zero shape is the default shape of the puzzle's size.
func parseGenerated(t *testing.T, out string, shape solve.Shape) []solve.Grid {
	t.Helper()
	var gs []solve.Grid
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Fields(line)
		require.Len(t, f, 3, line)
		r := solve.NewReader(strings.NewReader(line))
		r.Shape = shape
		p, err := r.Read()
		require.NoError(t, err)
		g := p.Grid
		grade, score, _, err := solve.Rate(g)
		require.NoError(t, err, line)
		assert.Equal(t, strings.ToLower(grade.String()), f[1], line)
		assert.Equal(t, strconv.Itoa(score), f[2], line)
		gs = append(gs, g)
	}
	return gs
}

func TestGenerateText(t *testing.T) {
	tests := []struct {
		args  []string
		n     int
		grade string
		shape solve.Shape
	}{
		{[]string{"-n", "20", "--difficulty", "easy"}, 20, "easy", solve.Shape9},
		{[]string{"-n", "5", "-d", "Hard", "--symmetry", "diagonal"}, 5, "hard", solve.Shape9},
		{[]string{"-n", "5", "--size", "6", "--box", "3x2", "-d", "easy", "--minimal"}, 5, "easy", solve.Shape{Size: 6, BoxRows: 3, BoxCols: 2}},
		{[]string{"-n", "3", "--size", "4"}, 3, "easy", solve.Shape4},
		{[]string{"-n", "2", "--size", "12", "-d", "easy"}, 2, "easy", solve.Shape12},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, "", append([]string{"generate", "--seed", "11"}, tt.args...)...)
			require.Equal(t, exitOK, code, errOut)
			if tt.shape.BoxRows > tt.shape.BoxCols {
				// Text does not record the boxes: a note says how to read them.
				assert.Equal(t, "the puzzles have 3x2 boxes, which text does not record: read them back with --box 3x2\n", errOut)
			} else {
				assert.Empty(t, errOut, "a given seed is not printed")
			}
			gs := parseGenerated(t, out, tt.shape)
			require.Len(t, gs, tt.n)
			for _, g := range gs {
				assert.Equal(t, tt.shape, g.Shape)
				assert.Equal(t, 1, solve.CountSolutions(g, 2))
			}
			assert.Contains(t, out, " "+tt.grade+" ")
		})
	}
}

func TestGenerateSeedReproduces(t *testing.T) {
	args := []string{"generate", "-n", "12", "-d", "medium", "--seed", "77"}
	_, one, _ := runCLI(t, "", append(args, "-w", "1")...)
	_, three, _ := runCLI(t, "", append(args, "-w", "3")...)
	require.NotEmpty(t, one)
	assert.Equal(t, one, three)
	// Puzzle 6 of seed 77 is puzzle 1 of seed 82.
	_, sixth, _ := runCLI(t, "", "generate", "-n", "1", "-d", "medium", "--seed", "82")
	assert.Equal(t, strings.Split(one, "\n")[5]+"\n", sixth)

	// Without --seed, one is chosen and printed, and makes the set again.
	code, out, errOut := runCLI(t, "", "generate", "-n", "3")
	require.Equal(t, exitOK, code, errOut)
	seed := strings.TrimSpace(strings.TrimPrefix(errOut, "seed "))
	_, again, _ := runCLI(t, "", "generate", "-n", "3", "--seed", seed)
	assert.Equal(t, out, again)
}

// TestGenerateTimeoutWritesWhatItMade: --timeout ends the run with the
// puzzles made first written, not lost (a walk of 3 December: "nothing
// written" of 58 made), exit 1, and the message gives the -n and --seed
// of the rest.
func TestGenerateTimeoutWritesWhatItMade(t *testing.T) {
	code, out, errOut := runCLI(t, "", "generate", "-n", "100000", "-d", "easy", "--seed", "1", "--timeout", "2s", "-w", "2")
	assert.Equal(t, exitFailure, code)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	k := len(lines)
	require.Greater(t, k, 3, "some puzzles are made in two seconds: %s", errOut)
	assert.Contains(t, errOut, fmt.Sprintf("--timeout 2s reached with %d of 100000 puzzles made; wrote those (-n %d --seed %d makes the other %d)", k, 100000-k, 1+k, 100000-k))
	_, first, _ := runCLI(t, "", "generate", "-n", "3", "-d", "easy", "--seed", "1")
	assert.Equal(t, first, strings.Join(lines[:3], "\n")+"\n", "the first made, in order")
}

// TestGenerateAttemptsWritesWhatItMade: a puzzle that runs out of
// --attempts leaves the ones made before it written, as --timeout does,
// with the -n and --seed that make the rest: all 12 of 20 Extreme
// puzzles made had been thrown away (a walk of 3 December). Expert with
// one attempt: seed 2 makes its puzzle, seed 3 does not.
func TestGenerateAttemptsWritesWhatItMade(t *testing.T) {
	out := filepath.Join(t.TempDir(), "a.txt")
	code, _, errOut := runCLI(t, "", "generate", "-q", "-n", "10", "-d", "expert", "--attempts", "1", "--seed", "2", "-o", out)
	assert.Equal(t, exitFailure, code)
	assert.Contains(t, errOut, "after 1 attempt (seed 3); wrote the 1 of 10 puzzles made before it; try more --attempts or another --symmetry (-n 9 --seed 3 makes the other 9)")
	made, err := os.ReadFile(out)
	require.NoError(t, err)
	_, first, _ := runCLI(t, "", "generate", "-n", "1", "-d", "expert", "--seed", "2")
	assert.Equal(t, first, string(made))
	// None made: nothing written, as before.
	none := filepath.Join(t.TempDir(), "b.txt")
	code, _, errOut = runCLI(t, "", "generate", "-q", "-n", "10", "-d", "expert", "--attempts", "1", "--seed", "3", "-o", none)
	assert.Equal(t, exitFailure, code)
	assert.NotContains(t, errOut, "wrote")
	assert.NoFileExists(t, none)
}

func TestGenerateErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"-n", "0"}, exitUsage, `-n/--count must be a whole number from 1 to 100000, not "0"`},
		{[]string{"-n", "100000000"}, exitUsage, `-n/--count must be a whole number from 1 to 100000, not "100000000"`},
		{[]string{"-w", "9223372036854775807"}, exitUsage, `-w/--workers must be a whole number from 1 to 1024, not "9223372036854775807"`},
		{[]string{"--workers", "100000000"}, exitUsage, `-w/--workers must be a whole number from 1 to 1024, not "100000000"`},
		{[]string{"--workers", "0"}, exitUsage, `-w/--workers must be a whole number from 1 to 1024, not "0"`},
		{[]string{"--attempts", "0"}, exitUsage, `--attempts must be a whole number from 1 to 100000000, not "0"`},
		{[]string{"--attempts", "-5"}, exitUsage, `--attempts must be a whole number from 1 to 100000000, not "-5"`},
		{[]string{"--attempts", "1e9"}, exitUsage, `--attempts must be a whole number from 1 to 100000000, not "1e9"`},
		{[]string{"--timeout", "-1s"}, exitUsage, `--timeout must be a duration from 1ms to 24h, such as 30s or 5m, or 0 for no limit, not "-1s"`},
		{[]string{"--timeout", "25h"}, exitUsage, `--timeout must be a duration from 1ms to 24h`},
		{[]string{"--timeout", "30"}, exitUsage, `--timeout must be a duration from 1ms to 24h`},
		{[]string{"--timeout", "9999999999h"}, exitUsage, `--timeout must be a duration from 1ms to 24h`},
		{[]string{"--per-page", "99999999999999999999999"}, exitUsage, `--per-page must be 1, 2, 4, 6, 9 or 12, not "99999999999999999999999"`},
		{[]string{"--seed", "-1"}, exitUsage, `--seed must be a whole number from 0 to 18446744073709551615, not "-1"`},
		{[]string{"--minimal=maybe"}, exitUsage, `--minimal takes true or false, not "maybe"`},
		{[]string{"--size", "9223372036854775807"}, exitUsage, `--size must be 4, 6, 8, 9, 12 or 16, not "9223372036854775807"`},
		{[]string{"-d", "fiendish"}, exitUsage, `unknown grade "fiendish"`},
		{[]string{"--symmetry", "spiral"}, exitUsage, `unknown symmetry "spiral"`},
		{[]string{"--size", "7"}, exitUsage, `--size must be 4, 6, 8, 9, 12 or 16, not "7"`},
		{[]string{"--size", "6", "--box", "2x2"}, exitUsage, "2x2 boxes"},
		{[]string{"--per-page", "3", "-o", "x.xlsx"}, exitUsage, "--per-page must be 1, 2, 4, 6, 9 or 12"},
		{[]string{"-n", "2", "--per-page", "9", "-o", "x.xlsx"}, exitUsage, "--per-page 9 is for grids up to 6x6"},
		{[]string{"-n", "2", "--per-page", "4", "--sheet-per-puzzle", "-o", "x.xlsx"}, exitUsage, "--sheet-per-puzzle gives each its own page"},
		{[]string{"-n", "2", "--per-page", "4", "--worksheet", "-o", "x.xlsx"}, exitUsage, "--worksheet gives each its own sheet"},
		{[]string{"-o", "book.ods"}, exitUsage, "a workbook is written as .xlsx, not .ods"},
		{[]string{"-o", "book.xlsm"}, exitUsage, "a workbook is written as .xlsx, not .xlsm"},
		{[]string{"-n", "5000", "--sheet-per-puzzle", "-o", "x.xlsx"}, exitUsage, "makes two sheets per puzzle and a Catalogue; at most 4999 puzzles"},
		{[]string{"--per-page", "4", "-o", "x.xlsx"}, exitUsage, "one puzzle (-n 1) gets a sheet of its own"},
		// A tiled sheet of more than 1,025 pages does not open in Excel
		// (a walk of 3 December: 100,000 at 2 a page ran past the last
		// row too); refused before any puzzle is made.
		{[]string{"-n", "2051", "--per-page", "2", "-o", "x.xlsx"}, exitUsage,
			"a tiled book prints at most 1025 pages to a sheet (Excel opens no sheet with more page breaks), so a book of 9x9 puzzles at 2 a page holds at most 2050 (its Puzzles and its Answers sheets each within 1025 pages); make books of 2050 or fewer (-n 2050 --seed S, then --seed S+2050,"},
		{[]string{"-n", "4101", "--size", "16", "--per-page", "6", "-o", "x.xlsx"}, exitUsage, "a book of 16x16 puzzles at 6 a page holds at most 4100"}, // the answers, 4 a page
		// The boxes give the size, as for solve (it said 3x2 boxes do not
		// tile a 9x9).
		{[]string{"--box", "3x2", "-d", "extreme", "--attempts", "1", "--symmetry", "none"}, exitFailure, "an Extreme 6x6 (3x2 boxes) puzzle after 1 attempt"},
		{[]string{"--show-seed"}, exitUsage, "--show-seed is for workbooks"},
		{[]string{"--per-page", "2"}, exitUsage, "--per-page is for workbooks"},
		{[]string{"--paper", "a3", "-o", "x.xlsx"}, exitUsage, "--paper must be a4 or letter"},
		{[]string{"--format", "xlsx"}, exitUsage, "a workbook needs -o FILE.xlsx"},
		{[]string{"-n", "1000", "-d", "extreme", "--format", "xlsx", "-o", "book.txt"}, exitUsage, "a workbook is written as .xlsx; name it book.xlsx"},
		{[]string{"-n", "1000", "-d", "extreme", "--format", "text", "-o", "book.xlsx"}, exitUsage, "-o book.xlsx: this output is text"},
		{[]string{"extra"}, exitUsage, `unexpected argument "extra"`},
		{[]string{"-n", "1000", "-d", "extreme", "-o", "no/such/folder/book.xlsx"}, exitFailure, "cannot write no/such/folder/book.xlsx: the folder no/such/folder does not exist"},
		{[]string{"--size", "4", "-d", "extreme"}, exitUsage, "every 4x4 puzzle is Easy (solved by singles alone); no Extreme one exists"},
		{[]string{"--size", "6", "-d", "extreme", "--attempts", "1", "--symmetry", "dihedral"}, exitFailure,
			"no puzzle found: an Extreme 6x6 puzzle with dihedral symmetry after 1 attempt (seed 1); try more --attempts or another --symmetry\n"},
		// Without symmetry, another is no advice.
		{[]string{"--size", "6", "-d", "extreme", "--attempts", "1", "--symmetry", "none"}, exitFailure,
			"no puzzle found: an Extreme 6x6 puzzle after 1 attempt (seed 1); try more --attempts\n"},
		{[]string{"--size", "6", "-d", "extreme", "--symmetry", "dihedral", "--minimal", "--attempts", "2"}, exitFailure,
			"no puzzle found: a minimal Extreme 6x6 puzzle with dihedral symmetry after 2 attempts"},
		// Time ran out, not the attempts: more attempts would not help.
		{[]string{"-n", "1000", "-d", "extreme", "--timeout", "1ms"}, exitFailure,
			"--timeout 1ms reached with 0 of 1000 puzzles made; nothing written: allow a longer --timeout or ask for fewer"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, "", append([]string{"generate", "--seed", "1"}, tt.args...)...)
			assert.Equal(t, tt.code, code, errOut)
			assert.Contains(t, errOut, tt.msg)
			assert.Empty(t, out)
		})
	}
}

// TestGenerateOutputsCheckedFirst: an output through a link into a folder
// that is not there, or a read-only text file, is refused before any
// puzzle is made (they were refused after making them all, and the
// workbook's message named the link's folder: the review of 2 December).
// --timeout bounds the run that would otherwise make a thousand Extreme
// puzzles, and its message is not the one wanted.
func TestGenerateOutputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"dl.txt", "dl.xlsx"} {
		link := filepath.Join(dir, name)
		require.NoError(t, os.Symlink(filepath.Join("nodir", "x"+filepath.Ext(name)), link))
		code, _, errOut := runCLI(t, "", "generate", "--seed", "1", "-n", "1000", "-d", "extreme", "--timeout", "20s", "-o", link)
		assert.Equal(t, exitFailure, code)
		assert.Contains(t, errOut, "cannot write "+link+": the folder "+filepath.Join(dir, "nodir")+" does not exist")
	}
	// A loop of links, and a folder that takes no new file (the second
	// review of 2 December).
	require.NoError(t, os.Symlink("loop2.txt", filepath.Join(dir, "loop1.txt")))
	require.NoError(t, os.Symlink("loop1.txt", filepath.Join(dir, "loop2.txt")))
	outs := map[string]string{filepath.Join(dir, "loop1.txt"): "too many levels of symbolic links"}
	if isDir("/proc/self") {
		outs["/proc/x.txt"] = "no file can be made in the folder /proc"
		outs["/proc/x.xlsx"] = "no file can be made in the folder /proc"
	}
	for out, want := range outs {
		code, _, errOut := runCLI(t, "", "generate", "--seed", "1", "-n", "1000", "-d", "extreme", "--timeout", "20s", "-o", out)
		assert.Equal(t, exitFailure, code)
		assert.Contains(t, errOut, "cannot write "+out+": "+want)
	}
	assert.ElementsMatch(t, []string{"dl.txt", "dl.xlsx", "loop1.txt", "loop2.txt"}, folderFiles(t, dir), "no probe left")
	if os.Geteuid() != 0 { // root may write anything
		ro := filepath.Join(dir, "read-only.txt")
		require.NoError(t, os.WriteFile(ro, []byte("old\n"), 0o444))
		code, _, errOut := runCLI(t, "", "generate", "--seed", "1", "-n", "1000", "-d", "extreme", "--timeout", "20s", "-o", ro)
		assert.Equal(t, exitFailure, code)
		assert.Contains(t, errOut, "cannot write "+ro+": permission denied")
	}
}

func TestGenerateTextFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "puzzles.txt")
	code, stdout, errOut := runCLI(t, "", "generate", "-n", "10", "--seed", "5", "-o", out)
	require.Equal(t, exitOK, code, errOut)
	assert.Empty(t, stdout)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	gs := parseGenerated(t, string(data), solve.Shape{})
	require.Len(t, gs, 10)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary file left")

	// solve reads the file as it is.
	code, sols, errOut := runCLI(t, "", "solve", out)
	require.Equal(t, exitOK, code, errOut)
	lines := strings.Split(strings.TrimSpace(sols), "\n")
	require.Len(t, lines, 10)
	for i, g := range gs {
		sol, err := solve.Solve(g)
		require.NoError(t, err)
		assert.Equal(t, solve.FormatLine(&sol), lines[i])
	}
}

// TestGenerateOneThenSolve: one puzzle as a workbook comes out the way
// solve writes its output, and solve reads it back.
func TestGenerateOneThenSolve(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "daily.xlsx")
	code, _, errOut := runCLI(t, "", "generate", "-n", "1", "-d", "medium", "--seed", "9", "-o", book)
	require.Equal(t, exitOK, code, errOut)
	_, text, _ := runCLI(t, "", "generate", "-n", "1", "-d", "medium", "--seed", "9")
	want, err := solve.ParseLine(strings.Fields(text)[0])
	require.NoError(t, err)

	f, err := excelize.OpenFile(book)
	require.NoError(t, err)
	assert.Equal(t, []string{"Puzzle", "Solution", "Candidates"}, f.GetSheetList())
	f.Close()

	code, out, errOut := runCLI(t, "", "solve", book, "--format", "line")
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "using the puzzle at Puzzle!B2:J10")
	sol, err := solve.Solve(want)
	require.NoError(t, err)
	assert.Equal(t, solve.FormatLine(&sol)+"\n", out)

	// Solving it into a copy replaces our Solution and Candidates sheets.
	solved := filepath.Join(dir, "solved.xlsx")
	code, _, errOut = runCLI(t, "", "solve", book, "-o", solved)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, `replaced sheet "Solution" of an earlier run`)
}

func TestGenerateWorkbook(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"-n", "9", "--per-page", "6", "--paper", "letter", "--title", "Class 3b"},
		{"-n", "4", "--sheet-per-puzzle"},
		{"-n", "3", "--size", "6", "--format", "xlsx"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			book := filepath.Join(dir, "book.xlsx")
			code, _, errOut := runCLI(t, "", append([]string{"generate", "--seed", "3", "-d", "easy", "-o", book}, args...)...)
			require.Equal(t, exitOK, code, errOut)
			assert.Contains(t, errOut, "wrote ")
			f, err := excelize.OpenFile(book)
			require.NoError(t, err)
			defer f.Close()
			assert.GreaterOrEqual(t, len(f.GetSheetList()), 3)
		})
	}
}

func TestProgressLine(t *testing.T) {
	var buf strings.Builder
	e := &env{stderr: &buf, progress: true}
	p := newProgress(e)
	p.show(1, 40, 1.0/40) // within the first moment: nothing
	assert.Empty(t, buf.String())
	p.start = p.start.Add(-2 * time.Second)
	p.show(10, 40, 10.0/40)
	assert.Contains(t, buf.String(), "\r[#######                       ] 10/40 puzzles (")
	assert.Contains(t, buf.String(), "left)")
	p.clear()
	assert.True(t, strings.HasSuffix(buf.String(), "\r\033[K"))

	// A text input of known size: the share read, and the count.
	buf.Reset()
	p.last = time.Time{}
	p.show(300, 0, 0.5)
	assert.Contains(t, buf.String(), "\r[###############               ] 300 puzzles, 50% (")
	// Of unknown size (stdin): the count only.
	buf.Reset()
	p.last = time.Time{}
	p.show(300, 0, -1)
	assert.Regexp(t, `^\r300 puzzles \(\d+/s\)\x1b\[K$`, buf.String())
	assert.Equal(t, "1 puzzle (1/s)", progressLine(1, 0, -1, time.Second), "one puzzle, not one puzzles")

	// The writing phase replaces the bar; done ends the line, and nothing
	// is drawn after.
	buf.Reset()
	p.status("writing 40 puzzles to book.xlsx")
	assert.Equal(t, "\rwriting 40 puzzles to book.xlsx\033[K", buf.String())
	p.done()
	assert.True(t, strings.HasSuffix(buf.String(), "\r\033[K"))
	n := buf.Len()
	p.show(40, 40, 1)
	assert.Equal(t, n, buf.Len())

	quiet := newProgress(&env{stderr: &buf}) // not a terminal, or --quiet
	quiet.start = quiet.start.Add(-time.Hour)
	quiet.show(20, 40, 0.5)
	quiet.status("writing")
	quiet.done()
	assert.Equal(t, n, buf.Len())
}

func TestGenerateSEBand(t *testing.T) {
	for _, tt := range []struct {
		band   string
		lo, hi int
		extra  []string
	}{
		{"8.5-9.0", 85, 90, nil},
		{"7.0", 70, 70, nil},
		{"7", 70, 70, []string{"-d", "hard"}},
	} {
		t.Run(tt.band, func(t *testing.T) {
			args := append([]string{"generate", "-n", "4", "--seed", "5", "--se", tt.band}, tt.extra...)
			code, out, errOut := runCLI(t, "", append(args, "-w", "1")...)
			require.Equal(t, exitOK, code, errOut)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			require.Len(t, lines, 4)
			for _, line := range lines {
				f := strings.Fields(line)
				require.Len(t, f, 3, line)
				g, err := solve.ParseLine(f[0])
				require.NoError(t, err)
				r, err := solve.RateDetail(g)
				require.NoError(t, err, line)
				assert.Equal(t, strings.ToLower(r.Grade.String()), f[1], line)
				assert.Equal(t, fmt.Sprintf("%d.%d", r.SE/10, r.SE%10), f[2], "the rating rate --scale se gives: %s", line)
				assert.True(t, r.SE >= tt.lo && r.SE <= tt.hi, line)
				if len(tt.extra) > 0 {
					assert.Equal(t, "hard", f[1])
				}
			}
			_, again, _ := runCLI(t, "", append(args, "-w", "3")...)
			assert.Equal(t, out, again, "the same puzzles whatever --workers")
		})
	}
}

func TestGenerateSEBandRefused(t *testing.T) {
	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--se", "8.5-9.0", "-d", "hard"}, "Hard puzzles rate ER 3.2 to 7.5; none rates ER 8.5-9.0"},
		{[]string{"--se", "6", "-d", "extreme"}, "none rates ER 6.0"},
		{[]string{"--se", "9.0-8.5"}, "the band runs from the lower rating to the higher"},
		{[]string{"--se", "8.55"}, "at most one decimal"},
		{[]string{"--se", "abc"}, "at most one decimal"},
		{[]string{"--se", "0.5"}, "ratings run from 1.0 to 12.0"},
		{[]string{"--se", "12.1"}, "ratings run from 1.0 to 12.0"},
		{[]string{"--se", "10.1-11.0"}, "digging does not reach ratings above 10.0; ask for 10.0 or less"}, // it ran 77 s before giving up
		{[]string{"--se", "5.0", "--size", "4"}, "no 4x4 puzzle rates ER 5.0"},
	} {
		code, out, errOut := runCLI(t, "", append([]string{"generate", "--seed", "1"}, tt.args...)...)
		assert.Equal(t, exitUsage, code, "%v", tt.args)
		assert.Empty(t, out)
		assert.Contains(t, errOut, tt.msg)
	}
}

// FuzzParseSEBand: --se reads a band or it says why not; a band it reads
// runs upward within 1.0 to 12.0, from at most 10.0, and written back as tenths reads the
// same.
func FuzzParseSEBand(f *testing.F) {
	for _, s := range []string{"8.5-9.0", "7", "7.0", "9.0-8.5", " 8.5 - 9 ", "0.5", "20.1", "8.55", "-1", "8.-9.", "1e1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := parseSEBand(s)
		if err != nil {
			require.Contains(t, err.Error(), quote(s))
			return
		}
		require.LessOrEqual(t, 10, b.Min)
		require.LessOrEqual(t, b.Min, b.Max)
		require.LessOrEqual(t, b.Min, maxDugSE)
		require.LessOrEqual(t, b.Max, 120)
		again, err := parseSEBand(fmt.Sprintf("%d.%d-%d.%d", b.Min/10, b.Min%10, b.Max/10, b.Max%10))
		require.NoError(t, err)
		require.Equal(t, b, again)
	})
}

// TestOutputsCheckedBeforeWork: an output that would be refused is
// refused before any puzzle is made or any variant written. generate -o
// naming a folder made the puzzles first; a variant that could not be
// written (here a folder of its name) was refused after the variants
// before it were written.
func TestOutputsCheckedBeforeWork(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "", "generate", "-n", "3", "-d", "any", "-o", dir)
	assert.Equal(t, exitUsage, code, errOut)
	assert.Contains(t, errOut, "-o "+dir+" is a folder")
	assert.NotContains(t, errOut, "seed", "refused before the seed is chosen")

	for _, tt := range []struct {
		name string
		args []string
	}{
		{"generate", []string{"generate", "-n", "2", "-d", "any", "--seed", "1", "--variants", "3"}},
		{"worksheet", []string{"worksheet", filepath.Join("..", "..", "samples", "classic.xlsx"), "--variants", "3", "--seed", "1"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sub := t.TempDir()
			require.NoError(t, os.Mkdir(filepath.Join(sub, "set-2.xlsx"), 0o755))
			code, _, errOut := runCLI(t, "", append(tt.args, "-o", filepath.Join(sub, "set.xlsx"))...)
			assert.Equal(t, exitUsage, code, errOut)
			assert.Contains(t, errOut, "set-2.xlsx is a folder")
			assert.Equal(t, []string{"set-2.xlsx"}, folderFiles(t, sub), "no variant written")
		})
	}
}
