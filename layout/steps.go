package layout

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/xlsudoku/xlsudoku/solve"
)

// The Steps sheet lists a human-style solve, one table row per step:
//
//	   B    C                  D                            E                    F
//	1  Steps of book.xlsx / Week 3!B2:J10 (the title, merged B1:F1)
//	2       Grade              Hard
//	3       Score              1234
//	4       Hardest technique  X-Wing
//	5       Steps              57
//	6       Techniques used    Full House 12, Naked Single 20, ... (merged D6:F6)
//	7
//	8  #    Technique          Step                         Placements           Eliminations
//	9  1    Hidden Single      Hidden Single: in box 4, ... r5c2 = 7 ('Week 3'!C6)
//	10 2    Pointing           Pointing: in box 1, 3 ...                         r2c5, r2c7 ≠ 3 ('Week 3'!F3, H3)
//
// The header row (8) has a fill and an autofilter, stays in view when the
// table scrolls, and is printed atop every page; the sheet prints in
// landscape, shrunk to the page's width, its title and "Page n of N" in
// the footer.

// The Steps sheet's columns and measures.
const (
	StepsNumberCol       = 2 // B: the step's number
	StepsTechniqueCol    = 3 // C: the technique's name
	StepsTextCol         = 4 // D: the sentence
	StepsPlacementsCol   = 5 // E
	StepsEliminationsCol = 6 // F

	StepsFontSize   = 10.0
	StepsHeaderFill = "D9E2F3" // the table's header row
	stepsLine       = 13.0     // points per line of 10pt text
)

// stepsWidths are the widths of columns B to F, in points.
var stepsWidths = [...]float64{26.25, 115.5, 315, 105, 189}

// stepsCharWidth is the width of an average character of the table's 10pt
// text, in points: wrapping at word breaks loses some of a line, so a row
// may have room to spare, but no text is cut.
const stepsCharWidth = 4.4

// StepsHeaderRow is the row of the table's header: below the title, five
// rows of summary and a gap.
const StepsHeaderRow = 8

// StepsSheet lays out the Steps sheet of ex. title goes above (its lines
// separated by "\n"); sheet and cell name the puzzle's cells the way the
// user sees them: sheet "Week 3", cell(r, c) "C6" for 0-based puzzle row r
// and column c.
func StepsSheet(title, sheet string, cell func(r, c int) string, ex *solve.Explanation) Sheet {
	var sh Sheet
	first, last := StepsNumberCol, StepsEliminationsCol
	width := 0.0
	for _, w := range stepsWidths {
		width += w
	}
	sh.Add(Title(title, Rect{Pos{first, 1}, Pos{last, 1}}, width))
	sh.ColWidths[1] = MarginColWidth
	for i, w := range stepsWidths {
		sh.ColWidths[first+i] = w
	}

	label := Style{FontSize: StepsFontSize, Bold: true, HAlign: AlignStart, VAlign: AlignStart}
	value := Style{FontSize: StepsFontSize, HAlign: AlignStart, VAlign: AlignStart, Wrap: true}
	row := 2
	fact := func(name string, v Cell) {
		v.Pos, v.Style = Pos{StepsTextCol, row}, value
		sh.Cells = append(sh.Cells, Cell{Pos: Pos{StepsTechniqueCol, row}, Text: name, Style: label}, v)
		sh.RowHeights[row] = stepsLine + 3
		row++
	}
	fact("Grade", Cell{Text: ex.Grade.String()})
	if ex.Score > 0 {
		fact("Score", Cell{Number: ex.Score})
	} else {
		fact("Score", Cell{Text: "0"})
	}
	hardest := "none (the grid was complete)"
	if ex.Hardest != solve.NoTechnique {
		hardest = ex.Hardest.String()
	}
	fact("Hardest technique", Cell{Text: hardest})
	if n := len(ex.Steps); n > 0 {
		fact("Steps", Cell{Number: n})
	} else {
		fact("Steps", Cell{Text: "0"})
	}
	used := TechniqueCounts(ex.Counts)
	fact("Techniques used", Cell{Text: used})
	wide := stepsWidths[2] + stepsWidths[3] + stepsWidths[4]
	sh.RowHeights[row-1] = textHeight([]string{used}, []float64{wide})
	sh.Merges = append(sh.Merges, Rect{Pos{StepsTextCol, row - 1}, Pos{last, row - 1}})
	for c := StepsTextCol + 1; c <= last; c++ {
		sh.Cells = append(sh.Cells, Cell{Pos: Pos{c, row - 1}, Style: value})
	}
	sh.RowHeights[row] = 8 // a gap
	row++

	header := row // StepsHeaderRow
	head := Style{FontSize: StepsFontSize, Bold: true, Fill: StepsHeaderFill, VAlign: AlignCenter, HAlign: AlignStart,
		Border: Borders{Thin, Thin, Thin, Thin}}
	for i, name := range []string{"#", "Technique", "Step", "Placements", "Eliminations"} {
		sh.Cells = append(sh.Cells, Cell{Pos: Pos{first + i, header}, Text: name, Style: head})
	}
	sh.RowHeights[header] = stepsLine + 5

	body := Style{FontSize: StepsFontSize, HAlign: AlignStart, VAlign: AlignStart, Wrap: true, Border: Borders{Thin, Thin, Thin, Thin}}
	num := body
	num.HAlign, num.Wrap = AlignCenter, false
	sh.Cells = append(sh.Cells, make([]Cell, 0, 5*len(ex.Steps))...)
	for i := range ex.Steps {
		s := &ex.Steps[i]
		row = header + 1 + i
		texts := []string{s.Technique.String(), s.Text(), Placements(s.Placements, sheet, cell), Eliminations(s.Eliminations, sheet, cell)}
		sh.Cells = append(sh.Cells, Cell{Pos: Pos{first, row}, Number: i + 1, Style: num})
		for k, t := range texts {
			sh.Cells = append(sh.Cells, Cell{Pos: Pos{first + 1 + k, row}, Text: t, Style: body})
		}
		sh.RowHeights[row] = textHeight(texts, stepsWidths[1:])
	}
	end := max(row, header)
	sh.Area = Rect{Pos{1, 1}, Pos{last, end}}
	sh.Freeze = Pos{1, header + 1}
	sh.Filter = Rect{Pos{first, header}, Pos{last, end}}
	sh.Gridlines = true
	sh.Print = Print{Area: Rect{Pos{first, 1}, Pos{last, end}}, Landscape: true, Fit: FitWidth, CenterH: true,
		TitleRows: [2]int{header, header}, Footer: strings.ReplaceAll(title, "\n", " · "), PageNumbers: true}
	return sh
}

