package workbook

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// extreme needs the last resort: logic places 8 digits, removes candidates
// from 33 more cells, and stops with 55 cells open.
const extreme = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

// explainFile reads the puzzle of path, explains it and writes it to out
// with its Steps sheet.
func explainFile(t *testing.T, path, out string) (*Puzzle, *solve.Explanation, []string) {
	t.Helper()
	p, err := Read(path, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	ex, err := solve.Explain(p.Grid)
	require.NoError(t, err)
	notes, err := WriteExtras(p, sol, out, Options{}, Extras{Explanation: ex})
	require.NoError(t, err)
	return p, ex, notes
}

// styleAt returns the style of cell ref.
func styleAt(t *testing.T, f *excelize.File, sheet, ref string) *excelize.Style {
	t.Helper()
	id, err := f.GetCellStyle(sheet, ref)
	require.NoError(t, err)
	st, err := f.GetStyle(id)
	require.NoError(t, err)
	return st
}

func cellText(t *testing.T, f *excelize.File, sheet, ref string) string {
	t.Helper()
	v, err := f.GetCellValue(sheet, ref)
	require.NoError(t, err)
	return v
}

func TestWriteExtrasSteps(t *testing.T) {
	in := classicBook(t)
	out := filepath.Join(t.TempDir(), "explained.xlsx")
	_, ex, notes := explainFile(t, in, out)
	assert.Empty(t, notes)

	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, []string{"Week 3", "Solution", "Candidates", "Steps"}, f.GetSheetList())

	const s = "Steps"
	// The table's columns C to F span narrow columns (for the pictures).
	D, E, F := layout.ColumnName(layout.StepsTextCol), layout.ColumnName(layout.StepsPlacementsCol), layout.ColumnName(layout.StepsEliminationsCol)
	last := layout.ColumnName(layout.StepsLastCol)
	assert.Equal(t, "Steps of classic.xlsx\n'Week 3'!B2:J10", cellText(t, f, s, "B1"))
	assert.Equal(t, "Grade", cellText(t, f, s, "C2"))
	assert.Equal(t, ex.Grade.String(), cellText(t, f, s, D+"2"))
	assert.Equal(t, strconv.Itoa(ex.Score), cellText(t, f, s, D+"3"))
	assert.Equal(t, ex.Hardest.String(), cellText(t, f, s, D+"4"))
	assert.Equal(t, strconv.Itoa(len(ex.Steps)), cellText(t, f, s, D+"5"))
	assert.Equal(t, layout.TechniqueCounts(ex.Counts), cellText(t, f, s, D+"6"))

	hdr := strconv.Itoa(layout.StepsHeaderRow)
	assert.Equal(t, "#", cellText(t, f, s, "B"+hdr))
	assert.Equal(t, "Eliminations", cellText(t, f, s, F+hdr))
	st := styleAt(t, f, s, D+hdr)
	assert.True(t, st.Font.Bold)
	assert.Equal(t, []string{layout.StepsHeaderFill}, st.Fill.Color)

	rows, err := f.GetRows(s)
	require.NoError(t, err)
	require.Len(t, rows, layout.StepsHeaderRow+len(ex.Steps), "one row per step under the header")
	first := ex.Steps[0]
	row := strconv.Itoa(layout.StepsHeaderRow + 1)
	assert.Equal(t, "1", cellText(t, f, s, "B"+row))
	assert.Equal(t, first.Technique.String(), cellText(t, f, s, "C"+row))
	assert.Equal(t, first.Text(), cellText(t, f, s, D+row))
	pl := first.Placements[0]
	assert.Equal(t, pl.Cell.String()+" = "+strconv.Itoa(pl.Digit)+" ('Week 3'!"+layout.GridOrigin.Add(pl.Row, pl.Col).String()+")", cellText(t, f, s, E+row))
	assert.True(t, styleAt(t, f, s, D+row).Alignment.WrapText)
	lastRow := strconv.Itoa(layout.StepsHeaderRow + len(ex.Steps))
	assert.Equal(t, strconv.Itoa(len(ex.Steps)), cellText(t, f, s, "B"+lastRow))
	assert.Equal(t, ex.Steps[len(ex.Steps)-1].Text(), cellText(t, f, s, D+lastRow))

	// View and page setup.
	panes, err := f.GetPanes(s)
	require.NoError(t, err)
	assert.True(t, panes.Freeze)
	assert.Equal(t, layout.StepsHeaderRow, panes.YSplit)
	assert.Equal(t, "A"+row, panes.TopLeftCell)
	pl2, err := f.GetPageLayout(s)
	require.NoError(t, err)
	assert.Equal(t, "landscape", *pl2.Orientation)
	assert.Equal(t, 1, *pl2.FitToWidth)
	assert.Equal(t, 0, *pl2.FitToHeight)
	assert.Equal(t, layout.A4.Code, *pl2.Size)
	// The footer names the puzzle and counts the sheet's own pages, which
	// its breaks make.
	hf, err := f.GetHeaderFooter(s)
	require.NoError(t, err)
	assert.Contains(t, hf.OddFooter, "&L&9Steps of classic.xlsx · 'Week 3'!B2:J10")
	m := regexp.MustCompile(`&R&9Page &P of (\d+)$`).FindStringSubmatch(hf.OddFooter)
	require.NotNil(t, m, hf.OddFooter)
	pages, _ := strconv.Atoi(m[1])
	assert.Len(t, rowBreaks(t, out, s), pages-1)
	names := map[string]string{}
	for _, n := range f.GetDefinedName() {
		if n.Scope == s {
			names[n.Name] = n.RefersTo
		}
	}
	assert.Equal(t, "'Steps'!$B$1:$"+last+"$"+lastRow, names["_xlnm.Print_Area"])
	assert.Equal(t, "'Steps'!$"+hdr+":$"+hdr, names["_xlnm.Print_Titles"])
	assert.Equal(t, "'Steps'!$B$"+hdr+":$"+last+"$"+lastRow, names["_xlnm._FilterDatabase"])
	assert.Contains(t, string(unzip(t, out)["xl/worksheets/sheet4.xml"]), `<autoFilter ref="B`+hdr+`:`+last+lastRow+`"`)

	// Our Steps sheet is not read as the puzzle.
	p, err := Read(out, Options{})
	require.NoError(t, err)
	assert.Equal(t, "Week 3", p.Sheet)
}

