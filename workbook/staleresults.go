package workbook

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// A worksheet's copy empties the sheets that give the answer away, but
// the answer has traces elsewhere in the file: the saved results of the
// user's own formulas that read those sheets (=Solution!B2 in a column
// of keys), which LibreOffice, not recalculating an .xlsx it opens, shows
// and prints; the data the user's charts saved of them; and their text in
// the shared string table, where an app that saved them put it. So in
// the copy those go. The formulas and charts stay, and an app that
// calculates them (Excel at once, as the copy asks it to with
// fullCalcOnLoad; LibreOffice for a cell with no saved result) finds the
// emptied sheets.
//
// Which formulas read an emptied sheet is told from their text, by
// sheet: a sheet with a formula that names an emptied sheet, or a
// defined name that does, or a sheet already found so, has the results
// of all its formulas cleared (one of them may read another of the same
// sheet, which names no sheet), and a sheet whose formulas name it is
// found in turn, and so is a range of sheets that takes one in
// (Scores:End!B10). That is more than the formulas that read the answer,
// never fewer: a formula that calls INDIRECT, which reads a reference it
// builds from text, is taken to read every sheet.

// sheetFormulas is what clearAnswerTraces needs of one of the user's
// sheets: the text of its formulas, and where its formulas' saved
// results are.
type sheetFormulas struct {
	ref     sheetRef
	text    string     // every formula of the sheet, lower-cased, one a line
	results []opc.Edit // each <v> of a cell with a formula, to remove
	data    []byte
}

// clearAnswerTraces removes from the copy the traces of the sheets it
// empties (emptied, their names; emptiedParts, their parts): the saved
// results of the formulas that read them, from the user's sheets; the
// data charts saved of them; the strings only they showed. It returns a
// note of each kind it removed. skip holds the indexes of the sheets
// written anew. A part already changed (out) is changed further.
func (p *pkg) clearAnswerTraces(emptied, emptiedParts []string, skip map[int]bool, out *outParts) ([]string, error) {
	if len(emptied) == 0 {
		return nil, nil
	}
	var sheets []*sheetFormulas
	for _, ref := range p.worksheets() {
		if skip[ref.index] {
			continue
		}
		data, ok := out.replace[strings.ToLower(ref.part)]
		if !ok {
			var err error
			if data, err = p.ReadStreamed(ref.part); err != nil { // a sheet
				return nil, p.partErr(ref.part, err)
			}
		}
		sf, err := formulasOf(data)
		if err != nil {
			return nil, p.partErr(ref.part, err)
		}
		if len(sf.results) == 0 {
			// Nothing of it to clear: a big sheet of data is not held
			// while the others are read (found in review).
			sf.data = nil
		}
		sf.ref = ref
		sheets = append(sheets, sf)
	}
	notes, err := p.blankEmptiedStrings(emptiedParts, out)
	if err != nil {
		return nil, err
	}
	names, err := definedNamesOf(p.wb.data)
	if err != nil {
		return nil, p.partErr(p.wbPath, err)
	}

	order := map[string]int{} // the sheets' places in the workbook, by lower-cased name
	for i, s := range p.wb.sheets {
		order[strings.ToLower(s.Name)] = i
	}
	read := map[string]bool{} // the sheets found to read an emptied one, lower-cased
	var stale []string        // the sheets and names whose results are stale
	for _, name := range emptied {
		stale = append(stale, strings.ToLower(name))
	}
	var staleNames []string
	for changed := true; changed; {
		changed = false
		for name, value := range names {
			if !slices.Contains(staleNames, name) && (namesSheet(value, stale) || spansSheet(value, stale, order) || namesName(value, staleNames) || readsByText(value)) {
				staleNames = append(staleNames, name)
				changed = true
			}
		}
		for _, sf := range sheets {
			lower := strings.ToLower(sf.ref.name)
			if !read[lower] && (namesSheet(sf.text, stale) || spansSheet(sf.text, stale, order) || namesName(sf.text, staleNames) || readsByText(sf.text)) {
				read[lower] = true
				stale = append(stale, lower)
				changed = true
			}
		}
	}

	charts, err := p.clearChartCaches(stale, order, out)
	if err != nil {
		return nil, err
	}
	notes = append(notes, charts...)
	var cleared []string
	results := 0
	for _, sf := range sheets {
		if !read[strings.ToLower(sf.ref.name)] || len(sf.results) == 0 {
			continue
		}
		out.replace[strings.ToLower(sf.ref.part)] = opc.ApplyEdits(sf.data, sf.results)
		cleared = append(cleared, sf.ref.name)
		results += len(sf.results)
	}
	if len(cleared) == 0 {
		return notes, nil
	}
	what := fmt.Sprintf("%d formulas", results)
	if results == 1 {
		what = "1 formula"
	}
	where := "sheet " + quotedList(cleared)
	if len(cleared) > 1 {
		where = "sheets " + quotedList(cleared)
	}
	return append(notes, fmt.Sprintf("cleared the saved results of %s on %s, which read a sheet this copy empties (or a sheet that does): they would show the answer until calculated again, which an app does when it opens the copy or on demand", what, where)), nil
}

