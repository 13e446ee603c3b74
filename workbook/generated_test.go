package workbook

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
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

const genPuzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

// testPuzzles makes n distinct puzzles of one shape: a known puzzle with
// its digits renamed and its bands swapped, rated.
func testPuzzles(t testing.TB, n int) []GeneratedPuzzle {
	t.Helper()
	base := grid(t, genPuzzle)
	out := make([]GeneratedPuzzle, n)
	for i := range out {
		g := solve.NewGrid(solve.Shape9)
		for c := range 81 {
			r := c / 9
			src := ((r/3+i/9)%3*3+r%3)*9 + c%9 // band shifted
			if d := base.Cells[src]; d != 0 {
				g.Cells[c] = uint8((int(d)+i)%9 + 1)
			}
		}
		sol, err := solve.Solve(g)
		require.NoError(t, err)
		grade, score, hardest, err := solve.Rate(g)
		require.NoError(t, err)
		out[i] = GeneratedPuzzle{Number: i + 1, Givens: g, Solution: sol, Grade: grade, Score: score, Hardest: hardest, Seed: uint64(1000 + i)}
	}
	return out
}

// readGridAt reads an n x n grid of numbers from a sheet, blanks as 0.
func readGridAt(t *testing.T, f *excelize.File, sheet string, at layout.Pos, shape solve.Shape) solve.Grid {
	t.Helper()
	g := solve.NewGrid(shape)
	for r := range shape.Size {
		for c := range shape.Size {
			v, err := f.GetCellValue(sheet, at.Add(r, c).String())
			require.NoError(t, err)
			if v != "" {
				d, err := strconv.Atoi(v)
				require.NoError(t, err, "%s!%s = %q", sheet, at.Add(r, c), v)
				g.Set(r, c, d)
			}
		}
	}
	return g
}

func cellStyle(t *testing.T, f *excelize.File, sheet string, at layout.Pos) *excelize.Style {
	t.Helper()
	id, err := f.GetCellStyle(sheet, at.String())
	require.NoError(t, err)
	st, err := f.GetStyle(id)
	require.NoError(t, err)
	return st
}

