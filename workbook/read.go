package workbook

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// sheetRef is a worksheet of the package.
type sheetRef struct {
	index int    // position among all the workbook's sheets
	name  string // as the workbook spells it
	part  string // its part name
	ours  string // the kind of sheet xlsudoku made it, "" for the user's
	// keptAs, on a sheet of the user's, is the kind of ours whose mark
	// and looks it has under a name of its own: a copy of our sheet, or
	// ours renamed, which a run leaves alone (see confirms).
	keptAs string
}

// worksheets lists the workbook's worksheets (not chart or macro sheets).
func (p *pkg) worksheets() []sheetRef {
	var out []sheetRef
	for i, s := range p.wb.sheets {
		rel, ok := p.rels.ByID(s.RID)
		if !ok || !strings.HasSuffix(rel.Type, "/worksheet") || !p.Has(rel.Target) {
			continue
		}
		ref := sheetRef{index: i, name: s.Name, part: rel.Target}
		ref.ours = p.ourKind(ref)
		if kind, ok := p.namedKind(i); ok && ref.ours == "" && !runNamed(ref.name, kind) && p.looksOurs(ref, kind) {
			ref.keptAs = kind
		}
		out = append(out, ref)
	}
	return out
}

// Read opens the workbook at path and reads its puzzle: on opts.Sheet at
// opts.Range when given; else on the first worksheet whose B2:J10 holds a
// puzzle; else wherever detection finds one. The puzzle it returns has no
// contradicting givens; bad cells give *CellErrors, contradictions
// *ConflictError.
func Read(path string, opts Options) (*Puzzle, error) {
	p, pk, err := locate(path, opts)
	if err != nil {
		return nil, err
	}
	pk.Close()
	if err := p.check(); err != nil {
		return nil, err
	}
	return p, nil
}

// locate finds and reads the puzzle as Read does, without looking for
// contradictions, and returns it with the package still open (the caller
// closes it).
func locate(path string, opts Options) (*Puzzle, *pkg, error) {
	p, pk, err := locateIn(path, opts)
	if err != nil && pk != nil {
		pk.Close()
		pk = nil
	}
	return p, pk, err
}