// clearChartCaches removes, from the charts of the copy whose series
// read one of the sheets stale (lower-cased; order: the sheets' places),
// the data they saved of them: apps draw a chart from its saved data
// until they calculate, and the data is in the file. An app reads it
// anew from the cells, as the schema allows a series with no cache.
func (p *pkg) clearChartCaches(stale []string, order map[string]int, out *outParts) ([]string, error) {
	n := 0
	for _, name := range p.Names() {
		if !strings.HasPrefix(strings.ToLower(name), "xl/charts/") || !strings.HasSuffix(strings.ToLower(name), ".xml") || strings.Contains(name[len("xl/charts/"):], "/") {
			continue // (xl/charts/_rels/..., styles and colours of charts, are no charts)
		}
		data, err := p.Read(name)
		if err != nil {
			return nil, p.partErr(name, err)
		}
		refs, caches, err := chartRefs(data)
		if err != nil {
			continue // not a chart we can read: left as it was
		}
		if len(caches) == 0 || !namesSheet(refs, stale) && !spansSheet(refs, stale, order) {
			continue
		}
		out.replace[strings.ToLower(name)] = opc.ApplyEdits(data, caches)
		n++
	}
	switch n {
	case 0:
		return nil, nil
	case 1:
		return []string{"cleared the data a chart saved of the sheets this copy empties: it is drawn from the cells when an app calculates"}, nil
	}
	return []string{fmt.Sprintf("cleared the data %d charts saved of the sheets this copy empties: they are drawn from the cells when an app calculates", n)}, nil
}

// chartRefs reads a chart part: the text of its references (<c:f>),
// lower-cased, and the spans of its saved data (numCache, strCache,
// multiLvlStrCache) to remove.
func chartRefs(data []byte) (refs string, caches []opc.Edit, err error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	var text strings.Builder
	inRef, start, depth, at := false, -1, 0, 0
	for {
		off := int(d.InputOffset())
		tok, err := d.Token()
		if err == io.EOF {
			return text.String(), caches, nil
		}
		if err != nil {
			return "", nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			switch t.Name.Local {
			case "f":
				inRef = true
			case "numCache", "strCache", "multiLvlStrCache":
				if start < 0 {
					start, at = off, depth
				}
			}
		case xml.EndElement:
			if t.Name.Local == "f" {
				inRef = false
				text.WriteByte('\n')
			}
			if start >= 0 && depth == at {
				caches = append(caches, opc.Edit{Start: start, End: int(d.InputOffset())})
				start = -1
			}
			depth--
		case xml.CharData:
			if inRef {
				text.Write(bytes.ToLower(t))
			}
		}
	}
}

