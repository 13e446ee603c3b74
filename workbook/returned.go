package workbook

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// A returned workbook is one a student filled in and handed back, saved by
// whatever app they used: Excel, LibreOffice and Google Sheets rewrite
// our parts (shared strings for inline text, numbers stored as text,
// styles renumbered, defined names reordered, protection removed), so it
// is read by what they keep: the stored identity (a sheet-scoped defined
// name, see identity.go), the cell values, and the cells' looks.

// ErrNoKey: a returned workbook whose givens cannot be known without
// --key (no stored identity, and locked or bold cells do not tell them).
// It wraps ErrUsage: the fix is a flag.
var ErrNoKey = &noKeyError{}

type noKeyError struct{ msg string }

func (e *noKeyError) Error() string {
	if e.msg == "" {
		return "the givens cannot be told from the entries"
	}
	return e.msg
}
func (e *noKeyError) Is(target error) bool { return target == ErrNoKey || target == ErrUsage }

// Returned is one puzzle of a returned workbook as the student left it.
type Returned struct {
	Puzzle *Puzzle // where it is; Grid holds the givens
	// Sheet is what the sheet holds in the puzzle's cells: a digit, 0 for a
	// blank, or -1 for something that is not a digit.
	Sheet []int
	// Shown is what a cell that is not a digit shows ("x"), by index.
	Shown map[int]string
	// By says how the givens were known: "stored identity", "--key",
	// "cell protection (locked givens, unlocked entries)", "bold", ...
	By string
	// Missing, when above zero, makes this no sheet but the puzzles of a
	// book whose sheets are not in the file (Puzzle.Sheet names them):
	// their Missing cells to fill count as empty.
	Missing int
	// Index and Of: puzzle Index of a book of Of worksheets, as its
	// identity says; zero for a lone worksheet or a sheet not ours.
	Index, Of int
	// Copies names the sheets of the file that are copies of this one's
	// (the same puzzle of the same book): not graded, lest it count twice.
	Copies []string
	// Elsewhere, for a puzzle with no entries, says where the student's
	// work may be instead: another sheet holding the same givens and
	// entries, or another puzzle of the book (see workElsewhere).
	Elsewhere []string
	// IdentityLost is set when the file has sheets of our worksheets by
	// their names (Worksheet; a book's Instructions and Puzzle N) but
	// none has its stored identity (an app that saved it dropped the
	// defined names): the puzzle was found by its sheet's name.
	IdentityLost bool

	xfs []int // the cell format of each cell
}

// Current is the givens plus the entries that are digits, a given
// keeping its digit where the student changed or cleared it.
func (r *Returned) Current() solve.Grid {
	g := r.Puzzle.Grid
	for i, v := range r.Sheet {
		if v > 0 && g.Cells[i] == 0 {
			g.Cells[i] = uint8(v)
		}
	}
	return g
}

// ChangedGivens are the indexes of givens the sheet no longer holds.
func (r *Returned) ChangedGivens() []int {
	var out []int
	for i, v := range r.Sheet {
		if d := int(r.Puzzle.Grid.Cells[i]); d != 0 && v != d {
			out = append(out, i)
		}
	}
	return out
}

// ReadReturned reads the puzzles of a returned workbook. The givens of
// each come from the first of: the identity stored on a worksheet of
// ours (every worksheet of a book is read); the puzzles of key that best
// match the sheet (key may be nil); the cells' looks as ReadEntries tells
// them apart. A workbook where none of these tells the givens gives an
// error wrapping ErrNoKey.
func ReadReturned(path string, opts Options, key []solve.Grid) ([]*Returned, error) {
	rs, err := readReturned(path, opts, key)
	for _, r := range rs {
		// As on a Puzzle from Read: WrongEntries reads it.
		r.Puzzle.current = r.Current()
	}
	if err == nil && slices.ContainsFunc(rs, (*Returned).unstarted) {
		if pk, err := openPackage(path, opts.MaxPartSize); err == nil {
			pk.workElsewhere(rs, opts.Puzzle > 0)
			pk.Close()
		}
	}
	return rs, err
}

// unstarted reports whether the student typed nothing into the puzzle's
// blanks.
func (r *Returned) unstarted() bool {
	return r.Missing == 0 && r.entries() == 0
}

