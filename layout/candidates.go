package layout

import "github.com/xlsudoku/xlsudoku/solve"

// The Candidates board's measures; see the package doc for its layout.
const (
	CandidateColWidth  = 2.7  // characters
	CandidateRowHeight = 18.0 // points: as tall as the column is wide, so squares are square
	CandidateFontSize  = 9.0
)

// CandidatesBoard draws the candidates of every cell of givens (the digits
// not among the givens of its row, column and box) with its top-left square
// at at. A given shows only its own digit, bold, on a light fill.
func CandidatesBoard(givens solve.Grid, at Pos) Board {
	return CandidateSetsBoard(givens, givens.Candidates(), at)
}

// CandidateSetsBoard is CandidatesBoard drawing the sets cands (one per
// cell, row-major, such as solve.LogicCandidates returns) instead of the
// basic pencil marks. A given still shows only its own digit, bold, on a
// light fill; every other cell shows its set, even a set of one.
func CandidateSetsBoard(givens solve.Grid, cands []solve.Digits, at Pos) Board {
	s := givens.Shape
	bh, bw := s.BoxRows, s.BoxCols // a block of squares per puzzle cell
	rows, cols := s.Size*bh, s.Size*bw
	b := Board{
		Area:       RectAt(at, rows, cols),
		Cells:      make([]Cell, 0, rows*cols),
		ColWidths:  make(map[int]float64, cols),
		RowHeights: make(map[int]float64, rows),
	}
	for y := range rows {
		b.RowHeights[at.Row+y] = CandidateRowHeight
		for x := range cols {
			r, c := y/bh, x/bw
			d := (y%bh)*bw + x%bw + 1 // the digit this square stands for
			st := Style{
				FontSize: CandidateFontSize, HAlign: AlignCenter, VAlign: AlignCenter,
				Border: Borders{
					// A box is BoxCols cells of bw squares wide, BoxRows cells of bh squares tall.
					Left:   startLine(x, bw, s.BoxCols),
					Right:  endLine(x, bw, s.BoxCols),
					Top:    startLine(y, bh, s.BoxRows),
					Bottom: endLine(y, bh, s.BoxRows),
				},
			}
			given := givens.At(r, c) != 0
			if given {
				st.Fill, st.Bold, st.Color = GivenFill, true, GivenColor
			}
			cell := Cell{Pos: at.Add(y, x), Style: st}
			set := solve.Digits(0)
			if given {
				set = solve.DigitsOf(givens.At(r, c))
			} else if i := r*s.Size + c; i < len(cands) {
				set = cands[i]
			}
			if set.Has(d) {
				cell.Number = d
			}
			b.Cells = append(b.Cells, cell)
		}
	}
	for x := range cols {
		b.ColWidths[at.Col+x] = CandidateColWidth
	}
	return b
}

// CandidatesSheet is the printable Candidates sheet: title above the board,
// the board at GridOrigin, no gridlines, printed centred on one page.
func CandidatesSheet(title string, givens solve.Grid) Sheet {
	return boardSheet(title, CandidatesBoard(givens, GridOrigin))
}

// CandidateSetsSheet is CandidatesSheet drawing the sets cands; see
// CandidateSetsBoard.
func CandidateSetsSheet(title string, givens solve.Grid, cands []solve.Digits) Sheet {
	return boardSheet(title, CandidateSetsBoard(givens, cands, GridOrigin))
}
