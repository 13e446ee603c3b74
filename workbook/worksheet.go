package workbook

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// The kinds of the sheets of a worksheet, as their marks spell them. A
// book of several puzzles numbers them: "worksheet 3".
const (
	kindWorksheet      = "worksheet"
	kindAnswers        = "answers"
	kindLiveCandidates = "live candidates"
)

// WorksheetOptions choose what a fillable worksheet has.
type WorksheetOptions struct {
	Title    string // above the board; "" names the source
	Header   string // printed atop the page (the title of a set of worksheets); "" for none
	Password string // for the protected sheets; "" protects without one
	// SelfCheck stores the answer on a hidden, protected sheet and adds a
	// "Check my work" cell that shades wrong entries when set to Yes. A
	// determined student can find the stored answer.
	SelfCheck bool
	// LiveCandidates adds a Candidates sheet computed by formulas from the
	// student's entries.
	LiveCandidates bool
	Grade          string // stored in the identity; "" when not known
	Seed           uint64 // likewise; 0 when not known
	// Index, Of and Blanks: see Identity (a book's worksheets).
	Index, Of, Blanks int
}

// WriteWorksheet writes a copy of the puzzle's workbook to out with a
// fillable Worksheet sheet for it (see layout.WorksheetSheet), and with
// opts its Answers and live Candidates sheets, after the workbook's own
// sheets. Everything of the input is kept as Write keeps it. The sheets
// of an earlier run are replaced.
func WriteWorksheet(p *Puzzle, solution solve.Grid, out string, opts Options, w WorksheetOptions) (notes []string, err error) {
	if p == nil {
		return nil, errNoPuzzle
	}
	if err := checkSolution(&p.Grid, &solution); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUsage, err)
	}
	if w.Title == "" {
		w.Title = fmt.Sprintf("Sudoku from %s\n%s", filepath.Base(p.File), p.Ref())
	}
	if err := notABookOfWorksheets(p, opts); err != nil {
		return nil, err
	}
	sheets := worksheetSheets(p.Grid, solution, w, "", "Worksheet")
	sheets[0].opens = true // not at the source's puzzle, which a student might fill instead
	sheets = append(sheets, givenAway(filepath.Base(p.File))...)
	notes, err = writeSheets(p, out, opts, sheets, w.Password, func(path string) error {
		return verifyWorksheets(path, []solve.Grid{p.Grid})
	})
	if err == nil {
		notes = append(notes, answersLeft(p, solution, out, opts)...)
	}
	return notes, err
}

// notABookOfWorksheets refuses to make a worksheet in a book of them
// that generate --worksheet made: its copy would hold more worksheets than
// the one puzzle it checks (a review of 3 December: "failed its check",
// exit 1). A worksheet made by this command is replaced, as before.
func notABookOfWorksheets(p *Puzzle, opts Options) error {
	pk, err := openPackage(p.File, opts.MaxPartSize)
	if err != nil {
		return nil // the write reports it
	}
	defer pk.Close()
	var names []string
	for _, s := range pk.worksheets() {
		if isWorksheetKind(s.ours) && s.name != "Worksheet" {
			names = append(names, fmt.Sprintf("%q", s.name))
		}
	}
	if len(names) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %s already holds worksheets of xlsudoku (%s), and a worksheet's copy holds one: hand it out as it is, or delete them first (a book that generate --worksheet made is made again, with other flags, by the same --seed)",
		ErrUsage, p.File, describe(names, 3))
}