// gradedOf returns, of the sheets of one puzzle of identity id (a
// worksheet and its copies, in the workbook's order), the one graded,
// the others listed in its Copies: the worksheet handed out (handedOut,
// or else the sheet another is named a copy of), unless it is empty and
// a copy holds the work (a student worked on a copy, or on the worksheet
// a second run wrote beside one whose marks exceljs dropped); then the
// sheet with the most entries. A copy used as scratch beside the real
// work is not graded.
func gradedOf(sheets []*Returned, id Identity) *Returned {
	orig := slices.IndexFunc(sheets, func(r *Returned) bool { return handedOut(r.Puzzle.Sheet, id) })
	if orig < 0 {
		orig = slices.IndexFunc(sheets, func(r *Returned) bool {
			return slices.ContainsFunc(sheets, func(c *Returned) bool { return copyNamed(c.Puzzle.Sheet, r.Puzzle.Sheet) })
		})
	}
	best := max(orig, 0)
	if orig < 0 || sheets[orig].entries() == 0 {
		for i, r := range sheets {
			if r.entries() > sheets[best].entries() {
				best = i
			}
		}
	}
	graded := sheets[best]
	for i, r := range sheets {
		if i != best {
			graded.Copies = append(graded.Copies, r.Puzzle.Sheet)
		}
	}
	return graded
}

// copyNamed reports whether name is one that an app gives a copy of the
// sheet called of: Excel "of (2)", LibreOffice "of_2", openpyxl "of
// Copy", Google Sheets "Copy of of".
func copyNamed(name, of string) bool {
	q := regexp.QuoteMeta(of)
	re, err := regexp.Compile(`(?i)^(?:` + q + ` \(\d+\)|` + q + `_\d+|` + q + ` Copy\d*|Copy of ` + q + `(?: \d+)?)$`)
	return err == nil && re.MatchString(name)
}

// handedOut reports whether a sheet called name is the worksheet of id as
// xlsudoku named it (a copy gets another name): Worksheet (or the name a
// run gives it beside a sheet of that name), or a book's Puzzle N.
func handedOut(name string, id Identity) bool {
	if id.Of > 0 {
		return strings.EqualFold(name, fmt.Sprintf("Puzzle %d", id.Index))
	}
	return namedAsRunNames(name, "Worksheet")
}

// entries counts the puzzle's blanks that hold something.
func (r *Returned) entries() int {
	n := 0
	for i, v := range r.Sheet {
		if r.Puzzle.Grid.Cells[i] == 0 && v != 0 {
			n++
		}
	}
	return n
}

// workElsewhere notes, on each unstarted puzzle of rs, where the
// student's work may be instead, so that a grade of nothing is not taken
// for the student's: the other worksheets whose cells at the puzzle's
// range hold its givens and entries besides (a copy the student made of
// the sheet, or, beside a worksheet, the sheet it was made from), and,
// in a book graded without --puzzle (chosen), its other puzzles.
func (pk *pkg) workElsewhere(rs []*Returned, chosen bool) {
	sheets := pk.worksheets()
	book := pk.bookPuzzles(sheets)
	// Where each sheet's own puzzle is, found once for the file: a book
	// of many puzzles, most not started, asks it of every sheet for each.
	type placeKey struct {
		sheet string
		shape solve.Shape
	}
	found := map[placeKey]layout.Rect{}
	placeOf := func(s sheetRef, shape solve.Shape) layout.Rect {
		k := placeKey{s.name, shape}
		if r, ok := found[k]; ok {
			return r
		}
		var r layout.Rect
		if f, err := pk.detectSheet(s, []solve.Shape{shape}); err == nil && f != nil {
			r = f.ranked[0].rect
		}
		found[k] = r
		return r
	}
	for _, r := range rs {
		if !r.unstarted() {
			continue
		}
		rect, err := layout.ParseRect(r.Puzzle.Range)
		if err != nil {
			continue
		}
		givens := r.Puzzle.Grid
		for _, s := range sheets {
			if s.name == r.Puzzle.Sheet || slices.Contains(r.Copies, s.name) || s.ours != "" && !isWorksheetKind(s.ours) || book > 0 && bookAnswers(s.name) ||
				pk.hiddenSheet(s) {
				continue // graded, a copy already named, a sheet of ours with the answer, or hidden (no student works there: an Answers sheet whose mark an app dropped)
			}
			// Where the worksheet's board is, and where the sheet's own
			// puzzle is: a worksheet made from 'Week 3'!C3:K11 has its
			// board at B2:J10, and a student who filled the teacher's
			// sheet was told nothing (a walk of 3 December).
			places := []layout.Rect{rect}
			if at := placeOf(s, givens.Shape); at != (layout.Rect{}) && at != rect {
				places = append(places, at)
			}
			for _, at := range places {
				if msg := pk.workAt(s, at, rect, r); msg != "" {
					r.Elsewhere = append(r.Elsewhere, msg)
					break
				}
			}
		}
		if !chosen && r.Index == 0 && book > 1 {
			r.Elsewhere = append(r.Elsewhere, fmt.Sprintf("the file is a book of %d puzzles (its %s sheet lists them); if the student did another, grade it with --puzzle N", book, SheetCatalogue))
		}
	}
}

