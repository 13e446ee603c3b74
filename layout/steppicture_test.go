package layout

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
)

// picturedPuzzle's explanation has locked candidates, pairs and triples,
// X-Wings, a Finned X-Wing, XY- and W-Wings, a 2-String Kite, Sue de Coq,
// AICs and grouped AICs (magictour-top1465 no. 65).
const picturedPuzzle = "..3...67.5.....3...4.......6..3......8......4...7....12......5.....98.......41..."

func explained(t *testing.T, line string) (solve.Grid, *solve.Explanation) {
	t.Helper()
	g, err := solve.ParseLine(line)
	require.NoError(t, err)
	ex, err := solve.Explain(g)
	require.NoError(t, err)
	return g, ex
}

// firstStep returns the index of the first step of technique t.
func firstStep(t *testing.T, ex *solve.Explanation, tech solve.Technique) int {
	t.Helper()
	for i := range ex.Steps {
		if ex.Steps[i].Technique == tech {
			return i
		}
	}
	require.Failf(t, "no step", "%v", tech)
	return -1
}

// pictureOf draws, at at, the picture of the first step of technique tech
// in the explanation of line, and returns the step, the picture and the
// position it was found on.
func pictureOf(t *testing.T, line string, tech solve.Technique, at Pos) (*solve.Step, Board, Marks) {
	t.Helper()
	g, ex := explained(t, line)
	k := firstStep(t, ex, tech)
	s := &ex.Steps[k]
	var b Board
	var before Marks
	ReplaySteps(g, ex.Steps, func(i int, m *Marks) {
		if i == k {
			b = StepPicture(g, m, s, at)
			before = Marks{Grid: m.Grid, Cands: append([]solve.Digits(nil), m.Cands...)}
		}
	})
	return s, b, before
}

// TestReplaySteps: the replayed position of every step holds what the step
// eliminates and places, and the replay ends on the solution.
func TestReplaySteps(t *testing.T) {
	for _, line := range []string{
		picturedPuzzle,
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
	} {
		g, ex := explained(t, line)
		var last Marks
		ReplaySteps(g, ex.Steps, func(i int, m *Marks) {
			s := &ex.Steps[i]
			for _, e := range s.Eliminations {
				require.True(t, m.Cands[e.Row*9+e.Col].Has(e.Digit), "step %d: %v is no candidate", i+1, e)
			}
			for _, p := range s.Placements {
				require.Zero(t, m.Grid.At(p.Row, p.Col), "step %d: %v is solved", i+1, p)
				require.True(t, m.Cands[p.Row*9+p.Col].Has(p.Digit), "step %d: %v is no candidate", i+1, p)
			}
			last = Marks{Grid: m.Grid, Cands: append([]solve.Digits(nil), m.Cands...)}
		})
		// Apply the last step by hand: the grid is then the solution.
		for _, p := range ex.Steps[len(ex.Steps)-1].Placements {
			last.Grid.Set(p.Row, p.Col, p.Digit)
		}
		assert.Equal(t, ex.Solved, last.Grid, line)
	}
}

func TestPictured(t *testing.T) {
	for tech, want := range map[solve.Technique]bool{
		solve.FullHouse: false, solve.NakedSingle: false, solve.HiddenSingle: false,
		solve.Pointing: true, solve.NakedPair: true, solve.XWing: true, solve.AIC: true, solve.BUGPlus1: true,
	} {
		assert.Equal(t, want, Pictured(&solve.Step{Technique: tech}), "%v", tech)
	}
}

// square returns the cell of b for digit d of puzzle cell (r, c), a 9x9
// picture at at.
func square(t *testing.T, b Board, at Pos, r, c, d int) Cell {
	t.Helper()
	p := at.Add(r*3+(d-1)/3, c*3+(d-1)%3)
	for _, cell := range b.Cells {
		if cell.Pos == p {
			return cell
		}
	}
	return Cell{Pos: p}
}