func locateIn(path string, opts Options) (_ *Puzzle, pk *pkg, err error) {
	var (
		rect  layout.Rect
		shape solve.Shape
	)
	if opts, err = sheetInRange(opts); err != nil {
		return nil, nil, err
	}
	if opts.Range != "" {
		if _, err = layout.ParseRect(opts.Range); err != nil {
			return nil, nil, fmt.Errorf("%w: --range %v", ErrUsage, err)
		}
	}
	if pk, err = openPackage(path, opts.MaxPartSize); err != nil {
		return nil, nil, err
	}
	pk.textIsEntry = opts.textIsEntry
	bookNote := ""
	if opts.Puzzle == 0 && opts.Sheet == "" && opts.Range == "" {
		// A book that generate made, no puzzle named: its first, by its
		// Catalogue, as --puzzle 1 reads it (a review of 3 December:
		// detection took a 6x6 book's captions for cells, or saw several
		// puzzles). A workbook of the user's with sheets of those names,
		// whose Catalogue is no book's, is read as any other. The names
		// alone are looked at first: no sheet is read for most workbooks.
		named := func(name string) bool {
			return slices.ContainsFunc(pk.wb.sheets, func(s sheetEntry) bool { return s.Name == name })
		}
		if named(SheetCatalogue) && named(SheetPuzzles) {
			first := opts
			first.Puzzle = 1
			if first, err := pk.bookPuzzle(first); err == nil {
				opts = first
				bookNote = fmt.Sprintf("%s is a book of puzzles: read puzzle 1; give --puzzle N for another", filepath.Base(path))
			}
		}
	}
	if opts.Puzzle > 0 && bookNote == "" {
		if opts, err = pk.bookPuzzle(opts); err != nil {
			return nil, pk, err
		}
	}
	if opts.Range != "" {
		if rect, err = layout.ParseRect(opts.Range); err != nil {
			return nil, pk, fmt.Errorf("%w: --range %v", ErrUsage, err)
		}
		if shape, err = shapeOf(rect, opts.Box, opts.Sheet); err != nil {
			return nil, pk, err
		}
	}
	sheets := pk.worksheets()
	if opts.Sheet != "" {
		sh, err := pk.findSheet(sheets, opts.Sheet)
		if err != nil {
			return nil, pk, err
		}
		sheets = []sheetRef{sh}
	} else {
		// Visible sheets first: a hidden one is often the answer key.
		// Among them our worksheets first: a returned worksheet's puzzle
		// is the one its student filled, not the teacher's sheet it was
		// made from, which the workbook keeps before it.
		sheets = userSheets(sheets)
		slices.SortStableFunc(sheets, func(a, b sheetRef) int { return cmp.Compare(pk.readRank(a), pk.readRank(b)) })
	}
	if len(sheets) == 0 {
		return nil, pk, fmt.Errorf("%w: %s has no worksheets; add the puzzle to a sheet, at B2:J10 for 9x9", ErrNoPuzzle, path)
	}

	var p *Puzzle
	switch {
	case opts.Range != "":
		p, err = pk.readAtRange(sheets, rect, shape, opts.Sheet != "")
		if err == nil && opts.guessBox {
			p, err = pk.readBookShape(p, sheets, rect, opts)
		}
	default:
		p, err = pk.readDefault(sheets, opts.Box)
		if err == nil && p == nil {
			p, err = pk.detect(sheets, opts.Box)
		}
	}
	if err == nil {
		err = pk.hiddenByMerges(p)
	}
	if err != nil {
		return nil, pk, err
	}
	if w := p.boxesWarning(); w != "" {
		p.Notes = append(p.Notes, w)
	}
	for _, s := range pk.wb.sheets {
		if missing := pk.missingPart(s); missing != "" && !strings.EqualFold(s.Name, p.Sheet) {
			p.Notes = append(p.Notes, fmt.Sprintf("sheet %q was not read: it %s", s.Name, missing))
		}
	}
	if bookNote != "" {
		p.Notes = append(p.Notes, bookNote)
	}
	p.HasSteps = slices.ContainsFunc(pk.worksheets(), func(s sheetRef) bool { return s.ours == kindSteps })
	if p.current == (solve.Grid{}) {
		p.current = p.Grid
	}
	return p, pk, nil
}

// readBookShape reads again, with the box shape its digits choose
// (bookShape), the puzzle p of a book whose Catalogue does not name its
// boxes, read with its size's default ones at rect.
func (pk *pkg) readBookShape(p *Puzzle, sheets []sheetRef, rect layout.Rect, opts Options) (*Puzzle, error) {
	def := p.Grid.Shape
	s, ok := bookShape(p.Grid)
	if !ok {
		return nil, &detectError{msg: fmt.Sprintf("%s does not say the boxes of its puzzle %d (a book from an older xlsudoku), and the puzzle has one solution with %dx%d boxes and one with %dx%d: give --box %dx%d or --box %dx%d",
			pk.file, opts.Puzzle, def.BoxRows, def.BoxCols, def.BoxCols, def.BoxRows, def.BoxRows, def.BoxCols, def.BoxCols, def.BoxRows)}
	}
	if s == def {
		return p, nil
	}
	p, err := pk.readAtRange(sheets, rect, s, opts.Sheet != "")
	if err == nil {
		p.Notes = append(p.Notes, fmt.Sprintf("read with %dx%d boxes, which its digits fit: %s does not name its boxes (a book from an older xlsudoku)", s.BoxRows, s.BoxCols, pk.file))
	}
	return p, err
}

