package workbook

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// withSavedResults gives every formula cell of the workbook at path the
// saved result value, as an app that calculated them saves them.
func withSavedResults(t testing.TB, path, value string) {
	t.Helper()
	formula := regexp.MustCompile(`(<f>[^<]*</f>|<f [^>]*/>)(<v>[^<]*</v>|<v/>)?`)
	rezip(t, path, func(name string, data []byte) []byte {
		if !strings.HasPrefix(name, "xl/worksheets/sheet") {
			return data
		}
		return formula.ReplaceAll(data, []byte("${1}<v>"+value+"</v>"))
	})
}

// solvedClassic is the classic book solved, as solve -o writes it (with
// its Solution and Candidates sheets), and its puzzle.
func solvedClassic(t *testing.T) (string, *Puzzle) {
	t.Helper()
	solved := filepath.Join(t.TempDir(), "solved.xlsx")
	p, sol := readSolved(t, classicBook(t))
	_, err := Write(p, sol, solved, Options{})
	require.NoError(t, err)
	return solved, p
}

// worksheetOf writes the worksheet of sheet's puzzle of the workbook in,
// as the worksheet command does, and returns its path and notes.
func worksheetOf(t *testing.T, in, sheet string) (string, []string) {
	t.Helper()
	q, err := Read(in, Options{Sheet: sheet})
	require.NoError(t, err)
	sol, err := q.Solve()
	require.NoError(t, err)
	out := filepath.Join(t.TempDir(), "ws.xlsx")
	notes, err := WriteWorksheet(q, sol, out, Options{}, WorksheetOptions{})
	require.NoError(t, err)
	return out, notes
}

// TestWorksheetClearsResultsReadingTheAnswer: the teacher's own formulas
// that read the Solution sheet (=Solution!B2 in a column of keys), or a
// defined name on it, or a sheet of such formulas, lose their saved
// results in the worksheet's copy, which empties the Solution sheet: they
// showed the answer in LibreOffice, which does not recalculate an .xlsx it
// opens (a walk of 3 December); so do formulas that call INDIRECT, whose
// references are text. Formulas that read none of it keep theirs,
// their sheet byte for byte, and the teacher's workbook keeps everything.
func TestWorksheetClearsResultsReadingTheAnswer(t *testing.T) {
	solved, p := solvedClassic(t)

	f, err := excelize.OpenFile(solved)
	require.NoError(t, err)
	for _, name := range []string{"Scores", "Totals", "By name", "Plain", "Span", "Indirect"} {
		_, err := f.NewSheet(name)
		require.NoError(t, err)
	}
	for r := 1; r <= 9; r++ {
		require.NoError(t, f.SetCellFormula("Scores", fmt.Sprintf("G%d", r), fmt.Sprintf("Solution!%c2", 'A'+r)))
		require.NoError(t, f.SetCellFormula("Scores", fmt.Sprintf("H%d", r), fmt.Sprintf("G%d*2", r))) // reads no sheet by name
	}
	require.NoError(t, f.SetCellFormula("Totals", "A1", "SUM(Scores!H1:H9)"))
	require.NoError(t, f.SetDefinedName(&excelize.DefinedName{Name: "KeyRow", RefersTo: "Solution!$B$2:$J$2"}))
	require.NoError(t, f.SetCellFormula("By name", "A1", "INDEX(KeyRow,1,3)"))
	require.NoError(t, f.SetCellFormula("Plain", "A1", "1+1"))
	// A range of sheets names only its ends: Week 3 to Candidates takes
	// in Solution (a walk of 3 December: its sum kept the answer's).
	require.NoError(t, f.SetCellFormula("Span", "A1", "SUM('Week 3:Candidates'!B10)"))
	// INDIRECT reads a reference built from text, which names no sheet.
	require.NoError(t, f.SetCellFormula("Indirect", "A1", `INDIRECT("Sol"&"ution!B2")`))
	require.NoError(t, f.SaveAs(solved))
	require.NoError(t, f.Close())
	withSavedResults(t, solved, "7")
	before := unzip(t, solved)

	out, notes := worksheetOf(t, solved, p.Sheet)
	all := strings.Join(notes, "\n")
	assert.Contains(t, all, `emptied sheet "Solution"`)
	assert.Contains(t, all, `cleared the saved results of 22 formulas on sheets "Scores", "Totals", "By name", "Span" and "Indirect", which read a sheet this copy empties (or a sheet that does)`)
	assert.NotContains(t, all, `"Plain"`)

	g, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer g.Close()
	after := unzip(t, out)
	for sheet, refs := range map[string][]string{"Scores": {"G1", "G9", "H1"}, "Totals": {"A1"}, "By name": {"A1"}, "Plain": {"A1"}, "Span": {"A1"}, "Indirect": {"A1"}} {
		for _, ref := range refs {
			formula, err := g.GetCellFormula(sheet, ref)
			require.NoError(t, err)
			assert.NotEmpty(t, formula, "%s!%s keeps its formula", sheet, ref)
			v, err := g.GetCellValue(sheet, ref, excelize.Options{RawCellValue: true})
			require.NoError(t, err)
			if sheet == "Plain" {
				assert.Equal(t, "7", v, "%s!%s reads nothing emptied", sheet, ref)
			} else {
				assert.Empty(t, v, "%s!%s", sheet, ref)
			}
		}
	}
	plain := ""
	for part, data := range before {
		if strings.HasPrefix(part, "xl/worksheets/sheet") && strings.Contains(string(data), "<f>1+1</f>") {
			plain = part
		}
	}
	require.NotEmpty(t, plain)
	assert.Equal(t, before[plain], after[plain], "the sheet whose formulas read nothing emptied is kept byte for byte")
	assert.Equal(t, before, unzip(t, solved), "the teacher's workbook is not touched")
}