// workAt says, of sheet s's cells at, whether a student filled them
// instead of r's puzzle (whose board is at board): r's givens with
// entries, or another puzzle with more digits than r's givens (the sheet a
// variant was made from, with the original puzzle); "" when neither.
func (pk *pkg) workAt(s sheetRef, at, board layout.Rect, r *Returned) string {
	givens := r.Puzzle.Grid
	rr, err := pk.readRange(s, at, givens.Shape)
	if err != nil {
		return ""
	}
	entries, kept := 0, true
	for i, d := range givens.Cells[:givens.Shape.Cells()] {
		switch {
		case d != 0 && rr.grid.Cells[i] != d:
			kept = false
		case d == 0 && rr.grid.Cells[i] != 0:
			entries++
		}
	}
	where := ShellWord(s.name)
	if at != board {
		where += " --range " + at.String()
	}
	switch filled, given := rr.grid.Filled(), givens.Filled(); {
	case kept && entries > 0:
		return fmt.Sprintf("sheet %q holds this puzzle with %s: to grade it, give --sheet %s%s", s.name, count(entries, "entry", "entries"), where, givensFrom(r))
	case !kept && filled > given && s.ours == "" && len(rr.bad) == 0 && len(rr.grid.Conflicts()) == 0:
		// Another puzzle, filled in part: as the sheet a variant
		// was made from, which the variant's copy keeps, holds the
		// original puzzle, and a student may fill it instead.
		return fmt.Sprintf("sheet %q holds another puzzle at %s with %d digits, %d more than this one's givens: if the student filled it instead (a variant's file keeps the sheet it was made from, with the original puzzle), grade it with --sheet %s",
			s.name, at, filled, filled-given, where)
	}
	return ""
}

// givensFrom says what grading another sheet of r's file needs to know
// its givens: --key, unless r's came from --key already.
func givensFrom(r *Returned) string {
	if strings.Contains(r.By, "--key") {
		return " and the same --key"
	}
	return " and --key (the original workbook or puzzle), should its givens look like the entries"
}

// bookAnswers reports whether a sheet of a generated book by this name
// holds answers (WriteGenerated): the Answers of a tiled book, a
// Solution N of a book of a sheet per puzzle, or the Catalogue.
func bookAnswers(name string) bool {
	n, ok := strings.CutPrefix(name, "Solution ")
	return name == SheetAnswers || name == SheetCatalogue || ok && isDigits(n)
}

// bookPuzzles is the number of puzzles the file's Catalogue lists, 0 when
// it has none.
func (pk *pkg) bookPuzzles(sheets []sheetRef) int {
	for _, s := range sheets {
		if s.name == SheetCatalogue {
			if _, last, _, err := pk.catalogue(s); err == nil {
				return last
			}
		}
	}
	return 0
}

