package layout

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
)

// sheetCell names puzzle cells of a puzzle at B2.
func sheetCell(r, c int) string { return GridOrigin.Add(r, c).String() }

func TestPlacementsAndEliminations(t *testing.T) {
	tests := []struct {
		name string
		in   []solve.Candidate
		elim bool
		want string
	}{
		{"none", nil, false, ""},
		{"one placement", []solve.Candidate{{Cell: solve.Cell{Row: 4, Col: 1}, Digit: 7}}, false, "r5c2 = 7 ('Week 3'!C6)"},
		{"two placements", []solve.Candidate{{Cell: solve.Cell{Row: 0, Col: 0}, Digit: 1}, {Cell: solve.Cell{Row: 8, Col: 8}, Digit: 9}}, false,
			"r1c1 = 1 ('Week 3'!B2)\nr9c9 = 9 ('Week 3'!J10)"},
		{"no elimination", nil, true, ""},
		{"one digit", []solve.Candidate{{Cell: solve.Cell{Row: 1, Col: 4}, Digit: 3}, {Cell: solve.Cell{Row: 1, Col: 6}, Digit: 3}}, true,
			"r2c5, r2c7 ≠ 3 ('Week 3'!F3, H3)"},
		{"digits in first-seen order", []solve.Candidate{
			{Cell: solve.Cell{Row: 0, Col: 0}, Digit: 7}, {Cell: solve.Cell{Row: 0, Col: 0}, Digit: 2}, {Cell: solve.Cell{Row: 0, Col: 8}, Digit: 7},
		}, true, "r1c1, r1c9 ≠ 7 ('Week 3'!B2, J2)\nr1c1 ≠ 2 ('Week 3'!B2)"},
		{"16x16 digits, as numbers", []solve.Candidate{{Cell: solve.Cell{Row: 15, Col: 15}, Digit: 16}}, true, "r16c16 ≠ 16 ('Week 3'!Q17)"},
		{"16x16 placement", []solve.Candidate{{Cell: solve.Cell{Row: 15, Col: 15}, Digit: 12}}, false, "r16c16 = 12 ('Week 3'!Q17)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.elim {
				assert.Equal(t, tt.want, Eliminations(tt.in, "Week 3", sheetCell))
			} else {
				assert.Equal(t, tt.want, Placements(tt.in, "Week 3", sheetCell))
			}
		})
	}
}