func TestStepPictureXWing(t *testing.T) {
	at := Pos{3, 20}
	s, b, before := pictureOf(t, picturedPuzzle, solve.XWing, at)
	require.NotEmpty(t, s.Eliminations)
	g, err := solve.ParseLine(picturedPuzzle)
	require.NoError(t, err)
	assert.Equal(t, RectAt(at, 27, 27), b.Area)
	for c := at.Col; c < at.Col+27; c++ {
		assert.Equal(t, PictureUnit, b.ColWidths[c])
	}

	for _, e := range s.Eliminations {
		sq := square(t, b, at, e.Row, e.Col, e.Digit)
		assert.Equal(t, e.Digit, sq.Number, "%v", e)
		assert.True(t, sq.Style.Strike, "%v", e)
		assert.Equal(t, ElimColor, sq.Style.Color, "%v", e)
		assert.Equal(t, ElimFill, sq.Style.Fill, "%v", e)
	}
	d := s.Digits.List()[0]
	require.Len(t, s.Cells, 4)
	for _, c := range s.Cells {
		sq := square(t, b, at, c.Row, c.Col, d)
		assert.Equal(t, d, sq.Number, "%v", c)
		assert.Equal(t, PatternFill, sq.Style.Fill, "%v", c)
		assert.True(t, sq.Style.Bold, "%v", c)
		assert.Equal(t, PatternText, sq.Style.Color, "%v", c)
		assert.False(t, sq.Style.Strike, "%v", c)
	}
	// Every other square shows the position: candidates plain, solved
	// cells merged with their digit, givens bold on grey.
	merges := map[Pos]bool{}
	for _, m := range b.Merges {
		assert.Equal(t, 3, m.Rows())
		assert.Equal(t, 3, m.Cols())
		merges[m.Min] = true
	}
	for r := range 9 {
		for c := range 9 {
			v := before.Grid.At(r, c)
			first := square(t, b, at, r, c, 1)
			if v != 0 {
				assert.True(t, merges[first.Pos], "r%dc%d", r+1, c+1)
				assert.Equal(t, v, first.Number)
				assert.Equal(t, g.At(r, c) != 0, first.Style.Bold)
				continue
			}
			for dd := 1; dd <= 9; dd++ {
				sq := square(t, b, at, r, c, dd)
				if before.Cands[r*9+c].Has(dd) {
					assert.Equal(t, dd, sq.Number)
				} else {
					assert.Zero(t, sq.Number)
				}
			}
		}
	}
	// Thick lines around boxes and the board, thin ones between cells.
	assert.Equal(t, Thick, square(t, b, at, 0, 0, 1).Style.Border.Left)
	assert.Equal(t, Thick, square(t, b, at, 0, 0, 1).Style.Border.Top)
	assert.Equal(t, Thin, square(t, b, at, 0, 0, 3).Style.Border.Right)
	assert.Equal(t, Thick, square(t, b, at, 0, 2, 3).Style.Border.Right)
	assert.Equal(t, Thin, square(t, b, at, 0, 0, 7).Style.Border.Bottom)
	assert.Equal(t, Thick, square(t, b, at, 2, 0, 7).Style.Border.Bottom)
}

// TestStepPictureMarks: placements green, chain nodes orange on yellow
// cells, fins yellow.
func TestStepPictureMarks(t *testing.T) {
	g, _ := explained(t, picturedPuzzle)
	m := &Marks{Grid: g, Cands: g.Candidates()}
	for i, d := range g.Cells[:81] {
		if d != 0 {
			m.Cands[i] = 0
		}
	}
	free := func(k int) solve.Cell { // the k-th empty cell
		for i, d := range g.Cells[:81] {
			if d == 0 {
				if k == 0 {
					return solve.Cell{Row: i / 9, Col: i % 9}
				}
				k--
			}
		}
		panic("no empty cell")
	}
	cand := func(c solve.Cell) solve.Candidate {
		return solve.Candidate{Cell: c, Digit: m.Cands[c.Row*9+c.Col].List()[0]}
	}
	place, node, fin, group := cand(free(0)), cand(free(5)), free(10), free(11)
	s := &solve.Step{Technique: solve.GroupedAIC, Placements: []solve.Candidate{place}, Fins: []solve.Cell{fin},
		Chain: []solve.Candidate{node, node}, ChainCells: [][]solve.Cell{nil, {group}}}
	at := Pos{3, 3}
	b := StepPicture(g, m, s, at)
	sq := square(t, b, at, place.Row, place.Col, place.Digit)
	assert.Equal(t, place.Digit, sq.Number)
	assert.Equal(t, PlaceColor, sq.Style.Color)
	assert.Equal(t, PlaceFill, sq.Style.Fill)
	sq = square(t, b, at, node.Row, node.Col, node.Digit)
	assert.Equal(t, NodeFill, sq.Style.Fill)
	assert.True(t, sq.Style.Bold)
	for _, c := range []solve.Cell{node.Cell, fin, group} {
		for d := 1; d <= 9; d++ {
			sq := square(t, b, at, c.Row, c.Col, d)
			if sq.Style.Fill != NodeFill {
				assert.Equal(t, LinkFill, sq.Style.Fill, "%v %d", c, d)
			}
		}
	}
}

