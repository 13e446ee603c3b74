package workbook

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// BenchmarkRead opens a one-puzzle workbook and reads its puzzle.
func BenchmarkRead(b *testing.B) {
	in := classicBook(b)
	for b.Loop() {
		if _, err := Read(in, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWrite renders the Solution and Candidates sheets and writes,
// checks and renames the output.
func BenchmarkWrite(b *testing.B) {
	in := classicBook(b)
	p, err := Read(in, Options{})
	require.NoError(b, err)
	sol, err := p.Solve()
	require.NoError(b, err)
	out := filepath.Join(b.TempDir(), "out.xlsx")
	for b.Loop() {
		if _, err := Write(p, sol, out, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// hugeBook is the classic puzzle on its first sheet and a second sheet of
// rows x 20 numbers.
func hugeBook(t testing.TB, rows int) string {
	f := newBook(t, "Puzzle")
	putGrid(t, f, "Puzzle", layoutB2, grid(t, classic))
	_, err := f.NewSheet("Data")
	require.NoError(t, err)
	sw, err := f.NewStreamWriter("Data")
	require.NoError(t, err)
	row := make([]any, 20)
	for r := 1; r <= rows; r++ {
		for c := range row {
			row[c] = r*20 + c
		}
		cell, _ := excelize.CoordinatesToCellName(1, r)
		require.NoError(t, sw.SetRow(cell, row))
	}
	require.NoError(t, sw.Flush())
	return save(t, f, "huge.xlsx")
}

// BenchmarkHugeSheetElsewhere is Read and Write of a workbook with a
// 2,000,000-cell sheet besides the puzzle's: the big sheet is copied, not
// read.
func BenchmarkHugeSheetElsewhere(b *testing.B) {
	in := hugeBook(b, 100_000)
	out := filepath.Join(b.TempDir(), "out.xlsx")
	for b.Loop() {
		p, err := Read(in, Options{})
		if err != nil {
			b.Fatal(err)
		}
		sol, _ := p.Solve()
		if _, err := Write(p, sol, out, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestHugeSheetElsewhereIsNotRead: a sheet of a million cells beside the
// puzzle's is copied, never unpacked: not parsed, not checked (parts
// over opc's maxChecked are copied unchecked), so that it costs nothing.
// Watched through opc.OnUnpack, not timed: a timed bound failed in CI on
// a loaded machine, as our standards say timed tests do.
func TestHugeSheetElsewhereIsNotRead(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a large workbook")
	}
	huge := hugeBook(t, 50_000)
	var mu sync.Mutex
	unpacked := map[string]bool{}
	watch := func(name string) {
		mu.Lock()
		defer mu.Unlock()
		unpacked[name] = true
	}
	opc.OnUnpack.Store(&watch)
	defer opc.OnUnpack.Store(nil)
	out := filepath.Join(t.TempDir(), "out.xlsx")
	p, err := Read(huge, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	_, err = Write(p, sol, out, Options{})
	require.NoError(t, err)
	mu.Lock()
	assert.True(t, unpacked["xl/worksheets/sheet1.xml"], "the puzzle's sheet is read (the watch works)")
	assert.False(t, unpacked["xl/worksheets/sheet2.xml"], "the huge sheet is never unpacked")
	mu.Unlock()
	assert.Equal(t, unzip(t, huge)["xl/worksheets/sheet2.xml"], unzip(t, out)["xl/worksheets/sheet2.xml"])
}

// BenchmarkGradeBook reads back and grades every puzzle of a book of 30
// worksheets handed back untouched, which looks on every other sheet for
// work done there (workElsewhere): a teacher grades a class of such
// files. (The search ran a detection of each sheet per puzzle at
// 265b2c5: 1.32 s an op against 0.51 s at 48e2c42, -benchtime 5x.)
func BenchmarkGradeBook(b *testing.B) {
	book := filepath.Join(b.TempDir(), "book.xlsx")
	require.NoError(b, WriteWorksheetBook(book, testPuzzles(b, 30), BookOptions{}, WorksheetOptions{}))
	for b.Loop() {
		rs, err := ReadReturned(book, Options{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range rs {
			if _, err := GradeReturned(r); err != nil {
				b.Fatal(err)
			}
		}
	}
}
