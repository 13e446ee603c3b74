package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook"
)

const hintHelp = `Usage: xlsudoku hint [flags] INPUT

Show the next step only: the easiest deduction a person can make in the
puzzle as it stands.

For a workbook, the puzzle is read as a student left it: the givens (bold
or locked cells) and the student's own entries (the other digits). When an
entry is wrong, hint names the cell instead of hinting (exit code 4), and
does not tell the right digit. For text, each puzzle gets the first step
from its givens.

Examples:
  xlsudoku hint homework.xlsx
  xlsudoku hint --sheet "Week 3" homework.xlsx
  xlsudoku hint puzzles.txt

Flags:
`

func runHint(e *env, args []string) error {
	var o inputFlags
	fs := pflag.NewFlagSet("hint", pflag.ContinueOnError)
	o.add(fs, true)
	if done, err := parseFlags(e, fs, hintHelp, args); done {
		return err
	}
	in := fs.Arg(0)
	return o.dispatch(e, "hint", in, "", false, func() error { return hintWorkbook(e, in, o) },
		func(_ *solve.Solver, g *solve.Grid, where string, _ int) (string, error) {
			st, err := solve.NextStep(*g, *g)
			switch {
			case errors.Is(err, solve.ErrSolved):
				return where + ": the puzzle is complete\n", nil
			case err != nil:
				return "", err
			}
			return where + ": " + st.Text() + "\n", nil
		})
}

func hintWorkbook(e *env, in string, o inputFlags) error {
	p, current, err := workbook.ReadEntries(in, o.workbookOptions(false))
	if err != nil {
		return err
	}
	printNotes(e, p.Notes)
	st, err := solve.NextStep(p.Grid, current)
	var wrong *solve.WrongEntryError
	switch {
	case errors.As(err, &wrong):
		fmt.Fprintf(e.stdout, "%s (%v): the entry %s is wrong; nothing else is hinted until it is fixed\n",
			p.CellName(wrong.Cell.Row, wrong.Cell.Col), wrong.Cell, solve.DigitString(wrong.Digit))
		return &reportedError{exitInvalid}
	case errors.Is(err, solve.ErrSolved):
		fmt.Fprintln(e.stdout, "The puzzle is complete and every entry is right.")
		return nil
	case err != nil:
		return needsOneSolution(p.InSheetTerms(err))
	}
	fmt.Fprintln(e.stdout, st.Text())
	if names := sheetCells(p, st); names != "" {
		fmt.Fprintln(e.stdout, names)
	}
	return nil
}

// sheetCells names the cells a step places or clears by the sheet's own
// cell names: "r5c2 = Week 3!C6".
func sheetCells(p *workbook.Puzzle, st solve.Step) string {
	var parts []string
	seen := map[solve.Cell]bool{}
	for _, list := range [][]solve.Candidate{st.Placements, st.Eliminations} {
		for _, c := range list {
			if !seen[c.Cell] {
				seen[c.Cell] = true
				parts = append(parts, c.Cell.String()+" = "+p.CellName(c.Cell.Row, c.Cell.Col))
			}
		}
	}
	return strings.Join(parts, ", ")
}