// identityPuzzle returns the puzzle a worksheet of ours stores, when
// sheet sh has one at rect (any place when rect is zero): its givens are
// the puzzle, and the sheet's other digits, a student's entries, are kept
// in p.current. A cell that is neither is left out with a note, not an
// error: it is the student's, not the puzzle's.
func (pk *pkg) identityPuzzle(sh sheetRef, rect layout.Rect) (*Puzzle, error) {
	id, ok, err := pk.identityOf(sh)
	if !ok || err != nil || (rect != layout.Rect{} && id.Range != rect.String()) {
		return nil, nil
	}
	r, err := pk.returnedAt(sh, id.Range, id.Givens, true)
	if err != nil {
		return nil, err
	}
	p := r.Puzzle
	p.current, p.stored = r.Current(), true
	entries := p.current.Filled() - p.Grid.Filled()
	p.Notes = append(p.Notes, fmt.Sprintf("using the puzzle of worksheet %s: its %s", p.Where(), count(p.Grid.Filled(), "given", "givens")))
	if entries > 0 {
		are := "are"
		if entries == 1 {
			are = "is"
		}
		p.Notes[len(p.Notes)-1] += fmt.Sprintf("; the %s typed into it %s left out", count(entries, "entry", "entries"), are)
	}
	if len(r.Shown) > 0 {
		var bad []string
		for i := range r.Sheet {
			if text, ok := r.Shown[i]; ok {
				bad = append(bad, fmt.Sprintf("%s (%q)", r.CellName(i), text))
			}
		}
		p.Notes = append(p.Notes, "cells that hold no digit are left out: "+describe(bad, 6))
	}
	return p, nil
}

// sheetInRange reads a range written with its sheet, as spreadsheet apps
// write references ("Week 3!C3:K11", "'Week 3'!C3:K11"), into Sheet and
// Range.
func sheetInRange(opts Options) (Options, error) {
	i := strings.LastIndex(opts.Range, "!")
	if i < 0 {
		return opts, nil
	}
	sheet := opts.Range[:i]
	if len(sheet) >= 2 && sheet[0] == '\'' && sheet[len(sheet)-1] == '\'' {
		sheet = strings.ReplaceAll(sheet[1:len(sheet)-1], "''", "'")
	}
	if sheet == "" {
		return opts, fmt.Errorf("%w: --range %s names no sheet before the \"!\"", ErrUsage, opts.Range)
	}
	if opts.Sheet != "" && !strings.EqualFold(opts.Sheet, sheet) {
		return opts, fmt.Errorf("%w: --range %s names sheet %q but --sheet names %q; give one of them", ErrUsage, opts.Range, sheet, opts.Sheet)
	}
	opts.Sheet, opts.Range = sheet, opts.Range[i+1:]
	return opts, nil
}

// userSheets leaves out the sheets xlsudoku made, but for worksheets:
// their puzzle is the one to read.
func userSheets(sheets []sheetRef) []sheetRef {
	var out []sheetRef
	for _, s := range sheets {
		if s.ours == "" || isWorksheetKind(s.ours) {
			out = append(out, s)
		}
	}
	return out
}

// missingPart says, of a sheet the workbook lists whose part is not in
// the package, that it is missing, with what to do; "" for any other.
func (p *pkg) missingPart(s sheetEntry) string {
	rel, ok := p.rels.ByID(s.RID)
	if !ok || rel.External || p.Has(rel.Target) {
		return ""
	}
	return fmt.Sprintf("has no part (%s is missing from the file); the workbook is damaged: open it in a spreadsheet app, save it again, and try again", rel.Target)
}