// answersLeft warns of the sheets of the worksheet's copy at out that may
// still give the answer away, which givenAway could not empty because no
// xlsudoku mark says they are ours (an app that saved the workbook, such
// as exceljs, dropped the marks): a sheet holding the puzzle's solution
// at B2 or at the puzzle's place, and a sheet by the name of one of our
// other sheets that may show the work towards it.
func answersLeft(p *Puzzle, solution solve.Grid, out string, opts Options) []string {
	pk, err := openPackage(out, opts.MaxPartSize)
	if err != nil {
		return nil
	}
	defer pk.Close()
	places := []layout.Rect{layout.RectAt(layout.GridOrigin, solution.Shape.Size, solution.Shape.Size)}
	if r, err := layout.ParseRect(p.Range); err == nil && r != places[0] {
		places = append(places, r)
	}
	var warnings []string
	// A book that generate made before its answer sheets had marks, or
	// that an app saved without them.
	book := slices.ContainsFunc(pk.worksheets(), func(s sheetRef) bool { return s.name == SheetCatalogue })
	for _, s := range pk.worksheets() {
		if s.ours != "" {
			continue
		}
		bookSheet := book && s.name != SheetCatalogue && bookAnswers(s.name) // Answers, or Solution N
		holds := ""
		at := pk.solutionAt(s, &solution)
		for _, r := range places {
			// Past the area scanned, the places looked at before it
			// (a review of 3 December: a key at B1001:J1009 went unseen).
			if at == "" && (r.Max.Row > detectRows || r.Max.Col > detectCols) {
				if rr, err := pk.readRange(s, r, solution.Shape); err == nil && rr.grid == solution {
					at = r.String()
				}
			}
		}
		if at != "" {
			// Anywhere, the puzzle's own sheet too (a key beside the
			// puzzle): a walk of 3 December found one at D5:L13 handed
			// out in silence, when only B2 and the puzzle's place were
			// looked at.
			holds = "holds the puzzle's solution at " + at
		}
		if holds == "" && slices.ContainsFunc([]string{"Solution", "Two solutions", "Candidates", "Steps"}, func(n string) bool { return strings.EqualFold(n, s.name) }) {
			// (A variant's solution is not the one a Solution sheet
			// holds, but the one is the other relabelled.)
			holds = "may give the answer away (it has the name of a sheet that xlsudoku's solve or explain writes)"
		}
		if holds == "" && book && s.name == SheetAnswers {
			// A tiled book's answers are tiles of their own: puzzle N's
			// lies where the places looked at above do not reach.
			holds = "holds the answers of the book's puzzles"
		}
		why := "an app that saved the workbook may have dropped the marks"
		if bookSheet {
			why = "books xlsudoku made before the evening of 2 December 2026 carry no marks, and an app that saved the book may have dropped them"
		}
		if holds != "" {
			warnings = append(warnings, fmt.Sprintf("warning: sheet %q %s, and nothing marks it as xlsudoku's to empty (%s): students would see it in the worksheet's copy; delete it there before handing the copy out", s.name, holds, why))
		}
	}
	return warnings
}

// solutionAt returns where sheet sh holds the complete solution, as a
// range ("D5:L13"), or "" when it does not, within the area detection
// reads: the digits as numbers or text, 10 and up also as letters.
func (p *pkg) solutionAt(sh sheetRef, solution *solve.Grid) string {
	n := solution.Shape.Size
	scan, err := p.scanSheet(sh, layout.Rect{Min: layout.Pos{Col: 1, Row: 1}, Max: layout.Pos{Col: detectCols, Row: detectRows}}, false)
	if err != nil || len(scan.cells) < n*n {
		return ""
	}
	digits := make(map[layout.Pos]int, len(scan.cells))
	for _, c := range scan.cells {
		if v, err := p.valueOf(sh.name, c); err == nil {
			if d := v.puzzleDigit(n); d > 0 {
				digits[c.Pos] = d
			}
		}
	}
	for _, c := range scan.cells { // in sheet order: the first key found
		if digits[c.Pos] != solution.At(0, 0) {
			continue
		}
		whole := true
		for i := 0; i < n*n && whole; i++ {
			whole = digits[c.Pos.Add(i/n, i%n)] == int(solution.Cells[i])
		}
		if whole {
			return layout.RectAt(c.Pos, n, n).String()
		}
	}
	return ""
}