func TestWriteExtrasStepsRerun(t *testing.T) {
	in := classicBook(t)
	dir := t.TempDir()
	once, twice, solved := filepath.Join(dir, "once.xlsx"), filepath.Join(dir, "twice.xlsx"), filepath.Join(dir, "solved.xlsx")
	p, err := Read(in, Options{})
	require.NoError(t, err)
	assert.False(t, p.HasSteps)
	explainFile(t, in, once)
	p, err = Read(once, Options{})
	require.NoError(t, err)
	assert.True(t, p.HasSteps, "the Steps sheet of an earlier run is seen")
	_, _, notes := explainFile(t, once, twice)
	assert.Equal(t, []string{
		`replaced sheet "Solution" of an earlier run`, `replaced sheet "Candidates" of an earlier run`, `replaced sheet "Steps" of an earlier run`,
	}, notes)
	a, b := unzip(t, once), unzip(t, twice)
	assert.Equal(t, len(a), len(b))
	assert.Equal(t, string(a["xl/workbook.xml"]), withoutFullCalc(b["xl/workbook.xml"]), "same sheets, same names")
	assert.Contains(t, string(b["xl/workbook.xml"]), `fullCalcOnLoad="1"`, "replaced sheets: calculated on opening")
	assert.Contains(t, string(b["xl/worksheets/sheet4.xml"]), "Steps of once.xlsx", "the Steps sheet is in the same part, made anew")

	// solve (no explanation) leaves the Steps sheet as it was, and says so.
	_, _, notes = solveFile(t, twice, solved, Options{})
	assert.Equal(t, []string{
		`left sheet "Steps" of an earlier run as it was; it explains the puzzle as it stood then`,
		`replaced sheet "Solution" of an earlier run`, `replaced sheet "Candidates" of an earlier run`,
	}, notes)
	c := unzip(t, solved)
	assert.Equal(t, b["xl/worksheets/sheet4.xml"], c["xl/worksheets/sheet4.xml"])
	assert.Equal(t, b["xl/workbook.xml"], c["xl/workbook.xml"], "its names stay")
	f, err := excelize.OpenFile(solved)
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, []string{"Week 3", "Solution", "Candidates", "Steps"}, f.GetSheetList())
}