// TestStepsBreakBeforeRefs: a placement too long for its column goes on
// with the sheet's cell on a line of its own, not wrapped where the app
// chose ("(Puzzle!" above "L8)", a render of 3 December); one that fits
// stays whole, and the row is as tall as its lines.
func TestStepsBreakBeforeRefs(t *testing.T) {
	g, err := solve.ParseLine("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	require.NoError(t, err)
	ex, err := solve.Explain(g)
	require.NoError(t, err)
	for _, tt := range []struct {
		sheet string
		lines int
	}{{"Week 3", 1}, {"Puzzle of the week", 2}} {
		sh := StepsSheet("Steps", tt.sheet, sheetCell, g, ex)
		row := StepsHeaderRow + 1
		s := ex.Steps[0]
		p := s.Placements[0]
		want := fmt.Sprintf("%v = %d (%s%s)", p.Cell, p.Digit, SheetRef(tt.sheet), sheetCell(p.Row, p.Col))
		if tt.lines == 2 {
			want = fmt.Sprintf("%v = %d\n(%s%s)", p.Cell, p.Digit, SheetRef(tt.sheet), sheetCell(p.Row, p.Col))
		}
		assert.Equal(t, want, cellAt(t, sh, Pos{StepsPlacementsCol, row}).Text, tt.sheet)
		if len(s.Text()) < charsPerLine(mergedShare*stepsWidths[2]) {
			assert.Equal(t, textHeight([]string{want}, []float64{mergedShare * stepsWidths[3]}), sh.RowHeights[row], tt.sheet)
		}
	}
	assert.Equal(t, "r1c1 = 1\n('Puzzle of the week'!B2)\nr9c9 = 9 (Sheet1!J10)",
		breakBeforeRefs("r1c1 = 1 ('Puzzle of the week'!B2)\nr9c9 = 9 (Sheet1!J10)", 24))
	assert.Equal(t, "r1c1, r1c2, r1c3, r1c4 ≠ 7\n('Week 3'!B2, C2, D2, E2)", breakBeforeRefs("r1c1, r1c2, r1c3, r1c4 ≠ 7 ('Week 3'!B2, C2, D2, E2)", 24))
	assert.Equal(t, "r1c1 = 5\n('Puzzle 1 (2)'!B2)", breakBeforeRefs("r1c1 = 5 ('Puzzle 1 (2)'!B2)", 24), "not in the sheet's name")
}

func TestTechniqueCounts(t *testing.T) {
	assert.Equal(t, "none", TechniqueCounts(nil))
	assert.Equal(t, "Full House 3, Hidden Single 20, X-Wing 1",
		TechniqueCounts(map[solve.Technique]int{solve.XWing: 1, solve.HiddenSingle: 20, solve.FullHouse: 3, solve.Pointing: 0}))
}

// cellAt returns the cell of sh at p.
func cellAt(t *testing.T, sh Sheet, p Pos) Cell {
	t.Helper()
	for _, c := range sh.Cells {
		if c.Pos == p {
			return c
		}
	}
	require.Failf(t, "no cell", "%v", p)
	return Cell{}
}

func TestStepsSheet(t *testing.T) {
	g, err := solve.ParseLine("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	require.NoError(t, err)
	ex, err := solve.Explain(g)
	require.NoError(t, err)
	sh := StepsSheet("Steps of a.xlsx\nWeek 3!B2:J10", "Week 3", sheetCell, g, ex)

	n := len(ex.Steps)
	require.Positive(t, n)
	last := StepsHeaderRow + n
	for _, s := range ex.Steps {
		require.False(t, Pictured(&s), "the classic puzzle needs only singles: %v", s.Technique)
	}
	assert.Equal(t, Rect{Pos{1, 1}, Pos{StepsLastCol, last}}, sh.Area)
	assert.Equal(t, Pos{1, StepsHeaderRow + 1}, sh.Freeze)
	assert.Equal(t, Rect{Pos{StepsNumberCol, StepsHeaderRow}, Pos{StepsLastCol, last}}, sh.Filter)
	assert.Equal(t, Print{Area: Rect{Pos{2, 1}, Pos{StepsLastCol, last}}, Landscape: true, Fit: FitWidth, CenterH: true,
		TitleRows: [2]int{StepsHeaderRow, StepsHeaderRow}, Footer: "Steps of a.xlsx · Week 3!B2:J10", PageNumbers: true}, sh.Print)

	assert.Equal(t, "Steps of a.xlsx\nWeek 3!B2:J10", cellAt(t, sh, Pos{2, 1}).Text)
	assert.Equal(t, ex.Grade.String(), cellAt(t, sh, Pos{StepsTextCol, 2}).Text)
	assert.Equal(t, ex.Score, cellAt(t, sh, Pos{StepsTextCol, 3}).Number)
	assert.Equal(t, ex.Hardest.String(), cellAt(t, sh, Pos{StepsTextCol, 4}).Text)
	assert.Equal(t, n, cellAt(t, sh, Pos{StepsTextCol, 5}).Number)
	assert.Equal(t, TechniqueCounts(ex.Counts), cellAt(t, sh, Pos{StepsTextCol, 6}).Text)

	hd := cellAt(t, sh, Pos{StepsNumberCol, StepsHeaderRow})
	assert.Equal(t, "#", hd.Text)
	assert.True(t, hd.Style.Bold)
	assert.Equal(t, StepsHeaderFill, hd.Style.Fill)
	for i, s := range ex.Steps {
		row := StepsHeaderRow + 1 + i
		assert.Equal(t, i+1, cellAt(t, sh, Pos{StepsNumberCol, row}).Number)
		assert.Equal(t, s.Technique.String(), cellAt(t, sh, Pos{StepsTechniqueCol, row}).Text)
		text := cellAt(t, sh, Pos{StepsTextCol, row})
		assert.Equal(t, s.Text(), text.Text)
		assert.True(t, text.Style.Wrap)
		assert.Equal(t, breakBeforeRefs(Placements(s.Placements, "Week 3", sheetCell), charsPerLine(mergedShare*stepsWidths[3])), cellAt(t, sh, Pos{StepsPlacementsCol, row}).Text)
		assert.Equal(t, breakBeforeRefs(Eliminations(s.Eliminations, "Week 3", sheetCell), charsPerLine(mergedShare*stepsWidths[4])), cellAt(t, sh, Pos{StepsEliminationsCol, row}).Text)
		assert.GreaterOrEqual(t, sh.RowHeights[row], stepsLine, "row %d", row)
	}
	// A step of the classic puzzle: its first is a single, placed in r?c? = d.
	assert.Contains(t, cellAt(t, sh, Pos{StepsPlacementsCol, StepsHeaderRow + 1}).Text, "('Week 3'!")
	// A few styles only, however many steps; every other row banded.
	assert.LessOrEqual(t, len(sh.Styles()), 8)
	assert.Empty(t, cellAt(t, sh, Pos{StepsTextCol, StepsHeaderRow + 1}).Style.Fill)
	assert.Equal(t, StepsBandFill, cellAt(t, sh, Pos{StepsTextCol, StepsHeaderRow + 2}).Style.Fill)
	// The table's columns span narrow ones, merged.
	assert.Contains(t, sh.Merges, Rect{Pos{StepsTextCol, StepsHeaderRow + 1}, Pos{StepsPlacementsCol - 1, StepsHeaderRow + 1}})
}

func TestStepsSheetComplete(t *testing.T) {
	g, err := solve.ParseLine("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	require.NoError(t, err)
	ex, err := solve.Explain(g)
	require.NoError(t, err)
	sh := StepsSheet("t", "S", sheetCell, g, ex)
	assert.Equal(t, StepsHeaderRow, sh.Area.Max.Row, "the header only")
	assert.Equal(t, "0", cellAt(t, sh, Pos{StepsTextCol, 3}).Text)
	assert.Equal(t, "none", cellAt(t, sh, Pos{StepsTextCol, 6}).Text)
}

func TestTextHeight(t *testing.T) {
	one := textHeight([]string{"short"}, []float64{105})
	assert.Equal(t, one, textHeight([]string{""}, []float64{105}))
	two := textHeight([]string{"a\nb"}, []float64{105})
	assert.Greater(t, two, one)
	long := textHeight([]string{fmt.Sprintf("%0200d", 0)}, []float64{105})
	assert.Greater(t, long, 5*one)
}

func TestCandidateSetsBoard(t *testing.T) {
	givens, _ := puzzle(t, solve.Shape9)
	sets := givens.Candidates()
	// A cell solved by logic (a set of one) fills its block with its digit,
	// as a given does; a given shows its own digit whatever its set says.
	blank, given := -1, -1
	for i, d := range givens.Cells[:81] {
		if d == 0 && blank < 0 {
			blank = i
		}
		if d != 0 && given < 0 {
			given = i
		}
	}
	one := sets[blank].List()[0]
	sets[blank] = solve.DigitsOf(one)
	sets[given] = 0
	b := CandidateSetsBoard(givens, sets, GridOrigin)
	for _, c := range b.Cells {
		y, x := c.Pos.Row-GridOrigin.Row, c.Pos.Col-GridOrigin.Col
		i := (y/3)*9 + x/3
		d := (y%3)*3 + x%3 + 1
		big := int(givens.Cells[i])
		if i == blank {
			big = one
		}
		switch {
		case big != 0 && d == 1:
			assert.Equal(t, big, c.Number, "%v", c.Pos)
		case big != 0:
			assert.Zero(t, c.Number, "%v", c.Pos)
		case sets[i].Has(d):
			assert.Equal(t, d, c.Number, "%v", c.Pos)
		default:
			assert.Zero(t, c.Number, "%v", c.Pos)
		}
		assert.Equal(t, givens.Cells[i] != 0, c.Style.Bold, "%v", c.Pos)
	}
	assert.Len(t, b.Merges, givens.Filled()+1)
}

// TestStepsSheetNamesDigitsAsNumbers: the steps of a 12x12 or 16x16 name
// 10 and up as numbers, as the pictures and the Solution sheet show them
// (a walk of 3 December: "C fits only in r7c1" above a picture of 12s).
func TestStepsSheetNamesDigitsAsNumbers(t *testing.T) {
	for _, shape := range []solve.Shape{solve.Shape12, solve.Shape16} {
		n, br, bc := shape.Size, shape.BoxRows, shape.BoxCols
		g := solve.NewGrid(shape)
		for r := range n {
			for c := range n {
				g.Set(r, c, (bc*(r%br)+r/br+c)%n+1) // a solved grid, by pattern
			}
		}
		require.NoError(t, g.Check())
		for c := range n {
			g.Set(n-1, c, 0) // each the last of its column: digits 1 to n placed
		}
		ex, err := solve.Explain(g)
		require.NoError(t, err)
		sh := StepsSheet("t", "S", sheetCell, g, ex)
		assert.Equal(t, TechniqueCounts(ex.Counts), cellAt(t, sh, Pos{StepsTextCol, 6}).Text, "%v: no note on letters", shape)
		var texts []string
		for _, c := range sh.Cells {
			texts = append(texts, c.Text)
		}
		all := strings.Join(texts, "\n")
		for d := 10; d <= n; d++ {
			assert.Contains(t, all, fmt.Sprintf("so it is %d.", d), "%v: the text", shape)
			assert.Regexp(t, fmt.Sprintf(`r%dc\d+ = %d \(S!`, n, d), all, "%v: the placements", shape)
			assert.NotContains(t, all, "it is "+solve.DigitString(d)+".", "%v", shape)
			assert.NotContains(t, all, " = "+solve.DigitString(d)+" (", "%v", shape)
		}
	}
}