func readReturned(path string, opts Options, key []solve.Grid) ([]*Returned, error) {
	pk, err := openPackage(path, opts.MaxPartSize)
	if err != nil {
		return nil, err
	}
	defer pk.Close()
	if opts.Puzzle > 0 {
		if opts, err = pk.bookPuzzle(opts); err != nil {
			return nil, err
		}
		opts.Puzzle = 0
	}
	if opts.Sheet == "" && opts.Range == "" {
		var out []*Returned
		var ids []Identity
		var groups [][]*Returned // the sheets of each identity
		for _, sh := range pk.worksheets() {
			id, ok, err := pk.identityOf(sh)
			if !ok {
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("%w: %s: sheet %q: %v", ErrOpen, path, sh.name, err)
			}
			r, err := pk.returnedAt(sh, id.Range, id.Givens, true)
			if err != nil {
				return nil, err
			}
			r.By, r.Index, r.Of = "stored identity", id.Index, id.Of
			if k := slices.IndexFunc(ids, func(o Identity) bool { return o.Index == id.Index && o.Givens == id.Givens }); k >= 0 {
				// A copy of a sheet (Calc's "Puzzle 1 (2)") counts once.
				groups[k] = append(groups[k], r)
				continue
			}
			groups = append(groups, []*Returned{r})
			ids = append(ids, id)
		}
		for k, g := range groups {
			out = append(out, gradedOf(g, ids[k]))
		}
		if len(out) == 0 {
			if book, lone := pk.worksheetsByName(); len(book) > 0 || lone != "" {
				pk.Close()
				return readByName(path, opts, key, book, lone)
			}
		}
		if len(out) > 0 {
			out = append(out, missingPuzzles(path, ids, out)...)
			// In the book's order, whatever the order of its sheets
			// (moved, or one deleted); several missing puzzles, reported
			// together, last.
			slices.SortStableFunc(out, func(a, b *Returned) int {
				return cmp.Compare(cmp.Or(a.Index, math.MaxInt), cmp.Or(b.Index, math.MaxInt))
			})
			return out, nil
		}
	}
	pk.Close()

	opts.textIsEntry = true
	p, pk, err := locate(path, opts)
	if err != nil {
		return nil, err
	}
	defer pk.Close()
	sh, err := pk.findSheet(pk.worksheets(), p.Sheet)
	if err != nil {
		return nil, err
	}
	if id, ok, err := pk.identityOf(sh); ok && err == nil && id.Range == p.Range {
		r, err := pk.returnedAt(sh, id.Range, id.Givens, true)
		if err != nil {
			return nil, err
		}
		r.By = "stored identity"
		return []*Returned{r}, nil
	}
	r, err := pk.returnedAt(sh, p.Range, solve.NewGrid(p.Grid.Shape), false)
	if err != nil {
		return nil, err
	}
	r.Puzzle.Notes = p.Notes
	if g, ok := bookGivens(opts.bookLine, p.Grid.Shape); ok && len(key) == 0 {
		// The book's Catalogue says what its puzzle was: its givens,
		// whether or not the student typed anything yet.
		r.Puzzle.Grid, r.By = g, "the book's Catalogue"
		return []*Returned{r}, nil
	}
	if len(key) > 0 {
		best, agree := -1, -1
		for k, g := range key {
			if g.Shape != p.Grid.Shape {
				continue
			}
			n := 0
			for i, d := range g.Cells[:g.Shape.Cells()] {
				if d != 0 && int(d) == r.Sheet[i] {
					n++
				}
			}
			if n > agree {
				best, agree = k, n
			}
		}
		if best < 0 {
			return nil, fmt.Errorf("%w: %s: no puzzle of the key is %s like the one at %s", ErrUsage, path, p.Grid.Shape, p.Where())
		}
		best = puzzleOfAnswer(key, best)
		r.Puzzle.Grid, r.By = key[best], "--key"
		if answer := key[best]; answer.Complete() {
			// An answer key: the givens still come from the looks.
			givens, by, err := pk.givensByLooks(sh, r)
			if errors.Is(err, ErrNoKey) {
				return nil, &noKeyError{fmt.Sprintf("%s: %s: --key is an answer key (a complete grid), which says what every cell should hold but not which cells are givens, and here the givens look like the entries; give the puzzle itself, its givens, with --key",
					path, p.Where())}
			}
			if err != nil {
				return nil, err
			}
			// A given holds what the answer says: one the student
			// changed is reported as changed, not taken for the puzzle's.
			for i, d := range givens.Cells[:givens.Shape.Cells()] {
				if d != 0 {
					givens.Cells[i] = answer.Cells[i]
				}
			}
			r.Puzzle.Grid, r.By = givens, by+" and --key"
		}
		return []*Returned{r}, nil
	}
	givens, by, err := pk.givensByLooks(sh, r)
	if err != nil {
		return nil, err
	}
	r.Puzzle.Grid, r.By = givens, by
	return []*Returned{r}, nil
}