// givenAway plans the emptying of the sheets that xlsudoku's other
// commands may have left in the workbook a worksheet is made from (from
// is its name): a solution, two solutions, the candidates, the steps. A
// copy handed to students must not show them the answer or the work
// towards it; the workbook it is made from keeps them.
func givenAway(from string) []*ourSheet {
	const why = "a worksheet must not show students the answer or the work towards it"
	var sheets []*ourSheet
	for _, k := range []struct{ kind, name, what string }{
		{kindSolution, "Solution", "solution"},
		{kindSolutions, "Two solutions", "two solutions"},
		{kindCandidates, "Candidates", "candidates"},
		{kindSteps, "Steps", "steps"},
	} {
		text := fmt.Sprintf("The %s that xlsudoku wrote on this sheet are left out of this worksheet, so that students do not see them. %s still has them.", k.what, from)
		if k.kind == kindSolution {
			text = fmt.Sprintf("The solution that xlsudoku wrote on this sheet is left out of this worksheet, so that students do not see it. %s still has it.", from)
		}
		sheets = append(sheets, &ourSheet{kind: k.kind, name: k.name, stale: true, copies: true, why: why, sheet: hiddenNote(text)})
	}
	// A book's answer sheets: those of every puzzle, as a student handed
	// the copy may try the others too.
	for _, k := range []struct{ kind, name string }{{kindBookAnswers, SheetAnswers}, {kindBookSolution, "Solution"}} {
		text := fmt.Sprintf("%s on this sheet are left out of this worksheet, so that students do not see them. %s still has them.", bookAnswersLeftOut, from)
		sheets = append(sheets, &ourSheet{kind: k.kind, name: k.name, stale: true, family: true, why: why, sheet: hiddenNote(text)})
	}
	return sheets
}

// hiddenNote is an emptied sheet of a worksheet's copy: its note, on a
// hidden sheet, which students neither see among the tabs nor print (each
// printed as a page of one line: a walk of 3 December). LibreOffice
// prints hidden sheets too: its print area is one empty cell, a page
// with nothing on it, which it leaves out, as the Answers sheet's is.
func hiddenNote(text string) layout.Sheet {
	sh := layout.NoteSheet(text)
	sh.Hidden = true
	sh.Print.Area = layout.Rect{Min: layout.Pos{Col: 1, Row: 1}, Max: layout.Pos{Col: 1, Row: 1}}
	return sh
}

// bookAnswersLeftOut begins the note that stands for a book's answers in
// a worksheet's copy (titleFits knows it).
const bookAnswersLeftOut = "The answers that xlsudoku's generate wrote"

// worksheetSheets plans the sheets of one worksheet: the worksheet called
// name, then (as asked) its live Candidates and its hidden Answers. suffix
// tells the sheets of one puzzle of a book from another's (" 3").
func worksheetSheets(givens, solution solve.Grid, w WorksheetOptions, suffix, name string) []*ourSheet {
	grid := layout.RectAt(layout.GridOrigin, givens.Shape.Size, givens.Shape.Size)
	ws := &ourSheet{kind: kindWorksheet + suffix, name: name, grid: grid}
	id := Identity{Givens: givens, Range: grid.String(), Grade: w.Grade, Seed: w.Seed, Index: w.Index, Of: w.Of, Blanks: w.Blanks}
	ws.names = []localName{{name: identityName, value: id.formula(), hidden: true}}
	sheets := []*ourSheet{ws}
	var answers, cands *ourSheet
	if w.LiveCandidates {
		cands = &ourSheet{kind: kindLiveCandidates + suffix, name: "Candidates" + suffix}
		sheets = append(sheets, cands)
	}
	if w.SelfCheck {
		answers = &ourSheet{kind: kindAnswers + suffix, name: "Answers" + suffix, sheet: layout.AnswerSheet(givens, solution)}
		sheets = append(sheets, answers)
	} else {
		// The answers of an earlier self-checking run, of this puzzle or
		// of the one a variant came from, must not stay behind.
		sheets = append(sheets, &ourSheet{kind: kindAnswers + suffix, name: "Answers" + suffix, stale: true, sheet: layout.Sheet{Hidden: true}})
	}
	ws.draw = func() (layout.Sheet, error) {
		o := layout.WorksheetOptions{Title: w.Title, Header: w.Header, Identity: id.String()}
		if answers != nil {
			o.AnswerSheet = answers.name
		}
		return layout.WorksheetSheet(givens, o).Sheet, nil
	}
	if cands != nil {
		cands.draw = func() (layout.Sheet, error) {
			title := fmt.Sprintf("Candidates of %s, as the entries stand", ws.name)
			grid := layout.RectAt(layout.GridOrigin, givens.Shape.Size, givens.Shape.Size)
			return layout.LiveCandidatesSheet(title, givens.Shape, ws.name, grid), nil
		}
	}
	return sheets
}

