package workbook

import (
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/layout"
)

// How xlsudoku knows its own sheets: each sheet it makes gets a hidden,
// sheet-scoped defined name (a name whose localSheetId is the sheet's
// index) called markerName, whose value is the sheet's kind as a string
// constant:
//
//	<definedName name="xlsudoku_sheet" localSheetId="3" hidden="1">"solution"</definedName>
//
// The mark lives in the workbook, travels with the sheet when it is renamed
// or moved (spreadsheet apps keep localSheetId pointing at it), and does not
// show in the sheet. A sheet called Solution without the mark is the user's,
// and xlsudoku never writes to or deletes it. The sheets a run replaces
// carry it in a hidden cell too (markCellPrefix), and a mark counts only
// with its proofs: a name a run gives, and a title, of that kind (see
// confirms), so that a sheet renamed, copied, or given another's mark by
// a tool is the user's.
const markerName = "xlsudoku_sheet"

// The kinds of sheets xlsudoku makes, as their marks spell them.
const (
	kindSolution   = "solution"
	kindCandidates = "candidates"
	kindSteps      = "steps"
	kindSolutions  = "two solutions"
	// A book's answer sheets, as generate writes them: the Answers of a
	// tiled book, and a book of a sheet per puzzle's "Solution 3" (kind
	// "book solution 3"). A worksheet of one of the book's puzzles
	// empties them all (bookAnswersGivenAway).
	kindBookAnswers  = "book answers"
	kindBookSolution = "book solution"
)

// confirms reports whether sheet s, marked as of kind, is ours indeed:
// its name one a run gives that kind of sheet (namedAsRunNames), its
// title (B1) one such a sheet has (titleFits), and a worksheet's grid
// name naming it (gridNamesItself). A mark is a sheet-scoped name, tied
// to the sheet's index: a tool that deletes a sheet and does not
// renumber the names after it (openpyxl 3.0 and SheetJS renumber print
// areas only) leaves each mark on the next sheet, maybe a user's, which
// a run then replaced ("My notes" got the Steps; an annotated "Steps
// Copy" was overwritten; a hidden sheet of lists emptied as a stale
// Answers). And an app copies a sheet's marks with it. A sheet renamed
// is the user's: the next run writes its own beside it.
func (p *pkg) confirms(s sheetRef, kind string) bool {
	return runNamed(s.name, kind) && p.looksOurs(s, kind)
}

// looksOurs reports whether sheet s has the title and grid name of our
// sheets of kind, whatever its name (see confirms).
func (p *pkg) looksOurs(s sheetRef, kind string) bool {
	if !p.gridNamesItself(s) {
		return false
	}
	title, done := p.titles[s.index]
	if !done {
		b1 := layout.Rect{Min: layout.Pos{Col: 2, Row: 1}, Max: layout.Pos{Col: 2, Row: 1}}
		if scan, err := p.scanSheet(s, b1, false); err == nil {
			for _, c := range scan.cells {
				if v, err := p.valueOf(s.name, c); err == nil {
					title = v.shown
					if u, err := strconv.Unquote(title); err == nil {
						title = u
					}
				}
			}
		}
		if p.titles == nil {
			p.titles = map[int]string{}
		}
		p.titles[s.index] = title
	}
	return titleFits(kind, title, p.hiddenSheet(s))
}

// kindNames are the names a run gives the sheets of the kinds that it
// replaces or empties (before runName's additions, and a book's " 3").
var kindNames = map[string]string{
	kindSolution:       "Solution",
	kindCandidates:     "Candidates",
	kindSteps:          "Steps",
	kindSolutions:      "Two solutions",
	kindAnswers:        "Answers",
	kindLiveCandidates: "Candidates",
	kindBookAnswers:    "Answers",
	kindBookSolution:   "Solution",
}

// runNamed reports whether name is one a run gives a sheet of kind; any
// name is, for the kinds not in kindNames (a worksheet, which teachers
// rename, has its grid name instead).
func runNamed(name, kind string) bool {
	for k, base := range kindNames {
		if suffix, ok := strings.CutPrefix(kind, k); ok && (suffix == "" || suffix[0] == ' ') {
			return namedAsRunNames(name, base+suffix)
		}
	}
	return true
}

// gridNamesItself reports whether a worksheet's grid name, a reference
// to its board ('Puzzle 1'!$B$2:$J$10), names the sheet it is scoped to,
// as it does until a tool deletes a sheet before it without renumbering
// the names (openpyxl): the marks then sit on the next sheet, which the
// reference does not name. A sheet without a grid name passes.
func (p *pkg) gridNamesItself(s sheetRef) bool {
	g, ok := p.wb.localName(gridName, s.index)
	if !ok {
		return true
	}
	ref := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(g.Value), "="))
	k := strings.LastIndex(ref, "!")
	if k < 0 {
		return true
	}
	name := ref[:k]
	if strings.HasPrefix(name, "'") && strings.HasSuffix(name, "'") && len(name) >= 2 {
		name = strings.ReplaceAll(name[1:len(name)-1], "''", "'")
	}
	return strings.EqualFold(name, s.name)
}

