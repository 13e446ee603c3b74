package opc

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
)

// Edits to a part are splices of its bytes, not a parse and a rewrite, so
// that everything the editor does not mean to change (namespace prefixes,
// attribute order, extensions it does not know) stays as the producer
// wrote it.

// Edit replaces Data[Start:End] of a part with Text.
type Edit struct {
	Start, End int
	Text       string
}

// ApplyEdits applies non-overlapping edits to data. An insertion (an
// empty span) at the start of a replaced span goes before it, and edits
// with the same span keep their order. Edits that overlap or fall outside
// data are a caller's bug: it panics, saying which, rather than write a
// part cut wrong.
func ApplyEdits(data []byte, edits []Edit) []byte {
	slices.SortStableFunc(edits, func(a, b Edit) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		return a.End - b.End
	})
	var out bytes.Buffer
	out.Grow(len(data) + 1024)
	at := 0
	for _, e := range edits {
		if e.Start < at || e.End < e.Start || e.End > len(data) {
			panic(fmt.Sprintf("opc: edit of bytes %d to %d overlaps another or falls outside the %d bytes of the part", e.Start, e.End, len(data)))
		}
		out.Write(data[at:e.Start])
		out.WriteString(e.Text)
		at = e.End
	}
	out.Write(data[at:])
	return out.Bytes()
}

// InsertBeforeRootEnd inserts text before the end tag of the root element
// (the last "</" of the part): how entries are added to a .rels part or
// to [Content_Types].xml.
//
// The elements of text take the root's prefix, when it has one
// ("</pr:Relationships>"): unprefixed under a prefixed root they would be
// in no namespace, and the relationships and content types they add
// would not be there for apps.
func InsertBeforeRootEnd(data []byte, text string) ([]byte, error) {
	i := bytes.LastIndex(data, []byte("</"))
	if i < 0 {
		return nil, fmt.Errorf("no end tag")
	}
	end := data[i+2:]
	if j := bytes.IndexAny(end, ":>"); j > 0 && end[j] == ':' {
		text = elementName.ReplaceAllString(text, "<${1}"+string(end[:j])+":$2")
	}
	return ApplyEdits(data, []Edit{{i, i, text}}), nil
}

// elementName matches the start of an element's start or end tag.
var elementName = regexp.MustCompile(`<(/?)([A-Za-z_])`)

// DropChildren removes from data the children of the root element whose
// start tag drop chooses, each with its content: how an entry goes from a
// .rels part or from [Content_Types].xml. It returns how many it removed;
// data itself when none.
func DropChildren(data []byte, drop func(xml.StartElement) bool) ([]byte, int, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	var edits []Edit
	depth, start := 0, -1
	for {
		off := int(d.InputOffset())
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, 0, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth++; depth == 2 && drop(t) {
				start = off
			}
		case xml.EndElement:
			// RawToken gives <a/> an end too, at the offset past "/>".
			if depth--; depth < 0 {
				return nil, 0, fmt.Errorf("unexpected end tag </%s>", t.Name.Local)
			}
			if depth == 1 && start >= 0 {
				edits = append(edits, Edit{Start: start, End: int(d.InputOffset())})
				start = -1
			}
		}
	}
	if depth != 0 {
		return nil, 0, fmt.Errorf("an element is not closed")
	}
	if len(edits) == 0 {
		return data, 0, nil
	}
	return ApplyEdits(data, edits), len(edits), nil
}

// EscapeXML escapes text for an attribute value or element content.
func EscapeXML(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&apos;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// OverrideElement is the <Override> element to insert into
// [Content_Types].xml giving part name its content type.
func OverrideElement(name, contentType string) string {
	return fmt.Sprintf(`<Override PartName="/%s" ContentType="%s"/>`, EscapeXML(name), contentType)
}
