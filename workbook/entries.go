package workbook

import (
	"encoding/xml"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/solve"
)

// ReadEntries reads a puzzle as a student left it: the givens and the
// student's own entries. It finds the puzzle exactly as Read does (same
// options, same detection); p.Grid holds the givens only; current holds
// the givens plus the entries.
//
// On a worksheet of xlsudoku the givens are those of its stored identity
// (see identity.go): a given the student changed or cleared keeps its
// digit in current, and a note names it. Elsewhere the digits of the
// puzzle's range are split by the first of these that tells some of them
// from the others:
//
//  1. locked: the digits whose cells are locked (the default) are the
//     givens, those unlocked (Format Cells > Protection) are entries;
//  2. bold: the bold digits are the givens, unless blank cells are bold
//     too (a bold board, not bold givens);
//  3. fill: the digits on a filled (shaded) cell are the givens, unless
//     blank cells are filled too (shaded boxes, not shaded givens);
//  4. font colour: the digits in the default colour (automatic, black or
//     the theme's text colour) are the givens, coloured ones are entries.
//
// When none does, every digit is taken as a given (current equals p.Grid)
// and a note says that entries could not be told from givens. Givens that
// contradict each other are a *ConflictError, as with Read; entries that
// contradict a given or each other are not an error (solve.ExplainFrom and
// solve.NextStep report a wrong entry). In a book of several worksheets,
// the first that is not complete is read, unless --sheet names one.
func ReadEntries(path string, opts Options) (p *Puzzle, current solve.Grid, err error) {
	rs, err := ReadReturned(path, opts, nil)
	if errors.Is(err, ErrNoKey) {
		p, current, err := readAllGivens(path, opts)
		var clash *ConflictError
		if errors.As(err, &clash) {
			boxes := ""
			if b := clash.Puzzle.boxesAdvice(); b != "" {
				boxes = "; or, " + b // kept (a review of 3 December: it was overwritten)
			}
			clash.Advice = "the givens contradict each other; or, as every digit looks the same and all were read as givens, an entry among them is wrong: make the givens bold (or lock them) and leave the entries plain, then run again" + boxes
		}
		return p, current, err
	}
	if err != nil {
		return nil, solve.Grid{}, err
	}
	// A book's puzzles whose sheets were deleted have nothing to hint.
	rs = slices.DeleteFunc(rs, func(r *Returned) bool { return r.Missing > 0 })
	r, unsolved := rs[0], 0
	for _, c := range slices.Backward(rs) {
		if !c.solvedRight() {
			r = c
			unsolved++
		}
	}
	p = r.Puzzle
	switch {
	case len(rs) > 1 && unsolved == 0:
		p.Notes = append(p.Notes, fmt.Sprintf("all %d worksheets are solved right; reading %s (--sheet picks another)", len(rs), p.Sheet))
	case len(rs) > 1:
		p.Notes = append(p.Notes, fmt.Sprintf("reading %s, the first worksheet not yet solved right (%d of %d are not; --sheet picks another)", p.Sheet, unsolved, len(rs)))
	}
	current = r.Current()
	for i, v := range r.Sheet {
		if v < 0 && p.Grid.Cells[i] == 0 {
			shown := fmt.Sprintf("%q", r.Shown[i])
			n := p.Grid.Shape.Size
			if d, err := strconv.Atoi(strings.TrimSpace(r.Shown[i])); err == nil && d >= 10 && d <= n && r.By == "stored identity" {
				// The worksheet takes 10 and up as letters.
				shown += fmt.Sprintf("; type %s for %d", solve.DigitString(d), d)
			}
			p.NotDigits = append(p.NotDigits, fmt.Sprintf("%s (%s)", r.CellName(i), shown))
		}
	}
	entries := current.Filled() - p.Grid.Filled() + len(p.NotDigits) // text typed is an entry too
	p.Notes = append(p.Notes, fmt.Sprintf("%s: told givens from entries by %s: %s, %s", p.Where(), r.By,
		count(p.Grid.Filled(), "given", "givens"), count(entries, "entry", "entries")))
	if changed := r.ChangedGivens(); len(changed) > 0 {
		names := make([]string, len(changed))
		for k, i := range changed {
			names[k] = r.CellName(i)
			now := "is empty"
			switch v := r.Sheet[i]; {
			case v > 0:
				now = "now holds " + p.Digit(v)
			case v < 0:
				now = fmt.Sprintf("now holds %q", r.Shown[i])
			}
			p.ChangedGivens = append(p.ChangedGivens, fmt.Sprintf("%s (the given %s %s)", names[k], p.Digit(int(p.Grid.Cells[i])), now))
		}
		was := "the givens at %s were changed on the sheet; the puzzle's own are used"
		if len(names) == 1 {
			was = "the given at %s was changed on the sheet; the puzzle's own is used"
		}
		p.Notes = append(p.Notes, fmt.Sprintf(was, describe(names, 6)))
	}
	if err := p.check(); err != nil {
		return nil, solve.Grid{}, err
	}
	return p, current, nil
}

