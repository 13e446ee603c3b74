package main

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFailedPuzzlesKeepTheirLine: a puzzle that fails gets an empty line
// (null for JSON) on the output, so line N of the output is puzzle N; its
// message goes to stderr with file and line.
func TestFailedPuzzlesKeepTheirLine(t *testing.T) {
	bad := puzzle[:39] + "x" + puzzle[40:]
	noSolution := "12345678.........9" + strings.Repeat(".", 63)
	two := "." + puzzle[1:20] + "." + puzzle[21:]
	input := strings.Join([]string{"# a comment line, not a puzzle", bad, puzzle, noSolution, puzzle[:80], two, puzzle}, "\n") + "\n"
	in := writeFile(t, "in.txt", input)
	tests := []struct {
		args []string
		want []string // the output's lines: "" is a placeholder, "*" any output
		code int
	}{
		{[]string{"solve"}, []string{"", solution, "", "", "*", solution}, exitInvalid},
		{[]string{"solve", "--strict"}, []string{"", solution, "", "", "", solution}, exitInvalid},
		{[]string{"solve", "--count"}, []string{"", "1", "0", "", "2", "1"}, exitInvalid},
		{[]string{"rate"}, []string{"", "*", "", "", "", "*"}, exitInvalid},
		{[]string{"rate", "--json"}, []string{"null", "*", "null", "null", "null", "*"}, exitInvalid},
		{[]string{"explain", "--json"}, []string{"null", "*", "null", "null", "null", "*"}, exitInvalid},
		{[]string{"hint"}, []string{"", "*", "", "", "", "*"}, exitInvalid},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			for _, workers := range []string{"1", "3"} {
				code, out, errOut := runCLI(t, "", append(tt.args, "-w", workers, in)...)
				assert.Equal(t, tt.code, code, errOut)
				lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
				require.Len(t, lines, len(tt.want), out)
				for i, w := range tt.want {
					if w == "*" {
						assert.NotEmpty(t, lines[i])
						assert.NotEqual(t, "null", lines[i])
						continue
					}
					assert.Equal(t, w, lines[i], "line %d", i+1)
				}
				assert.Contains(t, errOut, "in.txt:2:40: 'x' is not a digit or a blank")
				assert.Contains(t, errOut, "in.txt:5: 80 cells is not a puzzle size")
			}
		})
	}
}

// TestEmptyTextInput: a text input with no puzzle is exit code 3 with a
// message, not a silent success.
func TestEmptyTextInput(t *testing.T) {
	for _, input := range []string{"", "\n\n", "# only\n# comments\n\n", "[Puzzle]\n"} {
		for _, cmd := range []string{"solve", "rate", "explain", "hint"} {
			code, out, errOut := runCLI(t, input, cmd, "-")
			assert.Equal(t, exitInput, code, "%s %q", cmd, input)
			assert.Equal(t, "xlsudoku: stdin holds no puzzle, only blank lines, comments or titles; give one puzzle per line, or grids\n", errOut)
			assert.Empty(t, out)
		}
	}
	// From a file, an existing output is left alone.
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	require.NoError(t, os.WriteFile(out, []byte("old\n"), 0o644))
	in := writeFile(t, "empty.txt", "# nothing yet\n")
	code, _, errOut := runCLI(t, "", "solve", in, "-o", out)
	assert.Equal(t, exitInput, code)
	assert.Contains(t, errOut, in+" holds no puzzle")
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "old\n", string(got))
	assert.Equal(t, []string{"out.txt"}, folderFiles(t, dir))
}

// TestLongLineIsNamed: a line longer than the reader takes is named by
// its number; the puzzles before it were solved, but an output file is
// left as it was.
func TestLongLineIsNamed(t *testing.T) {
	for _, n := range []int{maxLineBytes, 3 * maxLineBytes} {
		input := puzzle + "\n# comment\n" + strings.Repeat("1", n) + "\n" + puzzle + "\n"
		in := writeFile(t, "long.txt", input)
		code, out, errOut := runCLI(t, "", "solve", in)
		assert.Equal(t, exitInput, code)
		assert.Equal(t, "xlsudoku: "+in+":3: the line is 1048576 bytes or longer, far longer than any puzzle; is this a puzzle file?\n", errOut)
		assert.Equal(t, solution+"\n", out)

		code, _, errOut = runCLI(t, input, "rate", "-")
		assert.Equal(t, exitInput, code)
		assert.Contains(t, errOut, "stdin:3: the line is 1048576 bytes or longer")
	}
	// Just short enough: read, and refused as a puzzle of its own.
	input := strings.Repeat("1", maxLineBytes-1) + "\n" + puzzle + "\n"
	code, out, errOut := runCLI(t, input, "solve", "-")
	assert.Equal(t, exitInvalid, code)
	assert.Contains(t, errOut, "stdin:1: 1048575 cells is not a puzzle size")
	assert.Equal(t, "\n"+solution+"\n", out)
}

