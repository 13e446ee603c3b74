package workbook

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/layout"
)

// TestStyleCacheNeverLies: of many styles, those the cache still holds
// come back with their own numbers, and one never put is not found.
func TestStyleCacheNeverLies(t *testing.T) {
	var styles []layout.Style
	lines := []layout.Line{layout.NoLine, layout.Thin, layout.Thick}
	for _, size := range []float64{0, 9, 17} {
		for _, color := range []string{"", layout.GivenColor, layout.FilledColor} {
			for _, l := range lines {
				for _, r := range lines {
					for _, bold := range []bool{false, true} {
						styles = append(styles, layout.Style{FontSize: size, Color: color, Bold: bold,
							Border: layout.Borders{Left: l, Right: r}, HAlign: layout.AlignCenter})
					}
				}
			}
		}
	}
	var c styleCache
	for i := range styles {
		c.put(&styles[i], i)
	}
	found := 0
	for i := range styles {
		if id, ok := c.get(&styles[i]); ok {
			assert.Equal(t, i, id, "%+v", styles[i])
			found++
		}
	}
	assert.Greater(t, found, len(styles)/2)
	_, ok := c.get(&layout.Style{Font: "Courier New"})
	assert.False(t, ok)
}

// TestStyleCacheHoldsABooksStyles: the few styles of a book's tiled sheets
// each miss the cache once, so that the map behind it is hardly used.
func TestStyleCacheHoldsABooksStyles(t *testing.T) {
	puzzles := testPuzzles(t, 40)
	sheets, err := tiledSheets(puzzles, BookOptions{PerPage: 4, Title: "T"}, layout.A4)
	require.NoError(t, err)
	for _, s := range sheets[:2] {
		_, bands, err := s.drawBands()
		require.NoError(t, err)
		var c styleCache
		misses := 0
		distinct := map[layout.Style]bool{}
		for i := range bands.n {
			for _, cell := range bands.band(nil, i) {
				distinct[cell.Style] = true
				if _, ok := c.get(&cell.Style); !ok {
					misses++
					c.put(&cell.Style, 1)
				}
			}
		}
		assert.Equal(t, len(distinct), misses, s.name)
	}
}
