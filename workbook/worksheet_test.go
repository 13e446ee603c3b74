package workbook

import (
	"bytes"
	"fmt"
	"math"
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

// writeWorksheet makes a worksheet of the classic puzzle of in.
func writeWorksheet(t testing.TB, in string, w WorksheetOptions) (out string, p *Puzzle, sol solve.Grid) {
	t.Helper()
	p, err := Read(in, Options{})
	require.NoError(t, err)
	sol, err = p.Solve()
	require.NoError(t, err)
	out = filepath.Join(t.TempDir(), "worksheet.xlsx")
	_, err = WriteWorksheet(p, sol, out, Options{}, w)
	require.NoError(t, err)
	return out, p, sol
}

func TestWriteWorksheet(t *testing.T) {
	in := richBook(t, "teacher.xlsx")
	before := unzip(t, in)
	out, p, sol := writeWorksheet(t, in, WorksheetOptions{SelfCheck: true, LiveCandidates: true, Grade: "Easy"})
	after := unzip(t, out)

	// Everything of the teacher's is kept.
	for part, data := range before {
		require.Contains(t, after, part)
		if !rewritten(part) {
			assert.Equal(t, unselected(part, data), after[part], "part %s changed", part)
		}
	}
	assertStylesSpliced(t, before["xl/styles.xml"], after["xl/styles.xml"])

	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, []string{"Puzzle", "Scores", "Worksheet", "Candidates", "Answers"}, f.GetSheetList())
	visible, err := f.GetSheetVisible("Answers")
	require.NoError(t, err)
	assert.False(t, visible, "the answers are hidden")

	// Givens bold and locked, blanks unlocked and shaded, at B2:J10.
	for r := range 9 {
		for c := range 9 {
			ref := layoutB2.Add(r, c).String()
			v, err := f.GetCellValue("Worksheet", ref)
			require.NoError(t, err)
			id, err := f.GetCellStyle("Worksheet", ref)
			require.NoError(t, err)
			st, err := f.GetStyle(id)
			require.NoError(t, err)
			locked := st.Protection == nil || st.Protection.Locked
			if d := p.Grid.At(r, c); d != 0 {
				assert.Equal(t, solve.DigitString(d), v, ref)
				assert.True(t, st.Font.Bold && locked, "%s: a given is bold and locked", ref)
			} else {
				assert.Empty(t, v, ref)
				assert.False(t, locked, "%s: a blank is unlocked", ref)
				assert.Equal(t, []string{layout.BlankFill}, st.Fill.Color, ref)
			}
		}
	}

	// The sheets are protected, without a password.
	sheet := string(after["xl/worksheets/sheet3.xml"])
	assert.Regexp(t, `<sheetProtection[^>]*sheet="true"`, sheet)
	assert.NotContains(t, sheet, "password")
	assert.Regexp(t, `<sheetProtection[^>]*sheet="true"`, string(after["xl/worksheets/sheet5.xml"]))

	// Data validation covers every blank and nothing else, plus the
	// Check my work cell.
	dvs, err := f.GetDataValidations("Worksheet")
	require.NoError(t, err)
	covered := map[string]bool{}
	for _, dv := range dvs {
		for _, ref := range strings.Fields(dv.Sqref) {
			rect, err := layout.ParseRect(ref)
			require.NoError(t, err)
			for row := rect.Min.Row; row <= rect.Max.Row; row++ {
				for col := rect.Min.Col; col <= rect.Max.Col; col++ {
					covered[layout.Pos{Col: col, Row: row}.String()] = true
				}
			}
		}
		if dv.Sqref == "H14" {
			assert.Equal(t, "list", dv.Type)
			continue
		}
		assert.Equal(t, "whole", dv.Type)
		assert.Equal(t, "1", dv.Formula1)
		assert.Equal(t, "9", dv.Formula2)
		require.NotNil(t, dv.Error)
		assert.Contains(t, *dv.Error, "whole number from 1 to 9")
	}
	for r := range 9 {
		for c := range 9 {
			ref := layoutB2.Add(r, c).String()
			assert.Equal(t, p.Grid.At(r, c) == 0, covered[ref], ref)
		}
	}
	assert.True(t, covered["H14"], "the Check my work cell has a list")

	// Conditional formats: repeats and wrong entries, on the grid.
	assert.Equal(t, 2, strings.Count(sheet, `<conditionalFormatting sqref="B2:J10">`))
	assert.Contains(t, sheet, `<formula>OR(AA2=&#34;x&#34;,AA2=&#34;v&#34;)</formula>`)
	assert.Contains(t, sheet, `<formula>AK2=&#34;w&#34;</formula>`)

	// The status formula and a helper formula.
	status, err := f.GetCellFormula("Worksheet", "B12")
	require.NoError(t, err)
	assert.Contains(t, status, `"Solved!"`)
	assert.Contains(t, status, "cells to go")
	helper, err := f.GetCellFormula("Worksheet", "AA2")
	require.NoError(t, err)
	assert.Equal(t, `IF(ISERROR(B2),"v",IF(B2="","",IF(IF(ISNUMBER(B2),AND(B2>=1,B2<=9,INT(B2)=B2),IF(ISTEXT(B2),AND(LEN(B2)=1,ISNUMBER(FIND(UPPER(B2),"123456789"))),FALSE)),IF(OR(COUNTIF($B$2:$J$2,B2)>1,COUNTIF($B$2:$B$10,B2)>1,COUNTIF($B$2:$D$4,B2)>1),"x",""),"v")))`, helper)
	assert.Contains(t, status, `"`+layout.StatusNotDigit+`"`)
	wrong, err := f.GetCellFormula("Worksheet", "AK4")
	require.NoError(t, err)
	// A text digit compares as its number, a letter in upper case.
	const b4 = `IF(ISTEXT(B4),IF(AND(LEN(B4)=1,ISNUMBER(FIND(B4,"123456789"))),FIND(B4,"123456789"),UPPER(B4)),B4)`
	assert.Equal(t, `IF(ISERROR(B4),"",IF(OR(B4="",$H$14<>"Yes"),"",IF(`+b4+`='Answers'!B4,"","w")))`, wrong)
	cand, err := f.GetCellFormula("Candidates", "B2")
	require.NoError(t, err)
	assert.Contains(t, cand, "COUNTIF($AE$2:$AM$2,1)")
	mirror, err := f.GetCellFormula("Candidates", "AE2")
	require.NoError(t, err)
	const b2 = `IF(ISTEXT('Worksheet'!B2),IF(AND(LEN('Worksheet'!B2)=1,ISNUMBER(FIND('Worksheet'!B2,"123456789"))),FIND('Worksheet'!B2,"123456789"),UPPER('Worksheet'!B2)),'Worksheet'!B2)`
	assert.Equal(t, `IF(ISERROR('Worksheet'!B2),"",IF('Worksheet'!B2="","",`+b2+`))`, mirror)

	// The answers, and the identity.
	for r := range 9 {
		v, err := f.GetCellValue("Answers", layoutB2.Add(r, 0).String())
		require.NoError(t, err)
		assert.Equal(t, solve.DigitString(sol.At(r, 0)), v)
	}
	pk, err := openPackage(out, 0)
	require.NoError(t, err)
	defer pk.Close()
	sh, err := pk.findSheet(pk.worksheets(), "Worksheet")
	require.NoError(t, err)
	require.Equal(t, 2, sh.index)
	id, ok, err := pk.identityOf(sh)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, p.Grid, id.Givens)
	assert.Equal(t, "B2:J10", id.Range)
	assert.Equal(t, "Easy", id.Grade)

	// A rerun replaces our sheets rather than adding more.
	again := filepath.Join(t.TempDir(), "again.xlsx")
	p2, err := Read(out, Options{})
	require.NoError(t, err)
	notes, err := WriteWorksheet(p2, sol, again, Options{}, WorksheetOptions{SelfCheck: true, LiveCandidates: true})
	require.NoError(t, err)
	assert.Contains(t, strings.Join(notes, "\n"), `replaced sheet "Worksheet"`)
	g, err := excelize.OpenFile(again)
	require.NoError(t, err)
	defer g.Close()
	assert.Equal(t, []string{"Puzzle", "Scores", "Worksheet", "Candidates", "Answers"}, g.GetSheetList())

	// A rerun without --self-check leaves no answer behind: the hidden
	// Answers sheet of the earlier run is emptied.
	plain := filepath.Join(t.TempDir(), "plain.xlsx")
	notes, err = WriteWorksheet(p2, sol, plain, Options{}, WorksheetOptions{})
	require.NoError(t, err)
	assert.Contains(t, strings.Join(notes, "\n"), `emptied sheet "Answers" of an earlier run`)
	h, err := excelize.OpenFile(plain)
	require.NoError(t, err)
	defer h.Close()
	assert.Equal(t, []string{"Puzzle", "Scores", "Worksheet", "Candidates", "Answers"}, h.GetSheetList())
	visible, err = h.GetSheetVisible("Answers")
	require.NoError(t, err)
	assert.False(t, visible)
	rows, err := h.GetRows("Answers")
	require.NoError(t, err)
	assert.Empty(t, rows, "no answer stays behind")
	// and a first run without it writes no Answers sheet at all
	out2, _, _ := writeWorksheet(t, in, WorksheetOptions{})
	k, err := excelize.OpenFile(out2)
	require.NoError(t, err)
	defer k.Close()
	assert.NotContains(t, k.GetSheetList(), "Answers")
}

func TestWorksheetPassword(t *testing.T) {
	out, _, _ := writeWorksheet(t, classicBook(t), WorksheetOptions{Password: "s3cret"})
	sheet := string(unzip(t, out)["xl/worksheets/sheet2.xml"])
	assert.Regexp(t, `<sheetProtection[^>]*password="[0-9A-F]{4}"`, sheet)
}

