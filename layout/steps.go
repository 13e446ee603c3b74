package layout

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xlsudoku/xlsudoku/solve"
)

// The Steps sheet lists a human-style solve, one table row per step, and
// draws every step past the singles as a picture (steppicture.go) under
// its row:
//
//	   B    C                  D                     E                F
//	1  Steps of book.xlsx / Week 3!B2:J10 (the title, merged across)
//	2       Grade              Hard                  [5] pictures: the pattern's cells and digits
//	3       Score              1234                  [5] a chain's nodes; its cells and fins in yellow
//	4       Hardest technique  X-Wing                [5] a candidate the step eliminates
//	5       Steps              57                    [5] a digit the step places
//	6       Techniques used    Full House 12, Naked Single 20, ... (D to F)
//	7
//	8  #    Technique          Step                         Placements           Eliminations
//	9  1    Hidden Single      Hidden Single: in box 4, ... r5c2 = 7 ('Week 3'!C6)
//	10 2    Pointing           Pointing: in box 1, 3 ...                         r2c5, r2c7 ≠ 3 ('Week 3'!F3, H3)
//	11 3    Pointing           Pointing: in box 2, ...
//	12      Step 2 · Pointing   Step 3 · Pointing    (captions)
//	13      [picture]           [picture]            (27 rows of squares for 9x9)
//
// The columns from C on are narrow, a picture's square wide, and each of
// the table's columns C to F spans several of them, merged: a picture
// needs columns as narrow as its squares, and it sits right under the
// text. Two steps in a row that both have pictures share a strip of two;
// a step and its picture are never split across printed pages. The
// header row has a fill, stays in view when the table scrolls, and is
// printed atop every page; the sheet prints in landscape, shrunk to the
// page's width, its title and "Page n of N" in the footer. A sheet with no
// picture (only singles) has an autofilter on the table; with pictures in
// its rows a filter would hide them, so it has none.

// The Steps sheet's columns: the first of the narrow columns each of the
// table's columns C to F spans, and the last column of all.
const (
	StepsNumberCol       = 2                                       // B: the step's number
	StepsTechniqueCol    = 3                                       // C: the technique's name
	StepsTextCol         = StepsTechniqueCol + stepsTechniqueUnits // D: the sentence
	StepsPlacementsCol   = StepsTextCol + stepsTextUnits           // E
	StepsEliminationsCol = StepsPlacementsCol + stepsPlacementUnits
	StepsLastCol         = StepsEliminationsCol + stepsElimUnits - 1

	// The spans of the table's columns, in columns of PictureUnit points.
	stepsTechniqueUnits = 11
	stepsTextUnits      = 30
	stepsPlacementUnits = 13
	stepsElimUnits      = 17

	StepsFontSize    = 10.0
	StepsHeaderFill  = "D9E2F3" // the table's header row
	StepsBandFill    = "F2F2F2" // every other step's row
	stepsLine        = 13.0     // points per line of 10pt text
	stepsNumberWidth = 26.25    // column B, in points
	captionHeight    = 15.0     // the caption row above a picture
	pictureGap       = 2        // columns between two pictures of a strip
)

// stepsSpans are the first and last columns of the table's columns B to F.
var stepsSpans = [5][2]int{
	{StepsNumberCol, StepsNumberCol},
	{StepsTechniqueCol, StepsTextCol - 1},
	{StepsTextCol, StepsPlacementsCol - 1},
	{StepsPlacementsCol, StepsEliminationsCol - 1},
	{StepsEliminationsCol, StepsLastCol},
}

// stepsWidths are the widths of the table's columns B to F, in points.
var stepsWidths = [...]float64{stepsNumberWidth, stepsTechniqueUnits * PictureUnit, stepsTextUnits * PictureUnit,
	stepsPlacementUnits * PictureUnit, stepsElimUnits * PictureUnit}

// stepsCharWidth is the width of an average character of the table's 10pt
// text, in points: wrapping at word breaks loses some of a line, so a row
// may have room to spare, but no text is cut.
const stepsCharWidth = 4.4

// mergedShare is the share of a merged cell's width that its wrapped text
// fills, as LibreOffice wraps it (by measure, with a margin).
const mergedShare = 0.8

// StepsHeaderRow is the row of the table's header: below the title, five
// rows of summary and a gap.
const StepsHeaderRow = 8

