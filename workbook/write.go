package workbook

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"errors"
	"fmt"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
	"io"
	"io/fs"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// ourSheet is a sheet Write puts in the output.
type ourSheet struct {
	kind     string
	name     string
	index    int    // its position among the output's sheets
	part     string // its worksheet part
	existing bool   // it replaces the sheet of an earlier run
	// stale: it only empties the sheet of an earlier run that this run
	// does not make (an answer key not asked for this time), and is
	// dropped when there is none
	stale bool
	why   string // what a note on emptying a stale sheet adds
	// copies, on a stale sheet that keeps answers from a worksheet's
	// copy for students (givenAway), empties as well the sheets of the
	// user's that carry this kind's mark and look (keptAs): ours renamed,
	// or copied. They are the user's in the workbook, which keeps them,
	// but they still give the answer away.
	copies bool
	// family, on a stale sheet, empties every sheet of ours whose kind is
	// this one or this one numbered ("book solution 3"), under its own
	// name: a book's answer sheets (givenAway). It is dropped itself.
	family bool
	opens  bool // the workbook opens at this sheet (a worksheet)
	sheet  layout.Sheet
	names  []localName // defined names of its own beyond the built-in ones
	grid   layout.Rect // a worksheet's board, named so that apps move the name with it
	// draw, when set, lays the sheet out once every sheet has its name
	// (formulas name other sheets of ours).
	draw func() (layout.Sheet, error)
	// drawBands, set instead of draw for a new workbook's big sheets, lays
	// the sheet out without its cells, which come a band of rows at a time
	// as it is written (writeBook).
	drawBands func() (layout.Sheet, cellBands, error)
}

// Write writes a copy of the puzzle's workbook to out with a Solution and a
// Candidates sheet after the input's sheets. Every part of the input it
// does not have to change comes out byte for byte as it was; see the
// package doc. The sheets of an earlier run of xlsudoku are replaced, and a
// sheet named Solution or Candidates that xlsudoku did not make is left
// alone (ours then gets another name, and a note says which).
//
// The output is written to a temporary file beside out, read back and
// checked, and then renamed over out: on failure nothing is left behind and
// an existing out is untouched. The input is never modified, unless out
// names it and opts.InPlace is set.
func Write(p *Puzzle, solution solve.Grid, out string, opts Options) (notes []string, err error) {
	return write(p, solution, out, opts, Extras{})
}

// errNoPuzzle is a nil *Puzzle given to a writer.
var errNoPuzzle = fmt.Errorf("%w: no puzzle (a nil *Puzzle): give one that Read returned", ErrUsage)

// checkSolution reports why solution is not a solution of givens: not a
// complete grid of its shape, digits that repeat in a unit, or a given it
// does not keep. A sheet written with it would print a wrong answer, or
// store a wrong key that marks right entries wrong.
func checkSolution(givens, solution *solve.Grid) error {
	if !givens.Shape.Valid() {
		return fmt.Errorf("the puzzle is no grid of a supported shape (%v)", givens.Shape)
	}
	if solution.Shape != givens.Shape || !solution.Complete() {
		return fmt.Errorf("the solution is not a complete %s grid", givens.Shape)
	}
	if err := solution.Check(); err != nil {
		return fmt.Errorf("the solution breaks the rules: %w", err)
	}
	for _, c := range givens.Diff(solution) {
		if d := givens.At(c.Row, c.Col); d != 0 {
			return fmt.Errorf("the solution has %s at %v, where the given is %s", solve.DigitString(solution.At(c.Row, c.Col)), c, solve.DigitString(d))
		}
	}
	return nil
}

func write(p *Puzzle, solution solve.Grid, out string, opts Options, x Extras) (notes []string, err error) {
	if p == nil {
		return nil, errNoPuzzle
	}
	if err := checkSolution(&p.Grid, &solution); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUsage, err)
	}
	if err := x.check(p, &solution); err != nil {
		return nil, err
	}
	base := filepath.Base(p.File)
	title := fmt.Sprintf("Solution of %s\n%s", base, p.Ref())
	if x.Second != nil {
		title += " (one of several solutions: see the sheet Two solutions)"
	}
	sheets := []*ourSheet{
		{kind: kindSolution, name: "Solution", sheet: layout.SolutionSheet(title, p.Grid, solution)},
		x.candidatesSheet(p),
	}
	if x.Explanation != nil {
		sheets = append(sheets, x.stepsSheet(p))
	}
	if x.Second != nil {
		t := fmt.Sprintf("%s of %s has more than one solution; two of them, where they differ shaded", p.Ref(), base)
		if x.Advice != "" {
			t += "\n" + x.Advice
		}
		sheets = append(sheets, &ourSheet{kind: kindSolutions, name: "Two solutions", sheet: layout.TwoSolutionsSheet(t, p.Grid, solution, *x.Second)})
	} else {
		// The two solutions of an earlier run, before givens were added,
		// must not stay beside the one solution there is now.
		stale, sol := &ourSheet{kind: kindSolutions, name: "Two solutions", stale: true}, sheets[0]
		stale.draw = func() (layout.Sheet, error) {
			// The earlier run may have been of another puzzle of the
			// workbook: this one is not said to have had two.
			return layout.NoteSheet(fmt.Sprintf("An earlier run of xlsudoku showed two solutions of a puzzle here. The puzzle at %s of %s has one: see the sheet %s.",
				p.Ref(), base, sol.name)), nil
		}
		sheets = append(sheets, stale)
	}
	return writeSheets(p, out, opts, sheets, "", func(path string) error { return verify(path, opts.MaxPartSize, sheets[0], solution) })
}

