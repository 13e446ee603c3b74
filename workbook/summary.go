package workbook

import (
	"cmp"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/xlsudoku/xlsudoku/layout"
)

// SummaryRow is one returned file of a class.
type SummaryRow struct {
	File  string     // shown by its name, or as given when files of one name come from several folders
	Marks []*Marking // its puzzles, in order; none when it could not be graded
	Error string     // that it could not be graded ("not graded")
	// Reason says why it could not be graded, as the report said; the
	// Notes column shows it.
	Reason string
}

// notes is what the report says of the row beyond its scores, for the
// Notes column: why it was not graded, a puzzle whose sheet is gone,
// givens changed, a copied sheet left out. "" when nothing.
func (r *SummaryRow) notes() string {
	var parts []string
	if r.Reason != "" {
		parts = append(parts, r.Reason)
	}
	for k, m := range r.Marks {
		name := puzzleName(m, k)
		switch {
		case m.Missing > 0:
			parts = append(parts, name+" not in the file (its sheet was deleted)")
		case m.Changed > 0:
			parts = append(parts, fmt.Sprintf("%s: %s changed (%s)", name, count(m.Changed, "given", "givens"), refsWithin(cellRefs(m, Changed), 30)))
		}
		for _, c := range m.Copies {
			switch {
			case copyNamed(c, name):
				parts = append(parts, fmt.Sprintf("%s, a copy, not graded", c))
			case copyNamed(name, c):
				// The sheet handed out, left empty beside a copy with the
				// work: "Worksheet, the same puzzle, not graded" did not
				// say which was (a walk of 3 December).
				parts = append(parts, fmt.Sprintf("%s left empty and not graded: its copy %s is", c, name))
			default:
				parts = append(parts, fmt.Sprintf("%s, the same puzzle, not graded", c))
			}
		}
	}
	return strings.Join(parts, "; ")
}

// totals adds up the row's puzzles.
func (r *SummaryRow) totals() (right, blanks, wrong int) {
	for _, m := range r.Marks {
		right += m.Correct
		blanks += m.Blanks()
		wrong += m.Wrong
	}
	return
}

// WriteSummary writes a new workbook to out with one row per file (sorted
// by file name): its score on each puzzle, the total, the share right and
// the wrong cells; a bar chart of the shares under it; printed landscape
// on paper ("a4" or "letter"), one page wide, "Class summary" atop every
// page, the chart on a page of its own when it does not fit under the
// table, "Page n of N" at the foot.
func WriteSummary(out string, rows []SummaryRow, paper string) error {
	if ext := strings.ToLower(filepath.Ext(out)); ext != ".xlsx" {
		return fmt.Errorf("%w: %s: the summary is written as .xlsx", ErrUsage, out)
	}
	pp, err := layout.ParsePaper(cmp.Or(paper, "a4"))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUsage, err)
	}
	rows = slices.Clone(rows)
	slices.SortFunc(rows, func(a, b SummaryRow) int {
		return cmp.Or(cmp.Compare(strings.ToLower(filepath.Base(a.File)), strings.ToLower(filepath.Base(b.File))), cmp.Compare(a.File, b.File))
	})
	const name = "Summary"
	sh := summarySheet(name, rows, pp)
	return writeBook(out, []*ourSheet{{kind: kindSummary, name: name, sheet: sh}}, pp, nil)
}

// kindSummary marks the sheet of a class summary.
const kindSummary = "class summary"

// IsClassSummary reports whether the file at path is a class summary
// that grade --summary wrote (since 2 December 2026): no returned work,
// though a glob of the returned files may take it in.
func IsClassSummary(path string) bool {
	pk, err := openPackage(path, 0)
	if err != nil {
		return false
	}
	defer pk.Close()
	return slices.ContainsFunc(pk.worksheets(), func(s sheetRef) bool { return s.ours == kindSummary })
}

// fileNames names each row's file as the summary shows it (ShownNames).
func fileNames(rows []SummaryRow) []string {
	files := make([]string, len(rows))
	for i, r := range rows {
		files[i] = r.File
	}
	return ShownNames(files)
}

// ShownNames names each of files as reports show it: by its name, or,
// when files of one name (in any case) come from different folders
// (students' files downloaded a folder each), by its path as given, so
// that no two read alike.
func ShownNames(files []string) []string {
	n := map[string]int{}
	for _, f := range files {
		n[strings.ToLower(filepath.Base(f))]++
	}
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = filepath.Base(f)
		if n[strings.ToLower(out[i])] > 1 {
			out[i] = f
		}
	}
	return out
}