func TestWriteGeneratedTiled(t *testing.T) {
	tests := []struct {
		n, perPage   int
		paper        string
		pages, aPage int // pages of puzzles, of answers
	}{
		{13, 4, "a4", 4, 2},
		{7, 6, "letter", 2, 1},
		{3, 1, "", 3, 1},
		{5, 2, "a4", 3, 1},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d/%d", tt.n, tt.perPage), func(t *testing.T) {
			puzzles := testPuzzles(t, tt.n)
			out := filepath.Join(t.TempDir(), "book.xlsx")
			require.NoError(t, WriteGenerated(out, puzzles, BookOptions{Title: "Set & match", PerPage: tt.perPage, Paper: tt.paper}))
			f, err := excelize.OpenFile(out)
			require.NoError(t, err)
			defer f.Close()
			assert.Equal(t, []string{SheetPuzzles, SheetAnswers, SheetCatalogue}, f.GetSheetList())

			// The catalogue: one row per puzzle, a link to where it is.
			rows, err := f.GetRows(SheetCatalogue)
			require.NoError(t, err)
			require.Len(t, rows, tt.n+1)
			assert.Equal(t, catalogueHeader, rows[0])
			for i, p := range puzzles {
				row := rows[i+1]
				assert.Equal(t, []string{strconv.Itoa(p.Number), p.Grade.String(), strconv.Itoa(p.Score),
					strconv.Itoa(p.Givens.Filled()), p.Hardest.String(), solve.FormatLine(&p.Givens),
					strconv.FormatUint(p.Seed, 10)}, row[:7])
				ok, target, err := f.GetCellHyperLink(SheetCatalogue, fmt.Sprintf("H%d", i+2))
				require.NoError(t, err)
				require.True(t, ok)
				at, err := layout.ParsePos(strings.TrimPrefix(target, "Puzzles!"))
				require.NoError(t, err, target)
				shown, err := f.GetCellValue(SheetCatalogue, fmt.Sprintf("H%d", i+2))
				require.NoError(t, err)
				assert.Equal(t, target, shown)
				// The link is the puzzle's caption, without its seed; its
				// grid is below.
				head, err := f.GetCellValue(SheetPuzzles, at.String())
				require.NoError(t, err)
				assert.Equal(t, fmt.Sprintf("No. %d · %s", p.Number, p.Grade), head)
				got := readGridAt(t, f, SheetPuzzles, at.Add(1, 0), solve.Shape9)
				assert.Equal(t, p.Givens, got, "puzzle %d", p.Number)
				st := cellStyle(t, f, SheetPuzzles, at.Add(1, 0))
				require.NotNil(t, st.Border)
				// The answers: the same place on the Answers sheet's tiling.
				assert.Positive(t, st.Font.Size)
			}

			// The answers solve the puzzles: every grid of the Answers
			// sheet, found by its heading.
			ans, err := f.GetRows(SheetAnswers)
			require.NoError(t, err)
			found := 0
			for r, row := range ans {
				for c, v := range row {
					var num int
					if _, err := fmt.Sscanf(v, "No. %d ·", &num); err != nil {
						continue
					}
					p := puzzles[num-1]
					at := layout.Pos{Col: c + 1, Row: r + 1}.Add(1, 0)
					assert.Equal(t, p.Solution, readGridAt(t, f, SheetAnswers, at, solve.Shape9))
					for i := range 81 {
						cell := at.Add(i/9, i%9)
						st := cellStyle(t, f, SheetAnswers, cell)
						if p.Givens.Cells[i] != 0 {
							assert.True(t, st.Font.Bold, "given at %s", cell)
						} else {
							assert.False(t, st.Font.Bold, "filled at %s", cell)
							assert.Equal(t, layout.FilledColor, strings.TrimPrefix(st.Font.Color, "FF"))
						}
					}
					found++
				}
			}
			assert.Equal(t, tt.n, found)

			// Printing: paper, one page wide, a break before every page.
			for _, s := range []struct {
				name  string
				pages int
			}{{SheetPuzzles, tt.pages}, {SheetAnswers, tt.aPage}} {
				pl, err := f.GetPageLayout(s.name)
				require.NoError(t, err)
				paper := layout.A4
				if tt.paper == "letter" {
					paper = layout.Letter
				}
				assert.Equal(t, paper.Code, *pl.Size)
				assert.Equal(t, 1, *pl.FitToWidth)
				assert.Equal(t, 0, *pl.FitToHeight)
				hf, err := f.GetHeaderFooter(s.name)
				require.NoError(t, err)
				assert.Contains(t, hf.OddHeader, "Set && match")
				// "Page n of N", N counting this sheet's pages.
				assert.Contains(t, hf.OddFooter, fmt.Sprintf("Page &P of %d", s.pages))
				assert.Len(t, rowBreaks(t, out, s.name), s.pages-1, s.name)
				margins, err := f.GetPageMargins(s.name)
				require.NoError(t, err)
				assert.True(t, *margins.Horizontally && *margins.Vertically, "centred both ways")
			}
			names := f.GetDefinedName()
			areas := map[string]string{}
			for _, dn := range names {
				if dn.Name == "_xlnm.Print_Area" {
					areas[dn.Scope] = dn.RefersTo
				}
			}
			assert.Contains(t, areas, SheetPuzzles)
			assert.Contains(t, areas, SheetAnswers)
		})
	}
}

