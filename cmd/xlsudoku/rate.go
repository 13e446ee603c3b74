package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook"
)

const rateHelp = `Usage: xlsudoku rate [flags] INPUT

Grade each puzzle as a person would solve it: Easy (singles only), Medium
(locked candidates, pairs, triples), Hard (quads, fish, wings, coloring,
uniqueness), Expert (chains) or Extreme (needs forcing nets or a guess),
with a score that orders puzzles (the hardest step decides, the amount of
work breaks ties: 10000 x (1000 x grade + hardest round) + work) and the
hardest technique needed.

Each line of the output is the puzzle, its grade, its score and its hardest
technique, so the output reads back as a puzzle file:

  4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ extreme 45034834 Forcing Net

INPUT is a text file of puzzles ("-" for stdin) or a workbook.

--scale se writes, in place of the score, an estimate of Sudoku Explainer's
rating (the ER of the puzzle forums, such as 9.1), from our own steps.

Examples:
  xlsudoku rate puzzles.txt
  xlsudoku rate --scale se puzzles.txt
  xlsudoku rate --json puzzles.txt > ratings.jsonl
  xlsudoku rate book.xlsx --sheet "Week 3"

Flags:
`

type rateOptions struct {
	inputFlags
	output     string
	json       bool
	allowGuess bool
	scale      string
}

func runRate(e *env, args []string) error {
	var o rateOptions
	fs := pflag.NewFlagSet("rate", pflag.ContinueOnError)
	fs.StringVarP(&o.output, "output", "o", "", "write to `FILE` instead of stdout")
	fs.BoolVar(&o.json, "json", false, "write one JSON object per puzzle: line, puzzle, grade, score, hardest, counts")
	fs.BoolVar(&o.allowGuess, "allow-guess", false, "end with a Brute Force guess when no technique applies (otherwise such a puzzle is an error)")
	fs.StringVar(&o.scale, "scale", "score", "the number after the grade: our `score`, or se, an estimate of Sudoku Explainer's rating (ER)")
	o.inputFlags.add(fs, true)
	if done, err := parseFlags(e, fs, rateHelp, args); done {
		return err
	}
	if o.scale != "score" && o.scale != "se" {
		return usagef("rate: --scale must be score or se, not %s", quote(o.scale))
	}
	in := fs.Arg(0)
	return o.dispatch(e, "rate", in, o.output, o.json, func() error { return rateWorkbook(e, in, o) },
		func(_ *solve.Solver, g *solve.Grid, where string, line int) (string, error) {
			return rateLine(g, where, line, o)
		})
}

// rateWorkbook rates the puzzle of a workbook.
func rateWorkbook(e *env, in string, o rateOptions) error {
	// A usage error first, before the workbook is read (or found wrong).
	if o.output != "" && o.output != "-" {
		if err := checkTextName(o.output); err != nil {
			return err
		}
	}
	p, err := workbook.Read(in, o.workbookOptions(false))
	if err != nil {
		return err
	}
	printNotes(e, p.Notes)
	out, err := openOutput(e, in, o.output)
	if err != nil {
		return err
	}
	defer out.discard()
	line, err := rateLine(&p.Grid, p.Where(), 0, o)
	if err != nil {
		return noGuess(needsOneSolution(p.InSheetTerms(err)))
	}
	if _, err := io.WriteString(out, line); err != nil {
		return fmt.Errorf("cannot write %s: %w", outName(o.output), unwrapPath(err))
	}
	return out.commit()
}

// rateLine rates g and writes its line of output.
func rateLine(g *solve.Grid, where string, line int, o rateOptions) (string, error) {
	r, err := solve.Options{AllowGuess: o.allowGuess}.Rate(*g)
	if err != nil {
		return "", noGuess(err)
	}
	se := fmt.Sprintf("%d.%d", r.SE/10, r.SE%10)
	if !o.json {
		// Lower-case grades, as generate writes them and --difficulty takes them.
		number, technique := fmt.Sprint(r.Score), r.Hardest
		if o.scale == "se" {
			number, technique = se, r.SETechnique()
		}
		return fmt.Sprintf("%s %s %s %s\n", solve.FormatLine(g), strings.ToLower(r.Grade.String()), number, technique), nil
	}
	counts := map[string]int{}
	for _, t := range solve.Techniques() {
		if n := r.Counts[t]; n > 0 {
			counts[t.String()] = n
		}
	}
	b, err := json.Marshal(struct {
		Line    int            `json:"line,omitempty"`
		Source  string         `json:"source"`
		Puzzle  string         `json:"puzzle"`
		Grade   solve.Grade    `json:"grade"`
		Score   int            `json:"score"`
		SE      json.Number    `json:"se"`
		Hardest string         `json:"hardest"`
		Counts  map[string]int `json:"counts"`
	}{line, where, solve.FormatLine(g), r.Grade, r.Score, json.Number(se), r.Hardest.String(), counts})
	if err != nil {
		return "", err
	}
	return string(b) + "\n", nil
}

// needsOneSolution adds what to do to a not-unique error of explain, hint
// or rate, which cannot work on such a puzzle.
func needsOneSolution(err error) error {
	if errors.Is(err, solve.ErrNotUnique) {
		return fmt.Errorf("%w; steps and grades need a puzzle with one solution: add givens until only one remains", err)
	}
	return err
}

// noGuess says what to do about a puzzle that needs a guess.
func noGuess(err error) error {
	if errors.Is(err, solve.ErrNeedsGuess) {
		return fmt.Errorf("%w; --allow-guess ends the solve with a guess", err)
	}
	return err
}

// printNotes prints what the workbook package says about a read or a
// write. Those that only say what was done are notes, which --quiet
// silences; the others (formulas read as blanks, a sheet left or renamed)
// are warnings, always printed.
func printNotes(e *env, notes []string) {
	for _, n := range notes {
		if isInfoNote(n) {
			e.note("%s", n)
		} else {
			fmt.Fprintln(e.stderr, n)
		}
	}
}

// isInfoNote reports the workbook package's notes that only say what was
// done. A note it does not know is printed even with --quiet: a new kind
// of note may be a warning.
func isInfoNote(n string) bool {
	return strings.HasPrefix(n, "using the puzzle at ") || strings.HasPrefix(n, "using the puzzle of worksheet ") || strings.HasPrefix(n, "found a ") || strings.HasPrefix(n, "found an ") ||
		strings.HasPrefix(n, "replaced sheet ") || strings.HasPrefix(n, "emptied sheet ") || strings.Contains(n, ": told givens from entries by ") ||
		strings.HasSuffix(n, " are bold givens; no entries yet") || strings.HasSuffix(n, " is a book of puzzles: read puzzle 1; give --puzzle N for another")
}