// puzzleOfAnswer returns best, the key's grid that fits a file best,
// unless it is an answer key (complete) and the key holds its puzzle too:
// a grid with blanks whose givens all agree with it (a key file of the
// puzzle and its answer, one line each). The puzzle says which cells are
// givens, which the answer cannot, and the answer fits a file better
// the more the student got right. Of several such puzzles, the first.
func puzzleOfAnswer(key []solve.Grid, best int) int {
	answer := &key[best]
	if !answer.Complete() {
		return best
	}
	for k := range key {
		if g := &key[k]; !g.Complete() && g.Filled() > 0 && g.Within(answer) {
			return k
		}
	}
	return best
}

// worksheetsByName finds, in a file where no sheet has its stored
// identity, the sheets that our worksheets' names say are ours: the
// numbers N of a worksheet book's sheets "Puzzle N" (a book has an
// Instructions sheet and no Catalogue), or else a sheet "Worksheet".
func (pk *pkg) worksheetsByName() (book []int, lone string) {
	sheets := pk.worksheets()
	instructions := false
	for _, s := range sheets {
		switch n, ok := strings.CutPrefix(s.name, "Puzzle "); {
		case s.name == "Instructions":
			instructions = true
		case s.name == SheetCatalogue:
			return nil, "" // a book that is no worksheets: read as such
		case ok && isDigits(n) && n[0] != '0':
			if k, err := strconv.Atoi(n); err == nil {
				book = append(book, k)
			}
		case s.name == "Worksheet":
			lone = s.name
		}
	}
	if !instructions {
		book = nil
	}
	slices.Sort(book)
	return book, lone
}

// readByName reads the puzzles of the worksheets that worksheetsByName
// found: each of a book's, as its puzzle N, or the lone one.
func readByName(path string, opts Options, key []solve.Grid, book []int, lone string) ([]*Returned, error) {
	if len(book) == 0 {
		opts.Sheet = lone
		rs, err := readReturned(path, opts, key)
		for _, r := range rs {
			r.IdentityLost = true
		}
		return rs, err
	}
	var out []*Returned
	for _, n := range book {
		o := opts
		o.Puzzle = n
		rs, err := readReturned(path, o, key)
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			r.IdentityLost, r.Index, r.Of = true, n, book[len(book)-1]
		}
		out = append(out, rs...)
	}
	return out, nil
}

// bookGivens reads line, a puzzle of a book's Catalogue, as a puzzle of
// shape; ok is false for none, or for one that does not read so.
func bookGivens(line string, shape solve.Shape) (solve.Grid, bool) {
	if line == "" {
		return solve.Grid{}, false
	}
	rd := solve.NewReader(strings.NewReader(line))
	rd.Shape = shape
	p, err := rd.Read()
	return p.Grid, err == nil
}

// missingPuzzles returns, for a book of worksheets whose sheets ids and
// rs do not hold all its puzzles (a student deleted one), one Returned
// standing for those missing, their cells to fill counted empty: the
// book's blanks that the sheets present do not account for.
func missingPuzzles(path string, ids []Identity, rs []*Returned) []*Returned {
	of, blanks := 0, 0
	present := map[int]bool{}
	for _, id := range ids {
		if id.Of > 0 {
			of, blanks = max(of, id.Of), max(blanks, id.Blanks)
			present[id.Index] = true
		}
	}
	var missing []string
	for i := 1; i <= of; i++ {
		if !present[i] {
			missing = append(missing, strconv.Itoa(i))
		}
	}
	if len(missing) == 0 {
		return nil
	}
	for k, id := range ids {
		if id.Of > 0 {
			blanks -= rs[k].Puzzle.Grid.Shape.Cells() - rs[k].Puzzle.Grid.Filled()
		}
	}
	if blanks <= 0 {
		return nil // an identity that does not add up: nothing to count
	}
	r := &Returned{Puzzle: &Puzzle{File: path, Sheet: "Puzzle " + missing[0]}, Missing: blanks, By: "stored identity", Of: of}
	if len(missing) == 1 {
		r.Index, _ = strconv.Atoi(missing[0])
	} else {
		r.Puzzle.Sheet = "Puzzles " + strings.Join(missing, ", ")
	}
	return []*Returned{r}
}

