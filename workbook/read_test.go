package workbook

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

var excelizeDateStyle = excelize.Style{NumFmt: 14}

func TestReadDefault(t *testing.T) {
	p, err := Read(classicBook(t), Options{})
	require.NoError(t, err)
	assert.Equal(t, grid(t, classic), p.Grid)
	assert.Equal(t, "Week 3", p.Sheet)
	assert.Equal(t, "B2:J10", p.Range)
	assert.Equal(t, []string{"using the puzzle at Week 3!B2:J10"}, p.Notes)
	assert.Equal(t, "Week 3!C6", p.CellName(4, 1))
	assert.Equal(t, "J10", p.Cell(8, 8))
}

// cellBook is the classic puzzle at B2:J10 of "Week 3" with cell D2 (a
// blank of the puzzle, whose solution is 4) stored as cell.
func cellBook(t *testing.T, cell string) string {
	f := newBook(t, "Week 3")
	require.NoError(t, f.SetCellStr("Week 3", "A20", " 4 ")) // shared string 0
	date, err := f.NewStyle(&excelizeDateStyle)
	require.NoError(t, err)
	path := save(t, f, "cells.xlsx")
	cell = strings.ReplaceAll(cell, "DATE", fmt.Sprint(date))
	setSheetData(t, path, gridRows(grid(t, classic), layout.Pos{Col: 2, Row: 2}, map[string]string{"D2": cell}))
	return path
}

