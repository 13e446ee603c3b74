package workbook

import (
	"archive/zip"
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// Fixtures are built by the tests themselves, with excelize, and patched
// at the XML level where excelize cannot write what real workbooks hold
// (cached formula values, booleans, error values).

// layoutB2 is where puzzles usually start.
var layoutB2 = layout.Pos{Col: 2, Row: 2}

// classic is a 9x9 puzzle with one solution.
const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func grid(t testing.TB, s string) solve.Grid {
	t.Helper()
	g, err := solve.ParseLine(s)
	require.NoError(t, err)
	return g
}

// putGrid writes the givens of g as numbers with top-left cell at.
func putGrid(t testing.TB, f *excelize.File, sheet string, at layout.Pos, g solve.Grid) {
	t.Helper()
	for r := range g.Shape.Size {
		for c := range g.Shape.Size {
			if d := g.At(r, c); d != 0 {
				require.NoError(t, f.SetCellInt(sheet, at.Add(r, c).String(), int64(d)))
			}
		}
	}
}

// newBook returns a workbook whose first sheet is called sheet.
func newBook(t testing.TB, sheet string) *excelize.File {
	t.Helper()
	f := excelize.NewFile()
	if sheet != "Sheet1" {
		require.NoError(t, f.SetSheetName("Sheet1", sheet))
	}
	return f
}

// save writes f as name in a new temporary folder and returns its path.
func save(t testing.TB, f *excelize.File, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, f.SaveAs(path))
	require.NoError(t, f.Close())
	return path
}

// classicBook is the classic puzzle at B2:J10 of sheet "Week 3".
func classicBook(t testing.TB) string {
	f := newBook(t, "Week 3")
	putGrid(t, f, "Week 3", layout.Pos{Col: 2, Row: 2}, grid(t, classic))
	return save(t, f, "classic.xlsx")
}

// readSolved reads the puzzle of the workbook at path (as Read finds it)
// and its solution.
func readSolved(t testing.TB, path string) (*Puzzle, solve.Grid) {
	t.Helper()
	p, err := Read(path, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	return p, sol
}

// swapOnesAndTwos relabels g's 1s as 2s and its 2s as 1s: a grid that
// keeps the rules if g does, but not g's givens.
func swapOnesAndTwos(g solve.Grid) solve.Grid {
	t := solve.IdentityTransform(g.Shape)
	t.Digits[0], t.Digits[1] = 2, 1
	return t.Apply(g)
}

// unzip returns the parts of the zip at path by name.
func unzip(t testing.TB, path string) map[string][]byte {
	t.Helper()
	zr, err := zip.OpenReader(path)
	require.NoError(t, err)
	defer zr.Close()
	out := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		require.NoError(t, err)
		b, err := io.ReadAll(rc)
		require.NoError(t, err)
		rc.Close()
		out[f.Name] = b
	}
	return out
}

// rezip rewrites the zip at path, passing every part through fix; a part
// for which fix returns nil is dropped.
func rezip(t testing.TB, path string, fix func(name string, data []byte) []byte) {
	t.Helper()
	zr, err := zip.OpenReader(path)
	require.NoError(t, err)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		rc, err := f.Open()
		require.NoError(t, err)
		b, err := io.ReadAll(rc)
		require.NoError(t, err)
		rc.Close()
		fixed := fix(f.Name, b)
		if fixed == nil {
			continue // dropped
		}
		w, err := zw.Create(f.Name)
		require.NoError(t, err)
		_, err = w.Write(fixed)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	zr.Close()
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
}

// setSheetData replaces the <sheetData> of the first sheet with rows.
func setSheetData(t testing.TB, path, rows string) {
	t.Helper()
	rezip(t, path, func(name string, data []byte) []byte {
		if name != "xl/worksheets/sheet1.xml" {
			return data
		}
		s := string(data)
		i := strings.Index(s, "<sheetData")
		j := strings.Index(s, "</sheetData>")
		if j < 0 {
			j = strings.Index(s[i:], "/>") + i
			return []byte(s[:i] + "<sheetData>" + rows + "</sheetData>" + s[j+2:])
		}
		return []byte(s[:i] + "<sheetData>" + rows + s[j:])
	})
}

