package workbook

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// solveFile reads and solves the puzzle of path and writes it to out.
func solveFile(t *testing.T, path, out string, opts Options) (*Puzzle, solve.Grid, []string) {
	t.Helper()
	p, err := Read(path, opts)
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	notes, err := Write(p, sol, out, opts)
	require.NoError(t, err)
	return p, sol, notes
}

// rewritten are the parts Write may change.
func rewritten(name string) bool {
	switch name {
	case "xl/workbook.xml", "[Content_Types].xml", "xl/_rels/workbook.xml.rels", "docProps/app.xml", "xl/styles.xml":
		return true
	}
	return false
}

func TestWriteRoundTrip(t *testing.T) {
	for _, name := range []string{"teacher.xlsx", "macros.xlsm", "excel-made.xlsx"} {
		t.Run(name, func(t *testing.T) {
			in := richBook(t, name)
			// Values excelize would rewrite if it parsed the sheet.
			rezip(t, in, func(part string, data []byte) []byte {
				if name == "excel-made.xlsx" && (part == "xl/styles.xml" || part == "xl/workbook.xml") {
					return excelMade(t)(part, data)
				}
				if part != "xl/worksheets/sheet2.xml" {
					return data
				}
				return []byte(strings.Replace(string(data), "</sheetData>",
					`<row r="9"><c r="A9"><v>8.0</v></c><c r="B9"><v>0.12345678901234567</v></c></row></sheetData>`, 1))
			})
			before := unzip(t, in)
			out := filepath.Join(t.TempDir(), "out"+filepath.Ext(name))
			_, _, notes := solveFile(t, in, out, Options{})
			assert.Empty(t, notes)
			after := unzip(t, out)
			assert.Equal(t, before, unzip(t, in), "the input is not modified")

			var added []string
			for part := range after {
				if _, ok := before[part]; !ok {
					added = append(added, part)
				}
			}
			assert.ElementsMatch(t, []string{"xl/worksheets/sheet3.xml", "xl/worksheets/sheet4.xml"}, added)
			for part, data := range before {
				require.Contains(t, after, part)
				if !rewritten(part) {
					assert.Equal(t, data, after[part], "part %s changed", part)
				}
			}
			assert.Equal(t, before["docProps/app.xml"], after["docProps/app.xml"])
			require.Contains(t, before, "xl/charts/chart1.xml", "the fixture has a chart")
			assert.Equal(t, before["xl/charts/chart1.xml"], after["xl/charts/chart1.xml"])
			assert.Contains(t, string(after["xl/worksheets/sheet2.xml"]), "<v>8.0</v>")
			assert.Contains(t, string(after["xl/worksheets/sheet2.xml"]), "<v>0.12345678901234567</v>")

			// The workbook part is the input's with our entries inserted:
			// take out our <sheet> elements and the defined names of our
			// sheets (local to sheets 2 and 3), and the input comes back.
			ours := regexp.MustCompile(`<sheet name="(Solution|Candidates)" sheetId="\d+" r:id="rId\d+"/>|<definedName name="[^"]+" localSheetId="[23]"( hidden="1")?>[^<]*</definedName>`)
			assert.Equal(t, string(before["xl/workbook.xml"]), ours.ReplaceAllString(string(after["xl/workbook.xml"]), ""))

			// The rewritten parts keep every entry of the input's.
			wbIn, wbOut := parseWB(t, before["xl/workbook.xml"]), parseWB(t, after["xl/workbook.xml"])
			assert.Equal(t, wbIn.sheets, wbOut.sheets[:len(wbIn.sheets)])
			assert.Equal(t, []string{"Solution", "Candidates"}, []string{wbOut.sheets[2].Name, wbOut.sheets[3].Name})
			for _, n := range wbIn.names {
				assert.Contains(t, string(after["xl/workbook.xml"]), string(before["xl/workbook.xml"][n.start:n.end]))
			}
			for _, part := range []string{"[Content_Types].xml", "xl/_rels/workbook.xml.rels"} {
				assert.Subset(t, elements(t, after[part]), elements(t, before[part]), part)
			}
			assert.Contains(t, string(after["[Content_Types].xml"]), "/xl/worksheets/sheet3.xml")
			// Styles: ours are inserted, the input's bytes kept.
			assertStylesSpliced(t, before["xl/styles.xml"], after["xl/styles.xml"])
			if strings.HasSuffix(name, ".xlsm") {
				assert.Equal(t, fakeVBA(), after["xl/vbaProject.bin"])
				assert.Contains(t, string(after["[Content_Types].xml"]), "application/vnd.ms-excel.sheet.macroEnabled.main+xml")
			}

			// It opens, and the user's sheets read as before.
			f, err := excelize.OpenFile(out)
			require.NoError(t, err)
			defer f.Close()
			assert.Equal(t, []string{"Puzzle", "Scores", "Solution", "Candidates"}, f.GetSheetList())
			v, err := f.GetCellValue("Puzzle", "L2")
			require.NoError(t, err)
			assert.Equal(t, "Solve me!", v)
			comments, err := f.GetComments("Puzzle")
			require.NoError(t, err)
			require.Len(t, comments, 1)
			assert.Equal(t, "Due Friday", comments[0].Text)
			pics, err := f.GetPictures("Puzzle", "L5")
			require.NoError(t, err)
			require.Len(t, pics, 1)
			assert.Equal(t, tinyPNG(t), pics[0].File)
		})
	}
}

// parseWB parses a workbook part.
func parseWB(t *testing.T, data []byte) *workbookXML {
	wb, err := parseWorkbook(data)
	require.NoError(t, err)
	return wb
}

// elements lists the child elements of a part's root, as XML text.
func elements(t *testing.T, data []byte) []string {
	var doc struct {
		Items []struct {
			XMLName xml.Name
			Attrs   []xml.Attr `xml:",any,attr"`
		} `xml:",any"`
	}
	require.NoError(t, xml.Unmarshal(data, &doc))
	var out []string
	for _, it := range doc.Items {
		s := it.XMLName.Local
		for _, a := range it.Attrs {
			s += " " + a.Name.Local + "=" + a.Value
		}
		out = append(out, s)
	}
	return out
}

// styleCounts counts the entries of a styles part's lists.
func styleCounts(t *testing.T, data []byte) map[string]int {
	var doc struct {
		Fonts   []struct{} `xml:"fonts>font"`
		Fills   []struct{} `xml:"fills>fill"`
		Borders []struct{} `xml:"borders>border"`
		Xfs     []struct{} `xml:"cellXfs>xf"`
		Dxfs    []struct{} `xml:"dxfs>dxf"`
	}
	require.NoError(t, xml.Unmarshal(data, &doc))
	return map[string]int{"font": len(doc.Fonts), "fill": len(doc.Fills), "border": len(doc.Borders), "xf": len(doc.Xfs), "dxf": len(doc.Dxfs)}
}

func TestWriteRerunReplacesOurSheets(t *testing.T) {
	in := classicBook(t)
	dir := t.TempDir()
	out1, out2 := filepath.Join(dir, "once.xlsx"), filepath.Join(dir, "twice.xlsx")
	solveFile(t, in, out1, Options{})
	p, _, notes := solveFile(t, out1, out2, Options{})
	assert.Equal(t, "Week 3", p.Sheet, "our sheets are not read as the puzzle")
	assert.Equal(t, []string{`replaced sheet "Solution" of an earlier run`, `replaced sheet "Candidates" of an earlier run`}, notes)
	a, b := unzip(t, out1), unzip(t, out2)
	assert.Equal(t, len(a), len(b))
	assert.Equal(t, string(a["xl/workbook.xml"]), withoutFullCalc(b["xl/workbook.xml"]), "same sheets, same names")
	assert.Equal(t, a["xl/worksheets/sheet1.xml"], b["xl/worksheets/sheet1.xml"])
	f, err := excelize.OpenFile(out2)
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, []string{"Week 3", "Solution", "Candidates"}, f.GetSheetList())
}