// writeSheets writes a copy of the puzzle's workbook to out with sheets
// added (or replacing those of an earlier run), protected sheets getting
// password, and check run on the written file before it replaces out.
func writeSheets(p *Puzzle, out string, opts Options, sheets []*ourSheet, password string, check func(path string) error) (notes []string, err error) {
	paper, err := opts.paper()
	if err != nil {
		return nil, err
	}
	pk, ct, err := openOutput(p, out, opts)
	if err != nil {
		return nil, err
	}
	defer pk.Close()

	// A worksheet's copy empties the sheets that give the answer away
	// (their why says so), and the results of formulas that read them.
	hides := slices.ContainsFunc(sheets, func(s *ourSheet) bool { return s.why != "" })
	notes, sheets = pk.planSheets(sheets)
	for _, s := range sheets {
		if s.draw != nil {
			if s.sheet, err = s.draw(); err != nil {
				return nil, fmt.Errorf("%w: %s: sheet %q: %v", ErrWrite, out, s.name, err)
			}
		}
		if markedInCell(s.kind) && len(s.sheet.Cells) > 0 {
			// (An Answers sheet emptied is left empty: hidden, it is
			// printed by LibreOffice unless there is nothing to print.)
			s.sheet.AddHidden(markCellPrefix + s.kind)
		}
	}
	parts, err := pk.splice(sheets, ct, password, paper)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrWrite, out, err)
	}
	if hides {
		var emptied, emptiedParts []string
		written := map[int]bool{}
		for _, s := range sheets {
			if s.existing {
				written[s.index] = true
				if s.stale {
					emptied, emptiedParts = append(emptied, s.name), append(emptiedParts, s.part)
				}
			}
		}
		cleared, err := pk.clearAnswerTraces(emptied, emptiedParts, written, parts)
		if err != nil {
			return nil, err
		}
		notes = append(notes, cleared...)
	}
	if err := commit(pk, parts, out, p.File, check); err != nil {
		return nil, err
	}
	return notes, nil
}

// checkExtension refuses an output name whose extension does not fit the
// workbook's type: a workbook with macros must stay .xlsm, or Excel refuses
// to open it.
func checkExtension(contentTypes []byte, wbPath, out string) error {
	var doc struct {
		Overrides []struct {
			Part string `xml:"PartName,attr"`
			Type string `xml:"ContentType,attr"`
		} `xml:"Override"`
	}
	_ = xml.Unmarshal(contentTypes, &doc)
	want := ".xlsx"
	for _, o := range doc.Overrides {
		if !strings.EqualFold(strings.TrimPrefix(o.Part, "/"), wbPath) {
			continue
		}
		switch t := strings.ToLower(o.Type); {
		case strings.Contains(t, "template.macroenabled"):
			want = ".xltm"
		case strings.Contains(t, "addin.macroenabled"):
			want = ".xlam"
		case strings.Contains(t, "macroenabled"):
			want = ".xlsm"
		case strings.Contains(t, "template"):
			want = ".xltx"
		}
	}
	if out == "-" {
		// "name it -.xlsx" was no answer (a walk of 3 December).
		return fmt.Errorf("%w: -o -: a workbook is written to a file, not to standard output; give -o FILE%s", ErrUsage, want)
	}
	if ext := strings.ToLower(filepath.Ext(out)); ext != want {
		why := ""
		if strings.HasSuffix(want, "m") {
			why = " (the input holds macros)"
		}
		return fmt.Errorf("%w: %s: the output must be a %s file like the input%s; name it %s",
			ErrUsage, out, want, why, strings.TrimSuffix(out, filepath.Ext(out))+want)
	}
	return nil
}

// sameFile reports whether out names the file in.
func sameFile(in, out string) (bool, error) {
	si, err := os.Stat(in)
	if err != nil {
		return false, fmt.Errorf("%w: %v", ErrOpen, err)
	}
	// The file the system names, and the one the write replaces: should
	// they ever differ, neither may be the input.
	for _, o := range []string{out, replaced(out)} {
		if so, err := os.Stat(o); err == nil && os.SameFile(si, so) {
			return true, nil
		}
	}
	// Neither is there: then it is not the input, which is.
	return false, nil
}

// maxSheetID is the largest sheetId: an xsd:unsignedInt.
const maxSheetID = math.MaxUint32

// nextSheetID returns the sheetId after last, or, past maxSheetID (a
// workbook whose ids reach it), the smallest one not in used; it adds the
// id to used.
func nextSheetID(last int, used map[int]bool) int {
	id := last + 1
	if id > maxSheetID || used[id] {
		for id = 1; used[id]; id++ {
		}
	}
	used[id] = true
	return id
}

// whoseSheet says who made the worksheet called name, which a sheet of
// ours of another kind does not replace: xlsudoku (and as what), or not.
func whoseSheet(all []sheetRef, name string) string {
	for _, w := range all {
		if !strings.EqualFold(w.name, name) {
			continue
		}
		switch {
		case strings.HasPrefix(w.ours, kindLiveCandidates):
			return "(a worksheet's live candidates)"
		case strings.HasPrefix(w.ours, kindWorksheet):
			return "(a worksheet)"
		case strings.HasPrefix(w.ours, kindAnswers):
			return "(a worksheet's answer key)"
		case w.ours != "":
			return fmt.Sprintf("that xlsudoku made for another use (%s)", w.ours)
		}
	}
	// (Ours too, saved by an app that dropped the marks: exceljs.)
	return "that carries no xlsudoku mark (your own, or ours saved by an app that dropped the marks)"
}

