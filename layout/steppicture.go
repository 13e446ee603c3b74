package layout

import (
	"math"

	"github.com/xlsudoku/xlsudoku/solve"
)

// A step picture is a small pencil-mark board of the position a step was
// found on: every unsolved cell a block of squares, one per digit (as on
// the Candidates board, a 3x3 block for 9x9), showing the cell's
// candidates; a solved cell its digit, large, merged over its block
// (givens bold on grey, the solver's digits blue). Thin lines between
// cells, thick ones around boxes. The step is drawn in colour:
//
//   - the cells of its pattern (Step.Cells, and an Empty Rectangle's box
//     cells holding its digit) on PatternFill, the digits of the pattern
//     (Step.Digits) in them bold and blue;
//   - the cells its links or fins run through (Step.Fins, the nodes of
//     Step.Chain and their group cells, a W-Wing's strong link, the
//     digits a forcing net's premise forces, Step.Forced) on LinkFill,
//     each chain node's candidate bold on NodeFill;
//   - the candidates it eliminates red, bold and struck through, on
//     ElimFill;
//   - the digits it places green and bold, on PlaceFill.
//
// Every fill is light enough for the digits to read on paper, and each
// kind differs in its font too (bold, strike), so a grey print keeps
// them apart.

// The colours of the step pictures.
const (
	PatternFill = "BDD7EE" // the pattern's cells: pale blue
	LinkFill    = "FFE699" // cells of links, chains and fins: pale yellow
	NodeFill    = "F4B183" // a chain node's candidate: orange
	ElimColor   = "C00000" // an eliminated candidate: red, struck through
	ElimFill    = "FFC7CE"
	PlaceColor  = "007A33" // a placed digit: green
	PlaceFill   = "C6EFCE"
	PatternText = "1F4FD1" // the pattern's digits in its cells
)

// PictureUnit is the side of a candidate's square in a step picture, in
// points (14 pixels): the Steps sheet's columns are this wide.
const PictureUnit = 10.5

// Marks is a position of the human-style solve: the digits placed (givens
// and solved cells) and the candidates of the other cells, row-major.
type Marks struct {
	Grid  solve.Grid
	Cands []solve.Digits // 0 for a solved cell
}

// ReplaySteps calls visit with every step of steps and the position it
// was found on, starting from start's basic pencil marks: each step is
// applied as the solver applies it (a placement removes its digit from the
// cell's row, column and box; an elimination removes a candidate). visit
// must not keep m: it changes as the replay goes on. start must be a grid
// of a supported shape and steps its explanation's (solve.Explain of
// start), as must StepsSheet's: it panics on a cell outside the grid.
func ReplaySteps(start solve.Grid, steps []solve.Step, visit func(i int, m *Marks)) {
	s := start.Shape
	m := &Marks{Grid: start, Cands: start.Candidates()}
	for i := range m.Cands {
		if start.Cells[i] != 0 {
			m.Cands[i] = 0
		}
	}
	bands := s.Size / s.BoxCols // boxes across
	for i := range steps {
		visit(i, m)
		for _, p := range steps[i].Placements {
			m.Grid.Set(p.Row, p.Col, p.Digit)
			m.Cands[p.Row*s.Size+p.Col] = 0
			bit := ^solve.DigitsOf(p.Digit)
			box := p.Row/s.BoxRows*bands + p.Col/s.BoxCols
			for k := range s.Size * s.Size {
				r, c := k/s.Size, k%s.Size
				if r == p.Row || c == p.Col || r/s.BoxRows*bands+c/s.BoxCols == box {
					m.Cands[k] &= bit
				}
			}
		}
		for _, e := range steps[i].Eliminations {
			m.Cands[e.Row*s.Size+e.Col] &^= solve.DigitsOf(e.Digit)
		}
	}
}