func TestReadsByText(t *testing.T) {
	for text, want := range map[string]bool{
		`indirect("solution!b2")`:       true,
		`sum(a1, indirect ( c3 ))`:      true,
		"1+indirect(\"b\"&row())":       true,
		`myindirect(a1)`:                false,
		`solution!b2+indirects`:         false,
		`index(solution!b2:j10, 1, 1)`:  false,
		"if(a1,0,\nindirect(\"x!a1\"))": true,
	} {
		assert.Equal(t, want, readsByText(text), text)
	}
}

// FuzzFormulasOf: on any part, formulasOf either fails or finds results
// whose removal leaves a part in which it finds none, the formulas' text
// unchanged.
func FuzzFormulasOf(f *testing.F) {
	f.Add([]byte(`<worksheet><sheetData><row r="1"><c r="A1"><f>Solution!B2</f><v>5</v></c><c r="B1" t="str"><f t="shared" si="0"/><v>x</v></c><c r="C1"><v>3</v></c></row></sheetData></worksheet>`))
	f.Add([]byte(`<x:worksheet xmlns:x="s"><x:sheetData><x:row><x:c><x:f>A1</x:f><x:v/></x:c></x:row></x:sheetData></x:worksheet>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := formulasOf(data)
		if err != nil {
			return
		}
		cleared := opc.ApplyEdits(data, sf.results)
		again, err := formulasOf(cleared)
		require.NoError(t, err, "%q", cleared)
		assert.Empty(t, again.results, "%q", cleared)
		assert.Equal(t, sf.text, again.text)
	})
}

// TestFormulasOfArrays: the cells of an array formula's range hold
// results with no formula of their own, and lose them too (a walk of 3
// December: only the first cell's went); a value with no formula outside
// it stays.
func TestFormulasOfArrays(t *testing.T) {
	part := `<worksheet><sheetData><row r="1">` +
		`<c r="A1"><f t="array" ref="A1:C1">TRANSPOSE(Solution!B2:B4)</f><v>5</v></c><c r="B1"><v>6</v></c><c r="C1"><v>1</v></c>` +
		`<c r="D1"><v>7</v></c></row></sheetData></worksheet>`
	sf, err := formulasOf([]byte(part))
	require.NoError(t, err)
	assert.Equal(t, "transpose(solution!b2:b4)\n", sf.text)
	cleared := string(opc.ApplyEdits([]byte(part), sf.results))
	assert.Equal(t, `<worksheet><sheetData><row r="1">`+
		`<c r="A1"><f t="array" ref="A1:C1">TRANSPOSE(Solution!B2:B4)</f></c><c r="B1"></c><c r="C1"></c>`+
		`<c r="D1"><v>7</v></c></row></sheetData></worksheet>`, cleared)
}

// TestSpansSheet: a range of sheets takes in the sheets between its ends,
// in the workbook's order, either way round; ends that are no sheets are
// taken to take in anything.
func TestSpansSheet(t *testing.T) {
	order := map[string]int{"week 3": 0, "solution": 1, "scores": 2, "end": 3}
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"sum('week 3:scores'!b10)", true},
		{"sum(end:scores!b10)", false},
		{"sum(scores:week3!b10)", true}, // week3 is no sheet
		{"sum(scores!a1:b2)", false},
		{"sum(solution!a1)", false}, // named, not spanned: namesSheet's
	} {
		assert.Equal(t, tt.want, spansSheet(tt.text, []string{"solution"}, order), tt.text)
	}
}

// TestWorksheetBlanksTheStepsStrings: an explained workbook saved by
// LibreOffice holds its Steps sheet's text in the shared string table;
// the worksheet's copy empties the sheet, and blanks the strings no sheet
// shows any more, which spell out the answer (a walk of 3 December: all
// 51 placements were still in xl/sharedStrings.xml). The strings the
// teacher's sheets show stay, in their places.
func TestWorksheetBlanksTheStepsStrings(t *testing.T) {
	skipWithoutCalc(t)
	f := newBook(t, "Week 3")
	putGrid(t, f, "Week 3", layout.Pos{Col: 2, Row: 2}, grid(t, classic))
	require.NoError(t, f.SetCellStr("Week 3", "B12", "My class puzzle"))
	require.NoError(t, f.SetCellStr("Week 3", "B13", "Naked Single")) // a string the Steps sheet shows too
	teacher := save(t, f, "teacher.xlsx")
	explained := filepath.Join(t.TempDir(), "explained.xlsx")
	p, _, _ := explainFile(t, teacher, explained)
	resaved := filepath.Join(t.TempDir(), "resaved.xlsx")
	runCalc(t, explained, resaved, calcJob{})
	placement := regexp.MustCompile(`r\dc\d = \d`)
	before := string(unzip(t, resaved)["xl/sharedStrings.xml"])
	require.Regexp(t, placement, before, "Calc keeps the steps' text in the string table")

	out, notes := worksheetOf(t, resaved, p.Sheet)
	assert.Regexp(t, `blanked \d+ shared strings that only the sheets this copy empties showed`, strings.Join(notes, "\n"))
	after := string(unzip(t, out)["xl/sharedStrings.xml"])
	assert.NotRegexp(t, placement, after)
	assert.Equal(t, strings.Count(before, "<si>"), strings.Count(after, "<si>"), "every string keeps its place")
	g, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer g.Close()
	title, err := g.GetCellValue("Week 3", "B12")
	require.NoError(t, err)
	assert.Equal(t, "My class puzzle", title)
	shared, err := g.GetCellValue("Week 3", "B13")
	require.NoError(t, err)
	assert.Equal(t, "Naked Single", shared, "a string the teacher's sheet shows stays, though the emptied sheet showed it too")
}

// TestSharedRefs: the shared strings a part refers to, from any element
// with t="s" (a cell; a cell of a revision log), and none from others.
func TestSharedRefs(t *testing.T) {
	for _, tt := range []struct {
		part string
		want []int
	}{
		{`<worksheet><sheetData><row><c r="A1" t="s"><v>3</v></c><c r="B1"><v>7</v></c><c r="C1" t="s"><v> 12 </v></c></row></sheetData></worksheet>`, []int{3, 12}},
		{`<revisions><rcc rId="1"><nc r="A1" t="s"><v>5</v></nc><oc r="A1" t="s"><v>2</v></oc></rcc></revisions>`, []int{5, 2}},
		{`<x:worksheet><x:c t="s"><x:v>4</x:v></x:c><x:c t="str"><x:f>A1</x:f><x:v>9</x:v></x:c></x:worksheet>`, []int{4}},
		{`<worksheet><c t="inlineStr"><is><t>5</t></is></c></worksheet>`, nil},
	} {
		assert.Equal(t, tt.want, sharedRefs([]byte(tt.part)), tt.part)
	}
}

// TestWorksheetClearsChartData: a teacher's chart that plots the Solution
// sheet loses the data it saved of it in the worksheet's copy (a walk of
// 3 December: the answer's first row stayed in the chart's part); a
// chart of the teacher's own cells keeps its part byte for byte.
func TestWorksheetClearsChartData(t *testing.T) {
	solved, p := solvedClassic(t)
	f, err := excelize.OpenFile(solved)
	require.NoError(t, err)
	_, err = f.NewSheet("Charts")
	require.NoError(t, err)
	for i, v := range []int{3, 1, 4} {
		require.NoError(t, f.SetCellInt("Charts", fmt.Sprintf("A%d", i+1), int64(v)))
	}
	for _, c := range []struct{ at, values string }{{"C1", "Solution!$B$2:$J$2"}, {"C20", "Charts!$A$1:$A$3"}} {
		require.NoError(t, f.AddChart("Charts", c.at, &excelize.Chart{Type: excelize.Bar, Series: []excelize.ChartSeries{{Name: "Row", Values: c.values}}}))
	}
	require.NoError(t, f.SaveAs(solved))
	require.NoError(t, f.Close())
	// The data an app saves with a chart.
	// (excelize writes the chart namespace as the default one, and an
	// empty cache.)
	cache := `<numCache><formatCode>General</formatCode><ptCount val="1"/><pt idx="0"><v>534678912</v></pt></numCache>`
	rezip(t, solved, func(name string, data []byte) []byte {
		if !strings.HasPrefix(name, "xl/charts/chart") {
			return data
		}
		return []byte(strings.ReplaceAll(string(data), "<numCache><formatCode></formatCode></numCache>", cache))
	})
	before := unzip(t, solved)
	var ofSolution, ofCharts string
	for name, data := range before {
		switch {
		case strings.HasPrefix(name, "xl/charts/chart") && strings.Contains(string(data), "Solution!$B$2:$J$2"):
			ofSolution = name
		case strings.HasPrefix(name, "xl/charts/chart") && strings.Contains(string(data), "Charts!$A$1:$A$3"):
			ofCharts = name
		}
	}
	require.NotEmpty(t, ofSolution)
	require.NotEmpty(t, ofCharts)
	require.Contains(t, string(before[ofSolution]), "534678912")

	out, notes := worksheetOf(t, solved, p.Sheet)
	assert.Contains(t, strings.Join(notes, "\n"), "cleared the data a chart saved of the sheets this copy empties")
	after := unzip(t, out)
	assert.NotContains(t, string(after[ofSolution]), "numCache")
	assert.Contains(t, string(after[ofSolution]), "Solution!$B$2:$J$2", "the series still reads the sheet")
	assert.Equal(t, before[ofCharts], after[ofCharts])
}
