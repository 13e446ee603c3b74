package workbook

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

func TestDetectPositions(t *testing.T) {
	for _, rng := range []string{"A1:I9", "B3:J11", "C2:K10", "D4:L12", "E5:M13"} {
		t.Run(rng, func(t *testing.T) {
			at, err := layout.ParseRect(rng)
			require.NoError(t, err)
			f := newBook(t, "Notes")
			require.NoError(t, f.SetCellStr("Notes", "A1", "Nothing here"))
			_, err = f.NewSheet("Game")
			require.NoError(t, err)
			require.NoError(t, f.SetCellStr("Game", "A30", "Week 3 puzzle, due Friday"))
			putGrid(t, f, "Game", at.Min, grid(t, classic))
			p, err := Read(save(t, f, "g.xlsx"), Options{})
			require.NoError(t, err)
			assert.Equal(t, rng, p.Range)
			assert.Equal(t, "Game", p.Sheet)
			assert.Equal(t, []string{"found a 9x9 puzzle at Game!" + rng}, p.Notes)
			assert.Equal(t, grid(t, classic), p.Grid)
		})
	}
}

// relabelled is g with every digit d written as n+1-d: another puzzle,
// just as valid.
func relabelled(g solve.Grid) solve.Grid {
	for i, d := range g.Cells[:g.Shape.Cells()] {
		if d != 0 {
			g.Cells[i] = uint8(g.Shape.Size + 1 - int(d))
		}
	}
	return g
}

func TestDetectAmbiguous(t *testing.T) {
	f := newBook(t, "Week 3")
	putGrid(t, f, "Week 3", layout.Pos{Col: 3, Row: 2}, grid(t, classic))
	putGrid(t, f, "Week 3", layout.Pos{Col: 14, Row: 2}, relabelled(grid(t, classic)))
	_, err := Read(save(t, f, "two.xlsx"), Options{})
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrAmbiguous)
	assert.Contains(t, err.Error(), "these blocks could each be the puzzle; pick one with")
	assert.Contains(t, err.Error(), "--sheet 'Week 3' --range C2:K10   (9x9, 30 givens)")
	assert.Contains(t, err.Error(), "--sheet 'Week 3' --range N2:V10   (9x9, 30 givens)")
}

// TestDetectAmbiguousNoStraddler: of two puzzles side by side, the
// blocks listed are the two, not also a block across both with the
// edges of each (J4:R12 was listed as a third: the README walk).
func TestDetectAmbiguousNoStraddler(t *testing.T) {
	seventeen := grid(t, ".................1....23.4.....45.2...6..7....81.........9....63......9.5..1.....")
	f := newBook(t, "S")
	putGrid(t, f, "S", layout.Pos{Col: 3, Row: 3}, grid(t, classic))
	putGrid(t, f, "S", layout.Pos{Col: 13, Row: 3}, seventeen)
	_, err := Read(save(t, f, "two.xlsx"), Options{})
	require.ErrorIs(t, err, ErrAmbiguous)
	assert.Contains(t, err.Error(), "--sheet S --range C3:K11   (9x9, 30 givens)")
	assert.Contains(t, err.Error(), "--sheet S --range M3:U11   (9x9, 17 givens)")
	assert.Equal(t, 2, strings.Count(err.Error(), "--range"), err.Error())
}

// TestDetectAmbiguousShifted: a grid with empty edges can be read one
// cell off in any direction; those blocks overlap each other and all stay
// listed, the grid's own among them (it was left out as a "straddler" of
// two shifted copies: the second review of 2 December).
func TestDetectAmbiguousShifted(t *testing.T) {
	g := grid(t, classic)
	for i := range 9 {
		g.Set(0, i, 0)
		g.Set(8, i, 0)
		g.Set(i, 0, 0)
		g.Set(i, 8, 0)
	}
	g.Set(1, 1, int(g.At(1, 3))) // a digit twice in a row: no block fits the rules
	require.NotZero(t, g.At(1, 3))
	f := newBook(t, "S")
	putGrid(t, f, "S", layout.Pos{Col: 4, Row: 4}, g)
	_, err := Read(save(t, f, "shifted.xlsx"), Options{})
	require.ErrorIs(t, err, ErrAmbiguous)
	assert.Contains(t, err.Error(), "--range D4:L12")
}

