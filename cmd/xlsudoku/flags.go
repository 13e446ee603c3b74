package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook"
)

// inputFlags are the flags that say where and how to read puzzles, shared
// by the commands that read them.
type inputFlags struct {
	size    int
	box     string
	sheet   string
	rng     string
	puzzle  int
	workers int
	maxPart byteSize
	paper   string // for the commands that write a workbook (addPaper)
	// bookOnly names the command's own flags that do something only
	// with a workbook for input (hint's --all), refused with text.
	bookOnly []string
	fs       *pflag.FlagSet // the flags add registered, to tell which were given
}

// maxPuzzleNumber bounds --puzzle: a book holds at most generate's
// maxCount puzzles, and 0 is no --puzzle.
const maxPuzzleNumber = maxCount

// add registers the flags; text says whether the command reads text
// (--size, --workers) as well as workbooks.
func (f *inputFlags) add(fs *pflag.FlagSet, text bool) {
	f.fs = fs
	box := "box shape `RxC` where the size allows two, such as 3x2 for 6x6"
	if text {
		box += " (text: it gives the size)"
	}
	fs.StringVar(&f.box, "box", "", box)
	fs.StringVar(&f.sheet, "sheet", "", "workbook: the sheet holding the puzzle (default: the first that has one)")
	fs.StringVar(&f.rng, "range", "", "workbook: the puzzle's cells, such as `B3:J11` or 'Week 3!B3:J11' (default B2:J10, else found)")
	intFlag(fs, &f.puzzle, "puzzle", "", 0, 1, maxPuzzleNumber, "workbook: puzzle `N` of a book made by xlsudoku generate (found through its Catalogue or its sheet \"Puzzle N\")")
	fs.Var(&f.maxPart, "max-part-size", "workbook: the most a sheet or other part may unpack to, such as 1GiB; parts read whole may unpack to a sixteenth of it")
	if text {
		sizeFlag(fs, &f.size, 0, "text: every puzzle is `N`xN (4, 6, 8, 9, 12, 16); default: from each puzzle's length")
		workersFlag(fs, &f.workers, "text: work on `N` goroutines (the output keeps the input's order)")
	}
}

// check rejects flags that do not fit the kind of input: given, they
// would do nothing, and the user would think they had.
func (f *inputFlags) check(cmd, in string, isBook bool) error {
	if isBook && f.size != 0 {
		return usagef("%s: --size is for text input; a workbook's size follows from --range", cmd)
	}
	if isBook && f.given("workers") {
		return usagef("%s: --workers is for text input, many puzzles at once; a workbook holds one puzzle", cmd)
	}
	if isBook {
		return nil
	}
	var given []string
	for _, name := range append([]string{"sheet", "range", "puzzle", "max-part-size"}, f.bookOnly...) {
		if f.given(name) {
			given = append(given, "--"+name)
		}
	}
	switch len(given) {
	case 0:
		return nil
	case 1:
		return usagef("%s: %s is for workbooks; %s is read as text", cmd, given[0], in)
	}
	return usagef("%s: %s and %s are for workbooks; %s is read as text", cmd, strings.Join(given[:len(given)-1], ", "), given[len(given)-1], in)
}

// given reports whether flag name was given on the command line.
func (f *inputFlags) given(name string) bool {
	return f.fs != nil && f.fs.Lookup(name) != nil && f.fs.Changed(name)
}

// shape returns the shape asked for by --size and --box, if any.
func (f *inputFlags) shape(cmd string) (solve.Shape, error) {
	switch {
	case f.size == 0 && f.box == "":
		return solve.Shape{}, nil
	case f.size == 0:
		// The boxes give the size: 3x2 boxes make a 6x6 grid.
		s, err := solve.ShapeOfBox(clip(f.box, clipLen))
		if err != nil {
			return s, usagef("%s: --box: %v", cmd, err)
		}
		return s, nil
	case f.box == "":
		s, err := solve.ShapeOf(f.size)
		if err != nil {
			return s, usagef("%s: --size: %v", cmd, err)
		}
		return s, nil
	}
	s, err := solve.ParseBox(f.size, clip(f.box, clipLen)) // clipped: the message quotes it
	if err != nil {
		return s, usagef("%s: --box: %v", cmd, err)
	}
	return s, nil
}