// TestLongValuesAreClipped: a value pasted by mistake is quoted in part.
func TestLongValuesAreClipped(t *testing.T) {
	long := strings.Repeat("x", 5000)
	for _, args := range [][]string{
		{"solve", "--format", long, "in.txt"},
		{"solve", "--candidates", long, "in.txt"},
		{"explain", "--candidates", long, "in.txt"},
		{"solve", "--workers", long, "in.txt"},
		// Names of no file: quoted whole by the message that no sheet or
		// range of that name is there, before they were bounded.
		{"solve", "--sheet", long, "in.xlsx"},
		{"solve", "--range", long, "in.xlsx"},
		{"solve", "--box", long, "in.xlsx"},
		{"grade", "--sheet", long, "in.xlsx"},
		{"generate", "--format", long},
		{"generate", "--paper", long, "-o", "x.xlsx"},
		{"generate", "-d", long},
		{"generate", "--symmetry", long},
		{"generate", "--box", long},
		{"generate", "--timeout", long},
		{"generate", long},
		{"solve", "--" + long, "in.txt"},
		{long},
		{"version", long},
	} {
		code, _, errOut := runCLI(t, "", args...)
		assert.Equal(t, exitUsage, code, clip(errOut, 200))
		first, _, _ := strings.Cut(errOut, "\n")
		assert.Less(t, len(first), 400, clip(errOut, 200))
		assert.Regexp(t, `x\.\.\. \(5\d\d\d characters\)`, first)
	}
}

// TestNumericFlagsAreBounded: every numeric flag of the commands that read
// puzzles refuses what it cannot take, naming the range (generate's are in
// TestGenerateErrors).
func TestNumericFlagsAreBounded(t *testing.T) {
	in := writeFile(t, "in.txt", puzzle+"\n")
	for _, cmd := range []string{"solve", "explain", "rate", "hint"} {
		for _, tt := range []struct{ flag, value, msg string }{
			{"--workers", "9223372036854775807", `-w/--workers must be a whole number from 1 to 1024, not "9223372036854775807"`},
			{"-w", "100000000", `-w/--workers must be a whole number from 1 to 1024, not "100000000"`},
			{"--workers", "99999999999999999999", `-w/--workers must be a whole number from 1 to 1024, not "99999999999999999999"`},
			{"--workers", "-3", `-w/--workers must be a whole number from 1 to 1024, not "-3"`},
			{"--size", "9223372036854775807", `--size must be 4, 6, 8, 9, 12 or 16, not "9223372036854775807"`},
			{"--size", "0", `--size must be 4, 6, 8, 9, 12 or 16, not "0"`},
			{"--size", "-9", `--size must be 4, 6, 8, 9, 12 or 16, not "-9"`},
		} {
			code, out, errOut := runCLI(t, "", cmd, tt.flag, tt.value, in)
			assert.Equal(t, exitUsage, code, errOut)
			assert.Contains(t, errOut, "xlsudoku: "+cmd+": "+tt.msg)
			assert.Empty(t, out)
		}
		// The bounds themselves are taken.
		code, out, errOut := runCLI(t, "", cmd, "-w", "1024", "--size", "9", in)
		assert.Equal(t, exitOK, code, errOut)
		assert.NotEmpty(t, out)
	}
}