// A note put on a sheet of an earlier run (Excel saves it as comments and
// a VML drawing in the sheet's relationships, with its printer settings)
// goes with the sheet: it does not come back on the sheet written in its
// place. The user's own notes stay.
func TestRerunDropsTheReplacedSheetsRelationships(t *testing.T) {
	in := richBook(t, "teacher.xlsx")
	dir := t.TempDir()
	out1, out2 := filepath.Join(dir, "once.xlsx"), filepath.Join(dir, "twice.xlsx")
	solveFile(t, in, out1, Options{})
	f, err := excelize.OpenFile(out1)
	require.NoError(t, err)
	require.NoError(t, f.AddComment("Solution", excelize.Comment{Cell: "B2", Author: "Teacher", Text: "Checked in class"}))
	require.NoError(t, f.Save())
	require.NoError(t, f.Close())
	before := unzip(t, out1)
	require.Contains(t, before, "xl/worksheets/_rels/sheet3.xml.rels", "the Solution sheet has relationships")

	_, _, notes := solveFile(t, out1, out2, Options{})
	assert.Contains(t, notes, `replaced sheet "Solution" of an earlier run`)
	after := unzip(t, out2)
	_, kept := after["xl/worksheets/_rels/sheet3.xml.rels"]
	assert.False(t, kept, "the replaced sheet's relationships are left out")
	assert.Equal(t, before["xl/worksheets/_rels/sheet1.xml.rels"], after["xl/worksheets/_rels/sheet1.xml.rels"], "the user's sheet keeps its own")
	f, err = excelize.OpenFile(out2)
	require.NoError(t, err)
	defer f.Close()
	ours, err := f.GetComments("Solution")
	require.NoError(t, err)
	assert.Empty(t, ours)
	theirs, err := f.GetComments("Puzzle")
	require.NoError(t, err)
	require.Len(t, theirs, 1)
	assert.Equal(t, "Due Friday", theirs[0].Text)
}

// A tool that deleted a sheet's part may have left its content type
// override (or its relationships): our sheets take other names, and
// [Content_Types].xml never lists a part twice, which made the package
// invalid.
func TestWriteSkipsPartNamesLeftBehind(t *testing.T) {
	in := classicBook(t)
	rezip(t, in, func(name string, data []byte) []byte {
		if name != "[Content_Types].xml" {
			return data
		}
		return []byte(strings.Replace(string(data), "</Types>", `<Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`, 1))
	})
	out := filepath.Join(t.TempDir(), "out.xlsx")
	solveFile(t, in, out, Options{})
	after := unzip(t, out)
	var ct struct {
		Overrides []struct {
			Part string `xml:"PartName,attr"`
		} `xml:"Override"`
	}
	require.NoError(t, xml.Unmarshal(after["[Content_Types].xml"], &ct))
	seen := map[string]int{}
	for _, o := range ct.Overrides {
		seen[strings.ToLower(o.Part)]++
		assert.Equal(t, 1, seen[strings.ToLower(o.Part)], "%s listed twice", o.Part)
	}
	_, used := after["xl/worksheets/sheet2.xml"]
	assert.False(t, used, "the name left behind is not taken")
	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, []string{"Week 3", "Solution", "Candidates"}, f.GetSheetList())
}

func TestWriteLeavesUsersSolutionSheet(t *testing.T) {
	f := newBook(t, "Puzzle")
	putGrid(t, f, "Puzzle", layoutB2, grid(t, classic))
	_, err := f.NewSheet("solution")
	require.NoError(t, err)
	require.NoError(t, f.SetCellStr("solution", "A1", "my own answers"))
	in := save(t, f, "mine.xlsx")
	out := filepath.Join(t.TempDir(), "out.xlsx")
	_, _, notes := solveFile(t, in, out, Options{})
	assert.Equal(t, []string{`the workbook already has a sheet "solution" that carries no xlsudoku mark (your own, or ours saved by an app that dropped the marks); wrote sheet "Solution (xlsudoku)" instead`}, notes)
	before, after := unzip(t, in), unzip(t, out)
	assert.Equal(t, before["xl/worksheets/sheet2.xml"], after["xl/worksheets/sheet2.xml"])
	g, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer g.Close()
	assert.Equal(t, []string{"Puzzle", "solution", "Solution (xlsudoku)", "Candidates"}, g.GetSheetList())

	// Again on the output: ours is replaced, the user's still untouched.
	out2 := filepath.Join(t.TempDir(), "out2.xlsx")
	_, _, notes = solveFile(t, out, out2, Options{})
	assert.Equal(t, []string{`replaced sheet "Solution (xlsudoku)" of an earlier run`, `replaced sheet "Candidates" of an earlier run`}, notes)
	assert.Equal(t, before["xl/worksheets/sheet2.xml"], unzip(t, out2)["xl/worksheets/sheet2.xml"])
}

func TestWriteSameFile(t *testing.T) {
	in := classicBook(t)
	p, err := Read(in, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	before := unzip(t, in)
	for _, out := range []string{in, filepath.Join(filepath.Dir(in), ".", filepath.Base(in))} {
		_, err = Write(p, sol, out, Options{})
		assert.ErrorIs(t, err, ErrSameFile)
		assert.Contains(t, err.Error(), "--in-place")
	}
	assert.Equal(t, before, unzip(t, in))
	_, err = Write(p, sol, in, Options{InPlace: true})
	require.NoError(t, err)
	after := unzip(t, in)
	assert.Equal(t, before["xl/worksheets/sheet1.xml"], after["xl/worksheets/sheet1.xml"])
	assert.Contains(t, after, "xl/worksheets/sheet2.xml")
}

func TestWriteAtomic(t *testing.T) {
	in := classicBook(t)
	p, err := Read(in, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	dir := t.TempDir()
	out := filepath.Join(dir, "out.xlsx")
	require.NoError(t, os.WriteFile(out, []byte("old"), 0o600))

	verifyHook = func(string) error { return errors.New("forced") }
	_, err = Write(p, sol, out, Options{})
	verifyHook = nil
	assert.ErrorIs(t, err, ErrWrite)
	assert.Contains(t, err.Error(), "forced")
	old, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "old", string(old), "the target is untouched")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "nothing is left behind")

	// A bug (a panic) while the copy is checked leaves nothing either: it
	// left the temporary file.
	verifyHook = func(string) error { panic("a bug") }
	assert.PanicsWithValue(t, "a bug", func() { _, _ = Write(p, sol, out, Options{}) })
	verifyHook = nil
	entries, err = os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "nothing is left behind after a panic")

	// A folder that does not exist, or cannot be written.
	_, err = Write(p, sol, filepath.Join(dir, "missing", "out.xlsx"), Options{})
	assert.ErrorIs(t, err, ErrWrite)
	if os.Geteuid() != 0 {
		ro := filepath.Join(dir, "ro")
		require.NoError(t, os.Mkdir(ro, 0o555))
		_, err = Write(p, sol, filepath.Join(ro, "out.xlsx"), Options{})
		assert.ErrorIs(t, err, ErrWrite)
		entries, _ := os.ReadDir(ro)
		assert.Empty(t, entries)
	}

	// Success replaces the old file, and keeps its permissions.
	_, err = Write(p, sol, out, Options{})
	require.NoError(t, err)
	fi, err := os.Stat(out)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	entries, _ = os.ReadDir(dir)
	assert.Len(t, entries, 1)
}

// TestWriteNewFileMode: a new output takes its input's read and write
// permissions, never its execute ones (an input excelize saved is 0755,
// and its solved copy was too).
func TestWriteNewFileMode(t *testing.T) {
	for _, tt := range []struct{ in, want os.FileMode }{{0o755, 0o644}, {0o600, 0o600}, {0o640, 0o640}} {
		dir := t.TempDir()
		in := filepath.Join(dir, "in.xlsx")
		data, err := os.ReadFile(filepath.Join("..", "samples", "classic.xlsx"))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(in, data, 0o600))
		require.NoError(t, os.Chmod(in, tt.in))
		p, err := Read(in, Options{})
		require.NoError(t, err)
		sol, err := p.Solve()
		require.NoError(t, err)
		out := filepath.Join(dir, "out.xlsx")
		_, err = Write(p, sol, out, Options{})
		require.NoError(t, err)
		fi, err := os.Stat(out)
		require.NoError(t, err)
		assert.Equal(t, tt.want, fi.Mode().Perm(), "input %v", tt.in)
	}
}