// gridRows writes g's givens at B2 as sheetData rows, with extra cells
// (raw <c> elements, by reference) replacing or adding to them.
func gridRows(g solve.Grid, at layout.Pos, extra map[string]string) string {
	var b strings.Builder
	rows := g.Shape.Size
	for r := range rows {
		row := at.Row + r
		b.WriteString(`<row r="` + strconv.Itoa(row) + `">`)
		for c := range g.Shape.Size {
			ref := at.Add(r, c).String()
			if x, ok := extra[ref]; ok {
				b.WriteString(x)
				continue
			}
			if d := g.At(r, c); d != 0 {
				b.WriteString(`<c r="` + ref + `"><v>` + strconv.Itoa(d) + `</v></c>`)
			}
		}
		b.WriteString(`</row>`)
	}
	return b.String()
}

// tinyPNG is a 4x4 image.
func tinyPNG(t testing.TB) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for i := range 16 {
		img.Set(i%4, i/4, color.RGBA{uint8(60 * (i % 4)), 90, 200, 255})
	}
	var buf bytes.Buffer
	require.NoError(t, png.Encode(&buf, img))
	return buf.Bytes()
}

// fakeVBA is a vbaProject.bin: an OLE header and some bytes.
func fakeVBA() []byte {
	return append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, bytes.Repeat([]byte("VBA!"), 64)...)
}

// richBook is a teacher's workbook with every kind of part that must come
// out untouched: comments, an image, a chart, merged cells, data
// validation, conditional formats, defined names, formulas and a second
// sheet. name's
// extension picks .xlsx or .xlsm (with a VBA project).
func richBook(t testing.TB, name string) string {
	t.Helper()
	f := newBook(t, "Puzzle")
	putGrid(t, f, "Puzzle", layout.Pos{Col: 2, Row: 2}, grid(t, classic))
	require.NoError(t, f.SetCellStr("Puzzle", "L2", "Solve me!"))
	require.NoError(t, f.MergeCell("Puzzle", "L2", "N3"))
	require.NoError(t, f.AddComment("Puzzle", excelize.Comment{Cell: "L2", Author: "Teacher", Text: "Due Friday"}))
	require.NoError(t, f.AddPictureFromBytes("Puzzle", "L5", &excelize.Picture{Extension: ".png", File: tinyPNG(t)}))
	dv := excelize.NewDataValidation(true)
	dv.Sqref = "B2:J10"
	require.NoError(t, dv.SetRange(1, 9, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween))
	require.NoError(t, f.AddDataValidation("Puzzle", dv))
	red, err := f.NewConditionalStyle(&excelize.Style{Font: &excelize.Font{Color: "9A0511"}})
	require.NoError(t, err)
	require.NoError(t, f.SetConditionalFormat("Puzzle", "B2:J10", []excelize.ConditionalFormatOptions{
		{Type: "cell", Criteria: ">", Format: &red, Value: "9"},
	}))
	require.NoError(t, f.SetDefinedName(&excelize.DefinedName{Name: "Givens", RefersTo: "Puzzle!$B$2:$J$10"}))
	require.NoError(t, f.SetDefinedName(&excelize.DefinedName{Name: "Local", RefersTo: "Puzzle!$L$2", Scope: "Puzzle"}))
	_, err = f.NewSheet("Scores")
	require.NoError(t, err)
	require.NoError(t, f.SetCellStr("Scores", "A1", "Name"))
	require.NoError(t, f.SetCellStr("Scores", "B1", "Score"))
	require.NoError(t, f.SetCellStr("Scores", "A2", "Ada"))
	require.NoError(t, f.SetCellFloat("Scores", "B2", 8.0, 1, 64))
	require.NoError(t, f.SetCellFormula("Scores", "B3", "SUM(B2:B2)"))
	require.NoError(t, f.AddChart("Scores", "D2", &excelize.Chart{
		Type:   excelize.Col,
		Series: []excelize.ChartSeries{{Name: "Scores!$B$1", Categories: "Scores!$A$2:$A$2", Values: "Scores!$B$2:$B$2"}},
		Title:  excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: "Scores"}}},
	}))
	if strings.HasSuffix(name, ".xlsm") {
		require.NoError(t, f.AddVBAProject(fakeVBA()))
	}
	return save(t, f, name)
}