// Pictured reports whether a step gets a picture: every step but the
// singles, which a sentence shows well enough.
func Pictured(s *solve.Step) bool {
	switch s.Technique {
	case solve.FullHouse, solve.NakedSingle, solve.HiddenSingle:
		return false
	}
	return true
}

// PictureSize is the number of sheet rows and columns of a step picture of
// shape s.
func PictureSize(s solve.Shape) (rows, cols int) {
	return s.Size * s.BoxRows, s.Size * s.BoxCols
}

// maxPictureHeight is the most a picture's squares may be tall in all, in
// points: what a 16x16's take, 64 rows of 6 points, so that a picture
// fits a printed page beside its caption and a step's row.
const maxPictureHeight = 384.0

// pictureRowHeight is the height of a picture's rows. The columns are all
// PictureUnit wide, so the rows make each puzzle cell square: boxes 2
// cells tall and 3 wide (a 6x6) have blocks of 2 by 3 squares, and rows
// half as tall again as the columns are wide (pictures of such boxes had
// printed half as wide again as tall). Pictures too tall for a page at
// that (16x16, 12x12) are squashed to maxPictureHeight.
func pictureRowHeight(s solve.Shape) float64 {
	rows, _ := PictureSize(s)
	square := PictureUnit * float64(s.BoxCols) / float64(s.BoxRows)
	return min(square, maxPictureHeight/float64(rows))
}

// square is how one candidate's square of a picture is drawn.
type squareMark uint8

const (
	markNone squareMark = iota
	markPattern
	markNode
	markElim
	markPlace
)

// StepPicture draws the position m that step s was found on, with its
// top-left square at at; givens tells the givens from the solver's digits.
func StepPicture(givens solve.Grid, m *Marks, s *solve.Step, at Pos) Board {
	rows, cols := PictureSize(givens.Shape)
	b := Board{
		Area:       RectAt(at, rows, cols),
		Cells:      make([]Cell, 0, rows*cols),
		ColWidths:  make(map[int]float64, cols),
		RowHeights: make(map[int]float64, rows),
	}
	drawPicture(&b, givens, m, s, at)
	for x := range cols {
		b.ColWidths[at.Col+x] = PictureUnit
	}
	return b
}