// TestStepPictureShapes: every shape draws a board of its size, a block of
// BoxRows x BoxCols squares per cell.
func TestStepPictureShapes(t *testing.T) {
	all := append([]solve.Shape(nil), shapes...)
	for _, box := range [][3]int{{12, 3, 4}, {12, 4, 3}, {8, 4, 2}, {6, 3, 2}} {
		s, err := solve.ShapeWithBox(box[0], box[1], box[2])
		require.NoError(t, err)
		all = append(all, s)
	}
	for _, s := range all {
		givens, _ := puzzle(t, s)
		m := &Marks{Grid: givens, Cands: givens.Candidates()}
		for i := range s.Cells() {
			if givens.Cells[i] != 0 {
				m.Cands[i] = 0
			}
		}
		var e solve.Candidate
		for i, set := range m.Cands {
			if set != 0 {
				e = solve.Candidate{Cell: solve.Cell{Row: i / s.Size, Col: i % s.Size}, Digit: set.List()[0]}
				break
			}
		}
		step := &solve.Step{Technique: solve.Pointing, Cells: []solve.Cell{e.Cell}, Eliminations: []solve.Candidate{e}}
		b := StepPicture(givens, m, step, Pos{3, 3})
		rows, cols := PictureSize(s)
		assert.Equal(t, s.Size*s.BoxRows, rows)
		assert.Equal(t, s.Size*s.BoxCols, cols)
		assert.Equal(t, RectAt(Pos{3, 3}, rows, cols), b.Area, "%v", s)
		assert.LessOrEqual(t, cols, StepsLastCol-StepsTechniqueCol+1, "%v fits the Steps sheet's width", s)
		assert.Len(t, b.Merges, givens.Filled(), "%v", s)
		height := 0.0
		for _, h := range b.RowHeights {
			height += h
		}
		// A picture fits a landscape A4 page.
		_, page := Print{Landscape: true}.Printable(A4)
		assert.Less(t, height, page*pageSlack-50, "%v", s)
		// Each puzzle cell is square (a 6x6's of 2 by 3 squares printed
		// half as wide again as tall), or as near as the page allows.
		wide := float64(s.BoxCols) * b.ColWidths[3]
		tall := float64(s.BoxRows) * b.RowHeights[3]
		if tall < wide-0.01 {
			assert.InDelta(t, maxPictureHeight, height, 0.01, "%v: a cell is %.1f by %.1f points, squashed more than a page needs", s, wide, tall)
		} else {
			assert.InDelta(t, wide, tall, 0.01, "%v: a cell is %.1f by %.1f points", s, wide, tall)
		}
		for _, c := range b.Cells {
			if c.Number != 0 && !slices.ContainsFunc(b.Merges, func(m Rect) bool { return m.Min == c.Pos }) {
				assert.LessOrEqual(t, c.Style.FontSize, b.RowHeights[3], "%v: a candidate's font fits its square", s)
			}
		}
		struck := 0
		for _, c := range b.Cells {
			if c.Style.Strike {
				struck++
				y, x := c.Pos.Row-3, c.Pos.Col-3
				assert.Equal(t, e.Cell, solve.Cell{Row: y / s.BoxRows, Col: x / s.BoxCols}, "%v", s)
				assert.Equal(t, e.Digit, c.Number)
			}
		}
		assert.Equal(t, 1, struck, "%v", s)
	}
}

