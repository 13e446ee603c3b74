package workbook

import (
	"bytes"
	"compress/flate"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/layout"
)

// TestBookIsTheSameEveryTime: the sheets of a book are laid out and
// written side by side, but the styles are numbered in sheet order, so
// the same puzzles make the same parts, on one core or several, in
// batches or not.
func TestBookIsTheSameEveryTime(t *testing.T) {
	puzzles := testPuzzles(t, 40)
	for _, opts := range []BookOptions{{}, {SheetPerPuzzle: true}} {
		var books []map[string][]byte
		for _, procs := range []int{1, 4, 4} {
			prev := runtime.GOMAXPROCS(procs)
			out := filepath.Join(t.TempDir(), "book.xlsx")
			require.NoError(t, WriteGenerated(out, puzzles, opts))
			runtime.GOMAXPROCS(prev)
			books = append(books, unzip(t, out))
		}
		require.Greater(t, len(books[0]), 5)
		for _, b := range books[1:] {
			require.Equal(t, len(books[0]), len(b))
			for name, data := range books[0] {
				assert.Equal(t, data, b[name], "%s, sheet per puzzle %v", name, opts.SheetPerPuzzle)
			}
		}
	}
}

// TestDeflateSheet: a sheet's part compressed as it is written (in pieces
// of sheetFlush), its cells laid out a band at a time, is the part
// sheetPart writes whole from all its cells.
func TestDeflateSheet(t *testing.T) {
	// More than two bands of the Catalogue, the 80 puzzles over again.
	some := testPuzzles(t, 80)
	puzzles := make([]GeneratedPuzzle, 2*catalogueBand+10)
	for i := range puzzles {
		puzzles[i] = some[i%len(some)]
		puzzles[i].Number = i + 1
	}
	sheets, err := tiledSheets(puzzles, BookOptions{PerPage: 4, Title: "T"}, layout.A4)
	require.NoError(t, err)
	tab, ok := newStyleTable(newBookStyles)
	require.True(t, ok)
	r := newTableRenderer(tab, "")
	for _, s := range sheets {
		var sh layout.Sheet
		var bands cellBands
		if s.drawBands != nil {
			sh, bands, err = s.drawBands()
			require.NoError(t, err)
			require.Greater(t, bands.n, 2, "%s is laid out in bands", s.name)
			styles, _ := sheetStyles(&sh, &bands)
			if bands.styles != nil {
				// The styles it gives without laying the bands out are
				// those of laying them out.
				walked := bands
				walked.styles = nil
				assert.Equal(t, bandStyles(&walked), styles, s.name)
				assert.Equal(t, walked.last, bands.last, s.name)
			}
		} else {
			sh, err = s.draw()
			require.NoError(t, err)
			bands = wholeBand(&sh)
		}
		all := sh
		all.Cells = nil
		for i := range bands.n {
			all.Cells = append(all.Cells, bands.band(nil, i)...)
		}
		banded := sh
		whole, err := r.sheetPart(&all, layout.A4, true)
		require.NoError(t, err)
		require.Greater(t, len(whole), 2*sheetFlush, "big enough to be written in pieces")
		zipped, crc, size, err := deflateBands(r, &banded, bands, layout.A4, true)
		require.NoError(t, err)
		assert.Equal(t, len(whole), size)
		assert.Equal(t, crc32.ChecksumIEEE(whole), crc)
		var part bytes.Buffer
		_, err = zipped.WriteTo(&part)
		require.NoError(t, err)
		assert.Equal(t, zipped.Len(), part.Len())
		got, err := io.ReadAll(flate.NewReader(&part))
		require.NoError(t, err)
		assert.Equal(t, string(whole), string(got))
	}
}

// TestSpool: a spool gives back what was written to it, in order, however
// the writes fall across its chunks.
func TestSpool(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, sizes := range [][]int{
		{},
		{0},
		{1},
		{spoolChunk},
		{spoolChunk - 1, 1, 1},
		{spoolChunk + 1},
		{3*spoolChunk + 17, 5, spoolChunk - 5, 0, 2 * spoolChunk},
	} {
		var s spool
		var want []byte
		for _, n := range sizes {
			p := make([]byte, n)
			for i := range p {
				p[i] = byte(rng.IntN(256))
			}
			k, err := s.Write(p)
			require.NoError(t, err)
			require.Equal(t, n, k)
			want = append(want, p...)
		}
		var got bytes.Buffer
		n, err := s.WriteTo(&got)
		require.NoError(t, err)
		assert.Equal(t, int64(len(want)), n, "sizes %v", sizes)
		assert.Equal(t, len(want), s.Len(), "sizes %v", sizes)
		assert.True(t, bytes.Equal(want, got.Bytes()), "sizes %v", sizes)
	}
}

// TestBandsOutOfOrder: a band whose cells start above the end of the band
// before is a bug, reported rather than written as a broken sheet.
func TestBandsOutOfOrder(t *testing.T) {
	tab, ok := newStyleTable(newBookStyles)
	require.True(t, ok)
	r := newTableRenderer(tab, "")
	rows := [][]layout.Cell{
		{{Pos: layout.Pos{Col: 1, Row: 5}, Number: 1}},
		{{Pos: layout.Pos{Col: 2, Row: 5}, Number: 2}},
	}
	bands := cellBands{n: 2, band: func(dst []layout.Cell, i int) []layout.Cell { return append(dst, rows[i]...) }}
	_, _, _, err := deflateBands(r, &layout.Sheet{}, bands, layout.A4, true)
	require.ErrorContains(t, err, "band 2 start above row 5")
}

// TestSheetPanicReachesTheCaller: a bug that panics while a sheet is laid
// out on another goroutine panics in the caller of writeBook, where the
// command recovers it and reports an internal error, and leaves no file.
func TestSheetPanicReachesTheCaller(t *testing.T) {
	prev := runtime.GOMAXPROCS(2)
	defer runtime.GOMAXPROCS(prev)
	dir := t.TempDir()
	out := filepath.Join(dir, "book.xlsx")
	fine := func() (layout.Sheet, error) {
		return layout.SolutionSheet("x", grid(t, classic), grid(t, classic)), nil
	}
	sheets := []*ourSheet{{name: "A", draw: fine}, {name: "B", draw: func() (layout.Sheet, error) { panic("a bug") }}, {name: "C", draw: fine}}
	var got any
	func() {
		defer func() { got = recover() }()
		_ = writeBook(out, sheets, layout.A4, nil)
	}()
	require.NotNil(t, got)
	sp, ok := got.(*sheetPanic)
	require.True(t, ok, "%T", got)
	assert.Equal(t, "a bug", sp.String())
	assert.Contains(t, string(sp.Stack), "TestSheetPanicReachesTheCaller")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "no file left")
}