// StepsSheet lays out the Steps sheet of ex, the explanation of the puzzle
// start. title goes above (its lines separated by "\n"); sheet and cell
// name the puzzle's cells the way the user sees them: sheet "Week 3",
// cell(r, c) "C6" for 0-based puzzle row r and column c.
func StepsSheet(title, sheet string, cell func(r, c int) string, start solve.Grid, ex *solve.Explanation) Sheet {
	var sh Sheet
	first, last := StepsNumberCol, StepsLastCol
	width := 0.0
	for _, w := range stepsWidths {
		width += w
	}
	sh.Add(Title(title, Rect{Pos{first, 1}, Pos{last, 1}}, width))
	sh.ColWidths[1] = MarginColWidth
	sh.ColWidths[first] = stepsNumberWidth
	for c := StepsTechniqueCol; c <= last; c++ {
		sh.ColWidths[c] = PictureUnit
	}
	pictured := 0
	for i := range ex.Steps {
		if Pictured(&ex.Steps[i]) {
			pictured++
		}
	}

	label := Style{FontSize: StepsFontSize, Bold: true, HAlign: AlignStart, VAlign: AlignStart}
	value := Style{FontSize: StepsFontSize, HAlign: AlignStart, VAlign: AlignStart, Wrap: true}
	// The values span column D, the last one D to F; the legend of the
	// pictures fills E and F beside the others.
	valueEnd := StepsPlacementsCol - 1
	row := 2
	fact := func(name string, v Cell) {
		sh.span(row, stepsSpans[1], Cell{Text: name, Style: label})
		v.Style = value
		sh.span(row, [2]int{StepsTextCol, valueEnd}, v)
		sh.RowHeights[row] = stepsLine + 3
		row++
	}
	fact("Grade", Cell{Text: ex.Grade.String()})
	if ex.Score > 0 {
		fact("Score", Cell{Number: ex.Score})
	} else {
		fact("Score", Cell{Text: "0"})
	}
	hardest := "none (the grid was complete)"
	if ex.Hardest != solve.NoTechnique {
		hardest = ex.Hardest.String()
	}
	fact("Hardest technique", Cell{Text: hardest})
	if n := len(ex.Steps); n > 0 {
		fact("Steps", Cell{Number: n})
	} else {
		fact("Steps", Cell{Text: "0"})
	}
	used := TechniqueCounts(ex.Counts)
	valueEnd = StepsLastCol
	fact("Techniques used", Cell{Text: used})
	sh.RowHeights[row-1] = textHeight([]string{used}, []float64{mergedShare * (stepsWidths[2] + stepsWidths[3] + stepsWidths[4])})
	if pictured > 0 {
		sh.legend(2)
	}
	sh.RowHeights[row] = 8 // a gap
	row++

	header := row // StepsHeaderRow
	head := Style{FontSize: StepsFontSize, Bold: true, Fill: StepsHeaderFill, VAlign: AlignCenter, HAlign: AlignStart,
		Border: Borders{Thin, Thin, Thin, Thin}}
	for i, name := range []string{"#", "Technique", "Step", "Placements", "Eliminations"} {
		sh.span(header, stepsSpans[i], Cell{Text: name, Style: head})
	}
	sh.RowHeights[header] = stepsLine + 5

	// The rows have no lines, which in merged cells would take a styled
	// cell per column, but every other one a light fill.
	body := Style{FontSize: StepsFontSize, HAlign: AlignStart, VAlign: AlignStart, Wrap: true}
	num := body
	num.HAlign, num.Wrap = AlignCenter, false
	banded, bandedNum := body, num
	banded.Fill, bandedNum.Fill = StepsBandFill, StepsBandFill
	var textWidths [4]float64
	for k := range textWidths {
		textWidths[k] = mergedShare * stepsWidths[1+k]
	}
	prows, pcols := PictureSize(start.Shape)
	// Room for every cell at once: a sheet of pictures is large, and each
	// growth of the slice would copy all of it.
	sh.Cells = slices.Grow(sh.Cells, 5*len(ex.Steps)+pictured*(prows+1)*pcols)
	pair := 2*pcols+pictureGap <= last-StepsTechniqueCol+1
	// Two steps share a strip of pictures, unless their rows and the
	// pictures are too tall for a printed page together and one step's
	// row and picture are not: then each step keeps its picture on its
	// page. Where the first step's text and picture are too tall for one
	// (a forcing net written out), its picture goes to the next page, and
	// the pair shares it only when the second step's rows and the strip
	// fit that page: a nested net's rows, running over pages, would come
	// between the first step and its picture.
	room := math.Inf(1)
	for _, paper := range []Paper{A4, Letter} {
		p := Print{Landscape: true, Fit: FitWidth} // as set below
		room = min(room, p.PageHeight(paper, width)-sh.RowHeights[header])
	}
	pictureHeight := captionHeight + float64(prows)*pictureRowHeight(start.Shape) + 8
	pictureAt := make([]Pos, len(ex.Steps))
	row = header
	textsOf := func(i int) []string {
		s := &ex.Steps[i]
		// Digits as the pictures show them: 10 and up as numbers, not as
		// the text format's letters ("C fits only in r7c1" above a
		// picture of 12s: a walk of 3 December).
		return []string{s.Technique.String(), s.TextWith(strconv.Itoa),
			breakBeforeRefs(Placements(s.Placements, sheet, cell), charsPerLine(textWidths[2])),
			breakBeforeRefs(Eliminations(s.Eliminations, sheet, cell), charsPerLine(textWidths[3]))}
	}
	var next []string // the texts of the step after the last row, made to decide a pair
	// stepRow writes step i's row, or rows when its texts are too long for
	// one (a nested forcing net written out), and returns their height.
	stepRow := func(i int, texts []string) float64 {
		st, stNum := body, num
		if i%2 == 1 {
			st, stNum = banded, bandedNum
		}
		height := 0.0
		for j, part := range splitRow(texts, textWidths[:]) {
			row++
			cell := Cell{Pos: Pos{first, row}, Style: stNum}
			if j == 0 {
				cell.Number = i + 1
			}
			sh.Cells = append(sh.Cells, cell)
			for k, t := range part {
				sh.span(row, stepsSpans[1+k], Cell{Text: t, Style: st})
			}
			sh.RowHeights[row] = textHeight(part, textWidths[:])
			height += sh.RowHeights[row]
		}
		return height
	}
	caption := Style{FontSize: 9, Bold: true, HAlign: AlignStart, VAlign: AlignCenter}
	for i := 0; i < len(ex.Steps); i++ {
		top := row + 1
		texts := next
		if texts == nil {
			texts = textsOf(i)
		}
		next = nil
		height := stepRow(i, texts)
		if !Pictured(&ex.Steps[i]) {
			continue
		}
		strip := []int{i}
		if pair && i+1 < len(ex.Steps) && Pictured(&ex.Steps[i+1]) {
			next = textsOf(i + 1)
			alone := height+pictureHeight <= room
			rest := rowsHeight(next, textWidths[:]) + pictureHeight
			if alone && height+rest <= room || !alone && rest <= room {
				i++
				stepRow(i, next)
				strip = append(strip, i)
				next = nil
			}
		}
		row++
		sh.RowHeights[row] = captionHeight
		for k, j := range strip {
			col := StepsTechniqueCol + k*(pcols+pictureGap)
			sh.span(row, [2]int{col, col + pcols - 1},
				Cell{Text: fmt.Sprintf("Step %d · %s", j+1, ex.Steps[j].Technique.ShortName()), Style: caption})
			pictureAt[j] = Pos{col, row + 1}
		}
		captionRow := row
		row += prows + 1
		sh.RowHeights[row] = 8 // a gap under the pictures
		// The steps and their pictures on one page, or when long texts
		// make them too tall for one, the pictures at least.
		sh.Print.Keep = append(sh.Print.Keep, [2]int{top, row}, [2]int{captionRow, row})
	}
	if pictured > 0 {
		ReplaySteps(start, ex.Steps, func(i int, m *Marks) {
			if Pictured(&ex.Steps[i]) {
				drawPicture(&sh.Board, start, m, &ex.Steps[i], pictureAt[i])
			}
		})
	}
	end := max(row, header)
	sh.Area = Rect{Pos{1, 1}, Pos{last, end}}
	sh.Freeze = Pos{1, header + 1}
	if pictured == 0 {
		sh.Filter = Rect{Pos{first, header}, Pos{last, end}}
	}
	// No gridlines: they would cross the pictures' cells on screen; the
	// table's rows are banded instead.
	sh.Gridlines = false
	keep := sh.Print.Keep
	sh.Print = Print{Area: Rect{Pos{first, 1}, Pos{last, end}}, Landscape: true, Fit: FitWidth, CenterH: true,
		TitleRows: [2]int{header, header}, Footer: strings.ReplaceAll(title, "\n", " · "), PageNumbers: true, Keep: keep}
	return sh
}