// TestStepsSheetLongNetKeepsPicturesNear: a step whose text and picture
// do not fit a page together has its picture on the page after its
// text's last: the first of the forum's hardest put step 1's picture in
// a strip with step 2's, after step 2's nested net ran over three pages.
func TestStepsSheetLongNetKeepsPicturesNear(t *testing.T) {
	g, ex := explained(t, "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2")
	sh := StepsSheet("t", "S", sheetCell, g, ex)
	firstRow := map[int]int{} // step index -> its first row
	captions := map[int]int{} // step index -> its picture's caption row
	var starts []int          // the rows where a step's text or a strip of pictures starts
	for _, c := range sh.Cells {
		var step int
		switch {
		case c.Pos.Col == StepsNumberCol && c.Pos.Row > StepsHeaderRow && c.Number > 0:
			firstRow[c.Number-1] = c.Pos.Row
			starts = append(starts, c.Pos.Row)
		case c.Style.FontSize == 9 && strings.HasPrefix(c.Text, "Step "):
			_, err := fmt.Sscanf(c.Text, "Step %d", &step)
			require.NoError(t, err, c.Text)
			captions[step-1] = c.Pos.Row
			starts = append(starts, c.Pos.Row)
		}
	}
	slices.Sort(starts)
	require.NotEmpty(t, captions)
	for _, paper := range []Paper{A4, Letter} {
		sh.Paginate(paper)
		breaksIn := func(from, to int) int {
			n := 0
			for _, br := range sh.Print.Breaks {
				if br > from && br <= to {
					n++
				}
			}
			return n
		}
		apart := 0
		for i, at := range captions {
			// the step's last row: the one before whatever starts next
			k, _ := slices.BinarySearch(starts, firstRow[i]+1)
			last := starts[k] - 1
			assert.LessOrEqual(t, breaksIn(last, at), 1, "%s, step %d: text to row %d, picture at %d", paper.Name, i+1, last, at)
			apart += breaksIn(last, at)
		}
		assert.Positive(t, apart, "%s: some step's picture goes to the next page", paper.Name)
	}
}

// TestStepsSheetPictures: every step past the singles has its picture
// under its row, captioned, two to a strip, kept on one page with its
// rows; the singles have none.
func TestStepsSheetPictures(t *testing.T) {
	g, ex := explained(t, picturedPuzzle)
	sh := StepsSheet("t", "S", sheetCell, g, ex)
	assert.Zero(t, sh.Filter, "no filter over rows of pictures")
	assert.False(t, sh.Gridlines, "no gridlines across the pictures")

	byPos := map[Pos]Cell{}
	for _, c := range sh.Cells {
		_, dup := byPos[c.Pos]
		require.False(t, dup, "two cells at %v", c.Pos)
		byPos[c.Pos] = c
	}
	rowOf := map[int]int{} // step index -> row
	for r := StepsHeaderRow + 1; r <= sh.Area.Max.Row; r++ {
		if c, ok := byPos[Pos{StepsNumberCol, r}]; ok && c.Number > 0 {
			rowOf[c.Number-1] = r
		}
	}
	require.Len(t, rowOf, len(ex.Steps))
	captions := map[string]Pos{}
	for _, c := range sh.Cells {
		if c.Style.FontSize == 9 && c.Text != "" {
			captions[c.Text] = c.Pos
		}
	}
	pictured := 0
	for i := range ex.Steps {
		s := &ex.Steps[i]
		caption := fmt.Sprintf("Step %d · %s", i+1, s.Technique.ShortName())
		at, ok := captions[caption]
		assert.Equal(t, Pictured(s), ok, caption)
		if !ok {
			continue
		}
		pictured++
		assert.Greater(t, at.Row, rowOf[i], "the picture is under its step")
		assert.LessOrEqual(t, at.Row-rowOf[i], 2, "right under it, or under the next step's row")
		kept := false
		for _, k := range sh.Print.Keep {
			kept = kept || k[0] <= rowOf[i] && at.Row+27 <= k[1]
		}
		assert.True(t, kept, "step %d and its picture on one page", i+1)
		// The picture's first square is the board's corner.
		corner := byPos[at.Add(1, 0)]
		assert.Equal(t, Thick, corner.Style.Border.Left, caption)
		assert.Equal(t, Thick, corner.Style.Border.Top, caption)
	}
	assert.Greater(t, pictured, 20)

	// No page break cuts a kept range: these steps' texts are short, so
	// each fits a page with its picture.
	sh.Paginate(A4)
	require.NotEmpty(t, sh.Print.Breaks)
	for _, br := range sh.Print.Breaks {
		for _, k := range sh.Print.Keep {
			assert.False(t, br > k[0] && br <= k[1], "break at row %d inside %v", br, k)
		}
	}
	// The legend is there, and few styles for so many cells.
	legend := 0
	for _, c := range sh.Cells {
		if c.Pos.Col == StepsPlacementsCol && c.Pos.Row >= 2 && c.Pos.Row <= 6 && c.Number == 5 {
			legend++
		}
	}
	assert.Equal(t, 4, legend)
	assert.Less(t, len(sh.Styles()), 160)
}

