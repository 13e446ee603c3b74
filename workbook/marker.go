package workbook

import "strings"

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
// and xlsudoku never writes to or deletes it.
const markerName = "xlsudoku_sheet"

// The kinds of sheets xlsudoku makes, as their marks spell them.
const (
	kindSolution   = "solution"
	kindCandidates = "candidates"
	kindSteps      = "steps"
	kindSolutions  = "two solutions"
)

// ourKind returns the kind of sheet index i if xlsudoku made it, else "".
func (p *pkg) ourKind(i int) string {
	n, ok := p.wb.localName(markerName, i)
	if !ok {
		return ""
	}
	return strings.ToLower(strings.Trim(strings.TrimSpace(n.Value), `"`))
}