func TestWriteExtension(t *testing.T) {
	in := richBook(t, "macros.xlsm")
	p, err := Read(in, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	_, err = Write(p, sol, filepath.Join(t.TempDir(), "out.xlsx"), Options{})
	assert.ErrorIs(t, err, ErrUsage)
	assert.Contains(t, err.Error(), "out.xlsm")
	assert.Contains(t, err.Error(), "macros")

	p, err = Read(classicBook(t), Options{})
	require.NoError(t, err)
	_, err = Write(p, sol, filepath.Join(t.TempDir(), "out.xlsm"), Options{})
	assert.ErrorIs(t, err, ErrUsage)
}

func TestSolveOutcomes(t *testing.T) {
	// Several solutions: one is given, with the cells that differ.
	f := newBook(t, "Week 3")
	few := grid(t, classic)
	for i := 40; i < 81; i++ {
		few.Cells[i] = 0
	}
	putGrid(t, f, "Week 3", layoutB2, few)
	p, err := Read(save(t, f, "few.xlsx"), Options{Range: "B2:J10"})
	require.NoError(t, err)
	sol, err := p.Solve()
	var nu *NotUniqueError
	require.ErrorAs(t, err, &nu)
	assert.ErrorIs(t, err, solve.ErrNotUnique)
	assert.True(t, sol.Complete())
	assert.NotEmpty(t, nu.Cells())
	assert.True(t, strings.HasPrefix(nu.Cells()[0], "Week 3!"))
	assert.Contains(t, err.Error(), "Week 3!B2:J10: the puzzle has more than one solution")
	_, err = Write(p, sol, filepath.Join(t.TempDir(), "out.xlsx"), Options{})
	require.NoError(t, err, "a solution of a puzzle with several can be written")

	// No solution, though no unit repeats a digit: r1c3's candidates are
	// 1, 2 and 4, and the one solution has 4 there.
	g := grid(t, classic)
	g.Set(0, 2, 1)
	f = newBook(t, "S")
	putGrid(t, f, "S", layoutB2, g)
	p, err = Read(save(t, f, "none.xlsx"), Options{})
	require.NoError(t, err)
	_, err = p.Solve()
	assert.ErrorIs(t, err, solve.ErrNoSolution)
	assert.Contains(t, err.Error(), "S!B2:J10")
}

// TestWriteFirstFontWithoutName: a styles part whose first font has no
// name (<font/>, or a size alone) made excelize crash; the workbook is
// written, and its styles part keeps that font as it was.
func TestWriteFirstFontWithoutName(t *testing.T) {
	for name, font := range map[string]string{"empty": `<font/>`, "size only": `<font><sz val="11"/></font>`} {
		t.Run(name, func(t *testing.T) {
			in := classicBook(t)
			first := regexp.MustCompile(`(<fonts[^>]*>)<font>.*?</font>`)
			rezip(t, in, func(part string, data []byte) []byte {
				if part != "xl/styles.xml" {
					return data
				}
				require.True(t, first.Match(data))
				return first.ReplaceAll(data, []byte("${1}"+font))
			})
			before := unzip(t, in)["xl/styles.xml"]
			copyBefore := append([]byte{}, before...)
			fixed := namedDefaultFont(before)
			assert.Equal(t, copyBefore, before, "the input's bytes are not changed in place")
			assert.Contains(t, string(fixed), `<name val="Calibri"/>`)

			out := filepath.Join(t.TempDir(), "out.xlsx")
			_, _, _ = solveFile(t, in, out, Options{})
			after := unzip(t, out)["xl/styles.xml"]
			assert.Contains(t, string(after), font, "the input's first font is kept as it was")
			f, err := excelize.OpenFile(out)
			require.NoError(t, err)
			defer f.Close()
			v, err := f.GetCellValue("Solution", "B2")
			require.NoError(t, err)
			assert.Equal(t, "5", v)
		})
	}
}

// Writing through a link replaces the file it points to, in another
// folder too, and the link stays: a workbook, a new book and a book of
// generated puzzles alike.
func TestWriteThroughLink(t *testing.T) {
	in := classicBook(t)
	p, err := Read(in, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	for _, tt := range []struct {
		name  string
		write func(out string) error
	}{
		{"solved", func(out string) error { _, err := Write(p, sol, out, Options{}); return err }},
		{"generated", func(out string) error { return WriteGenerated(out, testPuzzles(t, 2), BookOptions{}) }},
		{"summary", func(out string) error { return WriteSummary(out, []SummaryRow{{File: "a.xlsx"}}, "") }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			real := filepath.Join(t.TempDir(), "real.xlsx")
			require.NoError(t, os.WriteFile(real, []byte("old"), 0o640))
			link := filepath.Join(t.TempDir(), "link.xlsx")
			require.NoError(t, os.Symlink(real, link))
			require.NoError(t, tt.write(link))
			fi, err := os.Lstat(link)
			require.NoError(t, err)
			assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the link stays a link")
			got := unzip(t, real)
			assert.Contains(t, got, "xl/workbook.xml", "the file linked to is the new workbook")
			entries, err := os.ReadDir(filepath.Dir(link))
			require.NoError(t, err)
			assert.Len(t, entries, 1, "nothing beside the link")
		})
	}
}

// An output that names a folder is a usage error before anything is
// written, for every kind of workbook written.
func TestWriteToFolder(t *testing.T) {
	in := classicBook(t)
	p, err := Read(in, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	dir := filepath.Join(t.TempDir(), "out.xlsx")
	require.NoError(t, os.Mkdir(dir, 0o755))
	_, err = Write(p, sol, dir, Options{})
	assert.ErrorIs(t, err, ErrUsage)
	assert.Contains(t, err.Error(), "is a folder")
	assert.ErrorIs(t, WriteGenerated(dir, testPuzzles(t, 1), BookOptions{}), ErrUsage)
	assert.ErrorIs(t, WriteSummary(dir, []SummaryRow{{File: "a.xlsx"}}, ""), ErrUsage)
	entries, err := os.ReadDir(filepath.Dir(dir))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "nothing left beside it")
}

// withWritesRefused runs body where the system refuses to open a
// read-only file to write: as a user (not as root, who may write
// anything), and with the refusal played by openToWrite.
func withWritesRefused(t *testing.T, body func()) {
	t.Helper()
	if os.Geteuid() != 0 {
		body()
	}
	open := openToWrite
	openToWrite = func(name string) (*os.File, error) {
		return nil, &os.PathError{Op: "open", Path: name, Err: os.ErrPermission}
	}
	defer func() { openToWrite = open }()
	body()
}

// TestWriteRefusesAReadOnlyFile: an existing output the system would not
// let us write, the input itself with InPlace too, is refused and left as
// it was, as text output is. Root may write anything, so the refusal of
// the system is also played by openToWrite.
func TestWriteRefusesAReadOnlyFile(t *testing.T) {
	withWritesRefused(t, func() {
		dir := t.TempDir()
		data, err := os.ReadFile(filepath.Join("..", "samples", "classic.xlsx"))
		require.NoError(t, err)
		in := filepath.Join(dir, "in.xlsx")
		require.NoError(t, os.WriteFile(in, data, 0o444))
		out := filepath.Join(dir, "master.xlsx")
		require.NoError(t, os.WriteFile(out, []byte("precious"), 0o444))
		p, err := Read(in, Options{})
		require.NoError(t, err)
		sol, err := p.Solve()
		require.NoError(t, err)

		_, err = Write(p, sol, out, Options{})
		require.ErrorIs(t, err, ErrWrite)
		assert.Contains(t, err.Error(), out+": permission denied")
		_, err = Write(p, sol, in, Options{InPlace: true})
		require.ErrorIs(t, err, ErrWrite)
		for _, f := range []struct{ path, want string }{{out, "precious"}, {in, string(data)}} {
			got, err := os.ReadFile(f.path)
			require.NoError(t, err)
			assert.Equal(t, f.want, string(got))
		}
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		assert.Len(t, entries, 2, "no file left behind")
	})
}

// TestNewBookRefusesAReadOnlyFile: a book of puzzles, a worksheet book or
// a class summary is refused over an existing file the system would not
// let us write, as Write refuses it; they were renamed over it, and left
// it writable.
func TestNewBookRefusesAReadOnlyFile(t *testing.T) {
	withWritesRefused(t, func() {
		dir := t.TempDir()
		out := filepath.Join(dir, "master.xlsx")
		require.NoError(t, os.WriteFile(out, []byte("precious"), 0o444))
		puzzles := testPuzzles(t, 2)
		for name, write := range map[string]func() error{
			"book":       func() error { return WriteGenerated(out, puzzles, BookOptions{}) },
			"worksheets": func() error { return WriteWorksheetBook(out, puzzles, BookOptions{}, WorksheetOptions{}) },
			"summary":    func() error { return WriteSummary(out, nil, "") },
		} {
			err := write()
			require.ErrorIs(t, err, ErrWrite, name)
			assert.Contains(t, err.Error(), out+": permission denied", name)
			got, err := os.ReadFile(out)
			require.NoError(t, err)
			assert.Equal(t, "precious", string(got), name)
			fi, err := os.Stat(out)
			require.NoError(t, err)
			assert.Equal(t, os.FileMode(0o444), fi.Mode().Perm(), name)
		}
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		assert.Len(t, entries, 1, "no file left behind")
	})
}

// TestRerunLeavesCopiesOfOurSheets: a spreadsheet app that copies a sheet
// copies its mark, and Excel puts the copy before the sheet. A run again
// replaced the first marked sheet, the copy the user wrote on, and left
// ours as it was (walk 4). Now the sheet called as ours is replaced and
// the copies are left alone; when none is called so, none is replaced.
func TestRerunLeavesCopiesOfOurSheets(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "first.xlsx")
	_, sol, _ := solveFile(t, classicBook(t), first, Options{})

	copied := func(t *testing.T, rename string) string {
		f, err := excelize.OpenFile(first)
		require.NoError(t, err)
		_, err = f.NewSheet("My notes")
		require.NoError(t, err)
		require.NoError(t, f.SetCellStr("My notes", "A20", "my important note"))
		// A copy has the title it was copied with (titleFits).
		title, err := f.GetCellValue("Solution", "B1")
		require.NoError(t, err)
		require.NoError(t, f.SetCellStr("My notes", "B1", title))
		// Before Solution, as Excel copies it. excelize moves no
		// sheet-scoped name along (localSheetId is a position), so the
		// marks are set as Excel leaves them: Solution's on the copy and
		// on Solution, Candidates' on Candidates.
		require.NoError(t, f.MoveSheet("My notes", "Solution"))
		require.NoError(t, f.DeleteDefinedName(&excelize.DefinedName{Name: markerName, Scope: "Solution"}))
		for sheet, kind := range map[string]string{"My notes": kindSolution, "Solution": kindSolution, "Candidates": kindCandidates} {
			_ = f.DeleteDefinedName(&excelize.DefinedName{Name: markerName, Scope: sheet})
			require.NoError(t, f.SetDefinedName(&excelize.DefinedName{Name: markerName, RefersTo: `"` + kind + `"`, Scope: sheet}))
		}
		if rename != "" {
			require.NoError(t, f.SetSheetName("Solution", rename))
		}
		path := filepath.Join(t.TempDir(), "copied.xlsx")
		require.NoError(t, f.SaveAs(path))
		require.NoError(t, f.Close())
		return path
	}

	t.Run("the sheet called Solution is ours", func(t *testing.T) {
		in := copied(t, "")
		p, err := Read(in, Options{Sheet: "Week 3"})
		require.NoError(t, err)
		out := filepath.Join(t.TempDir(), "again.xlsx")
		notes, err := Write(p, sol, out, Options{})
		require.NoError(t, err)
		assert.Contains(t, notes, `left "My notes" alone: it has the mark of xlsudoku's Solution sheet under a name of its own (a copy, or renamed), so it is yours`)
		assert.Contains(t, notes, `replaced sheet "Solution" of an earlier run`)
		f, err := excelize.OpenFile(out)
		require.NoError(t, err)
		defer f.Close()
		note, err := f.GetCellValue("My notes", "A20")
		require.NoError(t, err)
		assert.Equal(t, "my important note", note)
		assert.Equal(t, []string{"Week 3", "My notes", "Solution", "Candidates"}, f.GetSheetList())
		title, err := f.GetCellValue("Solution", "B1")
		require.NoError(t, err)
		assert.Contains(t, title, "Solution of copied.xlsx", "the Solution sheet is this run's")
	})

	t.Run("none is called Solution", func(t *testing.T) {
		in := copied(t, "Key")
		p, err := Read(in, Options{Sheet: "Week 3"})
		require.NoError(t, err)
		out := filepath.Join(t.TempDir(), "again.xlsx")
		notes, err := Write(p, sol, out, Options{})
		require.NoError(t, err)
		assert.Contains(t, notes, `left "My notes", "Key" alone: each has the mark of xlsudoku's Solution sheet under a name of its own (copies, or renamed), so they are yours`)
		f, err := excelize.OpenFile(out)
		require.NoError(t, err)
		defer f.Close()
		assert.Equal(t, []string{"Week 3", "My notes", "Key", "Candidates", "Solution"}, f.GetSheetList())
		note, err := f.GetCellValue("My notes", "A20")
		require.NoError(t, err)
		assert.Equal(t, "my important note", note)
		title, err := f.GetCellValue("Key", "B1")
		require.NoError(t, err)
		assert.Contains(t, title, "Solution of classic.xlsx", "the renamed sheet is left as the first run wrote it")
	})
}