// span draws c at row across columns cols[0] to cols[1], merged when that
// is more than one column. Apps take a merged cell's value, font and fill
// from its first cell but draw the lines of every cell, so every column
// of the span gets c's style when it has lines.
func (sh *Sheet) span(row int, cols [2]int, c Cell) {
	c.Pos = Pos{cols[0], row}
	sh.Cells = append(sh.Cells, c)
	for col := cols[0] + 1; col <= cols[1] && c.Style.Border != (Borders{}); col++ {
		sh.Cells = append(sh.Cells, Cell{Pos: Pos{col, row}, Style: c.Style})
	}
	if cols[1] > cols[0] {
		sh.Merges = append(sh.Merges, Rect{c.Pos, Pos{cols[1], row}})
	}
}

// legend explains the colours of the pictures, in rows row to row+3 of
// columns E and F: a sample candidate drawn as the pictures draw it, and what it
// means.
func (sh *Sheet) legend(row int) {
	text := Style{FontSize: StepsFontSize, HAlign: AlignStart, VAlign: AlignCenter}
	sample := Style{FontSize: math.Round(PictureUnit * 0.68), HAlign: AlignCenter, VAlign: AlignCenter, Border: Borders{Thin, Thin, Thin, Thin}}
	keys := []struct {
		style func(*Style)
		what  string
	}{
		{func(s *Style) { s.Fill, s.Bold, s.Color = PatternFill, true, PatternText }, "pictures: the pattern's cells and digits"},
		{func(s *Style) { s.Fill, s.Bold = NodeFill, true }, "a chain's nodes; its cells and fins in yellow"},
		{func(s *Style) { s.Fill, s.Bold, s.Strike, s.Color = ElimFill, true, true, ElimColor }, "a candidate the step eliminates"},
		{func(s *Style) { s.Fill, s.Bold, s.Color = PlaceFill, true, PlaceColor }, "a digit the step places"},
	}
	for k, key := range keys {
		r := row + k
		st := sample
		key.style(&st)
		sh.Cells = append(sh.Cells, Cell{Pos: Pos{StepsPlacementsCol, r}, Number: 5, Style: st})
		sh.span(r, [2]int{StepsPlacementsCol + 2, StepsLastCol}, Cell{Text: key.what, Style: text})
	}
}

