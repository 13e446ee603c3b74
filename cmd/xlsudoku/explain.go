package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook"
)

const explainHelp = `Usage: xlsudoku explain [flags] INPUT

Solve each puzzle as a person would, step by step, naming the technique of
every step (Hidden Single, Pointing, X-Wing, XY-Chain, ...), and grade it.

A workbook with -o comes back with three sheets added: Solution,
Candidates and Steps (the grade, the techniques used, and one row per step
with its cells named both as r5c2 and as the sheet's own cells; under every
step past the singles, a picture of the pencil marks it was found on, its
pattern, links, eliminations and placements in colour). Without -o, the
steps are printed; -o FILE.txt writes them to FILE.txt.

Text input prints each puzzle's explanation; --json writes one JSON object
per puzzle and line instead (grade, score, hardest technique, counts, and
every step with its placements and eliminations as 1-based row, column
and digit), for other tools.

Examples:
  xlsudoku explain book.xlsx -o explained.xlsx
  xlsudoku explain puzzle.xlsx
  xlsudoku explain --json puzzles.txt > steps.jsonl

Flags:
`

type explainOptions struct {
	inputFlags
	output     string
	json       bool
	candidates string
	inPlace    bool
	allowGuess bool
}

func runExplain(e *env, args []string) error {
	var o explainOptions
	fs := pflag.NewFlagSet("explain", pflag.ContinueOnError)
	fs.StringVarP(&o.output, "output", "o", "", "write to `FILE`: a workbook copy with Solution, Candidates and Steps sheets, or the explanations as text (from text input, or to a .txt file)")
	fs.BoolVar(&o.json, "json", false, "text output: one JSON object per puzzle")
	fs.StringVar(&o.candidates, "candidates", "basic", "workbook: the Candidates sheet shows the `basic` pencil marks of the givens, or those left after all logic before a guess (logic)")
	fs.BoolVar(&o.inPlace, "in-place", false, "workbook: let -o name the input itself and replace it")
	fs.BoolVar(&o.allowGuess, "allow-guess", false, "end with a Brute Force guess when no technique applies (otherwise such a puzzle is an error)")
	o.inputFlags.add(fs, true)
	o.addPaper(fs)
	if done, err := parseFlags(e, fs, explainHelp, args); done {
		return err
	}
	if err := checkPaper("explain", fs, &o.paper, writesWorkbook(o.output) && !o.json); err != nil {
		return err
	}
	if o.candidates != "basic" && o.candidates != "logic" {
		return usagef("explain: --candidates must be basic or logic, not %s", quote(o.candidates))
	}
	in := fs.Arg(0)
	if err := inPlaceOutput("explain", o.inPlace, in, o.output); err != nil {
		return err
	}
	if o.given("candidates") && !(writesWorkbook(o.output) && !o.json) {
		return usagef("explain: --candidates is for the Candidates sheet of the workbook explain writes (-o FILE.xlsx from a workbook)")
	}
	return o.dispatch(e, "explain", in, o.output, o.json, func() error { return explainWorkbook(e, in, o) },
		func(_ *solve.Solver, g *solve.Grid, where string, line int) (string, error) {
			x, err := solve.Options{AllowGuess: o.allowGuess}.ExplainFrom(*g, *g)
			if err != nil {
				return "", noGuess(err)
			}
			return formatExplanation(x, g, where, line, o.json, nil, solve.DigitString)
		})
}

