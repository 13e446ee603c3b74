// Command xlsudoku solves Sudoku puzzles in spreadsheets and text files.
//
// Run "xlsudoku help" for the commands and "xlsudoku help solve" for one.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"strings"
)

// version is set at release time with -ldflags "-X main.version=v1.2.3".
var version = "dev"

func main() {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, stopSignals()...)
	e := newEnv(os.Stdin, os.Stdout, os.Stderr)
	e.handleSignals(sigs, os.Exit)
	os.Exit(e.run(os.Args[1:]))
}

// runCommand runs c with args and returns its exit code. A write to
// stdout that failed (a full disk, /dev/full) is an error whatever the
// command made of it: some printed their report with fmt.Fprint and
// exited 0, the report lost.
func (e *env) runCommand(c command, args []string) int {
	out := &stickyWriter{w: e.stdout}
	stdout := e.stdout
	e.stdout = out
	err := c.run(e, args)
	e.stdout = stdout
	var reported *reportedError
	if out.err != nil && (err == nil || errors.As(err, &reported) || errors.Is(err, out.err)) {
		err = fmt.Errorf("cannot write stdout: %w", unwrapPath(out.err))
	}
	return report(e, c.name, err)
}

// stickyWriter is a writer that keeps its first error, and fails every
// write after it.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	if err != nil {
		s.err = err
	}
	return n, err
}

// env is what a command sees of the process: its streams, whether to show
// progress and notes, and what to undo if a signal ends the run.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	progress       bool // stderr is a terminal and --quiet is not given
	quiet          bool // --quiet: no notes
	cleanups       *cleanups
}

func newEnv(stdin io.Reader, stdout, stderr io.Writer) *env {
	return &env{stdin: stdin, stdout: stdout, stderr: stderr, progress: isTerminal(stderr), cleanups: &cleanups{}}
}

// note prints a line for the user that --quiet silences: which sheet was
// used, what was written. Warnings and errors are printed directly.
func (e *env) note(format string, args ...any) {
	if !e.quiet {
		fmt.Fprintf(e.stderr, format+"\n", args...)
	}
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(e *env, args []string) error
}

var commands = []command{
	{"solve", "solve puzzles from a workbook or text; write solutions", runSolve},
	{"generate", "make unique, graded, symmetric puzzles as text or a printable workbook", runGenerate},
	{"explain", "solve step by step with named techniques; add a Steps sheet", runExplain},
	{"rate", "grade puzzles as a person would solve them", runRate},
	{"hint", "show the next step of a puzzle as a student left it", runHint},
	{"worksheet", "make a fillable, self-checking worksheet of a workbook's puzzle", runWorksheet},
	{"grade", "grade the workbooks students hand back; mark them; summarise a class", runGrade},
}

const usage = `xlsudoku turns a spreadsheet into a Sudoku workbench.

Usage:
  xlsudoku <command> [flags] [arguments]

Commands:
%s
  help       show help for a command
  version    print the version

Run "xlsudoku help <command>" for a command's flags and examples.
Every command takes -q (--quiet): no notes or progress, only warnings and errors.

Exit codes:
  0    ok (warnings may be on stderr)
  1    the output could not be written, generate ran out of attempts or time,
       a puzzle that only a guess finishes (explain, rate without
       --allow-guess), or an internal error
  2    usage: bad flags or arguments, -o naming the input
  3    unreadable input: missing, not a workbook or text, damaged, no puzzle in it
  4    invalid puzzle: a bad cell or character, givens that contradict each
       other; for hint, a wrong entry or a given changed
  5    a puzzle has no solution
  6    a puzzle has more than one solution: for solve with --strict; always
       for explain, rate, hint, worksheet and grade, which need one solution
  129  stopped by SIGHUP (the terminal was closed)
  130  stopped by SIGINT (Ctrl-C); 143 stopped by SIGTERM
`

const versionHelp = `Usage: xlsudoku version

Print the version of xlsudoku: the release, or for a build from source the
module version and the revision (commit) it was built from, marked
"(modified)" when the source had changes not committed.
`

// run runs xlsudoku with the given arguments and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return newEnv(stdin, stdout, stderr).run(args)
}