// verifyWorksheets reads a written workbook back: its worksheets, in
// order, hold the givens and identities of want.
func verifyWorksheets(path string, want []solve.Grid) error {
	pk, err := openPackage(path, 0)
	if err != nil {
		return err
	}
	defer pk.Close()
	k := 0
	for _, s := range pk.worksheets() {
		if !isWorksheetKind(s.ours) {
			continue
		}
		if k == len(want) {
			return errors.New("more worksheets than puzzles")
		}
		id, ok, err := pk.identityOf(s)
		if err != nil || !ok || id.Givens != want[k] {
			return fmt.Errorf("sheet %q: its identity is missing or wrong (%v)", s.name, err)
		}
		rect, _ := layout.ParseRect(id.Range)
		rr, err := pk.readRange(s, rect, id.Givens.Shape)
		if err != nil {
			return err
		}
		if rr.grid != want[k] || len(rr.bad) > 0 {
			return fmt.Errorf("sheet %q does not hold the puzzle", s.name)
		}
		k++
	}
	if k != len(want) {
		return fmt.Errorf("%d worksheets for %d puzzles", k, len(want))
	}
	return pk.wellFormedParts()
}

// HoldsWorksheet reports whether the file at path is a workbook holding a
// worksheet xlsudoku made: a worksheet, or a student's filled-in copy of
// one. It is false for any file it cannot open as a workbook.
func HoldsWorksheet(path string) bool {
	pk, err := openPackage(path, 0)
	if err != nil {
		return false
	}
	defer pk.Close()
	return slices.ContainsFunc(pk.worksheets(), func(s sheetRef) bool { return isWorksheetKind(s.ours) })
}

// IsMarkedCopy reports whether the file at path is a workbook that grade
// marked (it holds a Marked sheet of ours): a copy grade may write again.
// It is false for any file it cannot open as a workbook.
func IsMarkedCopy(path string) bool {
	pk, err := openPackage(path, 0)
	if err != nil {
		return false
	}
	defer pk.Close()
	return slices.ContainsFunc(pk.worksheets(), func(s sheetRef) bool { return s.ours == "marked" || strings.HasPrefix(s.ours, "marked ") })
}

// isWorksheetKind reports whether a sheet's mark says it is a worksheet.
func isWorksheetKind(kind string) bool {
	return kind == kindWorksheet || strings.HasPrefix(kind, kindWorksheet+" ")
}

// WriteWorksheetBook writes a new workbook of fillable worksheets to out:
// an Instructions sheet, then for each puzzle a sheet "Puzzle N" (with
// opts, its "Candidates N" and hidden "Answers N"). Each worksheet
// carries its puzzle's identity, so that grading knows its givens.
func WriteWorksheetBook(out string, puzzles []GeneratedPuzzle, book BookOptions, w WorksheetOptions) error {
	if len(puzzles) == 0 {
		return fmt.Errorf("%w: no puzzles to write", ErrUsage)
	}
	if err := notFolder(out); err != nil {
		return err
	}
	if ext := strings.ToLower(filepath.Ext(out)); ext != ".xlsx" {
		return fmt.Errorf("%w: %s: a new workbook is written as .xlsx", ErrUsage, out)
	}
	per := 1 + btoi(w.SelfCheck) + btoi(w.LiveCandidates)
	if per*len(puzzles)+1 > MaxGeneratedSheets {
		return fmt.Errorf("%w: %d worksheets make more than %d sheets", ErrUsage, len(puzzles), MaxGeneratedSheets)
	}
	title := book.Title
	if title == "" {
		title = "Sudoku"
	}
	paper, err := layout.ParsePaper(cmp.Or(book.Paper, "a4"))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUsage, err)
	}
	dir, err := os.MkdirTemp("", "xlsudoku-worksheets-")
	if err != nil {
		return fmt.Errorf("%w: %v", ErrWrite, err)
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, filepath.Base(out))
	if err := writeInstructions(in, title, puzzles, w, paper); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrWrite, out, err)
	}
	if err := os.Chmod(in, 0o644); err != nil { // the output takes the input's mode
		return fmt.Errorf("%w: %v", ErrWrite, err)
	}
	var sheets []*ourSheet
	var givens []solve.Grid
	blanks, last := 0, 0
	for i := range puzzles {
		blanks += puzzles[i].Givens.Shape.Cells() - puzzles[i].Givens.Filled()
		last = max(last, puzzles[i].Number)
	}
	for i := range puzzles {
		p := &puzzles[i]
		if err := checkSolution(&p.Givens, &p.Solution); err != nil {
			return fmt.Errorf("%w: puzzle %d: %v", ErrUsage, p.Number, err)
		}
		pw := w
		pw.Title, pw.Header = caption(p, book.ShowSeed), title
		pw.Grade, pw.Seed = p.Grade.String(), p.Seed
		pw.Index, pw.Of, pw.Blanks = p.Number, last, blanks
		suffix := " " + strconv.Itoa(p.Number)
		sheets = append(sheets, worksheetSheets(p.Givens, p.Solution, pw, suffix, "Puzzle"+suffix)...)
		givens = append(givens, p.Givens)
	}
	// Hidden answers last, so the tabs read Puzzle 1, Candidates 1, Puzzle 2...
	ordered := make([]*ourSheet, 0, len(sheets))
	for _, hidden := range []bool{false, true} {
		for _, s := range sheets {
			if strings.HasPrefix(s.kind, kindAnswers) == hidden {
				ordered = append(ordered, s)
			}
		}
	}
	base := &Puzzle{File: in}
	_, err = writeSheets(base, out, Options{Paper: paper.Name}, ordered, w.Password, func(path string) error {
		return verifyWorksheets(path, givens)
	})
	return err
}