// rowBreaks returns the manual row breaks of a sheet, read from its XML.
func rowBreaks(t *testing.T, path, sheet string) []string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	require.NoError(t, err)
	defer f.Close()
	idx, err := f.GetSheetIndex(sheet)
	require.NoError(t, err)
	parts := unzip(t, path)
	var data []byte
	for name, b := range parts {
		if name == fmt.Sprintf("xl/worksheets/sheet%d.xml", idx+1) {
			data = b
		}
	}
	require.NotNil(t, data, sheet)
	return regexp.MustCompile(`<brk id="(\d+)"`).FindAllString(string(data), -1)
}

func TestWriteGeneratedOne(t *testing.T) {
	p := testPuzzles(t, 1)
	out := filepath.Join(t.TempDir(), "daily.xlsx")
	require.NoError(t, WriteGenerated(out, p, BookOptions{Title: "Daily", Paper: "letter"}))
	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, []string{"Puzzle", "Solution", "Candidates"}, f.GetSheetList())
	// The title in the Puzzle sheet's page header, the caption above the
	// grid; every sheet on the paper asked for.
	hf, err := f.GetHeaderFooter("Puzzle")
	require.NoError(t, err)
	assert.Equal(t, `&C&14&"-,Bold"Daily`, hf.OddHeader)
	caption, err := f.GetCellValue("Puzzle", "B1")
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprintf("No. 1 · %s", p[0].Grade), caption)
	for _, name := range f.GetSheetList() {
		pl, err := f.GetPageLayout(name)
		require.NoError(t, err)
		assert.Equal(t, layout.Letter.Code, *pl.Size, name)
	}
	assert.Equal(t, p[0].Givens, readGridAt(t, f, "Puzzle", layout.GridOrigin, solve.Shape9))
	assert.Equal(t, p[0].Solution, readGridAt(t, f, "Solution", layout.GridOrigin, solve.Shape9))
	title, err := f.GetCellValue("Solution", "B1")
	require.NoError(t, err)
	assert.Contains(t, title, "Solution of daily.xlsx")
	// Read finds the puzzle at B2:J10 and skips our own sheets.
	got, err := Read(out, Options{})
	require.NoError(t, err)
	assert.Equal(t, p[0].Givens, got.Grid)
	assert.Equal(t, "Puzzle!B2:J10", got.Where())
	fi, err := os.Stat(out)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), fi.Mode().Perm())
}