// TestQuiet: -q silences notes and progress, not warnings or errors.
func TestQuiet(t *testing.T) {
	dir := t.TempDir()
	classic := filepath.Join("..", "..", "samples", "classic.xlsx")
	out := filepath.Join(dir, "out.xlsx")
	code, _, errOut := runCLI(t, "", "solve", classic, "-o", out)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "using the puzzle at Puzzle!B2:J10")
	assert.Contains(t, errOut, "wrote "+out)

	for _, args := range [][]string{
		{"solve", "-q", classic, "-o", out},
		{"solve", "--quiet", classic},
		{"explain", "-q", classic, "-o", filepath.Join(dir, "explained.xlsx")},
		{"rate", "-q", classic},
		{"hint", "-q", filepath.Join("testdata", "homework-right.xlsx")},
		{"generate", "-q", "-n", "2", "-o", filepath.Join(dir, "book.xlsx")},
		{"generate", "-q", "-n", "2"},
	} {
		code, stdout, errOut := runCLI(t, "", args...)
		assert.Equal(t, exitOK, code, errOut)
		assert.Empty(t, errOut, strings.Join(args, " "))
		if !strings.Contains(strings.Join(args, " "), "-o") {
			assert.NotEmpty(t, stdout)
		}
	}

	// Warnings and errors stay.
	code, _, errOut = runCLI(t, "", "solve", "-q", filepath.Join("testdata", "two-solutions.xlsx"))
	assert.Equal(t, exitOK, code)
	assert.Contains(t, errOut, "warning: ")
	assert.NotContains(t, errOut, "using the puzzle")
	two := "." + puzzle[1:20] + "." + puzzle[21:]
	code, _, errOut = runCLI(t, two+"\n", "solve", "-q", "-")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, errOut, "stdin:1: warning: the puzzle has more than one solution")
	code, _, errOut = runCLI(t, "4.4"+puzzle[3:]+"\n", "rate", "-q", "-")
	assert.Equal(t, exitInvalid, code)
	assert.Contains(t, errOut, "stdin:1: r1c1 and r1c3 both hold 4 in row 1")

	// A terminal's progress is off too.
	e := newEnv(strings.NewReader(""), os.Stdout, os.Stderr)
	e.progress = true
	done, err := parseCommon(e, pflag.NewFlagSet("solve", pflag.ContinueOnError), "", []string{"-q"})
	require.False(t, done)
	require.NoError(t, err)
	assert.False(t, e.progress)
	assert.True(t, e.quiet)
}

// TestInfoNotes: the workbook package's notes that only say what was done
// are told from those that warn.
func TestInfoNotes(t *testing.T) {
	for note, info := range map[string]bool{
		"using the puzzle at Puzzle!B2:J10":                                                                       true,
		"found a 9x9 puzzle at Sheet1!C3:K11":                                                                     true,
		"found an 8x8 puzzle at Sheet1!C3:J10":                                                                    true,
		`replaced sheet "Solution" of an earlier run`:                                                             true,
		"Week 3!B2:J10: told givens from entries by bold: 18 givens, 2 entries":                                   true,
		"Week 3!B2:J10: all 20 digits are bold givens; no entries yet":                                            true,
		"using the puzzle of worksheet Worksheet!B2:J10: its 30 givens; the 2 entries typed into it are left out": true,
		"Week 3!C4: formulas with no stored value were read as blanks (open and ...)":                             false,
		`the workbook already has a sheet "Solution" that carries no xlsudoku mark (your own, or ours saved by an app that dropped the marks); wrote sheet "Solution (2)" instead`: false,
		`left sheet "Steps" of an earlier run as it was; it explains the puzzle as it stood then`:                                                                                  false,
		// What worksheet did, silenced by -q (it printed with it: a walk of 2 December).
		`emptied sheet "Solution" of an earlier run: a worksheet must not show students the answer or the work towards it`: true,
		`warning: sheet "Solution" holds the puzzle's solution at B2:J10, and nothing marks it as xlsudoku's to empty`:     false,
		"book.xlsx is a book of puzzles: read puzzle 1; give --puzzle N for another":                                       true,
		"warning: Game!C3:H8 was read with 2x3 boxes, but the sheet draws 3x2 boxes with heavy lines, ...":                 false,
	} {
		assert.Equal(t, info, isInfoNote(note), note)
	}
}

// TestQuietOnAWorksheet: -q leaves no note on stderr when a command reads
// a worksheet (it said which puzzle of the worksheet it used).
func TestQuietOnAWorksheet(t *testing.T) {
	ws, _, _ := sampleWorksheet(t, "classic.xlsx", t.TempDir())
	for _, args := range [][]string{{"solve"}, {"rate"}, {"explain"}, {"hint"}, {"worksheet", "-o", filepath.Join(t.TempDir(), "again.xlsx")}} {
		code, _, errOut := runCLI(t, "", append(append(args, "-q"), ws)...)
		assert.Equal(t, exitOK, code, "%s: %s", args[0], errOut)
		assert.Empty(t, errOut, args[0])
	}
}

