package workbook

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"

	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// The styles styleTable writes are checked against those excelize makes
// of the same layout.Style in the same styles part: a renderer whose
// styler is excelize, in a scratch workbook.

// newRenderer makes the renderer of f's styles, made by excelize.
func newRenderer(f *excelize.File, password string) (*renderer, error) {
	font, err := defaultFont(f)
	if err != nil {
		return nil, fmt.Errorf("the styles part: %v", err)
	}
	size := 11.0
	if s, err := f.GetStyle(0); err == nil && s.Font != nil && s.Font.Size > 0 {
		size = s.Font.Size
	}
	return &renderer{styles: excelizeStyles{f}, font: font, digitPx: digitPixels(font, size), ids: map[layout.Style]int{}, password: password}, nil
}

// excelizeStyles makes styles with excelize's NewStyle.
type excelizeStyles struct{ f *excelize.File }

// excelize's border styles.
const (
	borderThin  = 1
	borderThick = 5
)

func (e excelizeStyles) cellFormat(s layout.Style, family string) (int, error) {
	if s.Font != "" {
		family = s.Font
	}
	underline := ""
	if s.Underline {
		underline = "single"
	}
	st := &excelize.Style{
		Font:      &excelize.Font{Family: family, Size: s.FontSize, Bold: s.Bold, Color: s.Color, Underline: underline, Strike: s.Strike},
		Alignment: &excelize.Alignment{Horizontal: align(s.HAlign, "left"), Vertical: align(s.VAlign, "top"), WrapText: s.Wrap},
		NumFmt:    s.NumFmt,
	}
	for _, side := range []struct {
		name string
		line layout.Line
	}{{"left", s.Border.Left}, {"top", s.Border.Top}, {"right", s.Border.Right}, {"bottom", s.Border.Bottom}} {
		switch side.line {
		case layout.Thin:
			st.Border = append(st.Border, excelize.Border{Type: side.name, Color: "000000", Style: borderThin})
		case layout.Thick:
			st.Border = append(st.Border, excelize.Border{Type: side.name, Color: "000000", Style: borderThick})
		}
	}
	if s.Fill != "" {
		st.Fill = excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{s.Fill}}
	}
	if s.Unlocked || s.Hide {
		st.Protection = &excelize.Protection{Locked: !s.Unlocked, Hidden: s.Hide}
	}
	return e.f.NewStyle(st)
}

func (e excelizeStyles) condFormat(s layout.Style) (int, error) {
	st := &excelize.Style{Font: &excelize.Font{Bold: s.Bold, Color: s.Color}}
	if s.Fill != "" {
		st.Fill = excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{s.Fill}}
	}
	return e.f.NewConditionalStyle(st)
}

// renderExcelize is render with the styles made by excelize, in a scratch
// workbook that reads styles (excelize's default styles for nil), as
// xlsudoku made them before styleTable. Its styles part is excelize's
// rewrite of styles; opc.SpliceStyles takes our entries out of it.
func renderExcelize(styles []byte, sheets []layout.Sheet, password string, paper layout.Paper) (*rendered, error) {
	f := excelize.NewFile()
	defer f.Close()
	if styles != nil {
		f.Pkg.Store("xl/styles.xml", namedDefaultFont(styles))
		f.Styles = nil // read the input's styles instead of the template's
	}
	r, err := newRenderer(f, password)
	if err != nil {
		return nil, err
	}
	if err := fixStyleCounts(f); err != nil {
		return nil, err
	}
	out, err := r.sheetParts(sheets, paper, -1)
	if err != nil {
		return nil, err
	}
	parts, err := excelizeParts(f)
	if err != nil {
		return nil, err
	}
	out.styles = parts["xl/styles.xml"].Bytes()
	return out, nil
}

// excelizeParts returns the parts of a scratch workbook as excelize
// writes them.
func excelizeParts(f *excelize.File) (capture, error) {
	c := capture{}
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return c })
	if _, err := f.WriteToBuffer(); err != nil {
		return nil, err
	}
	if _, ok := c["xl/styles.xml"]; !ok {
		return nil, fmt.Errorf("excelize wrote no styles part")
	}
	return c, nil
}

// fixStyleCounts makes the count attributes of the styles' lists match the
// lists: excelize numbers new entries from the counts, and some writers get
// them wrong or leave them out.
func fixStyleCounts(f *excelize.File) error {
	s := f.Styles
	if s == nil || s.Fonts == nil || s.Fills == nil || s.Borders == nil || s.CellXfs == nil {
		return fmt.Errorf("the styles part lacks fonts, fills, borders or cell formats")
	}
	s.Fonts.Count = len(s.Fonts.Font)
	s.Fills.Count = len(s.Fills.Fill)
	s.Borders.Count = len(s.Borders.Border)
	s.CellXfs.Count = len(s.CellXfs.Xf)
	if s.NumFmts != nil {
		s.NumFmts.Count = len(s.NumFmts.NumFmt)
	}
	if s.Dxfs != nil {
		s.Dxfs.Count = len(s.Dxfs.Dxfs)
	}
	return nil
}

// capture is a zip writer that keeps the parts excelize writes, unzipped.
type capture map[string]*bytes.Buffer

func (c capture) Create(name string) (io.Writer, error) {
	b := &bytes.Buffer{}
	c[name] = b
	return b, nil
}
func (c capture) AddFS(fs.FS) error { return nil }
func (c capture) Close() error      { return nil }

// defaultFont is f's default font. excelize dereferences the first font's
// name without looking, so a styles part whose first font has none would
// crash it: that is an error here.
func defaultFont(f *excelize.File) (font string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("its default font cannot be read (%v); open and save the workbook in a spreadsheet app and try again", r)
		}
	}()
	return f.GetDefaultFont()
}

// namedDefaultFont returns styles with a name given to its first font
// when it has none (<font/>, or a size without a name, as some writers
// leave it): Excel then uses Calibri, and so does what excelize makes of
// it. Only the copy excelize reads changes; the output splices our
// entries into the input's own bytes.
func namedDefaultFont(styles []byte) []byte {
	lists, ok := opc.StyleLists(styles)
	if !ok || lists["fonts"] == nil || len(lists["fonts"].Items) == 0 {
		return styles
	}
	it := lists["fonts"].Items[0]
	if it[1] < 0 {
		return styles
	}
	font := styles[it[0]:it[1]]
	if bytes.Contains(font, []byte("<name ")) || bytes.Contains(font, []byte("<name/")) {
		return styles
	}
	var fixed []byte
	if bytes.HasSuffix(font, []byte("/>")) && bytes.Count(font, []byte("<")) == 1 {
		fixed = append(append([]byte{}, bytes.TrimSuffix(font, []byte("/>"))...), `><name val="Calibri"/></font>`...)
	} else if end := bytes.LastIndex(font, []byte("</font>")); end >= 0 {
		fixed = append(append(append([]byte{}, font[:end]...), `<name val="Calibri"/>`...), font[end:]...)
	} else {
		return styles
	}
	return append(append(append([]byte{}, styles[:it[0]]...), fixed...), styles[it[1]:]...)
}