// TechniqueCounts lists the techniques of counts with their number of
// steps, in the order the solver tries them (easiest first):
// "Full House 12, Naked Single 20, X-Wing 1".
func TechniqueCounts(counts map[solve.Technique]int) string {
	var parts []string
	for t := solve.NoTechnique + 1; t <= solve.BruteForce; t++ {
		if n := counts[t]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", t, n))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// Placements writes a step's placements, one a line: "r5c2 = 7 ('Week 3'!C6)",
// 10 and up as numbers.
func Placements(ps []solve.Candidate, sheet string, cell func(r, c int) string) string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = fmt.Sprintf("%v = %d (%s%s)", p.Cell, p.Digit, SheetRef(sheet), cell(p.Row, p.Col))
	}
	return strings.Join(lines, "\n")
}

// breakBeforeRefs starts the sheet's cells of each line of t that is
// longer than perLine characters on a line of their own: "r7c11 = 7
// (Puzzle!L8)" wrapped where the app chose, after the "!", leaving "L8)"
// alone on the next line.
func breakBeforeRefs(t string, perLine int) string {
	lines := strings.Split(t, "\n")
	for i, line := range lines {
		if utf8.RuneCountInString(line) <= perLine {
			continue
		}
		// The first " (": the cells before it are written without one, a
		// sheet's name may have one ("Puzzle 1 (2)": a review of 3 December).
		if k := strings.Index(line, " ("); k > 0 {
			lines[i] = line[:k] + "\n" + line[k+1:]
		}
	}
	return strings.Join(lines, "\n")
}

// Eliminations writes a step's eliminations a digit to a line, the digits
// in the order they first come: "r2c5, r2c7 ≠ 3 (Week 3!F3, H3)", 10 and up
// as numbers.
func Eliminations(es []solve.Candidate, sheet string, cell func(r, c int) string) string {
	var order []int
	by := map[int][]solve.Cell{}
	for _, e := range es {
		if _, ok := by[e.Digit]; !ok {
			order = append(order, e.Digit)
		}
		by[e.Digit] = append(by[e.Digit], e.Cell)
	}
	lines := make([]string, len(order))
	for i, d := range order {
		var rc, names strings.Builder
		for k, c := range by[d] {
			if k > 0 {
				rc.WriteString(", ")
				names.WriteString(", ")
			} else {
				names.WriteString(SheetRef(sheet))
			}
			rc.WriteString(c.String())
			names.WriteString(cell(c.Row, c.Col))
		}
		lines[i] = fmt.Sprintf("%s ≠ %d (%s)", rc.String(), d, names.String())
	}
	return strings.Join(lines, "\n")
}