func TestVersion(t *testing.T) {
	code, out, errOut := runCLI(t, "", "--version")
	require.Equal(t, exitOK, code, errOut)
	assert.Regexp(t, `^xlsudoku \S`, out)
	assert.Equal(t, 1, strings.Count(out, "\n"))
	// -q, which every command takes (a walk of 2 December: "unexpected argument").
	for _, args := range [][]string{{"version"}, {"-v"}, {"version", "-q"}, {"version", "--quiet"}} {
		_, again, _ := runCLI(t, "", args...)
		assert.Equal(t, out, again)
	}

	code, out, _ = runCLI(t, "", "help", "version")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, versionHelp, out)
	// A word more was ignored (the help of solve for "help solve extra").
	code, out, errOut = runCLI(t, "", "help", "solve", "extra")
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	assert.Equal(t, "xlsudoku: help takes one command, not \"extra\": xlsudoku help solve\n", errOut)
	code, _, errOut = runCLI(t, "", "version", "now")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, `version: unexpected argument "now"`)

	rev := "0123456789abcdef0123456789abcdef01234567"
	for _, tt := range []struct {
		mod      string
		settings map[string]string
		want     string
	}{
		{"v1.2.3", nil, "v1.2.3"},
		{"v1.2.3", map[string]string{"vcs.revision": rev, "vcs.modified": "false"}, "v1.2.3 0123456789ab"},
		// A pseudo-version holds the revision already: once only.
		{"v0.0.0-20250101120000-0123456789ab", map[string]string{"vcs.revision": rev}, "v0.0.0-20250101120000-0123456789ab"},
		{"v0.0.0-20250101120000-0123456789ab+dirty", map[string]string{"vcs.revision": rev, "vcs.modified": "true"}, "v0.0.0-20250101120000-0123456789ab (modified)"},
		{"(devel)", map[string]string{"vcs.revision": rev, "vcs.modified": "true"}, "devel 0123456789ab (modified)"},
		{"(devel)", nil, "devel, built with go1.26.8"},
		{"", nil, "devel, built with go1.26.8"},
	} {
		var settings []debug.BuildSetting
		for k, v := range tt.settings {
			settings = append(settings, debug.BuildSetting{Key: k, Value: v})
		}
		assert.Equal(t, tt.want, describeBuild(tt.mod, "go1.26.8", settings), tt.mod)
	}
}

// TestUsageMatchesREADME: every exit code of the README's table is in the
// help's summary, and the other way round.
func TestUsageMatchesREADME(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	_, table, ok := strings.Cut(string(readme), "### Exit codes")
	require.True(t, ok)
	table, _, _ = strings.Cut(table, "\n\n##")
	inREADME := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\| (\d+)(?:, (\d+))? \|`).FindAllStringSubmatch(table, -1) {
		inREADME[m[1]] = true
		if m[2] != "" {
			inREADME[m[2]] = true
		}
	}
	_, help, _ := runCLI(t, "", "--help")
	_, summary, ok := strings.Cut(help, "Exit codes:")
	require.True(t, ok)
	inHelp := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^  (\d+) |; (\d+) `).FindAllStringSubmatch(summary, -1) {
		inHelp[m[1]+m[2]] = true
	}
	assert.Equal(t, inREADME, inHelp)
	assert.Len(t, inHelp, 10)
	assert.Contains(t, summary, "always\n       for explain, rate, hint, worksheet and grade")
}

// TestCountExitCodes: solve --count prints a count for every puzzle it
// reads; no solution is a count (exit 0), givens that contradict each
// other are an invalid puzzle too (exit 4, with their message).
func TestCountExitCodes(t *testing.T) {
	noSolution := "12345678.........9" + strings.Repeat(".", 63)
	clash := "44" + puzzle[2:]
	for _, tt := range []struct {
		in, out, stderr string
		code            int
	}{
		{noSolution, "0\n", "", exitOK},
		{clash, "0\n", "both hold 4", exitInvalid},
		{puzzle, "1\n", "", exitOK},
	} {
		code, out, errOut := runCLI(t, tt.in+"\n", "solve", "--count", "-")
		assert.Equal(t, tt.code, code, errOut)
		assert.Equal(t, tt.out, out)
		if tt.stderr == "" {
			assert.Empty(t, errOut)
		} else {
			assert.Contains(t, errOut, tt.stderr)
		}
	}
}

