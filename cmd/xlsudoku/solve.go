package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"
)

const solveHelp = `Usage: xlsudoku solve [flags] INPUT

Solve the puzzle of a workbook (.xlsx, .xlsm) or every puzzle of a text
file. Any INPUT that is not a workbook is read as text; "-" reads stdin.

Workbooks: the puzzle is read from B2:J10 of the first sheet that has one
(--sheet and --range choose others; when B2:J10 is empty everywhere, the
grid is looked for). With -o, a copy of the workbook is written with a
Solution sheet and a Candidates sheet added after its own sheets; nothing
else in it changes. Without -o, the solution is printed.

Text: one puzzle per line (81 characters, '.' or '0' for blanks), or grids
over several lines; '#' starts a comment. Each solution is printed as one
line, in input order. A puzzle that fails gets a message on stderr naming
its line, and an empty line in the output, so that line N of the output is
puzzle N; the others are still solved. With -o, the file is replaced only
at the end, and only when a puzzle was solved.

Examples:
  xlsudoku solve puzzle.xlsx -o solved.xlsx
  xlsudoku solve book.xlsx --sheet "Week 3" --range C3:K11 -o out.xlsx
  xlsudoku solve puzzles.txt -o solutions.txt
  xlsudoku solve --count puzzles.txt
  echo 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ | xlsudoku solve -

Flags:
`

// solveOptions are the flags of the solve command.
type solveOptions struct {
	inputFlags
	output     string
	count      bool
	strict     bool
	format     string
	candidates string
	inPlace    bool
}

func runSolve(e *env, args []string) error {
	var o solveOptions
	fs := pflag.NewFlagSet("solve", pflag.ContinueOnError)
	fs.StringVarP(&o.output, "output", "o", "", "write to `FILE` (a workbook copy with our sheets, or the solutions as text) instead of stdout")
	fs.BoolVar(&o.count, "count", false, "print the number of solutions of each puzzle (0, 1, or 2 for two or more) instead")
	fs.BoolVar(&o.strict, "strict", false, "treat a puzzle with more than one solution as an error (exit 6) instead of a warning")
	fs.StringVar(&o.format, "format", "", "text output: line (one line per puzzle) or grid (readable); default line, grid for a workbook without -o")
	fs.StringVar(&o.candidates, "candidates", "basic", "workbook: the Candidates sheet shows the `basic` pencil marks of the givens, or those left after all logic before a guess (logic)")
	fs.BoolVar(&o.inPlace, "in-place", false, "workbook: let -o name the input itself and replace it")
	o.inputFlags.add(fs, true)
	o.addPaper(fs)
	if done, err := parseFlags(e, fs, solveHelp, args); done {
		return err
	}
	if err := checkPaper("solve", fs, &o.paper, writesWorkbook(o.output) && !o.count); err != nil {
		return err
	}
	switch o.format {
	case "", "line", "grid":
	default:
		return usagef("solve: --format must be line or grid, not %s", quote(o.format))
	}
	if o.count && o.strict {
		// (A walk of 2 December: --strict was silently ignored.)
		return usagef("solve: --count prints 2 for a puzzle with several solutions, which --strict would fail; give one of them")
	}
	if o.count && o.format != "" {
		return usagef("solve: --count prints a number per puzzle; --format is for solutions")
	}
	if o.candidates != "basic" && o.candidates != "logic" {
		return usagef("solve: --candidates must be basic or logic, not %s", quote(o.candidates))
	}
	in := fs.Arg(0)
	if err := inPlaceOutput("solve", o.inPlace, in, o.output); err != nil {
		return err
	}
	isBook, err := o.inputKind(e, "solve", in, o.output)
	if err != nil {
		return err
	}
	if o.given("candidates") && !(isBook && o.output != "" && !o.count) {
		return usagef("solve: --candidates is for the Candidates sheet of the workbook solve writes (-o FILE.xlsx from a workbook)")
	}
	if isBook {
		if o.count && o.output != "" {
			return usagef("solve: --count prints the number of solutions of the workbook's puzzle and writes no workbook; drop -o")
		}
		if o.output != "" && o.format != "" {
			return usagef("solve: --format is for text output; -o %s writes a workbook", o.output)
		}
		return inBook(in, solveWorkbook(e, in, o))
	}
	if o.inPlace {
		return usagef("solve: --in-place is for workbooks; %s is read as text", in)
	}
	return solveText(e, in, o)
}

// inPlaceOutput refuses --in-place without -o, which wrote nothing while
// the user may think the workbook updated, and with an -o that is not
// the input, where it does nothing (a walk of 3 December).
func inPlaceOutput(cmd string, inPlace bool, in, out string) error {
	switch {
	case !inPlace:
		return nil
	case out == "":
		return usagef("%s: --in-place lets -o name the input; to replace %s, give -o %s too", cmd, in, in)
	case in != "-" && out != "-" && !samePath(in, out) && !sameFile(in, out):
		return usagef("%s: --in-place lets -o name the input, and -o %s is another file; drop --in-place", cmd, out)
	}
	return nil
}

// workbookExts are the names of the files read as workbooks: those that
// can be, and those of other spreadsheet formats, which reading refuses
// with a message that says how to save them instead of reading them as
// text.
var workbookExts = []string{".xlsx", ".xlsm", ".xltx", ".xltm", ".xls", ".xlsb", ".ods"}

// isWorkbook tells a workbook from a text file: by its name, or else by
// its signature (zip, or the compound file of .xls and password-protected
// workbooks). A pipe or a FIFO (such as bash's <(...)) is text: reading its
// signature would take bytes that could not be read again.
func isWorkbook(path string) (bool, error) {
	if path == "-" {
		return false, nil
	}
	ext := strings.ToLower(filepath.Ext(path))
	for _, w := range workbookExts {
		if ext == w {
			return true, nil
		}
	}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return false, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return false, &inputError{fmt.Errorf("cannot open %s: %w", path, unwrapPath(err))}
	}
	defer f.Close()
	head := make([]byte, 4)
	n, _ := io.ReadFull(f, head)
	return bytes.Equal(head[:n], []byte("PK\x03\x04")) || bytes.Equal(head[:n], []byte{0xD0, 0xCF, 0x11, 0xE0}), nil
}

// unwrapPath drops the operation and path from an *os.PathError, which
// messages name already.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