func TestWriteExtrasLeavesUsersStepsSheet(t *testing.T) {
	f := newBook(t, "Puzzle")
	putGrid(t, f, "Puzzle", layoutB2, grid(t, classic))
	_, err := f.NewSheet("Steps")
	require.NoError(t, err)
	require.NoError(t, f.SetCellStr("Steps", "A1", "my own notes"))
	in := save(t, f, "mine.xlsx")
	out := filepath.Join(t.TempDir(), "out.xlsx")
	_, _, notes := explainFile(t, in, out)
	assert.Equal(t, []string{`the workbook already has a sheet "Steps" that carries no xlsudoku mark (your own, or ours saved by an app that dropped the marks); wrote sheet "Steps (xlsudoku)" instead`}, notes)
	before, after := unzip(t, in), unzip(t, out)
	assert.Equal(t, before["xl/worksheets/sheet2.xml"], after["xl/worksheets/sheet2.xml"])
	g, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer g.Close()
	assert.Equal(t, []string{"Puzzle", "Steps", "Solution", "Candidates", "Steps (xlsudoku)"}, g.GetSheetList())
	assert.Equal(t, "Grade", cellText(t, g, "Steps (xlsudoku)", "C2"))

	// Again: ours is replaced, the user's still untouched.
	out2 := filepath.Join(t.TempDir(), "out2.xlsx")
	_, _, notes = explainFile(t, out, out2)
	assert.Contains(t, notes, `replaced sheet "Steps (xlsudoku)" of an earlier run`)
	assert.Equal(t, before["xl/worksheets/sheet2.xml"], unzip(t, out2)["xl/worksheets/sheet2.xml"])
}

func TestWriteExtrasRoundTrip(t *testing.T) {
	for _, name := range []string{"teacher.xlsx", "macros.xlsm"} {
		t.Run(name, func(t *testing.T) {
			in := richBook(t, name)
			before := unzip(t, in)
			out := filepath.Join(t.TempDir(), "out"+filepath.Ext(name))
			_, _, notes := explainFile(t, in, out)
			assert.Empty(t, notes)
			after := unzip(t, out)
			assert.Equal(t, before, unzip(t, in), "the input is not modified")
			var added []string
			for part := range after {
				if _, ok := before[part]; !ok {
					added = append(added, part)
				}
			}
			assert.ElementsMatch(t, []string{"xl/worksheets/sheet3.xml", "xl/worksheets/sheet4.xml", "xl/worksheets/sheet5.xml"}, added)
			for part, data := range before {
				require.Contains(t, after, part)
				if !rewritten(part) {
					assert.Equal(t, data, after[part], "part %s changed", part)
				}
			}
			wbIn, wbOut := parseWB(t, before["xl/workbook.xml"]), parseWB(t, after["xl/workbook.xml"])
			assert.Equal(t, wbIn.sheets, wbOut.sheets[:len(wbIn.sheets)])
			for _, n := range wbIn.names {
				assert.Contains(t, string(after["xl/workbook.xml"]), string(before["xl/workbook.xml"][n.start:n.end]))
			}
			for _, part := range []string{"[Content_Types].xml", "xl/_rels/workbook.xml.rels"} {
				assert.Subset(t, elements(t, after[part]), elements(t, before[part]), part)
			}
			f, err := excelize.OpenFile(out)
			require.NoError(t, err)
			defer f.Close()
			assert.Equal(t, []string{"Puzzle", "Scores", "Solution", "Candidates", "Steps"}, f.GetSheetList())
			assert.Equal(t, "Solve me!", cellText(t, f, "Puzzle", "L2"))
		})
	}
}

func TestWriteEqualsWriteExtrasWithout(t *testing.T) {
	in := richBook(t, "teacher.xlsx")
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.xlsx"), filepath.Join(dir, "b.xlsx")
	p, sol, _ := solveFile(t, in, a, Options{})
	_, err := WriteExtras(p, sol, b, Options{}, Extras{})
	require.NoError(t, err)
	assert.Equal(t, unzip(t, a), unzip(t, b))
}