// fill types entries into the worksheet sheet of path as another app
// would save them (excelize rewrites every part), and returns the path.
func fill(t *testing.T, path, sheet string, entries map[string]any) string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	require.NoError(t, err)
	for ref, v := range entries {
		require.NoError(t, f.SetCellValue(sheet, ref, v))
	}
	out := filepath.Join(t.TempDir(), "returned.xlsx")
	require.NoError(t, f.SaveAs(out))
	require.NoError(t, f.Close())
	return out
}

func TestGradeReturnedWorksheet(t *testing.T) {
	ws, p, sol := writeWorksheet(t, classicBook(t), WorksheetOptions{})
	right := func(ref string) int {
		pos, err := layout.ParsePos(ref)
		require.NoError(t, err)
		return sol.At(pos.Row-2, pos.Col-2)
	}
	for _, ref := range []string{"D2", "E2", "G2", "H2", "I2"} {
		pos, err := layout.ParsePos(ref)
		require.NoError(t, err)
		require.Zero(t, p.Grid.At(pos.Row-2, pos.Col-2), "%s is blank", ref)
	}
	require.Equal(t, 5, p.Grid.At(0, 0), "B2 is the given 5")
	returned := fill(t, ws, "Worksheet", map[string]any{
		"D2": right("D2"),       // right
		"E2": right("E2"),       // right, stored as text below
		"G2": right("G2")%9 + 1, // wrong
		"H2": "x",               // wrong: not a digit
		"B2": 4,                 // a changed given
	})
	// E2 as text, the way some apps store typed numbers.
	rezip(t, returned, func(part string, data []byte) []byte {
		if !strings.HasSuffix(part, "sheet2.xml") {
			return data
		}
		re := regexp.MustCompile(`<c r="E2"([^>]*)><v>(\d)</v></c>`)
		require.True(t, re.Match(data), "E2 is a number")
		return re.ReplaceAll(data, []byte(`<c r="E2"$1 t="inlineStr"><is><t>$2</t></is></c>`))
	})
	rs, err := ReadReturned(returned, Options{}, nil)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	assert.Equal(t, "stored identity", rs[0].By)
	assert.Equal(t, p.Grid, rs[0].Puzzle.Grid, "the givens come from the identity, not the sheet")
	m, err := GradeReturned(rs[0])
	require.NoError(t, err)
	blanks := 81 - p.Grid.Filled()
	assert.Equal(t, 2, m.Correct)
	assert.Equal(t, 2, m.Wrong)
	assert.Equal(t, blanks-4, m.Empty)
	assert.Equal(t, 1, m.Changed)
	assert.Equal(t, []string{"Worksheet!G2", "Worksheet!H2"}, m.Cells(Wrong))
	assert.Equal(t, []string{"Worksheet!B2"}, m.Cells(Changed))
	assert.Equal(t, "Worksheet: 2 of 51 right, 2 wrong (Worksheet!G2, Worksheet!H2), 47 empty, 1 given changed (Worksheet!B2)", m.Summary())

	// The marked copy keeps the student's sheet and adds a Marked sheet.
	out := filepath.Join(t.TempDir(), "marked.xlsx")
	_, err = WriteMarked([]*Marking{m}, out, "letter")
	require.NoError(t, err)
	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, []string{"Week 3", "Worksheet", "Marked"}, f.GetSheetList())
	pl, err := f.GetPageLayout("Marked")
	require.NoError(t, err)
	assert.Equal(t, layout.Letter.Code, *pl.Size, "on the paper asked for")
	for ref, fill := range map[string]string{"D2": RightFill, "E2": RightFill, "G2": WrongFill, "H2": WrongFill, "B2": ChangedFill, "I2": EmptyFill} {
		id, err := f.GetCellStyle("Marked", ref)
		require.NoError(t, err)
		st, err := f.GetStyle(id)
		require.NoError(t, err)
		assert.Equal(t, []string{fill}, st.Fill.Color, ref)
		// Told apart in black and white too: the fills print as near
		// greys (a walk of 3 December), so a wrong digit is struck
		// through and a changed given underlined.
		wrong, changed := fill == WrongFill, fill == ChangedFill
		require.NotNil(t, st.Font, ref)
		assert.Equal(t, wrong, st.Font.Strike, ref)
		assert.Equal(t, changed, st.Font.Underline != "", ref)
		if wrong {
			assert.Equal(t, WrongColor, st.Font.Color, ref)
		}
	}
	legend, err := f.GetCellValue("Marked", "B12")
	require.NoError(t, err)
	assert.Equal(t, markLegend, legend)
	h, err := f.GetRowHeight("Marked", 12)
	require.NoError(t, err)
	// Room for the legend's lines: 9-point text, some 4.5 points a
	// character, on a board 9 cells of 26.25 points wide (a 4x4's was cut:
	// a walk of 3 December), 11 points a line.
	lines := func(width float64) float64 { return math.Ceil(float64(len(markLegend)) * 4.5 / width) }
	assert.GreaterOrEqual(t, h, 11*lines(9*26.25))
	assert.GreaterOrEqual(t, markLegendHeight(100), 11*lines(100), "a narrower board's legend wraps to more lines")
	assert.Greater(t, markLegendHeight(100), markLegendHeight(9*26.25))
	v, err := f.GetCellValue("Marked", "H2")
	require.NoError(t, err)
	assert.Equal(t, "x", v, "what the student typed shows")
	title, err := f.GetCellValue("Marked", "B1")
	require.NoError(t, err)
	assert.Contains(t, title, "2 of 51 right · 2 wrong · 47 empty · 1 given changed")
	sv, err := f.GetCellValue("Worksheet", "G2")
	require.NoError(t, err)
	assert.Equal(t, solve.DigitString(right("G2")%9+1), sv, "the student's sheet is as they left it")

	// Read and hint see the puzzle, not puzzle plus entries.
	q, err := Read(returned, Options{Sheet: "Worksheet"})
	require.NoError(t, err)
	assert.Equal(t, p.Grid, q.Grid)
	assert.Equal(t, []string{"Worksheet!G2"}, q.WrongEntries(sol))
	e, cur, err := ReadEntries(returned, Options{Sheet: "Worksheet"})
	require.NoError(t, err)
	assert.Equal(t, p.Grid, e.Grid)
	assert.Equal(t, right("D2"), cur.At(0, 2))
	assert.Equal(t, right("E2"), cur.At(0, 3), "a number stored as text counts")
	assert.Equal(t, 5, cur.At(0, 0), "a changed given keeps its digit")
	assert.Contains(t, strings.Join(e.Notes, "\n"), "the given at Worksheet!B2 was changed")
	assert.Equal(t, []string{"Worksheet!B2 (the given 5 now holds 4)"}, e.ChangedGivens)
}

// TestWrongEntriesEveryReader: a wrong digit a student typed is named by
// WrongEntries whichever function read the worksheet back; ReadEntries and
// ReadReturned once gave none.
func TestWrongEntriesEveryReader(t *testing.T) {
	ws, p, sol := writeWorksheet(t, classicBook(t), WorksheetOptions{})
	require.Zero(t, p.Grid.At(0, 2), "D2 is blank")
	require.Zero(t, p.Grid.At(0, 3), "E2 is blank")
	returned := fill(t, ws, "Worksheet", map[string]any{
		"D2": sol.At(0, 2)%9 + 1, // wrong
		"E2": sol.At(0, 3),       // right
	})
	for _, tc := range []struct {
		name string
		read func() (*Puzzle, error)
	}{
		{"Read", func() (*Puzzle, error) { return Read(returned, Options{Sheet: "Worksheet"}) }},
		{"ReadEntries", func() (*Puzzle, error) {
			p, _, err := ReadEntries(returned, Options{Sheet: "Worksheet"})
			return p, err
		}},
		{"ReadReturned", func() (*Puzzle, error) {
			rs, err := ReadReturned(returned, Options{}, nil)
			if err != nil {
				return nil, err
			}
			require.Len(t, rs, 1)
			return rs[0].Puzzle, nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q, err := tc.read()
			require.NoError(t, err)
			assert.Equal(t, p.Grid, q.Grid)
			assert.Equal(t, []string{"Worksheet!D2"}, q.WrongEntries(sol))
		})
	}
}