// textHeight estimates the points a table row needs for texts wrapped in
// columns of widths (points): the tallest cell's lines.
func textHeight(texts []string, widths []float64) float64 {
	lines := 1
	for i, t := range texts {
		lines = max(lines, textLines(t, charsPerLine(widths[i])))
	}
	return math.Ceil(float64(lines)*stepsLine + 3)
}

// charsPerLine is how many characters of the table's text a line of a
// column width points wide holds, as textHeight reckons.
func charsPerLine(width float64) int { return max(1, int(width/stepsCharWidth)) }

// textLines is how many lines t takes wrapped at perLine characters, as
// textHeight reckons: each of its lines at least one.
func textLines(t string, perLine int) int {
	n := 0
	for line := range strings.SplitSeq(t, "\n") {
		n += max(1, (utf8.RuneCountInString(line)+perLine-1)/perLine)
	}
	return n
}

// maxTextLines is how many lines of text a table row holds: Excel takes
// no row taller than MaxRowHeight.
var maxTextLines = int(math.Floor((MaxRowHeight - 3) / stepsLine))

// rowsHeight is the height of the rows splitRow makes of texts.
func rowsHeight(texts []string, widths []float64) float64 {
	h := 0.0
	for _, part := range splitRow(texts, widths) {
		h += textHeight(part, widths)
	}
	return h
}

// splitRow cuts a table row's texts (one per column of widths) into rows
// of at most maxTextLines lines each: the text of a long step goes on in
// the rows below, "…" marking where it breaks. A row that fits is kept
// whole.
func splitRow(texts []string, widths []float64) [][]string {
	if textHeight(texts, widths) <= MaxRowHeight {
		return [][]string{texts}
	}
	var cols [][]string
	n := 0
	for k, t := range texts {
		cols = append(cols, splitText(t, charsPerLine(widths[k]), maxTextLines))
		n = max(n, len(cols[k]))
	}
	rows := make([][]string, n)
	for r := range rows {
		rows[r] = make([]string, len(texts))
		for k := range texts {
			if r < len(cols[k]) {
				rows[r][k] = cols[k][r]
			}
		}
	}
	return rows
}

// splitText cuts t into pieces of at most maxLines lines of perLine
// characters (as textLines reckons them), between lines where it can and
// else at a space, a cut piece ending in " …" and the next starting with
// "… ".
func splitText(t string, perLine, maxLines int) []string {
	if perLine*maxLines < 8 {
		return []string{t} // no room for a word and the marks
	}
	var pieces []string
	var cur []string // the lines of the piece being filled
	used := 0
	flush := func() {
		if len(cur) > 0 {
			pieces = append(pieces, strings.Join(cur, "\n"))
			cur, used = nil, 0
		}
	}
	for line := range strings.SplitSeq(t, "\n") {
		cont := false // line is the rest of a line cut before
		for {
			shown := line
			if cont {
				shown = "… " + line
			}
			if n := textLines(shown, perLine); used+n <= maxLines {
				cur = append(cur, shown)
				used += n
				break
			}
			room := (maxLines-used)*perLine - 2 // characters left for the line and " …"
			if cont {
				room -= 2 // and "… "
			}
			head, rest, ok := cutAtSpace(line, room)
			if !ok {
				if used > 0 {
					flush() // the line may fit a piece of its own
					continue
				}
				r := []rune(line) // no space to cut at: cut anywhere
				cut := max(1, min(room, len(r)-1))
				head, rest = string(r[:cut]), string(r[cut:])
			}
			if cont {
				head = "… " + head
			}
			cur = append(cur, head+" …")
			flush()
			line, cont = rest, true
		}
	}
	flush()
	return pieces
}

// cutAtSpace splits s at its last space within its first n characters;
// ok is false when there is none.
func cutAtSpace(s string, n int) (head, rest string, ok bool) {
	r := []rune(s)
	if n <= 0 || n >= len(r) {
		return s, "", false
	}
	for i := n; i > 0; i-- {
		if r[i] == ' ' {
			return string(r[:i]), strings.TrimLeft(string(r[i:]), " "), true
		}
	}
	return s, "", false
}