func TestReadCells(t *testing.T) {
	tests := []struct {
		name, cell string
		digit      int    // what D2 reads as
		bad        string // or the error
	}{
		{"number", `<c r="D2"><v>4</v></c>`, 4, ""},
		{"number 4.0", `<c r="D2"><v>4.0</v></c>`, 4, ""},
		{"float exponent", `<c r="D2"><v>4E0</v></c>`, 4, ""},
		{"typed number", `<c r="D2" t="n"><v>4</v></c>`, 4, ""},
		{"shared string with spaces", `<c r="D2" t="s"><v>0</v></c>`, 4, ""},
		{"inline string", `<c r="D2" t="inlineStr"><is><t xml:space="preserve">4 </t></is></c>`, 4, ""},
		{"text 4.0", `<c r="D2" t="inlineStr"><is><t>4.0</t></is></c>`, 4, ""},
		{"rich text", `<c r="D2" t="inlineStr"><is><r><t>4</t></r></is></c>`, 4, ""},
		{"formula number", `<c r="D2"><f>2+2</f><v>4</v></c>`, 4, ""},
		{"formula text", `<c r="D2" t="str"><f>"4"</f><v>4</v></c>`, 4, ""},
		{"empty", `<c r="D2"/>`, 0, ""},
		{"styled empty", `<c r="D2" s="1"/>`, 0, ""},
		{"zero", `<c r="D2"><v>0</v></c>`, 0, ""},
		{"dot", `<c r="D2" t="inlineStr"><is><t>.</t></is></c>`, 0, ""},
		{"dash", `<c r="D2" t="inlineStr"><is><t>-</t></is></c>`, 0, ""},
		{"text zero", `<c r="D2" t="inlineStr"><is><t>0</t></is></c>`, 0, ""},
		{"spaces", `<c r="D2" t="inlineStr"><is><t xml:space="preserve">   </t></is></c>`, 0, ""},
		{"formula empty text", `<c r="D2" t="str"><f>""</f><v></v></c>`, 0, ""},
		{"text", `<c r="D2" t="inlineStr"><is><t>x</t></is></c>`, 0, `Week 3!D2: "x" is not a digit 1-9 or a blank`},
		{"letter", `<c r="D2" t="inlineStr"><is><t>A</t></is></c>`, 0, `Week 3!D2: "A" is not a digit 1-9 or a blank`},
		{"too big", `<c r="D2"><v>12</v></c>`, 0, `Week 3!D2: 12 is not a digit 1-9 or a blank`},
		{"decimal", `<c r="D2"><v>4.5</v></c>`, 0, `Week 3!D2: 4.5 is not a digit 1-9 or a blank`},
		{"negative", `<c r="D2"><v>-4</v></c>`, 0, `Week 3!D2: -4 is not a digit 1-9 or a blank`},
		{"text number too big", `<c r="D2" t="inlineStr"><is><t>10</t></is></c>`, 0, `Week 3!D2: "10" is not a digit 1-9 or a blank`},
		{"boolean", `<c r="D2" t="b"><v>1</v></c>`, 0, `Week 3!D2: TRUE is not a digit 1-9 or a blank (it is a boolean)`},
		{"error value", `<c r="D2" t="e"><v>#N/A</v></c>`, 0, `Week 3!D2: #N/A is not a digit 1-9 or a blank (it is an error value)`},
		{"formula error", `<c r="D2" t="e"><f>1/0</f><v>#DIV/0!</v></c>`, 0, `Week 3!D2: #DIV/0! is not a digit 1-9 or a blank (it is an error value)`},
		{"date", `<c r="D2" s="DATE"><v>45000</v></c>`, 0, `Week 3!D2: 2023-03-15 is not a digit 1-9 or a blank (it is a date)`},
		{"small date (Excel's 1900 days: 4 is 4 January)", `<c r="D2" s="DATE"><v>4</v></c>`, 0, `Week 3!D2: 1900-01-04 is not a digit 1-9 or a blank (it is a date)`},
		{"ISO date", `<c r="D2" t="d"><v>2024-03-05T00:00:00Z</v></c>`, 0, `Week 3!D2: 2024-03-05T00:00:00Z is not a digit 1-9 or a blank (it is a date)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Read(cellBook(t, tt.cell), Options{})
			if tt.bad != "" {
				require.Error(t, err)
				assert.ErrorIs(t, err, ErrCell)
				assert.ErrorIs(t, err, ErrInvalid)
				var ce *CellErrors
				require.ErrorAs(t, err, &ce)
				require.Len(t, ce.Cells, 1)
				assert.Equal(t, tt.bad, ce.Cells[0].Error())
				assert.Equal(t, "Week 3", ce.Cells[0].Sheet)
				assert.Equal(t, "D2", ce.Cells[0].Cell)
				var cell *CellError // the first cell, for a caller that wants one (a library walk)
				require.ErrorAs(t, err, &cell)
				assert.Same(t, ce.Cells[0], cell)
				assert.Contains(t, err.Error(), "--range")
				return
			}
			require.NoError(t, err)
			want := grid(t, classic)
			want.Set(0, 2, tt.digit)
			assert.Equal(t, want, p.Grid)
		})
	}
}

// TestReadDate1904: in a workbook that counts its dates from 1904
// (Excel for the Mac's old default), a date in the puzzle is named as the
// workbook shows it, not four years and a day earlier.
func TestReadDate1904(t *testing.T) {
	path := cellBook(t, `<c r="D2" s="DATE"><v>45292</v></c>`)
	_, err := Read(path, Options{})
	var ce *CellErrors
	require.ErrorAs(t, err, &ce)
	require.Len(t, ce.Cells, 1)
	assert.Equal(t, `Week 3!D2: 2024-01-01 is not a digit 1-9 or a blank (it is a date)`, ce.Cells[0].Error())

	rezip(t, path, func(name string, data []byte) []byte {
		if name != "xl/workbook.xml" {
			return data
		}
		require.NotContains(t, string(data), "date1904")
		return []byte(strings.Replace(string(data), "<workbookPr", `<workbookPr date1904="1"`, 1))
	})
	_, err = Read(path, Options{})
	require.ErrorAs(t, err, &ce)
	require.Len(t, ce.Cells, 1)
	assert.Equal(t, `Week 3!D2: 2028-01-02 is not a digit 1-9 or a blank (it is a date)`, ce.Cells[0].Error())
}

// TestReadLetters: grids larger than 9x9 may write 10 and up as the
// letters of the text format (A for 10), in either case; a letter past the
// grid's size is named as an error.
func TestReadLetters(t *testing.T) {
	line := first16x16(t)
	g := grid(t, line)
	f := newBook(t, "Big")
	for r := range 16 {
		for c := range 16 {
			cell := layoutB2.Add(r, c).String()
			switch d := g.At(r, c); {
			case d >= 10 && (r+c)%2 == 0:
				require.NoError(t, f.SetCellStr("Big", cell, string(rune('A'+d-10))))
			case d >= 10:
				require.NoError(t, f.SetCellStr("Big", cell, " "+string(rune('a'+d-10))+" "))
			case d > 0:
				require.NoError(t, f.SetCellInt("Big", cell, int64(d)))
			}
		}
	}
	path := save(t, f, "big.xlsx")
	p, err := Read(path, Options{Range: "B2:Q17"})
	require.NoError(t, err)
	assert.Equal(t, g, p.Grid)

	// In a 12x12, D (13) is too big.
	f = newBook(t, "Twelve")
	require.NoError(t, f.SetCellStr("Twelve", "B2", "C"))
	require.NoError(t, f.SetCellStr("Twelve", "C2", "D"))
	_, err = Read(save(t, f, "twelve.xlsx"), Options{Sheet: "Twelve", Range: "B2:M13"})
	var ce *CellErrors
	require.ErrorAs(t, err, &ce)
	require.Len(t, ce.Cells, 1)
	assert.Equal(t, `Twelve!C2: "D" is not a digit 1-12 (or A-C) or a blank`, ce.Cells[0].Error())
}

// TestReadFormulaWithoutValue: a formula among the givens with no stored
// value (a program wrote it, no app calculated it) stops the read: as a
// blank it made another puzzle than the sheet shows (a walk of 3
// December: =5 at B2 was solved as a blank, exit 0).
func TestReadFormulaWithoutValue(t *testing.T) {
	for _, cell := range []string{`<c r="D2"><f>A1</f></c>`, `<c r="D2"><f>5</f><v></v></c>`, `<c r="D2" t="str"><f>A1</f></c>`} {
		_, err := Read(cellBook(t, cell), Options{})
		require.ErrorIs(t, err, ErrOpen, cell)
		assert.ErrorContains(t, err, "cells.xlsx: Week 3!B2:J10: D2 holds a formula with no stored value", cell)
		assert.ErrorContains(t, err, "open and save cells.xlsx in a spreadsheet app to calculate them (in LibreOffice Calc, Data > Calculate > Recalculate Hard before saving), then run again", cell)
	}
}

// TestReadFormulaStoringZero: XlsxWriter stores 0 as every formula's
// result and asks the app to calculate them all on opening
// (fullCalcOnLoad). Such a 0 was read as a blank: =5 at D2 made another
// puzzle, solved with a warning that it had several solutions.
func TestReadFormulaStoringZero(t *testing.T) {
	tests := []struct {
		name     string
		d2, f2   string // D2 (blank in classic) and F2 (7 in classic)
		fullCalc bool
		refused  string // the cells refused as formulas with no stored value; "": read
	}{
		{"XlsxWriter's", `<c r="D2"><f>4</f><v>0</v></c>`, `<c r="F2"><v>7</v></c>`, true, "D2 holds a formula"},
		{"every formula stores 0", `<c r="D2"><f>4</f><v>0</v></c>`, `<c r="F2"><f>7</f><v>0</v></c>`, true, "D2, F2 hold formulas"},
		{"calculated: another formula stores 7", `<c r="D2"><f>Data!A1</f><v>0</v></c>`, `<c r="F2"><f>7</f><v>7</v></c>`, true, ""},
		{"no full calculation asked for", `<c r="D2"><f>Data!A1</f><v>0</v></c>`, `<c r="F2"><v>7</v></c>`, false, ""},
		{"a 0 typed, not a formula", `<c r="D2"><v>0</v></c>`, `<c r="F2"><v>7</v></c>`, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := save(t, newBook(t, "Week 3"), "zero.xlsx")
			setSheetData(t, path, gridRows(grid(t, classic), layout.Pos{Col: 2, Row: 2}, map[string]string{"D2": tt.d2, "F2": tt.f2}))
			if tt.fullCalc {
				rezip(t, path, func(name string, data []byte) []byte {
					if name != "xl/workbook.xml" {
						return data
					}
					wb := strings.Replace(string(data), "<calcPr ", `<calcPr fullCalcOnLoad="1" `, 1)
					require.Contains(t, wb, "fullCalcOnLoad")
					return []byte(wb)
				})
			}
			p, err := Read(path, Options{})
			if tt.refused != "" {
				require.ErrorIs(t, err, ErrOpen)
				assert.ErrorContains(t, err, "zero.xlsx: Week 3!B2:J10: "+tt.refused+" with no stored value")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, grid(t, classic), p.Grid, "D2 read as a blank")
		})
	}
}

// TestReadOnlyFormulasWithoutValues: a puzzle whose every given is a
// formula a program wrote and no app calculated is not "empty" (with
// --range already given, that advice went nowhere): it says to calculate
// them.
func TestReadOnlyFormulasWithoutValues(t *testing.T) {
	f := newBook(t, "Week 3")
	g := grid(t, classic)
	for r := range 9 {
		for c := range 9 {
			if d := g.At(r, c); d != 0 {
				require.NoError(t, f.SetCellFormula("Week 3", layout.Pos{Col: c + 2, Row: r + 2}.String(), fmt.Sprintf("%d+0", d)))
			}
		}
	}
	path := save(t, f, "formulas.xlsx")
	// And --range alone (a walk of 2 December: "name the sheet with
	// --sheet", which did not help).
	for _, opts := range []Options{{Sheet: "Week 3", Range: "B2:J10"}, {}, {Range: "B2:J10"}} {
		_, err := Read(path, opts)
		require.ErrorIs(t, err, ErrNoPuzzle)
		assert.Contains(t, err.Error(), fmt.Sprintf("Week 3!B2:J10 holds %d formulas with no stored value and no digit; open and save formulas.xlsx in a spreadsheet app to calculate them", g.Filled()), "%+v", opts)
	}
}

func TestReadManyBadCells(t *testing.T) {
	extra := map[string]string{}
	for i := range 12 {
		ref := layout.Pos{Col: 2 + i%9, Row: 11 - 1 - i/9}.String() // J10.. and row 9
		extra[ref] = `<c r="` + ref + `" t="inlineStr"><is><t>?</t></is></c>`
	}
	// A puzzle with 12 bad cells out of many digits.
	path := cellBook(t, `<c r="D2"><v>4</v></c>`)
	setSheetData(t, path, gridRows(grid(t, classic), layout.Pos{Col: 2, Row: 2}, extra))
	_, err := Read(path, Options{})
	var ce *CellErrors
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, 12, ce.Total)
	assert.Len(t, ce.Cells, 10)
	assert.Equal(t, "B9", ce.Cells[0].Cell)
	assert.Contains(t, err.Error(), "... and 2 more")
	assert.True(t, errors.Is(err, ErrCell))
}

func TestReadConflict(t *testing.T) {
	// D2 holds 5 like B2: row 2 of the sheet, and the same box.
	_, err := Read(cellBook(t, `<c r="D2"><v>5</v></c>`), Options{})
	require.Error(t, err)
	assert.ErrorIs(t, err, solve.ErrConflict)
	assert.ErrorIs(t, err, ErrInvalid)
	assert.Contains(t, err.Error(), "Week 3!B2 and Week 3!D2 both hold 5 (row 2)")

	// A column conflict, and a box one, named by sheet terms.
	g := grid(t, classic)
	g.Set(1, 2, 8) // D3 = 8 repeats D4's 8 (column D) and box B2:D4
	f := newBook(t, "Week 3")
	putGrid(t, f, "Week 3", layout.Pos{Col: 2, Row: 2}, g)
	_, err = Read(save(t, f, "c.xlsx"), Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Week 3!D3 and Week 3!D4 both hold 8 (column D)")
	var ce *ConflictError
	require.ErrorAs(t, err, &ce)
	assert.Len(t, ce.Conflicts, 1, "a pair in a column and a box is reported once")
}

func TestReadSizes(t *testing.T) {
	tests := []struct {
		rng, box string
		shape    solve.Shape
	}{
		{"B2:E5", "", solve.Shape4},
		{"B2:G7", "", solve.Shape6},
		{"B2:G7", "3x2", solve.Shape{Size: 6, BoxRows: 3, BoxCols: 2}},
		{"B2:I9", "", solve.Shape8},
		{"B2:J10", "", solve.Shape9},
		{"B2:M13", "", solve.Shape12},
		{"B2:Q17", "", solve.Shape16},
	}
	for _, tt := range tests {
		t.Run(tt.rng+tt.box, func(t *testing.T) {
			g, _ := solvedPuzzle(t, tt.shape)
			f := newBook(t, "Sheet1")
			putGrid(t, f, "Sheet1", layout.Pos{Col: 2, Row: 2}, g)
			path := save(t, f, "s.xlsx")
			p, err := Read(path, Options{Range: tt.rng, Box: tt.box})
			require.NoError(t, err)
			assert.Equal(t, g, p.Grid)
			if tt.box == "" {
				// Detection finds it too.
				p, err = Read(path, Options{})
				require.NoError(t, err)
				assert.Equal(t, g, p.Grid)
				assert.Equal(t, tt.rng, p.Range)
			}
		})
	}
}

// solvedPuzzle returns a puzzle of shape s (about 3 cells in 7 of a
// solution kept, some in every row and column) and its solution.
func solvedPuzzle(t testing.TB, s solve.Shape) (givens, solution solve.Grid) {
	t.Helper()
	var sv solve.Solver
	empty := solve.NewGrid(s)
	out := make([]solve.Grid, 1)
	require.Equal(t, 1, sv.Count(&empty, 1, out))
	solution, givens = out[0], out[0]
	for i := range s.Cells() {
		if r, c := i/s.Size, i%s.Size; (5*r+3*c)%7 >= 3 {
			givens.Cells[i] = 0
		}
	}
	return givens, solution
}

func TestReadOptions(t *testing.T) {
	g := grid(t, classic)
	f := newBook(t, "Intro")
	require.NoError(t, f.SetCellStr("Intro", "B2", "Welcome to this week's puzzle"))
	_, err := f.NewSheet("Week 3")
	require.NoError(t, err)
	putGrid(t, f, "Week 3", layout.Pos{Col: 2, Row: 3}, g)
	path := save(t, f, "opts.xlsx")

	p, err := Read(path, Options{Range: "B3:J11"})
	require.NoError(t, err)
	assert.Equal(t, "Week 3", p.Sheet)
	assert.Equal(t, []string{"using the puzzle at Week 3!B3:J11"}, p.Notes)

	p, err = Read(path, Options{Sheet: "week 3", Range: "b3:j11"})
	require.NoError(t, err)
	assert.Equal(t, g, p.Grid)
	assert.Empty(t, p.Notes)

	// The default range cuts through the puzzle: detection finds it.
	p, err = Read(path, Options{})
	require.NoError(t, err)
	assert.Equal(t, "B3:J11", p.Range)
	assert.Equal(t, []string{"found a 9x9 puzzle at Week 3!B3:J11"}, p.Notes)

	_, err = Read(path, Options{Sheet: "Nope"})
	assert.ErrorIs(t, err, ErrUsage)
	assert.Contains(t, err.Error(), `"Intro", "Week 3"`)

	for _, bad := range []string{"B2:J9", "B2:K11", "banana", "B2:F6"} {
		_, err = Read(path, Options{Range: bad})
		assert.ErrorIs(t, err, ErrUsage, bad)
		assert.Contains(t, err.Error(), "B2:J10", bad)
	}
	_, err = Read(path, Options{Range: "B2:G7", Box: "2x2"})
	assert.ErrorIs(t, err, ErrUsage)
	// A grid's range with another size's boxes: the advice gives the
	// range of that size, not the one given again.
	_, err = Read(path, Options{Range: "B3:J11", Box: "3x2"})
	assert.ErrorIs(t, err, ErrUsage)
	assert.ErrorContains(t, err, "for a 6x6 puzzle with 3x2 boxes give its range (from B3, --range B3:G8), or drop --box to read the 9x9 at B3:J11")
	_, err = Read(path, Options{Range: "Week 3!B3:J11", Box: "3x2"})
	assert.ErrorIs(t, err, ErrUsage)
	assert.ErrorContains(t, err, "(from B3, --range 'Week 3!B3:G8')", "the sheet given stays")

	_, err = Read(path, Options{Sheet: "Intro", Range: "D20:L28"})
	assert.ErrorIs(t, err, ErrNoPuzzle)
	_, err = Read(path, Options{Range: "D20:L28"})
	assert.ErrorIs(t, err, ErrNoPuzzle)
}

func TestReadLabels(t *testing.T) {
	// Row and column labels 1..9 around B2:J10 do not hide the puzzle.
	f := newBook(t, "Sheet1")
	putGrid(t, f, "Sheet1", layout.Pos{Col: 2, Row: 2}, grid(t, classic))
	for i := 1; i <= 9; i++ {
		require.NoError(t, f.SetCellInt("Sheet1", layout.Pos{Col: 1 + i, Row: 1}.String(), int64(i)))
		require.NoError(t, f.SetCellInt("Sheet1", layout.Pos{Col: 1, Row: 1 + i}.String(), int64(i)))
	}
	p, err := Read(save(t, f, "labels.xlsx"), Options{})
	require.NoError(t, err)
	assert.Equal(t, "B2:J10", p.Range)
	assert.Equal(t, grid(t, classic), p.Grid)
}

func TestReadErrors(t *testing.T) {
	dir := t.TempDir()
	notZip := filepath.Join(dir, "notes.xlsx")
	require.NoError(t, os.WriteFile(notZip, []byte("hello"), 0o644))
	_, err := Read(notZip, Options{})
	assert.ErrorIs(t, err, ErrOpen)
	assert.Contains(t, err.Error(), "save it as .xlsx", "text, but no puzzles: TestOpenNotAZip has more")

	_, err = Read(filepath.Join(dir, "missing.xlsx"), Options{})
	assert.ErrorIs(t, err, ErrOpen)

	// A range that is no square says its sides, in words that fit them.
	for rng, sides := range map[string]string{"A1:XFD1": "16384 columns by 1 row", "B2:B10": "1 column by 9 rows", "B2:C10": "2 columns by 9 rows"} {
		_, err = Read(filepath.Join("..", "samples", "classic.xlsx"), Options{Range: rng})
		assert.ErrorIs(t, err, ErrUsage, rng)
		assert.ErrorContains(t, err, rng+" is "+sides+"; a puzzle's range is a square", rng)
	}

	// A file of 0 bytes, and a workbook cut short, are not other formats
	// to save as .xlsx, as the message said.
	zero := filepath.Join(dir, "zero.xlsx")
	require.NoError(t, os.WriteFile(zero, nil, 0o644))
	_, err = Read(zero, Options{})
	assert.ErrorIs(t, err, ErrOpen)
	assert.Contains(t, err.Error(), "zero.xlsx is empty (0 bytes)")
	assert.NotContains(t, err.Error(), "save it as .xlsx")
	data, err := os.ReadFile(filepath.Join("..", "samples", "classic.xlsx"))
	require.NoError(t, err)
	cut := filepath.Join(dir, "cut.xlsx")
	require.NoError(t, os.WriteFile(cut, data[:len(data)/2], 0o644))
	_, err = Read(cut, Options{})
	assert.ErrorIs(t, err, ErrOpen)
	assert.Contains(t, err.Error(), "cut.xlsx is a damaged or incomplete workbook")
	assert.NotContains(t, err.Error(), "save it as .xlsx")

	ole := filepath.Join(dir, "old.xls")
	require.NoError(t, os.WriteFile(ole, fakeVBA(), 0o644))
	_, err = Read(ole, Options{})
	assert.ErrorIs(t, err, ErrOpen)
	assert.Contains(t, err.Error(), "password-protected or an old .xls")

	// Of a workbook of two sheets, detection says to name one; of one
	// sheet, or of the sheet --sheet names, it says what that sheet lacks
	// ("choose it with --sheet NAME" told a user who gave --sheet Data):
	// here, anything at all ("choose its cells with --range B2:J10" led
	// to "B2:J10 is empty", a walk of 3 December).
	two := newBook(t, "Sheet1")
	_, err = two.NewSheet("Sheet2")
	require.NoError(t, err)
	empty := save(t, two, "empty.xlsx")
	_, err = Read(empty, Options{})
	assert.ErrorIs(t, err, ErrNoPuzzle)
	assert.Contains(t, err.Error(), "no sheet holds a puzzle at B2:J10")
	assert.Contains(t, err.Error(), "--sheet NAME --range")
	for _, opts := range []Options{{Sheet: "Sheet2"}, {}} {
		path := empty
		if opts.Sheet == "" {
			path = save(t, newBook(t, "Sheet1"), "one.xlsx")
		}
		_, err = Read(path, opts)
		assert.ErrorIs(t, err, ErrNoPuzzle)
		want := "Sheet2"
		if opts.Sheet == "" {
			want = "Sheet1"
		}
		assert.Contains(t, err.Error(), `sheet "`+want+`" is empty; type the puzzle there (at B2:J10 for a 9x9`)
		assert.NotContains(t, err.Error(), "--sheet")
	}

	// Text only: no puzzle.
	f := newBook(t, "Sheet1")
	for r := 2; r <= 10; r++ {
		require.NoError(t, f.SetCellStr("Sheet1", fmt.Sprintf("B%d", r), "notes"))
	}
	_, err = Read(save(t, f, "text.xlsx"), Options{})
	assert.ErrorIs(t, err, ErrNoPuzzle)
	assert.Contains(t, err.Error(), `sheet "Sheet1" holds no puzzle at B2:J10, and no square block of digits and blanks (4x4 to 16x16) was found elsewhere on it; choose its cells with --range B2:J10`)
	assert.NotContains(t, err.Error(), "--sheet")
}

// TestReadRangeWithSheet: a range written as spreadsheets write references
// names the sheet too.
func TestReadRangeWithSheet(t *testing.T) {
	f := newBook(t, "Notes")
	_, err := f.NewSheet("Week 3")
	require.NoError(t, err)
	putGrid(t, f, "Week 3", layout.Pos{Col: 3, Row: 3}, grid(t, classic))
	path := save(t, f, "ref.xlsx")
	for _, opts := range []Options{
		{Range: "Week 3!C3:K11"},
		{Range: "'Week 3'!$C$3:$K$11"},
		{Range: "week 3!c3:k11", Sheet: "WEEK 3"},
	} {
		p, err := Read(path, opts)
		require.NoError(t, err, opts.Range)
		assert.Equal(t, "Week 3!C3:K11", p.Where())
		assert.Equal(t, grid(t, classic), p.Grid)
	}
	for _, tt := range []struct {
		opts Options
		msg  string
	}{
		{Options{Range: "!C3:K11"}, `names no sheet before the "!"`},
		{Options{Range: "Week 3!C3:K11", Sheet: "Notes"}, `names sheet "Week 3" but --sheet names "Notes"`},
		{Options{Range: "Nope!C3:K11"}, `has no worksheet "Nope"`},
	} {
		_, err := Read(path, tt.opts)
		assert.ErrorIs(t, err, ErrUsage, tt.opts.Range)
		assert.ErrorContains(t, err, tt.msg)
	}
}

// TestSheetThatIsNoWorksheet: --sheet naming a chart sheet says what it
// is; it said the workbook had no worksheet of that name.
func TestSheetThatIsNoWorksheet(t *testing.T) {
	f := newBook(t, "Week 3")
	putGrid(t, f, "Week 3", layoutB2, grid(t, classic))
	require.NoError(t, f.SetCellValue("Week 3", "L2", 1))
	require.NoError(t, f.SetCellValue("Week 3", "L3", 2))
	require.NoError(t, f.AddChartSheet("Progress", &excelize.Chart{
		Type:   excelize.Line,
		Series: []excelize.ChartSeries{{Name: "Week 3!$L$1", Values: "'Week 3'!$L$2:$L$3"}},
	}))
	path := save(t, f, "chart.xlsx")
	_, err := Read(path, Options{Sheet: "progress"})
	require.ErrorIs(t, err, ErrUsage)
	assert.ErrorContains(t, err, `chart.xlsx's sheet "Progress" is a chart sheet, which holds a chart and no cells; its worksheets are "Week 3"`)
	_, err = Read(path, Options{Sheet: "Week 4"})
	assert.ErrorContains(t, err, `has no worksheet "Week 4"; its worksheets are "Week 3"`)
	// A name pasted by mistake is quoted clipped, as the command line
	// clips a value (a walk of 3 December: 200 characters whole).
	_, err = Read(path, Options{Sheet: strings.Repeat("s", 200)})
	assert.ErrorContains(t, err, `has no worksheet "`+strings.Repeat("s", 39)+`…"; its worksheets are "Week 3"`)
}

// TestDigitAsTheSheetHoldsIt: messages name 10 and up as the sheet holds
// them, numbers or letters (a walk of 2 December: "add Puzzle!B2 = B" to a
// sheet of numbers, where B is no number to type).
func TestDigitAsTheSheetHoldsIt(t *testing.T) {
	givens, _ := solvedPuzzle(t, solve.Shape12)
	n := 12
	for _, asLetters := range []bool{false, true} {
		f := newBook(t, "Puzzle")
		at := layout.Pos{Col: 2, Row: 2}
		for i, d := range givens.Cells[:n*n] {
			if d == 0 {
				continue
			}
			ref := at.Add(i/n, i%n).String()
			if asLetters && d >= 10 {
				require.NoError(t, f.SetCellStr("Puzzle", ref, solve.DigitString(int(d))))
			} else {
				require.NoError(t, f.SetCellInt("Puzzle", ref, int64(d)))
			}
		}
		// A given 11 twice in its row: the clash names it.
		row := slices.IndexFunc(givens.Cells[:n*n], func(d uint8) bool { return d == 11 }) / n
		blank := -1
		for c := range n {
			if givens.Cells[row*n+c] == 0 {
				blank = c
				break
			}
		}
		require.GreaterOrEqual(t, blank, 0)
		eleven := any(11)
		if asLetters {
			eleven = "B"
		}
		require.NoError(t, f.SetCellValue("Puzzle", at.Add(row, blank).String(), eleven))
		_, err := Read(save(t, f, "p12.xlsx"), Options{Sheet: "Puzzle", Range: "B2:M13"})
		var ce *ConflictError
		require.ErrorAs(t, err, &ce)
		want, other := " hold 11 (row", " hold B (row"
		if asLetters {
			want, other = other, want
		}
		assert.Contains(t, err.Error(), want)
		assert.NotContains(t, err.Error(), other)
	}
}

// TestLongTextIsClipped: cells are read to 1,024 bytes (a 16x16
// worksheet's identity is some 340), but a message shows at most 80
// characters of a cell.
func TestLongTextIsClipped(t *testing.T) {
	f := newBook(t, "Week 3")
	putGrid(t, f, "Week 3", layoutB2, grid(t, classic))
	require.NoError(t, f.SetCellStr("Week 3", "C2", strings.Repeat("x", 600)))
	in := filepath.Join(t.TempDir(), "long.xlsx")
	require.NoError(t, f.SaveAs(in))
	require.NoError(t, f.Close())
	_, err := Read(in, Options{Sheet: "Week 3"})
	var ce *CellErrors
	require.ErrorAs(t, err, &ce)
	require.NotEmpty(t, ce.Cells)
	v := ce.Cells[0].Value
	assert.LessOrEqual(t, utf8.RuneCountInString(v), maxShown)
	assert.True(t, strings.HasPrefix(v, `"xxxx`) && strings.HasSuffix(v, "…"), v)
}

// TestRangeOffThePuzzle: a --range a cell or two off the puzzle, which
// reads givens that clash, or none or several solutions, is told where
// the sheet holds the puzzle, not to correct givens that are right (a
// walk of 3 December: "correct them and run again").
func TestRangeOffThePuzzle(t *testing.T) {
	path := classicBook(t)
	for _, tt := range []struct {
		rng  string
		want string
	}{
		{"C2:K10", "the puzzle has no solution: no digit fits some blank cell whatever the others hold; the sheet holds a puzzle with one solution at B2:J10: is that the puzzle? give --range 'Week 3!B2:J10'"},
		{"B3:J11", "the givens contradict each other at B3:J11, but the sheet holds a puzzle with one solution at B2:J10: is that the puzzle? give --range 'Week 3!B2:J10'"},
		{"A1:I9", "the sheet holds a puzzle with one solution at B2:J10: is that the puzzle? give --range 'Week 3!B2:J10'"},
	} {
		p, err := Read(path, Options{Range: tt.rng}) // clashing givens fail here
		if err == nil {
			_, err = p.Solve()
		}
		require.Error(t, err, tt.rng)
		assert.Contains(t, err.Error(), tt.want, tt.rng)
	}
	// Read where it is, no advice; and a range whose puzzle is fine but
	// has digits around it is read as it is.
	p, err := Read(path, Options{Range: "B2:J10"})
	require.NoError(t, err)
	_, err = p.Solve()
	require.NoError(t, err)
	assert.Empty(t, p.elsewhere)

	// A block far off is no advice: a puzzle of several solutions with its
	// answer key right beside it, where a cut through both (H2:P10, three
	// columns of one and six of the other) has one solution (found in
	// review).
	g := grid(t, classic)
	sol, err := solve.Solve(g)
	require.NoError(t, err)
	for i := range g.Cells[:81] {
		if g.Cells[i] != 0 && solve.CountSolutions(g, 2) == 1 {
			g.Cells[i] = 0
		}
	}
	require.Equal(t, 2, solve.CountSolutions(g, 2))
	f := newBook(t, "Week 3")
	putGrid(t, f, "Week 3", layout.Pos{Col: 2, Row: 2}, g)
	putGrid(t, f, "Week 3", layout.Pos{Col: 11, Row: 2}, sol)
	keyed := save(t, f, "keyed.xlsx")
	p, err = Read(keyed, Options{Range: "B2:J10"})
	require.NoError(t, err)
	_, err = p.Solve()
	require.ErrorIs(t, err, solve.ErrNotUnique)
	assert.NotContains(t, err.Error(), "the sheet holds a puzzle")
}

// TestOpenNotAZip: a file named .xlsx that is no zip is told apart by
// what it holds: text is told to be named .txt, which is read as puzzles
// ("save it as .xlsx" told a puzzle file's owner to do what was done: a
// walk of 3 December); anything else to be saved as .xlsx.
func TestOpenNotAZip(t *testing.T) {
	for _, tt := range []struct {
		name string
		data []byte
		want string
	}{
		{"text", []byte("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"), "holds text, not a workbook; text is read as puzzles when the file's name does not end in .xlsx: name it "},
		{"text with a byte order mark and accents", []byte("\ufeff# Übung\r\n53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\r\n"), "holds text, not a workbook"},
		{"binary", []byte{0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3, 0xff, 0xfe}, "is not an .xlsx or .xlsm workbook"},
		// Text that is no puzzles is a spreadsheet saved another way: to
		// be saved as .xlsx, not renamed .txt (found in review).
		{"CSV", []byte("5,3,,,7,,,,\n6,,,1,9,5,,,\n"), "is not an .xlsx or .xlsm workbook"},
		{"HTML", []byte("<html><body><table><tr><td>5</td></tr></table></body></html>\n"), "is not an .xlsx or .xlsm workbook"},
		{"a grid", []byte("# week 3\n\n5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n"), "holds text, not a workbook"},
		{"UTF-16", []byte("\xff\xfe5\x003\x00.\x00"), "is not an .xlsx or .xlsm workbook"},
		// A student's PDF export or screenshot, named .xlsx (a walk of 3 December).
		{"PDF", []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n"), "is a PDF document, not a workbook (named .xlsx all the same); the workbook itself is needed: ask for the .xlsx file"},
		{"PNG", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "is a PNG picture, not a workbook"},
		{"JPEG", []byte("\xff\xd8\xff\xe0\x00\x10JFIF"), "is a JPEG picture, not a workbook"},
	} {
		path := filepath.Join(t.TempDir(), "p.xlsx")
		require.NoError(t, os.WriteFile(path, tt.data, 0o644))
		_, err := Read(path, Options{})
		require.ErrorIs(t, err, ErrOpen, tt.name)
		assert.ErrorContains(t, err, tt.want, tt.name)
		if strings.HasPrefix(tt.want, "holds text") {
			assert.ErrorContains(t, err, strings.TrimSuffix(path, ".xlsx")+".txt", tt.name)
		}
	}
}