func TestReadReturnedWithoutIdentity(t *testing.T) {
	givens, current := withEntries(t, 12)
	sol, err := solve.Solve(givens)
	require.NoError(t, err)
	current.Cells[80] = 0
	for i := range current.Cells[:81] { // make one entry wrong
		if givens.Cells[i] == 0 && current.Cells[i] != 0 {
			current.Cells[i] = sol.Cells[i]%9 + 1
			break
		}
	}
	bold := &excelize.Style{Font: &excelize.Font{Bold: true}}
	t.Run("bold givens", func(t *testing.T) {
		in := entryBook(t, givens, current, bold, nil, nil)
		rs, err := ReadReturned(in, Options{}, nil)
		require.NoError(t, err)
		assert.Equal(t, "bold", rs[0].By)
		m, err := GradeReturned(rs[0])
		require.NoError(t, err)
		assert.Equal(t, 11, m.Correct)
		assert.Equal(t, 1, m.Wrong)
	})
	t.Run("all alike needs a key", func(t *testing.T) {
		in := entryBook(t, givens, current, nil, nil, nil)
		_, err := ReadReturned(in, Options{}, nil)
		require.ErrorIs(t, err, ErrNoKey)
		require.ErrorIs(t, err, ErrUsage)
		assert.Contains(t, err.Error(), "--key")
		assert.Contains(t, err.Error(), in)

		other := grid(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
		rs, err := ReadReturned(in, Options{}, []solve.Grid{other, givens})
		require.NoError(t, err)
		assert.Equal(t, "--key", rs[0].By)
		assert.Equal(t, givens, rs[0].Puzzle.Grid, "the key puzzle that fits is used")
		m, err := GradeReturned(rs[0])
		require.NoError(t, err)
		assert.Equal(t, 11, m.Correct)
		assert.Equal(t, 1, m.Wrong)
	})
	// A student's text in a blank cell is a wrong entry, not an error of
	// the puzzle that leaves the file ungraded (the README walk: it was
	// "D2: "abc" is not a digit 1-9", exit 4, and no grade).
	for name, key := range map[string][]solve.Grid{"bold givens": nil, "a key": {givens}} {
		t.Run("text typed, "+name, func(t *testing.T) {
			in := entryBook(t, givens, current, bold, nil, func(f *excelize.File) {
				for i := range current.Cells[:81] {
					if current.Cells[i] == 0 {
						require.NoError(t, f.SetCellStr("Week 3", layoutB2.Add(i/9, i%9).String(), "abc"))
						break
					}
				}
			})
			_, err := Read(in, Options{})
			var ce *CellErrors
			require.ErrorAs(t, err, &ce, "a puzzle to solve still may not hold text")
			rs, err := ReadReturned(in, Options{}, key)
			require.NoError(t, err)
			m, err := GradeReturned(rs[0])
			require.NoError(t, err)
			assert.Equal(t, 11, m.Correct)
			assert.Equal(t, 2, m.Wrong)
			assert.Contains(t, m.Cells(Wrong), ce.Cells[0].Sheet+"!"+ce.Cells[0].Cell)
		})
	}
}

// TestReadReturnedAmbiguousWithText: blocks that cannot be told apart
// and hold the same text cell are an ambiguity to grade, not the first
// block taken: with the text a student's entry, nothing else names it,
// and a block one column off was graded against a --key it did not fit
// (the second review of 2 December).
func TestReadReturnedAmbiguousWithText(t *testing.T) {
	g := grid(t, "53467891.67219534.19834256.85..6....4..8.3...7...2.....6....28....419.......8..7.")
	g.Cells[2] = 5 // a digit twice in the first row: no block fits the rules
	f := newBook(t, "S")
	putGrid(t, f, "S", layout.Pos{Col: 3, Row: 3}, g)
	require.NoError(t, f.SetCellStr("S", "D4", "?"))
	in := save(t, f, "shift.xlsx")
	_, err := Read(in, Options{})
	var ce *CellErrors
	require.ErrorAs(t, err, &ce, "solve names the text cell")
	_, err = ReadReturned(in, Options{}, []solve.Grid{g})
	require.ErrorIs(t, err, ErrAmbiguous)
	assert.Contains(t, err.Error(), "--range C3:K11")
	rs, err := ReadReturned(in, Options{Range: "C3:K11"}, []solve.Grid{g})
	require.NoError(t, err, "read where the flags say")
	assert.Equal(t, "C3:K11", rs[0].Puzzle.Range)
}

func TestIdentityRoundTrip(t *testing.T) {
	sixteen := first16x16(t)
	g16, err := solve.ParseLine(sixteen)
	require.NoError(t, err)
	for _, id := range []Identity{
		{Givens: grid(t, classic), Range: "B2:J10", Grade: "Hard", Seed: 42},
		{Givens: grid(t, classic), Range: "C3:K11"},
		{Givens: g16, Range: "B2:Q17", Grade: "Medium", Seed: 1 << 60},
		{Givens: grid(t, classic), Range: "B2:J10", Grade: "Easy", Seed: 7, Index: 2, Of: 3, Blanks: 150},
	} {
		f := id.formula()
		for _, part := range strings.Split(f, "&") {
			assert.LessOrEqual(t, len(part), 257, "a string constant is at most 255 characters")
		}
		back, err := parseIdentity(f)
		require.NoError(t, err)
		assert.Equal(t, id, back)
	}
	good := Identity{Givens: grid(t, classic), Range: "B2:J10"}.formula()
	for name, bad := range map[string]string{
		"edited givens": strings.Replace(good, "53..7", "54..7", 1),
		"not a string":  "Sheet1!$A$1",
		"unterminated":  `"xlsudoku/1`,
		"other text":    `"hello" & "world"`,
		"puzzle 4 of 3": Identity{Givens: grid(t, classic), Range: "B2:J10", Index: 4, Of: 3}.formula(),
		"puzzle 0 of 3": Identity{Givens: grid(t, classic), Range: "B2:J10", Of: 3}.formula(),
		"a billion":     Identity{Givens: grid(t, classic), Range: "B2:J10", Index: 1, Of: 1e9}.formula(), // missing puzzles are listed up to Of
	} {
		_, err := parseIdentity(bad)
		assert.ErrorIs(t, err, errIdentity, name)
	}
}

func FuzzParseIdentity(f *testing.F) {
	f.Add(Identity{Givens: solve.NewGrid(solve.Shape9), Range: "B2:J10", Grade: "Easy", Seed: 3}.formula())
	f.Add(Identity{Givens: solve.NewGrid(solve.Shape9), Range: "B2:J10", Index: 1, Of: 2, Blanks: 100}.formula())
	f.Add(`"a"&"b"`)
	f.Add(`""""`)
	f.Fuzz(func(t *testing.T, s string) {
		id, err := parseIdentity(s)
		if err != nil {
			return
		}
		back, err := parseIdentity(id.formula())
		require.NoError(t, err)
		assert.Equal(t, id, back)
	})
}

func TestTypoAdvice(t *testing.T) {
	// The classic puzzle with one given copied wrong: no solution, and the
	// doctored given is named.
	g := grid(t, classic)
	sol, err := solve.Solve(g)
	require.NoError(t, err)
	var at solve.Cell
	found := false
	for i := range 81 {
		if g.Cells[i] == 0 || found {
			continue
		}
		for d := 1; d <= 9; d++ {
			h := g
			h.Cells[i] = uint8(d)
			if d == int(sol.Cells[i]) || len(h.Conflicts()) > 0 || solve.CountSolutions(h, 1) != 0 {
				continue
			}
			g, at, found = h, solve.Cell{Row: i / 9, Col: i % 9}, true
			break
		}
	}
	require.True(t, found, "some given can be doctored into a puzzle without solution")
	f := newBook(t, "Week 3")
	putGrid(t, f, "Week 3", layoutB2, g)
	in := save(t, f, "typo.xlsx")
	p, err := Read(in, Options{})
	require.NoError(t, err)
	_, err = p.Solve()
	require.ErrorIs(t, err, solve.ErrNoSolution)
	want := p.CellName(at.Row, at.Col) + " holds " + solve.DigitString(g.At(at.Row, at.Col))
	assert.Contains(t, err.Error(), want)
	assert.Contains(t, err.Error(), "typo")
}

func TestTwoSolutionsSheet(t *testing.T) {
	g := grid(t, classic)
	// Take givens away until there are several solutions.
	for i := 80; i >= 0 && solve.CountSolutions(g, 2) == 1; i-- {
		g.Cells[i] = 0
	}
	f := newBook(t, "Week 3")
	putGrid(t, f, "Week 3", layoutB2, g)
	in := save(t, f, "two.xlsx")
	p, err := Read(in, Options{})
	require.NoError(t, err)
	first, err := p.Solve()
	var nu *NotUniqueError
	require.ErrorAs(t, err, &nu)
	require.NotEmpty(t, nu.Add)
	h := g
	for _, c := range nu.Add {
		h.Set(c.Row, c.Col, c.Digit)
	}
	assert.Equal(t, 1, solve.CountSolutions(h, 2), "the givens advised make it unique")
	assert.Contains(t, err.Error(), "to make it unique")

	out := filepath.Join(t.TempDir(), "out.xlsx")
	_, err = WriteExtras(p, first, out, Options{}, Extras{Second: &nu.Second, Advice: "To fix it, " + nu.Advice() + "."})
	require.NoError(t, err)
	x, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer x.Close()
	assert.Equal(t, []string{"Week 3", "Solution", "Candidates", "Two solutions"}, x.GetSheetList())
	title, err := x.GetCellValue("Solution", "B1")
	require.NoError(t, err)
	assert.Contains(t, title, "one of several solutions")
	differ := nu.First.Diff(&nu.Second)
	require.NotEmpty(t, differ)
	for k, s := range []solve.Grid{nu.First, nu.Second} {
		for r := range 9 {
			for c := range 9 {
				ref := layout.GridOrigin.Add(r+1, c+k*10).String()
				v, err := x.GetCellValue("Two solutions", ref)
				require.NoError(t, err)
				assert.Equal(t, solve.DigitString(s.At(r, c)), v, ref)
				id, err := x.GetCellStyle("Two solutions", ref)
				require.NoError(t, err)
				st, err := x.GetStyle(id)
				require.NoError(t, err)
				differs := s.At(r, c) != nu.First.At(r, c) || s.At(r, c) != nu.Second.At(r, c)
				assert.Equal(t, differs, len(st.Fill.Color) > 0 && st.Fill.Color[0] == layout.DifferFill, ref)
			}
		}
	}
}

func TestWorksheetRowsInsertedAbove(t *testing.T) {
	// A teacher (or a student, on an unprotected copy) inserts two rows
	// above the board: the app moves the grid's name with it, and grading
	// reads the board where it now is.
	ws, p, sol := writeWorksheet(t, classicBook(t), WorksheetOptions{})
	f, err := excelize.OpenFile(ws)
	require.NoError(t, err)
	require.NoError(t, f.UnprotectSheet("Worksheet"))
	require.NoError(t, f.InsertRows("Worksheet", 1, 2))
	d := sol.At(0, 2)
	require.NoError(t, f.SetCellInt("Worksheet", "D4", int64(d)), "D2 is now D4")
	moved := filepath.Join(t.TempDir(), "moved.xlsx")
	require.NoError(t, f.SaveAs(moved))
	require.NoError(t, f.Close())
	wb := string(unzip(t, moved)["xl/workbook.xml"])
	require.Contains(t, wb, `$B$4:$J$12`, "the app moved the name")

	rs, err := ReadReturned(moved, Options{}, nil)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	assert.Equal(t, "B4:J12", rs[0].Puzzle.Range)
	m, err := GradeReturned(rs[0])
	require.NoError(t, err)
	assert.Equal(t, 1, m.Correct)
	assert.Equal(t, 0, m.Changed, "the givens are where the name says")
	assert.Equal(t, p.Grid, m.Puzzle.Grid)
}

// TestSolveBesideLiveCandidates: solve -o on a worksheet with live
// candidates keeps the students' Candidates sheet and says whose it is.
func TestSolveBesideLiveCandidates(t *testing.T) {
	ws, _, _ := writeWorksheet(t, classicBook(t), WorksheetOptions{LiveCandidates: true})
	out := filepath.Join(t.TempDir(), "solved.xlsx")
	_, _, notes := solveFile(t, ws, out, Options{Sheet: "Worksheet"})
	assert.Contains(t, notes, `the workbook already has a sheet "Candidates" (a worksheet's live candidates); wrote sheet "Candidates (xlsudoku)" instead`)
	pk, err := openPackage(ws, 0)
	require.NoError(t, err)
	defer pk.Close()
	part := ""
	for _, s := range pk.worksheets() {
		if s.name == "Candidates" {
			assert.Equal(t, kindLiveCandidates, s.ours)
			part = s.part
		}
	}
	require.NotEmpty(t, part)
	require.NotNil(t, unzip(t, ws)[part], part)
	assert.Equal(t, unzip(t, ws)[part], unzip(t, out)[part], "the live candidates as they were")
}

// A worksheet made from a workbook that solve or explain wrote holds
// none of the answer: their Solution, Candidates and Steps sheets are
// emptied to a note, every other sheet kept. The source keeps them.
func TestWorksheetLeavesOutTheAnswer(t *testing.T) {
	explained := filepath.Join(t.TempDir(), "explained.xlsx")
	explainFile(t, classicBook(t), explained)
	before := unzip(t, explained)

	p, err := Read(explained, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	out := filepath.Join(t.TempDir(), "worksheet.xlsx")
	notes, err := WriteWorksheet(p, sol, out, Options{}, WorksheetOptions{})
	require.NoError(t, err)
	for _, name := range []string{"Solution", "Candidates", "Steps"} {
		assert.Contains(t, notes, `emptied sheet "`+name+`" of an earlier run: a worksheet must not show students the answer or the work towards it`)
	}
	assert.Equal(t, before, unzip(t, explained), "the source is untouched")

	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, []string{"Week 3", "Solution", "Candidates", "Steps", "Worksheet"}, f.GetSheetList())
	for _, name := range []string{"Solution", "Candidates", "Steps"} {
		text := shownText(t, f, name)
		require.Len(t, text, 1, "sheet %s holds only its note", name)
		assert.Contains(t, text[0], "left out of this worksheet, so that students do not see")
		assert.Contains(t, text[0], "explained.xlsx still has")
		// Hidden: each printed as a page of one line (a walk of 3 December).
		visible, err := f.GetSheetVisible(name)
		require.NoError(t, err)
		assert.False(t, visible, "sheet %s is hidden", name)
	}
	visible, err := f.GetSheetVisible("Worksheet")
	require.NoError(t, err)
	assert.True(t, visible)
	// LibreOffice prints hidden sheets too: each prints one empty cell, a
	// page it leaves out.
	wb := string(unzip(t, out)["xl/workbook.xml"])
	for _, name := range []string{"Solution", "Candidates", "Steps"} {
		assert.Contains(t, wb, `>&apos;`+name+`&apos;!$A$1</definedName>`, "the print area of %s", name)
	}
	got, err := Read(out, Options{Sheet: "Worksheet"})
	require.NoError(t, err)
	assert.Equal(t, p.Grid, got.Grid, "the worksheet holds the puzzle")
}

// A worksheet opens at the Worksheet, not at the source's puzzle, which a
// student might fill instead: it is the active tab and the only selected
// one (two selected sheets would be grouped in Excel). The sheet that was
// selected loses that attribute and nothing else.
func TestWorksheetOpensAtWorksheet(t *testing.T) {
	twoSheets := func(t *testing.T, active int) string {
		f := newBook(t, "Week 3")
		putGrid(t, f, "Week 3", layout.Pos{Col: 2, Row: 2}, grid(t, classic))
		_, err := f.NewSheet("Notes")
		require.NoError(t, err)
		require.NoError(t, f.SetCellStr("Notes", "A1", "for the teacher"))
		f.SetActiveSheet(active)
		return save(t, f, "two.xlsx")
	}
	tests := []struct {
		name   string
		book   func(t *testing.T) string
		was    string // the part of the sheet selected before
		sheets []string
	}{
		{"the puzzle's sheet selected", func(t *testing.T) string { return classicBook(t) }, "xl/worksheets/sheet1.xml", []string{"Week 3", "Worksheet"}},
		{"another sheet selected", func(t *testing.T) string { return twoSheets(t, 1) }, "xl/worksheets/sheet2.xml", []string{"Week 3", "Notes", "Worksheet"}},
		// A walk of 2 December: of sheets selected together, as Excel
		// saves them, one stayed selected, grouped with the Worksheet.
		{"two sheets selected together", func(t *testing.T) string {
			in := twoSheets(t, 0)
			rezip(t, in, func(name string, data []byte) []byte {
				if name == "xl/worksheets/sheet2.xml" {
					return bytes.Replace(data, []byte("<sheetView "), []byte(`<sheetView tabSelected="1" `), 1)
				}
				return data
			})
			return in
		}, "xl/worksheets/sheet2.xml", []string{"Week 3", "Notes", "Worksheet"}},
		{"no views in the workbook", func(t *testing.T) string {
			in := classicBook(t)
			rezip(t, in, func(name string, data []byte) []byte {
				if name == "xl/workbook.xml" {
					return regexp.MustCompile(`<bookViews>.*?</bookViews>`).ReplaceAll(data, nil)
				}
				return data
			})
			return in
		}, "xl/worksheets/sheet1.xml", []string{"Week 3", "Worksheet"}},
		{"empty views in the workbook", func(t *testing.T) string {
			in := classicBook(t)
			rezip(t, in, func(name string, data []byte) []byte {
				if name == "xl/workbook.xml" {
					return regexp.MustCompile(`<bookViews>.*?</bookViews>`).ReplaceAll(data, []byte("<bookViews/>"))
				}
				return data
			})
			return in
		}, "xl/worksheets/sheet1.xml", []string{"Week 3", "Worksheet"}},
		{"a worksheet made again", func(t *testing.T) string {
			ws, _, _ := writeWorksheet(t, classicBook(t), WorksheetOptions{})
			return ws
		}, "", []string{"Week 3", "Worksheet"}},
	}
	tabSelected := regexp.MustCompile(` tabSelected="(1|true)"`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := tt.book(t)
			before := unzip(t, in)
			out, _, _ := writeWorksheet(t, in, WorksheetOptions{})
			after := unzip(t, out)

			f, err := excelize.OpenFile(out)
			require.NoError(t, err)
			defer f.Close()
			require.Equal(t, tt.sheets, f.GetSheetList())
			ws := len(tt.sheets) - 1
			assert.Equal(t, ws, f.GetActiveSheetIndex(), "the active tab")
			assert.Equal(t, 1, strings.Count(string(after["xl/workbook.xml"]), "<bookViews"), "one bookViews")
			pk, err := openPackage(out, 0)
			require.NoError(t, err)
			defer pk.Close()
			for _, s := range pk.worksheets() {
				assert.Equal(t, s.index == ws, tabSelected.Match(after[s.part]), "sheet %s selected", s.name)
			}
			if tt.was != "" {
				require.True(t, tabSelected.Match(before[tt.was]), "the fixture selects %s", tt.was)
				for name, data := range before {
					if strings.HasPrefix(name, "xl/worksheets/sheet") {
						assert.Equal(t, string(tabSelected.ReplaceAll(data, nil)), string(after[name]), "%s: only the attribute goes", name)
					}
				}
			}
		})
	}
}