// maxFileWidth bounds the width of the summary's column of file names,
// in the book font's digits.
const maxFileWidth = 80

// summarySheet lays out the summary of rows, printed on paper: a column
// for each puzzle, by the name of its sheet.
func summarySheet(name string, rows []SummaryRow, paper layout.Paper) layout.Sheet {
	shown := fileNames(rows)
	keys, puzzleCols, rowKeys := puzzleColumns(rows)
	puzzles := len(puzzleCols)
	sh := layout.Sheet{Freeze: layout.Pos{Col: 1, Row: 2}}
	sh.ColWidths, sh.RowHeights = map[int]float64{}, map[int]float64{}
	header := []string{"Student file"}
	header = append(header, puzzleCols...)
	header = append(header, "Right", "Cells", "Score", "Wrong cells")
	// A Notes column only when the report says more of some file.
	notes := make([]string, len(rows))
	noted := false
	for i := range rows {
		notes[i] = rows[i].notes()
		noted = noted || notes[i] != ""
	}
	if noted {
		header = append(header, "Notes")
	}
	bold := layout.Style{Bold: true, Fill: layout.GivenFill, Border: layout.Borders{Bottom: layout.Thin}}
	scoreCol := puzzles + 4
	for i, h := range header {
		st := bold
		if col := i + 1; col >= scoreCol-2 && col <= scoreCol {
			// Centred over their numbers, as they are: left, "Worksheet
			// Right" read as one heading, its 0 far from it; right, the
			// score's ran into "Wrong cells".
			st.HAlign = layout.AlignCenter
		}
		sh.Cells = append(sh.Cells, layout.Cell{Pos: layout.Pos{Col: i + 1, Row: 1}, Text: h, Style: st})
	}
	for i, r := range rows {
		at := func(col int) layout.Pos { return layout.Pos{Col: col, Row: i + 2} }
		text := func(col int, s string) { sh.Cells = append(sh.Cells, layout.Cell{Pos: at(col), Text: s}) }
		text(1, shown[i])
		if notes[i] != "" {
			// Whole, wrapped: why a file was not graded is what the
			// teacher reads the summary for, days after the report.
			sh.Cells = append(sh.Cells, layout.Cell{Pos: at(scoreCol + 2), Text: notes[i], Style: layout.Style{Wrap: true}})
		}
		var wrong []string
		for k, m := range r.Marks {
			text(slices.Index(keys, rowKeys[i][k])+2, fmt.Sprintf("%d/%d", m.Correct, m.Blanks()))
			wrong = append(wrong, cellRefs(m, Wrong)...)
		}
		if r.Error != "" {
			text(scoreCol+1, r.Error)
			continue
		}
		right, blanks, _ := r.totals()
		score := 0.0
		if blanks > 0 {
			score = float64(right) / float64(blanks)
		}
		centred := layout.Style{HAlign: layout.AlignCenter}
		percent := centred
		percent.NumFmt = layout.PercentFormat
		sh.Cells = append(sh.Cells,
			layout.Cell{Pos: at(scoreCol - 2), Value: float64(right), HasValue: true, Style: centred},
			layout.Cell{Pos: at(scoreCol - 1), Value: float64(blanks), HasValue: true, Style: centred},
			layout.Cell{Pos: at(scoreCol), Value: score, HasValue: true, Style: percent})
		text(scoreCol+1, refsWithin(wrong, wrongCellsWidth-2))
	}
	// The widths in the book font's digits, as points; the files' column
	// as wide as the longest name (a letter about a digit wide), up to
	// maxFileWidth: a name cut short might be another student's.
	names := 0
	for _, s := range shown {
		names = max(names, utf8.RuneCountInString(s))
	}
	fileWidth := min(max(24, float64(names)+2), maxFileWidth)
	widths := map[int]float64{1: fileWidth, scoreCol - 2: 7, scoreCol - 1: 7, scoreCol: 8, scoreCol + 1: wrongCellsWidth}
	if noted {
		widths[scoreCol+2] = notesWidth
	}
	for k, label := range puzzleCols {
		// As wide as its heading, bold (a little wider than the book
		// font's digits), up to maxPuzzleWidth: "Worksheet (2)" was cut
		// to "Worksheet" beside a column of that name.
		widths[k+2] = 10 // "Puzzle 12" fits
		if n := utf8.RuneCountInString(label); n > 9 {
			widths[k+2] = min(1.15*float64(n)+1, maxPuzzleWidth)
		}
	}
	tableWidth := 0.0
	for col, w := range widths {
		sh.ColWidths[col] = bookPoints(w)
		tableWidth += sh.ColWidths[col]
	}

	// Printing: the table, then the chart under it, on its own page when
	// it does not fit under the table, and no taller than a page.
	pr := layout.Print{Paper: paper, Landscape: true, Fit: layout.FitWidth, CenterH: true,
		TitleRows: [2]int{1, 1}, Header: "Class summary", PageNumbers: true}
	pw, ph := pr.Printable(paper)
	const chartWidth = 480.0 // points
	scale := min(1, pw/max(tableWidth, chartWidth))
	capacity := ph / scale * 0.96
	heights := []float64{summaryHeader}
	for i := range rows {
		heights = append(heights, max(summaryRow, layout.TextHeight(notes[i], bookPoints(notesWidth), bookTextSize)))
	}
	chartRow := len(rows) + 3 // under a gap row
	chartHeight := min(0.75*float64(max(240, 24*len(rows)+80)), capacity-summaryHeader-summaryRow)
	heights = append(heights, summaryRow, chartHeight)
	lastRow := chartRow + int(math.Ceil(chartHeight/summaryRow)) - 1
	if len(rows) == 0 {
		heights, lastRow = heights[:1], 1
	}
	for row := 1; row <= lastRow; row++ {
		sh.RowHeights[row] = summaryRow
		if row-1 < len(heights) && row <= len(rows)+1 {
			sh.RowHeights[row] = heights[row-1]
		}
	}
	for _, i := range layout.BreakRows(heights, capacity, summaryHeader) {
		pr.Breaks = append(pr.Breaks, i+1)
	}
	pr.Pages = len(pr.Breaks) + 1
	if len(pr.Breaks) == 0 || pr.Breaks[0] > len(rows)+1 {
		// The whole table on the first page: the header row repeated
		// atop the chart's page headed nothing (a walk of 3 December).
		pr.TitleRows = [2]int{}
	}
	lastCol, width := 0, 0.0
	for width < max(tableWidth, chartWidth) {
		lastCol++
		width += cmp.Or(sh.ColWidths[lastCol], bookPoints(defaultColWidth))
	}
	pr.Area = layout.Rect{Min: layout.Pos{Col: 1, Row: 1}, Max: layout.Pos{Col: lastCol, Row: lastRow}}
	sh.Print = pr
	if len(rows) > 0 {
		last := len(rows) + 1
		sh.Charts = []layout.BarChart{{
			Area:       layout.Rect{Min: layout.Pos{Col: 1, Row: chartRow}, Max: layout.Pos{Col: lastCol, Row: lastRow}},
			Title:      "Score by student",
			Name:       layout.Pos{Col: scoreCol, Row: 1},
			Categories: layout.Rect{Min: layout.Pos{Col: 1, Row: 2}, Max: layout.Pos{Col: 1, Row: last}},
			Values:     layout.Rect{Min: layout.Pos{Col: scoreCol, Row: 2}, Max: layout.Pos{Col: scoreCol, Row: last}},
			Min:        0, Max: 1, AxisFormat: "0%",
			// A file not graded has no score, and no label: a score of
			// 0% shows "0%" (a walk of 3 December: both were no bar).
			ValueFormat: "0%",
		}}
		sh.Charts[0].LabelPoints, sh.Charts[0].LabelSkip = layout.BarLabels(len(rows), chartHeight)
	}
	return sh
}