// TestTwoSolutionsOfAnEarlierRunEmptied: a puzzle with two solutions
// gets a Two solutions sheet; once givens are added, a run again left it
// as it was beside the one Solution (walk 4). It now says only that the
// puzzle has one solution.
func TestTwoSolutionsOfAnEarlierRunEmptied(t *testing.T) {
	f := newBook(t, "Week 3")
	g := grid(t, classic)
	sol, err := solve.Solve(g)
	require.NoError(t, err)
	loose := g
	for i := 40; i < 81; i++ {
		loose.Cells[i] = 0
	}
	require.Greater(t, solve.CountSolutions(loose, 2), 1)
	putGrid(t, f, "Week 3", layoutB2, loose)
	in := filepath.Join(t.TempDir(), "multi.xlsx")
	require.NoError(t, f.SaveAs(in))

	p, err := Read(in, Options{Range: "B2:J10"})
	require.NoError(t, err)
	first, err := p.Solve()
	var nu *NotUniqueError
	require.ErrorAs(t, err, &nu)
	multi := filepath.Join(t.TempDir(), "multi-solved.xlsx")
	_, err = WriteExtras(p, first, multi, Options{}, Extras{Second: &nu.Second})
	require.NoError(t, err)

	// the givens put back, and solved again
	fixed, err := excelize.OpenFile(multi)
	require.NoError(t, err)
	putGrid(t, fixed, "Week 3", layoutB2, g)
	again := filepath.Join(t.TempDir(), "fixed.xlsx")
	require.NoError(t, fixed.SaveAs(again))
	require.NoError(t, fixed.Close())
	p, err = Read(again, Options{Sheet: "Week 3", Range: "B2:J10"})
	require.NoError(t, err)
	out := filepath.Join(t.TempDir(), "out.xlsx")
	notes, err := Write(p, sol, out, Options{})
	require.NoError(t, err)
	assert.Contains(t, notes, `emptied sheet "Two solutions" of an earlier run`)

	r, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer r.Close()
	assert.Equal(t, []string{"Week 3", "Solution", "Candidates", "Two solutions"}, r.GetSheetList())
	text := shownText(t, r, "Two solutions")
	require.Len(t, text, 1, "no digit of the two solutions is left")
	assert.Equal(t, "An earlier run of xlsudoku showed two solutions of a puzzle here. The puzzle at 'Week 3'!B2:J10 of fixed.xlsx has one: see the sheet Solution.", text[0])
}

// TestWriteSyncsBeforeRenaming: a workbook, like text output, is put on
// disk before it is renamed over out (walk 4: a crash during --in-place
// could leave the name holding a file never written out), and a failing
// sync leaves out as it was.
func TestWriteSyncsBeforeRenaming(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.xlsx")
	require.NoError(t, os.WriteFile(out, []byte("old"), 0o644))
	var synced []string
	before := []byte("old") // out as it is before each write
	sync := syncFile
	t.Cleanup(func() { syncFile = sync })
	syncFile = func(f *os.File) error {
		got, err := os.ReadFile(out)
		require.NoError(t, err)
		assert.Equal(t, before, got, "synced before the rename")
		synced = append(synced, f.Name())
		return f.Sync()
	}
	p, err := Read(classicBook(t), Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	_, err = Write(p, sol, out, Options{})
	require.NoError(t, err)
	before, err = os.ReadFile(out)
	require.NoError(t, err)
	require.NoError(t, WriteGenerated(out, testPuzzles(t, 2), BookOptions{}))
	require.Len(t, synced, 2, "Write and WriteGenerated each sync their file")
	for _, name := range synced {
		assert.Equal(t, dir, filepath.Dir(name))
		assert.NotEqual(t, out, name)
	}

	syncFile = func(*os.File) error { return errors.New("disk full") }
	require.NoError(t, os.WriteFile(out, []byte("old"), 0o644))
	_, err = Write(p, sol, out, Options{})
	require.ErrorIs(t, err, ErrWrite)
	assert.Contains(t, err.Error(), "disk full")
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "old", string(got))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no file left behind")
}