// solvedRight reports whether r is done: every cell holds the
// solution's digit, its givens as they were.
func (r *Returned) solvedRight() bool {
	cur := r.Current()
	if cur.Filled() < cur.Shape.Cells() || len(r.ChangedGivens()) > 0 {
		return false
	}
	for _, v := range r.Sheet {
		if v < 0 {
			return false // a cell that holds no digit
		}
	}
	sol, err := solve.Solve(r.Puzzle.Grid)
	return err == nil && sol == cur
}

// readAllGivens reads the puzzle as Read does when nothing tells its
// givens from entries: every digit is a given.
func readAllGivens(path string, opts Options) (*Puzzle, solve.Grid, error) {
	p, pk, err := locate(path, opts)
	if err != nil {
		return nil, solve.Grid{}, err
	}
	defer pk.Close()
	var digits []styledDigit
	for _, sh := range pk.worksheets() {
		if sh.name != p.Sheet {
			continue
		}
		scan, err := pk.scanSheet(sh, p.area, false)
		if err != nil {
			return nil, solve.Grid{}, err
		}
		for _, c := range scan.cells {
			v, err := pk.valueOf(sh.name, c)
			if err != nil {
				return nil, solve.Grid{}, err
			}
			if d := v.puzzleDigit(p.Grid.Shape.Size); d > 0 {
				digits = append(digits, styledDigit{r: c.Pos.Row - p.area.Min.Row, c: c.Pos.Col - p.area.Min.Col, xf: c.S})
			}
		}
		break
	}
	if allBold(digits, pk.cellLooks()) {
		p.Notes = append(p.Notes, fmt.Sprintf("%s: all %d digits are bold givens; no entries yet", p.Where(), len(digits)))
	} else {
		p.Notes = append(p.Notes, fmt.Sprintf("%s: every digit looks the same, so all %d are taken as givens and none as your entries; make the givens bold (or lock them) and leave your entries plain to tell them apart",
			p.Where(), len(digits)))
	}
	if err := p.check(); err != nil {
		return nil, solve.Grid{}, err
	}
	return p, p.Grid, nil
}

// allBold reports whether every digit is bold.
func allBold(digits []styledDigit, looks []cellLook) bool {
	for _, d := range digits {
		if d.xf < 0 || d.xf >= len(looks) || !looks[d.xf].bold {
			return false
		}
	}
	return len(digits) > 0
}

// styledDigit is a digit of the puzzle's range: its puzzle cell and its
// cell format.
type styledDigit struct{ r, c, xf int }

// cellLook is what tells a given from an entry in a cell format.
type cellLook struct {
	bold, unlocked, filled, colored bool
}