func (p *pkg) findSheet(sheets []sheetRef, name string) (sheetRef, error) {
	for _, s := range sheets {
		if strings.EqualFold(s.name, name) {
			return s, nil
		}
	}
	names := make([]string, len(sheets))
	for i, s := range sheets {
		names[i] = fmt.Sprintf("%q", s.name)
	}
	for _, s := range p.wb.sheets {
		if !strings.EqualFold(s.Name, name) {
			continue
		}
		// There, but not a sheet of cells: say what it is.
		kind := "not a worksheet"
		if missing := p.missingPart(s); missing != "" {
			return sheetRef{}, fmt.Errorf("%w: %s: sheet %q %s", ErrOpen, p.file, s.Name, missing)
		}
		if rel, ok := p.rels.ByID(s.RID); ok {
			switch rel.Type[strings.LastIndex(rel.Type, "/")+1:] {
			case "chartsheet":
				kind = "a chart sheet, which holds a chart and no cells"
			case "dialogsheet":
				kind = "a dialog sheet, not a worksheet"
			case "xlMacrosheet", "xlIntlMacrosheet":
				kind = "a macro sheet, not a worksheet"
			}
		}
		return sheetRef{}, fmt.Errorf("%w: %s's sheet %q is %s; its worksheets are %s", ErrUsage, p.file, s.Name, kind, strings.Join(names, ", "))
	}
	return sheetRef{}, fmt.Errorf("%w: %s has no worksheet %q; its worksheets are %s", ErrNoSheet, p.file, clipLine(name, maxSheetShown), strings.Join(names, ", "))
}

// maxSheetShown is the most characters of a sheet name that is not there
// that a message quotes: sheet names have 31 at most, and a value pasted
// by mistake is clipped, as the command line clips it.
const maxSheetShown = 40

// readAtRange reads the puzzle at rect: on the only sheet when the user
// named it or the workbook has one, else on the first sheet where rect
// holds a puzzle.
func (p *pkg) readAtRange(sheets []sheetRef, rect layout.Rect, shape solve.Shape, named bool) (*Puzzle, error) {
	uncalculated := "" // of the first sheet whose rect holds only formulas not calculated
	// With one sheet, rect is on it, whatever it holds: its cells are
	// the error, not "name the sheet" (a walk of 3 December: a grid of
	// dates at B2:J10 went round between that and "give --range").
	only := named || len(sheets) == 1
	for _, sh := range sheets {
		if pz, err := p.identityPuzzle(sh, rect); pz != nil || err != nil {
			return pz, err
		}
		rr, err := p.readRange(sh, rect, shape)
		if err != nil {
			return nil, err
		}
		if only || rr.looksLikePuzzle() {
			if rr.digits == 0 && len(rr.bad) == 0 {
				if msg := rr.uncalculated(p.file); msg != "" {
					return nil, fmt.Errorf("%w: %s", ErrNoPuzzle, msg)
				}
				return nil, fmt.Errorf("%w: %s!%s is empty; give the puzzle's range with --range", ErrNoPuzzle, sh.name, rect)
			}
			pz, err := rr.puzzle(p.file)
			if err == nil && !named {
				pz.Notes = append(pz.Notes, fmt.Sprintf("using the puzzle at %s", pz.Where()))
			}
			if err == nil && rr.ringDigits > 0 {
				pz.elsewhere = p.puzzleElsewhere(sh, rect, &pz.Grid)
			}
			return pz, err
		}
		if uncalculated == "" {
			uncalculated = rr.uncalculated(p.file)
		}
	}
	if uncalculated != "" {
		// Naming the sheet would not help: what is missing is the values.
		return nil, fmt.Errorf("%w: %s", ErrNoPuzzle, uncalculated)
	}
	return nil, fmt.Errorf("%w: no sheet of %s has a puzzle at %s; name the sheet with --sheet", ErrNoPuzzle, p.file, rect)
}

// puzzleElsewhere says where sheet sh holds a puzzle with one solution
// of the size of g, read at rect with digits right around it, when g
// breaks the rules, or has no solution or several there, and that puzzle
// is a cell or two off rect: "the sheet holds a puzzle with one solution
// at C3:K11: is that the puzzle? give --range 'Week 3!C3:K11'". A range
// one cell off the puzzle was told to correct the givens (a walk of 3
// December). "" when g is fine, or detection finds no such puzzle near:
// farther off, a block of one solution may be a cut through the puzzle
// and its answer key beside it (found in review). Only advice: a sheet
// detection cannot read leaves it out.
func (p *pkg) puzzleElsewhere(sh sheetRef, rect layout.Rect, g *solve.Grid) string {
	if len(g.Conflicts()) == 0 && solve.CountSolutions(*g, 2) == 1 {
		return ""
	}
	f, err := p.detectSheet(sh, []solve.Shape{g.Shape})
	if err != nil || f == nil || !f.sure {
		return ""
	}
	best := f.ranked[0].rect
	near := func(a, b int) bool { return a-b >= -2 && a-b <= 2 }
	if best == rect || f.ranked[0].solutions != 1 || best.Rows() != rect.Rows() ||
		!near(best.Min.Row, rect.Min.Row) || !near(best.Min.Col, rect.Min.Col) {
		return ""
	}
	return fmt.Sprintf("the sheet holds a puzzle with one solution at %s: is that the puzzle? give --range %s", best, ShellWord(sh.name+"!"+best.String()))
}

