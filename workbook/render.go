package workbook

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
)

// renderer draws layout sheets with excelize, making each distinct
// layout.Style once: one NewStyle per cell was five times slower.
type renderer struct {
	f        *excelize.File
	font     string // the workbook's default font, named in every font we make
	ids      map[layout.Style]int
	cond     map[layout.Style]int // conditional formats' styles
	password string               // for the sheets it protects; "" for none
}

// excelize's border styles.
const (
	borderThin  = 1
	borderThick = 5
)

func (r *renderer) style(s layout.Style) (int, error) {
	if id, ok := r.ids[s]; ok {
		return id, nil
	}
	st := &excelize.Style{
		Font:      &excelize.Font{Family: r.font, Size: s.FontSize, Bold: s.Bold, Color: s.Color},
		Alignment: &excelize.Alignment{Horizontal: align(s.HAlign, "left"), Vertical: align(s.VAlign, "top"), WrapText: s.Wrap},
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
	id, err := r.f.NewStyle(st)
	if err != nil {
		return 0, err
	}
	r.ids[s] = id
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

// condStyle returns the conditional format (dxf) style for s.
func (r *renderer) condStyle(s layout.Style) (int, error) {
	if id, ok := r.cond[s]; ok {
		return id, nil
	}
	st := &excelize.Style{Font: &excelize.Font{Bold: s.Bold, Color: s.Color}}
	if s.Fill != "" {
		st.Fill = excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{s.Fill}}
	}
	id, err := r.f.NewConditionalStyle(st)
	if err != nil {
		return 0, err
	}
	if r.cond == nil {
		r.cond = map[layout.Style]int{}
	}
	r.cond[s] = id
	return id, nil
}

// checks adds what a fillable sheet has beyond its cells: validation,
// conditional formats, hidden helper columns and protection. They live in
// the worksheet part after the cells, so the streamed sheets get them
// after their rows are written.
func (r *renderer) checks(name string, sh layout.Sheet) error {
	f := r.f
	for _, v := range sh.Validations {
		dv := excelize.NewDataValidation(true)
		refs := make([]string, len(v.Ranges))
		for i, rg := range v.Ranges {
			refs[i] = rg.String()
		}
		dv.Sqref = strings.Join(refs, " ")
		var err error
		switch v.Kind {
		case "whole":
			err = dv.SetRange(v.Min, v.Max, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween)
		case "list":
			err = dv.SetDropList(v.List)
		case "custom":
			dv.Type = "custom"
			dv.Formula1 = escapeXML(v.Formula)
		default:
			err = fmt.Errorf("unknown validation %q", v.Kind)
		}
		if err != nil {
			return err
		}
		if v.Input != "" {
			dv.SetInput(v.InputTitle, v.Input)
		}
		if v.Message != "" {
			dv.SetError(excelize.DataValidationErrorStyleStop, v.ErrorTitle, v.Message)
		}
		if err := f.AddDataValidation(name, dv); err != nil {
			return err
		}
	}
	for _, cf := range sh.CondFormats {
		id, err := r.condStyle(cf.Style)
		if err != nil {
			return err
		}
		if err := f.SetConditionalFormat(name, cf.Range.String(), []excelize.ConditionalFormatOptions{
			{Type: "formula", Criteria: cf.Formula, Format: &id},
		}); err != nil {
			return err
		}
	}
	for _, col := range sh.HiddenCols {
		if err := f.SetColVisible(name, layout.ColumnName(col), false); err != nil {
			return err
		}
	}
	if sh.Protect {
		if err := f.ProtectSheet(name, &excelize.SheetProtectionOptions{
			Password: r.password, SelectLockedCells: true, SelectUnlockedCells: true,
		}); err != nil {
			return err
		}
	}
	return nil
}

// draw renders sh on the (empty) worksheet name.
func (r *renderer) draw(name string, sh layout.Sheet) error {
	f := r.f
	cols := sh.SortedCols()
	for i := 0; i < len(cols); {
		// One call per run of adjacent columns of one width.
		j := i + 1
		for j < len(cols) && cols[j] == cols[j-1]+1 && sh.ColWidths[cols[j]] == sh.ColWidths[cols[i]] {
			j++
		}
		if err := f.SetColWidth(name, layout.ColumnName(cols[i]), layout.ColumnName(cols[j-1]), sh.ColWidths[cols[i]]); err != nil {
			return err
		}
		i = j
	}
	for _, row := range sh.SortedRows() {
		if err := f.SetRowHeight(name, row, sh.RowHeights[row]); err != nil {
			return err
		}
	}
	for _, c := range sh.Cells {
		ref := c.Pos.String()
		id, err := r.style(c.Style)
		if err != nil {
			return err
		}
		if err := f.SetCellStyle(name, ref, ref, id); err != nil {
			return err
		}
		switch {
		case c.Formula != "":
			err = f.SetCellFormula(name, ref, c.Formula)
		case c.Number != 0:
			err = f.SetCellInt(name, ref, int64(c.Number))
		case c.Text != "":
			// An inline string: the shared string table is the input's and
			// stays untouched.
			err = f.SetCellDefault(name, ref, c.Text)
		}
		if err != nil {
			return err
		}
	}
	for _, m := range sh.Merges {
		if err := f.MergeCell(name, m.Min.String(), m.Max.String()); err != nil {
			return err
		}
	}
	yes, one := true, 1
	if err := f.SetSheetView(name, 0, &excelize.ViewOptions{ShowGridLines: &sh.Gridlines}); err != nil {
		return err
	}
	if sh.Print.FitToPage {
		if err := f.SetSheetProps(name, &excelize.SheetPropsOptions{FitToPage: &yes}); err != nil {
			return err
		}
		if err := f.SetPageLayout(name, &excelize.PageLayoutOptions{FitToWidth: &one, FitToHeight: &one}); err != nil {
			return err
		}
	}
	if sh.Print.FitWidth {
		zero := 0
		if err := f.SetSheetProps(name, &excelize.SheetPropsOptions{FitToPage: &yes}); err != nil {
			return err
		}
		if err := f.SetPageLayout(name, &excelize.PageLayoutOptions{FitToWidth: &one, FitToHeight: &zero}); err != nil {
			return err
		}
	}
	if sh.Freeze != (layout.Pos{}) {
		pane := "bottomLeft"
		switch {
		case sh.Freeze.Col > 1 && sh.Freeze.Row > 1:
			pane = "bottomRight"
		case sh.Freeze.Col > 1:
			pane = "topRight"
		}
		if err := f.SetPanes(name, &excelize.Panes{
			Freeze: true, XSplit: sh.Freeze.Col - 1, YSplit: sh.Freeze.Row - 1, TopLeftCell: sh.Freeze.String(), ActivePane: pane,
			Selection: []excelize.Selection{{SQRef: sh.Freeze.String(), ActiveCell: sh.Freeze.String(), Pane: pane}},
		}); err != nil {
			return err
		}
	}
	if sh.Print.Landscape {
		o := "landscape"
		if err := f.SetPageLayout(name, &excelize.PageLayoutOptions{Orientation: &o}); err != nil {
			return err
		}
	}
	if sh.Print.CenterH {
		if err := f.SetPageMargins(name, &excelize.PageLayoutMarginsOptions{Horizontally: &yes}); err != nil {
			return err
		}
	}
	return r.checks(name, sh)
}

// rendered is what drawing produced: the styles part (the input's styles
// plus ours) and one worksheet part per sheet drawn.
type rendered struct {
	styles []byte
	sheets [][]byte
}

// render draws sheets into a scratch workbook that carries the input's
// styles part (nil: excelize's default styles) and returns the parts to
// splice into the output. Only our sheets and the styles go through
// excelize; nothing else of the input does.
func render(styles []byte, sheets []layout.Sheet, password string) (*rendered, error) {
	f := excelize.NewFile()
	defer f.Close()
	r := &renderer{f: f, ids: map[layout.Style]int{}, password: password}
	if styles != nil {
		f.Pkg.Store("xl/styles.xml", styles)
		f.Styles = nil // read the input's styles instead of the template's
	}
	font, err := f.GetDefaultFont()
	if err != nil {
		return nil, fmt.Errorf("the styles part: %v", err)
	}
	r.font = font
	if err := fixStyleCounts(f); err != nil {
		return nil, err
	}
	for i, sh := range sheets {
		name := fmt.Sprintf("S%d", i+1)
		if _, err := f.NewSheet(name); err != nil {
			return nil, err
		}
		if err := r.draw(name, sh); err != nil {
			return nil, err
		}
	}
	parts := capture{}
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return parts })
	if _, err := f.WriteToBuffer(); err != nil {
		return nil, err
	}
	out := &rendered{styles: parts["xl/styles.xml"].Bytes()}
	for i := range sheets {
		// The template's Sheet1 is sheet1.xml; new sheets follow it.
		b, ok := parts[fmt.Sprintf("xl/worksheets/sheet%d.xml", i+2)]
		if !ok {
			return nil, fmt.Errorf("excelize did not write sheet %d", i+1)
		}
		// excelize leaves the dimension at A1; give the used range.
		dim := layout.Rect{Min: layout.Pos{Col: 1, Row: 1}, Max: sheets[i].Area.Max}
		data := bytes.Replace(b.Bytes(), []byte(`<dimension ref="A1">`), []byte(`<dimension ref="`+dim.String()+`">`), 1)
		if flt := sheets[i].Filter; flt != (layout.Rect{}) {
			// excelize's AutoFilter marks the sheet as filtered and drops
			// its other properties (fit to page); the element itself
			// follows the cells.
			data = bytes.Replace(data, []byte(`</sheetData>`), []byte(`</sheetData><autoFilter ref="`+flt.String()+`"/>`), 1)
		}
		out.sheets = append(out.sheets, data)
	}
	return out, nil
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