// TestWriteNotesALockedStructure: sheets added to a workbook whose
// structure is protected cannot be moved, renamed or deleted in an app
// without unprotecting it: the user is told (walk 4), and replacing the
// sheets of an earlier run says nothing more.
func TestWriteNotesALockedStructure(t *testing.T) {
	f := newBook(t, "Week 3")
	putGrid(t, f, "Week 3", layoutB2, grid(t, classic))
	require.NoError(t, f.ProtectWorkbook(&excelize.WorkbookProtectionOptions{Password: "secret", LockStructure: true}))
	in := save(t, f, "locked.xlsx")
	out := filepath.Join(t.TempDir(), "out.xlsx")
	_, sol, notes := solveFile(t, in, out, Options{})
	const note = "the workbook's structure is protected: in a spreadsheet app, the sheets added can be moved, renamed or deleted only after unprotecting it (Review > Protect Workbook), which needs its password if it has one"
	assert.Contains(t, notes, note)
	assert.Contains(t, string(unzip(t, out)["xl/workbook.xml"]), `lockStructure="true"`, "the protection is kept")

	p, err := Read(out, Options{Sheet: "Week 3"})
	require.NoError(t, err)
	notes, err = Write(p, sol, filepath.Join(t.TempDir(), "again.xlsx"), Options{})
	require.NoError(t, err)
	assert.NotContains(t, notes, note)

	_, _, notes = solveFile(t, classicBook(t), filepath.Join(t.TempDir(), "plain.xlsx"), Options{})
	assert.NotContains(t, notes, note)
}

// A digitally signed workbook (Excel keeps the signature in
// _xmlsignatures, found from the package's relationships) no longer
// matches its signature once our sheets are in it: a run says so, and
// keeps the signature's parts as they were.
func TestWriteNotesASignedWorkbook(t *testing.T) {
	in := classicBook(t)
	const (
		origin = "http://schemas.openxmlformats.org/package/2006/relationships/digital-signature/origin"
		sig    = "http://schemas.openxmlformats.org/package/2006/relationships/digital-signature/signature"
	)
	rezip(t, in, func(name string, data []byte) []byte {
		switch name {
		case "_rels/.rels":
			return []byte(strings.Replace(string(data), "</Relationships>", `<Relationship Id="rIdSig" Type="`+origin+`" Target="_xmlsignatures/origin.sigs"/></Relationships>`, 1))
		case "[Content_Types].xml":
			return []byte(strings.Replace(string(data), "</Types>", `<Default Extension="sigs" ContentType="application/vnd.openxmlformats-package.digital-signature-origin"/>`+
				`<Override PartName="/_xmlsignatures/sig1.xml" ContentType="application/vnd.openxmlformats-package.digital-signature-xmlsignature+xml"/></Types>`, 1))
		}
		return data
	})
	zr, err := zip.OpenReader(in)
	require.NoError(t, err)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		require.NoError(t, zw.Copy(f))
	}
	zr.Close()
	for name, data := range map[string]string{
		"_xmlsignatures/origin.sigs":            "",
		"_xmlsignatures/_rels/origin.sigs.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="` + sig + `" Target="sig1.xml"/></Relationships>`,
		"_xmlsignatures/sig1.xml":               `<?xml version="1.0" encoding="UTF-8"?><Signature xmlns="http://www.w3.org/2000/09/xmldsig#"/>`,
	} {
		w, err := zw.Create(name)
		require.NoError(t, err)
		_, err = w.Write([]byte(data))
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	require.NoError(t, os.WriteFile(in, buf.Bytes(), 0o644))

	out := filepath.Join(t.TempDir(), "out.xlsx")
	_, _, notes := solveFile(t, in, out, Options{})
	signed := func(n string) bool { return strings.Contains(n, "digitally signed") }
	assert.True(t, slices.ContainsFunc(notes, signed), "notes: %q", notes)
	before, after := unzip(t, in), unzip(t, out)
	for _, part := range []string{"_xmlsignatures/origin.sigs", "_xmlsignatures/_rels/origin.sigs.rels", "_xmlsignatures/sig1.xml", "_rels/.rels"} {
		assert.Equal(t, before[part], after[part], part)
	}

	_, _, notes = solveFile(t, classicBook(t), filepath.Join(t.TempDir(), "plain.xlsx"), Options{})
	assert.False(t, slices.ContainsFunc(notes, signed), "notes: %q", notes)
}

// TestRerunFindsItsNumberedSheet: beside sheets of the user's called
// Solution and Solution (xlsudoku), a run names its sheet Solution 2; once
// that sheet was copied (the copy carries its mark), a run again took
// neither for its own, left Solution 2 stale and added Solution 3, one
// more sheet each run.
func TestRerunFindsItsNumberedSheet(t *testing.T) {
	f := newBook(t, "Week 3")
	putGrid(t, f, "Week 3", layoutB2, grid(t, classic))
	for _, s := range []string{"Solution", "Solution (xlsudoku)"} {
		_, err := f.NewSheet(s)
		require.NoError(t, err)
	}
	in := filepath.Join(t.TempDir(), "in.xlsx")
	require.NoError(t, f.SaveAs(in))
	require.NoError(t, f.Close())
	first := filepath.Join(t.TempDir(), "first.xlsx")
	_, sol, notes := solveFile(t, in, first, Options{Sheet: "Week 3"})
	assert.Contains(t, notes, `the workbook already has a sheet "Solution" that carries no xlsudoku mark (your own, or ours saved by an app that dropped the marks); wrote sheet "Solution 2" instead`)

	c, err := excelize.OpenFile(first)
	require.NoError(t, err)
	_, err = c.NewSheet("My notes")
	require.NoError(t, err)
	title, err := c.GetCellValue("Solution 2", "B1")
	require.NoError(t, err)
	require.NoError(t, c.SetCellStr("My notes", "B1", title)) // a copy's title (titleFits)
	require.NoError(t, c.MoveSheet("My notes", "Solution 2"))
	for sheet, kind := range map[string]string{"My notes": kindSolution, "Solution 2": kindSolution, "Candidates": kindCandidates} {
		_ = c.DeleteDefinedName(&excelize.DefinedName{Name: markerName, Scope: sheet})
		require.NoError(t, c.SetDefinedName(&excelize.DefinedName{Name: markerName, RefersTo: `"` + kind + `"`, Scope: sheet}))
	}
	out := filepath.Join(t.TempDir(), "copied.xlsx")
	require.NoError(t, c.SaveAs(out))
	require.NoError(t, c.Close())
	want := []string{"Week 3", "Solution", "Solution (xlsudoku)", "My notes", "Solution 2", "Candidates"}
	for run := range 2 {
		p, err := Read(out, Options{Sheet: "Week 3"})
		require.NoError(t, err)
		out = filepath.Join(t.TempDir(), "again.xlsx")
		notes, err := Write(p, sol, out, Options{})
		require.NoError(t, err)
		assert.Contains(t, notes, `replaced sheet "Solution 2" of an earlier run`, "run %d", run)
		assert.Contains(t, notes, `left "My notes" alone: it has the mark of xlsudoku's Solution sheet under a name of its own (a copy, or renamed), so it is yours`, "run %d", run)
		r, err := excelize.OpenFile(out)
		require.NoError(t, err)
		assert.Equal(t, want, r.GetSheetList(), "run %d", run)
		require.NoError(t, r.Close())
	}
}