// readDefault reads the puzzle at B2:J10 on the first sheet where it is
// one: digits rather than other values there, and no digits right around
// it (those would say the puzzle is elsewhere and B2:J10 cuts through it).
// Cells there that are not digits (a typo or two) are an error naming
// them, and so are givens that contradict each other as a typo does. It
// returns nil when no sheet has a puzzle there, or only grids that
// detection weighs against the other blocks of the workbook: answer keys
// (complete grids), grids that break the rules many times over (masks,
// tables) or hold more numbers that are not digits than a typo or two,
// and grids with digits around them; a --box that does not fit a 9x9 leaves it all to detection.
func (p *pkg) readDefault(sheets []sheetRef, box string) (*Puzzle, error) {
	shape, err := shapeOf(defaultRect, box, "")
	if err != nil {
		return nil, nil
	}
	for _, sh := range sheets {
		if pz, err := p.identityPuzzle(sh, layout.Rect{}); pz != nil || err != nil {
			return pz, err
		}
		rr, err := p.readRange(sh, defaultRect, shape)
		if err != nil {
			return nil, err
		}
		if !rr.looksLikePuzzle() || rr.ringDigits != 0 || !rr.fillsDefault() || rr.badNumbers > maxTypoNumbers {
			continue
		}
		pz, err := rr.used(p.file)
		if err != nil {
			return nil, err
		}
		if !pz.complete() && len(pz.Grid.Conflicts()) <= maxTypoConflicts {
			return pz, nil
		}
	}
	return nil, nil
}

// maxTypoNumbers is how many numbers that are not digits (10, 7.75) a
// puzzle at B2:J10 may hold and still be taken as the puzzle, its cells
// then the error: a typo or two. More, such as a table of scores whose
// formulas' stored values are 27 and 7.75, leave it to detection, which
// weighs it against the other blocks.
const maxTypoNumbers = 2

// maxTypoConflicts is how many pairs of clashing givens a mistyped digit
// or two make; more say that the block is no puzzle.
const maxTypoConflicts = 4

// used is the puzzle of rr, noting where it was read.
func (rr *rangeRead) used(file string) (*Puzzle, error) {
	pz, err := rr.puzzle(file)
	if err == nil {
		pz.Notes = append(pz.Notes, fmt.Sprintf("using the puzzle at %s", pz.Where()))
	}
	return pz, err
}

// readRank orders the sheets a puzzle is looked for in: visible
// worksheets of ours (0), other visible sheets (1), hidden sheets (2, 3).
func (p *pkg) readRank(sh sheetRef) int {
	rank := 1
	if isWorksheetKind(sh.ours) {
		rank = 0
	}
	if p.hiddenSheet(sh) {
		rank += 2
	}
	return rank
}

// fillsDefault reports whether the digits read at B2:J10 are a 9x9 puzzle:
// as many as one has (bad cells count: they may be mistyped digits), and
// not all in a smaller grid's corner.
func (rr *rangeRead) fillsDefault() bool {
	return rr.digits+len(rr.bad) >= minGivens[9] && rr.reaches9x9()
}

