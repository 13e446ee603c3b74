package layout

import (
	"math"
	"strings"
	"unicode/utf8"
)

// Title measures.
const (
	TitleFontSize  = 12.0
	MarginColWidth = 3.0 // column A, left of the boards
)

// Title draws text in bold across area, merged into one cell when area is
// wider than a cell. Lines break at "\n" and wrap; the row is made tall
// enough for the lines that a width of widthChars characters holds.
func Title(text string, area Rect, widthChars float64) Board {
	b := Board{
		Area:       area,
		ColWidths:  map[int]float64{},
		RowHeights: map[int]float64{area.Min.Row: titleHeight(text, widthChars)},
		Cells: []Cell{{Pos: area.Min, Text: text, Style: Style{
			FontSize: TitleFontSize, Bold: true, HAlign: AlignStart, VAlign: AlignCenter, Wrap: true,
		}}},
	}
	if area.Min != area.Max {
		b.Merges = []Rect{area}
	}
	return b
}

// titleHeight estimates the points a wrapped title needs. A bold character
// of the title font is about 1.2 characters of the default width.
func titleHeight(text string, widthChars float64) float64 {
	perLine := max(1, widthChars/(1.2*TitleFontSize/11))
	lines := 0.0
	for line := range strings.SplitSeq(text, "\n") {
		lines += max(1, math.Ceil(float64(utf8.RuneCountInString(line))/perLine))
	}
	return math.Ceil(lines*TitleFontSize*1.35 + 6)
}