// TestRerunKeepsTheSheetsCodeName: Excel gives every sheet of a macro
// workbook a code name (<sheetPr codeName>), by which its VBA project
// knows it; a sheet a run replaces keeps the old one's, where it was
// written without one and Excel would leave the old name's module, and
// any code the user put in it, without its sheet.
func TestRerunKeepsTheSheetsCodeName(t *testing.T) {
	dir := t.TempDir()
	once := filepath.Join(dir, "once.xlsx")
	_, sol, _ := solveFile(t, classicBook(t), once, Options{})
	parts := unzip(t, once)
	named := map[string]string{} // part -> code name, as Excel saves them
	for name := range parts {
		if !strings.HasPrefix(name, "xl/worksheets/sheet") {
			continue
		}
		code := "Sheet" + strings.TrimSuffix(strings.TrimPrefix(name, "xl/worksheets/sheet"), ".xml")
		named[name] = code
		rezip(t, once, func(n string, data []byte) []byte {
			if n != name {
				return data
			}
			s := string(data)
			if strings.Contains(s, "<sheetPr>") {
				return []byte(strings.Replace(s, "<sheetPr>", `<sheetPr codeName="`+code+`">`, 1))
			}
			i := strings.Index(s, "<dimension")
			if i < 0 {
				i = strings.Index(s, "<sheetViews")
			}
			return []byte(s[:i] + `<sheetPr codeName="` + code + `"/>` + s[i:])
		})
	}
	require.Len(t, named, 3, "Week 3, Solution and Candidates")
	p, err := Read(once, Options{})
	require.NoError(t, err)
	twice := filepath.Join(dir, "twice.xlsx")
	_, err = Write(p, sol, twice, Options{})
	require.NoError(t, err)
	after := unzip(t, twice)
	for name, code := range named {
		assert.Contains(t, string(after[name]), `codeName="`+code+`"`, name)
		assert.Equal(t, 1, strings.Count(string(after[name]), "<sheetPr"), name)
	}
	f, err := excelize.OpenFile(twice)
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, []string{"Week 3", "Solution", "Candidates"}, f.GetSheetList())
}

// TestDanglingNamesOfANewSheetsIndex: a name scoped to a sheet index the
// workbook does not have (left so by an app that deleted a sheet without
// renumbering its names) goes when a new sheet of ours takes that index:
// ours would be its duplicate, which apps refuse (a walk of 2 December).
func TestDanglingNamesOfANewSheetsIndex(t *testing.T) {
	solved := filepath.Join(t.TempDir(), "solved.xlsx")
	solveFile(t, classicBook(t), solved, Options{})
	dangling := `<definedName name="_xlnm.Print_Area" localSheetId="3">'Week 3'!$A$1</definedName>`
	rezip(t, solved, func(name string, data []byte) []byte {
		if name == "xl/workbook.xml" {
			return bytes.Replace(data, []byte("</definedNames>"), []byte(dangling+"</definedNames>"), 1)
		}
		return data
	})
	require.Contains(t, string(unzip(t, solved)["xl/workbook.xml"]), dangling)
	out := filepath.Join(t.TempDir(), "explained.xlsx")
	explainFile(t, solved, out)
	wb := string(unzip(t, out)["xl/workbook.xml"])
	assert.NotContains(t, wb, dangling)
	areas := regexp.MustCompile(`<definedName name="_xlnm.Print_Area" localSheetId="3"[^>]*>([^<]*)<`).FindAllStringSubmatch(wb, -1)
	require.Len(t, areas, 1, "one print area for sheet 3: %s", wb)
	assert.Contains(t, areas[0][1], "Steps")
	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, []string{"Week 3", "Solution", "Candidates", "Steps"}, f.GetSheetList())
}

// TestReplacedSheetsRelsLeaveNoContentType: the relationships of a sheet
// of an earlier run that is replaced go, and so does their content type,
// which LibreOffice lists for every .rels part (a walk of 2 December: a
// content type for a part no longer there).
func TestReplacedSheetsRelsLeaveNoContentType(t *testing.T) {
	first := filepath.Join(t.TempDir(), "first.xlsx")
	explainFile(t, classicBook(t), first)
	pk, err := openPackage(first, 0)
	require.NoError(t, err)
	var steps string
	for _, s := range pk.worksheets() {
		if s.ours == kindSteps {
			steps = s.part
		}
	}
	pk.Close()
	require.NotEmpty(t, steps)
	rels := strings.TrimPrefix(opc.RelsPath(steps), "/")
	override := `<Override PartName="/` + rels + `" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>`
	var added bool
	rezip(t, first, func(name string, data []byte) []byte {
		if name == "[Content_Types].xml" {
			added = true
			return bytes.Replace(data, []byte("</Types>"), []byte(override+"</Types>"), 1)
		}
		return data
	})
	require.True(t, added)
	withRels := addPart(t, first, rels, `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>`)
	out := filepath.Join(t.TempDir(), "again.xlsx")
	explainFile(t, withRels, out)
	parts := unzip(t, out)
	assert.NotContains(t, parts, rels, "the replaced sheet's relationships go")
	assert.NotContains(t, string(parts["[Content_Types].xml"]), `PartName="/`+rels+`"`, "and their content type")
}

// addPart returns a copy of the zip at path with one more part.
func addPart(t *testing.T, path, name, content string) string {
	t.Helper()
	parts := unzip(t, path)
	out := filepath.Join(t.TempDir(), filepath.Base(path))
	f, err := os.Create(out)
	require.NoError(t, err)
	zw := zip.NewWriter(f)
	for _, n := range slices.Sorted(maps.Keys(parts)) {
		w, err := zw.Create(n)
		require.NoError(t, err)
		_, err = w.Write(parts[n])
		require.NoError(t, err)
	}
	w, err := zw.Create(name)
	require.NoError(t, err)
	_, err = w.Write([]byte(content))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	require.NoError(t, f.Close())
	return out
}

// TestMarkOnAUsersSheet: a mark that names a user's sheet (a tool that
// deleted a sheet and did not renumber the names after it leaves one so:
// openpyxl 3.0) does not make it ours: the sheet is left alone, and ours
// is written beside it (a walk of 2 December: "My notes" got the Steps).
func TestMarkOnAUsersSheet(t *testing.T) {
	explained := filepath.Join(t.TempDir(), "explained.xlsx")
	explainFile(t, classicBook(t), explained)
	f, err := excelize.OpenFile(explained)
	require.NoError(t, err)
	_, err = f.NewSheet("My notes")
	require.NoError(t, err)
	require.NoError(t, f.SetCellStr("My notes", "A1", "precious teacher notes"))
	require.NoError(t, f.SetCellStr("My notes", "B1", "week 3 plan"))
	edited := filepath.Join(t.TempDir(), "edited.xlsx")
	require.NoError(t, f.SaveAs(edited))
	require.NoError(t, f.Close())
	// The Steps mark moved to My notes (index 4), as openpyxl leaves it.
	var moved bool
	rezip(t, edited, func(name string, data []byte) []byte {
		if name != "xl/workbook.xml" {
			return data
		}
		re := regexp.MustCompile(`(<definedName[^>]*name="` + markerName + `"[^>]*localSheetId=")3("[^>]*>[^<]*steps)|(<definedName[^>]*localSheetId=")3("[^>]*name="` + markerName + `"[^>]*>[^<]*steps)`)
		out := re.ReplaceAll(data, []byte("${1}${3}4${2}${4}"))
		moved = !bytes.Equal(out, data)
		return out
	})
	require.True(t, moved, "the fixture moves the mark")

	out := filepath.Join(t.TempDir(), "again.xlsx")
	_, _, notes := explainFile(t, edited, out)
	assert.NotContains(t, strings.Join(notes, "\n"), `"My notes"`)
	g, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer g.Close()
	v, err := g.GetCellValue("My notes", "A1")
	require.NoError(t, err)
	assert.Equal(t, "precious teacher notes", v, "the user's sheet as it was")
	title, err := g.GetCellValue("My notes", "B1")
	require.NoError(t, err)
	assert.Equal(t, "week 3 plan", title)
	// Steps itself lost its name, but its mark cell still says it is ours.
	assert.Equal(t, []string{"Week 3", "Solution", "Candidates", "Steps", "My notes"}, g.GetSheetList(), "Steps replaced in place, My notes left alone")
}

// TestPartsWithAByteOrderMark: a styles, relationships or content types
// part that starts with a byte-order mark is well-formed XML, and the
// workbook is written (a walk of 2 December: "text outside the root
// element; the workbook is damaged", exit 3).
func TestPartsWithAByteOrderMark(t *testing.T) {
	for _, part := range []string{"xl/styles.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml"} {
		t.Run(part, func(t *testing.T) {
			in := classicBook(t)
			rezip(t, in, func(name string, data []byte) []byte {
				if name == part {
					return append([]byte("\uFEFF"), data...)
				}
				return data
			})
			out := filepath.Join(t.TempDir(), "out.xlsx")
			solveFile(t, in, out, Options{})
			f, err := excelize.OpenFile(out)
			require.NoError(t, err)
			defer f.Close()
			assert.Equal(t, []string{"Week 3", "Solution", "Candidates"}, f.GetSheetList())
			v, err := f.GetCellValue("Solution", "B1")
			require.NoError(t, err)
			assert.Contains(t, v, "Solution of")
		})
	}
}

