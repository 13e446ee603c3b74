package workbook

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// Namespaces of the relationships attribute r:id, transitional and strict.
const (
	nsRelationships       = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
	nsRelationshipsStrict = "http://purl.oclc.org/ooxml/officeDocument/relationships"
	nsMainStrict          = "http://purl.oclc.org/ooxml/spreadsheetml/main"
)

// workbookXML is what xlsudoku needs of the workbook part, with the byte
// offsets where new elements go, so that writing can insert them and leave
// every other byte as it was.
type workbookXML struct {
	data      []byte
	prefix    string // prefix of the root element ("" almost always), used for new elements
	relPrefix string // prefix bound to the relationships namespace on the root, if any
	strict    bool   // Strict Open XML
	sheets    []sheetEntry
	sheetsAt  int // offset of <sheets>
	sheetsEnd int // offset of </sheets>
	// viewTag is the span of the first <workbookView> start tag (zero
	// when there is none); views the span of a <bookViews> element with
	// none in it (self-closed or empty; zero when there is none).
	viewTag, views [2]int
	names          []definedName // those usedName keeps
	namesEnd       int           // offset of </definedNames>, or -1 when the workbook has none
	namesAt        int           // where a <definedNames> element goes when there is none
	// calcTag is the span of the <calcPr> start tag (zero when there is
	// none) and fullCalc whether it already asks for a full calculation.
	calcTag  [2]int
	fullCalc bool
	// locked: the workbook's structure is protected (<workbookProtection
	// lockStructure="1">): its sheets cannot be added, moved, renamed or
	// deleted in an app without the password.
	locked bool
	// date1904: the workbook counts its dates from 1 January 1904
	// (<workbookPr date1904="1">, as Excel for the Mac long did), not
	// from 1900.
	date1904 bool
}

// sheetEntry is a <sheet> of the workbook: worksheets, chart sheets and
// macro sheets alike.
type sheetEntry struct {
	Name    string
	SheetID int
	RID     string
	State   string // "", "hidden", "veryHidden"
	tag     [2]int // the element's bytes
}

// definedName is a <definedName>; Local is the 0-based index of the sheet
// it belongs to, -1 for the workbook's own names.
type definedName struct {
	Name       string
	Local      int
	Hidden     bool
	Value      string
	start, end int // the element's bytes
}

// maxDepth is how deep the elements of a part read whole may nest: far
// more than a workbook part's few levels.
const maxDepth = 256

// namesAfter are the workbook's children that come after <definedNames>.
var namesAfter = map[string]bool{
	"calcPr": true, "oleSize": true, "customWorkbookViews": true, "pivotCaches": true,
	"smartTagPr": true, "smartTagTypes": true, "webPublishing": true, "fileRecoveryPr": true,
	"webPublishObjects": true, "extLst": true,
}

// fullCalcEdit returns the edit that makes the workbook part ask the app
// to calculate every formula when it opens it, and whether one is needed:
// formulas of ours have no stored results, and the user's formulas that
// refer to a sheet of ours we replaced have stale ones. An existing
// <calcPr> gets the attribute (its other attributes kept); otherwise one
// goes where the schema puts it, after <definedNames>.
func (wb *workbookXML) fullCalcEdit(el func(string) string) (opc.Edit, bool) {
	if wb.fullCalc {
		return opc.Edit{}, false
	}
	if wb.calcTag[1] == 0 {
		return opc.Edit{Start: wb.namesAt, End: wb.namesAt, Text: "<" + el("calcPr") + ` fullCalcOnLoad="1"/>`}, true
	}
	tag := string(wb.data[wb.calcTag[0]:wb.calcTag[1]])
	if i := strings.Index(tag, "fullCalcOnLoad"); i > 0 {
		// fullCalcOnLoad="0": the value between the quotes after it
		if q := strings.IndexAny(tag[i:], `"'`); q > 0 {
			if e := strings.IndexByte(tag[i+q+1:], tag[i+q]); e >= 0 {
				tag = tag[:i+q+1] + "1" + tag[i+q+1+e:]
				return opc.Edit{Start: wb.calcTag[0], End: wb.calcTag[1], Text: tag}, true
			}
		}
		return opc.Edit{}, false // cannot be: the part was parsed
	}
	body, closing := strings.TrimSuffix(tag, ">"), ">"
	if strings.HasSuffix(body, "/") {
		body, closing = body[:len(body)-1], "/>"
	}
	tag = strings.TrimRight(body, " \t\r\n") + ` fullCalcOnLoad="1"` + closing
	return opc.Edit{Start: wb.calcTag[0], End: wb.calcTag[1], Text: tag}, true
}

// parseWorkbook reads the workbook part data. A self-closed
// <definedNames/> (as Google Sheets writes it) is opened into a start and
// an end tag, so that names can go between them: the element stays the
// same, and it stays the only one.
func parseWorkbook(data []byte) (*workbookXML, error) { return parseWorkbookPart(data, true) }

