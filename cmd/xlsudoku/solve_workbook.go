package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook"
)

// solveWorkbook solves the puzzle of a workbook and writes the workbook
// back with our sheets, or prints the solution when there is no -o.
func solveWorkbook(e *env, in string, o solveOptions) error {
	opts := o.workbookOptions(o.inPlace)
	p, err := workbook.Read(in, opts)
	var clash *workbook.ConflictError
	if o.count && errors.As(err, &clash) {
		// Givens that contradict each other have no solution: 0, as a
		// text puzzle's count says, with the clash's message and code.
		fmt.Fprintln(e.stdout, 0)
	}
	if err != nil {
		return err
	}
	if o.output != "" && !o.count {
		// Refuse a workbook that cannot be written before solving it,
		// and before saying where the puzzle was found.
		if err := workbook.CheckOutput(p, o.output, opts); err != nil {
			return err
		}
	}
	printNotes(e, p.Notes)
	if o.count {
		var s solve.Solver
		fmt.Fprintln(e.stdout, s.Count(&p.Grid, 2, nil))
		return nil
	}
	sol, err := p.Solve()
	var extras workbook.Extras
	if errors.Is(err, solve.ErrNotUnique) {
		if o.strict {
			return fmt.Errorf("%w; add givens until only one remains (without --strict, one of them is written)", err)
		}
		used := "wrote one of them, and two side by side on the sheet Two solutions"
		if o.output == "" {
			used = "printed one of them"
		}
		var nu *workbook.NotUniqueError
		if errors.As(err, &nu) {
			extras.Second, extras.Advice = &nu.Second, "To fix it, "+nu.Advice()+"."
		}
		fmt.Fprintf(e.stderr, "warning: %v; %s (--strict makes this an error)\n", err, used)
	} else if err != nil {
		return err
	}
	if wrong := p.WrongEntries(sol); len(wrong) > 0 {
		are := "entries on the worksheet are"
		if len(wrong) == 1 {
			are = "entry on the worksheet is"
		}
		fmt.Fprintf(e.stderr, "%d %s wrong: %s\n", len(wrong), are, strings.Join(wrong, ", "))
	}
	if o.output == "" {
		if o.format == "line" {
			fmt.Fprintln(e.stdout, solve.FormatLine(&sol))
		} else {
			fmt.Fprint(e.stdout, solve.FormatGrid(&sol))
		}
		return nil
	}
	if err := logicCandidates(&extras, p, o.candidates); err != nil {
		return err
	}
	if p.HasSteps {
		// An earlier explain left a Steps sheet: explain again, so that it
		// stays true to the puzzle if the puzzle changed. A puzzle that
		// is not unique cannot be explained; its Steps sheet is left, and
		// Write says so.
		if x, err := solve.Explain(p.Grid); err == nil {
			extras.Explanation = x
		}
	}
	done := e.guardWorkbook(o.output)
	notes, err := workbook.WriteExtras(p, sol, o.output, opts, extras)
	done()
	printNotes(e, notes)
	if err != nil {
		return err
	}
	e.note("solved %s; wrote %s", p.Where(), o.output)
	return nil
}

// isWorkbookUnreadable reports errors that mean the workbook could not be
// read, or that there is no puzzle in it to read.
func isWorkbookUnreadable(err error) bool {
	return errors.Is(err, workbook.ErrOpen) || errors.Is(err, workbook.ErrNoPuzzle)
}

// isWorkbookInvalid reports bad cells in a workbook's puzzle.
func isWorkbookInvalid(err error) bool {
	return errors.Is(err, workbook.ErrInvalid)
}

// isWorkbookUsage reports option mistakes found while reading or writing
// the workbook, including a puzzle that detection cannot pick without flags.
func isWorkbookUsage(err error) bool {
	return errors.Is(err, workbook.ErrUsage) || errors.Is(err, workbook.ErrSameFile) ||
		errors.Is(err, workbook.ErrAmbiguous)
}