// puzzleColumns are the summary's puzzle columns, in the order they first
// come: a column's key (puzzleKey) and its label, the commonest name of
// its puzzles' sheets. A lone worksheet among books has its own column,
// and a student's renamed sheet stays in its puzzle's (a hunt found
// "My Sudoku" and "Mine" in columns of their own).
// rowKeys holds each row's puzzleKeys.
func puzzleColumns(rows []SummaryRow) (keys, labels []string, rowKeys [][]string) {
	names := map[string]map[string]int{} // by key, how often each sheet name
	order := map[string][]string{}       // by key, the names as first seen
	rowKeys = make([][]string, len(rows))
	for i, r := range rows {
		rowKeys[i] = r.puzzleKeys()
		for k, m := range r.Marks {
			key := rowKeys[i][k]
			if names[key] == nil {
				keys = append(keys, key)
				names[key] = map[string]int{}
			}
			name := puzzleName(m, k)
			if names[key][name] == 0 {
				order[key] = append(order[key], name)
			}
			names[key][name]++
		}
	}
	for _, key := range keys {
		// The commonest name; of a tie, not a copy's ("Worksheet (2)" of
		// a student who worked on a copy), else the first seen.
		label, most, copied := "", 0, false
		for _, name := range order[key] {
			isCopy := slices.ContainsFunc(order[key], func(of string) bool { return copyNamed(name, of) })
			if n := names[key][name]; n > most || n == most && copied && !isCopy {
				label, most, copied = name, n, isCopy
			}
		}
		labels = append(labels, label)
	}
	return keys, labels, rowKeys
}

