package workbook

import (
	"bytes"
	"encoding/xml"
	"io"
	"regexp"
	"strconv"
)

// Our styles reach the output by splicing, like our sheets: excelize
// parses the input's styles part, appends our fonts, fills, borders and
// cell formats to its lists and writes the part out again, and that
// rewrite loses what excelize does not model (attributes such as
// x14ac:knownFonts and xr:uid, element order, the writer's spelling). So
// only the entries excelize appended are taken from its output and
// inserted at the ends of the input's lists; every other byte of the
// input's styles part stays as it was. Entries are numbered by position,
// so the new ones get the same numbers in both.

const nsMain = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"

// styleList is one list of the styles part (fonts, cellXfs, ...): where
// its start tag and its end tag lie, and where each entry lies.
type styleList struct {
	startTag   [2]int   // the start tag, "<fonts count="2">"
	endTag     int      // where "</fonts>" begins
	items      [][2]int // each entry, start and end
	selfClosed bool     // "<fonts/>": no end tag to insert before
	after      int      // where the list's element ends
}

// styleLists finds the lists of a styles part by their local names. ok is
// false when the part is not plain enough to splice into: not well
// formed, a prefixed root or list (the new entries come unprefixed), or a
// root in another namespace.
func styleLists(data []byte) (lists map[string]*styleList, ok bool) {
	d := xml.NewDecoder(bytes.NewReader(data))
	lists = map[string]*styleList{}
	var open []xml.Name // RawToken does not match end tags to start tags
	depth := 0
	var cur *styleList
	for {
		at := int(d.InputOffset())
		tok, err := d.RawToken()
		if err == io.EOF {
			return lists, depth == 0
		}
		if err != nil {
			return nil, false
		}
		end := int(d.InputOffset())
		switch t := tok.(type) {
		case xml.StartElement:
			open = append(open, t.Name)
			depth++
			switch depth {
			case 1:
				if t.Name.Space != "" || t.Name.Local != "styleSheet" || attrValue(t, "xmlns") != nsMain {
					return nil, false
				}
			case 2:
				if t.Name.Space != "" || lists[t.Name.Local] != nil {
					return nil, false
				}
				cur = &styleList{startTag: [2]int{at, end}, selfClosed: bytes.HasSuffix(data[at:end], []byte("/>")), after: end}
				lists[t.Name.Local] = cur
			case 3:
				cur.items = append(cur.items, [2]int{at, -1})
			}
		case xml.EndElement:
			if depth == 0 || open[depth-1] != t.Name {
				return nil, false
			}
			open = open[:depth-1]
			switch depth {
			case 2:
				cur.endTag, cur.after = at, end
			case 3:
				cur.items[len(cur.items)-1][1] = end
			}
			depth--
		}
	}
}

// attrValue is the value of the unprefixed attribute local of a raw start
// element ("xmlns" for the default namespace declaration).
func attrValue(se xml.StartElement, local string) string {
	for _, a := range se.Attr {
		if a.Name.Space == "" && a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

// ourLists are the lists our styles add to; other lists excelize may
// write differently (a default it supplies) but gain nothing of ours.
var ourLists = []string{"numFmts", "fonts", "fills", "borders", "cellXfs", "dxfs"}

// dxfsAfter are the lists that come before dxfs (the conditional formats'
// styles), latest first: a part without dxfs gets it after the first of
// them it has.
var dxfsAfter = []string{"cellStyles", "cellXfs", "cellStyleXfs", "borders"}

var countAttr = regexp.MustCompile(`\scount\s*=\s*("[^"]*"|'[^']*')`)

// spliceStyles returns the input's styles part with the entries that
// excelize appended in rendered inserted at the ends of its lists, their
// counts updated. ok is false when that cannot be done faithfully; the
// caller then uses rendered whole.
func spliceStyles(input, rendered []byte) (out []byte, ok bool) {
	in, ok := styleLists(input)
	if !ok {
		return nil, false
	}
	re, ok := styleLists(rendered)
	if !ok {
		return nil, false
	}
	if l := in["cellStyleXfs"]; l == nil || len(l.items) == 0 {
		return nil, false // our cell formats name cell style 0 (xfId="0")
	}
	var edits []edit
	for _, name := range ourLists {
		r := re[name]
		if r == nil {
			r = &styleList{} // excelize leaves out an empty list
		}
		l := in[name]
		n := 0
		if l != nil {
			n = len(l.items)
		}
		if len(r.items) < n {
			return nil, false // excelize dropped entries: its numbering differs
		}
		if len(r.items) == n {
			continue
		}
		var added bytes.Buffer
		for _, it := range r.items[n:] {
			if it[1] < 0 || !unprefixed(rendered[it[0]:it[1]]) {
				return nil, false
			}
			added.Write(rendered[it[0]:it[1]])
		}
		if name == "dxfs" && (l == nil || l.selfClosed) {
			// A whole new list: in place of "<dxfs/>", or where it belongs.
			list := `<dxfs count="` + strconv.Itoa(len(r.items)) + `">` + added.String() + `</dxfs>`
			if l != nil {
				edits = append(edits, edit{l.startTag[0], l.startTag[1], list})
				continue
			}
			at := -1
			for _, before := range dxfsAfter {
				if b := in[before]; b != nil {
					at = b.after
					break
				}
			}
			if at < 0 {
				return nil, false
			}
			edits = append(edits, edit{at, at, list})
			continue
		}
		if l == nil || l.selfClosed {
			return nil, false
		}
		edits = append(edits, edit{l.endTag, l.endTag, added.String()})
		tag := input[l.startTag[0]:l.startTag[1]]
		count := ` count="` + strconv.Itoa(len(r.items)) + `"`
		var newTag string
		if loc := countAttr.FindIndex(tag); loc != nil {
			newTag = string(tag[:loc[0]]) + count + string(tag[loc[1]:])
		} else {
			// After the name: "<fonts" + count + the rest.
			newTag = "<" + name + count + string(tag[1+len(name):])
		}
		edits = append(edits, edit{l.startTag[0], l.startTag[1], newTag})
	}
	return applyEdits(input, edits), true
}

// unprefixed reports whether an entry's elements and attributes are all
// unprefixed, so that it means the same under the input's root.
func unprefixed(entry []byte) bool {
	d := xml.NewDecoder(bytes.NewReader(entry))
	for {
		tok, err := d.RawToken()
		if err == io.EOF {
			return true
		}
		if err != nil {
			return false
		}
		if se, ok := tok.(xml.StartElement); ok {
			if se.Name.Space != "" {
				return false
			}
			for _, a := range se.Attr {
				if a.Name.Space != "" || a.Name.Local == "xmlns" {
					return false
				}
			}
		}
	}
}
