package workbook

import (
	"fmt"
	"github.com/xlsudoku/xlsudoku/layout"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

// TestSummaryChartInPrintArea: the chart under the class summary ends
// within the print area, whatever the class's size (its anchor, which
// apps draw it by, reached past the area: the last bar was not printed).
func TestSummaryChartInPrintArea(t *testing.T) {
	toRow := regexp.MustCompile(`<xdr:to>.*?<xdr:row>(\d+)</xdr:row><xdr:rowOff>(\d+)</xdr:rowOff></xdr:to>`)
	area := regexp.MustCompile(`_xlnm.Print_Area"[^>]*>[^<]*\$(\d+)</definedName>`)
	for _, n := range []int{1, 5, 20, 40, 120} {
		rows := make([]SummaryRow, n)
		for i := range rows {
			rows[i] = SummaryRow{File: fmt.Sprintf("st%03d.xlsx", i+1), Error: "not graded"}
		}
		out := filepath.Join(t.TempDir(), "summary.xlsx")
		require.NoError(t, WriteSummary(out, rows, ""))
		parts := unzip(t, out)
		m := toRow.FindSubmatch(parts["xl/drawings/drawing1.xml"])
		require.NotNil(t, m, "%d rows: the chart's anchor", n)
		a := area.FindSubmatch(parts["xl/workbook.xml"])
		require.NotNil(t, a, "%d rows: the print area", n)
		// The anchor's rows count from 0: it ends in row row+1, or at the
		// top of it, the foot of row row, when it ends there.
		row, _ := strconv.Atoi(string(m[1]))
		if off, _ := strconv.Atoi(string(m[2])); off > 0 {
			row++
		}
		last, _ := strconv.Atoi(string(a[1]))
		assert.LessOrEqual(t, row, last, "%d rows: the chart ends in row %d, the print area in row %d", n, row, last)
		assert.GreaterOrEqual(t, row, last-1, "%d rows: the chart fills the rows planned for it", n)
		// Every bar labelled, small enough not to touch, or every few
		// bars past 6 points (LibreOffice labelled every other of 35).
		chart := string(parts["xl/charts/chart1.xml"])
		skip := regexp.MustCompile(`<c:tickLblSkip val="(\d+)"/>`).FindStringSubmatch(chart)
		size := regexp.MustCompile(`<c:catAx>.*<c:txPr>.*?<a:defRPr sz="(\d+)"/>.*</c:catAx>`).FindStringSubmatch(chart)
		require.NotNil(t, skip, "%d rows", n)
		require.NotNil(t, size, "%d rows", n)
		// Each bar labelled with its score, so that 0% is told from a
		// file not graded, which has none (a walk of 3 December), in the
		// size of the names.
		labels := regexp.MustCompile(`<c:dLbls><c:numFmt formatCode="0%" sourceLinked="0"/>.*?<a:defRPr sz="(\d+)"/>.*?<c:showVal val="1"/>.*?</c:dLbls>`).FindStringSubmatch(chart)
		require.NotNil(t, labels, "%d rows: the bars' values labelled", n)
		assert.Equal(t, size[1], labels[1], "%d rows", n)
		k, _ := strconv.Atoi(skip[1])
		sz, _ := strconv.Atoi(size[1])
		switch {
		case n <= 20:
			assert.Equal(t, [2]int{1, 1000}, [2]int{k, sz}, "%d rows", n)
		case n == 40:
			assert.Equal(t, 1, k)
			assert.Less(t, sz, 1000)
			assert.GreaterOrEqual(t, sz, 600)
		default:
			assert.Greater(t, k, 1, "%d rows", n)
			assert.Equal(t, 600, sz, "%d rows", n)
		}
	}
}

// TestSummaryColumnsBySheet: each puzzle of a book goes under its place
// in the book, and a lone worksheet under one column of its own, named as
// most files name the sheet: a lone worksheet among books keeps its own
// column, and a student who renamed the sheet stays in it.
func TestSummaryColumnsBySheet(t *testing.T) {
	m := gradedWorksheet(t)
	on := func(sheet string, index, of int) *Marking { return markingOn(m, sheet, index, of) }
	rows := []SummaryRow{
		{File: "a.xlsx", Marks: []*Marking{on("Puzzle 1", 1, 2), on("Puzzle 2", 2, 2)}},
		{File: "b.xlsx", Marks: []*Marking{on("Worksheet", 0, 0)}},
		{File: "c.xlsx", Marks: []*Marking{on("Puzzle 2", 2, 2)}},
		{File: "d.xlsx", Marks: []*Marking{on("Mine", 0, 0)}},
		{File: "e.xlsx", Marks: []*Marking{on("Worksheet", 0, 0)}},
		// A neighbour's variant pasted in beside the student's own: each
		// its column (in one, one hid the other's score).
		{File: "f.xlsx", Marks: []*Marking{on("Worksheet (2)", 0, 0), on("Worksheet", 0, 0)}},
	}
	out := filepath.Join(t.TempDir(), "summary.xlsx")
	require.NoError(t, WriteSummary(out, rows, ""))
	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f.Close()
	got, err := f.GetRows("Summary")
	require.NoError(t, err)
	require.Len(t, got, 7)
	score := fmt.Sprintf("%d/%d", m.Correct, m.Blanks())
	assert.Equal(t, []string{"Student file", "Puzzle 1", "Puzzle 2", "Worksheet", "Worksheet (2)", "Right", "Cells", "Score", "Wrong cells"}, got[0])
	assert.Equal(t, []string{"f.xlsx", "", "", score, score}, got[6][:5], "the student's own Worksheet in its column, the other in its own")
	narrow, err := f.GetColWidth("Summary", "D")
	require.NoError(t, err)
	wide, err := f.GetColWidth("Summary", "E")
	require.NoError(t, err)
	assert.Greater(t, wide, narrow, "a long heading gets a wider column (it was cut to \"Worksheet\")")
	assert.Equal(t, []string{"a.xlsx", score, score, ""}, got[1][:4])
	assert.Equal(t, []string{"b.xlsx", "", "", score}, got[2][:4])
	assert.Equal(t, []string{"c.xlsx", "", score, ""}, got[3][:4])
	assert.Equal(t, []string{"d.xlsx", "", "", score}, got[4][:4], "a renamed sheet stays in its puzzle's column")
	assert.Equal(t, []string{"e.xlsx", "", "", score}, got[5][:4])
	w, err := f.GetColWidth("Summary", "A")
	require.NoError(t, err)
	assert.Equal(t, 24.0, w, "short names: the usual width")
	// Right, Cells and Score, headings and numbers, are centred: the
	// headings stood left and the numbers right, so that "Worksheet
	// Right" read as one heading.
	for _, col := range []string{"F", "G", "H"} {
		for _, row := range []int{1, 2} {
			id, err := f.GetCellStyle("Summary", fmt.Sprintf("%s%d", col, row))
			require.NoError(t, err)
			st, err := f.GetStyle(id)
			require.NoError(t, err)
			require.NotNil(t, st.Alignment, "%s%d", col, row)
			assert.Equal(t, "center", st.Alignment.Horizontal, "%s%d", col, row)
		}
	}
	id, err := f.GetCellStyle("Summary", "I1")
	require.NoError(t, err)
	st, err := f.GetStyle(id)
	require.NoError(t, err)
	assert.True(t, st.Alignment == nil || st.Alignment.Horizontal == "", "Wrong cells stays left")

	// A long name gets a column as wide: on paper it was cut to
	// "carla-with-a-rather-long-stude", and two such could not be told apart.
	long := "carla-with-a-rather-long-student-file-name-v2.xlsx"
	rows = append(rows, SummaryRow{File: filepath.Join("ret", long), Marks: []*Marking{on("Worksheet", 0, 0)}})
	require.NoError(t, WriteSummary(out, rows, ""))
	f2, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f2.Close()
	w, err = f2.GetColWidth("Summary", "A")
	require.NoError(t, err)
	assert.GreaterOrEqual(t, w, float64(len(long)))
}

// TestSummaryFilesOfOneName: files of one name from different folders
// (each student's download in a folder of its own) are told apart by
// their paths, as grade's report tells them; the summary showed
// "sudoku.xlsx" twice (the README walk).
func TestSummaryFilesOfOneName(t *testing.T) {
	rows := []SummaryRow{
		{File: filepath.Join("dl", "ben", "sudoku.xlsx"), Error: "not graded"},
		{File: filepath.Join("dl", "ana", "Sudoku.xlsx"), Error: "not graded"},
		{File: filepath.Join("dl", "carla.xlsx"), Error: "not graded"},
	}
	out := filepath.Join(t.TempDir(), "summary.xlsx")
	require.NoError(t, WriteSummary(out, rows, ""))
	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f.Close()
	got, err := f.GetCols("Summary")
	require.NoError(t, err)
	assert.Equal(t, []string{"Student file", "carla.xlsx", filepath.Join("dl", "ana", "Sudoku.xlsx"), filepath.Join("dl", "ben", "sudoku.xlsx")}, got[0])
}

func TestRefsWithin(t *testing.T) {
	many := []string{"Worksheet!C6", "Worksheet!D6", "Worksheet!F7", "'Puzzle 2'!B3", "'Puzzle 2'!B4"}
	for i := range 20 {
		many = append(many, fmt.Sprintf("Worksheet!J%d", i+10))
	}
	for _, tt := range []struct {
		refs  []string
		width int
		want  string
	}{
		{nil, 48, ""},
		{many[:1], 48, "Worksheet!C6"},
		{many[:5], 48, "Worksheet!C6, D6, F7, 'Puzzle 2'!B3, B4"},
		{many[:5], 30, "Worksheet!C6, D6 and 3 more"},
		{many, 48, "Worksheet!C6, D6, F7, 'Puzzle 2'!B3 and 21 more"},
		{many[:2], 5, "Worksheet!C6 and 1 more"}, // the first is always named
	} {
		got := refsWithin(tt.refs, tt.width)
		assert.Equal(t, tt.want, got)
		if len(tt.refs) > 1 && tt.width > 20 {
			assert.LessOrEqual(t, len(got), tt.width)
		}
	}
}

// TestSummaryNotes: what the report says beyond the scores reaches the
// summary, in a Notes column (a walk of 2 December: a changed given, a
// deleted sheet and why a file was not graded were all lost there); a
// summary with nothing to note has no such column.
func TestSummaryNotes(t *testing.T) {
	ws, _, _ := writeWorksheet(t, classicBook(t), WorksheetOptions{})
	rs, err := ReadReturned(ws, Options{}, nil)
	require.NoError(t, err)
	clean, err := GradeReturned(rs[0])
	require.NoError(t, err)
	changed := *clean.Returned
	changed.Sheet = slices.Clone(changed.Sheet)
	first := slices.IndexFunc(changed.Puzzle.Grid.Cells[:81], func(d uint8) bool { return d != 0 })
	changed.Sheet[first] = int(changed.Puzzle.Grid.Cells[first])%9 + 1
	changed.Copies = []string{"Worksheet (2)"}
	edited, err := GradeReturned(&changed)
	require.NoError(t, err)
	// The work in a copy, the sheet handed out left empty beside it, and
	// another sheet holding the same puzzle.
	inCopy := *clean.Returned
	copyPuzzle := *inCopy.Puzzle
	copyPuzzle.Sheet = "Worksheet (2)"
	inCopy.Puzzle, inCopy.Copies = &copyPuzzle, []string{"Worksheet", "Mine"}
	copied, err := GradeReturned(&inCopy)
	require.NoError(t, err)
	missing, err := GradeReturned(&Returned{Puzzle: &Puzzle{File: ws, Sheet: "Puzzle 2"}, Missing: 54, Index: 2, Of: 2})
	require.NoError(t, err)
	long := "Puzzle!B2:J10 is not one of xlsudoku's worksheets, and its givens look like the entries; pass the puzzle with --key (the original workbook, or a text file with the puzzle)"
	rows := []SummaryRow{
		{File: "ana.xlsx", Marks: []*Marking{clean}},
		{File: "ben.xlsx", Marks: []*Marking{edited}},
		{File: "cy.xlsx", Marks: []*Marking{clean, missing}},
		{File: "dee.xlsx", Error: "not graded", Reason: long},
		{File: "eve.xlsx", Marks: []*Marking{copied}},
	}
	out := filepath.Join(t.TempDir(), "summary.xlsx")
	require.NoError(t, WriteSummary(out, rows, ""))
	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f.Close()
	got, err := f.GetRows("Summary")
	require.NoError(t, err)
	require.Len(t, got, 6)
	header := got[0]
	notes := slices.Index(header, "Notes")
	require.Equal(t, len(header)-1, notes, "Notes last: %v", header)
	note := func(row int) string {
		if notes < len(got[row]) {
			return got[row][notes]
		}
		return ""
	}
	assert.Empty(t, note(1))
	assert.Equal(t, `Worksheet: 1 given changed (Worksheet!`+clean.Puzzle.Cell(first/9, first%9)+`); Worksheet (2), a copy, not graded`, note(2))
	assert.Equal(t, "Puzzle 2 not in the file (its sheet was deleted)", note(3))
	assert.Equal(t, "not graded", got[4][notes-1])
	// Whole, wrapped in a taller row: the reason is why the teacher
	// looks (a walk of 3 December: it was cut at 80 characters).
	assert.Equal(t, long, note(4))
	assert.Equal(t, "Worksheet left empty and not graded: its copy Worksheet (2) is; Mine, the same puzzle, not graded", note(5))
	ref, err := excelize.CoordinatesToCellName(notes+1, 5)
	require.NoError(t, err)
	id, err := f.GetCellStyle("Summary", ref)
	require.NoError(t, err)
	st, err := f.GetStyle(id)
	require.NoError(t, err)
	require.NotNil(t, st.Alignment)
	assert.True(t, st.Alignment.WrapText)
	tall, err := f.GetRowHeight("Summary", 5)
	require.NoError(t, err)
	plain, err := f.GetRowHeight("Summary", 2)
	require.NoError(t, err)
	assert.Greater(t, tall, plain, "a row for two lines of notes")

	require.NoError(t, WriteSummary(out, rows[:1], ""))
	g, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer g.Close()
	got, err = g.GetRows("Summary")
	require.NoError(t, err)
	assert.NotContains(t, got[0], "Notes")
}

// BenchmarkSummarySheet lays out the summary of a class of 40 returning
// a book of 50 worksheets: each row's column keys are worked out once
// (a row's keys were once worked out for each puzzle of each column:
// 100,000 times here, 50 keys each).
func BenchmarkSummarySheet(b *testing.B) {
	m := gradedWorksheet(b)
	rows := make([]SummaryRow, 40)
	for i := range rows {
		rows[i].File = fmt.Sprintf("student-%02d.xlsx", i)
		for k := range 50 {
			rows[i].Marks = append(rows[i].Marks, markingOn(m, fmt.Sprintf("Puzzle %d", k+1), k+1, 50))
		}
	}
	b.ResetTimer()
	for b.Loop() {
		summarySheet("Summary", rows, layout.A4)
	}
}

// TestSummaryLabelNotACopy: a column is headed by its commonest sheet
// name, and of a tie not by a copy's: one student who worked on a copy,
// "Worksheet (2)", listed first, headed the class's column.
func TestSummaryLabelNotACopy(t *testing.T) {
	m := gradedWorksheet(t)
	on := func(sheet string) *Marking { return markingOn(m, sheet, 0, 0) }
	rows := []SummaryRow{
		{File: "a.xlsx", Marks: []*Marking{on("Worksheet (2)")}},
		{File: "b.xlsx", Marks: []*Marking{on("Worksheet")}},
	}
	_, labels, _ := puzzleColumns(rows)
	assert.Equal(t, []string{"Worksheet"}, labels)
	rows = append(rows, SummaryRow{File: "c.xlsx", Marks: []*Marking{on("Worksheet (2)")}})
	_, labels, _ = puzzleColumns(rows)
	assert.Equal(t, []string{"Worksheet (2)"}, labels, "the commonest, copy or not")
}

// gradedWorksheet is the marking of a worksheet of the classic puzzle,
// returned untouched.
func gradedWorksheet(t testing.TB) *Marking {
	t.Helper()
	ws, _, _ := writeWorksheet(t, classicBook(t), WorksheetOptions{})
	rs, err := ReadReturned(ws, Options{}, nil)
	require.NoError(t, err)
	m, err := GradeReturned(rs[0])
	require.NoError(t, err)
	return m
}

// markingOn is a copy of m as if graded on sheet, puzzle index of a book
// of of (0, 0: a lone worksheet).
func markingOn(m *Marking, sheet string, index, of int) *Marking {
	c, r, p := *m, *m.Returned, *m.Puzzle
	p.Sheet, r.Index, r.Of = sheet, index, of
	r.Puzzle = &p
	c.Returned = &r
	return &c
}

// TestSummaryTitleRows: the table's header row is repeated atop each
// page only when the table runs onto a second page: for 30 files, whose
// chart had a page of its own, it headed that page and nothing under it
// (a walk of 3 December).
func TestSummaryTitleRows(t *testing.T) {
	alone, runOn := 0, 0 // classes whose chart has a page of its own, and whose table runs on
	for files := 1; files <= 120; files++ {
		rows := make([]SummaryRow, files)
		for i := range rows {
			rows[i] = SummaryRow{File: fmt.Sprintf("st%03d.xlsx", i+1), Error: "not graded"}
		}
		sh := summarySheet("Summary", rows, layout.A4)
		breaks := sh.Print.Breaks
		switch {
		case len(breaks) > 0 && breaks[0] <= files+1:
			runOn++
			assert.Equal(t, [2]int{1, 1}, sh.Print.TitleRows, "%d files: the table runs on", files)
		case len(breaks) > 0:
			alone++
			assert.Zero(t, sh.Print.TitleRows, "%d files: the chart alone on page 2", files)
		default:
			assert.Zero(t, sh.Print.TitleRows, "%d files: one page", files)
		}
	}
	assert.Positive(t, alone)
	assert.Positive(t, runOn)
}