// The Marked sheet of a 12x12 or 16x16 worksheet shows 10 and up as the
// worksheet did, as letters, so that a "10" typed as a number (wrong:
// the worksheet takes A) stands out from the right As (a walk of 2
// December: every A was marked "10"). A sheet not ours keeps numbers.
func TestMarkedLettersAsTheWorksheet(t *testing.T) {
	for _, s := range []solve.Shape{solve.Shape12, solve.Shape16} {
		t.Run(s.String(), func(t *testing.T) {
			_, solution := solvedPuzzle(t, s)
			n := s.Size
			givens := solution
			ten := -1 // a blank whose answer is 10, typed as the number
			for i, d := range solution.Cells[:n*n] {
				if d == 10 {
					givens.Cells[i] = 0 // one blank a row: the puzzle is unique
					if ten < 0 {
						ten = i
					}
				}
			}
			for _, by := range []string{"stored identity", "--key"} {
				r := &Returned{Puzzle: &Puzzle{File: "back.xlsx", Sheet: "Worksheet", Range: layout.RectAt(layout.GridOrigin, n, n).String(), Grid: givens},
					Sheet: make([]int, n*n), Shown: map[int]string{ten: "10"}, By: by}
				for i, d := range solution.Cells[:n*n] {
					r.Sheet[i] = int(d)
				}
				r.Sheet[ten] = -1
				m, err := GradeReturned(r)
				require.NoError(t, err)
				require.Equal(t, 1, m.Wrong)
				sh := m.markedSheet()
				at := layout.GridOrigin
				shown := map[int]string{}
				for _, c := range sh.Cells {
					row, col := c.Pos.Row-at.Row, c.Pos.Col-at.Col
					if row >= 0 && row < n && col >= 0 && col < n {
						shown[row*n+col] = c.Text
						if c.Number != 0 {
							shown[row*n+col] = strconv.Itoa(c.Number)
						}
					}
				}
				assert.Equal(t, "10", shown[ten], "the wrong entry as typed")
				for i, d := range solution.Cells[:n*n] {
					if i == ten {
						continue
					}
					want := strconv.Itoa(int(d))
					if by == "stored identity" {
						want = solve.DigitString(int(d))
					}
					assert.Equal(t, want, shown[i], "%s: cell %d", by, i)
				}
			}
		})
	}
}