// TestDetectTouching: two puzzles side by side with no gap, or one above
// the other, are both listed, each with --range, and either is read when
// asked for. (Each one's edge of digits beside the other once hid both:
// digits right around a block say it goes on past it.)
func TestDetectTouching(t *testing.T) {
	for _, tt := range []struct {
		name       string
		second     layout.Pos
		a, b, bRef string
	}{
		{"side by side", layout.Pos{Col: 12, Row: 3}, "C3:K11", "L3:T11", "L3:T11"},
		{"one above the other", layout.Pos{Col: 3, Row: 12}, "C3:K11", "C12:K20", "C12:K20"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := newBook(t, "Week 3")
			putGrid(t, f, "Week 3", layout.Pos{Col: 3, Row: 3}, grid(t, classic))
			putGrid(t, f, "Week 3", tt.second, grid(t, sparse))
			path := save(t, f, "touching.xlsx")
			_, err := Read(path, Options{})
			require.ErrorIs(t, err, ErrAmbiguous)
			assert.Contains(t, err.Error(), "--sheet 'Week 3' --range "+tt.a+"   (9x9, 30 givens)")
			second := grid(t, sparse)
			assert.Contains(t, err.Error(), fmt.Sprintf("--sheet 'Week 3' --range %s   (9x9, %d givens)", tt.b, second.Filled()))
			p, err := Read(path, Options{Sheet: "Week 3", Range: tt.bRef})
			require.NoError(t, err)
			assert.Equal(t, grid(t, sparse), p.Grid)
		})
	}
}

// slidingBook has the classic puzzle at C3:K11 with its first three rows
// blank, so C6:K14 holds the same digits in the same boxes; frame marks
// the real block.
func slidingBook(t *testing.T, frame func(f *excelize.File)) string {
	g := grid(t, classic)
	for i := range 27 {
		g.Cells[i] = 0
	}
	f := newBook(t, "Game")
	putGrid(t, f, "Game", layout.Pos{Col: 3, Row: 3}, g)
	if frame != nil {
		frame(f)
	}
	return save(t, f, "slide.xlsx")
}

func TestDetectSliding(t *testing.T) {
	_, err := Read(slidingBook(t, nil), Options{})
	assert.ErrorIs(t, err, ErrAmbiguous, "nothing tells C3:K11 from C6:K14")
	assert.Contains(t, err.Error(), "--range C3:K11")
	assert.Contains(t, err.Error(), "--range C6:K14")

	bordered := func(f *excelize.File) {
		var bs []excelize.Border
		for _, side := range []string{"left", "top", "right", "bottom"} {
			bs = append(bs, excelize.Border{Type: side, Color: "000000", Style: 1})
		}
		id, err := f.NewStyle(&excelize.Style{Border: bs})
		require.NoError(t, err)
		require.NoError(t, f.SetCellStyle("Game", "C3", "K11", id))
	}
	p, err := Read(slidingBook(t, bordered), Options{})
	require.NoError(t, err)
	assert.Equal(t, "C3:K11", p.Range, "borders frame the puzzle")

	validated := func(f *excelize.File) {
		dv := excelize.NewDataValidation(true)
		dv.Sqref = "C3:K11"
		require.NoError(t, dv.SetRange(1, 9, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween))
		require.NoError(t, f.AddDataValidation("Game", dv))
	}
	p, err = Read(slidingBook(t, validated), Options{})
	require.NoError(t, err)
	assert.Equal(t, "C3:K11", p.Range, "data validation frames the puzzle")
}

func TestDetectWithTypo(t *testing.T) {
	// A letter is a typo in a 9x9, not a digit of a bigger grid.
	for _, typo := range []string{"x", "b"} {
		f := newBook(t, "Game")
		putGrid(t, f, "Game", layout.Pos{Col: 4, Row: 4}, grid(t, classic))
		require.NoError(t, f.SetCellStr("Game", "F4", typo))
		_, err := Read(save(t, f, "typo.xlsx"), Options{})
		var ce *CellErrors
		require.ErrorAs(t, err, &ce, typo)
		assert.Equal(t, `Game!F4: "`+typo+`" is not a digit 1-9 or a blank`, ce.Cells[0].Error())
	}
}

