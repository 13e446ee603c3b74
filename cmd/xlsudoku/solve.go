package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/spf13/pflag"

	"github.com/xlsudoku/xlsudoku/solve"
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
its line; the others are still solved.

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
	output  string
	count   bool
	strict  bool
	workers int
	format  string
	size    int
	box     string
	sheet   string
	rng     string
	inPlace bool
}

func runSolve(e *env, args []string) error {
	var o solveOptions
	fs := pflag.NewFlagSet("solve", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVarP(&o.output, "output", "o", "", "write to `FILE` (a workbook copy with our sheets, or the solutions as text) instead of stdout")
	fs.BoolVar(&o.count, "count", false, "print the number of solutions of each puzzle (0, 1, or 2 for two or more) instead")
	fs.BoolVar(&o.strict, "strict", false, "treat a puzzle with more than one solution as an error (exit 6) instead of a warning")
	fs.IntVarP(&o.workers, "workers", "w", runtime.NumCPU(), "text: solve on `N` goroutines (order is kept)")
	fs.StringVar(&o.format, "format", "", "text output: line (one line per puzzle) or grid (readable); default line, grid for a workbook without -o")
	fs.IntVar(&o.size, "size", 0, "text: every puzzle is `N`xN (4, 6, 8, 9, 12, 16); default: from each puzzle's length")
	fs.StringVar(&o.box, "box", "", "box shape `RxC` where the size allows two, such as 3x2 for 6x6")
	fs.StringVar(&o.sheet, "sheet", "", "workbook: the sheet holding the puzzle (default: the first that has one)")
	fs.StringVar(&o.rng, "range", "", "workbook: the puzzle's cells, such as `B3:J11` (default B2:J10, else found)")
	fs.BoolVar(&o.inPlace, "in-place", false, "workbook: let -o name the input itself and replace it")
	help := fs.BoolP("help", "h", false, "show this help")
	if err := fs.Parse(args); err != nil {
		return usagef("solve: %v", err)
	}
	if *help {
		fmt.Fprint(e.stdout, solveHelp+fs.FlagUsages())
		return nil
	}
	if fs.NArg() != 1 {
		return usagef("solve: give one INPUT (a workbook, a text file, or - for stdin), got %d", fs.NArg())
	}
	if o.workers < 1 {
		return usagef("solve: --workers must be at least 1")
	}
	switch o.format {
	case "", "line", "grid":
	default:
		return usagef("solve: --format must be line or grid, not %q", o.format)
	}
	in := fs.Arg(0)
	isBook, err := isWorkbook(in)
	if err != nil {
		return err
	}
	if isBook {
		if o.size != 0 {
			return usagef("solve: --size is for text input; a workbook's size follows from --range")
		}
		return solveWorkbook(e, in, o)
	}
	if o.sheet != "" || o.rng != "" || o.inPlace {
		return usagef("solve: --sheet, --range and --in-place are for workbooks; %s is read as text", in)
	}
	return solveText(e, in, o)
}

// workbookExts are the names of the files read as workbooks.
var workbookExts = []string{".xlsx", ".xlsm", ".xltx", ".xltm"}

// isWorkbook tells a workbook from a text file: by its name, or else by
// the zip signature at its start.
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
	f, err := os.Open(path)
	if err != nil {
		return false, &inputError{fmt.Errorf("cannot open %s: %w", path, unwrapPath(err))}
	}
	defer f.Close()
	head := make([]byte, 4)
	n, _ := io.ReadFull(f, head)
	return bytes.Equal(head[:n], []byte("PK\x03\x04")), nil
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

// shapeFlag returns the shape asked for by --size and --box, if any.
func (o *solveOptions) shapeFlag() (solve.Shape, error) {
	switch {
	case o.size == 0 && o.box == "":
		return solve.Shape{}, nil
	case o.size == 0:
		return solve.Shape{}, usagef("solve: --box needs --size for text input")
	case o.box == "":
		s, err := solve.ShapeOf(o.size)
		if err != nil {
			return s, usagef("solve: --size: %v", err)
		}
		return s, nil
	}
	s, err := solve.ParseBox(o.size, o.box)
	if err != nil {
		return s, usagef("solve: --box: %v", err)
	}
	return s, nil
}