// titleFits reports whether title (cell B1) is one that xlsudoku gives
// its sheets of kind, emptied or not, for the kinds a run replaces or
// empties (see confirms). An Answers sheet emptied has no title, but
// stays hidden. Other kinds are never replaced.
func titleFits(kind, title string, hidden bool) bool {
	switch {
	case strings.HasPrefix(kind, kindAnswers):
		return strings.HasPrefix(title, "Answers") || title == "" && hidden
	case strings.HasPrefix(kind, kindLiveCandidates):
		return strings.HasPrefix(title, "Candidates of ")
	case kind == kindBookAnswers:
		return strings.HasPrefix(title, "No. ") || strings.HasPrefix(title, bookAnswersLeftOut)
	case strings.HasPrefix(kind, kindBookSolution+" "):
		return strings.HasPrefix(title, "Solution of puzzle ") || strings.HasPrefix(title, bookAnswersLeftOut)
	}
	switch kind {
	case kindSolution:
		return strings.HasPrefix(title, "Solution of ") || strings.HasPrefix(title, "The solution that xlsudoku wrote")
	case kindCandidates:
		return strings.HasPrefix(title, "Candidates of ") || strings.HasPrefix(title, "The candidates that xlsudoku wrote")
	case kindSteps:
		return strings.HasPrefix(title, "Steps of ") || strings.HasPrefix(title, "The steps that xlsudoku wrote")
	case kindSolutions:
		return strings.Contains(title, " has more than one solution; two of them, where they differ shaded") || strings.HasPrefix(title, "An earlier run of xlsudoku showed two solutions") ||
			strings.HasPrefix(title, "The two solutions that xlsudoku wrote")
	}
	return true
}

// ourKind returns the kind of sheet s if xlsudoku made it, else "": as
// its defined name says, or where that is gone or wrong (a mark left on
// the sheet after it: see confirms), as its mark cell does.
func (p *pkg) ourKind(s sheetRef) string {
	if kind, ok := p.namedKind(s.index); ok && p.confirms(s, kind) {
		return kind
	}
	if kind := p.kindInCell(s); kind != "" && p.confirms(s, kind) {
		return kind
	}
	return ""
}

// namedKind returns the kind that sheet i's mark name gives, if any.
func (p *pkg) namedKind(i int) (string, bool) {
	n, ok := p.wb.localName(markerName, i)
	if !ok {
		return "", false
	}
	return strings.ToLower(strings.Trim(strings.TrimSpace(n.Value), `"`)), true
}

// The sheets a run replaces or empties in a workbook of the user's (those
// of kindNames) carry their mark twice: in the defined name, and in a
// hidden cell of row 1 (layout.Sheet.AddHidden) holding markCellPrefix
// and the kind; a lone worksheet's identity cell is its. exceljs drops
// every hidden defined name when it saves; without the cells, a second
// run of solve added a second Solution sheet beside the first, a second
// run of worksheet a second Worksheet and Answers, and a worksheet made
// from the file handed students the answer.
const markCellPrefix = "xlsudoku/1 sheet="

// markedInCell reports whether sheets of kind carry a mark cell: those a
// run replaces or empties in a workbook of the user's (a new book's are
// never replaced).
func markedInCell(kind string) bool {
	_, ok := kindNames[kind]
	return ok
}

// namedAsRunNames reports whether name is one that a run gives its sheet
// called base (runName: base, "base (xlsudoku)", "base 2"...).
func namedAsRunNames(name, base string) bool {
	if strings.EqualFold(name, base) || strings.EqualFold(name, runName(base, 1)) {
		return true
	}
	n, ok := strings.CutPrefix(strings.ToLower(name), strings.ToLower(base)+" ")
	i, err := strconv.Atoi(n)
	return ok && err == nil && i >= 2 && strconv.Itoa(i) == n
}

// kindInCell returns the kind that sheet s's mark cell gives (or a lone
// worksheet's identity cell), else "", reading the sheet once.
// The title (titleFits) is still checked after it. A cell, unlike a
// defined name, goes wherever its sheet's cells are pasted, so the mark
// counts only on a sheet with a name a run gives its kind: a user who
// pasted our Solution into a sheet of their own keeps it.
func (p *pkg) kindInCell(s sheetRef) string {
	if k, done := p.cellKinds[s.index]; done {
		return k
	}
	kind := ""
	for _, base := range kindNames {
		if namedAsRunNames(s.name, base) { // named so: no part read for other sheets
			if k := p.markInCell(s); k != "" && namedAsRunNames(s.name, kindNames[k]) {
				kind = k
			}
			break
		}
	}
	if kind == "" && namedAsRunNames(s.name, "Worksheet") {
		// A lone worksheet's identity cell is its mark (a book's are
		// in a new workbook, never replaced).
		if id, ok, err := p.identityInCell(s); ok && err == nil && id.Of == 0 {
			kind = kindWorksheet
		}
	}
	if p.cellKinds == nil {
		p.cellKinds = map[int]string{}
	}
	p.cellKinds[s.index] = kind
	return kind
}

// markInCell returns the kind that a mark cell in row 1 of sheet s
// gives, else "".
func (p *pkg) markInCell(s sheetRef) string {
	row1 := layout.Rect{Min: layout.Pos{Col: 1, Row: 1}, Max: layout.Pos{Col: layout.MaxCol, Row: 1}}
	scan, err := p.scanSheet(s, row1, false)
	if err != nil {
		return ""
	}
	for _, c := range scan.cells {
		if v, err := p.valueOf(s.name, c); err == nil && v.text {
			if k, ok := strings.CutPrefix(v.raw, markCellPrefix); ok && markedInCell(k) {
				return k
			}
		}
	}
	return ""
}
