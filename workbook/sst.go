package workbook

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// sharedStrings holds the first entries of the shared string table: as
// many as the cells read so far needed, so a huge table is read only as far
// as the puzzle's cells point into it.
type sharedStrings struct {
	items []string
	done  bool // the whole table is in items
}

// sharedString returns entry i of the shared string table.
func (p *pkg) sharedString(i int) (string, error) {
	if p.sst != nil && (i < len(p.sst.items) || p.sst.done) {
		if i < len(p.sst.items) {
			return p.sst.items[i], nil
		}
		return "", fmt.Errorf("shared string %d does not exist", i)
	}
	// Read (again) far enough: the table is read from the start, at most
	// twice as far as asked, so a puzzle's few strings cost one pass.
	name := p.relOfType("/sharedStrings")
	sst := &sharedStrings{}
	if name != "" {
		rc, err := p.open(name)
		if err != nil {
			return "", err
		}
		defer rc.Close()
		d := xml.NewDecoder(rc)
		want := max(2*i+1, 1024)
		for len(sst.items) < want {
			tok, err := d.RawToken()
			if err == io.EOF {
				sst.done = true
				break
			}
			if err != nil {
				return "", fmt.Errorf("%s: %v", name, err)
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "si" {
				s, err := richText(d, se)
				if err != nil {
					return "", fmt.Errorf("%s: %v", name, err)
				}
				sst.items = append(sst.items, s)
			}
		}
	} else {
		sst.done = true
	}
	p.sst = sst
	if i < len(sst.items) {
		return sst.items[i], nil
	}
	return "", fmt.Errorf("shared string %d does not exist", i)
}

// richText reads the text of a string item (<si>, <is>) whose start element
// was just read: its <t> and its runs' <t>, without phonetic hints (<rPh>).
func richText(d *xml.Decoder, start xml.StartElement) (string, error) {
	var b strings.Builder
	depth, inT, inPh := 1, false, 0
	for depth > 0 {
		tok, err := d.RawToken()
		if err != nil {
			return "", err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			switch t.Name.Local {
			case "t":
				inT = true
			case "rPh":
				inPh++
			}
		case xml.EndElement:
			depth--
			switch t.Name.Local {
			case "t":
				inT = false
			case "rPh":
				inPh--
			}
		case xml.CharData:
			if inT && inPh == 0 {
				b.Write(t)
			}
		}
	}
	return b.String(), nil
}