func TestBreakRowsKeep(t *testing.T) {
	tests := []struct {
		name    string
		heights []float64
		keep    [][2]int
		want    []int
	}{
		{"no keep", []float64{10, 10, 10, 10}, nil, []int{2}},
		{"a range moves to the next page", []float64{10, 5, 10, 10}, [][2]int{{1, 2}}, []int{1, 3}},
		{"a range that fits stays", []float64{5, 5, 5, 5, 5}, [][2]int{{0, 2}}, []int{4}},
		{"a range taller than a page breaks as rows", []float64{10, 20, 20, 20}, [][2]int{{1, 3}}, []int{1, 2, 3}},
		{"a range too tall gives way to the range inside it", []float64{10, 5, 3, 4, 4}, [][2]int{{0, 4}, {2, 4}}, []int{2}},
		{"a range that fits keeps the ranges inside it", []float64{3, 3, 3, 3, 3, 10}, [][2]int{{1, 4}, {3, 4}}, []int{5}},
		{"nested ranges both too tall break as rows", []float64{10, 15, 15}, [][2]int{{0, 2}, {1, 2}}, []int{1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, BreakRowsKeep(tt.heights, 20, 0, tt.keep))
		})
	}
	assert.Equal(t, BreakRows([]float64{10, 10, 10, 10}, 20, 0), BreakRowsKeep([]float64{10, 10, 10, 10}, 20, 0, nil))
}

// TestStepsSheetLongSteps: where two steps' texts (forcing nets in full
// Eureka notation) make a strip taller than a page, the pictures still
// never split across pages: their own range is kept (LibreOffice printed
// a picture's last rows on the next page before).
func TestStepsSheetLongSteps(t *testing.T) {
	// from the forum's hardest: nested nets, long to write out
	g, ex := explained(t, "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2")
	sh := StepsSheet("t", "S", sheetCell, g, ex)
	sh.Paginate(A4)
	width := 0.0
	for c := sh.Print.Area.Min.Col; c <= sh.Print.Area.Max.Col; c++ {
		width += sh.colWidth(c)
	}
	capacity := sh.Print.PageHeight(A4, width)
	height := func(k [2]int) float64 {
		sum := sh.rowHeight(StepsHeaderRow) // the title row each page repeats
		for r := k[0]; r <= k[1]; r++ {
			sum += sh.rowHeight(r)
		}
		return sum
	}
	tooTall, pictures := 0, 0
	for i, k := range sh.Print.Keep {
		cut := false
		for _, br := range sh.Print.Breaks {
			cut = cut || br > k[0] && br <= k[1]
		}
		inner := i > 0 && sh.Print.Keep[i-1][1] == k[1]
		switch {
		case inner:
			pictures++
			assert.False(t, cut, "a picture cut by a page break: rows %v", k)
		case height(k) <= capacity:
			assert.False(t, cut, "steps and pictures that fit a page cut: rows %v", k)
		default:
			tooTall++
		}
	}
	assert.Positive(t, pictures)
	assert.Positive(t, tooTall, "the puzzle has strips taller than a page, which this tests")
}

// TestStepPictureWWing: the W-Wing's pairs are its pattern, its strong
// link's cells yellow with the link's digit orange.
func TestStepPictureWWing(t *testing.T) {
	at := Pos{3, 3}
	s, b, before := pictureOf(t, picturedPuzzle, solve.WWing, at)
	require.Len(t, s.Cells, 4)
	pair := before.Cands[s.Cells[0].Row*9+s.Cells[0].Col]
	require.Equal(t, 2, pair.Len())
	link := (pair &^ s.Digits).List()
	require.Len(t, link, 1)
	for _, c := range s.Cells[:2] {
		for _, d := range pair.List() {
			assert.Equal(t, PatternFill, square(t, b, at, c.Row, c.Col, d).Style.Fill, "%v", c)
		}
	}
	for _, c := range s.Cells[2:] {
		sq := square(t, b, at, c.Row, c.Col, link[0])
		assert.Equal(t, link[0], sq.Number, "%v", c)
		assert.Equal(t, NodeFill, sq.Style.Fill, "%v", c)
		for d := 1; d <= 9; d++ {
			if d != link[0] {
				sq := square(t, b, at, c.Row, c.Col, d)
				assert.Contains(t, []string{LinkFill, ElimFill}, sq.Style.Fill, "%v %d", c, d)
				assert.NotEqual(t, PatternText, sq.Style.Color, "%v %d", c, d)
			}
		}
	}
}