func TestDetectSmallShapes(t *testing.T) {
	for _, s := range []solve.Shape{solve.Shape4, solve.Shape6, solve.Shape8, solve.Shape12, solve.Shape16} {
		t.Run(s.String(), func(t *testing.T) {
			g, _ := solvedPuzzle(t, s)
			f := newBook(t, "P")
			require.NoError(t, f.SetCellStr("P", "A1", "Puzzle of the week"))
			at := layout.Pos{Col: 3, Row: 4}
			putGrid(t, f, "P", at, g)
			p, err := Read(save(t, f, "small.xlsx"), Options{})
			require.NoError(t, err)
			assert.Equal(t, layout.RectAt(at, s.Size, s.Size).String(), p.Range)
			assert.Equal(t, g, p.Grid)
		})
	}
}

func TestDetectSkipsOurSheets(t *testing.T) {
	in := slidingBook(t, func(f *excelize.File) {
		dv := excelize.NewDataValidation(true)
		dv.Sqref = "C3:K11"
		require.NoError(t, dv.SetRange(1, 9, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween))
		require.NoError(t, f.AddDataValidation("Game", dv))
	})
	p, err := Read(in, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	if err != nil {
		require.ErrorIs(t, err, solve.ErrNotUnique)
	}
	out := t.TempDir() + "/out.xlsx"
	_, err = Write(p, sol, out, Options{})
	require.NoError(t, err)
	p2, err := Read(out, Options{})
	require.NoError(t, err)
	assert.Equal(t, "Game", p2.Sheet)
	assert.Equal(t, "C3:K11", p2.Range)
}

// TestDetectLetters: a 16x16 whose 10-16 are letters is found, under
// column headings A-P; a 9x9 with headings A-I is found all the same.
func TestDetectLetters(t *testing.T) {
	line := first16x16(t)
	f := newBook(t, "Big")
	for c := range 16 { // column headings A-P right above the grid
		require.NoError(t, f.SetCellStr("Big", layout.Pos{Col: 3 + c, Row: 3}.String(), string(rune('A'+c))))
	}
	for i, ch := range line {
		cell := layout.Pos{Col: 3 + i%16, Row: 4 + i/16}.String()
		switch {
		case ch >= 'A':
			require.NoError(t, f.SetCellStr("Big", cell, string(ch)))
		case ch != '.':
			require.NoError(t, f.SetCellInt("Big", cell, int64(ch-'0')))
		}
	}
	p, err := Read(save(t, f, "big.xlsx"), Options{})
	require.NoError(t, err)
	assert.Equal(t, "C4:R19", p.Range)
	assert.Equal(t, grid(t, line), p.Grid)

	f = newBook(t, "Game")
	putGrid(t, f, "Game", layout.Pos{Col: 3, Row: 4}, grid(t, classic))
	for c := range 9 {
		require.NoError(t, f.SetCellStr("Game", layout.Pos{Col: 3 + c, Row: 3}.String(), string(rune('A'+c))))
	}
	p, err = Read(save(t, f, "headed.xlsx"), Options{})
	require.NoError(t, err)
	assert.Equal(t, "C4:K12", p.Range)
	assert.Equal(t, grid(t, classic), p.Grid)
}

// TestDefaultSkipsAnswerKeys: a teacher's answer key (a complete grid),
// hidden or not, gives way to the puzzle on another sheet, found at B2:J10
// or elsewhere; alone, it is still read.
func TestDefaultSkipsAnswerKeys(t *testing.T) {
	sol, err := solve.Solve(grid(t, classic))
	require.NoError(t, err)
	book := func(hidden bool, puzzleAt layout.Pos, withPuzzle bool) string {
		f := newBook(t, "Key")
		putGrid(t, f, "Key", layoutB2, sol)
		if withPuzzle {
			_, err := f.NewSheet("Puzzle")
			require.NoError(t, err)
			putGrid(t, f, "Puzzle", puzzleAt, grid(t, classic))
			f.SetActiveSheet(1)
		}
		if hidden {
			require.NoError(t, f.SetSheetVisible("Key", false))
		}
		return save(t, f, "key.xlsx")
	}
	for _, tt := range []struct {
		name   string
		hidden bool
		at     layout.Pos
		where  string
	}{
		{"hidden key", true, layoutB2, "Puzzle!B2:J10"},
		{"visible key", false, layoutB2, "Puzzle!B2:J10"},
		{"puzzle elsewhere", false, layout.Pos{Col: 3, Row: 3}, "Puzzle!C3:K11"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Read(book(tt.hidden, tt.at, true), Options{})
			require.NoError(t, err)
			assert.Equal(t, tt.where, p.Where())
			assert.Equal(t, grid(t, classic), p.Grid)
		})
	}
	p, err := Read(book(false, layoutB2, false), Options{})
	require.NoError(t, err)
	assert.Equal(t, "Key!B2:J10", p.Where())
	assert.Equal(t, sol, p.Grid)
}

