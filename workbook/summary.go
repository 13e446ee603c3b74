package workbook

import (
	"cmp"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
)

// SummaryRow is one returned file of a class.
type SummaryRow struct {
	File  string
	Marks []*Marking // its puzzles, in order; none when it could not be graded
	Error string     // why it could not be graded
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
		return cmp.Compare(strings.ToLower(filepath.Base(a.File)), strings.ToLower(filepath.Base(b.File)))
	})
	puzzles := 0
	for _, r := range rows {
		puzzles = max(puzzles, len(r.Marks))
	}
	const name = "Summary"
	f, r, err := newOneSheetBook(name)
	if err != nil {
		return err
	}
	defer f.Close()
	header := []any{"Student file"}
	for k := range puzzles {
		header = append(header, fmt.Sprintf("Puzzle %d", k+1))
	}
	header = append(header, "Right", "Cells", "Score", "Wrong cells")
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{layout.GivenFill}},
		Border: []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}}})
	if err != nil {
		return err
	}
	pct, err := f.NewStyle(&excelize.Style{NumFmt: 9})
	if err != nil {
		return err
	}
	if err := f.SetSheetRow(name, "A1", &header); err != nil {
		return err
	}
	last, _ := excelize.CoordinatesToCellName(len(header), 1)
	if err := f.SetCellStyle(name, "A1", last, bold); err != nil {
		return err
	}
	scoreCol := puzzles + 4
	for i, r := range rows {
		row := []any{filepath.Base(r.File)}
		var wrong []string
		for k := range puzzles {
			if k < len(r.Marks) {
				m := r.Marks[k]
				row = append(row, fmt.Sprintf("%d/%d", m.Correct, m.Blanks()))
				wrong = append(wrong, cellRefs(m, Wrong)...)
			} else {
				row = append(row, "")
			}
		}
		right, blanks, _ := r.totals()
		if r.Error != "" {
			row = append(row, "", "", "", r.Error)
		} else {
			score := 0.0
			if blanks > 0 {
				score = float64(right) / float64(blanks)
			}
			row = append(row, right, blanks, score, describe(wrong, 12))
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := f.SetSheetRow(name, cell, &row); err != nil {
			return err
		}
		sc, _ := excelize.CoordinatesToCellName(scoreCol, i+2)
		if err := f.SetCellStyle(name, sc, sc, pct); err != nil {
			return err
		}
	}
	widths := map[int]float64{1: 24, scoreCol - 2: 7, scoreCol - 1: 7, scoreCol: 8, scoreCol + 1: 50}
	for k := range puzzles {
		widths[k+2] = 10
	}
	tableWidth := 0.0
	for col, w := range widths {
		c, _ := excelize.ColumnNumberToName(col)
		if err := f.SetColWidth(name, c, c, w); err != nil {
			return err
		}
		tableWidth += r.points(w)
	}

	// Printing: the table, then the chart under it, on its own page when
	// it does not fit under the table, and no taller than a page.
	pr := layout.Print{Paper: pp, Landscape: true, Fit: layout.FitWidth, CenterH: true,
		TitleRows: [2]int{1, 1}, Header: "Class summary", PageNumbers: true}
	pw, ph := pr.Printable(pp)
	const chartWidth = 640 // pixels
	scale := min(1, pw/max(tableWidth, 0.75*chartWidth))
	capacity := ph / scale * 0.96
	heights := []float64{summaryHeader}
	for range rows {
		heights = append(heights, summaryRow)
	}
	chartRow := len(rows) + 3 // under a gap row
	chartHeight := min(0.75*float64(max(240, 24*len(rows)+80)), capacity-summaryHeader-summaryRow)
	heights = append(heights, summaryRow, chartHeight)
	lastRow := chartRow + int(math.Ceil(chartHeight/summaryRow))
	if len(rows) == 0 {
		heights, lastRow = heights[:1], 1
	}
	for row := 1; row <= lastRow; row++ {
		h := summaryRow
		if row == 1 {
			h = summaryHeader
		}
		if err := f.SetRowHeight(name, row, h); err != nil {
			return err
		}
	}
	for _, i := range layout.BreakRows(heights, capacity, summaryHeader) {
		pr.Breaks = append(pr.Breaks, i+1)
	}
	pr.Pages = len(pr.Breaks) + 1
	lastCol, width := 0, 0.0
	for width < max(tableWidth, 0.75*chartWidth) {
		lastCol++
		if w, ok := widths[lastCol]; ok {
			width += r.points(w)
		} else {
			width += r.points(defaultColWidth)
		}
	}
	pr.Area = layout.Rect{Min: layout.Pos{Col: 1, Row: 1}, Max: layout.Pos{Col: lastCol, Row: lastRow}}

	if len(rows) > 0 {
		sc, _ := excelize.ColumnNumberToName(scoreCol)
		at, _ := excelize.CoordinatesToCellName(1, chartRow)
		ref := quoteSheet(name)
		if err := f.AddChart(name, at, &excelize.Chart{
			Type: excelize.Bar,
			Series: []excelize.ChartSeries{{
				Name:       ref + "!$" + sc + "$1",
				Categories: fmt.Sprintf("%s!$A$2:$A$%d", ref, len(rows)+1),
				Values:     fmt.Sprintf("%s!$%s$2:$%s$%d", ref, sc, sc, len(rows)+1),
			}},
			Title:     excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: "Score by student"}}},
			Legend:    excelize.ChartLegend{Position: "none"},
			XAxis:     excelize.ChartAxis{ReverseOrder: true},
			YAxis:     excelize.ChartAxis{Maximum: ptr(1.0), Minimum: ptr(0.0), NumFmt: excelize.ChartNumFmt{CustomNumFmt: "0%"}},
			Dimension: excelize.ChartDimension{Width: chartWidth, Height: uint(math.Round(chartHeight / summaryRow * excelizeRowPixels))},
		}); err != nil {
			return err
		}
	}
	if err := setPrint(f, name, pr); err != nil {
		return err
	}
	if err := f.SetPanes(name, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	return saveAtomic(f, out)
}

// The summary's row heights, in points, and excelize's default column
// width, in units.
const (
	summaryHeader   = 18.0
	summaryRow      = 15.0
	defaultColWidth = 9.140625
)

// excelizeRowPixels is a summaryRow row as excelize (v2.11.0) measures it
// when it anchors a chart to cells: ceil(4/3.4 x 15) = 18 pixels, where
// spreadsheet apps draw 20. The chart is sized in those pixels so that it
// spans the rows planned for it (a chart sized at 20 pixels a row spanned
// a ninth more, past the print area).
const excelizeRowPixels = 18.0

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

func ptr[T any](v T) *T { return &v }

// newOneSheetBook starts a new workbook in our book font whose one sheet
// is called name, with a renderer for its styles.
func newOneSheetBook(name string) (*excelize.File, *renderer, error) {
	f := excelize.NewFile()
	if err := f.SetDefaultFont(bookFont); err != nil {
		f.Close()
		return nil, nil, err
	}
	r, err := newRenderer(f, "")
	if err == nil {
		err = f.SetSheetName("Sheet1", name)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, r, nil
}
