package workbook

import (
	"fmt"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// renderer writes layout sheets as worksheet parts (sheetpart.go), each
// distinct layout.Style made once, straight into the styles part
// (styleTable).
type renderer struct {
	styles   styler
	font     string // the workbook's default font, named in every font we make
	digitPx  int    // the width of its widest digit, in pixels: the unit of column widths
	ids      map[layout.Style]int
	cond     map[layout.Style]int // conditional formats' styles
	password string               // for the sheets it protects; "" for none
}

// styler makes the cell formats (in family unless the style names its
// font) and conditional formats of a styles part: styleTable, or in the
// tests excelize, which styleTable's entries are checked against.
type styler interface {
	cellFormat(s layout.Style, family string) (int, error)
	condFormat(s layout.Style) (int, error)
}

// newTableRenderer makes the renderer of t's styles.
func newTableRenderer(t *styleTable, password string) *renderer {
	return &renderer{styles: t, font: t.font, digitPx: digitPixels(t.font, t.size), ids: map[layout.Style]int{}, password: password}
}

// style returns the cell format of s.
func (r *renderer) style(s layout.Style) (int, error) {
	if id, ok := r.ids[s]; ok {
		return id, nil
	}
	id, err := r.styles.cellFormat(s, r.font)
	if err != nil {
		return 0, err
	}
	r.ids[s] = id
	return id, nil
}

// condStyle returns the conditional format (dxf) style for s.
func (r *renderer) condStyle(s layout.Style) (int, error) {
	if id, ok := r.cond[s]; ok {
		return id, nil
	}
	if r.cond == nil {
		r.cond = map[layout.Style]int{}
	}
	id, err := r.styles.condFormat(s)
	if err != nil {
		return 0, err
	}
	r.cond[s] = id
	return id, nil
}

func align(a layout.Align, start string) string {
	switch a {
	case layout.AlignStart:
		return start
	case layout.AlignCenter:
		return "center"
	case layout.AlignEnd:
		if start == "left" {
			return "right"
		}
		return "bottom"
	}
	return ""
}

// rendered is what drawing produced: the styles part (the input's styles
// plus ours) and one worksheet part per sheet drawn.
type rendered struct {
	styles []byte
	sheets [][]byte
}

// sheetParts renders sheets, leaving the styles to the caller.
func (r *renderer) sheetParts(sheets []layout.Sheet, paper layout.Paper, selected int) (*rendered, error) {
	out := &rendered{}
	for i := range sheets {
		data, err := r.sheetPart(&sheets[i], paper, i == selected)
		if err != nil {
			return nil, err
		}
		out.sheets = append(out.sheets, data)
	}
	return out, nil
}

// emptyStyles is the styles part of a workbook that has none: the lists
// opc.CompleteStyles gives it are what Excel takes such a workbook to have.
var emptyStyles = []byte(`<styleSheet xmlns="` + nsMain + `"/>`)

// render writes sheets (printed on paper) for a workbook whose styles part
// is styles (nil for none) and returns the parts to splice into the
// output: the styles part with ours added at the ends of its lists, and
// one worksheet part per sheet. A part that lacks lists a cell format
// needs (or has them empty) gets them, with the defaults Excel assumes
// (opc.CompleteStyles); nothing else of the input changes.
func render(styles []byte, sheets []layout.Sheet, password string, paper layout.Paper) (*rendered, error) {
	return renderSelecting(styles, sheets, password, paper, -1)
}

// renderSelecting is render with sheets[selected] the sheet the workbook
// opens at (-1: none of them).
func renderSelecting(styles []byte, sheets []layout.Sheet, password string, paper layout.Paper, selected int) (*rendered, error) {
	if styles == nil {
		styles = emptyStyles
	}
	t, ok := newStyleTable(styles)
	if !ok {
		if complete, added := opc.CompleteStyles(styles); added {
			t, ok = newStyleTable(complete)
		}
	}
	if !ok {
		return nil, fmt.Errorf("its styles part cannot be read (it is not well-formed SpreadsheetML); open and save the workbook in a spreadsheet app and try again")
	}
	out, err := newTableRenderer(t, password).sheetParts(sheets, paper, selected)
	if err != nil {
		return nil, err
	}
	if out.styles, ok = t.part(); !ok {
		return nil, fmt.Errorf("our styles cannot be added to its styles part; open and save the workbook in a spreadsheet app and try again")
	}
	return out, nil
}
