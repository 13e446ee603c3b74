package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook"
)

const worksheetHelp = `Usage: xlsudoku worksheet [flags] INPUT.xlsx -o OUTPUT.xlsx

Make a fillable worksheet of the puzzle in a workbook, for students to
fill in Excel, LibreOffice Calc or Google Sheets. The puzzle is found as
"solve" finds it (--sheet and --range choose it). The output is a copy of
the workbook, everything of it kept, with a Worksheet sheet added:

  - the puzzle in the classic printable layout, givens bold and locked,
    the cells to fill unlocked and shaded, the sheet protected (with
    --password, by a password) so that only the blanks can be typed into;
  - every blank takes only a digit (data validation, with a message);
  - a digit that repeats in its row, column or box turns red, and a status
    line under the board says "51 cells to go", "a digit repeats", "an
    entry is not a digit" (pasted text, 5.5) or "Solved!" (formulas only:
    no macros);
  - the puzzle's identity (its givens, grade and a check value), stored in
    the workbook so that "xlsudoku grade" knows the givens even if a
    student unprotects the sheet and changes one.

--self-check also stores the answer, on a hidden, protected sheet, and
adds a "Check my work" cell: set to Yes, wrong entries are shaded. It is
off by default because a determined student can find a stored answer
(unhide the sheet, or read the file), password or not.

--live-candidates adds a Candidates sheet that follows the entries live:
every empty cell shows, as a 3x3 block of small digits, the digits that
no entry of its row, column or box holds yet.

The puzzle must have exactly one solution (exit code 6 otherwise), since
entries are checked against it.

Examples:
  xlsudoku worksheet week3.xlsx -o week3-worksheet.xlsx
  xlsudoku worksheet book.xlsx --sheet "Week 3" --self-check --live-candidates -o out.xlsx
  xlsudoku worksheet week3.xlsx --variants 30 -o week3.xlsx   # week3-01.xlsx ... week3-30.xlsx
  xlsudoku generate -n 5 -d easy --worksheet -o class.xlsx   # new puzzles, a sheet each

Flags:
`

type worksheetOptions struct {
	inputFlags
	output   string
	variants int
	seed     uint64
	sheetOptions
}

// sheetOptions are the worksheet flags that generate shares.
type sheetOptions struct {
	password       string
	selfCheck      bool
	liveCandidates bool
}

func (s *sheetOptions) add(fs *pflag.FlagSet) {
	fs.StringVar(&s.password, "password", "", "protect the worksheets with `PASSWORD` (default: protected without one)")
	fs.BoolVar(&s.selfCheck, "self-check", false, "store the answer (hidden) and let students shade wrong entries with a \"Check my work\" cell")
	fs.BoolVar(&s.liveCandidates, "live-candidates", false, "add a Candidates sheet that follows the student's entries, by formulas")
}

func (s *sheetOptions) options() workbook.WorksheetOptions {
	return workbook.WorksheetOptions{Password: s.password, SelfCheck: s.selfCheck, LiveCandidates: s.liveCandidates}
}

