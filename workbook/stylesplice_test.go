package workbook

import (
	"encoding/xml"
	"fmt"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// excelStyles is a styles part as Excel writes it (package opc's fixture), with what excelize
// does not keep when it rewrites one: x14ac:knownFonts, xr:uid, a
// custom table style, slicer and timeline styles, its own element order.
func excelStyles(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile("opc/testdata/excel-styles.xml")
	require.NoError(t, err)
	return data
}

// excelMade returns a rezip fix that makes the styles and workbook parts
// of a richBook look as Excel 365 writes them: the styles above, and a
// workbook part with markup-compatibility content (an mc:AlternateContent
// block, xr revision attributes), a book view and an extension list around
// the book's own sheets and defined names.
func excelMade(t testing.TB) func(part string, data []byte) []byte {
	return func(part string, data []byte) []byte {
		switch part {
		case "xl/styles.xml":
			return excelStyles(t)
		case "xl/workbook.xml":
			s := string(data)
			cut := func(from, to string) string {
				i, j := strings.Index(s, from), strings.Index(s, to)
				require.True(t, i >= 0 && j > i, "%s in %s", from, s)
				return s[i : j+len(to)]
			}
			return []byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x15 xr xr6 xr10 xr2" xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main" xmlns:xr="http://schemas.microsoft.com/office/spreadsheetml/2014/revision" xmlns:xr6="http://schemas.microsoft.com/office/spreadsheetml/2016/revision6" xmlns:xr10="http://schemas.microsoft.com/office/spreadsheetml/2016/revision10" xmlns:xr2="http://schemas.microsoft.com/office/spreadsheetml/2015/revision2">` +
				`<fileVersion appName="xl" lastEdited="7" lowestEdited="7" rupBuild="27425"/><workbookPr defaultThemeVersion="202300"/>` +
				`<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="x15"><x15ac:absPath url="C:\Users\teacher\Documents\" xmlns:x15ac="http://schemas.microsoft.com/office/spreadsheetml/2010/11/ac"/></mc:Choice></mc:AlternateContent>` +
				`<xr:revisionPtr revIDLastSave="0" documentId="8_{5A1B2C3D-0000-0000-0000-000000000000}" xr6:coauthVersionLast="47" xr6:coauthVersionMax="47" xr10:uidLastSave="{00000000-0000-0000-0000-000000000000}"/>` +
				`<bookViews><workbookView xWindow="-120" yWindow="-120" windowWidth="29040" windowHeight="15720" activeTab="1" xr2:uid="{00000000-000D-0000-FFFF-FFFF00000000}"/></bookViews>` +
				cut("<sheets>", "</sheets>") + cut("<definedNames>", "</definedNames>") +
				`<calcPr calcId="191029"/><extLst><ext uri="{140A7094-0E35-4892-8432-C4D2E57EDB9D}" xmlns:x15="http://schemas.microsoft.com/office/spreadsheetml/2010/11/main"><x15:workbookPr chartTrackingRefBase="1"/></ext></extLst></workbook>`)
		}
		return data
	}
}

// assertStylesSpliced checks that out is in with entries added at the ends
// of the lists our styles use and their counts updated: take the added
// entries out and set the counts back, and in comes back byte for byte.
var countAttr = regexp.MustCompile(`\scount\s*=\s*("[^"]*"|'[^']*')`)