// TestInstructionsSay: the Instructions of a book of worksheets count its
// puzzles as they are, and on 12x12 and 16x16 say that 10 and up are
// typed as letters (a walk of 2 December: "1 puzzle, one to a sheet:
// Puzzle 1, Puzzle 2, ...", and "Type a digit" on a 16x16).
func TestInstructionsSay(t *testing.T) {
	book := func(s solve.Shape, n int) []GeneratedPuzzle {
		out := make([]GeneratedPuzzle, n)
		for i := range out {
			g, sol := solvedPuzzle(t, s)
			g.Cells[0] = 0
			out[i] = GeneratedPuzzle{Number: i + 1, Givens: g, Solution: sol, Grade: solve.Easy}
		}
		return out
	}
	for _, tt := range []struct {
		shape solve.Shape
		n     int
		want  []string
	}{
		{solve.Shape9, 1, []string{"This workbook holds 1 puzzle, on the sheet Puzzle 1.", "Type a digit into each shaded cell so that"}},
		{solve.Shape9, 3, []string{"This workbook holds 3 puzzles, one to a sheet: Puzzle 1, Puzzle 2, ...", "Type a digit into each shaded cell"}},
		{solve.Shape16, 1, []string{"Type a digit 1-9, or a letter A-G for 10-16 (A is 10), into each shaded cell so that"}},
		{solve.Shape12, 2, []string{"Type a digit 1-9, or a letter A-C for 10-12 (A is 10), into each shaded cell"}},
	} {
		out := filepath.Join(t.TempDir(), "class.xlsx")
		require.NoError(t, WriteWorksheetBook(out, book(tt.shape, tt.n), BookOptions{}, WorksheetOptions{}))
		f, err := excelize.OpenFile(out)
		require.NoError(t, err)
		rows, err := f.GetRows("Instructions")
		require.NoError(t, err)
		f.Close()
		var text []string
		for _, r := range rows {
			text = append(text, strings.Join(r, ""))
		}
		for _, w := range tt.want {
			assert.Contains(t, strings.Join(text, "\n"), w, "%s, %d puzzles", tt.shape, tt.n)
		}
	}
}

// TestAnswersPrintAreaOneCell: the hidden Answers sheet's print area, one
// empty cell, is written as one cell: as $A$1:$A$1, LibreOffice saved a
// student's copy with two print areas for it, which Excel repairs (a walk
// of 2 December).
func TestAnswersPrintAreaOneCell(t *testing.T) {
	out, _, _ := writeWorksheet(t, classicBook(t), WorksheetOptions{SelfCheck: true})
	wb := string(unzip(t, out)["xl/workbook.xml"])
	areas := regexp.MustCompile(`<definedName name="_xlnm.Print_Area" localSheetId="\d+">([^<]*)<`).FindAllStringSubmatch(wb, -1)
	var values []string
	for _, a := range areas {
		values = append(values, a[1])
	}
	assert.Contains(t, values, "&apos;Answers&apos;!$A$1")
	assert.NotContains(t, wb, "$A$1:$A$1")
}

// dropIdentities rewrites path as exceljs saves it (a walk of 2
// December): the hidden sheet-scoped defined names, our identities and
// marks, are gone, and so is every cell format's protection, while
// values, fonts and fills stay. With cells, the copies of the identities
// in the worksheets' hidden cells go too, as in a worksheet made before
// they were written.
func dropIdentities(t *testing.T, path string, cells bool) {
	t.Helper()
	names := regexp.MustCompile(`<definedName [^>]*name="xlsudoku_[^"]*"[^>]*>[^<]*</definedName>`)
	protection := regexp.MustCompile(`<protection[^>]*/>`)
	idText := regexp.MustCompile(`>xlsudoku/1 [^<]*<`)
	rezip(t, path, func(part string, data []byte) []byte {
		switch part {
		case "xl/workbook.xml":
			return names.ReplaceAll(data, nil)
		case "xl/styles.xml":
			return protection.ReplaceAll(data, nil)
		}
		if cells {
			return idText.ReplaceAll(data, []byte("><"))
		}
		return data
	})
	parts := unzip(t, path)
	require.NotContains(t, string(parts["xl/workbook.xml"]), "xlsudoku_")
}

// TestGradeWithoutIdentities: a book of worksheets, and a lone worksheet,
// made before their identities were copied into cells and saved by an
// app that drops our defined names and the cells' protection (exceljs),
// are still graded whole, every puzzle found by its sheet's
// name and its givens by the cells' shading, with a warning. A book was
// graded as its Puzzle 1 only; a lone worksheet as the teacher's
// untouched puzzle sheet beside it; an untouched puzzle, all its digits
// givens, was refused as one whose givens look like the entries.
func TestGradeWithoutIdentities(t *testing.T) {
	ps := testPuzzles(t, 3)
	book := filepath.Join(t.TempDir(), "book.xlsx")
	require.NoError(t, WriteWorksheetBook(book, ps, BookOptions{}, WorksheetOptions{}))
	blank := func(p GeneratedPuzzle, k int) (string, int) { // the k-th blank and its answer
		for i := range 81 {
			if p.Givens.Cells[i] == 0 {
				if k--; k < 0 {
					return layout.Pos{Col: 2 + i%9, Row: 2 + i/9}.String(), int(p.Solution.Cells[i])
				}
			}
		}
		t.Fatal("no such blank")
		return "", 0
	}
	// Puzzle 2 done right; Puzzle 1 one right, one wrong; Puzzle 3 untouched.
	f, err := excelize.OpenFile(book)
	require.NoError(t, err)
	for k := range 81 - ps[1].Givens.Filled() {
		ref, d := blank(ps[1], k)
		require.NoError(t, f.SetCellValue("Puzzle 2", ref, d))
	}
	ref1, d1 := blank(ps[0], 0)
	ref2, d2 := blank(ps[0], 1)
	require.NoError(t, f.SetCellValue("Puzzle 1", ref1, d1))
	require.NoError(t, f.SetCellValue("Puzzle 1", ref2, d2%9+1))
	returned := filepath.Join(t.TempDir(), "returned.xlsx")
	require.NoError(t, f.SaveAs(returned))
	require.NoError(t, f.Close())
	dropIdentities(t, returned, true)

	rs, err := ReadReturned(returned, Options{}, nil)
	require.NoError(t, err)
	require.Len(t, rs, 3, "every puzzle of the book")
	var got []string
	for i, r := range rs {
		assert.True(t, r.IdentityLost)
		assert.Equal(t, [2]int{i + 1, 3}, [2]int{r.Index, r.Of})
		assert.Equal(t, ps[i].Givens, r.Puzzle.Grid, "puzzle %d's givens, by their shading", i+1)
		m, err := GradeReturned(r)
		require.NoError(t, err)
		got = append(got, m.Summary())
	}
	blanks := func(i int) int { return 81 - ps[i].Givens.Filled() }
	assert.Equal(t, []string{
		fmt.Sprintf("Puzzle 1: 1 of %d right, 1 wrong (Puzzle 1!%s), %d empty", blanks(0), ref2, blanks(0)-2),
		fmt.Sprintf("Puzzle 2: %d of %d right, 0 wrong, 0 empty", blanks(1), blanks(1)),
		fmt.Sprintf("Puzzle 3: 0 of %d right, 0 wrong, %d empty", blanks(2), blanks(2)),
	}, got)

	// A lone worksheet beside the teacher's puzzle sheet: the Worksheet is
	// graded, not the untouched Puzzle sheet; a changed given, taken for
	// the puzzle's own, breaks the puzzle and asks for --key.
	ws, p, sol := writeWorksheet(t, classicBook(t), WorksheetOptions{})
	var entry string
	for i := range 81 {
		if p.Grid.Cells[i] == 0 {
			entry = layout.Pos{Col: 2 + i%9, Row: 2 + i/9}.String()
			returned = fill(t, ws, "Worksheet", map[string]any{entry: int(sol.Cells[i])})
			break
		}
	}
	dropIdentities(t, returned, true)
	rs, err = ReadReturned(returned, Options{}, nil)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	assert.Equal(t, "Worksheet", rs[0].Puzzle.Sheet)
	assert.True(t, rs[0].IdentityLost)
	assert.Equal(t, p.Grid, rs[0].Puzzle.Grid)
	m, err := GradeReturned(rs[0])
	require.NoError(t, err)
	assert.Equal(t, 1, m.Correct)
	changed := fill(t, returned, "Worksheet", map[string]any{"B2": sol.At(0, 1)}) // B2's given 5 made C2's digit
	rs, err = ReadReturned(changed, Options{}, nil)
	require.NoError(t, err)
	_, err = GradeReturned(rs[0])
	assert.ErrorIs(t, err, ErrNoKey)
	assert.ErrorContains(t, err, "a student may have changed one: grade with --key")
	key, err := Read(classicBook(t), Options{})
	require.NoError(t, err)
	rs, err = ReadReturned(changed, Options{}, []solve.Grid{key.Grid})
	require.NoError(t, err)
	m, err = GradeReturned(rs[0])
	require.NoError(t, err)
	assert.Equal(t, []string{"Worksheet!B2"}, m.Cells(Changed))
	assert.Equal(t, 1, m.Correct)
}