// TechniqueCounts lists the techniques of counts with their number of
// steps, in the order the solver tries them (easiest first):
// "Full House 12, Naked Single 20, X-Wing 1".
func TechniqueCounts(counts map[solve.Technique]int) string {
	var parts []string
	for t := solve.NoTechnique + 1; t <= solve.BruteForce; t++ {
		if n := counts[t]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", t, n))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// Placements writes a step's placements, one a line: "r5c2 = 7 ('Week 3'!C6)".
func Placements(ps []solve.Candidate, sheet string, cell func(r, c int) string) string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = fmt.Sprintf("%v = %s (%s%s)", p.Cell, solve.DigitString(p.Digit), SheetRef(sheet), cell(p.Row, p.Col))
	}
	return strings.Join(lines, "\n")
}

// Eliminations writes a step's eliminations a digit to a line, the digits
// in the order they first come: "r2c5, r2c7 ≠ 3 (Week 3!F3, H3)".
func Eliminations(es []solve.Candidate, sheet string, cell func(r, c int) string) string {
	var order []int
	by := map[int][]solve.Cell{}
	for _, e := range es {
		if _, ok := by[e.Digit]; !ok {
			order = append(order, e.Digit)
		}
		by[e.Digit] = append(by[e.Digit], e.Cell)
	}
	lines := make([]string, len(order))
	for i, d := range order {
		var rc, names strings.Builder
		for k, c := range by[d] {
			if k > 0 {
				rc.WriteString(", ")
				names.WriteString(", ")
			} else {
				names.WriteString(SheetRef(sheet))
			}
			rc.WriteString(c.String())
			names.WriteString(cell(c.Row, c.Col))
		}
		lines[i] = fmt.Sprintf("%s ≠ %s (%s)", rc.String(), solve.DigitString(d), names.String())
	}
	return strings.Join(lines, "\n")
}

// textHeight estimates the points a table row needs for texts wrapped in
// columns of widths (points): the tallest cell's lines.
func textHeight(texts []string, widths []float64) float64 {
	lines := 1.0
	for i, t := range texts {
		perLine := max(1, math.Floor(widths[i]/stepsCharWidth))
		n := 0.0
		for line := range strings.SplitSeq(t, "\n") {
			n += max(1, math.Ceil(float64(utf8.RuneCountInString(line))/perLine))
		}
		lines = max(lines, n)
	}
	return math.Ceil(lines*stepsLine + 3)
}