func explainWorkbook(e *env, in string, o explainOptions) error {
	opts := o.workbookOptions(o.inPlace)
	p, err := workbook.Read(in, opts)
	if err != nil {
		return err
	}
	// -o steps.txt asks for the steps as text, as --json -o asks for JSON;
	// a stream (-, /dev/stdout, a FIFO) takes text only.
	asText := o.json || strings.EqualFold(filepath.Ext(o.output), ".txt") || o.output == "-" || o.output != "" && isStreamOutput(o.output)
	if o.output != "" && !asText && !writesWorkbook(o.output) {
		return usagef("explain: -o %s: the explanation of a workbook is written as a workbook (%s) or as text (%s)", o.output,
			withExt(o.output, filepath.Ext(in)), withExt(o.output, ".txt"))
	}
	if o.output != "" && !asText {
		// Refuse a workbook that cannot be written before explaining it,
		// and before saying where the puzzle was found.
		if err := workbook.CheckOutput(p, o.output, opts); err != nil {
			return err
		}
	}
	printNotes(e, p.Notes)
	x, err := solve.Options{AllowGuess: o.allowGuess}.ExplainFrom(p.Grid, p.Grid)
	if err != nil {
		return noGuess(needsOneSolution(p.InSheetTerms(err)))
	}
	if o.output == "" || asText {
		// The steps as text or JSON, to stdout or to -o.
		out, err := formatExplanation(x, &p.Grid, p.Where(), 0, o.json, p.CellName, p.Digit)
		if err != nil {
			return err
		}
		w, err := openOutput(e, in, o.output)
		if err != nil {
			return err
		}
		defer w.discard()
		if _, err := io.WriteString(w, out); err != nil {
			return fmt.Errorf("cannot write %s: %w", outName(o.output), unwrapPath(err))
		}
		return w.commit()
	}
	extras := workbook.Extras{Explanation: x}
	if err := logicCandidates(&extras, p, o.candidates); err != nil {
		return err
	}
	done := e.guardWorkbook(o.output)
	notes, err := workbook.WriteExtras(p, x.Solved, o.output, opts, extras)
	done()
	printNotes(e, notes)
	if err != nil {
		return err
	}
	e.note("explained %s (%s, %d step%s); wrote %s", p.Where(), x.Grade, len(x.Steps), plural(len(x.Steps)), o.output)
	return nil
}

// logicCandidates sets the Candidates sheet of x to the pencil marks left
// after all logic, when --candidates logic asks for them.
func logicCandidates(x *workbook.Extras, p *workbook.Puzzle, mode string) error {
	if mode != "logic" {
		return nil
	}
	cands, err := solve.LogicCandidates(p.Grid)
	if err != nil {
		return err
	}
	x.Candidates, x.CandidatesNote = cands, "after logic, before the first guess"
	return nil
}

// formatExplanation writes an explanation for people, or as one JSON
// object. cellName, when set, adds the sheet's own cell names; digit
// writes the digits of the steps' text as the input shows them (10 and up
// as letters in text, as numbers on most sheets).
func formatExplanation(x *solve.Explanation, g *solve.Grid, where string, line int, asJSON bool, cellName func(r, c int) string, digit func(d int) string) (string, error) {
	if asJSON {
		// Without HTML escaping: the chains' "r1c2<>4 -> ..." as they read.
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(x); err != nil {
			return "", err
		}
		body := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		head, err := json.Marshal(struct {
			Line   int    `json:"line,omitempty"`
			Source string `json:"source"`
			Puzzle string `json:"puzzle"`
		}{line, where, solve.FormatLine(g)})
		if err != nil {
			return "", err
		}
		// One object: the source fields, then the explanation's.
		return string(head[:len(head)-1]) + "," + string(body[1:]) + "\n", nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", where, solve.FormatLine(g))
	fmt.Fprintf(&b, "grade %s, score %d, hardest technique %s, %d step%s\n", x.Grade, x.Score, x.Hardest, len(x.Steps), plural(len(x.Steps)))
	for i, st := range x.Steps {
		fmt.Fprintf(&b, "%4d. %s", i+1, st.TextWith(digit))
		if cellName != nil && len(st.Placements) > 0 {
			names := make([]string, len(st.Placements))
			for k, pl := range st.Placements {
				names[k] = pl.Cell.String() + " = " + cellName(pl.Cell.Row, pl.Cell.Col)
			}
			fmt.Fprintf(&b, " (%s)", strings.Join(names, ", "))
		}
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	return b.String(), nil
}