// TestStepPictureEmptyRectangle: the box's candidates of the digit are
// part of the pattern.
func TestStepPictureEmptyRectangle(t *testing.T) {
	{
		// magictour-top1465 no. 36
		g, ex := explained(t, ".......71.2.8........5.3...7.9.6.......2..8..1.........3...25..6...1..4..........")
		k := firstStep(t, ex, solve.EmptyRectangle)
		s := &ex.Steps[k]
		d := s.Digits.List()[0]
		at := Pos{3, 3}
		ReplaySteps(g, ex.Steps, func(i int, m *Marks) {
			if i != k {
				return
			}
			b := StepPicture(g, m, s, at)
			seen := 0
			for _, c := range s.Units[0].Cells(g.Shape) {
				if m.Cands[c.Row*9+c.Col].Has(d) {
					seen++
					sq := square(t, b, at, c.Row, c.Col, d)
					assert.Equal(t, PatternFill, sq.Style.Fill, "%v", c)
					assert.Equal(t, PatternText, sq.Style.Color, "%v", c)
				}
			}
			assert.Positive(t, seen)
		})
	}
}

// BenchmarkStepsSheetPictures lays out the Steps sheet of a puzzle with
// some forty pictures.
func BenchmarkStepsSheetPictures(b *testing.B) {
	g, err := solve.ParseLine(picturedPuzzle)
	require.NoError(b, err)
	ex, err := solve.Explain(g)
	require.NoError(b, err)
	for b.Loop() {
		StepsSheet("t", "S", sheetCell, g, ex)
	}
}

// TestStepPictureForcingNet: a forcing net's picture shows what its
// premise forces: each forced digit still a candidate is a node, bold on
// NodeFill, in a cell on LinkFill; the premise is struck out.
func TestStepPictureForcingNet(t *testing.T) {
	at := Pos{3, 20}
	s, b, before := pictureOf(t, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", solve.ForcingNet, at)
	require.NotEmpty(t, s.Forced)
	nodes := 0
	for _, f := range s.Forced {
		if !before.Cands[f.Row*9+f.Col].Has(f.Digit) {
			continue // an earlier step of the round took it
		}
		nodes++
		sq := square(t, b, at, f.Row, f.Col, f.Digit)
		assert.Equal(t, f.Digit, sq.Number, "%v", f)
		assert.True(t, sq.Style.Bold, "%v", f)
		assert.Equal(t, NodeFill, sq.Style.Fill, "%v", f)
		other := 1 + f.Digit%9
		if before.Cands[f.Row*9+f.Col].Has(other) {
			assert.Equal(t, LinkFill, square(t, b, at, f.Row, f.Col, other).Style.Fill, "%v", f)
		}
	}
	assert.Positive(t, nodes)
	// the premise is what the net removes
	premise := s.Cells[0]
	d := s.Digits.List()[0]
	assert.Equal(t, []solve.Candidate{{Cell: premise, Digit: d}}, s.Eliminations)
	assert.True(t, square(t, b, at, premise.Row, premise.Col, d).Style.Strike)
}

// TestBreakRowsKeepInvariants: on random rows and nested ranges, breaks
// run upward inside the rows; a page holds no more than it can, unless it
// is one row taller than a page; and no break cuts a range that fits a
// page with the repeated rows.
func TestBreakRowsKeepInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		heights := make([]float64, 1+rng.IntN(40))
		for i := range heights {
			heights[i] = float64(1 + rng.IntN(30))
		}
		capacity := float64(20 + rng.IntN(120))
		repeat := float64(rng.IntN(10))
		// ranges: some outer ones, each maybe with one range inside that
		// ends with it, as the Steps sheet keeps a strip and its picture
		var keep [][2]int
		for i := 0; i < len(heights); {
			n := 1 + rng.IntN(8)
			if i+n > len(heights) || rng.IntN(3) == 0 {
				i++
				continue
			}
			keep = append(keep, [2]int{i, i + n - 1})
			if n > 1 && rng.IntN(2) == 0 {
				keep = append(keep, [2]int{i + 1 + rng.IntN(n-1), i + n - 1})
			}
			i += n
		}
		breaks := BreakRowsKeep(heights, capacity, repeat, keep)
		starts := append([]int{0}, breaks...)
		for k, b := range breaks {
			require.Greater(t, b, starts[k], "trial %d: breaks run upward", trial)
			require.Less(t, b, len(heights), "trial %d", trial)
		}
		for k, first := range starts {
			end := len(heights)
			if k+1 < len(starts) {
				end = starts[k+1]
			}
			used := 0.0
			if k > 0 {
				used = repeat
			}
			for _, h := range heights[first:end] {
				used += h
			}
			if end-first > 1 {
				assert.LessOrEqual(t, used, capacity, "trial %d: page %d overfull", trial, k+1)
			}
		}
		for _, r := range keep {
			sum := repeat
			for _, h := range heights[r[0] : r[1]+1] {
				sum += h
			}
			if sum > capacity {
				continue
			}
			for _, b := range breaks {
				assert.False(t, b > r[0] && b <= r[1], "trial %d: break %d cuts %v", trial, b, r)
			}
		}
	}
}