// reaches9x9 reports whether the digits read at B2:J10 are not all in a
// smaller grid's corner: a 9 among them, or digits (or bad cells) past
// the eighth row or column.
func (rr *rangeRead) reaches9x9() bool {
	for i, d := range rr.grid.Cells[:81] {
		if d == 9 || (d != 0 && (i/9 == 8 || i%9 == 8)) {
			return true
		}
	}
	for _, b := range rr.bad {
		if pos, err := layout.ParsePos(b.Cell); err == nil && (pos.Row == defaultRect.Max.Row || pos.Col == defaultRect.Max.Col) {
			return true
		}
	}
	return false
}

// rangeRead is a range of a sheet read as a puzzle.
type rangeRead struct {
	sheet      sheetRef
	rect       layout.Rect
	grid       solve.Grid
	digits     int          // cells holding a digit
	bad        []*CellError // cells that are neither digits nor blanks
	badNumbers int          // those of them that are numbers
	noValue    []string     // formula cells with no stored value
	ringDigits int          // digits in the cells around rect, row and column labels aside
	badOK      bool         // bad cells are a student's entries (Options.textIsEntry), read as blanks
	// numbers and letters: the digits 10 and up written as numbers, and
	// as letters (Puzzle.Digit writes them as most are)
	numbers, letters int
	heavy            []uint8 // the heavy sides of rect's cells, row by row (styleInfo.heavy)
}

// looksLikePuzzle reports whether the range holds more digits than other
// values: a puzzle, maybe with mistakes, rather than a table or text.
func (rr *rangeRead) looksLikePuzzle() bool { return rr.digits > 0 && rr.digits > len(rr.bad) }

// readRange reads rect of sheet sh as a puzzle of shape, and counts the
// digits around it.
func (p *pkg) readRange(sh sheetRef, rect layout.Rect, shape solve.Shape) (*rangeRead, error) {
	outer := layout.Rect{Min: layout.Pos{Col: max(1, rect.Min.Col-1), Row: max(1, rect.Min.Row-1)}, Max: rect.Max.Add(1, 1)}
	scan, err := p.scanSheet(sh, outer, false)
	if err != nil {
		return nil, err
	}
	rr := &rangeRead{sheet: sh, rect: rect, grid: solve.NewGrid(shape), badOK: p.textIsEntry}
	ring := map[layout.Pos]int{}
	// Formula cells with no stored value, or storing the number 0
	// (zero), in sheet order; valued: a formula cell stores another value.
	type blankFormula struct {
		at   string
		zero bool
	}
	var blanks []blankFormula
	valued := false
	for _, c := range scan.cells {
		v, err := p.valueOf(sh.name, c)
		if err != nil {
			return nil, err
		}
		if !rect.Contains(c.Pos) {
			if d := v.digit(solve.MaxSize); d > 0 {
				ring[c.Pos] = d
			}
			continue
		}
		if h := p.styles.heavySides(c.S); h != 0 {
			if rr.heavy == nil {
				rr.heavy = make([]uint8, rect.Rows()*rect.Cols())
			}
			rr.heavy[(c.Pos.Row-rect.Min.Row)*rect.Cols()+c.Pos.Col-rect.Min.Col] = h
		}
		switch {
		case v.noValue || c.HasF && v.zero:
			blanks = append(blanks, blankFormula{c.Pos.String(), !v.noValue})
		case c.HasF:
			valued = true
		}
		switch d := v.puzzleDigit(shape.Size); {
		case d > 0:
			rr.grid.Set(c.Pos.Row-rect.Min.Row, c.Pos.Col-rect.Min.Col, d)
			rr.digits++
			if d >= 10 && v.isNum {
				rr.numbers++
			} else if d >= 10 {
				rr.letters++
			}
		case d < 0:
			rr.bad = append(rr.bad, &CellError{File: p.file, Sheet: sh.name, Cell: c.Pos.String(), Value: clipShown(v.shown), Reason: v.reason(shape.Size)})
			if v.isNum {
				rr.badNumbers++
			}
		}
	}
	// XlsxWriter (and libxlsxwriter) store 0 as every formula's result
	// and ask the app to calculate them all on opening (fullCalcOnLoad):
	// read as blanks, =5 at D2 made another puzzle. So in such a workbook
	// a 0 is no stored value, unless some formula of the range stores
	// another value: then they were calculated.
	zeroIsNone := p.wb.fullCalc && !valued
	for _, b := range blanks {
		if !b.zero || zeroIsNone {
			rr.noValue = append(rr.noValue, b.at)
		}
	}
	rr.ringDigits = ringDigits(ring, rect)
	return rr, nil
}