// drawPicture adds the picture of StepPicture to b's cells, merges and row
// heights (not its area nor its column widths).
func drawPicture(b *Board, givens solve.Grid, m *Marks, s *solve.Step, at Pos) {
	sh := givens.Shape
	n := sh.Size
	bh, bw := sh.BoxRows, sh.BoxCols
	rows, cols := PictureSize(sh)
	rowH := pictureRowHeight(sh)

	// What the step marks, by cell and by candidate (cell*n + digit-1).
	fill := make([]string, n*n)
	marks := make([]squareMark, n*n*n)
	for _, c := range s.Fins {
		fill[c.Row*n+c.Col] = LinkFill
	}
	node := func(c solve.Cell, d int) {
		fill[c.Row*n+c.Col] = LinkFill
		if d >= 1 && d <= n {
			marks[(c.Row*n+c.Col)*n+d-1] = markNode
		}
	}
	for k, c := range s.Chain {
		node(c.Cell, c.Digit)
		if k < len(s.ChainCells) {
			for _, g := range s.ChainCells[k] {
				node(g, c.Digit)
			}
		}
	}
	for _, c := range s.Forced {
		node(c.Cell, c.Digit) // what a forcing net's premise forces
	}
	for _, c := range s.Cells {
		i := c.Row*n + c.Col
		fill[i] = PatternFill
		for _, d := range s.Digits.List() {
			if d <= n && marks[i*n+d-1] == markNone {
				marks[i*n+d-1] = markPattern
			}
		}
	}
	if s.Technique == solve.EmptyRectangle && len(s.Units) > 0 {
		// The rectangle is the box's candidates of the digit (Units[0]).
		for _, c := range s.Units[0].Cells(sh) {
			i := c.Row*n + c.Col
			for _, d := range s.Digits.List() {
				if m.Cands[i].Has(d) {
					fill[i] = PatternFill
					marks[i*n+d-1] = markPattern
				}
			}
		}
	}
	if s.Technique == solve.WWing && len(s.Cells) >= 4 {
		// The W-Wing's pattern is its two pairs; its last two cells are the
		// strong link between them, on the pairs' other digit.
		c0 := s.Cells[0]
		link := m.Cands[c0.Row*n+c0.Col] &^ s.Digits
		for _, c := range s.Cells[2:4] {
			i := c.Row*n + c.Col
			fill[i] = LinkFill
			for d := 1; d <= n; d++ {
				if marks[i*n+d-1] == markPattern {
					marks[i*n+d-1] = markNone
				}
				if link.Has(d) {
					marks[i*n+d-1] = markNode
				}
			}
		}
	}
	for _, e := range s.Eliminations {
		marks[(e.Row*n+e.Col)*n+e.Digit-1] = markElim
	}
	for _, p := range s.Placements {
		marks[(p.Row*n+p.Col)*n+p.Digit-1] = markPlace
	}

	small := math.Round(PictureUnit * 0.68)
	if n > 9 {
		small = math.Round(PictureUnit * 0.5) // two-digit numbers
	}
	// The candidates' font fits a square's height, and a solved digit's
	// its cell's.
	small = min(small, math.Floor(rowH))
	big := math.Round(min(float64(bh)*rowH, float64(bw)*PictureUnit) * 0.62)
	for y := range rows {
		b.RowHeights[at.Row+y] = rowH
		for x := range cols {
			r, c := y/bh, x/bw
			i := r*n + c
			d := (y%bh)*bw + x%bw + 1
			// Each square draws its right and bottom lines, the first row
			// and column the board's edge too: fewer squares with lines,
			// so fewer cells and styles to write.
			line := Borders{Right: endLine(x, bw, sh.BoxCols), Bottom: endLine(y, bh, sh.BoxRows)}
			if x == 0 {
				line.Left = Thick
			}
			if y == 0 {
				line.Top = Thick
			}
			cell := Cell{Pos: at.Add(y, x), Style: Style{Border: line}}
			if v := m.Grid.At(r, c); v != 0 {
				// A solved cell: its block merged, the digit and fill in
				// its first square, which also carries the block's right
				// and bottom lines as some apps draw a merged cell's
				// lines from it; the other squares draw only their lines.
				if y%bh == 0 && x%bw == 0 {
					cell.Number = v
					b.Merges = append(b.Merges, RectAt(cell.Pos, bh, bw))
					st := Style{FontSize: big, Color: FilledColor, HAlign: AlignCenter, VAlign: AlignCenter, Fill: fill[i], Border: line}
					st.Border.Right, st.Border.Bottom = endLine(x+bw-1, bw, sh.BoxCols), endLine(y+bh-1, bh, sh.BoxRows)
					if givens.At(r, c) != 0 {
						st.Bold, st.Color = true, GivenColor
						if st.Fill == "" {
							st.Fill = GivenFill
						}
					}
					cell.Style = st
				}
				if cell.Style != (Style{}) {
					b.Cells = append(b.Cells, cell)
				}
				continue
			}
			cell.Style.Fill = fill[i]
			if m.Cands[i].Has(d) {
				cell.Number = d
				st := &cell.Style
				st.FontSize, st.HAlign, st.VAlign = small, AlignCenter, AlignCenter
				switch marks[i*n+d-1] {
				case markPattern:
					st.Bold, st.Color = true, PatternText
				case markNode:
					st.Bold, st.Fill = true, NodeFill
				case markElim:
					st.Bold, st.Strike, st.Color, st.Fill = true, true, ElimColor, ElimFill
				case markPlace:
					st.Bold, st.Color, st.Fill = true, PlaceColor, PlaceFill
				}
			}
			if cell.Number != 0 || cell.Style != (Style{}) {
				b.Cells = append(b.Cells, cell)
			}
		}
	}
}