func TestWriteGeneratedSheetPerPuzzle(t *testing.T) {
	puzzles := testPuzzles(t, 3)
	out := filepath.Join(t.TempDir(), "book.xlsx")
	require.NoError(t, WriteGenerated(out, puzzles, BookOptions{SheetPerPuzzle: true, Title: "Set", ShowSeed: true}))
	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f.Close()
	for _, name := range f.GetSheetList() {
		pl, err := f.GetPageLayout(name)
		require.NoError(t, err)
		assert.Equal(t, layout.A4.Code, *pl.Size, name)
		hf, err := f.GetHeaderFooter(name)
		require.NoError(t, err)
		assert.Contains(t, hf.OddHeader, "Set", name)
		if name != SheetCatalogue {
			assert.Equal(t, 1, *pl.FitToHeight, "%s: one page", name)
			assert.Empty(t, hf.OddFooter, "%s: one page, no page numbers", name)
		}
	}
	caption, err := f.GetCellValue("Puzzle 2", "B1")
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprintf("No. 2 · %s · seed %d", puzzles[1].Grade, puzzles[1].Seed), caption, "--show-seed")
	assert.Equal(t, []string{"Puzzle 1", "Solution 1", "Puzzle 2", "Solution 2", "Puzzle 3", "Solution 3", SheetCatalogue}, f.GetSheetList())
	// The Catalogue, last: a row per puzzle with its seed, and a link to
	// its caption on its own sheet, the grid below it.
	rows, err := f.GetRows(SheetCatalogue)
	require.NoError(t, err)
	require.Len(t, rows, len(puzzles)+1)
	assert.Equal(t, catalogueHeader, rows[0])
	for i, p := range puzzles {
		assert.Equal(t, []string{strconv.Itoa(p.Number), p.Grade.String(), strconv.Itoa(p.Score),
			strconv.Itoa(p.Givens.Filled()), p.Hardest.String(), solve.FormatLine(&p.Givens),
			strconv.FormatUint(p.Seed, 10)}, rows[i+1][:7])
		ok, target, err := f.GetCellHyperLink(SheetCatalogue, fmt.Sprintf("H%d", i+2))
		require.NoError(t, err)
		require.True(t, ok)
		assert.Equal(t, fmt.Sprintf("'Puzzle %d'!B1", p.Number), target)
		assert.Equal(t, target, rows[i+1][7])
	}
	for _, p := range puzzles {
		pz, so := fmt.Sprintf("Puzzle %d", p.Number), fmt.Sprintf("Solution %d", p.Number)
		assert.Equal(t, p.Givens, readGridAt(t, f, pz, layout.GridOrigin, solve.Shape9))
		assert.Equal(t, p.Solution, readGridAt(t, f, so, layout.GridOrigin, solve.Shape9))
		// The puzzle as large as the page allows, its solution at half
		// that: square cells (Verdana 13 has 11-pixel digits).
		for _, s := range []struct {
			sheet string
			per   int
		}{{pz, 1}, {so, 2}} {
			cell := layout.TileCell(9, s.per, layout.A4)
			w, err := f.GetColWidth(s.sheet, "C")
			require.NoError(t, err)
			assert.Equal(t, (&renderer{digitPx: 11}).units(cell), w, s.sheet)
			assert.Equal(t, cell, (&renderer{digitPx: 11}).points(w), s.sheet)
			h, err := f.GetRowHeight(s.sheet, 5)
			require.NoError(t, err)
			assert.Equal(t, cell, h, s.sheet)
			st := cellStyle(t, f, s.sheet, layout.GridOrigin)
			assert.InDelta(t, 0.62*cell, st.Font.Size, 0.5, s.sheet)
			assert.Equal(t, "center", st.Alignment.Horizontal)
		}
	}
}

func TestWriteGeneratedErrors(t *testing.T) {
	dir := t.TempDir()
	p := testPuzzles(t, 2)
	assert.ErrorIs(t, WriteGenerated(filepath.Join(dir, "a.xlsx"), nil, BookOptions{}), ErrUsage)
	assert.ErrorIs(t, WriteGenerated(filepath.Join(dir, "a.xlsx"), p, BookOptions{PerPage: 5}), ErrUsage)
	assert.ErrorIs(t, WriteGenerated(filepath.Join(dir, "a.xlsx"), p, BookOptions{PerPage: 9}), ErrUsage, "9 to a page is for small grids")
	assert.ErrorIs(t, WriteGenerated(filepath.Join(dir, "a.xlsx"), p, BookOptions{Paper: "a3"}), ErrUsage)
	assert.ErrorIs(t, WriteGenerated(filepath.Join(dir, "a.xlsm"), p, BookOptions{}), ErrUsage)
	err := WriteGenerated(filepath.Join(dir, "missing", "a.xlsx"), p, BookOptions{})
	assert.ErrorIs(t, err, ErrWrite)
	// Numbers a book could not be read back by (a library walk of 3
	// December: "has puzzles 1 to 0 in its Catalogue"), and shapes that
	// do not tile together (that was ErrWrite, the output's fault).
	for _, numbers := range [][2]int{{0, 1}, {1, 1}, {-3, 2}} {
		q := slices.Clone(p)
		q[0].Number, q[1].Number = numbers[0], numbers[1]
		for _, opts := range []BookOptions{{}, {SheetPerPuzzle: true}} {
			err := WriteGenerated(filepath.Join(dir, "a.xlsx"), q, opts)
			assert.ErrorIs(t, err, ErrUsage, "numbers %v", numbers)
			assert.ErrorContains(t, err, "number them from 1, each once")
		}
	}
	q := slices.Clone(p)
	q[1].Number = 7 // not 1 to n, but each once: a book a run cut short
	small := testPuzzles4(t)
	mixed := append(slices.Clone(p), small)
	mixed[2].Number = 3
	err = WriteGenerated(filepath.Join(dir, "a.xlsx"), mixed, BookOptions{})
	assert.ErrorIs(t, err, ErrUsage)
	assert.ErrorContains(t, err, "of one shape")
	entries, _ := os.ReadDir(dir)
	assert.Empty(t, entries, "nothing left behind")
	require.NoError(t, WriteGenerated(filepath.Join(dir, "q.xlsx"), q, BookOptions{}))
	got, err := Read(filepath.Join(dir, "q.xlsx"), Options{Puzzle: 7})
	require.NoError(t, err)
	assert.Equal(t, q[1].Givens, got.Grid)
	require.NoError(t, WriteGenerated(filepath.Join(dir, "mixed.xlsx"), mixed, BookOptions{SheetPerPuzzle: true}), "a sheet per puzzle takes any shapes")
}