// writeInstructions writes the first sheet of a book of worksheets: what
// to do, and what the status under each board means; printed on paper.
func writeInstructions(path, title string, puzzles []GeneratedPuzzle, w WorksheetOptions, paper layout.Paper) error {
	holds := "This workbook holds 1 puzzle, on the sheet Puzzle 1."
	if len(puzzles) > 1 {
		holds = fmt.Sprintf("This workbook holds %d puzzles, one to a sheet: Puzzle 1, Puzzle 2, ...", len(puzzles))
	}
	typeWhat := "Type a digit into each shaded cell"
	if n := puzzles[0].Givens.Shape.Size; n > 9 {
		typeWhat = fmt.Sprintf("Type a digit 1-9, or a letter A-%c for 10-%d (A is 10), into each shaded cell", 'A'+n-10, n)
	}
	lines := []string{
		title,
		"",
		holds,
		typeWhat + " so that every row, column and box holds each digit once.",
		"The printed digits are given and cannot be changed.",
		"Under each puzzle a line says how you are doing: how many cells are left, \"a digit repeats\" (the repeated digits turn red), or \"Solved!\".",
	}
	if w.SelfCheck {
		lines = append(lines, "To see which entries are wrong, set \"Check my work\" under the puzzle to Yes.")
	}
	if w.LiveCandidates {
		lines = append(lines, "Each Candidates sheet shows, for every empty cell, the digits that can still go there as your entries stand.")
	}
	lines = append(lines, "When you are done, save the file (keep it as .xlsx) and hand it in.")
	// A column as wide as a portrait page, the lines wrapped in it, each
	// row as tall as its lines (a long title's second line, in 14 points,
	// had been cut at its foot: a walk of 3 December).
	const width = 480.0 // points
	sh := layout.Sheet{}
	sh.ColWidths, sh.RowHeights = map[int]float64{2: width}, map[int]float64{}
	for i, l := range lines {
		st := layout.Style{Wrap: true, VAlign: layout.AlignStart}
		size := 11.0 // the workbook's default
		if i == 0 {
			st.Bold, st.FontSize = true, 14
			size = 14 * 1.1 // bold, a tenth wider
		}
		sh.Cells = append(sh.Cells, layout.Cell{Pos: layout.Pos{Col: 2, Row: i + 2}, Text: l, Style: st})
		if h := layout.TextHeight(l, width, size); h > 15 {
			sh.RowHeights[i+2] = h
		}
	}
	sh.Print = layout.Print{Area: layout.Rect{Min: layout.Pos{Col: 2, Row: 2}, Max: layout.Pos{Col: 2, Row: len(lines) + 1}},
		Paper: paper, Fit: layout.FitWidth, CenterH: true}
	return writeBook(path, []*ourSheet{{name: "Instructions", sheet: sh}}, paper, nil)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