// drawnBoxes returns the box shape the range's heavy lines draw, of the
// two its size has (2x3 and 3x2 for 6x6): the one with more of its lines
// drawn heavy; the zero Shape when the size has one, or neither has more.
func (rr *rangeRead) drawnBoxes() solve.Shape {
	s := rr.grid.Shape
	t := s.Turned()
	if rr.heavy == nil || t == s {
		return solve.Shape{}
	}
	n := rr.rect.Cols()
	sides := func(r, c int) uint8 { return rr.heavy[r*n+c] }
	switch a, b := boxLines(s, sides), boxLines(t, sides); {
	case a > b:
		return s
	case b > a:
		return t
	}
	return solve.Shape{}
}

// uncalculated says what to do when the range holds no digit but formulas
// with no stored value (a file a program wrote, never opened in an app):
// calculated, they may well be the puzzle, and no --range helps before
// that. It is "" for any other range.
func (rr *rangeRead) uncalculated(file string) string {
	if rr.digits > 0 || len(rr.noValue) == 0 {
		return ""
	}
	return fmt.Sprintf("%s!%s holds %d formulas with no stored value and no digit; %s, then run again",
		rr.sheet.name, rr.rect, len(rr.noValue), calculateAdvice(file))
}

// calculateAdvice says how to have file's formulas calculated. LibreOffice
// Calc does not calculate on opening a file that says Excel wrote it, as
// XlsxWriter's do: it shows and saves their zeros until told to.
func calculateAdvice(file string) string {
	return fmt.Sprintf("open and save %s in a spreadsheet app to calculate them (in LibreOffice Calc, Data > Calculate > Recalculate Hard before saving)", filepath.Base(file))
}

// puzzle turns the range into a Puzzle, or the errors of its bad cells.
func (rr *rangeRead) puzzle(file string) (*Puzzle, error) {
	where := rr.sheet.name + "!" + rr.rect.String()
	if len(rr.bad) > 0 && !rr.badOK {
		shown := rr.bad[:min(len(rr.bad), maxCellErrors)]
		return nil, &CellErrors{File: file, Range: where, Cells: shown, Total: len(rr.bad)}
	}
	if len(rr.noValue) > 0 && !rr.badOK {
		// Read as blanks, they would make another puzzle than the sheet
		// shows once calculated: a walk of 3 December had =5 at B2 solved
		// as a blank, and advised "add B2 = 3". (A student's entries,
		// badOK, are read as blanks, with the note below.)
		cells := rr.noValue[:min(len(rr.noValue), maxCellErrors)]
		more := ""
		if n := len(rr.noValue) - len(cells); n > 0 {
			more = fmt.Sprintf(" and %d more", n)
		}
		what := "hold formulas with no stored value (a program wrote them and no spreadsheet app calculated them)"
		if len(rr.noValue) == 1 {
			what = "holds a formula with no stored value (a program wrote it and no spreadsheet app calculated it)"
		}
		return nil, fmt.Errorf("%w: %s: %s: %s%s %s, so what the puzzle's cells show is not known; %s, then run again",
			ErrOpen, file, where, strings.Join(cells, ", "), more, what, calculateAdvice(file))
	}
	p := &Puzzle{File: file, Sheet: rr.sheet.name, Range: rr.rect.String(), Grid: rr.grid, area: rr.rect, letters: rr.letters > rr.numbers, drawn: rr.drawnBoxes()}
	if len(rr.noValue) > 0 {
		p.Notes = append(p.Notes, fmt.Sprintf("%s!%s: formulas with no stored value were read as blanks (%s)",
			rr.sheet.name, strings.Join(rr.noValue, ", "), calculateAdvice(file)))
	}
	return p, nil
}