// testPuzzles4 is a 4x4 puzzle numbered 1.
func testPuzzles4(t testing.TB) GeneratedPuzzle {
	t.Helper()
	g := grid(t, "1.....4..2.4..2.")
	sol, err := solve.Solve(g)
	require.NoError(t, err)
	grade, score, hardest, err := solve.Rate(g)
	require.NoError(t, err)
	return GeneratedPuzzle{Number: 1, Givens: g, Solution: sol, Grade: grade, Score: score, Hardest: hardest}
}

// TestBookBoxes reads back the puzzles of a tiled book with tall boxes:
// its Catalogue names the boxes; a book without that (from an older
// xlsudoku) has them chosen by its puzzles' digits, or asks for --box when
// a puzzle has one solution with either.
func TestBookBoxes(t *testing.T) {
	tall, err := solve.ParseBox(6, "3x2")
	require.NoError(t, err)
	var puzzles []GeneratedPuzzle
	for i, line := range []string{
		".563...6....1..5....3..2....3...126.", // two 6s in a box of 2x3
		"6..5......63..6.5..4.1..35......4..5", // one with either
	} {
		g := grid(t, line)
		g.Shape = tall
		sol, err := solve.Solve(g)
		require.NoError(t, err)
		grade, score, hardest, err := solve.Rate(g)
		require.NoError(t, err)
		puzzles = append(puzzles, GeneratedPuzzle{Number: i + 1, Givens: g, Solution: sol, Grade: grade, Score: score, Hardest: hardest})
	}
	book := filepath.Join(t.TempDir(), "book.xlsx")
	require.NoError(t, WriteGenerated(book, puzzles, BookOptions{}))
	f, err := excelize.OpenFile(book)
	require.NoError(t, err)
	header, err := f.GetCellValue(SheetCatalogue, "F1")
	require.NoError(t, err)
	assert.Equal(t, "Puzzle, 3x2 boxes", header)
	for _, p := range puzzles {
		got, err := Read(book, Options{Puzzle: p.Number})
		require.NoError(t, err)
		assert.Equal(t, p.Givens, got.Grid, "puzzle %d", p.Number)
	}

	// The same book as an older xlsudoku wrote it.
	require.NoError(t, f.SetCellValue(SheetCatalogue, "F1", "Puzzle"))
	old := filepath.Join(t.TempDir(), "old.xlsx")
	require.NoError(t, f.SaveAs(old))
	require.NoError(t, f.Close())
	got, err := Read(old, Options{Puzzle: 1})
	require.NoError(t, err)
	assert.Equal(t, puzzles[0].Givens, got.Grid)
	assert.Contains(t, strings.Join(got.Notes, "\n"), "read with 3x2 boxes")
	_, err = Read(old, Options{Puzzle: 2})
	require.ErrorIs(t, err, ErrAmbiguous)
	assert.Contains(t, err.Error(), "give --box 2x3 or --box 3x2")
	got, err = Read(old, Options{Puzzle: 2, Box: "3x2"})
	require.NoError(t, err)
	assert.Equal(t, puzzles[1].Givens, got.Grid)
}

