package workbook

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// bookOf writes sheets as a new workbook and opens it with excelize.
func bookOf(t *testing.T, paper layout.Paper, sheets ...*ourSheet) (*excelize.File, string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "book.xlsx")
	require.NoError(t, writeBook(out, sheets, paper, nil))
	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	return f, out
}

func TestSheetPartReadsBack(t *testing.T) {
	pos := func(s string) layout.Pos { p, _ := layout.ParsePos(s); return p }
	sh := layout.Sheet{
		Board: layout.Board{
			Cells: []layout.Cell{
				{Pos: pos("B2"), Number: 7, Style: layout.Style{Bold: true, FontSize: 20}},
				{Pos: pos("C2"), Text: " a <b> & \"c\"\nd ", Style: layout.Style{Wrap: true}},
				{Pos: pos("D2"), Formula: `IF(B2>5,"big","small")`},
				{Pos: pos("A4"), Text: "first"},
				{Pos: pos("A4"), Text: "drawn over"},
				{Pos: pos("E5"), Text: "Other!B2", Link: "'Week 3'!B2", Style: layout.Style{Underline: true, Font: "Courier New"}},
			},
			ColWidths:  map[int]float64{2: 26.25, 3: 26.25, 4: 60},
			RowHeights: map[int]float64{2: 26.25, 3: 40, 5: 1000}, // row 3 has no cells; row 5 is too tall for Excel
			Merges:     []layout.Rect{{Min: pos("F6"), Max: pos("G7")}},
		},
		Freeze:     pos("A3"),
		HiddenCols: []int{9, 10},
		Protect:    true,
	}
	sh.Area = layout.Rect{Min: pos("A1"), Max: pos("G7")}
	sh.Print = layout.Print{Area: layout.Rect{Min: pos("B2"), Max: pos("G7")}, Fit: layout.FitWidth, CenterH: true, CenterV: true,
		Landscape: true, Header: "2024 & more", Footer: "left", PageNumbers: true, Pages: 3, Breaks: []int{4, 6}}
	f, out := bookOf(t, layout.Letter, &ourSheet{name: "Week 3", sheet: sh})
	const s = "Week 3"

	v, err := f.GetCellValue(s, "B2")
	require.NoError(t, err)
	assert.Equal(t, "7", v)
	v, err = f.GetCellValue(s, "C2")
	require.NoError(t, err)
	assert.Equal(t, " a <b> & \"c\"\nd ", v, "text kept exactly, spaces too")
	form, err := f.GetCellFormula(s, "D2")
	require.NoError(t, err)
	assert.Equal(t, `IF(B2>5,"big","small")`, form)
	v, err = f.GetCellValue(s, "A4")
	require.NoError(t, err)
	assert.Equal(t, "drawn over", v, "the later of two cells at one place")
	ok, target, err := f.GetCellHyperLink(s, "E5")
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, "'Week 3'!B2", target)
	st := cellStyle(t, f, s, pos("E5"))
	assert.Equal(t, "single", st.Font.Underline)
	assert.Equal(t, "Courier New", st.Font.Family)
	st = cellStyle(t, f, s, pos("B2"))
	assert.True(t, st.Font.Bold)
	assert.Equal(t, 20.0, st.Font.Size)
	assert.Equal(t, bookFont, cellStyle(t, f, s, pos("C2")).Font.Family, "the book's font")
	assert.Equal(t, float64(bookTextSize), cellStyle(t, f, s, pos("C2")).Font.Size, "text of no size: the book's text size, not its default font's")

	w, err := f.GetColWidth(s, "B")
	require.NoError(t, err)
	d := float64(digitPixels(bookFont, bookFontSize))
	assert.Equal(t, 11.0, d, "Verdana 13: 11.02 pixels, as Excel and LibreOffice alike take it")
	assert.Equal(t, 35/d, float64(int(w*d+0.5))/d, "35 pixels of 11-pixel digits")
	h, err := f.GetRowHeight(s, 3)
	require.NoError(t, err)
	assert.Equal(t, 40.0, h, "a row with a height and no cells")
	h, err = f.GetRowHeight(s, 5)
	require.NoError(t, err)
	assert.Equal(t, layout.MaxRowHeight, h, "no row taller than Excel takes")
	for _, col := range []string{"I", "J"} {
		visible, err := f.GetColVisible(s, col)
		require.NoError(t, err)
		assert.False(t, visible, col)
	}
	panes, err := f.GetPanes(s)
	require.NoError(t, err)
	assert.True(t, panes.Freeze)
	assert.Equal(t, 2, panes.YSplit)
	merged, err := f.GetMergeCells(s)
	require.NoError(t, err)
	require.Len(t, merged, 1)
	assert.Equal(t, "F6", merged[0].GetStartAxis())

	pl, err := f.GetPageLayout(s)
	require.NoError(t, err)
	assert.Equal(t, layout.Letter.Code, *pl.Size)
	assert.Equal(t, "landscape", *pl.Orientation)
	assert.Equal(t, 1, *pl.FitToWidth)
	assert.Equal(t, 0, *pl.FitToHeight)
	assert.Equal(t, uint(1), *pl.FirstPageNumber, "pages counted from 1 on every sheet")
	m, err := f.GetPageMargins(s)
	require.NoError(t, err)
	assert.True(t, *m.Horizontally && *m.Vertically)
	assert.Equal(t, layout.MarginSide, *m.Left)
	assert.Equal(t, layout.MarginTop, *m.Top)
	hf, err := f.GetHeaderFooter(s)
	require.NoError(t, err)
	assert.Equal(t, `&C&14&"-,Bold"2024 && more`, hf.OddHeader, "the size before the font, so that 2024 is not read as a size")
	assert.Equal(t, "&L&9left&R&9Page &P of 3", hf.OddFooter)
	assert.Equal(t, []string{`<brk id="3"`, `<brk id="5"`}, rowBreaks(t, out, s), "breaks above rows 4 and 6")

	part := string(unzip(t, out)["xl/worksheets/sheet1.xml"])
	assert.Contains(t, part, `tabSelected="1"`, "the first sheet is the one open")
	assert.Contains(t, part, `<sheetProtection sheet="true"`)
	assert.NoError(t, wellFormed([]byte(part)))
	var names []string
	for _, dn := range f.GetDefinedName() {
		names = append(names, dn.Name+" "+dn.RefersTo)
	}
	assert.Contains(t, names, "_xlnm.Print_Area 'Week 3'!$B$2:$G$7")
}