func (f *inputFlags) workbookOptions(inPlace bool) workbook.Options {
	return workbook.Options{Sheet: f.sheet, Range: f.rng, Box: f.box, InPlace: inPlace, Puzzle: f.puzzle, MaxPartSize: int64(f.maxPart), Paper: f.paper}
}

// addPaper registers --paper for a command that writes a workbook.
func (f *inputFlags) addPaper(fs *pflag.FlagSet) { paperFlag(fs, &f.paper) }

// paperFlag registers --paper: the paper every sheet a command writes
// prints on.
func paperFlag(fs *pflag.FlagSet, p *string) {
	fs.StringVar(p, "paper", "a4", "workbook: the paper every sheet written prints on, a4 or letter")
}

// checkPaper reads --paper (in any case) and refuses it where the command
// writes no workbook.
func checkPaper(cmd string, fs *pflag.FlagSet, paper *string, writes bool) error {
	switch p := strings.ToLower(strings.TrimSpace(*paper)); p {
	case "a4", "letter":
		*paper = p
	default:
		return usagef("%s: --paper must be a4 or letter, not %s", cmd, quote(*paper))
	}
	if fs.Changed("paper") && !writes {
		return usagef("%s: --paper is for the workbook a command writes (-o FILE.xlsx)", cmd)
	}
	return nil
}

// writesWorkbook reports whether an output name is a workbook's.
func writesWorkbook(out string) bool {
	ext := strings.ToLower(filepath.Ext(out))
	return ext == ".xlsx" || ext == ".xlsm" || ext == ".xltx" || ext == ".xltm"
}

// parseFlags parses the flags of a command that reads one INPUT, and
// prints help for --help. It returns done when the command has nothing
// more to do.
func parseFlags(e *env, fs *pflag.FlagSet, help string, args []string) (done bool, err error) {
	if done, err := parseCommon(e, fs, help, args); done {
		return true, err
	}
	if fs.NArg() != 1 {
		input := "one INPUT (a workbook, a text file, or - for stdin)"
		if fs.Name() == "worksheet" {
			input = "one INPUT workbook (.xlsx or .xlsm)" // it takes no text
		}
		return true, usagef("%s: give %s, got %d", fs.Name(), input, fs.NArg())
	}
	return false, nil
}

// parseCommon adds the flags every command has (--help, --quiet), parses
// args with fs and prints help for --help.
func parseCommon(e *env, fs *pflag.FlagSet, help string, args []string) (done bool, err error) {
	fs.SetOutput(io.Discard)
	wantHelp := fs.BoolP("help", "h", false, "show this help")
	quiet := fs.BoolP("quiet", "q", false, "no notes or progress on stderr (warnings and errors are still shown)")
	if err := fs.Parse(args); err != nil {
		return true, flagError(fs, err)
	}
	if *wantHelp {
		fmt.Fprint(e.stdout, help+fs.FlagUsages())
		return true, nil
	}
	if err := checkNamingFlags(fs); err != nil {
		return true, err
	}
	if *quiet {
		e.quiet, e.progress = true, false
	}
	return false, nil
}

// namingFlags are the flags whose value names a file, folder, sheet, range
// or box: given empty, as -o "$OUT" gives them when OUT is unset, they
// would otherwise read as left out, and the output would go elsewhere.
var namingFlags = []string{"output", "outdir", "summary", "key", "sheet", "range", "box"}

// maxNameLen bounds the values of the naming flags that name no file: a
// value far longer than any sheet name, range or box was pasted by
// mistake, and is refused with a message that quotes it in part, where
// the message naming no such sheet or range would quote it whole.
var maxNameLen = map[string]struct {
	n    int
	what string
}{"sheet": {255, "sheet name"}, "range": {300, "range"}, "box": {20, "box shape"}}