// TestCatalogueScoreFits: a score of 8 digits (every Medium or harder
// puzzle's) fits the Catalogue's Score column in the widest font we know;
// at 48 points LibreOffice printed 1.1E+07.
func TestCatalogueScoreFits(t *testing.T) {
	widest := 0.0
	for _, em := range digitEm {
		widest = max(widest, em)
	}
	score := slices.Index(catalogueHeader, "Score")
	require.GreaterOrEqual(t, score, 0)
	assert.LessOrEqual(t, 8*widest*catalogueFont+3, catalogueWidths[score])
}

// TestPuzzleHeader: the Catalogue names the boxes of every size that has
// two box shapes, the default's too, so that only a book from before
// leaves them to the puzzle's digits.
func TestPuzzleHeader(t *testing.T) {
	tall, err := solve.ParseBox(6, "3x2")
	require.NoError(t, err)
	for s, want := range map[solve.Shape]string{
		solve.Shape9: "Puzzle", solve.Shape4: "Puzzle", solve.Shape16: "Puzzle",
		solve.Shape6: "Puzzle, 2x3 boxes", tall: "Puzzle, 3x2 boxes", solve.Shape12: "Puzzle, 3x4 boxes",
	} {
		assert.Equal(t, want, puzzleHeader(s), "%v", s)
	}
}

// TestReadPuzzleOneOfAOnePuzzleBook: a book of one puzzle (sheet Puzzle,
// no Catalogue) is its own puzzle 1; it was "not a book made by xlsudoku
// generate" (a library walk of 2 December), so --puzzle 1, given to
// every file of a set, failed on it.
func TestReadPuzzleOneOfAOnePuzzleBook(t *testing.T) {
	ps := testPuzzles(t, 1)
	out := filepath.Join(t.TempDir(), "one.xlsx")
	require.NoError(t, WriteGenerated(out, ps, BookOptions{}))
	p, err := Read(out, Options{Puzzle: 1})
	require.NoError(t, err)
	assert.Equal(t, ps[0].Givens, p.Grid)
	assert.Equal(t, "Puzzle", p.Sheet)
	_, err = Read(out, Options{Puzzle: 2})
	assert.ErrorIs(t, err, ErrUsage)
	assert.ErrorContains(t, err, `holds one puzzle, on its sheet "Puzzle", not 2`)
	// A workbook with no sheet Puzzle is still no book.
	other := save(t, newBook(t, "Week 3"), "week3.xlsx")
	_, err = Read(other, Options{Puzzle: 1})
	assert.ErrorIs(t, err, ErrUsage)
	assert.ErrorContains(t, err, "is not a book made by xlsudoku generate")
}

