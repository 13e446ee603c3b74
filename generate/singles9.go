package generate

import (
	"math/bits"

	"github.com/xlsudoku/xlsudoku/solve"
)

// The digger asks "do singles solve it?" several times a dig. On 9x9,
// singles9 answers it on bands, as the exact solver does: a digit's
// places in a band of three rows are one 27-bit word (bit 9r+c for row r
// of the band, column c), so a row, a box or all nine columns are checked
// in a few word operations where the general form walks every cell of
// every unit.
const (
	rowBits = 0x1ff    // row 0 of a band
	colBits = 0x40201  // column 0 of a band
	boxBits = 0x1c0e07 // box 0 of a band
	allBand = 1<<27 - 1
)

// lone9[w] is w when the 9-bit row w has one cell, else 0.
var lone9 [512]uint16

func init() {
	for w := range lone9 {
		if bits.OnesCount(uint(w)) == 1 {
			lone9[w] = uint16(w)
		}
	}
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// singles9 decides what singles.solves decides, for a 9x9 grid.
func singles9(g *solve.Grid) bool {
	var s state81
	if !s.start(g) {
		return false
	}
	for s.left > 0 {
		progress, ok := s.naked()
		if !ok {
			return false
		}
		if progress {
			continue // naked singles first: they are cheaper to find
		}
		for d := range s.cand {
			if s.rows[d] == 0x1ff {
				continue // placed in every row
			}
			found, ok := s.hidden(d)
			if !ok {
				return false
			}
			progress = progress || found
		}
		if !progress {
			return false
		}
	}
	return true
}

// state81 is a 9x9 board being solved by singles.
type state81 struct {
	cand  [9][3]uint32 // the empty cells each digit may still fill, by band
	empty [3]uint32    // the empty cells
	left  int          // how many
	// The rows, columns and boxes that hold each digit, a bit each.
	rows, cols, boxes [9]uint16
}

// start sets s to the givens of g a digit at a time: the state that place
// reaches putting them in one by one, for a fraction of the work (the
// digger asks this of many puzzles). It reports false when two givens of a
// digit share a row, a column or a box, or a cell holds a number over 9.
func (s *state81) start(g *solve.Grid) bool {
	var given [16][3]uint32 // given[d][b]: the cells of band b given d; 0 the empty ones
	var all uint8
	for b := range 3 {
		for j, d := range (*[27]uint8)(g.Cells[27*b:]) {
			all |= d
			given[d&15][b] |= 1 << j
		}
	}
	if all > 15 {
		return false
	}
	for _, x := range given[10:] {
		if x != [3]uint32{} {
			return false
		}
	}
	s.empty = given[0]
	s.left = bits.OnesCount32(s.empty[0]) + bits.OnesCount32(s.empty[1]) + bits.OnesCount32(s.empty[2])
	for d := range 9 {
		var cols uint32 // the columns of d's givens
		var peers [3]uint32
		for b, x := range given[d+1] {
			for ; x != 0; x &= x - 1 {
				at := uint(bits.TrailingZeros32(x))
				r, c := at/9, at%9
				seen := uint32(rowBits)<<(9*r) | uint32(boxBits)<<(c/3*3)
				if peers[b]&(1<<at) != 0 || cols&(1<<c) != 0 {
					return false // two in a row, a box or a column
				}
				peers[b] |= seen
				cols |= 1 << c
				s.rows[d] |= 1 << (3*uint(b) + r)
				s.boxes[d] |= 1 << (3*uint(b) + c/3)
			}
		}
		s.cols[d] = uint16(cols)
		col := cols * colBits // every band's cells in those columns
		for b := range 3 {
			s.cand[d][b] = s.empty[b] &^ (peers[b] | col)
		}
	}
	return true
}

// place puts digit d at bit at of band b. It reports false when d can no
// longer go there: a peer holds it, or the cell is filled.
func (s *state81) place(d, b int, at uint) bool {
	bit := uint32(1) << at
	if s.cand[d][b]&bit == 0 {
		return false
	}
	for e := range s.cand {
		s.cand[e][b] &^= bit
	}
	r, c := at/9, at%9
	col := uint32(colBits) << c
	s.cand[d][0] &^= col
	s.cand[d][1] &^= col
	s.cand[d][2] &^= col
	s.cand[d][b] &^= rowBits<<(9*r) | boxBits<<(c/3*3)
	s.empty[b] &^= bit
	s.left--
	s.rows[d] |= 1 << (3*uint(b) + r)
	s.cols[d] |= 1 << c
	s.boxes[d] |= 1 << (3*uint(b) + c/3)
	return true
}

// naked places every cell with one digit left (a Full House is one too).
// ok is false when a cell has none.
func (s *state81) naked() (progress, ok bool) {
	for b := range 3 {
		if s.empty[b] == 0 {
			continue
		}
		var once, twice uint32
		for d := range s.cand {
			twice |= once & s.cand[d][b]
			once |= s.cand[d][b]
		}
		if s.empty[b]&^once != 0 {
			return false, false
		}
		for single := once &^ twice; single != 0; single &= single - 1 {
			at := uint(bits.TrailingZeros32(single))
			d := 0
			for d < 9 && s.cand[d][b]&(1<<at) == 0 {
				d++
			}
			if d == 9 || !s.place(d, b, at) {
				return false, false // an earlier single took its last digit
			}
			progress = true
		}
	}
	return progress, true
}

// hidden places digit d where it has one place left in a row, a column or
// a box. ok is false when it has none in a unit that lacks it.
func (s *state81) hidden(d int) (progress, ok bool) {
	c := &s.cand[d]
	// Rows and boxes, band by band: the singles of the band as it was,
	// each placed unless one placed before took its place (singles come
	// in any order to the same end).
	for b := range 3 {
		x := c[b]
		rows, boxes := uint32(s.rows[d]>>(3*b))&7, uint32(s.boxes[d]>>(3*b))&7 // those that hold d
		if x == 0 {
			if rows != 7 {
				return false, false // a row of the band lacks d and has no room
			}
			continue // placed in the band's three rows, and so in its boxes
		}
		r0, r1, r2 := x&rowBits, x>>9&rowBits, x>>18&rowBits
		if (b2u(r0 == 0)|b2u(r1 == 0)<<1|b2u(r2 == 0)<<2)&^rows != 0 {
			return false, false
		}
		singles := uint32(lone9[r0]) | uint32(lone9[r1])<<9 | uint32(lone9[r2])<<18
		for k := range uint(3) {
			w := x & (boxBits << (3 * k))
			switch {
			case w == 0:
				if boxes>>k&1 == 0 {
					return false, false
				}
			case w&(w-1) == 0:
				singles |= w
			}
		}
		for ; singles != 0; singles &= singles - 1 {
			if s.place(d, b, uint(bits.TrailingZeros32(singles))) {
				progress = true
			}
		}
	}
	// Columns: count each column's places over the nine rows at once.
	var once, twice uint32
	for b := range 3 {
		x := c[b]
		r0, r1, r2 := x&rowBits, x>>9&rowBits, x>>18&rowBits
		in := r0 | r1 | r2
		twice |= r0&r1 | r0&r2 | r1&r2 | once&in
		once |= in
	}
	if rowBits&^once&^uint32(s.cols[d]) != 0 {
		return false, false
	}
	for single := once &^ twice; single != 0; single &= single - 1 {
		col := uint32(colBits) << bits.TrailingZeros32(single)
		b := 0
		for b < 3 && c[b]&col == 0 {
			b++
		}
		if b == 3 || !s.place(d, b, uint(bits.TrailingZeros32(c[b]&col))) {
			return false, false // a single placed above took its last place
		}
		progress = true
	}
	return progress, true
}