// TestWriteRefusesAWrongSolution: a solution that breaks the rules or
// does not keep the givens is refused (ErrUsage) by every writer, and
// nothing is written: the Solution sheet printed a bold "given" the
// puzzle does not have, and a self-checking worksheet stored a key that
// marked right entries wrong (a library walk of 2 December). So is a
// book of zero-value puzzles, which was written and then read as none.
func TestWriteRefusesAWrongSolution(t *testing.T) {
	p, sol := readSolved(t, filepath.Join("..", "samples", "classic.xlsx"))
	swapped := sol
	swapped.Cells[0], swapped.Cells[1] = swapped.Cells[1], swapped.Cells[0] // r1c1 holds the given 5
	ones := solve.NewGrid(solve.Shape9)
	for i := range 81 {
		ones.Cells[i] = 1
	}
	// Another valid grid: the solution's digits 1 and 2 swapped, which
	// keeps the rules but not the givens 1 and 2.
	relabelled := swapOnesAndTwos(sol)
	require.NoError(t, relabelled.Check())
	dir := t.TempDir()
	for _, tt := range []struct {
		name string
		sol  solve.Grid
		msg  string
	}{
		{"a given swapped away", swapped, "the solution breaks the rules"},
		{"all ones", ones, "the solution breaks the rules"},
		{"another grid", relabelled, ", where the given is "},
		{"empty", solve.Grid{}, "the solution is not a complete 9x9 grid"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(dir, "out.xlsx")
			_, err := Write(p, tt.sol, out, Options{})
			assert.ErrorIs(t, err, ErrUsage)
			assert.ErrorContains(t, err, tt.msg)
			_, err = WriteWorksheet(p, tt.sol, out, Options{}, WorksheetOptions{SelfCheck: true})
			assert.ErrorIs(t, err, ErrUsage)
			assert.ErrorContains(t, err, tt.msg)
			book := testPuzzles(t, 2)
			book[1].Solution = tt.sol
			if tt.name == "another grid" {
				book[1].Givens = p.Grid
			}
			err = WriteGenerated(out, book, BookOptions{})
			assert.ErrorIs(t, err, ErrUsage)
			assert.ErrorContains(t, err, "puzzle 2: ")
			err = WriteWorksheetBook(out, book, BookOptions{}, WorksheetOptions{})
			assert.ErrorIs(t, err, ErrUsage)
			assert.ErrorContains(t, err, "puzzle 2: ")
			assert.NoFileExists(t, out)
		})
	}
	for _, write := range []func([]GeneratedPuzzle) error{
		func(ps []GeneratedPuzzle) error {
			return WriteGenerated(filepath.Join(dir, "zero.xlsx"), ps, BookOptions{})
		},
		func(ps []GeneratedPuzzle) error {
			return WriteWorksheetBook(filepath.Join(dir, "zero.xlsx"), ps, BookOptions{}, WorksheetOptions{})
		},
	} {
		for _, ps := range [][]GeneratedPuzzle{{{}}, {{}, {}}} {
			err := write(ps)
			assert.ErrorIs(t, err, ErrUsage)
			assert.ErrorContains(t, err, "puzzle 0: the puzzle is no grid of a supported shape")
		}
	}
	assert.NoFileExists(t, filepath.Join(dir, "zero.xlsx"))
}

// TestWriteRefusesNothing: a nil puzzle or an empty output name is a
// usage error; Write(nil, ...) dereferenced nil, and an empty name said
// "bad option: : the output must be a .xlsx file" (a library walk of 2
// December).
func TestWriteRefusesNothing(t *testing.T) {
	p, sol := readSolved(t, filepath.Join("..", "samples", "classic.xlsx"))
	out := filepath.Join(t.TempDir(), "out.xlsx")
	require.NotPanics(t, func() {
		_, err := Write(nil, sol, out, Options{})
		assert.ErrorIs(t, err, ErrUsage)
		assert.ErrorContains(t, err, "no puzzle (a nil *Puzzle)")
		_, err = WriteWorksheet(nil, sol, out, Options{}, WorksheetOptions{})
		assert.ErrorIs(t, err, ErrUsage)
		assert.ErrorIs(t, CheckOutput(nil, out, Options{}), ErrUsage)
	})
	assert.NoFileExists(t, out)
	for _, check := range []error{
		CheckTarget(""),
		CheckOutput(p, "", Options{}),
		func() error { _, err := Write(p, sol, "", Options{}); return err }(),
		func() error { _, err := WriteWorksheet(p, sol, "", Options{}, WorksheetOptions{}); return err }(),
		WriteGenerated("", testPuzzles(t, 1), BookOptions{}),
		WriteWorksheetBook("", testPuzzles(t, 1), BookOptions{}, WorksheetOptions{}),
	} {
		assert.ErrorIs(t, check, ErrUsage)
		assert.ErrorContains(t, check, "no output file named")
	}
}

// TestWritersShareAPuzzle: as the package doc says, goroutines may read
// and write with one *Puzzle at once; two writes to one output leave one
// of them whole. (Run with -race to check the sharing itself.)
func TestWritersShareAPuzzle(t *testing.T) {
	p, sol := readSolved(t, filepath.Join("..", "samples", "classic.xlsx"))
	before := p.Grid
	dir := t.TempDir()
	shared := filepath.Join(dir, "shared.xlsx")
	var wg sync.WaitGroup
	errs := make([]error, 6)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out := shared
			if i%2 == 0 {
				out = filepath.Join(dir, fmt.Sprintf("out%d.xlsx", i))
			}
			if i%3 == 0 {
				_, errs[i] = WriteWorksheet(p, sol, out, Options{}, WorksheetOptions{})
				return
			}
			_, errs[i] = Write(p, sol, out, Options{})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		require.NoError(t, err, "writer %d", i)
	}
	assert.Equal(t, before, p.Grid, "the puzzle is only read")
	outs, err := filepath.Glob(filepath.Join(dir, "*.xlsx"))
	require.NoError(t, err)
	assert.Len(t, outs, 4, "three of their own and the shared one")
	for _, out := range outs {
		back, err := Read(out, Options{Sheet: "Puzzle"})
		require.NoError(t, err, out)
		assert.Equal(t, p.Grid, back.Grid, out)
	}
	leftovers, err := filepath.Glob(filepath.Join(dir, ".*"))
	require.NoError(t, err)
	assert.Empty(t, leftovers, "no temporary file left behind")
}

// TestNextSheetID: new sheets take the ids after the largest, and past
// the largest an xsd:unsignedInt holds, the smallest free ones: a
// workbook with sheetId 4294967295 got 4294967296, which the schema
// refuses (a walk of 2 December).
func TestNextSheetID(t *testing.T) {
	used := map[int]bool{1: true, 2: true, 5: true}
	assert.Equal(t, 6, nextSheetID(5, used))
	assert.Equal(t, 7, nextSheetID(6, used))
	used = map[int]bool{1: true, 2: true, 4: true, maxSheetID - 1: true, maxSheetID: true}
	last := maxSheetID
	var got []int
	for range 3 {
		last = nextSheetID(last, used)
		got = append(got, last)
	}
	assert.Equal(t, []int{3, 5, 6}, got)

	// A workbook whose one sheet has the largest id.
	in := classicBook(t)
	rezip(t, in, func(part string, data []byte) []byte {
		if part == "xl/workbook.xml" {
			return regexp.MustCompile(`sheetId="\d+"`).ReplaceAll(data, []byte(`sheetId="4294967295"`))
		}
		return data
	})
	p, sol := readSolved(t, in)
	out := filepath.Join(t.TempDir(), "out.xlsx")
	_, err := Write(p, sol, out, Options{})
	require.NoError(t, err)
	ids := regexp.MustCompile(`sheetId="(\d+)"`).FindAllSubmatch(unzip(t, out)["xl/workbook.xml"], -1)
	var written []string
	for _, m := range ids {
		written = append(written, string(m[1]))
	}
	assert.Equal(t, []string{"4294967295", "1", "2"}, written)
}