// parseWorkbookPart is parseWorkbook; open says whether a self-closed
// <definedNames/> is still to be opened (once: a second one is not valid).
func parseWorkbookPart(data []byte, open bool) (*workbookXML, error) {
	wb := &workbookXML{data: data, namesEnd: -1, namesAt: -1, sheetsAt: -1, sheetsEnd: -1}
	d := xml.NewDecoder(bytes.NewReader(data))
	depth := 0
	var stack []xml.Name // RawToken does not match end tags to start tags
	var cur *definedName
	for {
		off := int(d.InputOffset())
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) == maxDepth {
				return nil, fmt.Errorf("its elements nest more than %d deep", maxDepth)
			}
			stack = append(stack, t.Name)
			depth++
			switch {
			case depth == 1:
				wb.prefix = t.Name.Space
				for _, a := range t.Attr {
					if a.Name.Space == "xmlns" && (a.Value == nsRelationships || a.Value == nsRelationshipsStrict) {
						wb.relPrefix = a.Name.Local
					}
					if (a.Name.Space == "xmlns" || a.Name.Local == "xmlns") && a.Value == nsMainStrict {
						wb.strict = true
					}
				}
			case open && depth == 2 && t.Name.Local == "definedNames" && bytes.HasSuffix(data[off:d.InputOffset()], []byte("/>")):
				name := t.Name.Local
				if t.Name.Space != "" {
					name = t.Name.Space + ":" + name
				}
				end := int(d.InputOffset())
				opened := string(bytes.TrimRight(data[off:end-2], " \t\r\n")) + "></" + name + ">"
				return parseWorkbookPart(slices.Concat(data[:off], []byte(opened), data[end:]), false)
			case depth == 2 && t.Name.Local == "workbookPr":
				v := attr(t, "date1904")
				wb.date1904 = v == "1" || v == "true"
			case depth == 2 && t.Name.Local == "workbookProtection":
				v := attr(t, "lockStructure")
				wb.locked = v == "1" || v == "true"
			case depth == 2 && namesAfter[t.Name.Local] && wb.namesAt < 0:
				wb.namesAt = off
				if t.Name.Local == "calcPr" {
					wb.calcTag = [2]int{off, int(d.InputOffset())}
					v := attr(t, "fullCalcOnLoad")
					wb.fullCalc = v == "1" || v == "true"
				}
			case depth == 2 && t.Name.Local == "sheets":
				wb.sheetsAt = off
			case depth == 2 && t.Name.Local == "bookViews":
				wb.views = [2]int{off, int(d.InputOffset())} // its end, when it has one, below
			case depth == 3 && t.Name.Local == "workbookView" && wb.viewTag[1] == 0:
				wb.viewTag = [2]int{off, int(d.InputOffset())}
			case depth == 3 && t.Name.Local == "sheet":
				if len(wb.sheets) == maxEntries {
					return nil, fmt.Errorf("it lists more than %d sheets", maxEntries)
				}
				s := sheetEntry{tag: [2]int{off, int(d.InputOffset())}}
				for _, a := range t.Attr {
					switch a.Name.Local {
					case "name":
						s.Name = a.Value
					case "sheetId":
						s.SheetID, _ = strconv.Atoi(a.Value)
					case "id":
						s.RID = a.Value
					case "state":
						s.State = a.Value
					}
				}
				wb.sheets = append(wb.sheets, s)
			case depth == 3 && t.Name.Local == "definedName" && usedName(attr(t, "name")):
				if len(wb.names) == maxEntries {
					return nil, fmt.Errorf("it lists more than %d print areas, titles and filters", maxEntries)
				}
				wb.names = append(wb.names, definedName{Local: -1, start: off})
				cur = &wb.names[len(wb.names)-1]
				for _, a := range t.Attr {
					switch a.Name.Local {
					case "name":
						cur.Name = a.Value
					case "localSheetId":
						cur.Local, _ = strconv.Atoi(a.Value)
					case "hidden":
						cur.Hidden = a.Value == "1" || a.Value == "true"
					}
				}
			}
		case xml.CharData:
			if cur != nil {
				cur.Value += string(t)
			}
		case xml.EndElement:
			if depth == 0 || stack[depth-1] != t.Name {
				return nil, fmt.Errorf("</%s> closes no element; it is not well formed", t.Name.Local)
			}
			stack = stack[:depth-1]
			switch {
			case depth == 3 && t.Name.Local == "definedName" && cur != nil:
				cur.end = int(d.InputOffset())
				cur = nil
			case depth == 2 && t.Name.Local == "sheets":
				wb.sheetsEnd = off
			case depth == 2 && t.Name.Local == "bookViews" && wb.views[0] > 0:
				wb.views[1] = int(d.InputOffset())
			case depth == 2 && t.Name.Local == "definedNames" && wb.namesEnd < 0:
				wb.namesEnd = off
			case depth == 1 && wb.namesAt < 0:
				wb.namesAt = off
			}
			depth--
		}
	}
	if depth != 0 || wb.namesAt < 0 {
		return nil, fmt.Errorf("it ends before its elements do; it is not well formed")
	}
	if wb.sheetsEnd < 0 || len(wb.sheets) == 0 {
		return nil, fmt.Errorf("the workbook lists no sheets")
	}
	return wb, nil
}

// usedName reports whether xlsudoku needs the defined name called name:
// its marks, a worksheet's identity and board, and the built-in names it
// sets for its sheets. Only those are kept.
func usedName(name string) bool {
	return strings.EqualFold(name, markerName) || strings.EqualFold(name, identityName) || strings.EqualFold(name, gridName) ||
		len(name) > 6 && strings.EqualFold(name[:6], "_xlnm.")
}

// localName returns the value of the defined name called name that belongs
// to sheet index i.
func (wb *workbookXML) localName(name string, i int) (definedName, bool) {
	for _, n := range wb.names {
		if n.Local == i && strings.EqualFold(n.Name, name) {
			return n, true
		}
	}
	return definedName{}, false
}