// planSheets decides the names, positions and parts of our sheets: a
// sheet of an earlier run is replaced in place, a new one goes after the
// workbook's sheets, and a stale one with no sheet to replace is dropped.
// It returns its notes and the sheets to write.
func (p *pkg) planSheets(sheets []*ourSheet) ([]string, []*ourSheet) {
	var notes []string
	all := p.worksheets()
	if !slices.ContainsFunc(sheets, func(s *ourSheet) bool { return s.kind == kindSteps }) {
		notes = append(notes, staleSteps(all)...)
	}
	used := map[string]bool{}
	for _, s := range p.wb.sheets {
		used[strings.ToLower(s.Name)] = true
	}
	next := len(p.wb.sheets)
	taken := map[string]bool{}
	if slices.ContainsFunc(sheets, func(s *ourSheet) bool { return s.copies }) {
		p.keptInCells(all)
	}
	for _, s := range slices.Clone(sheets) {
		if s.family {
			var emptied []string
			for _, k := range all {
				kind := cmp.Or(k.ours, k.keptAs)
				if kind != s.kind && !strings.HasPrefix(kind, s.kind+" ") {
					continue
				}
				sheets = append(sheets, &ourSheet{kind: kind, name: k.name, index: k.index, part: k.part, existing: true, stale: true, sheet: cloneSheet(s.sheet)})
				emptied = append(emptied, strconv.Quote(k.name))
			}
			switch len(emptied) {
			case 0:
			case 1:
				notes = append(notes, fmt.Sprintf("emptied sheet %s, which holds the book's answers: %s", emptied[0], s.why))
			case 2:
				notes = append(notes, fmt.Sprintf("emptied sheets %s and %s, which hold the book's answers: %s", emptied[0], emptied[1], s.why))
			default:
				notes = append(notes, fmt.Sprintf("emptied the %d sheets %s to %s, which hold the book's answers: %s", len(emptied), emptied[0], emptied[len(emptied)-1], s.why))
			}
			continue
		}
		w, ok, note := earlierSheet(all, s.kind, s.name)
		if note != "" {
			notes = append(notes, note)
		}
		if s.copies {
			for _, k := range all {
				if k.keptAs == s.kind {
					sheets = append(sheets, &ourSheet{kind: s.kind, name: k.name, index: k.index, part: k.part, existing: true, stale: true, sheet: cloneSheet(s.sheet)})
					note := fmt.Sprintf("emptied sheet %q (it has the mark of xlsudoku's %s sheet under a name of its own: ours renamed, or a copy)", k.name, s.name)
					if s.why != "" {
						note += ": " + s.why
					}
					notes = append(notes, note)
				}
			}
		} else if note := keptSheets(all, s.kind, s.name); note != "" {
			notes = append(notes, note)
		}
		if ok {
			s.name, s.index, s.part, s.existing = w.name, w.index, w.part, true
		}
		if s.existing && s.stale {
			note := fmt.Sprintf("emptied sheet %q of an earlier run", s.name)
			if s.why != "" {
				note += ": " + s.why
			}
			notes = append(notes, note)
			continue
		}
		if s.existing {
			notes = append(notes, fmt.Sprintf("replaced sheet %q of an earlier run", s.name))
			continue
		}
		if s.stale {
			continue
		}
		want := s.name
		for i := 1; used[strings.ToLower(s.name)]; i++ {
			s.name = runName(want, i)
		}
		if s.name != want {
			theirs := want // as the workbook spells it ("SOLUTION")
			for _, w := range all {
				if strings.EqualFold(w.name, want) {
					theirs = w.name
					break
				}
			}
			notes = append(notes, fmt.Sprintf("the workbook already has a sheet %q %s; wrote sheet %q instead", theirs, whoseSheet(all, want), s.name))
		}
		used[strings.ToLower(s.name)] = true
		s.index, next = next, next+1
		s.part = p.freeSheetPart(taken)
	}
	sheets = slices.DeleteFunc(sheets, func(s *ourSheet) bool { return s.stale && !s.existing })
	if p.wb.locked && slices.ContainsFunc(sheets, func(s *ourSheet) bool { return !s.existing }) {
		notes = append(notes, "the workbook's structure is protected: in a spreadsheet app, the sheets added can be moved, renamed or deleted only after unprotecting it (Review > Protect Workbook), which needs its password if it has one")
	}
	if p.signed() {
		notes = append(notes, signedNote)
	}
	return notes, sheets
}

// signedNote says that the written copy of a digitally signed workbook
// is no longer what was signed.
const signedNote = "the workbook is digitally signed, and the copy written no longer matches its signature, which apps will show as invalid: sign the copy again (in Excel: File > Info > Protect Workbook > Add a Digital Signature)"

// signed reports whether the package carries a digital signature (an
// origin part, as Excel writes one under _xmlsignatures): any part
// changed, such as the workbook part listing our sheets, breaks it.
func (p *pkg) signed() bool {
	rels, err := p.Relationships("")
	if err != nil {
		return false
	}
	return slices.ContainsFunc(rels.List, func(r opc.Relationship) bool {
		return strings.HasSuffix(r.Type, "/digital-signature/origin") && !r.External
	})
}

// runName is the i-th name a run gives its sheet called name when the
// names before are taken: name itself, then "name (xlsudoku)", "name 2",
// "name 3" and so on.
func runName(name string, i int) string {
	switch i {
	case 0:
		return name
	case 1:
		return name + " (xlsudoku)"
	}
	return fmt.Sprintf("%s %d", name, i)
}

// earlierSheet finds the sheet of an earlier run that our sheet of kind,
// called name, replaces: the sheet with kind's mark. A spreadsheet app
// that copies a sheet copies its mark too, and Excel puts a copy before
// the sheet, so when several sheets carry the mark, the one with a name a
// run gives its sheet (runName: name, or "name (xlsudoku)", "name 2"...
// beside sheets of the user's), the first of those names, is ours and
// the others copies, which the user may have written on: they are left
// alone. When none is called so, none is replaced. (Of the kinds in
// kindNames, a mark counts only under such a name already: see confirms.)
func earlierSheet(all []sheetRef, kind, name string) (w sheetRef, ok bool, note string) {
	var marked []sheetRef
	for _, w := range all {
		if w.ours == kind {
			marked = append(marked, w)
		}
	}
	switch len(marked) {
	case 0:
		return sheetRef{}, false, ""
	case 1:
		return marked[0], true, ""
	}
	quoted := func(ws []sheetRef) string {
		var q []string
		for _, w := range ws {
			q = append(q, strconv.Quote(w.name))
		}
		return strings.Join(q, ", ")
	}
	// A run names its sheet runName(name, i) for the first i free, and
	// i is below the number of sheets.
	for i := range len(all) + 2 {
		want := runName(name, i)
		if k := slices.IndexFunc(marked, func(w sheetRef) bool { return strings.EqualFold(w.name, want) }); k >= 0 {
			w := marked[k]
			copies := slices.Delete(slices.Clone(marked), k, k+1)
			return w, true, fmt.Sprintf("left %s alone: a copy of sheet %q of an earlier run", quoted(copies), w.name)
		}
	}
	return sheetRef{}, false, fmt.Sprintf("left %s alone: each carries the mark of xlsudoku's %s sheet (one was copied from another), and none is called %q", quoted(marked), name, name)
}

// keptInCells sets keptAs on the sheets of all that are not ours and
// carry no mark name, by their mark cells: a sheet of ours renamed, or
// copied, in a file an app saved without our names (exceljs). Each such
// sheet's row 1 is read, so only a worksheet's emptying asks it.
func (p *pkg) keptInCells(all []sheetRef) {
	for i, w := range all {
		if w.ours != "" || w.keptAs != "" {
			continue
		}
		if _, named := p.namedKind(w.index); named {
			continue
		}
		if k := p.markInCell(w); k != "" && !runNamed(w.name, k) && p.looksOurs(w, k) {
			all[i].keptAs = k
		}
	}
}