// returnedAt reads the cells of rng on sheet sh as a returned puzzle
// whose givens are givens; ours says it is one of our worksheets, whose
// entries are read as its formulas read them (entryDigit).
func (pk *pkg) returnedAt(sh sheetRef, rng string, givens solve.Grid, ours bool) (*Returned, error) {
	rect, err := layout.ParseRect(rng)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrOpen, pk.file, err)
	}
	n := givens.Shape.Size
	r := &Returned{
		Puzzle: &Puzzle{File: pk.file, Sheet: sh.name, Range: rect.String(), Grid: givens, area: rect, letters: ours},
		Sheet:  make([]int, givens.Shape.Cells()),
		Shown:  map[int]string{},
	}
	scan, err := pk.scanSheet(sh, rect, false)
	if err != nil {
		return nil, err
	}
	r.xfs = make([]int, len(r.Sheet))
	for _, c := range scan.cells {
		i := (c.Pos.Row-rect.Min.Row)*n + c.Pos.Col - rect.Min.Col
		r.xfs[i] = c.S
		v, err := pk.valueOf(sh.name, c)
		if err != nil {
			return nil, err
		}
		d := v.puzzleDigit(n)
		if ours && givens.Cells[i] == 0 {
			d = v.entryDigit(n) // as the worksheet's formulas read it
		}
		switch {
		case d > 0:
			r.Sheet[i] = d
		case d < 0:
			shown := v.shown
			if u, err := strconv.Unquote(shown); err == nil {
				shown = u // text as typed, not as messages quote it
			}
			r.Sheet[i], r.Shown[i] = -1, clipShown(shown)
		}
	}
	return r, nil
}

// givensByLooks tells the givens among the digits of r by how their cells
// look (see ReadEntries), or says that --key is needed.
func (pk *pkg) givensByLooks(sh sheetRef, r *Returned) (solve.Grid, string, error) {
	n := r.Puzzle.Grid.Shape.Size
	var digits []styledDigit
	var blanks []int
	for i, v := range r.Sheet {
		if v > 0 {
			digits = append(digits, styledDigit{r: i / n, c: i % n, xf: r.xfs[i]})
		} else {
			blanks = append(blanks, r.xfs[i])
		}
	}
	given, by := splitGivens(digits, blanks, pk.cellLooks())
	if by == "" {
		if n := pk.bookPuzzles(pk.worksheets()); n > 0 {
			return solve.Grid{}, "", &noKeyError{fmt.Sprintf("%s: %s is in a book of %s that xlsudoku generated, and its givens look like the entries; choose the puzzle the student did with --puzzle N (1 to %d), whose givens the book's %s lists",
				pk.file, r.Puzzle.Where(), count(n, "puzzle", "puzzles"), n, SheetCatalogue)}
		}
		return solve.Grid{}, "", &noKeyError{fmt.Sprintf("%s: %s is not one of xlsudoku's worksheets, and its givens look like the entries; pass the puzzle with --key (the original workbook, or a text file with the puzzle)",
			pk.file, r.Puzzle.Where())}
	}
	g := solve.NewGrid(r.Puzzle.Grid.Shape)
	for k, dg := range digits {
		if given[k] {
			g.Set(dg.r, dg.c, r.Sheet[dg.r*n+dg.c])
		}
	}
	return g, by, nil
}

// CellName names cell i (row-major) of the puzzle as messages do.
func (r *Returned) CellName(i int) string {
	n := r.Puzzle.Grid.Shape.Size
	return r.Puzzle.CellName(i/n, i%n)
}

// describe lists cell names, at most max, with "and N more".
func describe(names []string, max int) string {
	if len(names) <= max {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:max], ", ") + fmt.Sprintf(" and %d more", len(names)-max)
}

// hiddenSheet reports whether sheet s is hidden (or very hidden); most
// apps write state="visible" on every other sheet.
func (pk *pkg) hiddenSheet(s sheetRef) bool {
	if s.index >= len(pk.wb.sheets) {
		return false
	}
	st := pk.wb.sheets[s.index].State
	return st != "" && !strings.EqualFold(st, "visible")
}