// puzzleKeys are the keys (puzzleKey) of the row's puzzles. A file
// holding two lone worksheets of different puzzles (a student pasted in a
// neighbour's variant) gives the second a column of its own, by its
// sheet's name: in one column, one hid the other's score.
func (r *SummaryRow) puzzleKeys() []string {
	keys := make([]string, len(r.Marks))
	lone := -1
	for k, m := range r.Marks {
		keys[k] = puzzleKey(m, k)
		if keys[k] == loneKey && (lone < 0 || namedAsRunNames(puzzleName(m, k), "Worksheet") && !namedAsRunNames(puzzleName(r.Marks[lone], lone), "Worksheet")) {
			lone = k
		}
	}
	for k := range keys {
		if keys[k] == loneKey && k != lone {
			keys[k] = "sheet " + puzzleName(r.Marks[k], k)
		}
	}
	return keys
}

// loneKey is the key of a lone worksheet of ours.
const loneKey = "worksheet"

// puzzleKey is what a file's puzzle k, m, shares with the other files'
// puzzles of its column: its place in a book of worksheets, being a lone
// worksheet of ours (look-alike variants and a renamed sheet alike: one
// assignment), or else its sheet's name.
func puzzleKey(m *Marking, k int) string {
	switch {
	case m.Of > 0 && m.Index > 0:
		return fmt.Sprintf("book %d", m.Index)
	case m.By == "stored identity" && m.Of == 0:
		return loneKey
	}
	return "sheet " + puzzleName(m, k)
}

// puzzleName is the name of the sheet of a file's puzzle k, m ("Puzzle
// k+1" for one without).
func puzzleName(m *Marking, k int) string {
	if m.Puzzle != nil && m.Puzzle.Sheet != "" {
		return m.Puzzle.Sheet
	}
	return fmt.Sprintf("Puzzle %d", k+1)
}

// The summary's row heights, in points, and a column's default width, in
// the book font's digits.
const (
	summaryHeader   = 18.0
	summaryRow      = 15.0
	defaultColWidth = 9.140625
)

// maxPuzzleWidth bounds the width of a puzzle's column, in the book
// font's digits.
const maxPuzzleWidth = 20

// wrongCellsWidth is the width of the Wrong cells column, in the book
// font's digits: what it lists must fit, as the column does not wrap.
const wrongCellsWidth = 50

// notesWidth is the Notes column's, likewise.
const notesWidth = 80

// refsWithin lists refs in about width characters: a sheet's name once
// before its cells ("Worksheet!C6, D6, F7"), and how many more when the
// rest does not fit ("... and 9 more"). Twelve full references ran off
// the printed page (found by a hunt).
func refsWithin(refs []string, width int) string {
	var b strings.Builder
	sheet := ""
	for i, r := range refs {
		part := r
		if k := strings.LastIndex(r, "!"); k >= 0 {
			if r[:k] == sheet {
				part = r[k+1:]
			}
			sheet = r[:k]
		}
		sep := ""
		if i > 0 {
			sep = ", "
		}
		more := ""
		if i < len(refs)-1 {
			more = fmt.Sprintf(" and %d more", len(refs)-1-i)
		}
		if i > 0 && b.Len()+len(sep)+len(part)+len(more) > width {
			fmt.Fprintf(&b, " and %d more", len(refs)-i)
			break
		}
		b.WriteString(sep + part)
	}
	return b.String()
}

// cellRefs names the cells with mark k as spreadsheet references
// ("'Puzzle 1'!D4").
func cellRefs(m *Marking, k Mark) []string {
	var out []string
	n := m.Puzzle.Grid.Shape.Size
	for i, mk := range m.Marks {
		if mk == k {
			out = append(out, layout.SheetRef(m.Puzzle.Sheet)+m.Puzzle.Cell(i/n, i%n))
		}
	}
	return out
}