// run runs the command of args and returns the exit code. A panic becomes
// exit code 1 with a message asking to report it, not a stack trace (set
// XLSUDOKU_DEBUG=1 to see that too).
func (e *env) run(args []string) (code int) {
	defer func() {
		if r := recover(); r != nil {
			code = e.internalError(r, debug.Stack())
		}
	}()
	if len(args) == 0 {
		printUsage(e.stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "--help", "help":
		if len(args) > 2 && args[0] == "help" {
			fmt.Fprintf(e.stderr, "xlsudoku: help takes one command, not %s: xlsudoku help %s\n", quote(strings.Join(args[2:], " ")), args[1])
			return exitUsage
		}
		if len(args) > 1 && args[0] == "help" {
			return e.run([]string{args[1], "--help"})
		}
		printUsage(e.stdout)
		return exitOK
	case "-v", "--version", "version":
		return e.version(args[1:])
	}
	names := make([]string, len(commands))
	for i, c := range commands {
		if c.name == args[0] {
			return e.runCommand(c, args[1:])
		}
		names[i] = c.name
	}
	// A short message, not the whole help, whose first lines would
	// scroll the mistake away.
	msg := fmt.Sprintf("xlsudoku: unknown command %s", quote(args[0]))
	switch near := closest(args[0], names); {
	case strings.HasPrefix(args[0], "-") && args[0] != "-":
		cmd := "COMMAND"
		if i := slices.IndexFunc(args, func(a string) bool { return slices.Contains(names, a) }); i > 0 {
			cmd = args[i]
		}
		msg += "; flags go after the command: xlsudoku " + cmd + " " + args[0] + " ..."
	case near != "":
		msg += "; did you mean " + near + "?"
	}
	fmt.Fprintf(e.stderr, "%s\nRun \"xlsudoku help\" for the commands.\n", msg)
	return exitUsage
}

// closest is the word of words nearest to s, if it is within two edits
// (a typo: "sovle", "genrate"), else "".
func closest(s string, words []string) string {
	best, dist := "", 3
	for _, w := range words {
		if d := editDistance(strings.ToLower(s), w); d < dist {
			best, dist = w, d
		}
	}
	return best
}

// editDistance counts the insertions, deletions, substitutions and swaps
// of neighbours that turn a into b.
func editDistance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// internalError reports a panic: a bug, whatever the input.
func (e *env) internalError(r any, stack []byte) int {
	e.cleanups.stop()
	fmt.Fprintf(e.stderr, "xlsudoku: %v\n", &internalError{r, stack})
	return exitFailure
}

// internalError is a panic caught in a goroutine of its own, to be
// reported as a bug (exit code 1, the default of exitCode).
type internalError struct {
	value any
	stack []byte
}

func (e *internalError) Error() string { return e.on("") }

// on is the message, naming where the bug struck when where is set; the
// stack trace follows with XLSUDOKU_DEBUG.
func (e *internalError) on(where string) string {
	msg := "internal error"
	if where != "" {
		msg += " on " + where
	}
	msg += fmt.Sprintf(": %v\n%s", e.value, reportBug)
	if os.Getenv("XLSUDOKU_DEBUG") != "" {
		msg += "\n" + strings.TrimSuffix(string(e.stack), "\n")
	}
	return msg
}

// reportBug is what to do about an internal error.
const reportBug = "This is a bug in xlsudoku: please report it with the command line and the input that caused it (XLSUDOKU_DEBUG=1 adds the stack trace)."

// version prints the version, or its help.
func (e *env) version(args []string) int {
	// Every command takes -q; version has no notes to quiet.
	args = slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a == "-q" || a == "--quiet" })
	switch {
	case len(args) == 0:
		fmt.Fprintf(e.stdout, "xlsudoku %s\n", versionString())
		return exitOK
	case len(args) == 1 && (args[0] == "-h" || args[0] == "--help"):
		fmt.Fprint(e.stdout, versionHelp)
		return exitOK
	}
	return report(e, "version", usagef("version: unexpected argument %s", quote(args[0])))
}

func printUsage(w io.Writer) {
	list := ""
	for _, c := range commands {
		list += fmt.Sprintf("  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, usage, list[:len(list)-1])
}

// versionString is the release version, or what the build knows of the
// source it was built from.
func versionString() string {
	if version != "dev" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return version
	}
	return describeBuild(info.Main.Version, info.GoVersion, info.Settings)
}

// describeBuild is the module version, the short revision unless the
// version holds it already (a pseudo-version does), and "(modified)" when
// the work tree had changes not committed. Go 1.24 and later mark such a
// version "+dirty" and stamp "(devel)" when there is no version control
// information (-buildvcs=false); the Go version then says at least what
// built it.
func describeBuild(mod, goVersion string, settings []debug.BuildSetting) string {
	var rev string
	modified := false
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	v, dirty := strings.CutSuffix(mod, "+dirty")
	modified = modified || dirty
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" && !strings.Contains(v, rev) {
		v += " " + rev
	}
	if modified {
		v += " (modified)"
	}
	if v == "devel" && goVersion != "" {
		v += ", built with " + goVersion
	}
	return v
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
