package solve

import "math/bits"

// The 9x9 solver works on bands of bitboards, after JCZSolve and tdoku.
//
// A band is three rows of the grid: 27 cells, one bit each, numbered row by
// row. Bit 9*r + c is row r (0..2) of the band, column c (0..8):
//
//	        box 0      box 1      box 2
//	row 0:  0  1  2 |  3  4  5 |  6  7  8
//	row 1:  9 10 11 | 12 13 14 | 15 16 17
//	row 2: 18 19 20 | 21 22 23 | 24 25 26
//
// The state keeps, for each digit d and band b, the 27-bit set of cells of
// band b that may still hold d (cand[3*d+b]), and for each band the set of
// cells not yet solved. Every rule then works on a whole band of one digit
// with a few word operations:
//
//   - In a band, digit d sits once in each of the 3 rows and once in each of
//     the 3 boxes, so the (row, box) pairs that hold it form a permutation.
//     A 512-entry table maps the 3x3 "which rows touch which boxes" pattern
//     to the pairs that lie on some permutation; every other cell is
//     eliminated. One lookup does pointing, claiming and the hidden singles
//     of rows and boxes, and detects a row or box with no room for d.
//   - Naked singles and empty cells of a band come from counting candidates
//     bitwise over the 9 digits (ones, twos, threes), not cell by cell.
//   - Only the (digit, band) words that changed are looked at again.
//   - When propagation stalls, the solver guesses on a cell with the fewest
//     candidates (two, almost always) and copies the 120-byte state.
type state9 struct {
	cand     [27]uint32 // cand[3*d+b]: cells of band b that may hold digit d+1
	unsolved [3]uint32  // cells of each band not yet solved
}

const band = 1<<27 - 1

var (
	// boxesOfRow[s] is the 3-bit set of boxes that a 9-bit row segment s touches.
	boxesOfRow [512]uint8
	// permutationCells[p] keeps, for a 9-bit (row, box) pattern p (bit 3*row+box),
	// the cells of the band whose (row, box) pair lies on a permutation within p.
	permutationCells [512]uint32
	// bandPeers[i]: the other cells of cell i's row and box in its band.
	bandPeers [27]uint32
	// column[c]: the three cells of column c in a band.
	column [9]uint32
)