// cloneSheet copies a sheet's cells, merges and sizes, so that one drawn
// for several sheets can be written (and marked) for each.
func cloneSheet(sh layout.Sheet) layout.Sheet {
	c := sh
	c.Cells, c.Merges, c.HiddenCols = slices.Clone(sh.Cells), slices.Clone(sh.Merges), slices.Clone(sh.HiddenCols)
	c.ColWidths, c.RowHeights = maps.Clone(sh.ColWidths), maps.Clone(sh.RowHeights)
	return c
}

// keptSheets notes the sheets of the user's that carry the mark of our
// sheet of kind, called name, under names of their own (keptAs), which
// a run leaves alone.
func keptSheets(all []sheetRef, kind, name string) string {
	var kept []string
	for _, w := range all {
		if w.keptAs == kind {
			kept = append(kept, strconv.Quote(w.name))
		}
	}
	switch len(kept) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("left %s alone: it has the mark of xlsudoku's %s sheet under a name of its own (a copy, or renamed), so it is yours", kept[0], name)
	}
	return fmt.Sprintf("left %s alone: each has the mark of xlsudoku's %s sheet under a name of its own (copies, or renamed), so they are yours", strings.Join(kept, ", "), name)
}

// splice renders our sheets and returns the output's changed and new parts.
func (p *pkg) splice(sheets []*ourSheet, contentTypes []byte, password string, paper layout.Paper) (*outParts, error) {
	stylesPart := p.rels.OfType("/styles")
	var styles []byte
	if stylesPart != "" {
		var err error
		if styles, err = p.Read(stylesPart); err != nil {
			return nil, err
		}
	}
	drawn := make([]layout.Sheet, len(sheets))
	for i, s := range sheets {
		drawn[i] = s.sheet
		if len(s.sheet.Charts) > 0 {
			return nil, fmt.Errorf("sheet %q: charts are drawn only in a new workbook", s.name)
		}
	}
	opens := slices.IndexFunc(sheets, func(s *ourSheet) bool { return s.opens })
	r, err := renderSelecting(styles, drawn, password, paper, opens)
	if err != nil {
		return nil, err
	}
	for i, s := range sheets {
		s.sheet.Print = drawn[i].Print // paginated: the print area's names
	}
	out := &outParts{replace: map[string][]byte{}}

	wb := p.wb
	var wbEdits []opc.Edit
	var newSheets, newNames, rels, overrides strings.Builder
	taken := map[string]bool{}
	for _, rel := range p.rels.List {
		taken[rel.ID] = true
	}
	usedIDs := map[int]bool{}
	sheetID := 0 // the last given: the largest of the input's, then ours
	for _, s := range wb.sheets {
		sheetID = max(sheetID, s.SheetID)
		usedIDs[s.SheetID] = true
	}
	relAttr := wb.relPrefix
	relDecl := ""
	if relAttr == "" {
		relAttr, relDecl = "r", ` xmlns:r="`+nsRelationships+`"`
	}
	el := func(name string) string {
		if wb.prefix != "" {
			return wb.prefix + ":" + name
		}
		return name
	}
	for i, s := range sheets {
		content := r.sheets[i]
		if s.existing {
			if name := p.codeNameOf(s.part); name != "" {
				content = withCodeName(content, name)
			}
			out.replace[strings.ToLower(s.part)] = content
			// A sheet of ours is written hidden or shown in its place as
			// it is now: a worksheet's copy hides the sheets it empties,
			// and solve run on that copy writes its Solution there,
			// which stayed hidden (found in review).
			// (A sheet made very hidden, by a macro or by hand, stays so.)
			e := wb.sheets[s.index]
			shown := e.State == "" || e.State == "visible"
			if s.sheet.Hidden && shown || !s.sheet.Hidden && e.State == "hidden" {
				state := "visible"
				if s.sheet.Hidden {
					state = "hidden"
				}
				tag := string(wb.data[e.tag[0]:e.tag[1]])
				wbEdits = append(wbEdits, opc.Edit{Start: e.tag[0], End: e.tag[1], Text: withAttr(tag, "state", state)})
			}
			if kind, ok := p.namedKind(s.index); kind != s.kind {
				// Found by its mark cell: an app dropped the name, or a
				// tool left another sheet's there (see confirms).
				mark := fmt.Sprintf(`<%s name="%s" localSheetId="%d" hidden="1">%s</%s>`,
					el("definedName"), markerName, s.index, opc.EscapeXML(strconv.Quote(s.kind)), el("definedName"))
				if old, _ := wb.localName(markerName, s.index); ok {
					wbEdits = append(wbEdits, opc.Edit{Start: old.start, End: old.end, Text: mark})
				} else {
					newNames.WriteString(mark)
				}
			}
			// The sheet written in its place refers to nothing the old one
			// did (a note, a picture, printer settings an app added): its
			// relationships go, or apps, which find a sheet's notes through
			// them, would put the old notes on the new sheet.
			if rp := opc.RelsPath(s.part); p.Has(rp) {
				if out.drop == nil {
					out.drop = map[string]bool{}
				}
				out.drop[strings.ToLower(rp)] = true
			}
		} else {
			out.add = append(out.add, opc.Part{Name: s.part, Content: content})
			// Names scoped to the index the new sheet takes name no sheet
			// of the input (an app that deleted a sheet left them
			// unrenumbered): they go, or ours would be their duplicates,
			// which apps refuse.
			for _, n := range wb.names {
				if n.Local == s.index {
					wbEdits = append(wbEdits, opc.Edit{Start: n.start, End: n.end})
				}
			}
			id := p.rels.NextID(taken)
			sheetID = nextSheetID(sheetID, usedIDs)
			state := ""
			if s.sheet.Hidden {
				state = ` state="hidden"`
			}
			fmt.Fprintf(&newSheets, `<%s name="%s" sheetId="%d"%s%s %s:id="%s"/>`, el("sheet"), opc.EscapeXML(s.name), sheetID, state, relDecl, relAttr, id)
			rels.WriteString(opc.RelationshipElement(id, relWorksheet, p.relTarget(s.part)))
			overrides.WriteString(opc.OverrideElement(s.part, ctWorksheet))
			fmt.Fprintf(&newNames, `<%s name="%s" localSheetId="%d" hidden="1">%s</%s>`,
				el("definedName"), markerName, s.index, opc.EscapeXML(strconv.Quote(s.kind)), el("definedName"))
		}
		for _, n := range s.localNames() {
			var text string
			if n.value != "" {
				hidden := ""
				if n.hidden {
					hidden = ` hidden="1"`
				}
				text = fmt.Sprintf(`<%s name="%s" localSheetId="%d"%s>%s</%s>`, el("definedName"), n.name, s.index, hidden, opc.EscapeXML(n.value), el("definedName"))
			}
			if old, ok := wb.localName(n.name, s.index); ok && s.existing {
				wbEdits = append(wbEdits, opc.Edit{Start: old.start, End: old.end, Text: text})
			} else {
				newNames.WriteString(text)
			}
		}
	}
	if newSheets.Len() > 0 {
		wbEdits = append(wbEdits, opc.Edit{Start: wb.sheetsEnd, End: wb.sheetsEnd, Text: newSheets.String()})
	}
	if newNames.Len() > 0 {
		if wb.namesEnd >= 0 {
			wbEdits = append(wbEdits, opc.Edit{Start: wb.namesEnd, End: wb.namesEnd, Text: newNames.String()})
		} else {
			wbEdits = append(wbEdits, opc.Edit{Start: wb.namesAt, End: wb.namesAt, Text: "<" + el("definedNames") + ">" + newNames.String() + "</" + el("definedNames") + ">"})
		}
	}
	if opens >= 0 {
		e, err := p.openAt(sheets, sheets[opens].index, out, el)
		if err != nil {
			return nil, err
		}
		wbEdits = append(wbEdits, e)
	}
	if needsFullCalc(sheets) {
		if e, ok := wb.fullCalcEdit(el); ok {
			wbEdits = append(wbEdits, e) // after the names: at one place, they go first
		}
	}
	out.replace[strings.ToLower(p.wbPath)] = opc.ApplyEdits(wb.data, wbEdits)

	if stylesPart != "" {
		out.replace[strings.ToLower(stylesPart)] = r.styles
	} else {
		// A workbook without styles gets the ones Excel assumes, ours
		// included.
		stylesPart = p.freeStylesPart()
		out.add = append(out.add, opc.Part{Name: stylesPart, Content: r.styles})
		rels.WriteString(opc.RelationshipElement(p.rels.NextID(taken), relStyles, p.relTarget(stylesPart)))
		overrides.WriteString(opc.OverrideElement(stylesPart, ctStyles))
	}
	if rels.Len() > 0 {
		rp := opc.RelsPath(p.wbPath)
		data, err := p.Read(rp)
		if err != nil {
			return nil, err
		}
		if data, err = opc.InsertBeforeRootEnd(data, rels.String()); err != nil {
			return nil, fmt.Errorf("%s: %v", rp, err)
		}
		out.replace[strings.ToLower(rp)] = data
	}
	if overrides.Len() > 0 {
		data, err := opc.InsertBeforeRootEnd(contentTypes, overrides.String())
		if err != nil {
			return nil, fmt.Errorf("[Content_Types].xml: %v", err)
		}
		out.replace["[content_types].xml"] = data
	}
	if err := p.dropCalcChain(sheets, out, contentTypes); err != nil {
		return nil, err
	}
	if len(out.drop) > 0 {
		// The content types of the parts that go (a replaced sheet's
		// relationships, which LibreOffice lists) go with them.
		ct := contentTypes
		if done, ok := out.replace["[content_types].xml"]; ok {
			ct = done
		}
		data, n, err := opc.DropChildren(ct, func(se xml.StartElement) bool {
			return se.Name.Local == "Override" && out.drop[strings.ToLower(strings.TrimPrefix(attr(se, "PartName"), "/"))]
		})
		if err != nil {
			return nil, fmt.Errorf("[Content_Types].xml: %v", err)
		}
		if n > 0 {
			out.replace["[content_types].xml"] = data
		}
	}
	return out, nil
}

