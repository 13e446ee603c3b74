package opc

import (
	"bytes"
	"encoding/xml"
	"io"
	"regexp"
	"slices"
	"strconv"
	"sync"
)

// A producer's styles part is spliced, not rewritten. A writer that adds
// styles (excelize, for package workbook) parses the input's styles part,
// appends its fonts, fills, borders and cell formats to the lists and
// writes the part out again, and that rewrite loses what it does not model
// (attributes such as x14ac:knownFonts and xr:uid, element order, the
// producer's spelling). So SpliceStyles takes only the entries appended
// from its output and inserts them at the ends of the input's lists; every
// other byte of the input's styles part stays as it was. Entries are
// numbered by position, so the new ones get the same numbers in both.

const nsMain = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"

// StyleList is one list of the styles part (fonts, cellXfs, ...): where
// its start tag and its end tag lie, and where each entry lies.
type StyleList struct {
	StartTag   [2]int   // the start tag, "<fonts count="2">"
	EndTag     int      // where "</fonts>" begins
	Items      [][2]int // each entry, start and end
	SelfClosed bool     // "<fonts/>": no end tag to insert before
	After      int      // where the list's element ends
}

// StyleLists finds the lists of a styles part by their local names. ok is
// false when the part is not plain enough to splice into: not well
// formed, a prefixed root or list (the new entries come unprefixed), or a
// root in another namespace.
func StyleLists(data []byte) (lists map[string]*StyleList, ok bool) {
	d := xml.NewDecoder(bytes.NewReader(data))
	lists = map[string]*StyleList{}
	var open []xml.Name // RawToken does not match end tags to start tags
	depth := 0
	var cur *StyleList
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
				cur = &StyleList{StartTag: [2]int{at, end}, SelfClosed: bytes.HasSuffix(data[at:end], []byte("/>")), After: end}
				lists[t.Name.Local] = cur
			case 3:
				cur.Items = append(cur.Items, [2]int{at, -1})
			}
		case xml.EndElement:
			if depth == 0 || open[depth-1] != t.Name {
				return nil, false
			}
			open = open[:depth-1]
			switch depth {
			case 2:
				cur.EndTag, cur.After = at, end
			case 3:
				cur.Items[len(cur.Items)-1][1] = end
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

// splicedLists are the lists SpliceStyles adds to; other lists the writer
// may write differently (a default it supplies) but gain nothing new.
var splicedLists = []string{"numFmts", "fonts", "fills", "borders", "cellXfs", "dxfs"}

// SplicedLists are the lists of a styles part that SpliceStyles adds
// entries to.
func SplicedLists() []string { return slices.Clone(splicedLists) }

// dxfsAfter are the lists that come before dxfs (the conditional formats'
// styles), latest first: a part without dxfs gets it after the first of
// them it has.
var dxfsAfter = []string{"cellStyles", "cellXfs", "cellStyleXfs", "borders"}

// countAttr finds a list's count attribute. It is compiled when first
// used, not when the program starts: commands that never splice styles
// (text ones, version) do not pay for it.
var countAttr = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\scount\s*=\s*("[^"]*"|'[^']*')`)
})

// SpliceStyles returns the input's styles part with the entries that
// rendered (the input rewritten by a writer that appended entries to its
// lists) has past the input's inserted at the ends of its lists, their
// counts updated. ok is false when that cannot be done faithfully; the
// caller then uses rendered whole.
func SpliceStyles(input, rendered []byte) (out []byte, ok bool) {
	in, ok := StyleLists(input)
	if !ok {
		return nil, false
	}
	re, ok := StyleLists(rendered)
	if !ok {
		return nil, false
	}
	added := map[string]Entries{}
	for _, name := range splicedLists {
		r := re[name]
		if r == nil {
			r = &StyleList{} // a writer may leave out an empty list
		}
		n := 0
		if l := in[name]; l != nil {
			n = len(l.Items)
		}
		if len(r.Items) < n {
			return nil, false // the writer dropped entries: its numbering differs
		}
		var e Entries
		for _, it := range r.Items[n:] {
			if it[1] < 0 || !unprefixed(rendered[it[0]:it[1]]) {
				return nil, false
			}
			e.Add(rendered[it[0]:it[1]])
		}
		added[name] = e
	}
	return AppendStyles(input, in, added)
}

// Entries are new entries of one list of a styles part, written one after
// the other.
type Entries struct {
	XML []byte
	N   int
}

// Add appends one entry.
func (e *Entries) Add(entry []byte) {
	e.XML = append(e.XML, entry...)
	e.N++
}

// AppendStyles returns the styles part input, whose lists are lists (from
// StyleLists), with the entries of added put at the ends of its lists
// (numFmts, fonts, fills, borders, cellXfs, dxfs), their counts updated:
// every other byte of input stays as it was. The new entries must be
// unprefixed. ok is false when that cannot be done faithfully: a list to
// add to is missing or empty-tagged (but for dxfs, which is made), or
// there is no cell style for new cell formats to name.
func AppendStyles(input []byte, in map[string]*StyleList, added map[string]Entries) (out []byte, ok bool) {
	if l := in["cellStyleXfs"]; l == nil || len(l.Items) == 0 {
		return nil, false // new cell formats name cell style 0 (xfId="0")
	}
	var edits []Edit
	for _, name := range splicedLists {
		e := added[name]
		if e.N == 0 {
			continue
		}
		l := in[name]
		n := 0
		if l != nil {
			n = len(l.Items)
		}
		total := n + e.N
		if name == "dxfs" && (l == nil || l.SelfClosed) {
			// A whole new list: in place of "<dxfs/>", or where it belongs.
			list := `<dxfs count="` + strconv.Itoa(total) + `">` + string(e.XML) + `</dxfs>`
			if l != nil {
				edits = append(edits, Edit{l.StartTag[0], l.StartTag[1], list})
				continue
			}
			at := -1
			for _, before := range dxfsAfter {
				if b := in[before]; b != nil {
					at = b.After
					break
				}
			}
			if at < 0 {
				return nil, false
			}
			edits = append(edits, Edit{at, at, list})
			continue
		}
		if l == nil || l.SelfClosed {
			return nil, false
		}
		edits = append(edits, Edit{l.EndTag, l.EndTag, string(e.XML)})
		tag := input[l.StartTag[0]:l.StartTag[1]]
		count := ` count="` + strconv.Itoa(total) + `"`
		var newTag string
		if loc := countAttr().FindIndex(tag); loc != nil {
			newTag = string(tag[:loc[0]]) + count + string(tag[loc[1]:])
		} else {
			// After the name: "<fonts" + count + the rest.
			newTag = "<" + name + count + string(tag[1+len(name):])
		}
		edits = append(edits, Edit{l.StartTag[0], l.StartTag[1], newTag})
	}
	return ApplyEdits(input, edits), true
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