func assertStylesSpliced(t testing.TB, in, out []byte) {
	t.Helper()
	inLists, ok := opc.StyleLists(in)
	require.True(t, ok, "the input's styles part is plain")
	outLists, ok := opc.StyleLists(out)
	require.True(t, ok, "the output's styles part is plain")
	var edits []opc.Edit
	for name, l := range outLists {
		n := 0
		if il := inLists[name]; il != nil {
			n = len(il.Items)
		} else if name == "dxfs" {
			// A list the input did not have: all of it is ours.
			edits = append(edits, opc.Edit{Start: l.StartTag[0], End: l.After, Text: ""})
			continue
		}
		if il := inLists[name]; il != nil && il.SelfClosed && len(l.Items) > 0 {
			// "<dxfs count="0"/>" became a list of ours.
			edits = append(edits, opc.Edit{Start: l.StartTag[0], End: l.After, Text: string(countAttr.ReplaceAll(in[il.StartTag[0]:il.StartTag[1]], nil))})
			continue
		}
		require.GreaterOrEqual(t, len(l.Items), n, name)
		tag := out[l.StartTag[0]:l.StartTag[1]]
		if len(l.Items) > n {
			assert.Contains(t, opc.SplicedLists(), name, "only our lists grow")
			edits = append(edits, opc.Edit{Start: l.Items[n][0], End: l.Items[len(l.Items)-1][1], Text: ""})
			// A list that grew counts its entries.
			m := countAttr.FindSubmatch(tag)
			require.NotNil(t, m, name)
			assert.Equal(t, strconv.Quote(strconv.Itoa(len(l.Items))), string(m[1]), name)
		}
		edits = append(edits, opc.Edit{Start: l.StartTag[0], End: l.StartTag[1], Text: string(countAttr.ReplaceAll(tag, nil))})
	}
	var inEdits []opc.Edit
	for _, l := range inLists {
		inEdits = append(inEdits, opc.Edit{Start: l.StartTag[0], End: l.StartTag[1], Text: string(countAttr.ReplaceAll(in[l.StartTag[0]:l.StartTag[1]], nil))})
	}
	assert.Equal(t, string(opc.ApplyEdits(in, inEdits)), string(opc.ApplyEdits(out, edits)))
}

func TestSpliceStylesKeepsExcelsPart(t *testing.T) {
	in := excelStyles(t)
	r, err := render(in, []layout.Sheet{solutionSheet(t)}, "", layout.A4)
	require.NoError(t, err)
	out, ok := opc.SpliceStyles(in, r.styles)
	require.True(t, ok)
	assertStylesSpliced(t, in, out)
	for _, kept := range []string{`x14ac:knownFonts="1"`, `xr:uid="{AAAA1111-2222-3333-4444-555566667777}"`, `xr9:uid="{BBBB}"`, `<b/><sz val="14"/>`} {
		assert.Contains(t, string(out), kept)
	}

	// The new cell formats point at the new fonts and borders: a given is
	// bold 24 point with a thin or thick border on each side.
	var doc struct {
		Fonts []struct {
			B  *struct{} `xml:"b"`
			Sz struct {
				Val string `xml:"val,attr"`
			} `xml:"sz"`
		} `xml:"fonts>font"`
		Borders []struct {
			Left struct {
				Style string `xml:"style,attr"`
			} `xml:"left"`
		} `xml:"borders>border"`
		Xfs []struct {
			FontID   int `xml:"fontId,attr"`
			BorderID int `xml:"borderId,attr"`
		} `xml:"cellXfs>xf"`
	}
	require.NoError(t, xml.Unmarshal(out, &doc))
	require.Greater(t, len(doc.Xfs), 3)
	bold24 := 0
	for _, xf := range doc.Xfs[3:] {
		require.Less(t, xf.FontID, len(doc.Fonts))
		require.Less(t, xf.BorderID, len(doc.Borders))
		if f := doc.Fonts[xf.FontID]; f.B != nil && f.Sz.Val == "24" {
			bold24++
			assert.Contains(t, []string{"thin", "medium", "thick"}, doc.Borders[xf.BorderID].Left.Style)
		}
	}
	assert.Positive(t, bold24, "the givens' format")
}

// TestSpliceStylesFallsBack: excelize's styles cannot be spliced into
// these parts (opc's tests have the parts that are not plain).
func TestSpliceStylesFallsBack(t *testing.T) {
	rendered := func(t *testing.T, in []byte) []byte {
		r, err := renderExcelize(in, []layout.Sheet{solutionSheet(t)}, "", layout.A4)
		require.NoError(t, err)
		return r.styles
	}
	t.Run("a list without end tag", func(t *testing.T) {
		in := []byte(`<styleSheet xmlns="` + nsMain + `"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders/><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="1"><xf/></cellXfs></styleSheet>`)
		_, ok := opc.SpliceStyles(in, rendered(t, in))
		assert.False(t, ok, "our borders cannot go into <borders/>")
	})
	t.Run("no cell styles", func(t *testing.T) {
		in := []byte(`<styleSheet xmlns="` + nsMain + `"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellXfs count="1"><xf/></cellXfs></styleSheet>`)
		_, ok := opc.SpliceStyles(in, rendered(t, in))
		assert.False(t, ok, "our cell formats refer to cell style 0")
	})
	t.Run("a count left out", func(t *testing.T) {
		in := []byte(`<styleSheet xmlns="` + nsMain + `"><fonts><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="1"><xf/></cellXfs></styleSheet>`)
		out, ok := opc.SpliceStyles(in, rendered(t, in))
		require.True(t, ok)
		assertStylesSpliced(t, in, out)
		assert.Contains(t, string(out), `<fonts count="`)
	})
}

