package workbook

import (
	"math"
	"strings"
)

// Column widths are stored in digits of the workbook's default font: a
// width w is w times the width of the font's widest digit, in whole
// pixels at 96 dpi (ECMA-376 Part 1, 18.3.1.13). Our layouts measure in
// points, so that a board's cells come out square whatever the font;
// renderer.units turns points into the font's units.

// digitEm is the advance of a digit, as a share of the font's size, for
// the fonts workbooks are commonly set in and those that stand in for
// them.
var digitEm = map[string]float64{
	"calibri":          0.507,
	"carlito":          0.507,
	"aptos":            0.561,
	"aptos narrow":     0.480,
	"arial":            0.556,
	"helvetica":        0.556,
	"liberation sans":  0.556,
	"verdana":          0.636,
	"dejavu sans":      0.636,
	"tahoma":           0.546,
	"segoe ui":         0.559,
	"cambria":          0.556,
	"times new roman":  0.500,
	"liberation serif": 0.500,
	"courier new":      0.600,
	"consolas":         0.550,
}

// digitPixels is the width of the widest digit of a font of size points,
// in pixels at 96 dpi, as spreadsheet apps measure it: Calibri 11 and
// Arial 10 give 7. A font not listed is taken to be as wide as Calibri.
func digitPixels(font string, size float64) int {
	em, ok := digitEm[strings.ToLower(strings.TrimSpace(font))]
	if !ok {
		em = digitEm["calibri"]
	}
	return max(1, int(math.Floor(size*96/72*em)))
}