// openAt makes the written workbook open at its sheet index: the edit of
// the workbook part that makes it the active tab, and, in out, every
// other sheet that was selected no longer so (a sheet still selected is
// grouped with ours, and typing into one types into both: Excel saves
// sheets selected together so, and LibreOffice opens them so). That
// attribute is the one byte of the user's sheets that changes.
func (p *pkg) openAt(sheets []*ourSheet, index int, out *outParts, el func(string) string) (opc.Edit, error) {
	wb := p.wb
	for i, s := range wb.sheets {
		if i == index || slices.ContainsFunc(sheets, func(o *ourSheet) bool { return o.existing && o.index == i }) {
			continue // ours, written anew
		}
		rel, ok := p.rels.ByID(s.RID)
		if !ok || rel.External || !p.Has(rel.Target) || !p.tabSelected(rel.Target) {
			continue
		}
		data, err := p.ReadStreamed(rel.Target) // a sheet, as big as the ones streamed
		if err != nil {
			return opc.Edit{}, p.partErr(rel.Target, err)
		}
		if unselected, changed := unselectSheet(data); changed {
			out.replace[strings.ToLower(rel.Target)] = unselected
		}
	}
	tab := strconv.Itoa(index)
	if wb.viewTag[1] == 0 {
		views := fmt.Sprintf(`<%s><%s activeTab="%s"/></%s>`, el("bookViews"), el("workbookView"), tab, el("bookViews"))
		if wb.views[1] > 0 {
			// <bookViews/> with no view in it: this one in its place.
			return opc.Edit{Start: wb.views[0], End: wb.views[1], Text: views}, nil
		}
		return opc.Edit{Start: wb.sheetsAt, End: wb.sheetsAt, Text: views}, nil
	}
	tag := string(wb.data[wb.viewTag[0]:wb.viewTag[1]])
	return opc.Edit{Start: wb.viewTag[0], End: wb.viewTag[1], Text: withAttr(tag, "activeTab", tab)}, nil
}

// attrPattern matches an attribute of a start tag, by its local name.
func attrPattern(name string) *regexp.Regexp {
	return regexp.MustCompile(`\s(?:[A-Za-z_][\w.-]*:)?` + name + `\s*=\s*(?:"[^"]*"|'[^']*')`)
}

