package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook"
)

const hintHelp = `Usage: xlsudoku hint [flags] INPUT

Show the next step only: the easiest deduction a person can make in the
puzzle as it stands.

For a workbook, the puzzle is read as a student left it: the givens and
the student's own entries (the other digits). On a worksheet made by
"xlsudoku worksheet" the givens are the puzzle's stored ones; elsewhere
they are the locked cells, else the bold ones. When an entry is wrong,
hint names the cell instead of hinting (exit code 4), and does not tell
the right digit; --all names every wrong entry. For text, each puzzle gets
the first step from its givens.

--level gives as much as a student needs: 1 names the technique and where
to look ("Look for a Hidden Single in box 4."), 2 adds the cells of the
pattern, 3 (the default) the whole step with what it places or removes.

Examples:
  xlsudoku hint homework.xlsx
  xlsudoku hint --level 1 homework.xlsx
  xlsudoku hint --all --sheet "Week 3" homework.xlsx
  xlsudoku hint puzzles.txt

Flags:
`

type hintOptions struct {
	inputFlags
	level      int
	all        bool
	allowGuess bool
}

func runHint(e *env, args []string) error {
	var o hintOptions
	fs := pflag.NewFlagSet("hint", pflag.ContinueOnError)
	setFlag(fs, &o.level, "level", 3, []int{1, 2, 3}, "how much to tell, `N`: 1 the technique and where to look, 2 also the pattern's cells, 3 the whole step")
	fs.BoolVar(&o.all, "all", false, "workbook: name every wrong entry, not only the first")
	fs.BoolVar(&o.allowGuess, "allow-guess", false, "give a Brute Force guess when no technique applies (otherwise that is an error)")
	o.add(fs, true)
	o.bookOnly = []string{"all"}
	if done, err := parseFlags(e, fs, hintHelp, args); done {
		return err
	}
	in := fs.Arg(0)
	return o.dispatch(e, "hint", in, "", false, func() error { return hintWorkbook(e, in, o) },
		func(_ *solve.Solver, g *solve.Grid, where string, _ int) (string, error) {
			st, err := solve.Options{AllowGuess: o.allowGuess}.NextStep(*g, *g)
			switch {
			case errors.Is(err, solve.ErrSolved):
				return where + ": the puzzle is complete\n", nil
			case err != nil:
				return "", noGuess(err)
			}
			return where + ": " + st.Hint(o.level) + "\n", nil
		})
}

func hintWorkbook(e *env, in string, o hintOptions) error {
	p, current, err := workbook.ReadEntries(in, o.workbookOptions(false))
	if err != nil {
		return err
	}
	printNotes(e, p.Notes)
	if len(p.ChangedGivens) > 0 && !o.all {
		// The puzzle's own givens are hinted from; the sheet must show them.
		fmt.Fprintf(e.stdout, "%s: put the given back; nothing else is hinted until it is back\n", p.ChangedGivens[0])
		return &reportedError{exitInvalid}
	}
	if len(p.NotDigits) > 0 && !o.all {
		// A cell that holds no digit is wrong whatever the solution.
		fmt.Fprintf(e.stdout, "%s is not a digit; nothing else is hinted until it is fixed\n", p.NotDigits[0])
		return &reportedError{exitInvalid}
	}
	if o.all {
		if sol, err := solve.Solve(p.Grid); err == nil {
			wrong := append(slices.Clip(p.ChangedGivens), p.NotDigits...)
			for _, c := range current.Diff(&sol) {
				if current.At(c.Row, c.Col) != 0 {
					wrong = append(wrong, fmt.Sprintf("%s (%v)", p.CellName(c.Row, c.Col), c))
				}
			}
			if len(wrong) > 0 {
				are, they := "entries are", "they are"
				if len(wrong) == 1 {
					are, they = "entry is", "it is"
				}
				fmt.Fprintf(e.stdout, "%d %s wrong: %s; nothing else is hinted until %s fixed\n", len(wrong), are, strings.Join(wrong, ", "), they)
				return &reportedError{exitInvalid}
			}
		}
	}
	st, err := solve.Options{AllowGuess: o.allowGuess}.NextStep(p.Grid, current)
	var wrong *solve.WrongEntryError
	switch {
	case errors.As(err, &wrong):
		fmt.Fprintf(e.stdout, "%s (%v): the entry %s is wrong; nothing else is hinted until it is fixed\n",
			p.CellName(wrong.Cell.Row, wrong.Cell.Col), wrong.Cell, p.Digit(wrong.Digit))
		return &reportedError{exitInvalid}
	case errors.Is(err, solve.ErrSolved):
		fmt.Fprintln(e.stdout, "The puzzle is complete and every entry is right.")
		return nil
	case err != nil:
		return noGuess(needsOneSolution(p.InSheetTerms(err)))
	}
	fmt.Fprintln(e.stdout, st.HintWith(o.level, p.Digit))
	switch o.level {
	case 2:
		if names := patternCells(p, st); names != "" {
			fmt.Fprintln(e.stdout, names)
		}
	case 3:
		if names := sheetCells(p, st); names != "" {
			fmt.Fprintln(e.stdout, names)
		}
	}
	return nil
}

// patternCells names the cells of a step's pattern by the sheet's own
// names, without what the step does.
func patternCells(p *workbook.Puzzle, st solve.Step) string {
	parts := make([]string, len(st.Cells))
	for i, c := range st.Cells {
		parts[i] = c.String() + " = " + p.CellName(c.Row, c.Col)
	}
	return strings.Join(parts, ", ")
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