// A table of scores at B2:J10 (formulas whose stored values are 27 and
// 7.75, as a spreadsheet app saves them) is no puzzle: it gives way to the
// puzzle on another sheet. A puzzle there with typos is still the
// puzzle, its cells the error, even with a puzzle elsewhere.
func TestDefaultSkipsTables(t *testing.T) {
	scores := [][]float64{{8, 9, 10, 27}, {7, 9, 8, 24}, {10, 10, 9, 29}, {6, 8, 9, 23}, {}, {7.75, 9, 9, 25.75}}
	book := func(withPuzzle bool, typos []string) string {
		f := newBook(t, "Week 3")
		if withPuzzle {
			putGrid(t, f, "Week 3", layout.Pos{Col: 3, Row: 3}, grid(t, classic))
		}
		_, err := f.NewSheet("Scores")
		require.NoError(t, err)
		for r, row := range scores {
			for c, v := range row {
				require.NoError(t, f.SetCellFloat("Scores", layout.Pos{Col: 2 + c, Row: 2 + r}.String(), v, -1, 64))
			}
		}
		for _, cell := range typos {
			require.NoError(t, f.SetCellValue("Scores", cell, "x"))
		}
		return save(t, f, "teacher.xlsx")
	}
	p, err := Read(book(true, nil), Options{})
	require.NoError(t, err)
	assert.Equal(t, "Week 3!C3:K11", p.Where())
	assert.Equal(t, grid(t, classic), p.Grid)

	_, err = Read(book(false, nil), Options{})
	require.ErrorIs(t, err, ErrNoPuzzle)

	typos := func(withPuzzle bool, cells ...string) string {
		f := newBook(t, "Week 3")
		if withPuzzle {
			putGrid(t, f, "Week 3", layout.Pos{Col: 3, Row: 3}, grid(t, classic))
		}
		_, err := f.NewSheet("Typo")
		require.NoError(t, err)
		putGrid(t, f, "Typo", layoutB2, grid(t, classic))
		for _, c := range cells {
			require.NoError(t, f.SetCellValue("Typo", c, "x"))
		}
		return save(t, f, "typo.xlsx")
	}
	var cells *CellErrors
	_, err = Read(typos(true, "C2", "E3"), Options{})
	require.ErrorAs(t, err, &cells)
	assert.Equal(t, "Typo", cells.Cells[0].Sheet)
	assert.Equal(t, []string{"C2", "E3"}, []string{cells.Cells[0].Cell, cells.Cells[1].Cell})
	_, err = Read(typos(true, "C2", "E3", "G7", "I9"), Options{})
	require.ErrorAs(t, err, &cells)
	assert.Equal(t, 4, cells.Total)
	assert.Equal(t, "Typo!B2:J10", cells.Range)
}