// TestSheetPartSchemaOrder: the worksheet's elements come in the order
// the schema fixes (Excel refuses others).
func TestSheetPartSchemaOrder(t *testing.T) {
	givens, _ := solvedPuzzle(t, solve.Shape9)
	ws := layout.WorksheetSheet(givens, layout.WorksheetOptions{Title: "T", AnswerSheet: "Answers"})
	ws.Freeze = layout.Pos{Col: 1, Row: 2}
	ws.Filter = layout.Rect{Min: layout.Pos{Col: 2, Row: 2}, Max: layout.Pos{Col: 10, Row: 10}}
	ws.Cells = append(ws.Cells, layout.Cell{Pos: layout.Pos{Col: 2, Row: 14}, Text: "x", Link: "A1"})
	ws.Print.PageNumbers, ws.Print.Pages, ws.Print.Header, ws.Print.Breaks = true, 2, "h", []int{12}
	r, err := newRenderer(excelize.NewFile(), "pw")
	require.NoError(t, err)
	data, err := r.sheetPart(&ws.Sheet, layout.A4, false)
	require.NoError(t, err)
	order := []string{"sheetPr", "dimension", "sheetViews", "sheetFormatPr", "cols", "sheetData", "sheetProtection", "autoFilter",
		"mergeCells", "conditionalFormatting", "dataValidations", "hyperlinks", "printOptions", "pageMargins", "pageSetup", "headerFooter", "rowBreaks"}
	d := xml.NewDecoder(strings.NewReader(string(data)))
	depth, at := 0, 0
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		switch e := tok.(type) {
		case xml.StartElement:
			depth++
			if depth != 2 {
				continue
			}
			i := at
			for i < len(order) && order[i] != e.Name.Local {
				i++
			}
			require.Less(t, i, len(order), "<%s> out of order (after <%s>)", e.Name.Local, order[max(at-1, 0)])
			at = i
		case xml.EndElement:
			depth--
		}
	}
	assert.Equal(t, len(order)-1, at, "every element was written")
}

// TestSheetPasswordHash agrees with excelize's hash, and excelize, which
// checks a password against the hash when unprotecting, takes it. (Past
// 15 characters excelize's hash overflows 16 bits; ours rotates within
// 15 bits as the standard says.)
func TestSheetPasswordHash(t *testing.T) {
	assert.Len(t, sheetPasswordHash("correct horse battery staple"), 4)
	for _, pw := range []string{"s3cret", "a", "fifteen chars!!", "Tom's pw 2024"} {
		f := excelize.NewFile()
		require.NoError(t, f.ProtectSheet("Sheet1", &excelize.SheetProtectionOptions{Password: pw}))
		var buf bytes.Buffer
		require.NoError(t, f.Write(&buf))
		f.Close()
		zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		require.NoError(t, err)
		rc, err := zr.Open("xl/worksheets/sheet1.xml")
		require.NoError(t, err)
		part, err := io.ReadAll(rc)
		require.NoError(t, err)
		m := regexp.MustCompile(`password="([0-9A-F]+)"`).FindSubmatch(part)
		require.NotNil(t, m, pw)
		theirs, err := strconv.ParseUint(string(m[1]), 16, 16)
		require.NoError(t, err)
		ours := sheetPasswordHash(pw)
		assert.Len(t, ours, 4)
		assert.Equal(t, fmt.Sprintf("%04X", theirs), ours, pw)
		assert.NoError(t, unprotectWith(t, ours, pw), pw)
		assert.Error(t, unprotectWith(t, ours, pw+"x"), pw)
	}
}

