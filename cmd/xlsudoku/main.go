// Command xlsudoku solves Sudoku puzzles in spreadsheets and text files.
//
// Run "xlsudoku help" for the commands and "xlsudoku help solve" for one.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

// version is set at release time with -ldflags "-X main.version=v1.2.3".
var version = "dev"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// env is what a command sees of the process: its streams and whether
// stderr is a terminal (for progress).
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	progress       bool
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
Exit codes: 0 ok, 1 failure writing output or internal error, 2 usage,
3 unreadable input, 4 invalid puzzle, 5 no solution, 6 not unique (--strict).
`

// run runs xlsudoku with the given arguments and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, progress: isTerminal(stderr)}
	if len(args) == 0 {
		printUsage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "--help", "help":
		if len(args) > 1 && args[0] == "help" {
			return run([]string{args[1], "--help"}, stdin, stdout, stderr)
		}
		printUsage(stdout)
		return exitOK
	case "-v", "--version", "version":
		fmt.Fprintf(stdout, "xlsudoku %s\n", versionString())
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			return report(e, c.run(e, args[1:]))
		}
	}
	fmt.Fprintf(stderr, "xlsudoku: unknown command %q\n\n", args[0])
	printUsage(stderr)
	return exitUsage
}

func printUsage(w io.Writer) {
	list := ""
	for _, c := range commands {
		list += fmt.Sprintf("  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, usage, list[:len(list)-1])
}

// versionString is the release version, or the module version and VCS
// revision the binary was built from.
func versionString() string {
	if version != "dev" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return version
	}
	v := info.Main.Version
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " (" + s.Value[:12] + ")"
		}
	}
	if v == "" || v == "(devel)" {
		return version
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
