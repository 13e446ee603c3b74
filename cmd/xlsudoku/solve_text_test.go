package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/solve"
)

const (
	puzzle   = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	solution = "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
)

// runCLI runs xlsudoku in-process and returns its exit code and output.
func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	return path
}

func TestSolveTextFromStdin(t *testing.T) {
	code, out, errOut := runCLI(t, puzzle+"\n", "solve", "-")
	assert.Equal(t, exitOK, code, errOut)
	assert.Equal(t, solution+"\n", out)
	assert.Empty(t, errOut)
}

func TestSolveTextFailures(t *testing.T) {
	conflict := "4.4" + puzzle[3:]
	noSolution := "12345678.........9" + strings.Repeat(".", 63)
	twoSolutions := "." + puzzle[1:20] + "." + puzzle[21:]
	tests := []struct {
		name    string
		input   string
		args    []string
		code    int
		out     []string // stdout lines
		stderr  []string // substrings of stderr
		notUniq bool
	}{
		{"bad character", puzzle + "\n" + puzzle[:39] + "x" + puzzle[40:] + "\n" + puzzle + "\n", nil,
			exitInvalid, []string{solution, solution}, []string{`in.txt:2:40: 'x' is not a digit or a blank`}, false},
		{"conflict", puzzle + "\n" + conflict + "\n", nil,
			exitInvalid, []string{solution}, []string{"in.txt:2: r1c1 and r1c3 both hold 4 in row 1"}, false},
		{"no solution", noSolution + "\n" + puzzle + "\n", nil,
			exitNoSolution, []string{solution}, []string{"in.txt:1: the puzzle has no solution"}, false},
		{"not unique warns", twoSolutions + "\n", nil,
			exitOK, nil, []string{"in.txt:1: warning: the puzzle has more than one solution"}, true},
		{"not unique strict", twoSolutions + "\n", []string{"--strict"},
			exitNotUnique, nil, []string{"in.txt:1: the puzzle has more than one solution"}, false},
		{"first failure sets the code", noSolution + "\n" + conflict + "\n", nil,
			exitNoSolution, nil, []string{"in.txt:1:", "in.txt:2:"}, false},
		{"count", puzzle + "\n" + twoSolutions + "\n" + noSolution + "\n" + conflict + "\n", []string{"--count"},
			exitInvalid, []string{"1", "2", "0", "0"}, []string{"in.txt:4: r1c1 and r1c3"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := writeFile(t, "in.txt", tt.input)
			// The message names the file as given.
			wd, _ := os.Getwd()
			require.NoError(t, os.Chdir(filepath.Dir(in)))
			defer os.Chdir(wd)
			code, out, errOut := runCLI(t, "", append([]string{"solve", "in.txt"}, tt.args...)...)
			assert.Equal(t, tt.code, code, errOut)
			for _, s := range tt.stderr {
				assert.Contains(t, errOut, s)
			}
			lines := strings.Fields(out)
			if tt.notUniq {
				require.Len(t, lines, 1)
				g, err := solve.ParseLine(lines[0])
				require.NoError(t, err)
				assert.True(t, g.Complete())
				return
			}
			if tt.out == nil {
				assert.Empty(t, lines)
				return
			}
			assert.Equal(t, tt.out, lines)
		})
	}
}

// TestSolveTextLineOfTheWrongSize: with --size, a line of another size is
// an error and an empty output line of its own; the puzzles after it are
// solved, each on its line (a 6x6 grid took them as its rows, unsolved
// and unreported).
func TestSolveTextLineOfTheWrongSize(t *testing.T) {
	four := "1.....3..4.....2"
	sixes := []string{"3....1...4..52.1....1.25..5...6....3", "..451......41..........22......534.."}
	var want strings.Builder
	want.WriteString("\n")
	for _, p := range sixes {
		rd := solve.NewReader(strings.NewReader(p))
		rd.Shape = solve.Shape6
		g, err := rd.Read()
		require.NoError(t, err)
		sol, err := solve.Solve(g.Grid)
		require.NoError(t, err)
		fmt.Fprintln(&want, solve.FormatLine(&sol))
	}
	want.WriteString("\n")
	path := writeFile(t, "mixed.txt", four+"\n"+sixes[0]+"\n"+sixes[1]+"\n"+four+"\n")
	for _, workers := range []string{"1", "2"} {
		code, out, errOut := runCLI(t, "", "solve", "--size", "6", "--workers", workers, path)
		assert.Equal(t, exitInvalid, code)
		assert.Equal(t, want.String(), out, "workers=%s", workers)
		assert.Contains(t, errOut, "mixed.txt:1: 16 cells: a 6x6 puzzle on one line has 36")
		assert.Contains(t, errOut, "mixed.txt:4: 16 cells: a 6x6 puzzle on one line has 36")
	}
}