// TestWorksheetWarnsOfAnswersItCannotEmpty: our answer sheets carry
// their mark in a hidden cell as well as in a defined name, so that a
// worksheet made from a solved copy that exceljs saved (it drops every
// hidden defined name) empties them still. A copy made before the cells
// had the mark has neither: the worksheet cannot tell the sheets are ours
// and leaves them, but warns that they give the answer away.
func TestWorksheetWarnsOfAnswersItCannotEmpty(t *testing.T) {
	p, sol := readSolved(t, classicBook(t))
	solved := filepath.Join(t.TempDir(), "solved.xlsx")
	_, err := Write(p, sol, solved, Options{})
	require.NoError(t, err)
	for _, dropped := range []string{"nothing", "names", "names and cells"} {
		switch dropped {
		case "names":
			dropIdentities(t, solved, false)
		case "names and cells":
			dropIdentities(t, solved, true)
		}
		q, err := Read(solved, Options{Sheet: p.Sheet})
		require.NoError(t, err)
		out := filepath.Join(t.TempDir(), "ws.xlsx")
		notes, err := WriteWorksheet(q, sol, out, Options{}, WorksheetOptions{})
		require.NoError(t, err, dropped)
		var warnings []string
		for _, n := range notes {
			if strings.HasPrefix(n, "warning: ") {
				warnings = append(warnings, n)
			}
		}
		f, err := excelize.OpenFile(out)
		require.NoError(t, err)
		solution := shownText(t, f, "Solution")
		require.NoError(t, f.Close())
		if dropped != "names and cells" {
			assert.Empty(t, warnings, "dropped %s: our sheets are emptied", dropped)
			require.Len(t, solution, 1, "dropped %s", dropped)
			assert.Contains(t, solution[0], "left out of this worksheet")
			continue
		}
		require.Len(t, warnings, 2, "%q", notes)
		assert.Contains(t, warnings[0], `sheet "Solution" holds the puzzle's solution at B2:J10, and nothing marks it as xlsudoku's to empty`)
		assert.Contains(t, warnings[1], `sheet "Candidates" may give the answer away`)
		assert.Contains(t, solution, strconv.Itoa(sol.At(0, 0)), "left as it was, as the warning says")

		// A variant (digits 1 and 2 swapped): its solution is not the
		// Solution sheet's, which still gives it away; the name tells.
		v1 := *q
		v1.Grid = swapOnesAndTwos(q.Grid)
		notes, err = WriteWorksheet(&v1, swapOnesAndTwos(sol), filepath.Join(t.TempDir(), "ws-1.xlsx"), Options{}, WorksheetOptions{})
		require.NoError(t, err)
		assert.Contains(t, strings.Join(notes, "\n"), `warning: sheet "Solution" may give the answer away`)
	}
}

// TestWorksheetWarnsOfAKeyAnywhere: a teacher's own answer key reaches
// the students' copy with a warning wherever it lies, beside the puzzle
// on its own sheet too (a walk of 3 December: only B2 and the puzzle's
// place were looked at, so a key at D5:L13 went out in silence). A grid
// that differs from the solution in one cell is no key.
func TestWorksheetWarnsOfAKeyAnywhere(t *testing.T) {
	g := grid(t, classic)
	sol, err := solve.Solve(g)
	require.NoError(t, err)
	almost := sol
	almost.Cells[40], almost.Cells[41] = almost.Cells[41], almost.Cells[40]
	f := newBook(t, "Week 3")
	putGrid(t, f, "Week 3", layout.Pos{Col: 2, Row: 2}, g)
	putGrid(t, f, "Week 3", layout.Pos{Col: 16, Row: 3}, sol) // P3:X11
	_, err = f.NewSheet("Key")
	require.NoError(t, err)
	for i, d := range sol.Cells[:81] { // as text digits, at D5:L13
		require.NoError(t, f.SetCellStr("Key", layout.Pos{Col: 4, Row: 5}.Add(i/9, i%9).String(), strconv.Itoa(int(d))))
	}
	_, err = f.NewSheet("Draft")
	require.NoError(t, err)
	putGrid(t, f, "Draft", layout.Pos{Col: 2, Row: 2}, almost)
	p, err := Read(save(t, f, "keys.xlsx"), Options{Sheet: "Week 3", Range: "B2:J10"})
	require.NoError(t, err)
	notes, err := WriteWorksheet(p, sol, filepath.Join(t.TempDir(), "ws.xlsx"), Options{}, WorksheetOptions{})
	require.NoError(t, err)
	var warnings []string
	for _, n := range notes {
		if strings.HasPrefix(n, "warning: ") {
			warnings = append(warnings, n)
		}
	}
	require.Len(t, warnings, 2, "%q", notes)
	assert.Contains(t, warnings[0], `sheet "Week 3" holds the puzzle's solution at P3:X11`)
	assert.Contains(t, warnings[1], `sheet "Key" holds the puzzle's solution at D5:L13`)

	// Past the area scanned (1,000 rows), a key at the puzzle's own place
	// on another sheet is still seen, as before the scan.
	f = newBook(t, "Week 3")
	far := layout.Pos{Col: 2, Row: 1001}
	putGrid(t, f, "Week 3", far, g)
	_, err = f.NewSheet("Key")
	require.NoError(t, err)
	putGrid(t, f, "Key", far, sol)
	rng := layout.RectAt(far, 9, 9).String()
	p, err = Read(save(t, f, "far.xlsx"), Options{Sheet: "Week 3", Range: rng})
	require.NoError(t, err)
	notes, err = WriteWorksheet(p, sol, filepath.Join(t.TempDir(), "ws.xlsx"), Options{}, WorksheetOptions{})
	require.NoError(t, err)
	assert.Contains(t, strings.Join(notes, "\n"), `sheet "Key" holds the puzzle's solution at `+rng)
}

// TestIdentityCellOutlivesTheNames: each worksheet holds a copy of its
// identity in a hidden, locked cell, which every app keeps: saved by one
// that drops the defined names (exceljs), a book is graded by its
// identities still, a changed given seen as such without --key.
func TestIdentityCellOutlivesTheNames(t *testing.T) {
	ps := testPuzzles(t, 2)
	book := filepath.Join(t.TempDir(), "book.xlsx")
	require.NoError(t, WriteWorksheetBook(book, ps, BookOptions{}, WorksheetOptions{}))
	f, err := excelize.OpenFile(book)
	require.NoError(t, err)
	at := layout.IdentityCell(9).String()
	for i, sheet := range []string{"Puzzle 1", "Puzzle 2"} {
		v, err := f.GetCellValue(sheet, at)
		require.NoError(t, err)
		id, err := parseIdentityText(v)
		require.NoError(t, err, "%s!%s holds the identity", sheet, at)
		assert.Equal(t, ps[i].Givens, id.Givens)
		assert.Equal(t, [2]int{i + 1, 2}, [2]int{id.Index, id.Of})
		visible, err := f.GetColVisible(sheet, at[:1])
		require.NoError(t, err)
		assert.False(t, visible, "its column is hidden")
	}
	// The student changes a given of Puzzle 2 (B2 holds one: testPuzzles
	// shift a puzzle whose r1c1 is given).
	require.NotZero(t, ps[1].Givens.At(0, 0))
	require.NoError(t, f.SetCellValue("Puzzle 2", "B2", ps[1].Givens.At(0, 0)%9+1))
	returned := filepath.Join(t.TempDir(), "returned.xlsx")
	require.NoError(t, f.SaveAs(returned))
	require.NoError(t, f.Close())
	dropIdentities(t, returned, false)

	rs, err := ReadReturned(returned, Options{}, nil)
	require.NoError(t, err)
	require.Len(t, rs, 2)
	for i, r := range rs {
		assert.Equal(t, "stored identity", r.By)
		assert.False(t, r.IdentityLost)
		assert.Equal(t, ps[i].Givens, r.Puzzle.Grid)
	}
	m, err := GradeReturned(rs[1])
	require.NoError(t, err)
	assert.Equal(t, []string{"Puzzle 2!B2"}, m.Cells(Changed))
}

// TestMarksLeftOnTheWrongSheet: a tool that deletes a sheet without
// renumbering the sheet-scoped names after it (openpyxl 3.0 renumbers
// print areas only) leaves each of our marks on the next sheet. A user's
// sheet that got the mark of a worksheet's Answers was emptied by the
// next worksheet run as a stale answer key, and the live Candidates taken
// for the worksheet (a walk of 2 December, with openpyxl itself). Now an
// Answers mark needs a sheet called and titled Answers (or emptied and
// hidden), a live Candidates mark its name and title, and a worksheet's
// its grid name naming it.
func TestMarksLeftOnTheWrongSheet(t *testing.T) {
	p, sol := readSolved(t, classicWithSheet(t, "Junk"))
	ws := filepath.Join(t.TempDir(), "ws.xlsx")
	_, err := WriteWorksheet(p, sol, ws, Options{}, WorksheetOptions{SelfCheck: true, LiveCandidates: true})
	require.NoError(t, err)
	g, err := excelize.OpenFile(ws)
	require.NoError(t, err)
	require.Equal(t, []string{"Week 3", "Junk", "Worksheet", "Candidates", "Answers"}, g.GetSheetList())
	_, err = g.NewSheet("My notes")
	require.NoError(t, err)
	require.NoError(t, g.SetCellStr("My notes", "A1", "precious"))
	require.NoError(t, g.SetCellStr("My notes", "B1", "week 3 plan"))
	notes := filepath.Join(t.TempDir(), "notes.xlsx")
	require.NoError(t, g.SaveAs(notes))
	require.NoError(t, g.Close())

	deleteAsOpenpyxl(t, notes, "Junk", 1)
	h, err := excelize.OpenFile(notes)
	require.NoError(t, err)
	require.Equal(t, []string{"Week 3", "Worksheet", "Candidates", "Answers", "My notes"}, h.GetSheetList())
	require.NoError(t, h.Close())

	q, err := Read(notes, Options{Sheet: "Week 3"})
	require.NoError(t, err)
	again := filepath.Join(t.TempDir(), "again.xlsx")
	msgs, err := WriteWorksheet(q, sol, again, Options{}, WorksheetOptions{})
	require.NoError(t, err)
	assert.NotContains(t, strings.Join(msgs, "\n"), `"My notes"`)
	a, err := excelize.OpenFile(again)
	require.NoError(t, err)
	defer a.Close()
	for cell, want := range map[string]string{"A1": "precious", "B1": "week 3 plan"} {
		v, err := a.GetCellValue("My notes", cell)
		require.NoError(t, err)
		assert.Equal(t, want, v, "My notes!%s is the user's still", cell)
	}
	visible, err := a.GetSheetVisible("My notes")
	require.NoError(t, err)
	assert.True(t, visible)
	cands, err := a.GetCellValue("Candidates", "B1")
	require.NoError(t, err)
	assert.Equal(t, "Candidates of Worksheet, as the entries stand", cands, "the live Candidates is not replaced by a worksheet")

	// Grading finds the worksheet by its identity cell, and takes the
	// Candidates sheet, which holds the worksheet's names, for no copy.
	rs, err := ReadReturned(notes, Options{}, nil)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	assert.Equal(t, "Worksheet", rs[0].Puzzle.Sheet)
	assert.Equal(t, "stored identity", rs[0].By)
	assert.Empty(t, rs[0].Copies)
}

