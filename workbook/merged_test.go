package workbook

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/layout"
)

// TestGivenHiddenUnderMergedCells: a given under merged cells but the
// first, which the sheet does not show (LibreOffice keeps such values when
// it merges), is refused, named, rather than solved as a puzzle the sheet
// does not show (a walk of 3 December: solved silently, although the
// puzzle shown has two solutions). Merges that hide no given are no error.
func TestGivenHiddenUnderMergedCells(t *testing.T) {
	for _, tt := range []struct {
		name, merge string
		want        string // "" for no error
	}{
		{"a given hidden", "E2:F2", `Week 3!F2: 7 is hidden under the merged cells E2:F2, which show only E2's value: unmerge them, or clear F2`},
		{"the given shown", "F2:G2", ""},
		{"blanks merged", "D2:E2", ""},
		{"from outside the grid", "A3:B3", `Week 3!B3: 6 is hidden under the merged cells A3:B3, which show only A3's value: unmerge them, or clear B3`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := newBook(t, "Week 3")
			putGrid(t, f, "Week 3", layout.Pos{Col: 2, Row: 2}, grid(t, classic))
			path := save(t, f, "merged.xlsx")
			// Written into the part: excelize, merging, clears the
			// hidden cells.
			rezip(t, path, func(name string, data []byte) []byte {
				if name != "xl/worksheets/sheet1.xml" {
					return data
				}
				merge := `</sheetData><mergeCells count="1"><mergeCell ref="` + tt.merge + `"/></mergeCells>`
				return bytes.Replace(data, []byte("</sheetData>"), []byte(merge), 1)
			})
			p, err := Read(path, Options{})
			if tt.want == "" {
				require.NoError(t, err)
				assert.Equal(t, grid(t, classic), p.Grid)
				return
			}
			require.Error(t, err)
			assert.True(t, errors.Is(err, ErrCell), "%v", err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// TestMergedGivensOfAWorksheet: a worksheet of ours whose student merged
// two givens is read by its stored identity, whatever the cells show: no
// error (a walk of 3 December: solve and worksheet refused it, grade and
// hint read it).
func TestMergedGivensOfAWorksheet(t *testing.T) {
	ws, p, _ := writeWorksheet(t, classicBook(t), WorksheetOptions{})
	merged := false
	rezip(t, ws, func(name string, data []byte) []byte {
		// The worksheet's part: the one with its helper formulas, whose
		// status lines are merged already.
		if !bytes.Contains(data, []byte("COUNTIF")) {
			return data
		}
		merged = true
		return regexp.MustCompile(`<mergeCells[^>]*>`).ReplaceAll(data, []byte(`${0}<mergeCell ref="B2:C2"/>`))
	})
	require.True(t, merged)
	q, err := Read(ws, Options{Sheet: "Worksheet"})
	require.NoError(t, err)
	assert.Equal(t, p.Grid, q.Grid)
}

// TestMergesInChunks: the merged ranges are found wherever the chunks the
// sheet is searched in cut it, the mention and its element's '<' split
// between two (prefixed, too), and none where there are none.
func TestMergesInChunks(t *testing.T) {
	for _, prefix := range []string{"", "x:"} {
		for pad := range 40 {
			xml := "<" + prefix + "worksheet><" + prefix + "sheetData>" + strings.Repeat(" ", pad) + "<" + prefix + "row r=\"2\"/></" + prefix + "sheetData>" +
				"<" + prefix + "mergeCells count=\"2\"><" + prefix + "mergeCell ref=\"B2:C3\"/><" + prefix + "mergeCell ref=\"E5:F5\"/></" + prefix + "mergeCells></" + prefix + "worksheet>"
			for _, chunk := range []int{16, 50, 64, 1 << 20} {
				got, err := mergesIn(strings.NewReader(xml), chunk)
				require.NoError(t, err)
				assert.Equal(t, []layout.Rect{mustRect(t, "B2:C3"), mustRect(t, "E5:F5")}, got, "prefix %q, pad %d, chunk %d", prefix, pad, chunk)
			}
		}
	}
	// One mention alone (no <mergeCells> before it to be found first):
	// split anywhere, it is still read whole.
	for pad := range 40 {
		xml := "<worksheet>" + strings.Repeat(" ", pad) + `<x:mergeCell ref="B2:C3"/></worksheet>`
		got, err := mergesIn(strings.NewReader(xml), 16)
		require.NoError(t, err)
		assert.Equal(t, []layout.Rect{mustRect(t, "B2:C3")}, got, "pad %d", pad)
	}
	got, err := mergesIn(strings.NewReader("<worksheet><sheetData>"+strings.Repeat("<row/>", 1000)+"</sheetData></worksheet>"), 64)
	require.NoError(t, err)
	assert.Empty(t, got)
}

func mustRect(t *testing.T, s string) layout.Rect {
	t.Helper()
	r, err := layout.ParseRect(s)
	require.NoError(t, err)
	return r
}