// TestCountIgnoresNothing: --count with -o for a workbook, or with
// --format, is refused rather than silently ignored (found by a hunt).
func TestCountIgnoresNothing(t *testing.T) {
	in := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), t.TempDir())
	out := filepath.Join(t.TempDir(), "out.xlsx")
	for _, tt := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{in, "-o", out}, "", "writes no workbook; drop -o"},
		{[]string{"--format", "grid", in}, "", "--format is for solutions"},
		{[]string{"--format", "line", "-"}, puzzle + "\n", "--format is for solutions"},
	} {
		code, stdout, errOut := runCLI(t, tt.stdin, append([]string{"solve", "--count"}, tt.args...)...)
		assert.Equal(t, exitUsage, code, errOut)
		assert.Contains(t, errOut, tt.want)
		assert.Empty(t, stdout)
		assert.NoFileExists(t, out)
	}
	code, stdout, errOut := runCLI(t, "", "solve", "--count", in)
	assert.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "1\n", stdout)
}

// TestWorkbookOutputFolder: -o naming a folder is a usage error, found
// before the work (generate makes no puzzle first).
func TestWorkbookOutputFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "book.xlsx")
	require.NoError(t, os.Mkdir(dir, 0o755))
	in := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), t.TempDir())
	for _, args := range [][]string{
		{"generate", "-n", "1", "-o", dir},
		{"solve", in, "-o", dir},
		{"worksheet", in, "-o", dir},
	} {
		code, _, errOut := runCLI(t, "", args...)
		assert.Equal(t, exitUsage, code, "%v: %s", args, errOut)
		assert.Contains(t, errOut, dir+" is a folder")
	}
	// A folder as the input is unreadable input (3) for every command;
	// worksheet called it "not a workbook", a usage error (2).
	plain := t.TempDir()
	for _, in := range []string{dir, plain} {
		for _, cmd := range []string{"solve", "rate", "explain", "hint", "worksheet", "grade"} {
			args := []string{cmd, in}
			if cmd == "worksheet" {
				args = append(args, "-o", filepath.Join(t.TempDir(), "out.xlsx"))
			}
			code, _, errOut := runCLI(t, "", args...)
			assert.Equal(t, exitInput, code, "%v: %s", args, errOut)
			assert.Contains(t, errOut, in+" is a folder", "%v", args)
		}
	}
}

// TestHelpGivesEachDefaultOnce: a flag whose usage says its default is not
// given a second "(default ...)" by pflag, as --timeout was ("(default:
// no limit but --attempts) (default 0s)").
func TestHelpGivesEachDefaultOnce(t *testing.T) {
	for _, cmd := range []string{"solve", "generate", "explain", "rate", "hint", "worksheet", "grade", "version"} {
		code, out, errOut := runCLI(t, "", "help", cmd)
		require.Equal(t, exitOK, code, errOut)
		require.Contains(t, out, "Usage", "help %s", cmd)
		for _, line := range strings.Split(out, "\n") {
			assert.LessOrEqual(t, strings.Count(line, "(default"), 1, "help %s: %s", cmd, line)
		}
	}
}

// TestEmptyNamesAreRefused: a flag that names a file, folder, sheet or
// range, given empty (-o "$OUT" with OUT unset), is a usage error, not
// the flag left out: solve printed its solution to stdout and wrote no file.
func TestEmptyNamesAreRefused(t *testing.T) {
	dir := t.TempDir()
	in := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), dir)
	for _, tt := range []struct {
		args []string
		flag string
	}{
		{[]string{"solve", in, "-o", ""}, "-o"},
		{[]string{"solve", in, "--output= "}, "-o"},
		{[]string{"explain", in, "-o", ""}, "-o"},
		{[]string{"rate", in, "-o", ""}, "-o"},
		{[]string{"generate", "-n", "1", "-o", ""}, "-o"},
		{[]string{"worksheet", in, "-o", ""}, "-o"},
		{[]string{"solve", in, "--sheet", ""}, "--sheet"},
		{[]string{"solve", in, "--range", ""}, "--range"},
		{[]string{"solve", in, "--box", ""}, "--box"},
		{[]string{"grade", in, "--outdir", ""}, "--outdir"},
		{[]string{"grade", in, "--summary", ""}, "--summary"},
		{[]string{"grade", in, "--key", ""}, "--key"},
	} {
		code, out, errOut := runCLI(t, "", tt.args...)
		assert.Equal(t, exitUsage, code, "%q: %s", tt.args, errOut)
		assert.Contains(t, errOut, tt.args[0]+": "+tt.flag+" is empty", "%q", tt.args)
		assert.Empty(t, out, "%q", tt.args)
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "nothing but the input")
}