func TestWriteExtrasLogicCandidates(t *testing.T) {
	f := newBook(t, "Hard")
	g := grid(t, extreme)
	putGrid(t, f, "Hard", layoutB2, g)
	in := save(t, f, "hard.xlsx")
	p, err := Read(in, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	cands, err := solve.LogicCandidates(p.Grid)
	require.NoError(t, err)
	require.NotEqual(t, g.Candidates(), cands, "logic removes candidates")
	out := filepath.Join(t.TempDir(), "out.xlsx")
	_, err = WriteExtras(p, sol, out, Options{}, Extras{Candidates: cands, CandidatesNote: "after logic, before the first guess"})
	require.NoError(t, err)

	h, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer h.Close()
	assert.Equal(t, "Candidates of hard.xlsx\nHard!B2:J10 (after logic, before the first guess)", cellText(t, h, "Candidates", "B1"))
	sawSingle := false
	for r := range 9 {
		for c := range 9 {
			want := cands[r*9+c]
			big := g.At(r, c)
			if big == 0 && want.Len() == 1 {
				sawSingle = true
				big = want.List()[0]
			}
			for d := 1; d <= 9; d++ {
				at := layout.GridOrigin.Add(r*3+(d-1)/3, c*3+(d-1)%3).String()
				v := cellText(t, h, "Candidates", at)
				switch {
				case big != 0:
					// A given, or a cell solved by logic, fills its block
					// (merged: excelize reads its value in every square).
					assert.Equal(t, strconv.Itoa(big), v, "r%dc%d at %s", r+1, c+1, at)
				case want.Has(d):
					assert.Equal(t, strconv.Itoa(d), v, "r%dc%d at %s", r+1, c+1, at)
				default:
					assert.Empty(t, v, "r%dc%d at %s", r+1, c+1, at)
				}
				st := styleAt(t, h, "Candidates", at)
				assert.Equal(t, g.At(r, c) != 0, st.Font.Bold, "only givens are bold: %s", at)
				if big != 0 && g.At(r, c) == 0 {
					assert.Equal(t, layout.FilledColor, strings.TrimPrefix(st.Font.Color, "FF"), "solved by logic: blue, at %s", at)
				}
			}
		}
	}
	assert.True(t, sawSingle, "the puzzle has cells solved by logic, drawn large")

	_, err = WriteExtras(p, sol, out, Options{}, Extras{Candidates: cands[:80]})
	assert.ErrorIs(t, err, ErrUsage)
}

// longExplanation repeats the steps of a real explanation up to n steps.
func longExplanation(t testing.TB, n int) *solve.Explanation {
	g, err := solve.ParseLine(extreme)
	require.NoError(t, err)
	ex, err := solve.Explain(g)
	require.NoError(t, err)
	steps := ex.Steps
	for len(ex.Steps) < n {
		ex.Steps = append(ex.Steps, steps...)
	}
	ex.Steps = ex.Steps[:n]
	return ex
}

func TestWriteExtrasManySteps(t *testing.T) {
	f := newBook(t, "Hard")
	putGrid(t, f, "Hard", layoutB2, grid(t, extreme))
	in := save(t, f, "hard.xlsx")
	p, err := Read(in, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	ex := longExplanation(t, 1000)
	out := filepath.Join(t.TempDir(), "out.xlsx")
	start := time.Now()
	_, err = WriteExtras(p, sol, out, Options{}, Extras{Explanation: ex})
	require.NoError(t, err)
	t.Logf("a workbook with %d steps in %v", len(ex.Steps), time.Since(start))
	h, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer h.Close()
	// The last step's row, below the pictures of the others.
	rows, err := h.GetRows("Steps")
	require.NoError(t, err)
	last := ""
	for i, r := range rows {
		if len(r) > 1 && r[1] == "1000" {
			last = strconv.Itoa(i + 1)
		}
	}
	require.NotEmpty(t, last, "no row for step 1000")
	assert.Equal(t, ex.Steps[999].Text(), cellText(t, h, "Steps", layout.ColumnName(layout.StepsTextCol)+last))
	// The Steps sheet adds its styles once, not one per cell: those of the
	// table, and of the pictures' squares (lines, fills, marks).
	plain := filepath.Join(t.TempDir(), "plain.xlsx")
	_, err = Write(p, sol, plain, Options{})
	require.NoError(t, err)
	xfs := func(path string) int { return styleCounts(t, unzip(t, path)["xl/styles.xml"])["xf"] }
	assert.LessOrEqual(t, xfs(out)-xfs(plain), 200)
}

func BenchmarkWriteExtrasSteps(b *testing.B) {
	f := newBook(b, "Hard")
	putGrid(b, f, "Hard", layoutB2, grid(b, extreme))
	in := save(b, f, "hard.xlsx")
	p, err := Read(in, Options{})
	require.NoError(b, err)
	sol, err := p.Solve()
	require.NoError(b, err)
	ex := longExplanation(b, 300)
	out := filepath.Join(b.TempDir(), "out.xlsx")
	for b.Loop() {
		if _, err := WriteExtras(p, sol, out, Options{}, Extras{Explanation: ex}); err != nil {
			b.Fatal(err)
		}
	}
}
