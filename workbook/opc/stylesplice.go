package opc

import (
	"bytes"
	"encoding/xml"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A producer's styles part is spliced, not rewritten: a library that adds
// styles (excelize) parses the part, appends its fonts, fills, borders and
// cell formats to the lists and writes the part out again, and that
// rewrite loses what it does not model (attributes such as
// x14ac:knownFonts and xr:uid, element order, the producer's spelling).
// AppendStyles inserts new entries at the ends of the input's lists, and
// CompleteStyles adds the lists a bare part lacks; every other byte stays
// as it was. Entries are numbered by position. SpliceStyles does the same
// with the entries such a library appended in its rewrite (package
// workbook's tests check its own entries against excelize's that way).

const nsMain = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"

// StyleList is one list of the styles part (fonts, cellXfs, ...): where
// its start tag and its end tag lie, and where each entry lies.
type StyleList struct {
	StartTag   [2]int   // the start tag, "<fonts count="2">"
	EndTag     int      // where "</fonts>" begins
	Items      [][2]int // each entry, start and end
	SelfClosed bool     // "<fonts/>": no end tag to insert before
	After      int      // where the list's element ends
	// Prefix is the prefix the part's elements carry ("x" for
	// <x:fonts>), "" for none: new entries must carry it too (Prefixed).
	Prefix string
}

// StyleLists finds the lists of a styles part by their local names. ok is
// false when the part is not plain enough to splice into: not well
// formed, a root in another namespace, or a list or entry with another
// prefix than the root's. A part whose root binds the main namespace to a
// prefix (<x:styleSheet xmlns:x="...">, as some .NET writers do) is read
// when its lists and entries carry that prefix.
func StyleLists(data []byte) (lists map[string]*StyleList, ok bool) {
	d := xml.NewDecoder(bytes.NewReader(data))
	lists = map[string]*StyleList{}
	var open []xml.Name // RawToken does not match end tags to start tags
	depth := 0
	var cur *StyleList
	prefix := ""
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
				if t.Name.Local != "styleSheet" || mainPrefix(t) != t.Name.Space {
					return nil, false
				}
				prefix = t.Name.Space
			case 2:
				if t.Name.Space != prefix || lists[t.Name.Local] != nil {
					return nil, false
				}
				cur = &StyleList{StartTag: [2]int{at, end}, SelfClosed: bytes.HasSuffix(data[at:end], []byte("/>")), After: end, Prefix: prefix}
				lists[t.Name.Local] = cur
			case 3:
				if prefix != "" && t.Name.Space != prefix {
					return nil, false
				}
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

// mainPrefix is the prefix a raw start element binds the main namespace
// to: "" for the default namespace, "-" when it binds it to none.
func mainPrefix(se xml.StartElement) string {
	if attrValue(se, "xmlns") == nsMain {
		return ""
	}
	for _, a := range se.Attr {
		if a.Name.Space == "xmlns" && a.Value == nsMain {
			return a.Name.Local
		}
	}
	return "-"
}

// Prefixed returns entry (unprefixed XML with no text holding "<") with
// every element given prefix, as the lists of a part with Prefix prefix
// need them; entry itself when prefix is "".
func Prefixed(entry, prefix string) string {
	if prefix == "" {
		return entry
	}
	var b strings.Builder
	b.Grow(len(entry) + 8*strings.Count(entry, "<"))
	for {
		i := strings.IndexByte(entry, '<')
		if i < 0 {
			b.WriteString(entry)
			return b.String()
		}
		b.WriteString(entry[:i+1])
		entry = entry[i+1:]
		if strings.HasPrefix(entry, "/") {
			b.WriteByte('/')
			entry = entry[1:]
		}
		if entry != "" && entry[0] != '?' && entry[0] != '!' {
			b.WriteString(prefix + ":")
		}
	}
}

// qualified is an element's name with prefix, "x:fonts" (or "fonts").
func qualified(name, prefix string) string {
	if prefix == "" {
		return name
	}
	return prefix + ":" + name
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
	if !ok || partPrefix(in) != "" {
		return nil, false // rendered's entries are unprefixed
	}
	re, ok := StyleLists(rendered)
	if !ok || partPrefix(re) != "" {
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
// every other byte of input stays as it was. The new entries must carry
// the part's prefix (Prefixed). ok is false when that cannot be done faithfully: a list to
// add to is missing or empty-tagged (but for dxfs, which is made), or
// there is no cell style for new cell formats to name.
func AppendStyles(input []byte, in map[string]*StyleList, added map[string]Entries) (out []byte, ok bool) {
	if l := in["cellStyleXfs"]; l == nil || len(l.Items) == 0 {
		return nil, false // new cell formats name cell style 0 (xfId="0")
	}
	var edits []Edit
	el := func(name string) string { return qualified(name, partPrefix(in)) }
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
			list := `<` + el("dxfs") + ` count="` + strconv.Itoa(total) + `">` + string(e.XML) + `</` + el("dxfs") + `>`
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
			newTag = "<" + el(name) + count + string(tag[1+len(el(name)):])
		}
		edits = append(edits, Edit{l.StartTag[0], l.StartTag[1], newTag})
	}
	return ApplyEdits(input, edits), true
}

// partPrefix is the prefix of a styles part's elements (StyleList.Prefix).
func partPrefix(lists map[string]*StyleList) string {
	for _, l := range lists {
		return l.Prefix
	}
	return ""
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

// stylesheetOrder is the order of a styles part's lists (CT_Stylesheet).
var stylesheetOrder = []string{"numFmts", "fonts", "fills", "borders", "cellStyleXfs", "cellXfs", "cellStyles", "dxfs", "tableStyles", "colors", "extLst"}

// requiredLists are the lists every cell format names entries of, with
// the entries Excel assumes when a part lacks them: the default font, the
// two fills every part starts with, no border, the Normal cell style's
// format and a cell format of it.
var requiredLists = []struct {
	name    string
	n       int
	entries string
}{
	{"fonts", 1, `<font><sz val="11"/><name val="Calibri"/></font>`},
	{"fills", 2, `<fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>`},
	{"borders", 1, `<border><left/><right/><top/><bottom/><diagonal/></border>`},
	{"cellStyleXfs", 1, `<xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>`},
	{"cellXfs", 1, `<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>`},
}

// CompleteStyles returns the styles part data with the lists that every
// cell format needs (fonts, fills, borders, cellStyleXfs, cellXfs) which it
// lacks, or has empty, given the entries Excel assumes for them, each list
// where the schema puts it: a part some writers leave that bare (or a
// workbook without one, as <styleSheet/>) can then take our styles.
// Every other byte of data stays as it was. added is false when data
// cannot be read (StyleLists) or lacks none of them.
func CompleteStyles(data []byte) (out []byte, added bool) {
	lists, ok := StyleLists(data)
	if !ok {
		return nil, false
	}
	root, ok := rootStart(data)
	if !ok {
		return nil, false
	}
	el := func(name string) string { return qualified(name, root.prefix) }
	inserts := map[int]*strings.Builder{} // new lists by where they go
	var edits []Edit
	for _, req := range requiredLists {
		l := lists[req.name]
		if l != nil && len(l.Items) > 0 {
			continue
		}
		list := "<" + el(req.name) + ` count="` + strconv.Itoa(req.n) + `">` + Prefixed(req.entries, root.prefix) + "</" + el(req.name) + ">"
		if l != nil {
			// Empty: "<fonts/>", or with nothing but space between its
			// tags.
			edits = append(edits, Edit{l.StartTag[0], l.After, list})
			continue
		}
		// After the last list the schema puts before it, else first.
		at := root.end
		i := slices.Index(stylesheetOrder, req.name)
		for j := i - 1; j >= 0; j-- {
			if b := lists[stylesheetOrder[j]]; b != nil {
				at = b.After
				break
			}
		}
		if inserts[at] == nil {
			inserts[at] = &strings.Builder{}
		}
		inserts[at].WriteString(list)
	}
	if len(edits) == 0 && len(inserts) == 0 {
		return nil, false
	}
	for at, b := range inserts {
		if at == root.end && root.selfClosed {
			// <styleSheet .../> opened up to hold them.
			tag := strings.TrimRight(strings.TrimSuffix(string(data[root.start:root.end]), "/>"), " \t\r\n")
			edits = append(edits, Edit{root.start, root.end, tag + ">" + b.String() + "</" + el("styleSheet") + ">"})
			continue
		}
		edits = append(edits, Edit{at, at, b.String()})
	}
	return ApplyEdits(data, edits), true
}

// rootTag is where a part's root start tag lies.
type rootTag struct {
	start, end int
	prefix     string
	selfClosed bool
}

// rootStart finds the root start tag of data.
func rootStart(data []byte) (rootTag, bool) {
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		at := int(d.InputOffset())
		tok, err := d.RawToken()
		if err != nil {
			return rootTag{}, false
		}
		if se, ok := tok.(xml.StartElement); ok {
			end := int(d.InputOffset())
			return rootTag{start: at, end: end, prefix: se.Name.Space, selfClosed: bytes.HasSuffix(data[at:end], []byte("/>"))}, true
		}
	}
}
