package workbook

import (
	"cmp"
	"fmt"
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
// the wrong cells; a bar chart of the shares beside it; printed landscape
// on paper ("a4" or "letter"), one page wide.
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
	f := excelize.NewFile()
	defer f.Close()
	const name = "Summary"
	if err := f.SetSheetName("Sheet1", name); err != nil {
		return err
	}
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
				wrong = append(wrong, m.Cells(Wrong)...)
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
	for col, w := range widths {
		c, _ := excelize.ColumnNumberToName(col)
		if err := f.SetColWidth(name, c, c, w); err != nil {
			return err
		}
	}
	if len(rows) > 0 {
		sc, _ := excelize.ColumnNumberToName(scoreCol)
		at, _ := excelize.CoordinatesToCellName(1, len(rows)+4)
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
			Dimension: excelize.ChartDimension{Width: 640, Height: uint(max(240, 24*len(rows)+80))},
		}); err != nil {
			return err
		}
	}
	one, zero, yes := 1, 0, true
	orient := "landscape"
	if err := f.SetPageLayout(name, &excelize.PageLayoutOptions{Size: &pp.Code, Orientation: &orient, FitToWidth: &one, FitToHeight: &zero}); err != nil {
		return err
	}
	if err := f.SetSheetProps(name, &excelize.SheetPropsOptions{FitToPage: &yes}); err != nil {
		return err
	}
	if err := f.SetPageMargins(name, &excelize.PageLayoutMarginsOptions{Horizontally: &yes}); err != nil {
		return err
	}
	if err := f.SetHeaderFooter(name, &excelize.HeaderFooterOptions{OddHeader: "&C&\"-,Bold\"Class summary", OddFooter: "&RPage &P of &N"}); err != nil {
		return err
	}
	if err := f.SetPanes(name, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	if err := f.SetDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Titles", RefersTo: quoteSheet(name) + "!$1:$1", Scope: name}); err != nil {
		return err
	}
	return saveAtomic(f, out)
}

func ptr[T any](v T) *T { return &v }
