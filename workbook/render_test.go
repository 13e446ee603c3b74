package workbook

import (
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// borders returns a cell's border style by side.
func borders(t *testing.T, f *excelize.File, sheet, cell string) (map[string]int, *excelize.Style) {
	t.Helper()
	id, err := f.GetCellStyle(sheet, cell)
	require.NoError(t, err)
	st, err := f.GetStyle(id)
	require.NoError(t, err)
	out := map[string]int{}
	for _, b := range st.Border {
		out[b.Type] = b.Style
	}
	return out, st
}

// weight is the excelize border style of a line.
func weight(l layout.Line) int {
	return map[layout.Line]int{layout.NoLine: 0, layout.Thin: borderThin, layout.Thick: borderThick}[l]
}

func TestWrittenSheetsLook(t *testing.T) {
	for _, shape := range []solve.Shape{solve.Shape4, solve.Shape6, solve.Shape9, solve.Shape16} {
		t.Run(shape.String(), func(t *testing.T) {
			givens, solution := solvedPuzzle(t, shape)
			f := newBook(t, "Sheet1")
			putGrid(t, f, "Sheet1", layoutB2, givens)
			in := save(t, f, "in.xlsx")
			out := filepath.Join(t.TempDir(), "out.xlsx")
			p, err := Read(in, Options{})
			require.NoError(t, err)
			_, err = Write(p, solution, out, Options{})
			require.NoError(t, err)

			g, err := excelize.OpenFile(out)
			require.NoError(t, err)
			defer g.Close()
			n := shape.Size

			// Solution: numbers, bold black givens, blue filled digits,
			// thick lines exactly at box edges.
			for r := range n {
				h, err := g.GetRowHeight("Solution", 2+r)
				require.NoError(t, err)
				assert.Equal(t, layout.SolutionCell(shape), h)
				for c := range n {
					cell := layout.Pos{Col: 2 + c, Row: 2 + r}.String()
					v, err := g.GetCellValue("Solution", cell)
					require.NoError(t, err)
					assert.Equal(t, strconv.Itoa(solution.At(r, c)), v, cell)
					typ, err := g.GetCellType("Solution", cell)
					require.NoError(t, err)
					assert.Equal(t, excelize.CellTypeUnset, typ, "%s is a plain number", cell)
					b, st := borders(t, g, "Solution", cell)
					assert.Equal(t, lineW(c%shape.BoxCols == 0), b["left"], "left of %s", cell)
					assert.Equal(t, lineW((c+1)%shape.BoxCols == 0), b["right"], "right of %s", cell)
					assert.Equal(t, lineW(r%shape.BoxRows == 0), b["top"], "top of %s", cell)
					assert.Equal(t, lineW((r+1)%shape.BoxRows == 0), b["bottom"], "bottom of %s", cell)
					require.NotNil(t, st.Font)
					assert.Equal(t, givens.At(r, c) != 0, st.Font.Bold, cell)
					if givens.At(r, c) != 0 {
						assert.Equal(t, layout.GivenColor, st.Font.Color)
					} else {
						assert.Equal(t, layout.FilledColor, st.Font.Color)
					}
					// Grids under 9x9 draw as wide as a 9x9, digits in
					// proportion.
					wantSize := layout.SolutionFontSize * layout.SolutionCell(shape) / layout.SolutionColWidth
					if n > 9 {
						wantSize = layout.SolutionFontSize16
					}
					assert.Equal(t, wantSize, st.Font.Size)
					assert.Equal(t, "center", st.Alignment.Horizontal)
					assert.Equal(t, "center", st.Alignment.Vertical)
				}
			}
			for c := range n {
				w, err := g.GetColWidth("Solution", layout.ColumnName(2+c))
				require.NoError(t, err)
				assert.Equal(t, calibri.units(layout.SolutionCell(shape)), w)
				if n >= 9 {
					assert.Equal(t, 5.0, w, "35 pixels of Calibri 11: as wide as tall")
				}
			}
			title, err := g.GetCellValue("Solution", "B1")
			require.NoError(t, err)
			assert.Equal(t, "Solution of in.xlsx\nSheet1!"+p.Range, title)
			merged, err := g.GetMergeCells("Solution")
			require.NoError(t, err)
			require.Len(t, merged, 1)
			assert.Equal(t, "B1:"+layout.ColumnName(1+n)+"1", merged[0].GetStartAxis()+":"+merged[0].GetEndAxis())
			views, err := g.GetSheetView("Solution", 0)
			require.NoError(t, err)
			assert.False(t, *views.ShowGridLines)
			props, err := g.GetSheetProps("Solution")
			require.NoError(t, err)
			assert.True(t, *props.FitToPage)
			pl, err := g.GetPageLayout("Solution")
			require.NoError(t, err)
			assert.Equal(t, 1, *pl.FitToWidth)
			assert.Equal(t, 1, *pl.FitToHeight)
			margins, err := g.GetPageMargins("Solution")
			require.NoError(t, err)
			assert.True(t, *margins.Horizontally)
			assert.True(t, *margins.Vertically)
			assert.Equal(t, layout.A4.Code, *pl.Size)
			var areas []string
			for _, dn := range g.GetDefinedName() {
				if dn.Name == "_xlnm.Print_Area" {
					areas = append(areas, dn.Scope+" "+dn.RefersTo)
				}
			}
			last := layout.ColumnName(1 + n*shape.BoxCols)
			assert.ElementsMatch(t, []string{
				"Solution 'Solution'!$B$1:$" + layout.ColumnName(1+n) + "$" + strconv.Itoa(1+n),
				"Candidates 'Candidates'!$B$1:$" + last + "$" + strconv.Itoa(1+n*shape.BoxRows),
			}, areas)

			// Candidates: squares of box-height x box-width per cell.
			board := layout.CandidatesBoard(givens, layout.GridOrigin)
			cands := givens.Candidates()
			for _, sq := range board.Cells {
				cell := sq.Pos.String()
				y, x := sq.Pos.Row-2, sq.Pos.Col-2
				r, c := y/shape.BoxRows, x/shape.BoxCols
				d := (y%shape.BoxRows)*shape.BoxCols + x%shape.BoxCols + 1
				v, err := g.GetCellValue("Candidates", cell)
				require.NoError(t, err)
				switch given := givens.At(r, c); {
				case given != 0:
					// A given fills its block, merged (excelize reads a merged
					// range's value in each of its cells).
					assert.Equal(t, strconv.Itoa(given), v, cell)
				case given == 0 && cands[r*n+c].Has(d):
					assert.Equal(t, strconv.Itoa(d), v, cell)
				default:
					assert.Empty(t, v, cell)
				}
				b, st := borders(t, g, "Candidates", cell)
				assert.Equal(t, weight(sq.Style.Border.Left), b["left"], "left of %s", cell)
				assert.Equal(t, weight(sq.Style.Border.Top), b["top"], "top of %s", cell)
				boxW := shape.BoxCols * shape.BoxCols
				if x%boxW == 0 {
					assert.Equal(t, borderThick, b["left"], "box edge left of %s", cell)
				} else if x%shape.BoxCols != 0 {
					assert.Zero(t, b["left"], "inside a block at %s", cell)
				}
				assert.Equal(t, givens.At(r, c) != 0, st.Font.Bold, cell)
				if givens.At(r, c) != 0 {
					assert.Equal(t, []string{layout.GivenFill}, st.Fill.Color, cell)
				}
			}
			merges, err := g.GetMergeCells("Candidates")
			require.NoError(t, err)
			assert.Len(t, merges, 1+givens.Filled(), "the title and a block per given")
			// Each puzzle cell square, its squares filling it: 18 points
			// a side in square boxes, wider or taller in others; 4x4 and
			// 6x6 boards 9/Size times larger.
			side := float64(max(shape.BoxRows, shape.BoxCols)) * layout.CandidateColWidth
			if n < 8 {
				side *= 9 / float64(n)
			}
			w, err := g.GetColWidth("Candidates", "B")
			require.NoError(t, err)
			assert.Equal(t, calibri.units(side/float64(shape.BoxCols)), w)
			h, err := g.GetRowHeight("Candidates", 2)
			require.NoError(t, err)
			assert.Equal(t, side/float64(shape.BoxRows), h)
		})
	}
}

// calibri converts widths for a workbook in Calibri 11, excelize's default.
var calibri = &renderer{digitPx: 7}

func lineW(boxEdge bool) int {
	if boxEdge {
		return borderThick
	}
	return borderThin
}

func TestOurSheetsUseNoSharedStrings(t *testing.T) {
	in := classicBook(t)
	out := filepath.Join(t.TempDir(), "out.xlsx")
	solveFile(t, in, out, Options{})
	parts := unzip(t, out)
	for _, name := range []string{"xl/worksheets/sheet2.xml", "xl/worksheets/sheet3.xml"} {
		assert.NotContains(t, string(parts[name]), `t="s"`, name)
		assert.NotContains(t, string(parts[name]), `tabSelected`, name)
	}
	assert.Contains(t, string(parts["xl/worksheets/sheet2.xml"]), `<dimension ref="A1:K10"/>`, "the board, and the mark cell in K1")
}

// TestTwoDigitsFit: on the Solution board of a 12x12 or 16x16 grid, a
// bold "16" fits its cell in every font we know (bold taken as a tenth
// wider, with LibreOffice's margin of about 3 points): at 18 points,
// DejaVu Sans printed "###" instead.
func TestTwoDigitsFit(t *testing.T) {
	for font, em := range digitEm {
		need := 2*em*1.1*layout.SolutionFontSize16 + 3
		assert.LessOrEqual(t, need, layout.SolutionColWidth, font)
	}
}
