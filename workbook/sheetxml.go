package workbook

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/layout"
)

// rawCell is a <c> element of a worksheet as stored: its type attribute,
// cell format and value, before any interpretation.
type rawCell struct {
	Pos     layout.Pos
	T       string // the t attribute: "" or "n" number, "s" shared string, "str" formula text, "inlineStr", "b", "e", "d"
	S       int    // the cell format (index into the styles' cellXfs)
	V       string // the <v> value (for a formula, the value it was last computed to)
	HasV    bool
	HasF    bool   // the cell holds a formula
	Inline  string // the text of <is>
	HasText bool   // Inline is set
}

// sheetScan is what a pass over a worksheet found.
type sheetScan struct {
	cells       []rawCell     // the cells inside the area asked for, in sheet order
	validations []layout.Rect // the ranges with data validation, if asked for
}

// maxScanXML is the largest sheet (uncompressed) read to its end for its
// data validations; past it, reading stops after the rows it needs.
const maxScanXML = 8 << 20

// scanSheet streams worksheet part name and keeps the cells inside area.
// It stops after area's last row, unless validations are wanted (and the
// sheet is not huge). It never loads the sheet as a whole.
func (p *pkg) scanSheet(name string, area layout.Rect, validations bool) (*sheetScan, error) {
	f, ok := p.parts[strings.ToLower(name)]
	if !ok {
		return nil, fmt.Errorf("%w: %s: part %s is missing", ErrOpen, p.file, name)
	}
	if f.UncompressedSize64 > maxScanXML {
		validations = false
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrOpen, p.file, err)
	}
	defer rc.Close()
	d := xml.NewDecoder(rc)
	out := &sheetScan{}
	row, col := 0, 0
	for {
		tok, err := d.RawToken()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %s: %v", ErrOpen, p.file, name, err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch se.Name.Local {
		case "row":
			row++
			if v := attr(se, "r"); v != "" {
				row, _ = strconv.Atoi(v)
			}
			col = 0
			if row > area.Max.Row && !validations {
				return out, nil
			}
		case "c":
			c, err := readCell(d, se)
			if err != nil {
				return nil, fmt.Errorf("%w: %s: %s: %v", ErrOpen, p.file, name, err)
			}
			col++
			if c.Pos.Col == 0 {
				c.Pos = layout.Pos{Col: col, Row: row}
			}
			col = c.Pos.Col
			if area.Contains(c.Pos) {
				out.cells = append(out.cells, c)
			}
		case "dataValidation":
			for _, ref := range strings.Fields(attr(se, "sqref")) {
				if r, err := layout.ParseRect(ref); err == nil {
					out.validations = append(out.validations, r)
				}
			}
		}
	}
}

// attr returns the value of the attribute local of se, or "".
func attr(se xml.StartElement, local string) string {
	for _, a := range se.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

// readCell reads a <c> element whose start was just read.
func readCell(d *xml.Decoder, se xml.StartElement) (rawCell, error) {
	var c rawCell
	for _, a := range se.Attr {
		switch a.Name.Local {
		case "r":
			if p, err := layout.ParsePos(a.Value); err == nil {
				c.Pos = p
			}
		case "t":
			c.T = a.Value
		case "s":
			c.S, _ = strconv.Atoi(a.Value)
		}
	}
	depth := 1
	for depth > 0 {
		tok, err := d.RawToken()
		if err != nil {
			return c, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			switch t.Name.Local {
			case "f":
				c.HasF = true
			case "v":
				v, err := elementText(d)
				if err != nil {
					return c, err
				}
				c.V, c.HasV = v, true
				depth--
			case "is":
				s, err := richText(d, t)
				if err != nil {
					return c, err
				}
				c.Inline, c.HasText = s, true
				depth--
			}
		case xml.EndElement:
			depth--
		}
	}
	return c, nil
}

// elementText reads the text of an element whose start was just read, up to
// and including its end.
func elementText(d *xml.Decoder) (string, error) {
	var b strings.Builder
	for depth := 1; depth > 0; {
		tok, err := d.RawToken()
		if err != nil {
			return "", err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			b.Write(t)
		}
	}
	return b.String(), nil
}