// withAttr returns the start tag with attribute name set to value, added
// before the tag's end when it has none.
func withAttr(tag, name, value string) string {
	set := fmt.Sprintf(` %s="%s"`, name, value)
	re := attrPattern(name)
	if re.MatchString(tag) {
		return re.ReplaceAllLiteralString(tag, set)
	}
	end := len(tag) - 1
	if strings.HasSuffix(tag, "/>") {
		end--
	}
	return tag[:end] + set + tag[end:]
}

// tabSelected reports whether the sheet part's view is selected, reading
// no further than its cells: every sheet is asked, and most are not.
func (p *pkg) tabSelected(part string) bool {
	t, err := p.Stream(part)
	if err != nil {
		return false
	}
	defer t.Close()
	for {
		tok, err := t.Next()
		if err != nil {
			return false
		}
		if se, ok := tok.(xml.StartElement); ok {
			switch se.Name.Local {
			case "sheetData":
				return false
			case "sheetView":
				if v := attr(se, "tabSelected"); v == "1" || v == "true" {
					return true
				}
			}
		}
	}
}

// unselectSheet returns a sheet part with the tabSelected attribute taken
// out of its sheet views, and whether it had one; nothing else changes.
func unselectSheet(data []byte) ([]byte, bool) {
	d := xml.NewDecoder(bytes.NewReader(data))
	re := attrPattern("tabSelected")
	var edits []opc.Edit
	for {
		off := int(d.InputOffset())
		tok, err := d.RawToken()
		if err != nil {
			break
		}
		if se, ok := tok.(xml.StartElement); ok {
			if se.Name.Local == "sheetData" {
				break // the views come before the cells
			}
			if se.Name.Local == "sheetView" && attr(se, "tabSelected") != "" {
				end := int(d.InputOffset())
				tag := string(data[off:end])
				edits = append(edits, opc.Edit{Start: off, End: end, Text: re.ReplaceAllLiteralString(tag, "")})
			}
		}
	}
	if len(edits) == 0 {
		return data, false
	}
	return opc.ApplyEdits(data, edits), true
}

// localName is a defined name that belongs to one of our sheets.
type localName struct {
	name, value string // no value: the sheet has none (and one of an earlier run goes)
	hidden      bool
}

// needsFullCalc reports whether the written workbook should be
// calculated in full when opened: a sheet of ours has formulas (written
// without results), or replaces one of an earlier run that the user's
// formulas may refer to (their stored results are of the old sheet).
func needsFullCalc(sheets []*ourSheet) bool {
	for _, s := range sheets {
		if s.existing {
			return true
		}
		for _, c := range s.sheet.Cells {
			if c.Formula != "" {
				return true
			}
		}
	}
	return false
}

// localNames are the built-in names our sheet s defines: its print area,
// the rows printed atop every page, and the range of its autofilter.
func (s *ourSheet) localNames() []localName {
	sheet := quoteSheet(s.name)
	area := s.sheet.Print.Area.Absolute()
	if a := s.sheet.Print.Area; a.Min == a.Max {
		// One cell (the hidden Answers sheet's, printed empty) as one
		// cell: LibreOffice, saving $A$1:$A$1, added a second print area.
		area = area[:strings.IndexByte(area, ':')]
	}
	out := []localName{{name: "_xlnm.Print_Area", value: sheet + "!" + area}}
	titles := localName{name: "_xlnm.Print_Titles"}
	if t := s.sheet.Print.TitleRows; t[0] > 0 {
		titles.value = fmt.Sprintf("%s!$%d:$%d", sheet, t[0], t[1])
	}
	filter := localName{name: "_xlnm._FilterDatabase", hidden: true}
	if s.sheet.Filter != (layout.Rect{}) {
		filter.value = sheet + "!" + s.sheet.Filter.Absolute()
	}
	out = append(append(out, titles, filter), s.names...)
	if s.grid != (layout.Rect{}) {
		out = append(out, localName{name: gridName, value: sheet + "!" + s.grid.Absolute(), hidden: true})
	}
	return out
}

// outParts are the parts of the output that differ from the input's.
type outParts struct {
	replace map[string][]byte // by lower-cased part name
	add     []opc.Part
	drop    map[string]bool // parts left out, by lower-cased name
}

func (p *pkg) freeStylesPart() string {
	name := strings.TrimPrefix(filepath.ToSlash(filepath.Join(filepath.Dir(p.wbPath), "styles.xml")), "/")
	for i := 2; p.Has(name); i++ {
		name = strings.TrimPrefix(filepath.ToSlash(filepath.Join(filepath.Dir(p.wbPath), fmt.Sprintf("styles%d.xml", i))), "/")
	}
	return name
}

// verifyHook, when set (by tests), checks the written file in addition to
// verify.
var verifyHook func(path string) error

// createError says why no file could be made beside out, naming out and
// not the temporary file that was tried.
func createError(out string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%w: %s: %v; check that the folder %s exists and is writable", ErrWrite, out, err, rawDir(LinkTarget(out)))
}

// commit writes the output to a temporary file beside out, checks it with
// check, and renames it over out. Whatever fails, the temporary file is
// removed and out is left as it was.
func commit(pk *pkg, parts *outParts, out, in string, check func(string) error) error {
	// Keep the permissions of the file replaced, or give the input's
	// reading and writing ones (a private workbook's copy stays private;
	// an input another program left executable makes no executable).
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(replaced(out)); err == nil {
		mode = fi.Mode().Perm()
	} else if fi, err := os.Stat(in); err == nil {
		mode = fi.Mode().Perm() &^ 0o111
	}
	var damaged *opc.PartError // a part of the input, copied: the input's error, not the output's
	err := replaceFile(out, 0o600, mode, func(w io.Writer) error {
		err := pk.Save(w, parts.replace, parts.add, parts.drop)
		errors.As(err, &damaged)
		return err
	}, func(path string) error {
		if err := check(path); err != nil || verifyHook == nil {
			return err
		}
		return verifyHook(path)
	}, func() { pk.Close() }) // the input closed before it may be replaced itself
	if damaged != nil {
		return pk.partErr("", damaged)
	}
	return err
}