// TestDetectTooFewGivens: a 9x9 at B2:J10 with fewer digits than a puzzle
// with one solution has is not taken, but the message says it was seen
// and how to read it, where it said that no sheet held a puzzle there
// (the README walk); digits in a smaller grid's corner are not taken
// for one.
func TestDetectTooFewGivens(t *testing.T) {
	sparse := grid(t, classic)
	for i, n := range sparse.Cells[:81] {
		if n != 0 && sparse.Filled() > 16 {
			sparse.Cells[i] = 0
		}
	}
	require.Equal(t, 16, sparse.Filled())
	path := sheetOf(t, func(f *excelize.File) { putGrid(t, f, "Game", layoutB2, sparse) })
	_, err := Read(path, Options{})
	require.ErrorIs(t, err, ErrNoPuzzle)
	assert.Contains(t, err.Error(), "Game!B2:J10 holds 16 digits, fewer than a 9x9 puzzle with one solution has (17 or more)")
	assert.Contains(t, err.Error(), "give --sheet Game --range B2:J10")
	p, err := Read(path, Options{Sheet: "Game", Range: "B2:J10"})
	require.NoError(t, err, "read as the message says")
	assert.Equal(t, sparse, p.Grid)

	// A stray digit on an earlier sheet is not taken for the sparse grid
	// (its sheet was named: the second review of 2 December).
	f := newBook(t, "Notes")
	require.NoError(t, f.SetCellInt("Notes", "B2", 9))
	_, err = f.NewSheet("Game")
	require.NoError(t, err)
	putGrid(t, f, "Game", layoutB2, sparse)
	_, err = Read(save(t, f, "two.xlsx"), Options{})
	require.ErrorIs(t, err, ErrNoPuzzle)
	assert.Contains(t, err.Error(), "Game!B2:J10 holds 16 digits")

	corner := sheetOf(t, func(f *excelize.File) {
		for cell, v := range map[string]int{"B2": 1, "C2": 5, "D3": 3, "C4": 4, "E5": 2} {
			put(t, f, cell, v)
		}
	})
	_, err = Read(corner, Options{})
	require.ErrorIs(t, err, ErrNoPuzzle)
	assert.NotContains(t, err.Error(), "9x9 puzzle with one solution")
	assert.Contains(t, err.Error(), "B2:E5 for a 4x4")
}

// TestSmallerBlockOfA9x9: a block smaller than 9x9 is not taken out of
// digits that make a 9x9 begun at B2:J10, and a 9x9 at B2:J10 does not
// take in a smaller grid in its corner (a walk of 2 December: a 9x9 with
// 16 givens was solved as a 6x6 at F3:K8, exit 0; a 6x6 with a typo was
// reported as a 9x9 with clashes in 3x3 boxes it does not have).
func TestSmallerBlockOfA9x9(t *testing.T) {
	book := func(t *testing.T, line string) string {
		n := map[int]int{36: 6, 64: 8, 81: 9}[len(line)]
		require.NotZero(t, n)
		f := newBook(t, "Puzzle")
		for i, ch := range line {
			if ch >= '1' && ch <= '9' {
				require.NoError(t, f.SetCellInt("Puzzle", layout.Pos{Col: 2 + i%n, Row: 2 + i/n}.String(), int64(ch-'0')))
			}
		}
		return save(t, f, "p.xlsx")
	}
	t.Run("sparse 9x9", func(t *testing.T) {
		for _, tt := range []struct{ line, digits string }{
			{".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......", "16 digits"},
			{"12345678." + "........9" + strings.Repeat(".", 63), "9 digits"},
		} {
			_, err := Read(book(t, tt.line), Options{})
			require.ErrorIs(t, err, ErrNoPuzzle)
			assert.Contains(t, err.Error(), "Puzzle!B2:J10 holds "+tt.digits+", fewer than a 9x9 puzzle with one solution has (17 or more); the ")
			assert.Contains(t, err.Error(), "which cuts through it, is not taken for the puzzle")
			assert.Contains(t, err.Error(), "give --sheet Puzzle --range B2:J10")
			p, err := Read(book(t, tt.line), Options{Sheet: "Puzzle", Range: "B2:J10"})
			require.NoError(t, err, "read as a 9x9 when asked")
			assert.Equal(t, solve.Shape9, p.Grid.Shape)
		}
	})
	t.Run("small grid with a typo", func(t *testing.T) {
		for _, tt := range []struct{ line, at string }{
			{"263.25...326.....443.512...2.33.2461", "B2:G7"},
			{"7....78.8.4....3...4.16...1.5.7..3.1.2...86.7...1....8.2.68.....", "B2:I9"},
		} {
			_, err := Read(book(t, tt.line), Options{})
			var ce *ConflictError
			require.ErrorAs(t, err, &ce)
			assert.Equal(t, tt.at, ce.Puzzle.Range)
			assert.NotContains(t, err.Error(), "box B5:D7")
			assert.NotContains(t, err.Error(), "9x9")
		}
	})
}