func runWorksheet(e *env, args []string) error {
	var o worksheetOptions
	fs := pflag.NewFlagSet("worksheet", pflag.ContinueOnError)
	fs.StringVarP(&o.output, "output", "o", "", "write the workbook with its worksheet to `FILE` (required)")
	intFlag(fs, &o.variants, "variants", "", 0, 1, maxVariants, "write `N` workbooks (OUT-1.xlsx ... OUT-N.xlsx, zero-padded to N's digits), each a look-alike of the puzzle: digits relabelled, rows and columns moved within bands and stacks, turned or mirrored")
	fs.Uint64Var(&o.seed, "seed", 0, "with --variants: make the variants of seed `S` (default: random, printed on stderr)")
	o.sheetOptions.add(fs)
	o.inputFlags.add(fs, false)
	o.addPaper(fs)
	if done, err := parseFlags(e, fs, worksheetHelp, args); done {
		return err
	}
	if err := checkPaper("worksheet", fs, &o.paper, true); err != nil {
		return err
	}
	in := fs.Arg(0)
	if o.output == "" {
		return usagef("worksheet: give the output workbook with -o")
	}
	if o.variants == 0 && samePath(in, o.output) { // with --variants, -o is but the files' pattern
		// worksheet has no --in-place: the teacher's file stays as it was.
		return usagef("worksheet: -o %s is the input workbook; write the worksheet to another file", o.output)
	}
	if err := checkVariants("worksheet", o.variants, fs.Changed("variants"), o.output, in); err != nil {
		return err
	}
	if fs.Changed("seed") && o.variants == 0 {
		return usagef("worksheet: --seed chooses the look-alikes that --variants makes; without --variants the worksheet holds the puzzle as it is")
	}
	for k := 1; k <= o.variants; k++ {
		// Checked before any is written: one found on the way left the
		// variants before it behind.
		if v := variantPath(o.output, k, o.variants); samePath(in, v) {
			return usagef("worksheet: variant %d would be written to %s, the input workbook; give -o another name", k, v)
		}
	}
	if o.variants > 0 && !fs.Changed("seed") {
		o.seed = rand.Uint64() >> 11
		e.note("seed %d", o.seed)
	}
	isBook, err := o.inputKind(e, "worksheet", in, o.output)
	if err != nil {
		return err
	}
	if !isBook {
		if st, err := os.Stat(in); err == nil && st.IsDir() {
			return &inputError{fmt.Errorf("%s is a folder, not a workbook", in)} // as for every other command
		}
		// Exit 3, as "not a workbook" is for every command (grade's too);
		// it was 2 (a walk of 3 December).
		return &inputError{fmt.Errorf("worksheet: %s is not a workbook; to make worksheets of new puzzles use \"xlsudoku generate --worksheet\"", in)}
	}
	return inBook(in, worksheetWorkbook(e, in, o))
}

func worksheetWorkbook(e *env, in string, o worksheetOptions) error {
	opts := o.workbookOptions(false)
	p, err := workbook.Read(in, opts)
	if err != nil {
		return err
	}
	// Every output checked first, before a note: one refused on the way
	// left the variants before it; one in a folder that is not there was
	// refused after the puzzle was read, solved and rated (a walk of 3
	// December).
	for i, out := range outputFiles(o.output, o.variants) {
		check := workbook.CheckTarget // the variants' names differ by a number only
		if i == 0 {
			check = func(out string) error { return workbook.CheckOutput(p, out, opts) } // its extension too
		}
		if err := check(out); err != nil {
			return err
		}
	}
	printNotes(e, p.Notes)
	sol, err := p.Solve()
	if err != nil {
		return worksheetNeedsOne(err)
	}
	w := o.options()
	if grade, _, _, err := solve.Rate(p.Grid); err == nil {
		w.Grade = grade.String()
	}
	if o.variants == 0 {
		done := e.guardWorkbook(o.output)
		notes, err := workbook.WriteWorksheet(p, sol, o.output, opts, w)
		done()
		printNotes(e, notes)
		if err != nil {
			return err
		}
		e.note("made a worksheet of %s (%s); wrote %s", p.Where(), w.Grade, o.output)
		return nil
	}
	givens := p.Grid
	for k := 1; k <= o.variants; k++ {
		t := variantTransform(givens, o.seed, k, 0)
		p.Grid = t.Apply(givens)
		vw := w
		vw.Title = fmt.Sprintf("Sudoku from %s, variant %d of %d", filepath.Base(in), k, o.variants)
		out := variantPath(o.output, k, o.variants)
		done := e.guardWorkbook(out)
		notes, err := workbook.WriteWorksheet(p, t.Apply(sol), out, opts, vw)
		done()
		if k == 1 {
			printNotes(e, notes)
		}
		if err != nil {
			return err
		}
	}
	e.note("made %d look-alike worksheet%s of %s (%s); wrote %s", o.variants, plural(o.variants), p.Where(), w.Grade, variantFiles(o.output, o.variants))
	return nil
}

// worksheetNeedsOne says why a puzzle without exactly one solution makes
// no worksheet.
func worksheetNeedsOne(err error) error {
	if errors.Is(err, solve.ErrNotUnique) {
		return fmt.Errorf("%w; a worksheet checks entries against the solution, so the puzzle needs exactly one", err)
	}
	return err
}