// replaceFile writes a file with write to a temporary file beside out,
// made with permissions perm less the umask, gives it permissions mode
// (unless 0), puts it on disk, runs check on it (if any), then runs
// before (if any) and renames it over out. Whatever fails, the temporary
// file is removed and out is left as it was.
func replaceFile(out string, perm, mode os.FileMode, write func(io.Writer) error, check func(path string) error, before func()) (err error) {
	tmp, target, err := createBeside(out, perm)
	if err != nil {
		return err
	}
	defer func() {
		r := recover()
		if err != nil || r != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
		doneWithTemp(tmp)
		if r != nil {
			panic(r) // a bug, for the caller to report; no file left
		}
	}()
	if err = write(tmp); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrWrite, out, err)
	}
	// On disk before the rename, as text output is: a crash must not
	// leave the name holding a file the system never wrote out.
	if err = syncFile(tmp); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrWrite, out, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrWrite, out, err)
	}
	if mode != 0 {
		if err = os.Chmod(tmp.Name(), mode); err != nil {
			return fmt.Errorf("%w: %s: %v", ErrWrite, out, err)
		}
	}
	if check != nil {
		if err = check(tmp.Name()); err != nil {
			return fmt.Errorf("%w: %s: the written workbook failed its check (%v); nothing was written", ErrWrite, out, err)
		}
	}
	if before != nil {
		before()
	}
	if err = os.Rename(tmp.Name(), target); err != nil {
		return fmt.Errorf("%w: %v", ErrWrite, err)
	}
	return nil
}

// syncFile puts a written file on disk; tests watch it.
var syncFile = (*os.File).Sync

// createBeside makes the temporary file a workbook is written to before
// it is renamed over target, the file that writing out replaces
// (replaced), in target's folder, with permissions perm less the umask.
// An out that names a folder is refused.
func createBeside(out string, perm os.FileMode) (tmp *os.File, target string, err error) {
	if err := notFolder(out); err != nil {
		return nil, "", err
	}
	target = replaced(out)
	if tmp, err = createTemp(target, perm); err != nil {
		return nil, "", createError(out, err)
	}
	return tmp, target, nil
}

// createTemp makes a new, empty file named tempPrefix(target) and a
// random number, beside target, with permissions perm less the umask
// (os.CreateTemp would always make it 0600).
func createTemp(target string, perm os.FileMode) (*os.File, error) {
	for range 100 {
		name := rawDir(target) + string(filepath.Separator) + tempPrefix(target) + strconv.FormatUint(rand.Uint64N(1<<40), 10)
		// Ours before it is there: a signal's cleanup in between then
		// finds it (and removing a file not yet made does nothing).
		ourTemps.Store(name, true)
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if err != nil {
			ourTemps.Delete(name)
		}
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, errors.New("cannot make a temporary file")
}

// ourTemps holds the names of the temporary files this process is
// writing workbooks to, until each write is over: TempFiles lists these
// only, and not those of another run writing beside the same file.
var ourTemps sync.Map

// doneWithTemp ends the write to temporary file tmp: renamed or removed,
// it is no longer ours to clean up.
func doneWithTemp(tmp *os.File) { ourTemps.Delete(tmp.Name()) }

// replaced is the file that writing out replaces: out, or the file it
// links to, so that a link goes on pointing to the new workbook, as it
// does for text output.
func replaced(out string) string { return LinkTarget(out) }

// LinkTarget is the file that writing path replaces, named by the real
// folder it is in (an absolute path): path itself, or, when path is a
// symbolic link, the file it points to, followed through every link, even
// to a file that is not there yet (a new file is made there, as a shell's
// > makes it, and the link kept). A name whose folder is not there is
// given as it is written (the system then refuses it, as it would), and a
// loop of links, or one that cannot be read, gives path: writes refuse
// both (CheckTarget). A link to a stream's name (/dev/stdout,
// /proc/self/fd/1: IsStream) stops there: it is written in place. Other
// links under /dev and /proc (a RAM disk in /dev/shm) are followed.
func LinkTarget(path string) string {
	p := path
	for range 41 { // the 40 links the system follows, and what the last leads to
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return path
			}
			return inRealFolder(p)
		}
		if p != path && IsStream(p) {
			return p
		}
		to, err := os.Readlink(p)
		if err != nil {
			return path
		}
		if !filepath.IsAbs(to) {
			// Relative to the link's folder, its name as written: not
			// filepath.Join, which would take a ".." after a linked
			// folder out as text.
			to = rawDir(p) + string(filepath.Separator) + to
		}
		p = to
	}
	return path
}

// inRealFolder names p by the real folder it is in, an absolute path,
// every link and ".." in its folder's name followed as the system follows
// them: through a linked folder, or from a working folder reached through
// one, ".." climbs from where the folder really is, where cleaning the
// name as text (filepath.Dir, Join, Abs) would climb from the link. p as
// it is written when its folder is not there, or it names no file (it
// ends in a separator, ".", ".."): cleaned, it could name another file.
func inRealFolder(p string) string {
	dir, base := rawDir(p), p[strings.LastIndexByte(p, filepath.Separator)+1:]
	if base == "" || base == "." || base == ".." {
		return p
	}
	if !filepath.IsAbs(dir) {
		wd, err := os.Getwd()
		if err == nil {
			wd, err = filepath.EvalSymlinks(wd) // Getwd may give $PWD, the way the shell came
		}
		if err != nil {
			return p
		}
		dir = wd + string(filepath.Separator) + dir // not Join: it would take ".." out
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return p
	}
	return filepath.Join(real, base)
}

// IsStream reports paths such as /dev/stdout and /proc/self/fd/1,
// which name an open stream even when it leads to a regular file: they are
// written in place, as the shell set them up. Other files under /dev and
// /proc are not streams: a file in /dev/shm, a RAM disk, was appended to
// run after run, its line N no longer the solution of puzzle N.
func IsStream(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	switch abs {
	case "/dev/stdin", "/dev/stdout", "/dev/stderr":
		return true
	}
	if fd, ok := strings.CutPrefix(abs, "/dev/fd/"); ok {
		return isDigits(fd)
	}
	if rest, ok := strings.CutPrefix(abs, "/proc/"); ok {
		proc, fd, ok := strings.Cut(rest, "/fd/")
		return ok && (proc == "self" || proc == "thread-self" || isDigits(proc)) && isDigits(fd)
	}
	return false
}