func init() {
	for s := range 512 {
		for box := range 3 {
			if s>>(3*box)&7 != 0 {
				boxesOfRow[s] |= 1 << box
			}
		}
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for p := range 512 {
		var pairs int
		for _, perm := range perms {
			on := 0
			for row, box := range perm {
				on |= 1 << (3*row + box)
			}
			if p&on == on {
				pairs |= on
			}
		}
		for row := range 3 {
			for box := range 3 {
				if pairs>>(3*row+box)&1 != 0 {
					permutationCells[p] |= 7 << (9*row + 3*box)
				}
			}
		}
	}
	for i := range 27 {
		r, c := i/9, i%9
		for j := range 27 {
			if j != i && (j/9 == r || (j%9)/3 == c/3) {
				bandPeers[i] |= 1 << j
			}
		}
	}
	for c := range 9 {
		column[c] = 1<<c | 1<<(c+9) | 1<<(c+18)
	}
}

// solver9 counts the solutions of one 9x9 puzzle at a time. It does not
// allocate: solutions go into the caller's slice.
type solver9 struct {
	dirty uint32 // (digit, band) words changed since last looked at
	found int    // solutions counted so far
	limit int
	out   []Grid
}

// count returns the number of solutions of the 81 cells p (0 for blank),
// stopping at limit, and writes the first ones found into out.
func (s *solver9) count(p *[81]uint8, limit int, out []Grid) int {
	s.found, s.limit, s.out, s.dirty = 0, limit, out, 0
	var st state9
	for i := range st.cand {
		st.cand[i] = band
	}
	st.unsolved = [3]uint32{band, band, band}
	for i, d := range p {
		if d == 0 {
			continue
		}
		b, bit := i/27, uint32(1)<<(i%27)
		if d > 9 || st.cand[3*int(d-1)+b]&bit == 0 {
			return 0 // a given repeats a digit of its row, column or box
		}
		s.place(&st, int(d-1), b, bit)
	}
	s.search(&st)
	return s.found
}

// place puts digit d at the cell bit of band b and removes d from the cell's
// peers and the other digits from the cell.
func (s *solver9) place(st *state9, d, b int, bit uint32) {
	for od := range 9 {
		if i := 3*od + b; od != d && st.cand[i]&bit != 0 {
			st.cand[i] &^= bit
			s.dirty |= 1 << i
		}
	}
	idx := bits.TrailingZeros32(bit)
	if i := 3*d + b; st.cand[i]&bandPeers[idx] != 0 {
		st.cand[i] &^= bandPeers[idx]
		s.dirty |= 1 << i
	}
	col := column[idx%9]
	for ob := range 3 {
		if i := 3*d + ob; ob != b && st.cand[i]&col != 0 {
			st.cand[i] &^= col
			s.dirty |= 1 << i
		}
	}
	st.unsolved[b] &^= bit
}

// propagate applies the band rules and naked singles until nothing changes.
// It returns false on a contradiction.
func (s *solver9) propagate(st *state9) bool {
	for {
		for s.dirty != 0 {
			i := bits.TrailingZeros32(s.dirty)
			s.dirty &^= 1 << i
			d, b := i/3, i%3
			c := st.cand[i]
			p := uint32(boxesOfRow[c&511]) | uint32(boxesOfRow[c>>9&511])<<3 | uint32(boxesOfRow[c>>18])<<6
			c &= permutationCells[p]
			if c == 0 {
				return false
			}
			st.cand[i] = c
			// A row of the band with one cell left for d is a placement.
			for r := 0; r < 27; r += 9 {
				seg := st.cand[i] >> r & 511
				if seg&(seg-1) == 0 {
					if bit := seg << r; bit&st.unsolved[b] != 0 {
						s.place(st, d, b, bit)
					}
				}
			}
		}
		// Naked singles and empty cells, a band at a time. (The table leaves
		// no row empty: a row with no cell for d has no permutation.)
		for b := range 3 {
			var ones, twos uint32
			for d := 0; d < 27; d += 3 {
				x := st.cand[d+b]
				twos |= ones & x
				ones |= x
			}
			un := st.unsolved[b]
			if un&^ones != 0 {
				return false
			}
			for singles := un & ones &^ twos; singles != 0; singles &= singles - 1 {
				bit := singles & -singles
				d := 0
				for d < 9 && st.cand[3*d+b]&bit == 0 {
					d++
				}
				if d == 9 {
					return false // emptied by an earlier single of this pass
				}
				s.place(st, d, b, bit)
			}
		}
		if s.dirty == 0 {
			return true
		}
	}
}

// search propagates st and guesses until the solutions are counted.
func (s *solver9) search(st *state9) {
	if !s.propagate(st) {
		return
	}
	if st.unsolved == [3]uint32{} {
		s.record(st)
		return
	}
	b, bit := s.pickCell(st)
	for d := range 9 {
		i := 3*d + b
		if st.cand[i]&bit == 0 {
			continue
		}
		rest := false
		for od := d + 1; od < 9; od++ {
			if st.cand[3*od+b]&bit != 0 {
				rest = true
				break
			}
		}
		if !rest { // the last candidate: no need to keep st
			s.dirty = 0
			s.place(st, d, b, bit)
			s.search(st)
			return
		}
		next := *st
		s.dirty = 0
		s.place(&next, d, b, bit)
		s.search(&next)
		if s.found >= s.limit {
			return
		}
	}
}

// pickCell returns an unsolved cell with the fewest candidates, the first
// in reading order among equals, stopping at the first with two.
func (s *solver9) pickCell(st *state9) (b int, bit uint32) {
	for b := range 3 {
		var ones, twos, threes uint32
		for d := 0; d < 27; d += 3 {
			x := st.cand[d+b]
			threes |= twos & x
			twos |= ones & x
			ones |= x
		}
		if pairs := twos &^ threes & st.unsolved[b]; pairs != 0 {
			return b, pairs & -pairs
		}
	}
	best := 10
	for bb := range 3 {
		for un := st.unsolved[bb]; un != 0; un &= un - 1 {
			x := un & -un
			n := 0
			for d := 0; d < 27; d += 3 {
				if st.cand[d+bb]&x != 0 {
					n++
				}
			}
			if n < best {
				best, b, bit = n, bb, x
			}
		}
	}
	return b, bit
}

// record counts a solution and writes it out if there is room.
func (s *solver9) record(st *state9) {
	if s.found < len(s.out) {
		g := &s.out[s.found]
		*g = Grid{Shape: Shape9}
		for d := range 9 {
			for b := range 3 {
				for x := st.cand[3*d+b]; x != 0; x &= x - 1 {
					g.Cells[27*b+bits.TrailingZeros32(x)] = uint8(d + 1)
				}
			}
		}
	}
	s.found++
}