func TestSized(t *testing.T) {
	assert.Equal(t, "an 8x8", solve.Sized(8))
	assert.Equal(t, "a 9x9", solve.Sized(9))
	assert.Equal(t, "a 16x16", solve.Sized(16))
}

// TestDetectKeyBeside: a puzzle with its answer key right beside it or
// under it, with no gap, is the puzzle read, whether it has one solution
// or, by the teacher's mistake, several. (A walk of 3 December: with
// several, the key's edge of digits hid the puzzle, and the key, a block
// cut through both, or an 8x8 inside the puzzle was solved instead.)
func TestDetectKeyBeside(t *testing.T) {
	for _, line := range []string{"1.34........43.1", "3....1...4..52.1....1.25..5...6....3", classic} {
		for _, several := range []bool{false, true} {
			for _, below := range []bool{false, true} {
				givens := grid(t, line)
				n := givens.Shape.Size
				t.Run(fmt.Sprintf("%dx%d several=%v below=%v", n, n, several, below), func(t *testing.T) {
					var sv solve.Solver
					solutions := make([]solve.Grid, 1)
					require.Equal(t, 1, sv.Count(&givens, 2, solutions))
					if several {
						givens = withSeveralSolutions(t, givens)
					}
					at := layout.Pos{Col: 3, Row: 2}
					key := at.Add(0, n)
					if below {
						key = at.Add(n, 0)
					}
					f := newBook(t, "Week 3")
					putGrid(t, f, "Week 3", at, givens)
					putGrid(t, f, "Week 3", key, solutions[0])
					p, err := Read(save(t, f, "key.xlsx"), Options{})
					require.NoError(t, err)
					want := layout.Rect{Min: at, Max: at.Add(n-1, n-1)}
					assert.Equal(t, want.String(), p.Range)
					assert.Equal(t, givens, p.Grid)
				})
			}
		}
	}
}

// withSeveralSolutions is g with givens taken out, first to last, until
// it has more than one solution.
func withSeveralSolutions(t *testing.T, g solve.Grid) solve.Grid {
	t.Helper()
	for i := range g.Shape.Cells() {
		if g.Cells[i] == 0 {
			continue
		}
		g.Cells[i] = 0
		var sv solve.Solver
		if sv.Count(&g, 2, nil) == 2 {
			return g
		}
	}
	require.FailNow(t, "no givens left to take out")
	return g
}

// TestDetectKeyedBesideAnother: a puzzle with its key beside it, though
// it has several solutions, and another puzzle with one: either may be
// the one asked for, so both are listed (before keys counted, the second
// was taken in silence: found in review).
func TestDetectKeyedBesideAnother(t *testing.T) {
	givens := grid(t, classic)
	var sv solve.Solver
	key := make([]solve.Grid, 1)
	require.Equal(t, 1, sv.Count(&givens, 2, key))
	f := newBook(t, "Week 3")
	putGrid(t, f, "Week 3", layout.Pos{Col: 2, Row: 2}, withSeveralSolutions(t, givens))
	putGrid(t, f, "Week 3", layout.Pos{Col: 11, Row: 2}, key[0])
	putGrid(t, f, "Week 3", layout.Pos{Col: 2, Row: 14}, relabelled(grid(t, classic)))
	_, err := Read(save(t, f, "two.xlsx"), Options{})
	require.ErrorIs(t, err, ErrAmbiguous)
	assert.Contains(t, err.Error(), "--range B2:J10")
	assert.Contains(t, err.Error(), "--range B14:J22")
	assert.NotContains(t, err.Error(), "--range K2:S10", "the key is no puzzle")
}
