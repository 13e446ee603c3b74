package solve

import "math/bits"

// Triads: the three cells where a box meets a row (a minirow) or a column (a
// minicolumn). Each holds exactly three digits. The rules below count, over
// the nine digits of a band, which digits may still sit in each triad and
// which must (the only triad of the digit in its row, column or box):
//
//   - a triad with three digits that must sit in it holds no other digit;
//   - a triad with only three digits that may sit in it holds all three, so
//     each leaves the rest of its row (or column) and box;
//   - a triad with more than three musts or fewer than three mays is a
//     contradiction.
//
// This is tdoku's idea of reasoning on triads: it settles without a guess
// what the band and stack rules leave open, and costs more than it saves
// near the leaves of the search (hence triadsFrom). The counts are
// bit-sliced: one word per count level, each bit a triad.

const (
	// triadsFrom: the triad rules run while at least this many cells are
	// unsolved (measured in thread CPU time on the four shared sets: 56 is
	// 6-8% faster than 50 on the hardest set and no slower on the others;
	// 62 and more lose 8% on magictour).
	triadsFrom = 56
	// triadBits marks bit 3*t for each of the 9 minirows t = 3*row + box of a band.
	triadBits = 0x1249249
	rowStarts = 1 | 1<<9 | 1<<18 // the first bit of each row of a band
	boxStarts = 1 | 1<<3 | 1<<6  // the first bit of each box (also stack column groups)
)

// triadCounts returns, for words xs, the bits set in exactly three of them,
// and the bits set in fewer than three (under) and more than three (over).
func triadCounts(xs *[9]uint32) (three, under, over uint32) {
	var ones, twos, threes, fours uint32
	for _, x := range xs {
		fours |= threes & x
		threes |= twos & x
		twos |= ones & x
		ones |= x
	}
	return threes &^ fours, ^threes, fours
}

// lone3 keeps, for bits at positions p, p+k and p+2k for each p in starts,
// those that are alone in their group, marking the group's first bit.
func lone3(x uint32, k uint, starts uint32) uint32 {
	a, b, c := x, x>>k, x>>(2*k)
	return (a ^ b ^ c) &^ (a & b & c) & starts
}

// triads applies the triad rules to the bands whose words changed since
// they last ran (s.triadBands); it reports a contradiction as ok false, and
// whether it removed candidates (marking the words dirty). It runs when
// the permutation rules of bands and stacks are at a fixed point: then the
// only triad of a digit in its row or column is also its only one in its
// box, so the box alone tells which triads a digit must occupy.
func (s *solver9) triads(st *state9) (changed, ok bool) {
	for todo := s.triadBands; todo != 0; todo &= todo - 1 {
		b := bits.TrailingZeros32(todo)
		w := &st.bands[b].cand
		// Minirows.
		var may, must [9]uint32
		for d, x := range w {
			t := (x | x>>1 | x>>2) & triadBits
			may[d] = t
			must[d] = t & (lone3(t, 9, boxStarts) * rowStarts)
		}
		three, under, _ := triadCounts(&may)
		full, _, over := triadCounts(&must)
		if under&triadBits|over != 0 {
			return false, false
		}
		forced := three &^ full
		for d, x := range w {
			drop := (full &^ must[d]) * 7
			if f := may[d] & forced &^ must[d]; f != 0 {
				// Digit d must sit in the minirows f: it leaves the rest
				// of their rows and boxes.
				rows := (f | f>>3 | f>>6) & rowStarts * 511
				boxes := (f | f>>9 | f>>18) & boxStarts * (7 * rowStarts)
				drop |= (rows | boxes) &^ (f * 7)
			}
			if x&drop != 0 {
				w[d] = x &^ drop
				s.dirty |= 1 << (9*b + d)
				changed = true
			}
		}
		// Minicolumns.
		for d, x := range w {
			v := (x | x>>9 | x>>18) & 511
			may[d] = v
			must[d] = v & (lone3(v, 1, boxStarts) * 7)
		}
		three, under, _ = triadCounts(&may)
		full, _, over = triadCounts(&must)
		if under&511|over != 0 {
			return false, false
		}
		forced = three &^ full
		o := &otherBands[b]
		for d, x := range w {
			drop := (full &^ must[d]) * rowStarts
			if f := may[d] & forced &^ must[d]; f != 0 {
				// Digit d must sit in the minicolumns f: it leaves the
				// rest of their boxes and their columns in the other bands.
				boxes := (f | f>>1 | f>>2) & boxStarts * 7
				drop |= (boxes &^ f) * rowStarts
				for _, ob := range o {
					if y := st.bands[ob].cand[d]; y&(f*rowStarts) != 0 {
						st.bands[ob].cand[d] = y &^ (f * rowStarts)
						s.dirty |= 1 << (9*ob + d)
						changed = true
					}
				}
			}
			if x&drop != 0 {
				w[d] = x &^ drop
				s.dirty |= 1 << (9*b + d)
				changed = true
			}
		}
	}
	s.triadBands = 0
	return changed, true
}
