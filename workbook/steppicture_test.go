package workbook

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

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