// solutionSheet is the Solution sheet of the classic puzzle.
func solutionSheet(t *testing.T) layout.Sheet { return solutionSheetTB(t) }

func solutionSheetTB(t testing.TB) layout.Sheet {
	t.Helper()
	g := grid(t, classic)
	sol, err := solve.Solve(g)
	require.NoError(t, err)
	return layout.SolutionSheet("Solution", g, sol)
}

// TestWriteLibreOfficeMadeBook: a workbook LibreOffice Calc saved (from a
// CSV of the classic puzzle, `soffice --convert-to xlsx`) keeps every part
// byte for byte, its styles part included apart from our entries.
func TestWriteLibreOfficeMadeBook(t *testing.T) {
	in := filepath.Join(t.TempDir(), "lo.xlsx")
	data, err := os.ReadFile("testdata/libreoffice-made.xlsx")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(in, data, 0o644))
	out := filepath.Join(t.TempDir(), "out.xlsx")
	p, sol, notes := solveFile(t, in, out, Options{})
	assert.Empty(t, notes)
	assert.Equal(t, "lo!B2:J10", p.Where())
	assert.Equal(t, grid(t, classic), p.Grid)

	before, after := unzip(t, in), unzip(t, out)
	for part, data := range before {
		if !rewritten(part) {
			assert.Equal(t, data, after[part], part)
		}
	}
	assertStylesSpliced(t, before["xl/styles.xml"], after["xl/styles.xml"])
	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, []string{"lo", "Solution", "Candidates"}, f.GetSheetList())
	assert.Equal(t, sol, readGridAt(t, f, "Solution", layoutB2, sol.Shape))
}

func TestSpliceStylesConditionalFormats(t *testing.T) {
	excel, err := os.ReadFile(filepath.Join("opc", "testdata", "excel-styles.xml"))
	require.NoError(t, err)
	dxfs := regexp.MustCompile(`<dxfs count="1">.*</dxfs>`)
	require.True(t, dxfs.Match(excel), "the fixture has one dxf")
	givens := grid(t, classic)
	ws := layout.WorksheetSheet(givens, layout.WorksheetOptions{Title: "T", AnswerSheet: "Answers"}).Sheet
	for name, in := range map[string][]byte{
		"with dxfs":        excel,
		"without dxfs":     dxfs.ReplaceAll(excel, nil),
		"self-closed dxfs": dxfs.ReplaceAll(excel, []byte(`<dxfs count="0"/>`)),
	} {
		t.Run(name, func(t *testing.T) {
			r, err := render(in, []layout.Sheet{ws}, "", layout.A4)
			require.NoError(t, err)
			out, ok := opc.SpliceStyles(in, r.styles)
			require.True(t, ok)
			require.NoError(t, wellFormed(out))
			assertStylesSpliced(t, in, out)
			lists, ok := opc.StyleLists(out)
			require.True(t, ok)
			before := 0
			if l, _ := opc.StyleLists(in); l["dxfs"] != nil {
				before = len(l["dxfs"].Items)
			}
			assert.Len(t, lists["dxfs"].Items, before+2, "our two conditional formats' styles")
			// The conditional formats name our styles by their place.
			sheet := string(r.sheets[0])
			assert.Contains(t, sheet, fmt.Sprintf(`dxfId="%d"`, before))
			assert.Contains(t, sheet, fmt.Sprintf(`dxfId="%d"`, before+1))
		})
	}
}