// checkNamingFlags refuses a naming flag given with an empty value, or with
// a value longer than maxNameLen allows.
func checkNamingFlags(fs *pflag.FlagSet) error {
	for _, name := range namingFlags {
		f := fs.Lookup(name)
		if f == nil || !f.Changed {
			continue
		}
		flag := "--" + name
		if f.Shorthand != "" {
			flag = "-" + f.Shorthand
		}
		v := f.Value.String()
		if strings.TrimSpace(v) == "" {
			return usagef("%s: %s is empty: give it a value, or leave it out", fs.Name(), flag)
		}
		if max, ok := maxNameLen[name]; ok && utf8.RuneCountInString(v) > max.n {
			return usagef("%s: %s %s is longer than any %s (%d characters at most)", fs.Name(), flag, quote(v), max.what, max.n)
		}
	}
	return nil
}

// dispatch runs a command on its input: book for a workbook, or each for
// every puzzle of a text input, in parallel, writing to output (JSON
// values, one a line, when json is set).
func (f *inputFlags) dispatch(e *env, cmd, in, output string, json bool, book func() error,
	each func(s *solve.Solver, g *solve.Grid, where string, line int) (string, error)) error {
	isBook, err := f.inputKind(e, cmd, in, output)
	if err != nil {
		return err
	}
	if isBook {
		return inBook(in, book())
	}
	shape, err := f.shape(cmd)
	if err != nil {
		return err
	}
	return runText(e, textJobOptions{in: in, shape: shape, workers: f.workers, output: output, json: json}, eachPuzzle(each, f.box))
}

// inBook names the workbook in at the start of an error about its
// contents, as text errors start with their file, unless the message
// names it already. Mistakes in the flags and failures to write the output
// are not about the file.
func inBook(in string, err error) error {
	var usage *usageError
	if err == nil || strings.Contains(err.Error(), in) || errors.As(err, &usage) ||
		errors.Is(err, workbook.ErrUsage) || errors.Is(err, workbook.ErrSameFile) || errors.Is(err, workbook.ErrWrite) {
		return err
	}
	return fmt.Errorf("%s: %w", in, err)
}

// inputKind tells a workbook input from a text one and checks that the
// flags fit it, and that stdout, when output ("" or "-") leaves it in
// use, is not the input.
func (f *inputFlags) inputKind(e *env, cmd, in, output string) (isBook bool, err error) {
	if output == "" || output == "-" {
		if err := checkStdoutNotInput(e, in); err != nil {
			return false, err
		}
	}
	if isBook, err = isWorkbook(in); err != nil {
		return false, err
	}
	return isBook, f.check(cmd, in, isBook)
}

// eachPuzzle adapts a function of one text puzzle to runText: a puzzle
// that could not be read, or whose function fails, gets its message on
// stderr with the puzzle's file and line, and, when it breaks the rules or
// has no solution or several with its boxes but one with the other ones of
// its size, that --box (otherBoxes; box is the one given).
func eachPuzzle(fn func(s *solve.Solver, g *solve.Grid, where string, line int) (string, error), box string) textHandler {
	return func(s *solve.Solver, j *textJob, name string, out []byte) ([]byte, textResult) {
		if j.err != nil {
			return out, textResult{msg: j.err.Error(), code: exitCode(j.err)}
		}
		where := name + ":" + strconv.Itoa(j.puzzle.Line)
		text, err := fn(s, &j.puzzle.Grid, where, j.puzzle.Line)
		if err != nil {
			msg := where + ": " + err.Error()
			if errors.Is(err, solve.ErrNoSolution) || errors.Is(err, solve.ErrNotUnique) || errors.Is(err, solve.ErrConflict) {
				msg += otherBoxes(s, &j.puzzle.Grid, box)
			}
			return out, textResult{msg: msg, code: exitCode(err)}
		}
		return append(out, text...), textResult{}
	}
}