// TestGradeTheSheetWithTheWork: of a worksheet and its copies (one a
// student made to work on, or the worksheet a second run wrote beside a
// first whose marks exceljs dropped), the worksheet handed out is graded
// unless it is empty; then the copy with the most entries, the others
// named as not graded. The first was graded: 0 of 51 for the student who
// worked on a copy. (A copy used as scratch beside a worksheet with
// entries is not graded.)
// And a hidden sheet is never offered as where the work may be: the
// Answers sheet of a self-checking worksheet, its mark dropped, was ("to
// grade it, give --sheet Answers": 51 of 51 right).
func TestGradeTheSheetWithTheWork(t *testing.T) {
	p, sol := readSolved(t, classicBook(t))
	ws := filepath.Join(t.TempDir(), "ws.xlsx")
	_, err := WriteWorksheet(p, sol, ws, Options{}, WorksheetOptions{SelfCheck: true})
	require.NoError(t, err)

	f, err := excelize.OpenFile(ws)
	require.NoError(t, err)
	from, err := f.GetSheetIndex("Worksheet")
	require.NoError(t, err)
	to, err := f.NewSheet("Worksheet Copy")
	require.NoError(t, err)
	require.NoError(t, f.CopySheet(from, to))
	filled := 0
	for i, d := range p.Grid.Cells[:81] {
		if d == 0 && filled < 10 {
			ref, err := excelize.CoordinatesToCellName(2+i%9, 2+i/9)
			require.NoError(t, err)
			require.NoError(t, f.SetCellInt("Worksheet Copy", ref, int64(sol.Cells[i])))
			filled++
		}
	}
	copied := filepath.Join(t.TempDir(), "copied.xlsx")
	require.NoError(t, f.SaveAs(copied))
	require.NoError(t, f.Close())
	rs, err := ReadReturned(copied, Options{}, nil)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	assert.Equal(t, "Worksheet Copy", rs[0].Puzzle.Sheet, "the sheet with the work")
	assert.Equal(t, []string{"Worksheet"}, rs[0].Copies)
	assert.Equal(t, 10, rs[0].entries())

	// Scratch: the worksheet has two entries, the copy ten.
	scratch := fill(t, copied, "Worksheet", map[string]any{blankRef(t, p.Grid, 0): sol.Cells[blankIndex(p.Grid, 0)], blankRef(t, p.Grid, 1): sol.Cells[blankIndex(p.Grid, 1)]})
	rs, err = ReadReturned(scratch, Options{}, nil)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	assert.Equal(t, "Worksheet", rs[0].Puzzle.Sheet, "the worksheet handed out, which has entries")
	assert.Equal(t, []string{"Worksheet Copy"}, rs[0].Copies)
	assert.Equal(t, 2, rs[0].entries())

	// The same, the teacher having renamed the worksheet Week 3 and the
	// student's copy named by LibreOffice: the sheet the copy is named
	// after is the one handed out.
	renamed := renamedCopy(t, scratch, "Worksheet", "Week 3 work", "Worksheet Copy", "Week 3 work_2")
	rs, err = ReadReturned(renamed, Options{}, nil)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	assert.Equal(t, "Week 3 work", rs[0].Puzzle.Sheet, "the sheet its copy is named after")
	assert.Equal(t, []string{"Week 3 work_2"}, rs[0].Copies)

	dropIdentities(t, ws, false)
	rs, err = ReadReturned(ws, Options{}, nil)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	assert.Equal(t, "Worksheet", rs[0].Puzzle.Sheet)
	assert.True(t, rs[0].unstarted())
	for _, w := range rs[0].Elsewhere {
		assert.NotContains(t, w, "Answers", "the hidden answer key is no student's work")
	}
}

// TestWorksheetRerunAfterNamesDropped: a worksheet's sheets are known by
// their cells too (the Worksheet by its identity cell, the Answers and
// live Candidates by their mark cells), so a second run on a file that
// exceljs saved (it drops every hidden defined name) replaces them in
// place. It wrote a second Worksheet, Candidates and Answers beside the
// first, and warned that the old Answers gave the solution away.
func TestWorksheetRerunAfterNamesDropped(t *testing.T) {
	p, sol := readSolved(t, classicBook(t))
	ws := filepath.Join(t.TempDir(), "ws.xlsx")
	opts := WorksheetOptions{SelfCheck: true, LiveCandidates: true}
	_, err := WriteWorksheet(p, sol, ws, Options{}, opts)
	require.NoError(t, err)
	f, err := excelize.OpenFile(ws)
	require.NoError(t, err)
	sheets := f.GetSheetList()
	require.NoError(t, f.Close())
	require.Equal(t, []string{"Week 3", "Worksheet", "Candidates", "Answers"}, sheets)
	dropIdentities(t, ws, false)

	q, err := Read(ws, Options{Sheet: "Week 3"})
	require.NoError(t, err)
	again := filepath.Join(t.TempDir(), "again.xlsx")
	notes, err := WriteWorksheet(q, sol, again, Options{}, opts)
	require.NoError(t, err)
	for _, s := range sheets[1:] {
		assert.Contains(t, notes, fmt.Sprintf("replaced sheet %q of an earlier run", s))
	}
	for _, n := range notes {
		assert.NotContains(t, n, "warning", n)
	}
	g, err := excelize.OpenFile(again)
	require.NoError(t, err)
	defer g.Close()
	assert.Equal(t, sheets, g.GetSheetList())
	visible, err := g.GetSheetVisible("Answers")
	require.NoError(t, err)
	assert.False(t, visible)
}