// isDigits reports whether s is a number of decimal digits.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Folder is the folder part of path as written, before its last
// separator, ".." and links left in it for the system to follow ("." for
// a bare name): of a LinkTarget, the folder a write makes its file in.
// filepath.Dir would clean it as text, which through a linked folder, or
// one not there, can name another folder.
func Folder(path string) string { return rawDir(path) }

// rawDir is the folder part of p as written, before its last separator,
// ".." and links left in it: "." for a bare name, "/" for a file at the
// root.
func rawDir(p string) string {
	i := strings.LastIndexByte(p, filepath.Separator)
	switch {
	case i < 0:
		return "."
	case i == 0:
		return string(filepath.Separator)
	}
	return p[:i]
}

// verify reads the written workbook back: every XML part we wrote parses,
// and the Solution sheet holds the solution.
func verify(path string, maxPart int64, sol *ourSheet, solution solve.Grid) error {
	pk, err := openPackage(path, maxPart)
	if err != nil {
		return err
	}
	defer pk.Close()
	var found *sheetRef
	for _, s := range pk.worksheets() {
		if s.name == sol.name && s.ours == kindSolution {
			found = &s
			break
		}
	}
	if found == nil {
		return fmt.Errorf("no sheet %q", sol.name)
	}
	if err := pk.wellFormedParts(); err != nil {
		return err
	}
	rect := layout.RectAt(layout.GridOrigin, solution.Shape.Size, solution.Shape.Size)
	rr, err := pk.readRange(*found, rect, solution.Shape)
	if err != nil {
		return err
	}
	if rr.grid != solution || len(rr.bad) > 0 {
		return errors.New("the Solution sheet does not hold the solution")
	}
	return nil
}

// wellFormedParts checks the parts that writing edits (besides the
// workbook part, which opening parsed): each is well-formed XML. It
// checks the input before writing (ours spliced into a broken part would
// be as broken) and the written file after.
func (pk *pkg) wellFormedParts() error {
	// A sheet listed without its part would be listed so in the copy,
	// which apps repair.
	for _, s := range pk.wb.sheets {
		if missing := pk.missingPart(s); missing != "" {
			return fmt.Errorf("sheet %q %s", s.Name, strings.TrimSuffix(missing, "; the workbook is damaged: open it in a spreadsheet app, save it again, and try again"))
		}
	}
	styles := pk.rels.OfType("/styles")
	for _, name := range []string{"[Content_Types].xml", opc.RelsPath(pk.wbPath), styles} {
		if name == "" || !pk.Has(name) {
			continue // no styles part: the input may lack one, ours never does
		}
		data, err := pk.Read(name)
		if err != nil {
			return err
		}
		if name == styles {
			// Read the styles as the check goes, for reading cells after.
			st, err := parseStyles(newCheckedTokens(data, name))
			if err != nil {
				return fmt.Errorf("%s: %v", name, err)
			}
			// Ours go into its lists: a part of another kind would fail
			// then, blamed on the output.
			if root := rootName(data); root != "styleSheet" {
				return fmt.Errorf("%s is no styles part: its root element is <%s>, not <styleSheet>", name, root)
			}
			pk.styles = st
			continue
		}
		if err := wellFormed(data); err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
	}
	return nil
}

// rootName is the local name of the root element of data, a part
// already checked well-formed.
func rootName(data []byte) string {
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := d.RawToken()
		if err != nil {
			return ""
		}
		if se, ok := tok.(xml.StartElement); ok {
			return se.Name.Local
		}
	}
}

// wellFormed reports whether data is one well-formed XML document: one
// root element, every end tag matching its start tag, no attribute
// twice, and what encoding/xml checks of each token (names, attributes,
// entities). It reads raw tokens, matching the tags itself: translating
// namespaces as well took twice as long, and the parts we write declare
// theirs.
func wellFormed(data []byte) error {
	t := newCheckedTokens(data, "")
	for {
		if _, err := t.Next(); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}

// checkedTokens reads the raw tokens of an XML document, checking that
// it is well formed as it goes (see wellFormed): an error instead of
// io.EOF at the end of one that is not.
type checkedTokens struct {
	d     *xml.Decoder
	part  string
	open  []xml.Name
	roots int
}

func newCheckedTokens(data []byte, part string) *checkedTokens {
	return &checkedTokens{d: xml.NewDecoder(bytes.NewReader(data)), part: part}
}

// Part is the name of the part read, for messages.
func (c *checkedTokens) Part() string { return c.part }

// Next returns the next raw token.
func (c *checkedTokens) Next() (xml.Token, error) {
	tok, err := c.d.RawToken()
	if err == io.EOF {
		switch {
		case len(c.open) > 0:
			return nil, fmt.Errorf("element <%s> is not closed", qname(c.open[len(c.open)-1]))
		case c.roots == 0:
			return nil, errors.New("no root element")
		}
		return nil, io.EOF
	}
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case xml.StartElement:
		if len(c.open) == 0 {
			if c.roots++; c.roots > 1 {
				return nil, fmt.Errorf("a second root element <%s>", qname(t.Name))
			}
		}
		for i, a := range t.Attr {
			for _, b := range t.Attr[:i] {
				if a.Name == b.Name {
					return nil, fmt.Errorf("<%s> has the attribute %s twice", qname(t.Name), qname(a.Name))
				}
			}
		}
		c.open = append(c.open, t.Name)
	case xml.EndElement:
		if len(c.open) == 0 || c.open[len(c.open)-1] != t.Name {
			return nil, fmt.Errorf("unexpected end tag </%s>", qname(t.Name))
		}
		c.open = c.open[:len(c.open)-1]
	case xml.CharData:
		// A byte-order mark before the root is no text: well-formed
		// XML may start with one (a walk of 2 December: a styles part
		// so saved was refused as damaged).
		if len(c.open) == 0 && len(bytes.TrimSpace(bytes.TrimPrefix(t, []byte("\uFEFF")))) > 0 {
			return nil, errors.New("text outside the root element")
		}
	}
	return tok, nil
}

// qname is a raw name as written, prefix and all.
func qname(n xml.Name) string {
	if n.Space != "" {
		return n.Space + ":" + n.Local
	}
	return n.Local
}
