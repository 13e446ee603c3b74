package layout

import (
	"math"
	"strings"
	"unicode/utf8"
)

// Title measures.
const (
	TitleFontSize  = 12.0
	MarginColWidth = 15.75 // column A, left of the boards, in points
	// titleCharEm is the width of an average character of a bold title,
	// as a share of its size: generous, for wide fonts such as Verdana.
	titleCharEm = 0.62
)

// Title draws text in bold across area, merged into one cell when area is
// wider than a cell. Lines break at "\n" and wrap; the row is made tall
// enough for the lines that a width of width points holds.
func Title(text string, area Rect, width float64) Board {
	b := Board{
		Area:       area,
		ColWidths:  map[int]float64{},
		RowHeights: map[int]float64{area.Min.Row: titleHeight(text, width)},
		Cells: []Cell{{Pos: area.Min, Text: text, Style: Style{
			FontSize: TitleFontSize, Bold: true, HAlign: AlignStart, VAlign: AlignCenter, Wrap: true,
		}}},
	}
	if area.Min != area.Max {
		b.Merges = []Rect{area}
	}
	return b
}

// titleHeight estimates the points a wrapped title needs in a width of
// width points.
func titleHeight(text string, width float64) float64 {
	perLine := max(1, math.Floor(width/(titleCharEm*TitleFontSize)))
	lines := 0.0
	for line := range strings.SplitSeq(text, "\n") {
		lines += max(1, math.Ceil(float64(utf8.RuneCountInString(line))/perLine))
	}
	return math.Ceil(lines*TitleFontSize*1.35 + 6)
}

// TextHeight estimates the points that text of size points, wrapped in a
// width of width points, needs: an average character is taken as 0.6 of
// the size wide (wide fonts such as Verdana; narrower ones leave room).
func TextHeight(text string, width, size float64) float64 {
	perLine := max(1, math.Floor(width/(0.6*size)))
	lines := 0.0
	for line := range strings.SplitSeq(text, "\n") {
		lines += max(1, math.Ceil(float64(utf8.RuneCountInString(line))/perLine))
	}
	return math.Ceil(lines*size*1.25 + 4)
}