// unprotectWith makes a sheet protected by hash and unprotects it with
// password through excelize, which refuses a password that does not
// match the hash.
func unprotectWith(t *testing.T, hash, password string) error {
	t.Helper()
	r, err := newRenderer(excelize.NewFile(), "")
	require.NoError(t, err)
	sh := layout.Sheet{Protect: true}
	sh.Cells = []layout.Cell{{Pos: layout.Pos{Col: 1, Row: 1}, Text: "x"}}
	data, err := r.sheetPart(&sh, layout.A4, true)
	require.NoError(t, err)
	data = []byte(strings.Replace(string(data), `<sheetProtection sheet="true"`, `<sheetProtection password="`+hash+`" sheet="true"`, 1))
	f := excelize.NewFile()
	defer f.Close()
	f.Pkg.Store("xl/worksheets/sheet1.xml", data)
	f.Sheet.Delete("xl/worksheets/sheet1.xml")
	return f.UnprotectSheet("Sheet1", password)
}

// TestFitHeader: a page header is one line, as large as fits the page:
// a title of two lines grew into the page and pushed each page's last
// row of grids onto a page of its own (a walk of 3 December: "Page 5 of
// 3"). A title too long for the least size is cut after a word, and the
// suffix that tells a book's sheets apart stays.
func TestFitHeader(t *testing.T) {
	portrait, _ := layout.Print{}.Printable(layout.A4)
	landscape, _ := layout.Print{Landscape: true}.Printable(layout.A4)
	// A character is 0.65 em, an ideograph a whole em (a review of 3
	// December: a title of 60 in 13 points took two lines).
	fits := func(text string, size int, width float64) bool {
		ems := 0.0
		for _, r := range text {
			ems += 0.65
			if unicode.Is(unicode.Han, r) {
				ems += 0.35
			}
		}
		return ems*float64(size) <= width
	}
	// 60 ideographs
	han := strings.Repeat("数独练习", 15)
	club := "Year 7 Friday afternoon sudoku club, spring term 2027: hard puzzles, week 3" // 75 characters
	long := strings.Repeat("Weekly puzzle pack for the advanced class ", 4)
	for _, tt := range []struct {
		title, suffix string
		width         float64
		size          int
		cut           bool
	}{
		{"Set 1", "", portrait, headerSize, false},
		{"  Set\n 1 ", " – answers", portrait, headerSize, false},
		{club, "", portrait, 10, false},
		{club, "", landscape, 14, false},
		{club, " – answers", portrait, leastHeaderSize, true},
		{long, " – catalogue", landscape, leastHeaderSize, true},
		{han[:3*30], "", portrait, 14, false}, // 30 ideographs
		{han, " – answers", portrait, leastHeaderSize, true},
	} {
		size, text := fitHeader(tt.title, tt.suffix, tt.width)
		assert.Equal(t, tt.size, size, tt.title)
		assert.True(t, fits(text, size, tt.width), "%q at %d", text, size)
		assert.True(t, strings.HasSuffix(text, tt.suffix), text)
		assert.LessOrEqual(t, utf8.RuneCountInString(text), maxHeader)
		whole := strings.Join(strings.Fields(tt.title), " ") + tt.suffix
		switch {
		case tt.cut && strings.Contains(tt.title, " "):
			assert.True(t, strings.HasSuffix(text, " …"+tt.suffix), "cut after a word: %q", text)
			assert.True(t, strings.HasPrefix(whole, strings.TrimSuffix(text, " …"+tt.suffix)+" "), text)
		case tt.cut:
			assert.True(t, strings.HasSuffix(text, "…"+tt.suffix), text)
			assert.True(t, strings.HasPrefix(whole, strings.TrimSuffix(text, "…"+tt.suffix)), text)
		default:
			assert.Equal(t, whole, text)
		}
	}
	header, _ := headerFooter(layout.Print{Paper: layout.A4, Header: "Fish & Chips"})
	assert.Equal(t, `&C&14&"-,Bold"Fish && Chips`, header)
}