func TestSolveKeepsOrderWithWorkers(t *testing.T) {
	// Enough puzzles for several batches, mixed with failures.
	data, err := os.ReadFile(filepath.Join("..", "..", "solve", "testdata", "known-magictour.txt"))
	require.NoError(t, err)
	var in, want strings.Builder
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		p, sol, _ := strings.Cut(line, " ")
		if i%50 == 7 {
			fmt.Fprintf(&in, "%sx\n", p[:80]) // a bad puzzle: an empty line
			fmt.Fprintln(&want)
			continue
		}
		fmt.Fprintln(&in, p)
		fmt.Fprintln(&want, sol)
	}
	path := writeFile(t, "many.txt", in.String())
	for _, workers := range []string{"1", "2", "7"} {
		code, out, errOut := runCLI(t, "", "solve", "--workers", workers, path)
		assert.Equal(t, exitInvalid, code)
		assert.Equal(t, want.String(), out, "workers=%s", workers)
		assert.Equal(t, 5, strings.Count(errOut, "is not a digit or a blank"))
	}
}

func TestSolveTextToFile(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, "in.txt", "# comment\n"+puzzle+"\n")
	out := filepath.Join(dir, "out.txt")
	code, stdout, errOut := runCLI(t, "", "solve", in, "-o", out)
	require.Equal(t, exitOK, code, errOut)
	assert.Empty(t, stdout)
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, solution+"\n", string(got))

	// An unreadable input leaves an existing output untouched and no
	// temporary file behind.
	code, _, errOut = runCLI(t, "", "solve", filepath.Join(dir, "missing.txt"), "-o", out)
	assert.Equal(t, exitInput, code)
	assert.Contains(t, errOut, "missing.txt: no such file or directory")
	got, err = os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, solution+"\n", string(got))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "only out.txt is left in the folder")
}

func TestSolveGridFormatAndShapes(t *testing.T) {
	code, out, errOut := runCLI(t, "1.....3..4.....2\n", "solve", "--format", "grid", "-")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "1 3 | 2 4\n4 2 | 3 1\n----+----\n2 4 | 1 3\n3 1 | 4 2\n\n", out)

	// A 6x6 puzzle with boxes 3 rows by 2 columns.
	tall := ".....63.5..256....214...........2..3"
	code, out, errOut = runCLI(t, tall+"\n", "solve", "--size", "6", "--box", "3x2", "-")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "123456345612561234214365436521652143\n", out)
	// The boxes alone give the size.
	code, out, errOut = runCLI(t, tall+"\n", "solve", "--box", "3x2", "-")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "123456345612561234214365436521652143\n", out)
	// Without --box it is read with 2x3 boxes, another puzzle: the
	// message says that it has one solution with 3x2 boxes.
	code, _, errOut = runCLI(t, tall+"\n", "solve", "--size", "6", "-")
	assert.NotEqual(t, exitOK, code)
	assert.Contains(t, errOut, "stdin:1: the puzzle has")
	assert.Contains(t, errOut, "(with 3x2 boxes it has exactly one: give --box 3x2)")
	// And a --box that is not the puzzle's: the other boxes, the default
	// ones, make it a puzzle (it said only that the givens clash).
	wide := "14.5....3.1..3........4..5.3....6.52"
	code, _, errOut = runCLI(t, wide+"\n", "solve", "--box", "3x2", "-")
	assert.Equal(t, exitNoSolution, code)
	assert.Contains(t, errOut, "stdin:1: the puzzle has no solution (with 2x3 boxes it has exactly one: drop --box)")
	code, _, errOut = runCLI(t, tall+"\n", "solve", "--box", "2x3", "-")
	assert.NotEqual(t, exitOK, code)
	assert.Contains(t, errOut, "(with 3x2 boxes it has exactly one: give --box 3x2)")
	// So do --count (it printed 0 in silence: a walk of 3 December), rate,
	// explain and hint.
	code, out, errOut = runCLI(t, tall+"\n", "solve", "--count", "-")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "0\n", out)
	assert.Contains(t, errOut, "stdin:1: note: no solution with 2x3 boxes (with 3x2 boxes it has exactly one: give --box 3x2)")
	for _, cmd := range []string{"rate", "explain", "hint"} {
		code, _, errOut = runCLI(t, tall+"\n", cmd, "-")
		assert.Equal(t, exitNoSolution, code, cmd)
		assert.Contains(t, errOut, "stdin:1: the puzzle has no solution (with 3x2 boxes it has exactly one: give --box 3x2)", cmd)
	}
	code, _, errOut = runCLI(t, tall+"\n", "solve", "--box", "5x2", "-")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "10x10")

	// --size makes every puzzle that size: a 4x4 line is then an error.
	code, _, errOut = runCLI(t, "1.....3..4.....2\n", "solve", "--size", "6", "-")
	assert.Equal(t, exitInvalid, code)
	assert.Contains(t, errOut, "16 cells")
}