// TestMarkCellOutlivesTheNames: our Solution, Candidates and Steps sheets
// carry their mark in a hidden cell of row 1 too, so that a file saved by
// an app that drops every hidden defined name (exceljs) gets them
// replaced by the next run, and their names back, rather than a second
// set beside them ("Solution (xlsudoku)": a walk of 2 December).
func TestMarkCellOutlivesTheNames(t *testing.T) {
	explained := filepath.Join(t.TempDir(), "explained.xlsx")
	explainFile(t, classicBook(t), explained)
	sheets := []string{"Week 3", "Solution", "Candidates", "Steps"}
	kinds := map[string]string{"Solution": kindSolution, "Candidates": kindCandidates, "Steps": kindSteps}
	f, err := excelize.OpenFile(explained)
	require.NoError(t, err)
	require.Equal(t, sheets, f.GetSheetList())
	for sheet, kind := range kinds {
		rows, err := f.GetRows(sheet)
		require.NoError(t, err)
		require.NotEmpty(t, rows)
		at := slices.Index(rows[0], markCellPrefix+kind)
		require.GreaterOrEqual(t, at, 0, "%s: row 1 holds the mark: %q", sheet, rows[0])
		col, err := excelize.ColumnNumberToName(at + 1)
		require.NoError(t, err)
		visible, err := f.GetColVisible(sheet, col)
		require.NoError(t, err)
		assert.False(t, visible, "%s: the mark's column %s is hidden", sheet, col)
		assert.NotContains(t, shownText(t, f, sheet), markCellPrefix+kind)
	}
	require.NoError(t, f.Close())

	dropIdentities(t, explained, false)
	for _, run := range []string{"explain", "solve"} {
		again := filepath.Join(t.TempDir(), run+".xlsx")
		var notes []string
		if run == "explain" {
			_, _, notes = explainFile(t, explained, again)
		} else {
			p, sol := readSolved(t, explained)
			notes, err = Write(p, sol, again, Options{})
			require.NoError(t, err)
		}
		assert.Contains(t, notes, `replaced sheet "Solution" of an earlier run`, run)
		assert.NotContains(t, strings.Join(notes, "\n"), "alone", run)
		g, err := excelize.OpenFile(again)
		require.NoError(t, err)
		assert.Equal(t, sheets, g.GetSheetList(), "%s replaces our sheets in place", run)
		v, err := g.GetCellValue("Solution", "B2")
		require.NoError(t, err)
		assert.Equal(t, "5", v, run)
		require.NoError(t, g.Close())
		wb := string(unzip(t, again)["xl/workbook.xml"])
		for sheet, kind := range kinds {
			i := slices.Index(sheets, sheet)
			want := fmt.Sprintf(`name="%s" localSheetId="%d" hidden="1">&quot;%s&quot;<`, markerName, i, kind)
			if run == "solve" && sheet == "Steps" {
				continue // solve leaves the Steps sheet as it was
			}
			assert.Contains(t, wb, want, "%s: the mark of %s is back in a name", run, sheet)
		}
	}
}

// TestMarkCellCountsOnlyUnderOurNames: a mark cell goes wherever its
// sheet's cells are pasted, so without the defined name it makes a sheet
// ours only under a name a run gives that kind of sheet. A Solution the
// user renamed (or pasted into a sheet of their own) stays theirs.
func TestMarkCellCountsOnlyUnderOurNames(t *testing.T) {
	explained := filepath.Join(t.TempDir(), "explained.xlsx")
	explainFile(t, classicBook(t), explained)
	f, err := excelize.OpenFile(explained)
	require.NoError(t, err)
	require.NoError(t, f.SetSheetName("Solution", "Answer key"))
	require.NoError(t, f.SetCellStr("Answer key", "B12", "for the staff room"))
	renamed := filepath.Join(t.TempDir(), "renamed.xlsx")
	require.NoError(t, f.SaveAs(renamed))
	require.NoError(t, f.Close())
	dropIdentities(t, renamed, false)

	again := filepath.Join(t.TempDir(), "again.xlsx")
	p, sol := readSolved(t, renamed)
	_, err = Write(p, sol, again, Options{})
	require.NoError(t, err)
	g, err := excelize.OpenFile(again)
	require.NoError(t, err)
	defer g.Close()
	assert.Equal(t, []string{"Week 3", "Answer key", "Candidates", "Steps", "Solution"}, g.GetSheetList())
	v, err := g.GetCellValue("Answer key", "B12")
	require.NoError(t, err)
	assert.Equal(t, "for the staff room", v, "the renamed sheet is the user's")
}

func TestNamedAsRunNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"Solution", true},
		{"solution", true},
		{"Solution (xlsudoku)", true},
		{"Solution 2", true},
		{"Solution 17", true},
		{"Solution 1", false},
		{"Solution 02", false},
		{"Solution 2b", false},
		{"Solution -2", false},
		{"Solutions", false},
		{"My Solution", false},
		{"Solution (mine)", false},
	} {
		assert.Equal(t, tc.want, namedAsRunNames(tc.name, "Solution"), tc.name)
	}
}

// TestMarkCellOutranksAShiftedName: openpyxl and SheetJS delete a sheet
// without renumbering the names after it, so each of our sheets then
// sits under the next one's mark (Candidates named "solution", Steps
// "candidates"). Each is known still by its own mark cell: a run replaces
// them in place and writes their names right. They were taken for the
// user's: a second set was written beside them, every run again, and a
// worksheet made from the file left the Steps to the students.
func TestMarkCellOutranksAShiftedName(t *testing.T) {
	explained := filepath.Join(t.TempDir(), "explained.xlsx")
	explainFile(t, classicWithSheet(t, "Notes"), explained)
	deleteAsOpenpyxl(t, explained, "Notes", 1)
	sheets := []string{"Week 3", "Solution", "Candidates", "Steps"}
	for run := range 2 {
		again := filepath.Join(t.TempDir(), "again.xlsx")
		msgs := func() []string { _, _, n := explainFile(t, explained, again); return n }()
		for _, s := range sheets[1:] {
			assert.Contains(t, msgs, fmt.Sprintf("replaced sheet %q of an earlier run", s), "run %d", run)
		}
		g, err := excelize.OpenFile(again)
		require.NoError(t, err)
		assert.Equal(t, sheets, g.GetSheetList(), "run %d", run)
		require.NoError(t, g.Close())
		wb := string(unzip(t, again)["xl/workbook.xml"])
		for i, kind := range []string{kindSolution, kindCandidates, kindSteps} {
			assert.Contains(t, wb, fmt.Sprintf(`name="%s" localSheetId="%d" hidden="1">&quot;%s&quot;<`, markerName, i+1, kind), "run %d", run)
		}
		explained = again
	}
}

// TestRunNamedAndTitleFits: the names and titles that confirm a mark.
func TestRunNamedAndTitleFits(t *testing.T) {
	for _, tc := range []struct {
		name, kind string
		want       bool
	}{
		{"Solution", kindSolution, true},
		{"Solution (xlsudoku)", kindSolution, true},
		{"Answer key", kindSolution, false},
		{"Steps Copy", kindSteps, false},
		{"Two solutions 2", kindSolutions, true},
		{"Discussion", kindSolutions, false},
		{"Answers", kindAnswers, true},
		{"Answers 3", kindAnswers + " 3", true},
		{"Lists", kindAnswers, false},
		{"Candidates 2", kindLiveCandidates + " 2", true},
		{"Candidates", kindLiveCandidates, true},
		{"Week 3 worksheet", kindWorksheet, true},
		{"anything", "marked", true},
	} {
		assert.Equal(t, tc.want, runNamed(tc.name, tc.kind), "%q as %q", tc.name, tc.kind)
	}
	for _, tc := range []struct {
		kind, title string
		hidden      bool
		want        bool
	}{
		{kindSolutions, "Puzzle!B2:J10 of a.xlsx has more than one solution; two of them, where they differ shaded", false, true},
		{kindSolutions, "Why our class puzzle has more than one solution", false, false},
		{kindAnswers, "Answers", true, true},
		{kindAnswers, "Answers", false, true},
		{kindAnswers, "", true, true},
		{kindAnswers, "", false, false},
		{kindAnswers, "Names", true, false},
		{kindLiveCandidates + " 2", "Candidates of Puzzle 2, as the entries stand", false, true},
		{kindLiveCandidates, "My candidates", false, false},
	} {
		assert.Equal(t, tc.want, titleFits(tc.kind, tc.title, tc.hidden), "%q titled %q", tc.kind, tc.title)
	}
}
