package workbook

import (
	"cmp"
	"encoding/xml"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// Detection looks at most this far into a sheet: puzzles sit near the top.
const (
	detectRows = 1000
	detectCols = 200
)

// minGivens is the fewest digits a block of each size needs to be taken
// for a puzzle (about the fewest a puzzle with one solution has). Cells
// that are neither digits nor blanks count too: they may be mistyped
// givens.
var minGivens = map[int]int{4: 4, 6: 7, 8: 10, 9: 17, 12: 25, 16: 40}

// maxStray is how many cells of a block may hold something else than a
// digit of its size or a blank (one in eight of its digits, when that is
// more): a puzzle with a typo is still found, and Read then names the bad
// cells, instead of a smaller block inside it being taken for the puzzle.
const maxStray = 2

// maxRing is how many digits may stand right around a block (a note
// beside it) before they say that the puzzle goes on past it.
const maxRing = 2

// maxListed is how many places an ambiguous detection lists.
const maxListed = 5

// tier is how much a block looks like a puzzle. Blocks compete only with
// blocks of their tier, and the lowest tier found is taken.
type tier int

const (
	tierPuzzle tier = iota // digits and blanks that fit the rules
	tierBroken             // blanks, but a digit twice in a row, column or box
	tierKey                // complete and fitting the rules: an answer key
	tierOther              // labels at an edge, or complete and breaking the rules
)

// candidate is a block of a sheet that could be the puzzle.
type candidate struct {
	rect layout.Rect
	tier tier
	// penalty counts what speaks against the block: cells in it that are
	// not digits, digits right around it; being at B2:J10 speaks for it.
	// Steps of 100: a difference of one decides.
	penalty int
	// fit is how well borders and data validation frame it: it ranks
	// blocks, and picks among blocks holding the same digits.
	fit                 int
	solutions           int // of its digits as a puzzle (up to 9x9): 0, 1, or 2 for several; 1 when not counted
	clashes             int // pairs of its digits that clash, counted for tierBroken
	digits, stray, ring int
	key                 string // its digits (and cells that may be mistyped ones) by cell: blocks with the same key are one puzzle
	content             string // its digits by place in the block: copies of one puzzle share it
	cells               map[layout.Pos]bool
	bad                 []layout.Pos // its cells that are neither digits of its size nor blanks
	answer              layout.Rect  // its answer key, right beside it; zero for none
}

// likelier orders candidates likeliest first: one solution, then
// several, then none; fewer things against them; a better frame; more
// digits; then reading order.
func likelier(a, b candidate) int {
	return cmp.Or(cmp.Compare(solutionRank(a.solutions), solutionRank(b.solutions)), cmp.Compare(a.penalty, b.penalty),
		cmp.Compare(b.fit, a.fit), cmp.Compare(b.digits, a.digits),
		cmp.Compare(a.rect.Min.Row, b.rect.Min.Row), cmp.Compare(a.rect.Min.Col, b.rect.Min.Col))
}

// solutionRank ranks a count of solutions: one, several, none.
func solutionRank(n int) int { return [3]int{2, 0, 1}[n] }

// clearly reports whether a, ranked before b, is clearly the puzzle
// rather than b: it has a solution and b has none, or it has one solution
// and b several while nothing more speaks against it, or as many
// solutions and a step less against it.
func clearly(a, b candidate) bool {
	switch {
	case a.solutions != 0 && b.solutions == 0:
		return true
	case a.solutions == 1 && b.solutions == 2:
		return a.penalty <= b.penalty
	case a.solutions == b.solutions:
		return a.penalty+100 <= b.penalty
	}
	return false
}

// sheetFind is what detection found on a sheet: the blocks of the best
// tier, likeliest first, and whether the first is sure.
type sheetFind struct {
	sheet  sheetRef
	ranked []candidate
	sure   bool
	copies []candidate // copies of the first block's puzzle
	shape  solve.Shape // the first block's: the first box shape its digits fit
}

func (f *sheetFind) tier() tier { return f.ranked[0].tier }

// detect finds the puzzle on the sheets, in order: a square block of a
// supported size (of the box shape asked for, if any) holding digits and
// blanks, with few digits right around it. A block that fits the rules
// wins over one that breaks them, over an answer key and over blocks with
// labels at an edge, on whichever sheet they are. A block whose digits
// (and cells that may be mistyped digits) are all part of a bigger block
// is never taken, nor a copy of a puzzle. Among the rest, one solution,
// the place B2:J10, fewer bad cells and fewer digits around a block speak
// for it; borders and data validation pick among blocks holding the same
// digits and rank the others. Blocks that cannot be told apart are an
// ErrAmbiguous error listing the likeliest, unless they all hold the same
// bad cells: then those are the error, a *CellErrors.
func (p *pkg) detect(sheets []sheetRef, box string) (*Puzzle, error) {
	shapes, err := detectShapes(box)
	if err != nil {
		return nil, err
	}
	var best *sheetFind
	for _, sh := range sheets {
		f, err := p.detectSheet(sh, shapes)
		if err != nil {
			return nil, err
		}
		if f != nil && (best == nil || f.tier() < best.tier()) {
			best = f
		}
		if best != nil && best.tier() == tierPuzzle {
			break
		}
	}
	if best == nil {
		if err := p.uncalculated(sheets); err != nil {
			return nil, err
		}
		if box == "" || box == "3x3" { // (a --box of another size: no 9x9 to speak of)
			if msg, err := p.sparseDefault(sheets); msg != "" || err != nil {
				return nil, cmp.Or(err, fmt.Errorf("%w in %s: %s", ErrNoPuzzle, p.file, msg))
			}
		}
		what := "no square block of digits and blanks (4x4 to 16x16)"
		if box != "" {
			what = fmt.Sprintf("no square block of digits and blanks with %s boxes", box)
			if msg := p.otherBoxes(sheets, box); msg != "" {
				return nil, fmt.Errorf("%w in %s: %s was found, but %s", ErrNoPuzzle, p.file, what, msg)
			}
		}
		if len(sheets) == 1 && p.emptySheet(sheets[0]) {
			// "choose its cells with --range" would lead to "is empty"
			// (a walk of 3 December).
			return nil, fmt.Errorf("%w in %s: sheet %q is empty; type the puzzle there (at %s for a 9x9: digits, and blanks for the cells to fill)",
				ErrNoPuzzle, p.file, sheets[0].name, DefaultRange)
		}
		if len(sheets) == 1 {
			// --sheet, or a workbook of one sheet: "choose it with
			// --sheet" would not help.
			return nil, fmt.Errorf("%w in %s: sheet %q holds no puzzle at %s, and %s was found elsewhere on it; choose its cells with --range B2:J10 (a 9x9; B2:E5 for a 4x4, B2:G7 for a 6x6)",
				ErrNoPuzzle, p.file, sheets[0].name, DefaultRange, what)
		}
		return nil, fmt.Errorf("%w in %s: no sheet holds a puzzle at %s, and %s was found elsewhere; choose it with --sheet NAME --range B2:J10 (a 9x9; B2:E5 for a 4x4, B2:G7 for a 6x6)",
			ErrNoPuzzle, p.file, DefaultRange, what)
	}
	// Blocks that cannot be told apart but hold the same bad cells are
	// those cells' error (the next read names them), when bad cells are
	// errors; when they are a student's entries, that error never comes,
	// and the first block would be taken in silence.
	if !best.sure && (p.textIsEntry || !best.sameBadCells()) {
		if best.tier() == tierBroken && !slices.ContainsFunc(best.ranked, func(c candidate) bool { return c.clashes <= maxTypoConflicts }) {
			// Several blocks, each clashing more than a mistyped digit
			// or two make: a table (columns of scores), not puzzles to
			// choose from (a walk of 3 December: "more than one puzzle
			// found", exit 2). One such block alone is taken, its clashes
			// the error.
			return nil, fmt.Errorf("%w in %s: sheet %q holds blocks of digits (%s, ...) whose digits repeat in their rows, columns or boxes far more than a typo makes, so none is taken for a puzzle; if the puzzle is there, give its cells with --sheet %s --range FIRST:LAST (such as B2:J10 for a 9x9 at B2)",
				ErrNoPuzzle, p.file, best.sheet.name, best.ranked[0].rect, ShellWord(best.sheet.name))
		}
		return nil, best.ambiguous(p.file)
	}
	c := best.ranked[0]
	shape := best.shape
	if shape.Size < 9 && c.rect.Overlaps(defaultRect) && (box == "" || box == "3x3") {
		// A smaller block cut out of a 9x9 begun at B2:J10 with too few
		// givens to be taken for one is not the puzzle: solving it would
		// answer another question than the sheet asks.
		if rr, err := p.readRange(best.sheet, defaultRect, solve.Shape9); err == nil && rr.sparse9x9() {
			return nil, fmt.Errorf("%w in %s: %s", ErrNoPuzzle, p.file, sparseMessage(rr,
				fmt.Sprintf("; the %dx%d block %s, which cuts through it, is not taken for the puzzle (to read that block anyway, give --range %s)", shape.Size, shape.Size, c.rect, c.rect)))
		}
	}
	rr, err := p.readRange(best.sheet, c.rect, shape)
	if err != nil {
		return nil, err
	}
	pz, err := rr.puzzle(p.file)
	if err != nil {
		return nil, err
	}
	boxes := ""
	if def, _ := solve.ShapeOf(shape.Size); box == "" && def != shape {
		boxes = fmt.Sprintf(" with %dx%d boxes", shape.BoxRows, shape.BoxCols)
	}
	pz.found = fmt.Sprintf("found %s puzzle%s at %s", solve.Sized(shape.Size), boxes, pz.Where())
	pz.Notes = append(pz.Notes, pz.found)
	if len(best.copies) > 0 {
		var at []string
		for _, cp := range best.copies {
			at = append(at, best.sheet.name+"!"+cp.rect.String())
		}
		pz.Notes = append(pz.Notes, fmt.Sprintf("%s holds a copy of it, left alone", strings.Join(at, " and ")))
	}
	return pz, nil
}

// emptySheet reports whether sheet sh holds no value in any cell (cells
// with a style only are empty), reading no further than the first that
// has one: a big sheet is not empty, and is not read whole to say so.
func (p *pkg) emptySheet(sh sheetRef) bool {
	t, err := p.Stream(sh.part)
	if err != nil {
		return false
	}
	defer t.Close()
	for {
		tok, err := t.Next()
		if err != nil {
			return err == io.EOF
		}
		if se, ok := tok.(xml.StartElement); ok {
			switch se.Name.Local {
			case "v", "f", "is":
				return false // a value, a formula or inline text
			}
		}
	}
}

// otherBoxes says, when --box box found nothing, where a puzzle of
// another shape lies that detection without --box finds: "" for none.
func (p *pkg) otherBoxes(sheets []sheetRef, box string) string {
	all, err := detectShapes("")
	if err != nil {
		return ""
	}
	for _, sh := range sheets {
		f, err := p.detectSheet(sh, all)
		if err != nil || f == nil || f.tier() != tierPuzzle {
			continue
		}
		s := f.shape
		return fmt.Sprintf("sheet %q holds %s puzzle at %s, with %dx%d boxes: drop --box, or give the boxes of that grid",
			sh.name, solve.Sized(s.Size), f.ranked[0].rect, s.BoxRows, s.BoxCols)
	}
	return ""
}

// sameBadCells reports whether the blocks detection cannot tell apart all
// hold bad cells, the same ones: whichever is the puzzle, those cells are
// the error to report.
func (f *sheetFind) sameBadCells() bool {
	for _, c := range f.ranked {
		if len(c.bad) == 0 || !slices.Equal(c.bad, f.ranked[0].bad) {
			return false
		}
	}
	return true
}

// detectShapes lists the shapes detection looks for: all, or those with
// the box asked for.
func detectShapes(box string) ([]solve.Shape, error) {
	if box == "" {
		var out []solve.Shape
		for _, s := range solve.Shapes {
			out = append(out, s)
			if t := (solve.Shape{Size: s.Size, BoxRows: s.BoxCols, BoxCols: s.BoxRows}); t != s {
				out = append(out, t)
			}
		}
		return out, nil
	}
	var out []solve.Shape
	for _, s := range solve.Shapes {
		if shape, err := solve.ParseBox(s.Size, box); err == nil {
			out = append(out, shape)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: --box %s fits no grid size (boxes are 2x2, 2x3, 3x2, 2x4, 4x2, 3x3, 3x4, 4x3 or 4x4)", ErrUsage, box)
	}
	return out, nil
}

// ambiguous is the error that lists the blocks detection could not tell
// apart, likeliest first.
func (f *sheetFind) ambiguous(file string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%v: %s, sheet %s: ", ErrAmbiguous, file, f.sheet.name)
	switch f.tier() {
	case tierPuzzle:
		b.WriteString("these blocks could each be the puzzle")
	case tierBroken:
		b.WriteString("no block fits the rules, and these blocks, each with a digit twice in a row, column or box, could each be the puzzle")
	case tierKey:
		b.WriteString("no block has blanks to fill, and these complete grids could each be the puzzle")
	default:
		b.WriteString("these blocks, with labels at an edge or complete with a digit twice in a row, column or box, could each be the puzzle")
	}
	listed := f.listed()
	if len(listed) > maxListed {
		fmt.Fprintf(&b, " (the likeliest %d of %d)", maxListed, len(listed))
	}
	b.WriteString("; pick one with")
	for _, c := range listed[:min(len(listed), maxListed)] {
		n := c.rect.Rows()
		fmt.Fprintf(&b, "\n  --sheet %s --range %s   (%dx%d, %s)", ShellWord(f.sheet.name), c.rect, n, n, count(c.digits, "given", "givens"))
	}
	return &detectError{msg: b.String()}
}

// listed is the ranked blocks less those that straddle two listed before
// them, which do not overlap each other: a block across two puzzles side
// by side (with the edges of each) is neither, and was listed as a third
// choice. Blocks that overlap one another, a grid and the same shifted
// by a cell, all stay.
func (f *sheetFind) listed() []candidate {
	var out []candidate
	for _, c := range f.ranked {
		if !straddles(c.rect, out) {
			out = append(out, c)
		}
	}
	return out
}

// straddles reports whether r overlaps two of blocks that are apart.
func straddles(r layout.Rect, blocks []candidate) bool {
	for i, a := range blocks {
		for _, b := range blocks[i+1:] {
			if r.Overlaps(a.rect) && r.Overlaps(b.rect) && !a.rect.Overlaps(b.rect) {
				return true
			}
		}
	}
	return false
}

// detectError is an ambiguous detection; it wraps ErrAmbiguous.
type detectError struct{ msg string }

func (e *detectError) Error() string { return e.msg }
func (e *detectError) Unwrap() error { return ErrAmbiguous }

// ShellWord quotes a sheet name for a command line when it needs it.
func ShellWord(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t'\"$`\\!&|;<>()*?[]#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// detectSheet finds the blocks of sheet sh that could be the puzzle, or
// nil when none could.
func (p *pkg) detectSheet(sh sheetRef, shapes []solve.Shape) (*sheetFind, error) {
	scan, err := p.scanSheet(sh, layout.Rect{Min: layout.Pos{Col: 1, Row: 1}, Max: layout.Pos{Col: detectCols, Row: detectRows}}, true)
	if err != nil {
		return nil, err
	}
	if len(scan.cells) == 0 {
		return nil, nil
	}
	g := &sheetGrid{}
	for _, c := range scan.cells {
		g.rows, g.cols = max(g.rows, c.Pos.Row), max(g.cols, c.Pos.Col)
	}
	// Room for a block whose last rows or columns are blank.
	g.rows, g.cols = min(g.rows+solve.MaxSize, detectRows), min(g.cols+solve.MaxSize, detectCols)
	g.class, g.letter, g.border = make([]int8, g.rows*g.cols), make([]int8, g.rows*g.cols), make([]bool, g.rows*g.cols)
	g.heavy = make([]uint8, g.rows*g.cols)
	for _, c := range scan.cells {
		v, err := p.valueOf(sh.name, c)
		if err != nil {
			return nil, err
		}
		i := (c.Pos.Row-1)*g.cols + c.Pos.Col - 1
		g.class[i] = int8(v.digit(solve.MaxSize))
		if v.long {
			g.class[i] = -2
		}
		g.letter[i] = int8(v.letter)
		g.border[i] = p.styles.hasBorder(c.S)
		g.heavy[i] = p.styles.heavySides(c.S)
	}
	var cands []candidate
	for _, n := range sizesOf(shapes) {
		cands = append(cands, g.candidates(n, shapes, scan.validations)...)
	}
	return rank(sh, g, shapes, cands), nil
}

// sparseDefault says, of the sheet whose B2:J10 holds the most digits
// when they are too few to be taken for a puzzle (fewer than minGivens,
// but a puzzle's worth begun: sparseMin or more, across the 9x9, with
// nothing around them), that they were seen and how to read them anyway:
// "no sheet holds a puzzle at B2:J10" would not be true of them. "" when
// no sheet has such digits.
func (p *pkg) sparseDefault(sheets []sheetRef) (string, error) {
	var best *rangeRead
	for _, sh := range sheets {
		rr, err := p.readRange(sh, defaultRect, solve.Shape9)
		if err != nil {
			return "", err
		}
		if rr.sparse9x9() && (best == nil || rr.digits > best.digits) {
			best = rr
		}
	}
	if best == nil {
		return "", nil
	}
	return sparseMessage(best, ", and no other block of digits was found"), nil
}

// sparse9x9 reports whether rr, read at B2:J10, is a 9x9 puzzle begun
// with too few givens to be taken for one: sparseMin or more digits,
// fewer than minGivens, across the 9x9 (reaches9x9), with nothing around.
func (rr *rangeRead) sparse9x9() bool {
	return rr.digits >= sparseMin && rr.looksLikePuzzle() && rr.ringDigits == 0 && rr.digits+len(rr.bad) < minGivens[9] && rr.reaches9x9()
}

// sparseMessage says that rr (sparse9x9) holds too few digits for a 9x9
// and how to read it anyway; more goes before that advice.
func sparseMessage(rr *rangeRead, more string) string {
	return fmt.Sprintf("%s!%s holds %s, fewer than a 9x9 puzzle with one solution has (%d or more)%s; to read it as a 9x9 anyway, give --sheet %s --range %s",
		rr.sheet.name, defaultRect, count(rr.digits, "digit", "digits"), minGivens[9], more, ShellWord(rr.sheet.name), defaultRect)
}

// sparseMin is the fewest digits at B2:J10 that sparseDefault speaks of:
// fewer are notes or stray numbers more likely than a puzzle begun.
const sparseMin = 8

// candidates lists the n x n blocks of g that could be the puzzle.
func (g *sheetGrid) candidates(n int, shapes []solve.Shape, validations []layout.Rect) []candidate {
	// A number past n is a typo in a 9x9 or a 16x16 (no grid is bigger,
	// and 9x9 is the usual one), but says that a smaller block is part of
	// a bigger grid.
	pastIsStray := n == 9 || n == 16
	digits := newSums(g, func(i int) bool {
		d := int(g.class[i])
		if d < 0 && n > 9 {
			d = int(g.letter[i])
		}
		return d > 0 && d <= n
	})
	isStray := func(i int) bool {
		d := int(g.class[i])
		if d < 0 && n > 9 && g.letter[i] > 0 {
			d = int(g.letter[i])
		}
		return d < 0 || (d > n && pastIsStray)
	}
	stray := newSums(g, isStray)
	past := newSums(g, func(i int) bool {
		d := int(g.class[i])
		if d < 0 && n > 9 {
			d = int(g.letter[i])
		}
		return d > n && !pastIsStray
	})
	bordered := newSums(g, func(i int) bool { return g.border[i] })
	nines := newSums(g, func(i int) bool { return g.class[i] == 9 })
	var out []candidate
	for r0 := 1; r0+n-1 <= g.rows; r0++ {
		for c0 := 1; c0+n-1 <= g.cols; c0++ {
			r1, c1 := r0+n-1, c0+n-1
			d, s := digits.sum(r0, c0, r1, c1), stray.sum(r0, c0, r1, c1)
			if d+s < minGivens[n] || s > max(maxStray, d/8) || past.sum(r0, c0, r1, c1) > 0 {
				continue
			}
			rect := layout.Rect{Min: layout.Pos{Col: c0, Row: r0}, Max: layout.Pos{Col: c1, Row: r1}}
			if n > 9 && g.distinct(rect) < n-1 {
				continue
			}
			ring := map[layout.Pos]int{}
			for _, q := range frame(rect) {
				if v := g.at(q.Row, q.Col); v > 0 {
					ring[q] = int(v)
				}
			}
			c := candidate{rect: rect, digits: d, stray: s, ring: ringDigits(ring, rect)}
			c.answer = g.answerBeside(rect, shapes, &digits)
			if c.ring > 0 {
				if left, ok := g.touchingPuzzles(rect, ring, c.answer, shapes, &digits, &stray, &past); ok {
					c.ring = left
				}
			}
			if c.ring > maxRing {
				continue
			}
			inside := bordered.sum(r0, c0, r1, c1)
			around := bordered.sum(r0-1, c0-1, r1+1, c1+1) - inside
			c.fit = 2*inside - n*n - around
			if slices.Contains(validations, rect) {
				c.fit += n * n
			}
			c.penalty = 100 * (s + c.ring)
			// Where puzzles are looked for first, when its digits reach its
			// last row or column or hold a 9 (as readDefault's reaches9x9
			// asks): those of a smaller grid in its corner (a 6x6 at B2:G7
			// with a typo) are that grid's, not a 9x9's.
			if rect == defaultRect && digits.sum(r1, c0, r1, c1)+digits.sum(r0, c1, r1, c1)+stray.sum(r1, c0, r1, c1)+stray.sum(r0, c1, r1, c1)+nines.sum(r0, c0, r1, c1) > 0 {
				c.penalty -= 200
			}
			c.solutions = 1
			broken, complete := g.breaksRules(rect, shapes), d == n*n
			switch {
			case g.labelEdge(rect) || (broken && complete):
				c.tier = tierOther
			case broken:
				c.tier, c.clashes = tierBroken, g.clashes(rect, shapes)
			case complete:
				c.tier = tierKey
			}
			// The key holds what may be mistyped digits too: a block that
			// leaves out a bad cell of the puzzle is a part of it.
			var key, content strings.Builder
			c.cells = map[layout.Pos]bool{}
			for r := r0; r <= r1; r++ {
				for col := c0; col <= c1; col++ {
					v := g.at(r, col)
					if v > 0 || v == -1 {
						fmt.Fprintf(&key, "%d,%d=%d;", r, col, v)
						c.cells[layout.Pos{Col: col, Row: r}] = true
					}
					if isStray((r-1)*g.cols + col - 1) {
						c.bad = append(c.bad, layout.Pos{Col: col, Row: r})
					}
					fmt.Fprintf(&content, "%d,", max(v, 0))
				}
			}
			c.key, c.content = key.String(), content.String()
			out = append(out, c)
		}
	}
	return out
}

// rank groups the candidates by the digits they hold, drops a group whose
// digits are part of another's (a corner of a bigger puzzle), keeps the
// likeliest blocks of each group and of the best tier, likeliest first,
// drops copies of a puzzle listed before, and says whether the first is
// sure: alone, or clearly likelier than the next.
func rank(sh sheetRef, g *sheetGrid, shapes []solve.Shape, cands []candidate) *sheetFind {
	// A block with its answer key right beside it is a puzzle: a block
	// that takes in a part of it or of its key is a cut through them (a
	// bigger grid holding both, or one that slid onto the key), and the
	// key is not the puzzle.
	var keyed []candidate
	for _, c := range cands {
		if c.answer != (layout.Rect{}) {
			keyed = append(keyed, c)
		}
	}
	cands = slices.DeleteFunc(cands, func(c candidate) bool {
		return c.answer == (layout.Rect{}) && slices.ContainsFunc(keyed, func(k candidate) bool {
			return c.rect.Overlaps(k.rect) || c.rect.Overlaps(k.answer)
		})
	})
	groups := map[string][]candidate{}
	var keys []string
	for _, c := range cands {
		if _, ok := groups[c.key]; !ok {
			keys = append(keys, c.key)
		}
		groups[c.key] = append(groups[c.key], c)
	}
	// The groups holding each cell: a group that holds all of another's
	// cells holds its first.
	holding := map[layout.Pos][]string{}
	for _, k := range keys {
		for p := range groups[k][0].cells {
			holding[p] = append(holding[p], k)
		}
	}
	var kept [][]candidate
	for _, k := range keys {
		grp := groups[k]
		var first layout.Pos
		for p := range grp[0].cells {
			first = p
			break
		}
		contained := slices.ContainsFunc(holding[first], func(other string) bool {
			o := groups[other][0].cells
			return other != k && len(o) > len(grp[0].cells) && subset(grp[0].cells, o)
		})
		if !contained {
			kept = append(kept, grp)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	var best tier = tierOther
	for _, grp := range kept {
		for _, c := range grp {
			best = min(best, c.tier)
		}
	}
	counted := 0
	for i, grp := range kept {
		grp = slices.DeleteFunc(grp, func(c candidate) bool { return c.tier != best })
		if len(grp) == 0 {
			// None of the best tier: dropped below. (grp[:1] would be
			// a zeroed candidate that DeleteFunc left past its end.)
			kept[i] = nil
			continue
		}
		if best == tierPuzzle {
			// A real puzzle has a solution, and one only: that tells it
			// from a block that slid off it or took in a stray cell.
			for j := range grp {
				if grp[j].rect.Rows() <= 9 && counted < maxCounted {
					_, grp[j].solutions = g.solutions(grp[j].rect, shapes)
					counted++
				}
			}
		}
		slices.SortStableFunc(grp, likelier)
		// The likeliest of the group, and those as likely but by position.
		top := 1
		for top < len(grp) && sameLikelihood(grp[0], grp[top]) {
			top++
		}
		kept[i] = grp[:top]
	}
	kept = slices.DeleteFunc(kept, func(grp []candidate) bool { return len(grp) == 0 })
	if len(kept) == 0 {
		return nil
	}
	slices.SortStableFunc(kept, func(a, b []candidate) int { return likelier(a[0], b[0]) })
	f := &sheetFind{sheet: sh}
	seen := map[string]bool{}
	kept = slices.DeleteFunc(kept, func(grp []candidate) bool {
		if len(grp) > 1 || !seen[grp[0].content] {
			seen[grp[0].content] = true
			return false
		}
		f.copies = append(f.copies, grp[0])
		return true
	})
	f.sure = len(kept[0]) == 1 && (len(kept) == 1 || clearly(kept[0][0], kept[1][0]))
	f.shape = g.fitShape(kept[0][0].rect, shapes)
	for _, grp := range kept {
		f.ranked = append(f.ranked, grp...)
	}
	return f
}

// sameLikelihood reports whether a and b are as likely as each other, but
// for where they are.
func sameLikelihood(a, b candidate) bool {
	return a.penalty == b.penalty && a.solutions == b.solutions && a.fit == b.fit && a.digits == b.digits
}

// touchingPuzzles reports whether the block rect, with digits around it
// (ring, which say that it goes on past it), is rather a puzzle that
// touches another grid: the digits around it, but for at most maxRing,
// are the edge of blocks of its size right beside it that fit the rules,
// and either one of those is its answer key (complete, and holding each
// of its givens in the same place) or it is a 9x9 with one solution. (A
// block that slid off a puzzle, or takes in parts of two, has empty lines
// and is seldom unique; its key beside it says it is the puzzle even when
// it has several solutions, which the read then reports: a walk of 3
// December found the key taken for the puzzle instead.) It returns the
// ring's count without those edges. answer is its key (answerBeside);
// digits, stray and past are the sums candidates keeps.
func (g *sheetGrid) touchingPuzzles(rect layout.Rect, ring map[layout.Pos]int, answer layout.Rect, shapes []solve.Shape, digits, stray, past *sums) (int, bool) {
	n := rect.Rows()
	rest := maps.Clone(ring)
	touching := false
	blocks, k := g.beside(rect)
	for _, other := range blocks[:k] {
		if digits.in(other) < minGivens[n] || stray.in(other) > 0 || past.in(other) > 0 || g.breaksRules(other, shapes) {
			continue
		}
		took := false
		for q := range rest {
			if other.Contains(q) {
				delete(rest, q)
				took = true
			}
		}
		touching = touching || took
	}
	left := ringDigits(rest, rect)
	switch {
	case !touching || left > maxRing:
		return 0, false
	case answer != layout.Rect{}:
		return left, true
	case n != 9:
		return 0, false
	}
	_, count := g.solutions(rect, shapes)
	return left, count == 1
}

// answerBeside is the answer key of block rect right beside it or above
// or under it, with no gap: a complete block of its size that fits the
// rules and holds each of its digits in the same place. Zero for none.
func (g *sheetGrid) answerBeside(rect layout.Rect, shapes []solve.Shape, digits *sums) layout.Rect {
	n := rect.Rows()
	blocks, k := g.beside(rect)
	for _, key := range blocks[:k] {
		if digits.in(key) == n*n && g.keyOf(key, rect) && !g.breaksRules(key, shapes) {
			return key
		}
	}
	return layout.Rect{}
}

// beside returns the blocks of square block rect's size right above,
// under, left and right of it, with no gap, that lie within the grid: k
// of them.
func (g *sheetGrid) beside(rect layout.Rect) (blocks [4]layout.Rect, k int) {
	n := rect.Rows()
	for _, step := range [4][2]int{{-n, 0}, {n, 0}, {0, -n}, {0, n}} {
		at := rect.Min.Add(step[0], step[1])
		b := layout.Rect{Min: at, Max: at.Add(n-1, n-1)}
		if b.Min.Row >= 1 && b.Min.Col >= 1 && b.Max.Row <= g.rows && b.Max.Col <= g.cols {
			blocks[k], k = b, k+1
		}
	}
	return blocks, k
}

// keyOf reports whether the complete block key holds each digit of the
// block puzzle, a block of its size with blanks, in the same place.
func (g *sheetGrid) keyOf(key, puzzle layout.Rect) bool {
	n, blanks := puzzle.Rows(), false
	for r := range n {
		for c := range n {
			d := g.digitOf(puzzle.Min.Row+r, puzzle.Min.Col+c, n)
			if d == 0 {
				blanks = true
			} else if d != g.digitOf(key.Min.Row+r, key.Min.Col+c, n) {
				return false
			}
		}
	}
	return blanks
}

// maxCounted bounds the blocks of a sheet whose solutions are counted.
const maxCounted = 256

// uncalculated is the error for a workbook with no puzzle found whose
// B2:J10, on some sheet, holds only formulas never calculated
// (rangeRead.uncalculated), or nil.
func (p *pkg) uncalculated(sheets []sheetRef) error {
	for _, sh := range sheets {
		rr, err := p.readRange(sh, defaultRect, solve.Shape9)
		if err != nil {
			return err
		}
		if msg := rr.uncalculated(p.file); msg != "" {
			return fmt.Errorf("%w in %s: %s", ErrNoPuzzle, p.file, msg)
		}
	}
	return nil
}
