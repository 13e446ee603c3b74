package opc

import (
	"bytes"
	"fmt"
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
// with the same span keep their order.
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
func InsertBeforeRootEnd(data []byte, text string) ([]byte, error) {
	i := bytes.LastIndex(data, []byte("</"))
	if i < 0 {
		return nil, fmt.Errorf("no end tag")
	}
	return ApplyEdits(data, []Edit{{i, i, text}}), nil
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