func TestSplitText(t *testing.T) {
	long := strings.Repeat("r1c2=4 -> r3c4<>5 -> ", 40) + "r9c9=1"
	tests := []struct {
		name           string
		text           string
		perLine, lines int
		pieces         int
	}{
		{"fits", "short text", 20, 3, 1},
		{"cut at spaces", long, 30, 5, 0},
		{"lines kept whole where they fit", "aaa bbb\nccc ddd\neee fff", 7, 2, 2},
		{"no space: cut anywhere", strings.Repeat("x", 50), 10, 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pieces := splitText(tt.text, tt.perLine, tt.lines)
			if tt.pieces > 0 {
				assert.Len(t, pieces, tt.pieces)
			} else {
				assert.Greater(t, len(pieces), 1)
			}
			for _, p := range pieces {
				assert.LessOrEqual(t, textLines(p, tt.perLine), tt.lines, "%q", p)
			}
			joined := strings.Join(pieces, "\n")
			joined = strings.ReplaceAll(joined, " …\n… ", " ")
			if strings.Contains(tt.text, " ") {
				assert.Equal(t, tt.text, joined, "the words, in order")
			} else {
				assert.Equal(t, tt.text, strings.ReplaceAll(joined, " ", ""))
			}
		})
	}
}

// TestStepsSheetRowsFitExcel: a nested forcing net written out (8,367
// characters) goes on over several rows, none taller than Excel takes,
// and no word of it is lost.
func TestStepsSheetRowsFitExcel(t *testing.T) {
	g, ex := explained(t, "98.7..6..7..5..48.....8....5...9..64.7....9.....6...5.4..9..5....3...........2..1")
	sh := StepsSheet("t", "S", sheetCell, g, ex)
	for r, h := range sh.RowHeights {
		assert.LessOrEqual(t, h, MaxRowHeight, "row %d", r)
	}
	longest := 0
	for i := range ex.Steps {
		if len(ex.Steps[i].Text()) > len(ex.Steps[longest].Text()) {
			longest = i
		}
	}
	want := ex.Steps[longest].Text()
	require.Greater(t, textLines(want, charsPerLine(mergedShare*stepsWidths[2])), maxTextLines, "the test needs a step too long for a row")
	// the step's rows: from its number to the next step's
	var rows []int
	for _, c := range sh.Cells {
		if c.Pos.Col == StepsNumberCol && c.Number == longest+1 {
			rows = append(rows, c.Pos.Row)
		}
	}
	require.Len(t, rows, 1)
	texts := map[int]string{}
	for _, c := range sh.Cells {
		if c.Pos.Col == StepsTextCol {
			texts[c.Pos.Row] = c.Text
		}
	}
	var got []string
	for r := rows[0]; ; r++ {
		text, ok := texts[r]
		if !ok || (r > rows[0] && !strings.HasPrefix(text, "… ")) {
			break
		}
		got = append(got, text)
	}
	assert.Greater(t, len(got), 1)
	assert.Equal(t, want, strings.ReplaceAll(strings.Join(got, "\n"), " …\n… ", " "))
}