func TestUsageAndHelp(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{nil, exitUsage, "", "Usage:"},
		{[]string{"--help"}, exitOK, "Commands:", ""},
		{[]string{"help", "solve"}, exitOK, "Examples:", ""},
		{[]string{"solve", "--help"}, exitOK, "--workers", ""},
		{[]string{"--version"}, exitOK, "xlsudoku ", ""},
		{[]string{"frobnicate"}, exitUsage, "", `unknown command "frobnicate"` + "\nRun \"xlsudoku help\" for the commands.\n"},
		// Typos get a guess, not the whole help (the README walk).
		{[]string{"sovle", "x"}, exitUsage, "", `unknown command "sovle"; did you mean solve?`},
		{[]string{"-q", "solve", "x"}, exitUsage, "", `unknown command "-q"; flags go after the command: xlsudoku solve -q ...`},
		{[]string{"-o", "out.txt", "solve", "x"}, exitUsage, "", `unknown command "-o"; flags go after the command: xlsudoku solve -o ...`},
		{[]string{"-"}, exitUsage, "", "unknown command \"-\"\nRun"},
		{[]string{"solve", "--sheeet", "A", "x.xlsx"}, exitUsage, "", "solve: unknown flag: --sheeet; did you mean --sheet?\nRun \"xlsudoku help solve\" for usage."},
		{[]string{"solve"}, exitUsage, "", "solve: give one INPUT (a workbook, a text file, or - for stdin), got 0"},
		// worksheet reads no text, so its message offers none.
		{[]string{"worksheet", "a.xlsx", "b.xlsx"}, exitUsage, "", "worksheet: give one INPUT workbook (.xlsx or .xlsm), got 2"},
		{[]string{"solve", "--bogus", "x"}, exitUsage, "", "unknown flag: --bogus"},
		{[]string{"solve", "--workers", "0", "x"}, exitUsage, "", `solve: -w/--workers must be a whole number from 1 to 1024, not "0"`},
		{[]string{"solve", "--format", "xml", "x"}, exitUsage, "", "--format must be line or grid"},
		{[]string{"solve", "--sheet", "A", "-"}, exitUsage, "", "solve: --sheet is for workbooks; - is read as text"},
		{[]string{"solve", "--size", "7", "-"}, exitUsage, "", "--size"},
		{[]string{"solve", "/no/such/file.txt"}, exitInput, "", "cannot open /no/such/file.txt"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tt.args...)
			assert.Equal(t, tt.code, code, errOut)
			if tt.stdout != "" {
				assert.Contains(t, out, tt.stdout)
			}
			if tt.stderr != "" {
				assert.Contains(t, errOut, tt.stderr)
			}
			if len(tt.args) > 0 && tt.code == exitUsage {
				assert.NotContains(t, errOut, "Commands:", "a mistake gets a line, not the whole help")
			}
		})
	}
}

// TestTextOutputRefusesWorkbookNames: text written under a spreadsheet's
// name would not open in one; nothing is written.
func TestTextOutputRefusesWorkbookNames(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, "in.txt", puzzle+"\n")
	book := filepath.Join("..", "..", "samples", "classic.xlsx")
	for _, args := range [][]string{
		{"solve", in, "-o", filepath.Join(dir, "out.xlsx")},
		{"rate", in, "-o", filepath.Join(dir, "out.ods")},
		{"explain", "--json", in, "-o", filepath.Join(dir, "out.xls")},
		{"rate", book, "-o", filepath.Join(dir, "out.xlsm")},
	} {
		code, _, errOut := runCLI(t, "", args...)
		assert.Equal(t, exitUsage, code, errOut)
		assert.Contains(t, errOut, "this output is text, which a spreadsheet app would not open; give it a text name such as .txt")
		assert.NotContains(t, errOut, "classic.xlsx: -o", "not about the input")
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries)
}

func TestEditDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"solve", "solve", 0}, {"sovle", "solve", 1}, {"slove", "solve", 1}, {"solv", "solve", 1},
		{"genrate", "generate", 1}, {"sheeet", "sheet", 1}, {"wrokers", "workers", 1},
		{"", "rate", 4}, {"frobnicate", "grade", 7},
	} {
		assert.Equal(t, tt.want, editDistance(tt.a, tt.b), "%s to %s", tt.a, tt.b)
	}
	assert.Equal(t, "grade", closest("Grdae", []string{"solve", "grade", "rate"}))
	assert.Empty(t, closest("frobnicate", []string{"solve", "grade", "rate"}))
}

// TestCountRefusesStrictAndFormat: --count with --strict or --format is
// refused, the flag not silently dropped (a walk of 2 December: --count
// --strict printed 2 and exited 0).
func TestCountRefusesStrictAndFormat(t *testing.T) {
	in := writeFile(t, "p.txt", puzzle+"\n")
	for _, tt := range []struct{ flag, want string }{
		{"--strict", "solve: --count prints 2 for a puzzle with several solutions, which --strict would fail; give one of them"},
		{"--format=grid", "solve: --count prints a number per puzzle; --format is for solutions"},
	} {
		code, out, errOut := runCLI(t, "", "solve", "--count", tt.flag, in)
		assert.Equal(t, exitUsage, code)
		assert.Empty(t, out)
		assert.Contains(t, errOut, tt.want)
	}
}

// TestCountOfAWorkbookWithClashingGivens: solve --count of a workbook
// whose givens contradict each other prints 0, as for text, with the
// clash's message and exit code 4 (a walk of 2 December: nothing).
func TestCountOfAWorkbookWithClashingGivens(t *testing.T) {
	dir := t.TempDir()
	in := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), dir)
	f, err := excelize.OpenFile(in)
	require.NoError(t, err)
	v, err := f.GetCellValue("Puzzle", "B2")
	require.NoError(t, err)
	require.NotEmpty(t, v)
	require.NoError(t, f.SetCellValue("Puzzle", "C2", v)) // B2's digit again in row 2
	clash := filepath.Join(dir, "clash.xlsx")
	require.NoError(t, f.SaveAs(clash))
	require.NoError(t, f.Close())
	code, out, errOut := runCLI(t, "", "solve", "--count", clash)
	assert.Equal(t, exitInvalid, code)
	assert.Equal(t, "0\n", out)
	assert.Contains(t, errOut, "both hold")
}

// TestFlagsThatWouldDoNothing: a flag that does nothing with the input or
// the output given is a usage error, not silently dropped, so that a user
// never believes a command did what it did not (--format grid with -o
// out.xlsx, --workers with a workbook, --candidates logic with text out).
// Each passes where it does something, and no file is written on refusal.
func TestFlagsThatWouldDoNothing(t *testing.T) {
	dir := t.TempDir()
	classic := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), dir)
	puzzles := copyFile(t, filepath.Join("..", "..", "samples", "puzzles.txt"), dir)
	out := filepath.Join(dir, "out.xlsx")
	for _, tt := range []struct {
		args   []string
		stderr string // "" when the flags fit
	}{
		{[]string{"solve", classic, "-o", out, "--format", "grid"}, "solve: --format is for text output; -o " + out + " writes a workbook"},
		{[]string{"solve", classic, "--format", "grid"}, ""},
		{[]string{"solve", classic, "-o", out, "--workers", "2"}, "solve: --workers is for text input, many puzzles at once; a workbook holds one puzzle"},
		{[]string{"solve", puzzles, "--workers", "2"}, ""},
		{[]string{"explain", classic, "--workers", "1"}, "explain: --workers is for text input"},
		{[]string{"rate", classic, "-w", "2"}, "rate: --workers is for text input"},
		{[]string{"hint", classic, "--workers", "2"}, "hint: --workers is for text input"},
		{[]string{"solve", classic, "--candidates", "logic"}, "solve: --candidates is for the Candidates sheet of the workbook solve writes"},
		{[]string{"solve", puzzles, "--candidates", "basic"}, "solve: --candidates is for the Candidates sheet"},
		{[]string{"solve", classic, "--count", "--candidates", "logic"}, "solve: --candidates is for the Candidates sheet"},
		{[]string{"solve", classic, "-o", out, "--candidates", "logic"}, ""},
		{[]string{"explain", classic, "--candidates", "logic"}, "explain: --candidates is for the Candidates sheet of the workbook explain writes"},
		{[]string{"explain", classic, "-o", out, "--json", "--candidates", "logic"}, "explain: --candidates is for the Candidates sheet"},
		{[]string{"explain", puzzles, "--candidates", "logic"}, "explain: --candidates is for the Candidates sheet"},
		{[]string{"explain", classic, "-o", out, "--candidates", "logic"}, ""},
		{[]string{"worksheet", classic, "-o", out, "--seed", "5"}, "worksheet: --seed chooses the look-alikes that --variants makes"},
		{[]string{"worksheet", classic, "-o", out, "--seed", "5", "--variants", "1"}, ""},
		{[]string{"hint", puzzles, "--all"}, "hint: --all is for workbooks; " + puzzles + " is read as text"},
		{[]string{"hint", classic, "--all"}, ""},
		{[]string{"solve", puzzles, "--max-part-size", "1GiB"}, "solve: --max-part-size is for workbooks"},
		{[]string{"solve", puzzles, "--range", "B2:J10", "--puzzle", "2"}, "solve: --range and --puzzle are for workbooks"},
		{[]string{"solve", puzzles, "--sheet", "A", "--range", "B2:J10", "--puzzle", "2"}, "solve: --sheet, --range and --puzzle are for workbooks"},
	} {
		t.Run(strings.Join(tt.args[:1], " ")+" "+strings.Join(tt.args[2:], " "), func(t *testing.T) {
			os.Remove(out)
			code, _, errOut := runCLI(t, "", append(tt.args, "-q")...)
			if tt.stderr == "" {
				assert.Equal(t, exitOK, code, errOut)
				return
			}
			assert.Equal(t, exitUsage, code, errOut)
			assert.Contains(t, errOut, tt.stderr)
			assert.NoFileExists(t, out)
		})
	}
}