// blankEmptiedStrings blanks, in the copy's shared string table, the
// strings that the sheets emptied (their parts, emptiedParts) showed and
// no other part of the package refers to: an app that saved a Steps
// sheet put its text there, and it spells out the answer. Each stays in
// its place, empty, so that no index moves. Every other part that may
// refer to the table is asked (sheets, macro and dialog sheets, revision
// logs: any element with t="s" and a <v>), so that no string of the
// user's is lost.
func (p *pkg) blankEmptiedStrings(emptiedParts []string, out *outParts) ([]string, error) {
	table := p.rels.OfType("/sharedStrings")
	if table == "" || !p.Has(table) {
		return nil, nil
	}
	gone := map[int]bool{}
	emptied := map[string]bool{}
	for _, part := range emptiedParts {
		emptied[strings.ToLower(part)] = true
		data, err := p.ReadStreamed(part) // a sheet
		if err != nil {
			return nil, p.partErr(part, err)
		}
		for _, i := range sharedRefs(data) {
			gone[i] = true
		}
	}
	for _, name := range p.Names() {
		lower := strings.ToLower(name)
		if len(gone) == 0 {
			return nil, nil
		}
		if !strings.HasPrefix(lower, "xl/") || !strings.HasSuffix(lower, ".xml") || emptied[lower] || lower == strings.ToLower(table) {
			continue
		}
		data, ok := out.replace[lower]
		if !ok {
			var err error
			if data, err = p.ReadStreamed(name); err != nil { // sheets among them
				return nil, p.partErr(name, err)
			}
		}
		for _, i := range sharedRefs(data) {
			delete(gone, i)
		}
	}
	if len(gone) == 0 {
		return nil, nil
	}
	data, err := p.ReadStreamed(table) // the shared strings
	if err != nil {
		return nil, p.partErr(table, err)
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	var edits []opc.Edit
	depth, k, start, blank := 0, -1, -1, ""
	for {
		off := int(d.InputOffset())
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, p.partErr(table, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if depth == 2 && t.Name.Local == "si" {
				k++
				start = -1
				if gone[k] {
					start = off
					// In the part's own prefix, if it has one.
					el := "si"
					if i := bytes.IndexByte(data[off+1:], ':'); i >= 0 && i < bytes.IndexAny(data[off+1:], " >/") {
						el = string(data[off+1:off+1+i]) + ":si"
					}
					tt := strings.TrimSuffix(el, "si") + "t"
					blank = "<" + el + "><" + tt + "></" + tt + "></" + el + ">"
				}
			}
		case xml.EndElement:
			if depth == 2 && t.Name.Local == "si" && start >= 0 {
				edits = append(edits, opc.Edit{Start: start, End: int(d.InputOffset()), Text: blank})
				start = -1
			}
			depth--
		}
	}
	if len(edits) == 0 {
		return nil, nil
	}
	out.replace[strings.ToLower(table)] = opc.ApplyEdits(data, edits)
	what := fmt.Sprintf("%d shared strings", len(edits))
	if len(edits) == 1 {
		what = "1 shared string"
	}
	return []string{fmt.Sprintf("blanked %s that only the sheets this copy empties showed (their text stays in a workbook's table of strings otherwise)", what)}, nil
}

// sharedRefs returns the shared strings a part refers to: the <v> of
// each element whose t attribute is "s" (a cell, or a cell of a revision
// log). A part that is not well-formed refers to what was read of it.
func sharedRefs(data []byte) []int {
	if !bytes.Contains(data, []byte(`t="s"`)) && !bytes.Contains(data, []byte(`t='s'`)) {
		return nil
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	var out []int
	depth, at := 0, -1 // at: the depth of the element with t="s" we are in
	inV := false
	var v strings.Builder
	for {
		tok, err := d.RawToken()
		if err != nil {
			return out
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			switch {
			case at < 0 && attr(t, "t") == "s":
				at = depth
			case at >= 0 && depth == at+1 && t.Name.Local == "v":
				inV = true
				v.Reset()
			}
		case xml.EndElement:
			switch {
			case inV && depth == at+1:
				inV = false
				if i, err := strconv.Atoi(strings.TrimSpace(v.String())); err == nil {
					out = append(out, i)
				}
			case depth == at:
				at = -1
			}
			depth--
		case xml.CharData:
			if inV {
				v.Write(t)
			}
		}
	}
}

// quotedList writes names quoted and joined: "A", "A" and "B", "A", "B"
// and "C".
func quotedList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// formulasOf reads a sheet part: the text of its formulas, lower-cased,
// and the <v> elements of the cells that have one (children of the cell,
// as the formula).
func formulasOf(data []byte) (*sheetFormulas, error) {
	sf := &sheetFormulas{data: data}
	d := xml.NewDecoder(bytes.NewReader(data))
	var text strings.Builder
	depth, cell := 0, -1 // cell: the depth of the <c> we are in, or -1
	var hasFormula, inFormula bool
	var value opc.Edit
	valueStart := -1
	// The ranges of array formulas (and data tables): their other cells
	// hold results with no formula of their own.
	var arrays []layout.Rect
	var at layout.Pos
	for {
		off := int(d.InputOffset())
		tok, err := d.Token() // well-formed: every end tag matches its start
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			switch {
			case t.Name.Local == "c" && cell < 0:
				cell, hasFormula, value, valueStart = depth, false, opc.Edit{}, -1
				at, _ = layout.ParsePos(attr(t, "r"))
			case depth == cell+1 && t.Name.Local == "f":
				hasFormula, inFormula = true, true
				if kind := attr(t, "t"); kind == "array" || kind == "dataTable" {
					if r, err := layout.ParseRect(attr(t, "ref")); err == nil {
						arrays = append(arrays, r)
					}
				}
			case depth == cell+1 && t.Name.Local == "v":
				valueStart = off
			}
		case xml.EndElement:
			// Token gives <v/> an end too, at the offset past "/>".
			switch {
			case depth == cell:
				inArray := at.Row > 0 && slices.ContainsFunc(arrays, func(r layout.Rect) bool { return r.Contains(at) })
				if (hasFormula || inArray) && value.End > 0 {
					sf.results = append(sf.results, value)
				}
				cell = -1
			case depth == cell+1 && t.Name.Local == "f":
				inFormula = false
				text.WriteByte('\n')
			case depth == cell+1 && t.Name.Local == "v" && valueStart >= 0:
				value = opc.Edit{Start: valueStart, End: int(d.InputOffset())}
			}
			depth--
		case xml.CharData:
			if inFormula && depth == cell+1 {
				text.Write(bytes.ToLower(t))
			}
		}
	}
	sf.text = text.String()
	return sf, nil
}

// definedNamesOf returns the workbook part's defined names and their
// values, both lower-cased (a name of a sheet's scope with the rest: a
// sheet's name may shadow another's, which costs a cleared result at
// worst).
func definedNamesOf(data []byte) (map[string]string, error) {
	names := map[string]string{}
	d := xml.NewDecoder(bytes.NewReader(data))
	name := ""
	var value strings.Builder
	in := false
	for {
		tok, err := d.RawToken()
		if err == io.EOF {
			return names, nil
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Local == "definedName" {
				in, name = true, strings.ToLower(attr(t, "name"))
				value.Reset()
			}
		case xml.EndElement:
			if t.Name.Local == "definedName" && in {
				in = false
				if name != "" {
					names[name] = strings.ToLower(value.String())
				}
			}
		case xml.CharData:
			if in {
				value.Write(t)
			}
		}
	}
}

// namesSheet reports whether formula text (lower-cased) names one of the
// sheets (lower-cased) in a reference: 'Week 3'!A1, Solution!A1, or the
// end of a range of sheets (Sheet1:Solution!A1, 'Sheet1:Week 3'!A1).
func namesSheet(text string, sheets []string) bool {
	for _, s := range sheets {
		quoted := strings.ReplaceAll(s, "'", "''")
		if strings.Contains(text, "'"+quoted+"'!") || strings.Contains(text, ":"+quoted+"'!") {
			return true
		}
		for rest := text; ; {
			i := strings.Index(rest, s+"!")
			if i < 0 {
				break
			}
			if i == 0 || !nameChar(rest[i-1]) {
				return true
			}
			rest = rest[i+1:]
		}
	}
	return false
}

// indirect matches a call of INDIRECT in formula text, lower-cased.
var indirect = regexp.MustCompile(`(^|[^\p{L}\p{N}_.])indirect\s*\(`)

// readsByText reports whether formula text (lower-cased) calls INDIRECT,
// which reads a reference it builds from text: INDIRECT("Sol"&"ution!B2")
// names no sheet, and may read any.
func readsByText(text string) bool { return indirect.MatchString(text) }

// sheetSpan matches a reference to a range of sheets, lower-cased:
// first:last!A1 or 'first:last'!A1.
var sheetSpan = regexp.MustCompile(`'((?:[^']|'')+):((?:[^']|'')+)'!|([\p{L}\p{N}_.\\]+):([\p{L}\p{N}_.\\]+)!`)

// spansSheet reports whether formula text (lower-cased) refers to a range
// of sheets (SUM(Scores:End!B10)) that takes in one of the sheets, by
// their places in the workbook (order): such a reference names only its
// ends. One whose ends are not both sheets is taken to.
func spansSheet(text string, sheets []string, order map[string]int) bool {
	for _, m := range sheetSpan.FindAllStringSubmatch(text, -1) {
		first, last := m[1], m[2]
		if first == "" {
			first, last = m[3], m[4]
		}
		i, ok1 := order[strings.ReplaceAll(first, "''", "'")]
		j, ok2 := order[strings.ReplaceAll(last, "''", "'")]
		if !ok1 || !ok2 {
			return true
		}
		for _, s := range sheets {
			if k, ok := order[s]; ok && min(i, j) <= k && k <= max(i, j) {
				return true
			}
		}
	}
	return false
}

// namesName reports whether formula text (lower-cased) holds one of the
// defined names (lower-cased) as a whole word.
func namesName(text string, names []string) bool {
	for _, n := range names {
		for rest := text; ; {
			i := strings.Index(rest, n)
			if i < 0 {
				break
			}
			end := i + len(n)
			if (i == 0 || !nameChar(rest[i-1])) && (end == len(rest) || !nameChar(rest[end])) {
				return true
			}
			rest = rest[i+1:]
		}
	}
	return false
}

// nameChar reports whether b may be part of a sheet's or a defined name
// unquoted in a formula.
func nameChar(b byte) bool {
	return b == '_' || b == '.' || b == '\\' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}