// TestBookMarksItsAnswers: a book's answer sheets carry the marks that
// let a worksheet of its puzzles empty them (the Answers of a tiled book,
// each Solution N of a sheet per puzzle), and its other sheets none: they
// are the user's to read puzzles from.
func TestBookMarksItsAnswers(t *testing.T) {
	puzzles := testPuzzles(t, 3)
	for _, tt := range []struct {
		name string
		opts BookOptions
		want map[string]string
	}{
		{"tiled", BookOptions{}, map[string]string{SheetPuzzles: "", SheetAnswers: kindBookAnswers, SheetCatalogue: ""}},
		{"sheet per puzzle", BookOptions{SheetPerPuzzle: true}, map[string]string{
			"Puzzle 1": "", "Solution 1": "book solution 1", "Puzzle 2": "", "Solution 2": "book solution 2",
			"Puzzle 3": "", "Solution 3": "book solution 3", SheetCatalogue: ""}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "book.xlsx")
			require.NoError(t, WriteGenerated(out, puzzles, tt.opts))
			pk, err := openPackage(out, 0)
			require.NoError(t, err)
			defer pk.Close()
			got := map[string]string{}
			for _, s := range pk.worksheets() {
				got[s.name] = s.ours
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

// TestCatalogueSeedsAndLines: a seed of more than 11 digits is text, as
// Excel's General format shows such a number as 3.48691E+15 and keeps 15
// digits of it (most random seeds have 16); and a 16x16's puzzle line fits
// its column whole, in smaller type (it was cut at the 224th of 256
// characters).
func TestCatalogueSeedsAndLines(t *testing.T) {
	ps := testPuzzles(t, 3)
	ps[0].Seed, ps[1].Seed, ps[2].Seed = 99_999_999_999, 100_000_000_000, 3486914807438297
	ps[0].SE, ps[2].SE = 89, 90 // SE, last: a book made with --se said nothing of it (a walk of 3 December)
	sh := catalogueSheet(ps, []string{"Puzzles!B1", "Puzzles!B12", "Puzzles!B23"}, "Set")
	seeds, se := map[int]layout.Cell{}, map[int]layout.Cell{}
	for _, c := range sh.Cells {
		if c.Pos.Col == 7 && c.Pos.Row > 1 {
			seeds[c.Pos.Row] = c
		}
		if c.Pos.Col == 9 {
			se[c.Pos.Row] = c
		}
	}
	assert.Equal(t, "SE", se[1].Text)
	assert.Equal(t, layout.Cell{Pos: layout.Pos{Col: 9, Row: 2}, Value: 8.9, HasValue: true, Style: se[2].Style}, se[2])
	assert.NotContains(t, se, 3, "not known: left blank")
	assert.Equal(t, 9.0, se[4].Value)
	assert.Equal(t, layout.AlignCenter, se[4].Style.HAlign, "numbers centred, clear of the text beside them")
	assert.Equal(t, layout.AlignCenter, seeds[2].Style.HAlign)
	assert.Equal(t, bookTenths, se[4].Style.NumFmt, "9.0, not 9")
	assert.Equal(t, 99_999_999_999, seeds[2].Number)
	assert.Empty(t, seeds[2].Text)
	assert.Equal(t, "100000000000", seeds[3].Text)
	assert.Equal(t, "3486914807438297", seeds[4].Text)

	// Past 9x9 the line wraps onto lines of whole rows of the grid, in 9
	// points, no wider than a 9x9's: a 16x16's had shrunk the table to
	// some 4 points on paper.
	for _, tt := range []struct {
		shape          solve.Shape
		lines, perLine int
	}{
		{solve.Shape9, 1, 81},
		{solve.Shape{Size: 12, BoxRows: 3, BoxCols: 4}, 2, 72},
		{solve.Shape16, 4, 64},
	} {
		p := ps[0]
		p.Givens = solve.NewGrid(tt.shape)
		p.Givens.Set(0, 0, 1)
		sh := catalogueSheet([]GeneratedPuzzle{p}, []string{"Puzzles!B1"}, "Set")
		var line layout.Cell
		for _, c := range sh.Cells {
			if c.Pos == (layout.Pos{Col: cataloguePuzzle, Row: 2}) {
				line = c
			}
		}
		require.Len(t, line.Text, tt.shape.Cells(), "the cell holds the one line")
		assert.Equal(t, 9.0, line.Style.FontSize)
		assert.Equal(t, tt.lines > 1, line.Style.Wrap)
		width := sh.ColWidths[cataloguePuzzle]
		// Courier New's characters are 0.6 of the type size wide: a
		// line's characters fit, and one more does not.
		assert.GreaterOrEqual(t, width, float64(tt.perLine)*0.6*9, "%v: a line fits", tt.shape)
		assert.Less(t, width, float64(tt.perLine+1)*0.6*9+12, "%v: a line holds no more", tt.shape)
		assert.GreaterOrEqual(t, sh.RowHeights[2], float64(tt.lines)*9*1.1, "%v: the row holds its lines", tt.shape)
	}
}

// TestWriteGeneratedBookOfOne: with Book, one puzzle makes a book, as a
// run of several cut short by --timeout must (it made a workbook of one
// puzzle, without the Catalogue that lists its seed); without, a
// workbook of its own.
// TestCatalogueShowsTenths: a book's SE column shows one decimal as rate
// --scale se prints it (9.0, not 9), through the number format its new
// styles define, as an app formats it.
func TestCatalogueShowsTenths(t *testing.T) {
	ps := testPuzzles(t, 2)
	ps[0].SE, ps[1].SE = 90, 71
	out := filepath.Join(t.TempDir(), "book.xlsx")
	require.NoError(t, WriteGenerated(out, ps, BookOptions{}))
	f, err := excelize.OpenFile(out)
	require.NoError(t, err)
	defer f.Close()
	for cell, want := range map[string]string{"I2": "9.0", "I3": "7.1"} {
		v, err := f.GetCellValue(SheetCatalogue, cell)
		require.NoError(t, err)
		assert.Equal(t, want, v, cell)
	}
}

func TestWriteGeneratedBookOfOne(t *testing.T) {
	for _, book := range []bool{true, false} {
		out := filepath.Join(t.TempDir(), "one.xlsx")
		require.NoError(t, WriteGenerated(out, testPuzzles(t, 1), BookOptions{Book: book, PerPage: 2}))
		f, err := excelize.OpenFile(out)
		require.NoError(t, err)
		if book {
			assert.Equal(t, []string{SheetPuzzles, SheetAnswers, SheetCatalogue}, f.GetSheetList())
		} else {
			assert.NotContains(t, f.GetSheetList(), SheetCatalogue)
		}
		require.NoError(t, f.Close())
	}
}

// TestReadBookWithoutPuzzle: a tiled book read with no --puzzle, --sheet
// or --range is read as --puzzle 1, with a note (a 6x6 book's captions
// were taken for cells, or several puzzles were seen: a review of 3
// December).
func TestReadBookWithoutPuzzle(t *testing.T) {
	g6, err := solve.ParseLine("6..13.........6..43..5.........23..6")
	require.NoError(t, err)
	sol6, err := solve.Solve(g6)
	require.NoError(t, err)
	six := make([]GeneratedPuzzle, 3)
	for i := range six {
		six[i] = GeneratedPuzzle{Number: i + 1, Givens: g6, Solution: sol6, Grade: solve.Easy, Seed: uint64(i + 1)}
	}
	six[1].Givens.Set(0, 1, sol6.At(0, 1)) // another puzzle than the first
	for name, ps := range map[string][]GeneratedPuzzle{"9x9": testPuzzles(t, 3), "6x6": six} {
		out := filepath.Join(t.TempDir(), "book.xlsx")
		require.NoError(t, WriteGenerated(out, ps, BookOptions{PerPage: 4}))
		p, err := Read(out, Options{})
		require.NoError(t, err, name)
		assert.Equal(t, ps[0].Givens, p.Grid, name)
		assert.Contains(t, p.Notes, "book.xlsx is a book of puzzles: read puzzle 1; give --puzzle N for another", name)
	}

	// A user's workbook with sheets of those names, its Catalogue no
	// book's, is read as any other.
	f := newBook(t, SheetPuzzles)
	putGrid(t, f, SheetPuzzles, layoutB2, grid(t, classic))
	_, err = f.NewSheet(SheetCatalogue)
	require.NoError(t, err)
	require.NoError(t, f.SetCellStr(SheetCatalogue, "A1", "My puzzles, by week"))
	p, err := Read(save(t, f, "mine.xlsx"), Options{})
	require.NoError(t, err)
	assert.Equal(t, grid(t, classic), p.Grid)
	assert.Equal(t, []string{"using the puzzle at Puzzles!B2:J10"}, p.Notes)
}