// splitGivens picks the givens among digits (see ReadEntries) and says by
// what, or "" when nothing tells them apart.
func splitGivens(digits []styledDigit, blanks []int, looks []cellLook) ([]bool, string) {
	look := func(xf int) cellLook {
		if xf >= 0 && xf < len(looks) {
			return looks[xf]
		}
		return cellLook{}
	}
	// every reports whether every blank cell looks so.
	every := func(f func(cellLook) bool) bool {
		for _, xf := range blanks {
			if !f(look(xf)) {
				return false
			}
		}
		return len(blanks) > 0
	}
	some := func(f func(cellLook) bool) bool {
		for _, xf := range blanks {
			if f(look(xf)) {
				return true
			}
		}
		return false
	}
	filled := func(l cellLook) bool { return l.filled }
	bold := func(l cellLook) bool { return l.bold }
	// Protection first: a worksheet locks its givens and unlocks its
	// blanks, whatever their font. Then its shading of the cells to fill,
	// which an app that drops protection (exceljs) keeps. Where every
	// blank looks as a worksheet's cells to fill do (open, or shaded),
	// digits that all look like givens are givens: no one has typed yet
	// (an entry takes the look of the cell it is typed into).
	rules := []struct {
		name   string
		skip   bool // the rule cannot tell: the blanks look like givens
		given  func(cellLook) bool
		toFill bool // every blank looks like a worksheet's cell to fill
	}{
		{protectionRule, false, func(l cellLook) bool { return !l.unlocked }, every(func(l cellLook) bool { return l.unlocked })},
		{"shading (plain givens, shaded cells to fill)", !every(filled), func(l cellLook) bool { return !l.filled }, true},
		{"bold", some(bold), bold, false},
		{"fill", some(filled), filled, false},
		{"font colour", false, func(l cellLook) bool { return !l.colored }, false},
	}
	given := make([]bool, len(digits))
	for _, rule := range rules {
		if rule.skip {
			continue // blank cells look so too: it is the board's look, not the givens'
		}
		n := 0
		for i, d := range digits {
			given[i] = rule.given(look(d.xf))
			if given[i] {
				n++
			}
		}
		if n > 0 && (n < len(digits) || rule.toFill) {
			return given, rule.name
		}
	}
	return nil, ""
}

// protectionRule names the rule of splitGivens that locked cells are
// givens.
const protectionRule = "cell protection (locked givens, unlocked entries)"

// cellLooks reads, for every cell format of the styles part, whether it is
// bold, unlocked, filled or coloured. A workbook without a readable styles
// part has none: every digit looks the same.
func (p *pkg) cellLooks() []cellLook {
	name := p.rels.OfType("/styles")
	if name == "" {
		return nil
	}
	data, err := p.Read(name)
	if err != nil {
		return nil
	}
	type color struct {
		RGB     string `xml:"rgb,attr"`
		Theme   string `xml:"theme,attr"`
		Indexed string `xml:"indexed,attr"`
		Auto    string `xml:"auto,attr"`
	}
	var doc struct {
		Fonts []struct {
			B *struct {
				Val string `xml:"val,attr"`
			} `xml:"b"`
			Color *color `xml:"color"`
		} `xml:"fonts>font"`
		Fills []struct {
			Pattern *struct {
				Type string `xml:"patternType,attr"`
			} `xml:"patternFill"`
			Gradient *struct{} `xml:"gradientFill"`
		} `xml:"fills>fill"`
		Xfs []struct {
			Font       int `xml:"fontId,attr"`
			Fill       int `xml:"fillId,attr"`
			Protection *struct {
				Locked string `xml:"locked,attr"`
			} `xml:"protection"`
		} `xml:"cellXfs>xf"`
	}
	if xml.Unmarshal(data, &doc) != nil {
		return nil
	}
	out := make([]cellLook, len(doc.Xfs))
	for i, xf := range doc.Xfs {
		l := &out[i]
		if xf.Font >= 0 && xf.Font < len(doc.Fonts) {
			f := doc.Fonts[xf.Font]
			l.bold = f.B != nil && !isFalse(f.B.Val)
			l.colored = f.Color != nil && !defaultColor(f.Color.RGB, f.Color.Theme, f.Color.Indexed, f.Color.Auto)
		}
		if xf.Fill >= 0 && xf.Fill < len(doc.Fills) {
			f := doc.Fills[xf.Fill]
			l.filled = f.Gradient != nil || (f.Pattern != nil && f.Pattern.Type != "" && f.Pattern.Type != "none" && f.Pattern.Type != "gray125")
		}
		l.unlocked = xf.Protection != nil && isFalse(xf.Protection.Locked)
	}
	return out
}

// isFalse reads a boolean attribute that says no.
func isFalse(v string) bool {
	v = strings.TrimSpace(v)
	return v == "0" || strings.EqualFold(v, "false")
}

// defaultColor reports whether a font colour is the text's usual one:
// automatic, black, or the theme's dark text colours (theme 0 and 1).
func defaultColor(rgb, theme, indexed, auto string) bool {
	switch {
	case auto != "" && !isFalse(auto):
		return true
	case rgb != "":
		rgb = strings.ToUpper(rgb)
		return rgb == "000000" || (len(rgb) == 8 && rgb[2:] == "000000")
	case theme != "":
		return theme == "0" || theme == "1"
	case indexed != "":
		return indexed == "8" || indexed == "64"
	}
	return true
}

// count writes n with the singular or plural noun: "1 entry", "2 entries".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
