package workbook

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xlsudoku/xlsudoku/layout"
)

// rawCell is a <c> element of a worksheet as stored: its type attribute,
// cell format and value, before any interpretation.
type rawCell struct {
	Pos     layout.Pos
	T       string // the t attribute: "" or "n" number, "s" shared string, "str" formula text, "inlineStr", "b", "e", "d"
	S       int    // the cell format (index into the styles' cellXfs); badStyle when not a number
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

// scanSheet streams worksheet part name and keeps the cells inside area
// (the last of a cell stored twice), and reads the shared strings they
// point to. It stops after area's last row, unless validations are wanted
// (and the sheet is not huge). It never loads the sheet as a whole.
func (p *pkg) scanSheet(sh sheetRef, area layout.Rect, validations bool) (*sheetScan, error) {
	name := sh.part
	if size, ok := p.Size(name); ok && size > maxScanXML {
		validations = false
	}
	t, err := p.Stream(name)
	if err != nil {
		return nil, p.partErr(name, err)
	}
	defer t.Close()
	out := &sheetScan{}
	at := map[layout.Pos]int{} // index in out.cells
	row, col := 0, 0
	// A sheet lists each row once and each cell of a row once; one that
	// lists them over and over (a bomb) is stopped as soon as it has more
	// than a sheet can hold, rather than read to its limit.
	rowsIn, cells := 0, 0
	for {
		tok, err := t.Next()
		if err == io.EOF {
			return out, p.loadStrings(sh.name, out.cells)
		}
		if err != nil {
			return nil, p.partErr(name, err)
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
			col, cells = 0, 0
			if row > area.Max.Row && !validations {
				return out, p.loadStrings(sh.name, out.cells)
			}
			if row <= area.Max.Row {
				rowsIn++
			}
			if rowsIn > 2*area.Max.Row+16 {
				return nil, p.partErr(name, &opc.PartError{Part: name, Msg: fmt.Sprintf("is damaged: it lists rows 1 to %d over and over", area.Max.Row)})
			}
		case "c":
			if cells++; cells > layout.MaxCol {
				return nil, p.partErr(name, &opc.PartError{Part: name, Msg: fmt.Sprintf("is damaged: row %d lists more cells than a sheet has columns", row)})
			}
			c, err := readCell(t, se)
			if err != nil {
				return nil, p.partErr(name, err)
			}
			col++
			if c.Pos.Col == 0 {
				c.Pos = layout.Pos{Col: col, Row: row}
			}
			col = c.Pos.Col
			if !area.Contains(c.Pos) {
				continue
			}
			if i, dup := at[c.Pos]; dup {
				out.cells[i] = c
			} else {
				at[c.Pos] = len(out.cells)
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
func readCell(t *opc.Tokens, se xml.StartElement) (rawCell, error) {
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
			var err error
			if c.S, err = strconv.Atoi(strings.TrimSpace(a.Value)); err != nil {
				c.S = badStyle
			}
		}
	}
	depth := 1
	for depth > 0 {
		tok, err := t.Next()
		if err != nil {
			return c, err
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			depth++
			switch tk.Name.Local {
			case "f":
				c.HasF = true
			case "v":
				v, err := elementText(t)
				if err != nil {
					return c, err
				}
				c.V, c.HasV = v, true
				depth--
			case "is":
				s, err := richText(t)
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
// and including its end, cut at maxText bytes.
func elementText(t *opc.Tokens) (string, error) {
	var b textBuilder
	for depth := 1; depth > 0; {
		tok, err := t.Next()
		if err != nil {
			return "", err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			b.write(tok)
		}
	}
	return b.String(), nil
}

// maxText is the longest text kept of a cell: a digit, however padded
// with spaces, is far shorter, and a worksheet's identity cell (about 340
// bytes on a 16x16; it was cut at 256, and every 16x16 worksheet whose
// names exceljs had dropped was refused as damaged) fits. Messages show
// less (clipShown).
const maxText = 1024

// maxShown is the most of a cell's text a message shows.
const maxShown = 80

// clipShown cuts a cell's value as a message shows it to maxShown
// characters, marking the cut.
func clipShown(shown string) string {
	if utf8.RuneCountInString(shown) <= maxShown {
		return shown
	}
	r := []rune(shown)
	return string(r[:maxShown-1]) + "…"
}

// textBuilder collects the text of a cell up to maxText bytes; longer
// text is cut and marked, so that it never reads as a digit.
type textBuilder struct {
	b   []byte
	cut bool
}

func (t *textBuilder) write(s []byte) {
	if room := maxText - len(t.b); len(s) > room {
		s, t.cut = s[:max(room, 0)], true
	}
	t.b = append(t.b, s...)
}

func (t *textBuilder) String() string {
	if t.cut {
		return string(bytes.ToValidUTF8(t.b, nil)) + "…"
	}
	return string(t.b)
}