// first16x16 is the first puzzle of solve's minimal 16x16 puzzles, as one
// line with letters for 10-16.
func first16x16(t testing.TB) string {
	t.Helper()
	data, err := os.ReadFile("../solve/testdata/16x16.txt")
	require.NoError(t, err)
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			return l
		}
	}
	t.Fatal("no puzzle in ../solve/testdata/16x16.txt")
	return ""
}

// withoutFullCalc is a workbook part without the fullCalcOnLoad that a
// run replacing sheets of an earlier one adds to its calcPr.
func withoutFullCalc(wb []byte) string {
	return strings.Replace(string(wb), ` fullCalcOnLoad="1"`, "", 1)
}

// unselected is a part as a worksheet writes the input's: a sheet loses
// the tabSelected attribute (the worksheet opens at its own sheet), and
// nothing else changes. TestWorksheetOpensAtWorksheet checks which sheet.
func unselected(part string, data []byte) []byte {
	if !strings.HasPrefix(part, "xl/worksheets/sheet") {
		return data
	}
	return regexp.MustCompile(` tabSelected="(1|true)"`).ReplaceAll(data, nil)
}

// shownText returns the non-empty values of sheet's cells that a user
// sees: those of hidden columns (a mark cell, helper formulas) left out.
func shownText(t *testing.T, f *excelize.File, sheet string) []string {
	t.Helper()
	rows, err := f.GetRows(sheet)
	require.NoError(t, err)
	var text []string
	for _, row := range rows {
		for c, v := range row {
			if v == "" {
				continue
			}
			col, err := excelize.ColumnNumberToName(c + 1)
			require.NoError(t, err)
			if shown, err := f.GetColVisible(sheet, col); err == nil && !shown {
				continue
			}
			text = append(text, v)
		}
	}
	return text
}

// classicWithSheet is classicBook with an empty sheet called name after
// its puzzle's.
func classicWithSheet(t testing.TB, name string) string {
	t.Helper()
	f, err := excelize.OpenFile(classicBook(t))
	require.NoError(t, err)
	_, err = f.NewSheet(name)
	require.NoError(t, err)
	out := filepath.Join(t.TempDir(), "with-sheet.xlsx")
	require.NoError(t, f.SaveAs(out))
	require.NoError(t, f.Close())
	return out
}

// deleteAsOpenpyxl deletes sheet name, at index at, from the workbook at
// path as openpyxl 3.0 does: its print areas and titles are renumbered,
// every other sheet-scoped name (ours) is not, and so sits on the next
// sheet.
func deleteAsOpenpyxl(t testing.TB, path, name string, at int) {
	t.Helper()
	sheet := regexp.MustCompile(`<sheet [^>]*name="` + regexp.QuoteMeta(name) + `"[^>]*?(/>|></sheet>)`)
	builtin := regexp.MustCompile(`(name="_xlnm\.[A-Za-z_]+" localSheetId=")(\d+)"`)
	rezip(t, path, func(part string, data []byte) []byte {
		if part != "xl/workbook.xml" {
			return data
		}
		require.True(t, sheet.Match(data), "sheet %q to delete", name)
		data = sheet.ReplaceAll(data, nil)
		return builtin.ReplaceAllFunc(data, func(m []byte) []byte {
			sub := builtin.FindSubmatch(m)
			i, _ := strconv.Atoi(string(sub[2]))
			if i > at {
				i--
			}
			return []byte(string(sub[1]) + strconv.Itoa(i) + `"`)
		})
	})
}

// renamedCopy saves a copy of the workbook at path with sheets renamed,
// old name then new, in pairs, as a user renames them in a spreadsheet
// app, and returns the copy's path.
func renamedCopy(t testing.TB, path string, oldNew ...string) string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	require.NoError(t, err)
	for i := 0; i+1 < len(oldNew); i += 2 {
		require.NoError(t, f.SetSheetName(oldNew[i], oldNew[i+1]))
	}
	out := filepath.Join(t.TempDir(), "renamed.xlsx")
	require.NoError(t, f.SaveAs(out))
	require.NoError(t, f.Close())
	return out
}