// terminal reads as a terminal does: a line at a time, then the end of
// input once (Ctrl-D); a read past it fails the test, as at a terminal it
// would wait for another Ctrl-D.
type terminal struct {
	t     *testing.T
	lines []string
	ended bool
}

func (r *terminal) Read(p []byte) (int, error) {
	if len(r.lines) > 0 {
		n := copy(p, r.lines[0])
		r.lines[0] = r.lines[0][n:]
		if r.lines[0] == "" {
			r.lines = r.lines[1:]
		}
		return n, nil
	}
	if r.ended {
		r.t.Error("read past the end of input: Ctrl-D would be typed twice")
		return 0, io.EOF
	}
	r.ended = true
	return 0, io.EOF
}

// TestStdinAtATerminal: a puzzle typed at a terminal, or nothing, ends at
// the first Ctrl-D (a walk of 3 December: under 512 bytes needed two, as
// sniffing the input waited for 512 and swallowed the first).
func TestStdinAtATerminal(t *testing.T) {
	for _, tt := range []struct {
		name  string
		lines []string
		code  int
		out   string
	}{
		{"a puzzle", []string{puzzle + "\n"}, exitOK, solution + "\n"},
		{"two", []string{puzzle + "\n", puzzle + "\n"}, exitOK, solution + "\n" + solution + "\n"},
		{"nothing", nil, exitInput, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run([]string{"solve", "-"}, &terminal{t: t, lines: tt.lines}, &out, &errOut)
			assert.Equal(t, tt.code, code, errOut.String())
			assert.Equal(t, tt.out, out.String())
		})
	}
}

// TestStdinAnsweredAsItComes: a puzzle fed to solve - is answered before
// the input ends, as a coprocess or a person watching needs (the output
// had waited for 64 KiB or the input's end).
func TestStdinAnsweredAsItComes(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	code := make(chan int, 1)
	go func() {
		code <- run([]string{"solve", "-"}, inR, outW, io.Discard)
		outW.Close()
	}()
	lines := bufio.NewReader(outR)
	for range 3 {
		_, err := io.WriteString(inW, puzzle+"\n")
		require.NoError(t, err)
		got := make(chan string, 1)
		go func() {
			line, _ := lines.ReadString('\n')
			got <- line
		}()
		select {
		case line := <-got: // before the input ends
			assert.Equal(t, solution+"\n", line)
		case <-time.After(time.Minute): // (a guard against hanging, not a measure)
			t.Fatal("no answer while the input stays open")
		}
	}
	require.NoError(t, inW.Close())
	rest, err := io.ReadAll(lines)
	require.NoError(t, err)
	assert.Empty(t, rest)
	assert.Equal(t, exitOK, <-code)
}
