package workbook

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"

	"github.com/xlsudoku/xlsudoku/solve"
)

// pictured is a puzzle whose explanation has locked candidates, pairs and
// triples, an X-Wing, a Finned X-Wing, XY- and W-Wings, Sue de Coq and
// chains (magictour-top1465 no. 65).
const pictured = "..3...67.5.....3...4.......6..3......8......4...7....12......5.....98.......41..."

// pictureBook writes a workbook with the puzzle g at B2 of sheet "Puzzle".
func pictureBook(t testing.TB, g solve.Grid, name string) string {
	f := newBook(t, "Puzzle")
	putGrid(t, f, "Puzzle", layoutB2, g)
	return save(t, f, name)
}

// BenchmarkWriteStepsPictures writes the Steps sheet of a hard puzzle,
// with its pictures.
func BenchmarkWriteStepsPictures(b *testing.B) {
	in := pictureBook(b, grid(b, pictured), "hard.xlsx")
	p, err := Read(in, Options{})
	require.NoError(b, err)
	sol, err := p.Solve()
	require.NoError(b, err)
	ex, err := solve.Explain(p.Grid)
	require.NoError(b, err)
	out := filepath.Join(b.TempDir(), "out.xlsx")
	for b.Loop() {
		if _, err := WriteExtras(p, sol, out, Options{}, Extras{Explanation: ex}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestWriteStepsPictures reads the pictures back from the written
// workbook: the X-Wing's picture shows the position it was found on, its
// corners blue, the candidates it removes red and struck, in a board of
// thin and thick lines; the singles have no picture.
func TestWriteStepsPictures(t *testing.T) {
	in := pictureBook(t, grid(t, pictured), "hard.xlsx")
	out := filepath.Join(t.TempDir(), "out.xlsx")
	_, ex, _ := explainFile(t, in, out)
	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f.Close()
	const s = "Steps"
	rows, err := f.GetRows(s)
	require.NoError(t, err)

	// Where each step's row and each caption are.
	stepRow := map[int]int{}
	captions := map[string][2]int{} // caption -> row, column (1-based)
	for i, r := range rows {
		if len(r) > 1 && r[1] != "" && i+1 > layout.StepsHeaderRow {
			n, err := strconv.Atoi(r[1])
			require.NoError(t, err, "row %d", i+1)
			stepRow[n-1] = i + 1
		}
		for c, v := range r {
			if strings.HasPrefix(v, "Step ") && strings.Contains(v, " · ") {
				captions[v] = [2]int{i + 1, c + 1}
			}
		}
	}
	require.Len(t, stepRow, len(ex.Steps))
	for i := range ex.Steps {
		st := &ex.Steps[i]
		_, ok := captions[fmt.Sprintf("Step %d · %s", i+1, st.Technique.ShortName())]
		assert.Equal(t, layout.Pictured(st), ok, "step %d, %v", i+1, st.Technique)
		if st.Technique == solve.HiddenSingle || st.Technique == solve.NakedSingle || st.Technique == solve.FullHouse {
			assert.False(t, ok, "step %d is a single", i+1)
		}
	}

	k := -1
	for i := range ex.Steps {
		if ex.Steps[i].Technique == solve.XWing {
			k = i
			break
		}
	}
	require.GreaterOrEqual(t, k, 0, "the puzzle has an X-Wing")
	xw := &ex.Steps[k]
	at := captions[fmt.Sprintf("Step %d · X-Wing", k+1)]
	require.NotZero(t, at[0])
	top, left := at[0]+1, at[1]
	ref := func(r, c, d int) string {
		name, err := excelize.CoordinatesToCellName(left+c*3+(d-1)%3, top+r*3+(d-1)/3)
		require.NoError(t, err)
		return name
	}
	color := func(c string) string { return strings.TrimPrefix(strings.ToUpper(c), "FF") }

	// The position before the X-Wing, replayed independently: the givens
	// and placements of the steps before it.
	before := grid(t, pictured)
	for _, st := range ex.Steps[:k] {
		for _, p := range st.Placements {
			before.Set(p.Row, p.Col, p.Digit)
		}
	}
	for r := range 9 {
		for c := range 9 {
			if v := before.At(r, c); v != 0 {
				assert.Equal(t, strconv.Itoa(v), cellText(t, f, s, ref(r, c, 1)), "r%dc%d", r+1, c+1)
			}
		}
	}
	for _, e := range xw.Eliminations {
		cell := ref(e.Row, e.Col, e.Digit)
		assert.Equal(t, strconv.Itoa(e.Digit), cellText(t, f, s, cell), "%v", e)
		st := styleAt(t, f, s, cell)
		assert.True(t, st.Font.Strike, "%v struck", e)
		assert.Equal(t, layout.ElimColor, color(st.Font.Color), "%v red", e)
		assert.Equal(t, []string{layout.ElimFill}, st.Fill.Color, "%v", e)
	}
	d := xw.Digits.List()[0]
	for _, c := range xw.Cells {
		cell := ref(c.Row, c.Col, d)
		assert.Equal(t, strconv.Itoa(d), cellText(t, f, s, cell), "%v", c)
		st := styleAt(t, f, s, cell)
		assert.Equal(t, []string{layout.PatternFill}, st.Fill.Color, "%v", c)
		assert.True(t, st.Font.Bold)
		assert.False(t, st.Font.Strike)
	}
	// Lines: the board's corner thick, a cell's end thin, a box's end thick.
	borders := func(cell string) map[string]int {
		out := map[string]int{}
		for _, b := range styleAt(t, f, s, cell).Border {
			out[b.Type] = b.Style
		}
		return out
	}
	assert.Equal(t, borderThick, borders(ref(0, 0, 1))["left"])
	assert.Equal(t, borderThick, borders(ref(0, 0, 1))["top"])
	assert.Equal(t, borderThin, borders(ref(4, 3, 3))["right"])
	assert.Equal(t, borderThick, borders(ref(4, 5, 3))["right"])
	assert.Equal(t, borderThin, borders(ref(3, 4, 7))["bottom"])
	assert.Equal(t, borderThick, borders(ref(5, 4, 7))["bottom"])

	// Page breaks never cut a picture: none falls between a step's row and
	// the end of its picture.
	breaks := rowBreaks(t, out, s)
	require.NotEmpty(t, breaks)
	for _, id := range breaks {
		br, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(id, `<brk id="`), `"`))
		require.NoError(t, err)
		for _, c := range captions {
			assert.False(t, br > c[0]-2 && br <= c[0]+27, "break at %d cuts the picture under row %d", br, c[0])
		}
	}
}

// TestWriteExtrasRefusesOthersExtras: an explanation of another puzzle, a
// step placing a digit on a given or against the solution, and a second
// solution that is empty, breaks the rules or is the solution itself are
// refused, and nothing is written: WriteExtras wrote them all, under a
// title saying the puzzle has several solutions (a library walk of 3
// December).
func TestWriteExtrasRefusesOthersExtras(t *testing.T) {
	p, err := Read(classicBook(t), Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	other, err := solve.ParseLine(extreme)
	require.NoError(t, err)
	otherEx, err := solve.Explain(other)
	require.NoError(t, err)
	ex, err := solve.Explain(p.Grid)
	require.NoError(t, err)
	onGiven := *ex
	onGiven.Steps = slices.Clone(ex.Steps)
	given := p.Grid.Diff(&solve.Grid{Shape: p.Grid.Shape})[0] // the first given
	onGiven.Steps[0].Placements = []solve.Candidate{{Cell: given, Digit: sol.At(given.Row, given.Col)}}
	wrongDigit := *ex
	wrongDigit.Steps = slices.Clone(ex.Steps)
	pl := ex.Steps[0].Placements[0]
	wrongDigit.Steps[0].Placements = []solve.Candidate{{Cell: pl.Cell, Digit: pl.Digit%9 + 1}}
	broken := sol
	broken.Set(0, 0, sol.At(0, 1))
	zero := solve.Grid{}
	for name, x := range map[string]Extras{
		"another puzzle's explanation":     {Explanation: otherEx},
		"a placement on a given":           {Explanation: &onGiven},
		"a placement against the solution": {Explanation: &wrongDigit},
		"an empty second solution":         {Second: &zero},
		"a second that breaks the rules":   {Second: &broken},
		"the solution as the second":       {Second: &sol},
	} {
		out := filepath.Join(t.TempDir(), "out.xlsx")
		_, err := WriteExtras(p, sol, out, Options{}, x)
		assert.ErrorIs(t, err, ErrUsage, name)
		assert.NoFileExists(t, out, name)
	}
	_, err = WriteExtras(p, sol, filepath.Join(t.TempDir(), "out.xlsx"), Options{}, Extras{Explanation: ex})
	assert.NoError(t, err, "the puzzle's own")
}

// TestWriteExtrasExplanationShape: an explanation of another shape is
// refused, not replayed.
func TestWriteExtrasExplanationShape(t *testing.T) {
	p, err := Read(classicBook(t), Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	ex := &solve.Explanation{Solved: solve.NewGrid(solve.Shape6)}
	_, err = WriteExtras(p, sol, filepath.Join(t.TempDir(), "out.xlsx"), Options{}, Extras{Explanation: ex})
	assert.ErrorIs(t, err, ErrUsage)
}
