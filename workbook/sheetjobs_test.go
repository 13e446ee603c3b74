package workbook

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