// blankIndex is the index of the k-th blank of g.
func blankIndex(g solve.Grid, k int) int {
	for i, d := range g.Cells[:g.Shape.Cells()] {
		if d == 0 {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return -1
}

// blankRef is the cell at B2 of the k-th blank of g.
func blankRef(t *testing.T, g solve.Grid, k int) string {
	i := blankIndex(g, k)
	ref, err := excelize.CoordinatesToCellName(2+i%g.Shape.Size, 2+i/g.Shape.Size)
	require.NoError(t, err)
	return ref
}

func TestCopyNamed(t *testing.T) {
	for _, tc := range []struct {
		name, of string
		want     bool
	}{
		{"Worksheet (2)", "Worksheet", true},
		{"Worksheet_2", "Worksheet", true},
		{"Worksheet Copy", "Worksheet", true},
		{"Worksheet Copy1", "Worksheet", true},
		{"Copy of Worksheet", "Worksheet", true},
		{"copy of week 3 (b)", "Week 3 (b)", true},
		{"Worksheet", "Worksheet", false},
		{"Worksheet 2", "Worksheet", false},
		{"Mine", "Worksheet", false},
		{"Worksheet_2", "Worksheet_2", false},
	} {
		assert.Equal(t, tc.want, copyNamed(tc.name, tc.of), "%q of %q", tc.name, tc.of)
	}
}

// TestSixteenIdentityCellOutlivesTheNames: a 16x16 worksheet's identity
// (about 340 characters) is read whole from its cell. Cells were read to
// 256 bytes, so once exceljs had dropped the defined names every 16x16
// worksheet was refused as "damaged" (exit 3), --key or not.
func TestSixteenIdentityCellOutlivesTheNames(t *testing.T) {
	g, err := solve.ParseLine(first16x16(t))
	require.NoError(t, err)
	sol, err := solve.Solve(g)
	require.NoError(t, err)
	book := filepath.Join(t.TempDir(), "book16.xlsx")
	require.NoError(t, WriteWorksheetBook(book, []GeneratedPuzzle{{Number: 1, Givens: g, Solution: sol, Grade: solve.Expert, Seed: 123456789}}, BookOptions{}, WorksheetOptions{}))
	f, err := excelize.OpenFile(book)
	require.NoError(t, err)
	v, err := f.GetCellValue("Puzzle 1", layout.IdentityCell(16).String())
	require.NoError(t, err)
	require.NoError(t, f.Close())
	require.Greater(t, len(v), 256, "the identity is longer than cells were read")
	dropIdentities(t, book, false)
	rs, err := ReadReturned(book, Options{}, nil)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	assert.Equal(t, "stored identity", rs[0].By)
	assert.Equal(t, g, rs[0].Puzzle.Grid)
}

// TestWorkElsewhereOnVisibleSheets: most apps write state="visible" on
// every sheet they save, which was taken for hidden: the warning that a
// student's work is on another sheet never came (a walk of 2 December).
func TestWorkElsewhereOnVisibleSheets(t *testing.T) {
	ws, p, sol := writeWorksheet(t, classicBook(t), WorksheetOptions{})
	entries := map[string]any{}
	for k := range 5 {
		entries[blankRef(t, p.Grid, k)] = sol.Cells[blankIndex(p.Grid, k)]
	}
	worked := fill(t, ws, "Week 3", entries) // on the teacher's sheet, not the Worksheet
	visible := regexp.MustCompile(`<sheet ([^>]*?)(/?)>`)
	rezip(t, worked, func(name string, data []byte) []byte {
		if name != "xl/workbook.xml" {
			return data
		}
		return visible.ReplaceAllFunc(data, func(m []byte) []byte {
			if bytes.Contains(m, []byte("state=")) {
				return m
			}
			sub := visible.FindSubmatch(m)
			return []byte(`<sheet ` + strings.TrimRight(string(sub[1]), " ") + ` state="visible"` + string(sub[2]) + `>`)
		})
	})
	require.Contains(t, string(unzip(t, worked)["xl/workbook.xml"]), `state="visible"`)
	rs, err := ReadReturned(worked, Options{}, nil)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	require.NotEmpty(t, rs[0].Elsewhere)
	assert.Contains(t, rs[0].Elsewhere[0], `sheet "Week 3" holds this puzzle with 5 entries`)
}

// TestWorksheetEmptiesOurSheetsRenamed: a sheet of ours the teacher
// renamed, or copied, is theirs in their workbook (a run leaves it
// alone), but it still gives the answer away: the worksheet's copy for
// students empties it too, found by its mark name or, where an app
// dropped the names, by its mark cell. A renamed Steps reached students
// whole, without a word (a walk of 2 December).
func TestWorksheetEmptiesOurSheetsRenamed(t *testing.T) {
	for _, dropped := range []bool{false, true} {
		explained := filepath.Join(t.TempDir(), "explained.xlsx")
		p, _, _ := explainFile(t, classicBook(t), explained)
		if dropped {
			dropIdentities(t, explained, false)
		}
		renamed := renamedCopy(t, explained, "Steps", "My steps", "Solution", "Old")

		q, err := Read(renamed, Options{Sheet: p.Sheet})
		require.NoError(t, err)
		sol, err := q.Solve()
		require.NoError(t, err)
		out := filepath.Join(t.TempDir(), "ws.xlsx")
		notes, err := WriteWorksheet(q, sol, out, Options{}, WorksheetOptions{})
		require.NoError(t, err, "dropped %v", dropped)
		all := strings.Join(notes, "\n")
		assert.Contains(t, all, `emptied sheet "My steps" (it has the mark of xlsudoku's Steps sheet under a name of its own: ours renamed, or a copy)`, "dropped %v", dropped)
		assert.Contains(t, all, `emptied sheet "Old" (it has the mark of xlsudoku's Solution sheet`, "dropped %v", dropped)
		assert.NotContains(t, all, "warning", "dropped %v", dropped)
		g, err := excelize.OpenFile(out)
		require.NoError(t, err)
		for _, sheet := range []string{"My steps", "Old"} {
			text := shownText(t, g, sheet)
			require.Len(t, text, 1, "dropped %v: %s holds only its note", dropped, sheet)
			assert.Contains(t, text[0], "left out of this worksheet")
		}
		require.NoError(t, g.Close())
		before, err := excelize.OpenFile(renamed)
		require.NoError(t, err)
		assert.Greater(t, len(shownText(t, before, "My steps")), 10, "the teacher's workbook keeps them")
		require.NoError(t, before.Close())
	}
}

// TestReadWorksheetEntriesLeftOut: reading a worksheet a student has
// filled takes its stored givens, and the note counts the entries left
// out in good grammar ("the 1 entry ... is left out": a walk of 3
// December found "are").
func TestReadWorksheetEntriesLeftOut(t *testing.T) {
	ws, p, sol := writeWorksheet(t, classicBook(t), WorksheetOptions{})
	for _, tc := range []struct {
		cells []string
		note  string
	}{
		{[]string{"D2"}, "; the 1 entry typed into it is left out"},
		{[]string{"D2", "E2"}, "; the 2 entries typed into it are left out"},
	} {
		f, err := excelize.OpenFile(ws)
		require.NoError(t, err)
		for _, cell := range tc.cells {
			pos, err := layout.ParsePos(cell)
			require.NoError(t, err)
			require.Zero(t, p.Grid.At(pos.Row-2, pos.Col-2), "%s is to fill", cell)
			require.NoError(t, f.SetCellInt("Worksheet", cell, int64(sol.At(pos.Row-2, pos.Col-2))))
		}
		filled := filepath.Join(t.TempDir(), "filled.xlsx")
		require.NoError(t, f.SaveAs(filled))
		require.NoError(t, f.Close())
		q, err := Read(filled, Options{})
		require.NoError(t, err)
		assert.Equal(t, p.Grid, q.Grid, "the givens only")
		assert.Contains(t, strings.Join(q.Notes, "\n"), "its 30 givens"+tc.note)
	}
}

// TestWorksheetOfABookOfWorksheets: a worksheet of a book that generate
// --worksheet made is refused as a usage error naming its worksheets (it
// failed its own check, exit 1); a worksheet of a worksheet this command
// made replaces it, as before.
func TestWorksheetOfABookOfWorksheets(t *testing.T) {
	book := filepath.Join(t.TempDir(), "book.xlsx")
	require.NoError(t, WriteWorksheetBook(book, testPuzzles(t, 2), BookOptions{}, WorksheetOptions{}))
	p, err := Read(book, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	out := filepath.Join(t.TempDir(), "ws.xlsx")
	_, err = WriteWorksheet(p, sol, out, Options{}, WorksheetOptions{})
	require.ErrorIs(t, err, ErrUsage)
	assert.ErrorContains(t, err, `already holds worksheets of xlsudoku ("Puzzle 1", "Puzzle 2")`)
	assert.NoFileExists(t, out)

	ws, _, _ := writeWorksheet(t, classicBook(t), WorksheetOptions{})
	q, qs := readSolved(t, ws)
	_, err = WriteWorksheet(q, qs, filepath.Join(t.TempDir(), "again.xlsx"), Options{}, WorksheetOptions{})
	require.NoError(t, err)
}

// TestWorkElsewhereAtTheSheetsOwnPlace: a worksheet made from 'Week 3'!C3:K11
// has its board at B2:J10; a student who filled the teacher's sheet
// instead, at C3:K11, was told nothing, for only B2:J10 was looked at on
// the other sheets (a walk of 3 December): the work is found where that
// sheet's own puzzle is, and so is a variant's original puzzle filled.
func TestWorkElsewhereAtTheSheetsOwnPlace(t *testing.T) {
	f := newBook(t, "Week 3")
	at := layout.Pos{Col: 3, Row: 3}
	putGrid(t, f, "Week 3", at, grid(t, classic))
	ws, p, sol := writeWorksheet(t, save(t, f, "teacher.xlsx"), WorksheetOptions{})
	require.Equal(t, "C3:K11", p.Range)

	entries := map[string]any{}
	for k := range 5 {
		i := blankIndex(p.Grid, k)
		entries[at.Add(i/9, i%9).String()] = sol.Cells[i]
	}
	rs, err := ReadReturned(fill(t, ws, "Week 3", entries), Options{}, nil)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	require.Len(t, rs[0].Elsewhere, 1)
	assert.Contains(t, rs[0].Elsewhere[0], `sheet "Week 3" holds this puzzle with 5 entries: to grade it, give --sheet 'Week 3' --range C3:K11`)

	// Another puzzle there, filled: as a variant's file keeps the original.
	other := map[string]any{}
	another := relabelled(sol)
	for i, d := range another.Cells[:81] {
		other[at.Add(i/9, i%9).String()] = d
	}
	rs, err = ReadReturned(fill(t, ws, "Week 3", other), Options{}, nil)
	require.NoError(t, err)
	require.Len(t, rs[0].Elsewhere, 1)
	assert.Contains(t, rs[0].Elsewhere[0], `sheet "Week 3" holds another puzzle at C3:K11 with 81 digits, 51 more than this one's givens`)
	assert.Contains(t, rs[0].Elsewhere[0], `grade it with --sheet 'Week 3' --range C3:K11`)
}

// TestInstructionsTitleFits: a long title on the Instructions sheet wraps
// onto a row tall enough for its lines in 14 points bold (its second line
// was cut at its foot: a walk of 3 December).
func TestInstructionsTitleFits(t *testing.T) {
	g, sol := solvedPuzzle(t, solve.Shape6)
	puzzles := []GeneratedPuzzle{{Number: 1, Givens: g, Solution: sol, Grade: solve.Easy}}
	title := "Mrs Abernathy-Worthington's Year 3 Sudoku Worksheets for the Spring Half Term, Week Five"
	out := filepath.Join(t.TempDir(), "class.xlsx")
	require.NoError(t, WriteWorksheetBook(out, puzzles, BookOptions{Title: title}, WorksheetOptions{}))
	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f.Close()
	v, err := f.GetCellValue("Instructions", "B2")
	require.NoError(t, err)
	require.Equal(t, title, v)
	h, err := f.GetRowHeight("Instructions", 2)
	require.NoError(t, err)
	// Its 88 characters take two lines of a column 480 points wide (half
	// an em each, and more in bold), each 14 points and some.
	assert.GreaterOrEqual(t, h, 2*14*1.2)
}

// TestSolveShowsWhatTheCopyHid: solve run on a worksheet's copy writes its
// Solution and Candidates over the sheets the copy emptied and hid, and
// shows them (they stayed hidden: found in review).
func TestSolveShowsWhatTheCopyHid(t *testing.T) {
	solved := filepath.Join(t.TempDir(), "solved.xlsx")
	solveFile(t, classicBook(t), solved, Options{})
	ws, _, _ := writeWorksheet(t, solved, WorksheetOptions{})
	f, err := excelize.OpenFile(ws)
	require.NoError(t, err)
	visible, err := f.GetSheetVisible("Solution")
	require.NoError(t, err)
	require.False(t, visible, "the copy hides it")
	f.Close()

	again := filepath.Join(t.TempDir(), "again.xlsx")
	_, _, notes := solveFile(t, ws, again, Options{Sheet: "Week 3"})
	assert.Contains(t, notes, `replaced sheet "Solution" of an earlier run`)
	f, err = excelize.OpenFile(again)
	require.NoError(t, err)
	defer f.Close()
	for _, name := range []string{"Solution", "Candidates"} {
		visible, err := f.GetSheetVisible(name)
		require.NoError(t, err)
		assert.True(t, visible, name)
	}
	v, err := f.GetCellValue("Solution", "C2")
	require.NoError(t, err)
	assert.NotEmpty(t, v, "the solution is written there")
}
