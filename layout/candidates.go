package layout

import (
	"math"

	"github.com/xlsudoku/xlsudoku/solve"
)

// The Candidates board's measures; see the package doc for its layout.
const (
	CandidateColWidth  = 18.0 // points: the squares are square in square boxes
	CandidateRowHeight = 18.0 // points (in boxes that are not square, a cell's squares fill a square cell)
	CandidateFontSize  = 9.0
)

// CandidatesBoard draws the candidates of every cell of givens (the digits
// not among the givens of its row, column and box) with its top-left square
// at at. A given fills its block with its digit, large, bold, on a light
// fill.
func CandidatesBoard(givens solve.Grid, at Pos) Board {
	return candidatesBoard(givens, givens.Candidates(), false, at)
}

// CandidateSetsBoard is CandidatesBoard drawing the sets cands (one per
// cell, row-major) as solve.LogicCandidates returns them after logic: a
// cell whose set holds one digit is solved, and fills its block with its
// digit, large and blue, as a given fills its block in black.
func CandidateSetsBoard(givens solve.Grid, cands []solve.Digits, at Pos) Board {
	return candidatesBoard(givens, cands, true, at)
}

// candidatesBoard draws the board; with placed, a set of one is a digit
// placed by the solver rather than the last candidate of a cell.
func candidatesBoard(givens solve.Grid, cands []solve.Digits, placed bool, at Pos) Board {
	s := givens.Shape
	bh, bw := s.BoxRows, s.BoxCols // a block of squares per puzzle cell
	rows, cols := s.Size*bh, s.Size*bw
	b := Board{
		Area:       RectAt(at, rows, cols),
		Cells:      make([]Cell, 0, rows*cols),
		ColWidths:  make(map[int]float64, cols),
		RowHeights: make(map[int]float64, rows),
	}
	// Each puzzle cell is square whatever its box's shape, its squares
	// wider or taller to fill it: a block of 2 by 3 squares of 18 points
	// had made a 6x6's board half as wide again as tall (a walk of 3
	// December).
	side := float64(max(bh, bw)) * CandidateColWidth
	// Grids smaller than 9x9 draw larger, as the Solution board does, but
	// no wider than a 9x9's board (an 8x8's is already wider).
	scale := max(1, min(boardScale(s), 27*CandidateColWidth/(float64(s.Size)*side)))
	side *= scale
	colWidth, rowHeight := side/float64(bw), side/float64(bh)
	share := 0.62
	if s.Size > 9 {
		share = 0.45 // two-digit numbers
	}
	bigFont := math.Round(side * share)
	for y := range rows {
		b.RowHeights[at.Row+y] = rowHeight
		for x := range cols {
			r, c := y/bh, x/bw
			d := (y%bh)*bw + x%bw + 1 // the digit this square stands for
			st := Style{
				FontSize: math.Round(CandidateFontSize * scale), HAlign: AlignCenter, VAlign: AlignCenter,
				Border: Borders{
					// A box is BoxCols cells of bw squares wide, BoxRows cells of bh squares tall.
					Left:   startLine(x, bw, s.BoxCols),
					Right:  endLine(x, bw, s.BoxCols),
					Top:    startLine(y, bh, s.BoxRows),
					Bottom: endLine(y, bh, s.BoxRows),
				},
			}
			cell := Cell{Pos: at.Add(y, x)}
			set := solve.Digits(0)
			if i := r*s.Size + c; i < len(cands) {
				set = cands[i]
			}
			big := givens.At(r, c)
			if big != 0 {
				st.Fill, st.Bold, st.Color = GivenFill, true, GivenColor
			} else if placed && set.Len() == 1 {
				big = set.List()[0]
				st.Color = FilledColor
			}
			switch {
			case big != 0 && y%bh == 0 && x%bw == 0:
				// The block's first square holds the digit, the block merged.
				st.FontSize = bigFont
				cell.Number = big
				b.Merges = append(b.Merges, RectAt(cell.Pos, bh, bw))
			case big == 0 && set.Has(d):
				cell.Number = d
			}
			cell.Style = st
			b.Cells = append(b.Cells, cell)
		}
	}
	for x := range cols {
		b.ColWidths[at.Col+x] = colWidth
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
