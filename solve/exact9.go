package solve

import (
	"cmp"
	"encoding/binary"
	"math/bits"
	"unsafe"
)

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
// band b that may still hold d (bands[b].cand[d]), and for each band the
// set of cells not yet solved. Every rule then works on a whole band of one
// digit with a few word operations:
//
//   - In a band, digit d sits once in each of the 3 rows and once in each of
//     the 3 boxes, so the (row, box) pairs that hold it form a permutation.
//     A 512-entry table maps the 3x3 "which rows touch which boxes" pattern
//     to the pairs that lie on some permutation; every other cell is
//     eliminated. One lookup does pointing, claiming and the hidden singles
//     of rows and boxes, and detects a row or box with no room for d.
//   - Naked singles and empty cells of a band come from counting candidates
//     bitwise over the 9 digits (ones, twos, threes), not cell by cell.
//   - Only the (digit, band) words that changed are looked at again, and
//     placing cells only clears bits: the words it touched are marked
//     without branches. Where every digit's word of a band is worked on
//     alike, the words go two to a 64-bit word (pairs).
//   - When the bands stall, the same table is applied to stacks (three
//     columns of boxes), which adds the column hidden singles and the
//     box-column eliminations the bands do not see (counting, only while
//     at least stacksFrom cells are open).
//   - When the stacks stall too, the triad rules of exact9_triads.go
//     (minirows and minicolumns hold three digits each) run on the bands
//     that changed, while at least triadsFrom cells are unsolved.
//   - When all of that stalls, the solver branches. Counting, on the
//     configurations (the permutation) of one digit in one band or stack,
//     as tdoku does (exact9_branch.go), save that a puzzle's first eight
//     guesses take the first cell with two candidates once fewer than 50
//     cells are open; looking for one solution, on a cell with two
//     candidates when there is one. Each branch but the last copies the
//     120-byte state onto a fixed stack; the last continues on the state
//     itself.
type state9 struct {
	_     [0]uint64 // 8-byte aligned, so that a band's words pair up (pairs)
	bands [3]bandState
}

// bandState is one band of a state9: 40 bytes, so that in a state aligned
// to 8 bytes each band is too.
type bandState struct {
	cand     [9]uint32 // cand[d]: cells of the band that may hold digit d+1
	unsolved uint32    // cells of the band not yet solved
}

const band = 1<<27 - 1

var (
	// boxesOfRow[s] is the 3-bit set of boxes that a 9-bit row segment s touches.
	boxesOfRow [512]uint8
	// permutationCells[p] keeps, for a 9-bit (row, box) pattern p (bit 3*row+box),
	// the cells of the band whose (row, box) pair lies on a permutation within p.
	permutationCells [512]uint32
	// permutationPairs[p] is the subset of the 9-bit pattern p whose pairs lie on
	// a permutation within p.
	permutationPairs [512]uint16
	// bandPeers[i]: the other cells of cell i's row and box in its band.
	bandPeers [27]uint32
	// lone[s] is s when the 9-bit row segment s has exactly one cell, else 0.
	lone [512]uint16
	// cellBytes[s] has byte i set to 1 when bit i of s is, else 0.
	cellBytes [256]uint64
	// wordOf[9*b+d], for the dirty bit of band b's digit d, is its word
	// in words (10*b + d).
	wordOf [32]uint8
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
		permutationPairs[p] = uint16(pairs)
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
	for s := range 512 {
		if bits.OnesCount(uint(s)) == 1 {
			lone[s] = uint16(s)
		}
	}
	for i := range 27 {
		wordOf[i] = uint8(i + i/9)
	}
	for s := range 256 {
		for i := range 8 {
			cellBytes[s] |= uint64(s>>i&1) << (8 * i)
		}
	}
}

// solver9 counts the solutions of one 9x9 puzzle at a time. It does not
// allocate: guesses copy the state onto a fixed stack, and solutions go
// into the caller's slice.
type solver9 struct {
	dirty uint32 // bit 9*b+d: bands[b].cand[d] changed since propagate looked at it
	moved uint32 // bit d: digit d's words changed since stackRules ran
	// bit b: band b's words changed since triads ran
	triadBands uint32
	// One state per guess depth. A guess either places a cell or fixes
	// one digit's configuration in one of the 6 units (it had two or
	// more), and neither is undone deeper: at most 81 + 54 levels.
	stack   [81 + 54 + 1]state9
	found   int // solutions counted so far
	guesses int // branches tried so far in this pass (all but the last of each guess)
	spent   int // guesses of the passes before this one
	limit   int // 0 once the pass has run out of budget
	budget  int // the guesses this pass may take
	// pairsOnly branches on cells with two candidates alone (pickPair),
	// as finding one solution does, and a pass after a counting pass
	// that ran out of budget.
	pairsOnly bool
	first     int // tests: firstGuessBudget when 0
	passes    int // the passes of the last count
	out       []Grid
}

// firstGuessBudget is the guesses a first pass of count may take: five times
// the most any puzzle of the four shared sets needs (817, on the forum's
// hardest), so that none of them ever needs a second.
const firstGuessBudget = 1 << 12

// count returns the number of solutions of the 81 cells p (0 for blank),
// stopping at limit, and writes the first ones found into out.
//
// Either branching rule alone has heavy tails: counting with a digit's
// configurations took 5.7 million guesses (1.2 s) for a grid of 27
// givens, one stack complete and the rest blank, which pairs count in
// 48, and tdoku in 29 (a block that a detection of a workbook's puzzle
// counts when an answer key sits beside the puzzle: a walk of 3
// December). So a pass that runs out of budget starts over with the
// other rule and twice the budget, and so on: the count costs at most
// some four times what the better rule needs, and is the same count.
func (s *solver9) count(p *[81]uint8, limit int, out []Grid) int {
	s.out, s.spent, s.passes = out, 0, 0
	pairs := limit == 1
	for budget := cmp.Or(s.first, firstGuessBudget); ; budget *= 2 {
		s.found, s.limit, s.guesses, s.budget, s.pairsOnly = 0, limit, 0, budget, pairs
		s.passes++
		st := &s.stack[0]
		if !s.start(st, p) {
			return 0 // a given repeats a digit of its row, column or box
		}
		s.search(0)
		if s.limit != 0 {
			return s.found
		}
		s.spent += s.guesses
		pairs = !pairs
	}
}

// start sets st to the givens p, a digit at a time: each digit leaves the
// rows, boxes and columns of its givens, and the givens' cells hold
// nothing else. It returns false when a cell holds something other than
// 0..9, or a given repeats a digit of its row, column or box. Every word
// is then marked for propagate to look at.
func (s *solver9) start(st *state9, p *[81]uint8) bool {
	// The givens' cells of each band, and the check that every cell is a
	// digit 0..9, eight cells to a word: the generator counts many puzzles
	// that solve in a few microseconds, and one cell at a time was a tenth
	// of the profile counting 17-clue and serg-benchmark.
	var filled [3]uint32
	var over uint64
	for b := range 3 {
		q := (*[27]uint8)(p[27*b:])
		w0, w1, w2 := binary.LittleEndian.Uint64(q[0:]), binary.LittleEndian.Uint64(q[8:]), binary.LittleEndian.Uint64(q[16:])
		w3 := binary.LittleEndian.Uint64(q[19:]) // cells 19..26: the last three are its top bytes
		over |= aboveNine(w0) | aboveNine(w1) | aboveNine(w2) | aboveNine(w3)
		filled[b] = nonzeroBytes(w0) | nonzeroBytes(w1)<<8 | nonzeroBytes(w2)<<16 | nonzeroBytes(w3)>>5<<24
	}
	if over != 0 {
		return false // not a digit 1-9
	}
	// given[d][b]: the cells of band b given d+1; peers[d][b]: their row
	// and box peers in the band.
	var given, peers [9][3]uint32
	for b := range 3 {
		q := (*[27]uint8)(p[27*b:])
		for f := filled[b]; f != 0; f &= f - 1 {
			j := bits.TrailingZeros32(f)
			d := q[j] - 1
			given[d][b] |= 1 << j
			peers[d][b] |= bandPeers[j]
		}
	}
	for d := range 9 {
		var cols uint32 // the columns of d's givens, as a row segment
		for b, x := range given[d] {
			if x&peers[d][b] != 0 {
				return false // two in a row or box (and so a column) of the band
			}
			c := (x | x>>9 | x>>18) & 511
			if cols&c != 0 {
				return false // two in a column, across bands
			}
			cols |= c
		}
		for b, x := range given[d] {
			st.bands[b].cand[d] = band&^(peers[d][b]|cols*rowStarts|filled[b]) | x
		}
	}
	for b := range 3 {
		st.bands[b].unsolved = band &^ filled[b]
	}
	s.dirty, s.moved, s.triadBands = 1<<27-1, 0, 0
	return true
}

// Eight bytes to a word, little-endian: lows has the low bit of each byte,
// highs the high bit.
const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)

// nonzeroBytes returns a bit per byte of w, bit i for byte i: set when the
// byte is not zero.
func nonzeroBytes(w uint64) uint32 {
	h := (w&^highs + ^uint64(highs) | w) & highs // the high bit of each byte not zero
	// Gather bit 8i+7 to bit 56+i: no two partial products meet.
	return uint32((h >> 7 * 0x0102040810204080) >> 56)
}

// aboveNine is not zero when a byte of w is above 9.
func aboveNine(w uint64) uint64 {
	return (w&^highs + (0x80-10)*lows | w) & highs
}

// place puts digit d at the cell bit of band b: the other digits leave the
// cell, and d leaves the cell's row, box and column. d's word is marked
// only when that changed it: otherwise it is still at the fixed point
// propagate left it at.
func (s *solver9) place(st *state9, d, b int, bit uint32) {
	x := st.bands[b].cand[d]
	y := x&^bandPeers[bits.TrailingZeros32(bit)] | bit
	st.bands[b].cand[d] = y
	s.dirty |= b2u(x != y)<<(9*b+d) | settle(st, d, b, bit)
}

// placeAlone is place for a cell that holds d alone, a naked single: no
// other digit's word has the cell, so only d's words change. Its last
// lines are settle's, written out: as a shared function, which Go does
// not inline, they cost 3.8% more instructions on magictour.
func (s *solver9) placeAlone(st *state9, d, b int, bit uint32) {
	x := st.bands[b].cand[d]
	y := x&^bandPeers[bits.TrailingZeros32(bit)] | bit
	st.bands[b].cand[d] = y
	cols := (bit | bit>>9 | bit>>18) & 511 * rowStarts
	o := &otherBands[b]
	p, q := &st.bands[o[0]].cand[d], &st.bands[o[1]].cand[d]
	s.dirty |= b2u(x != y)<<(9*b+d) | b2u(*p&cols != 0)<<(9*o[0]+d) | b2u(*q&cols != 0)<<(9*o[1]+d)
	*p &^= cols
	*q &^= cols
	st.bands[b].unsolved &^= bit
}

// settle finishes placing digit d in cells of band b, at most one per row
// and box, whose row and box peers are already free of d: the other digits
// leave the cells, and d leaves their columns in the other bands. It
// returns the words it changed as dirty bits, found without branches; d's
// own word in band b ends as it was.
func settle(st *state9, d, b int, cells uint32) (dirty uint32) {
	bs := &st.bands[b]
	// Two digits' words at a time: every word loses the cells, and so do
	// the unsolved cells, paired with digit 9's word. (One word at a
	// time, this was a fifth of the time on the hardest sets.)
	p, t8 := pairs(bs), bs.cand[8]&cells
	c := uint64(cells) * halves
	t0, t1, t2, t3, t4 := p[0]&c, p[1]&c, p[2]&c, p[3]&c, p[4]&c
	p[0], p[1], p[2], p[3], p[4] = p[0]^t0, p[1]^t1, p[2]^t2, p[3]^t3, p[4]^t4
	changed := lostDigits(t0, t1, t2, t3, t8, lowFirst)
	bs.cand[d] |= cells
	cols := (cells | cells>>9 | cells>>18) & 511 * rowStarts
	o := &otherBands[b]
	x, y := &st.bands[o[0]].cand[d], &st.bands[o[1]].cand[d]
	dirty = (changed&^(1<<d))<<(9*b) | b2u(*x&cols != 0)<<(9*o[0]+d) | b2u(*y&cols != 0)<<(9*o[1]+d)
	*x &^= cols
	*y &^= cols
	return dirty
}

// words views a state as its 30 words: band b's digit d is word 10*b + d,
// and word 10*b + 9 its unsolved cells. Both views (words, pairs) are of
// a struct of uint32s, with no pointers, that they do not reach past: the
// race detector's pointer checks accept them.
func (st *state9) words() *[30]uint32 {
	return (*[30]uint32)(unsafe.Pointer(st))
}

// pairs views a band's ten words as five 64-bit ones: digits 1 and 2, 3
// and 4, 5 and 6, 7 and 8, then 9 and the unsolved cells. The first of
// each pair is the low half where lowFirst.
func pairs(bs *bandState) *[5]uint64 {
	return (*[5]uint64)(unsafe.Pointer(bs))
}

// digitsAt returns bit d set for each digit d that band bs's cell at bit at
// may hold, two digits at a time.
func digitsAt(bs *bandState, at int) uint32 {
	p := pairs(bs)
	h := p[0]>>at&halves | p[1]>>at&halves<<2 | p[2]>>at&halves<<4 | p[3]>>at&halves<<6
	return fold(h, lowFirst) | bs.cand[8]>>at&1<<8
}

// fold turns bits 0, 2, 4, 6 (the low halves' flags) and 32, 34, 36, 38
// (the high halves') of h into bits 0 to 7, one per digit; low is
// lowFirst.
func fold(h uint64, low bool) uint32 {
	if low {
		return uint32(h | h>>31)
	}
	return uint32(h>>32 | h<<1)
}

// lostDigits returns bit d set for each digit d whose half of the paired
// words t0 to t3 (as pairs gives them, low is lowFirst) is not zero, and
// bit 8 when t8 is not, without a branch: a half is a set of a band's
// cells, at most band, so adding band to it carries into bit 27 exactly
// when it is not zero.
func lostDigits(t0, t1, t2, t3 uint64, t8 uint32, low bool) uint32 {
	const bands, nonzero = band * halves, 1<<27 | 1<<59
	// Bits 0, 2, 4, 6 for the low halves, 32, 34, 36, 38 for the high.
	h := (t0+bands)&nonzero>>27 | (t1+bands)&nonzero>>25 | (t2+bands)&nonzero>>23 | (t3+bands)&nonzero>>21
	return fold(h, low) | (t8+band)>>27<<8
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

var otherBands = [3][2]int{{1, 2}, {0, 2}, {0, 1}}

// stacksFrom: counting, the stack rules run while at least this many
// cells are unsolved. Against running them always, in one process
// (scripts/solver-ab.sh): 30 made serg-benchmark 8% faster and the other
// sets no slower; 40 made serg 11% faster and the others 3% to 7% slower.
const stacksFrom = 30

// firstPairBelow: counting, before the ninth guess, a guess with fewer
// cells than this open takes the first pair (firstPair) rather than a
// digit's configurations: see search.
const firstPairBelow = 50

// propagate applies the band rules and naked singles until nothing changes.
// It returns false on a contradiction, leaving the marks (s.dirty, s.moved,
// s.triadBands) as they fell: search sets them afresh for the next state.
func (s *solver9) propagate(st *state9) bool {
	for {
		// The words looked at, kept in registers: their digits are then
		// the ones moved, their bands the ones seen.
		dirty, visited := s.dirty, uint32(0)
		words := st.words()
		for dirty != 0 {
			i := bits.TrailingZeros32(dirty)
			dirty &= dirty - 1
			visited |= 1 << i
			// The word's place comes from a table rather than from b
			// and d, a multiply each: 2.5% to 3.8% faster on the four
			// sets.
			w := &words[wordOf[i]]
			c := *w
			p := uint32(boxesOfRow[c&511]) | uint32(boxesOfRow[c>>9&511])<<3 | uint32(boxesOfRow[c>>18&511])<<6
			c &= permutationCells[p]
			if c == 0 {
				return false // a row or box of this band has no room for the digit
			}
			*w = c
			b := i / 9
			// A row of the band with one cell left for the digit is a
			// placement, and the table has already cleared its row and box
			// peers. (The table leaves no row empty.) Settling leaves this
			// word as it is, and it is not looked at again: the table's
			// rule is idempotent. (A third of the words looked at were such
			// repeats when settle marked its own word.)
			if rows := (uint32(lone[c&511]) | uint32(lone[c>>9&511])<<9 | uint32(lone[c>>18&511])<<18) & st.bands[b].unsolved; rows != 0 {
				dirty |= settle(st, i%9, b, rows)
			}
		}
		s.dirty = 0
		s.moved |= (visited | visited>>9 | visited>>18) & 511
		// bands whose words changed: only they may have new singles
		seen := b2u(visited&511 != 0) | b2u(visited&(511<<9) != 0)<<1 | b2u(visited&(511<<18) != 0)<<2
		s.triadBands |= seen
		// Naked singles and empty cells, a band at a time.
		for ; seen != 0; seen &= seen - 1 {
			b := bits.TrailingZeros32(seen)
			bs := &st.bands[b]
			ones, twos := oneTwo(bs)
			un := bs.unsolved
			if un&^ones != 0 {
				return false
			}
			for singles := un & ones &^ twos; singles != 0; singles &= singles - 1 {
				bit := singles & -singles
				// The digits the cell holds, without a loop whose end
				// is mispredicted.
				ds := digitsAt(bs, bits.TrailingZeros32(bit))
				if ds == 0 {
					return false // emptied by an earlier single of this pass
				}
				d := bits.TrailingZeros32(ds)
				s.placeAlone(st, d, b, bit)
			}
		}
		// Counting, the stack rules are left out with few cells open:
		// near the leaves bands and singles nearly always finish alone.
		// (Looking for one solution they stay, so that the generator's
		// full grids, first solutions, stay as they were.)
		if s.dirty == 0 && (s.limit > 1 && openCells(st) < stacksFrom || !s.stackRules(st)) {
			// Near the leaves the triads cost more than the guesses
			// they save.
			if openCells(st) < triadsFrom {
				return true
			}
			changed, ok := s.triads(st)
			if !ok {
				return false
			}
			if !changed {
				return true
			}
		}
	}
}

// stackRules applies the permutation rule to stacks, the three columns of
// boxes: in a stack, digit d sits once in each column and once in each band.
// It removes the candidates of (column, band) pairs on no permutation, and
// reports whether it removed any.
func (s *solver9) stackRules(st *state9) bool {
	var dirty uint32
	moved := s.moved
	// Digits 1 to 8 two at a time, a pair when either moved (the rule
	// changes nothing for a digit that did not), then digit 9.
	p0, p1, p2 := pairs(&st.bands[0]), pairs(&st.bands[1]), pairs(&st.bands[2])
	for todo := (moved | moved>>1) & 0x55; todo != 0; todo &= todo - 1 {
		k := bits.TrailingZeros32(todo) / 2
		x0, x1, x2 := p0[k], p1[k], p2[k]
		// The columns that hold each digit in each band, a half each.
		const cols = 511 * halves
		f0 := (x0 | x0>>9 | x0>>18) & cols
		f1 := (x1 | x1>>9 | x1>>18) & cols
		f2 := (x2 | x2>>9 | x2>>18) & cols
		// Each stack's (band, column) patterns, a half each, and what
		// they keep.
		const three = 7 * halves
		i0 := f0&three | (f1&three)<<3 | (f2&three)<<6
		i1 := f0>>3&three | (f1>>3&three)<<3 | (f2>>3&three)<<6
		i2 := f0>>6&three | (f1>>6&three)<<3 | (f2>>6&three)<<6
		q0 := uint64(permutationPairs[uint32(i0)]) | uint64(permutationPairs[i0>>32])<<32
		q1 := uint64(permutationPairs[uint32(i1)]) | uint64(permutationPairs[i1>>32])<<32
		q2 := uint64(permutationPairs[uint32(i2)]) | uint64(permutationPairs[i2>>32])<<32
		keep0 := (q0&three | (q1&three)<<3 | (q2&three)<<6) * rowStarts
		keep1 := (q0>>3&three | (q1>>3&three)<<3 | (q2>>3&three)<<6) * rowStarts
		keep2 := (q0>>6&three | (q1>>6&three)<<3 | (q2>>6&three)<<6) * rowStarts
		// Stored whether or not they changed: a branch here would be
		// mispredicted more often than not.
		p0[k], p1[k], p2[k] = x0&keep0, x1&keep1, x2&keep2
		lost := lostPairs(x0&^keep0, lowFirst) | lostPairs(x1&^keep1, lowFirst)<<9 | lostPairs(x2&^keep2, lowFirst)<<18
		dirty |= lost << (2 * k)
	}
	if moved&(1<<8) != 0 {
		const d = 8
		x0, x1, x2 := st.bands[0].cand[d], st.bands[1].cand[d], st.bands[2].cand[d]
		f0 := (x0 | x0>>9 | x0>>18) & 511
		f1 := (x1 | x1>>9 | x1>>18) & 511
		f2 := (x2 | x2>>9 | x2>>18) & 511
		q0 := uint32(permutationPairs[f0&7|(f1&7)<<3|(f2&7)<<6])
		q1 := uint32(permutationPairs[f0>>3&7|(f1>>3&7)<<3|(f2>>3&7)<<6])
		q2 := uint32(permutationPairs[f0>>6|(f1>>6)<<3|(f2>>6)<<6])
		keep0 := (q0&7 | (q1&7)<<3 | (q2&7)<<6) * rowStarts
		keep1 := (q0>>3&7 | (q1>>3&7)<<3 | (q2>>3&7)<<6) * rowStarts
		keep2 := (q0>>6 | (q1>>6)<<3 | (q2>>6)<<6) * rowStarts
		st.bands[0].cand[d], st.bands[1].cand[d], st.bands[2].cand[d] = x0&keep0, x1&keep1, x2&keep2
		dirty |= b2u(x0&^keep0 != 0)<<d | b2u(x1&^keep1 != 0)<<(9+d) | b2u(x2&^keep2 != 0)<<(18+d)
	}
	s.moved = 0
	s.dirty |= dirty
	return dirty != 0
}

// lostPairs returns bits 0 and 1 for the first and second word of the
// pair t (low is lowFirst): set when that word is not zero.
func lostPairs(t uint64, low bool) uint32 {
	const bands, nonzero = band * halves, 1<<27 | 1<<59
	h := (t + bands) & nonzero
	if low {
		return uint32(h>>27|h>>58) & 3
	}
	return uint32(h>>59|h>>26) & 3
}

// search counts the solutions of the state at depth: it propagates, then
// branches, each branch but the last on a copy one level deeper and the
// last on the state itself. It branches on the configurations of one digit
// in one band or stack (pickBranch), or on a cell with two candidates
// (pickPair, firstPair): see the comment within.
func (s *solver9) search(depth int) {
	st := &s.stack[depth]
	for s.propagate(st) {
		if st.bands[0].unsolved|st.bands[1].unsolved|st.bands[2].unsolved == 0 {
			s.record(st)
			return
		}
		s.dirty, s.moved, s.triadBands = 0, 0, 0 // st is at a fixed point
		// What to branch on. Counting, the configurations of one digit
		// in one band or stack (pickBranch), as tdoku does: the forum's
		// hardest need 81 guesses each where a cell with two
		// candidates, the best of three or six, needed 94, and count
		// 12% faster. Except before the ninth guess with fewer than
		// firstPairBelow cells open, where the first pair is cheaper
		// than either: nine in ten of serg-benchmark's guesses are
		// there, and it was 25% slower with configurations. Looking for
		// one solution, the best of three pairs: the generator's full
		// grids are first solutions, and stay as they were. (And pairs
		// in a pass after one on configurations ran out: see count.)
		var b int
		var bit uint32
		var pair bool
		switch {
		case s.pairsOnly:
			b, bit, pair = pickPair(st, 3)
		case s.guesses <= 8 && openCells(st) < firstPairBelow:
			b, bit, pair = firstPair(st)
		}
		if !pair {
			unit, d, pattern, ok := pickBranch(st)
			if ok {
				if !s.branchConfigurations(st, depth, unit, d, pattern) {
					return
				}
				continue
			}
			// With every band and stack fixed by their rules,
			// propagation has placed every digit: this is reached only
			// when the stack rules were left out (stacksFrom), and never
			// on the four shared sets. Kept so that search never stalls.
			b, bit = pickFewest(st)
		}
		d := bits.TrailingZeros32(digitsAt(&st.bands[b], bits.TrailingZeros32(bit)))
		s.guesses++
		if s.guesses > s.budget {
			s.limit = 0 // every search above returns: found >= limit
			return
		}
		next := &s.stack[depth+1]
		*next = *st
		s.place(next, d, b, bit)
		s.search(depth + 1)
		if s.found >= s.limit {
			return
		}
		s.dirty, s.moved, s.triadBands = 1<<(9*b+d), 0, 0
		st.bands[b].cand[d] &^= bit
	}
}

// branchConfigurations searches each configuration of digit d in unit
// (pattern as pickBranch gives it) but the last on a copy one level
// deeper, then restricts st to the last. It reports false when the limit
// is reached.
func (s *solver9) branchConfigurations(st *state9, depth, unit, d int, pattern uint32) bool {
	last := -1
	for i, on := range perms {
		if uint32(on)&pattern == uint32(on) {
			last = i
		}
	}
	for _, on := range perms[:last] {
		if uint32(on)&pattern != uint32(on) {
			continue
		}
		s.guesses++
		if s.guesses > s.budget {
			s.limit = 0
			return false
		}
		next := &s.stack[depth+1]
		*next = *st
		s.restrict(next, unit, d, on)
		s.search(depth + 1)
		if s.found >= s.limit {
			return false
		}
		s.dirty, s.moved, s.triadBands = 0, 0, 0
	}
	s.restrict(st, unit, d, perms[last])
	return true
}

// pickPair returns the cell with two candidates to guess on, if any: among
// the first few (scoring), the one whose candidates have the most other
// places in its row and box, so that either guess settles the most.
// (Measured on the hardest set, this choice needs a third fewer guesses
// than the first cell with two.)
func pickPair(st *state9, scoring int) (b int, bit uint32, ok bool) {
	best, scored := -1, 0
	for bb := range 3 {
		bs := &st.bands[bb]
		twos, threes := twoThree(bs)
		for two := twos &^ threes & st.bands[bb].unsolved; two != 0 && scored < scoring; two &= two - 1 {
			scored++
			x := two & -two
			at := bits.TrailingZeros32(x)
			peers := bandPeers[at]
			score := placesSeen(bs, peers, at)
			if score > best {
				best, b, bit = score, bb, x
			}
		}
	}
	return b, bit, best >= 0
}

// firstPair is pickPair scoring one cell: the first cell with two
// candidates, if any, found without scoring it, and without counting the
// bands after its own (serg-benchmark 3.5% faster than pickPair(st, 1)).
func firstPair(st *state9) (b int, bit uint32, ok bool) {
	for b := range 3 {
		bs := &st.bands[b]
		twos, threes := twoThree(bs)
		if two := twos &^ threes & bs.unsolved; two != 0 {
			return b, two & -two, true
		}
	}
	return 0, 0, false
}

// placesSeen adds, over the digits of the cell at bit at of band bs, their
// places among peers: without a branch, as which digits the cell has is
// anyone's guess, and without a loop, two digits to a word.
func placesSeen(bs *bandState, peers uint32, at int) int {
	p := pairs(bs)
	pp := uint64(peers) * halves
	// A half of x whose cell bit is set, kept whole; the other cleared.
	seen := func(x uint64) int { return bits.OnesCount64(x & pp & (x >> at & halves * 0xffffffff)) }
	x8 := bs.cand[8]
	return seen(p[0]) + seen(p[1]) + seen(p[2]) + seen(p[3]) + bits.OnesCount32(x8&peers&-(x8>>at&1))
}

// openCells returns the number of cells not yet solved.
func openCells(st *state9) int {
	return bits.OnesCount32(st.bands[0].unsolved) + bits.OnesCount32(st.bands[1].unsolved) + bits.OnesCount32(st.bands[2].unsolved)
}

// halves has the low bit of each half of a 64-bit word.
const halves = 1 | 1<<32

// oneTwo returns the cells of band bs that one digit or more may hold, and
// two or more, without a loop: digits 1 to 8 two to a word, each half
// counting four digits, then the halves together and digit 9.
func oneTwo(bs *bandState) (ones, twos uint32) {
	p := pairs(bs)
	x0, x1, x2, x3 := p[0], p[1], p[2], p[3]
	a, b := x0|x1, x2|x3
	one, two := a|b, x0&x1|x2&x3|a&b // per half: one or more, two or more
	lo, hi, x8 := uint32(one), uint32(one>>32), bs.cand[8]
	u := lo | hi
	return u | x8, uint32(two) | uint32(two>>32) | lo&hi | u&x8
}

// twoThree returns the cells of band bs that two digits or more may hold,
// and three or more, as oneTwo does.
func twoThree(bs *bandState) (twos, threes uint32) {
	p := pairs(bs)
	x0, x1, x2, x3 := p[0], p[1], p[2], p[3]
	a, b, a2, b2 := x0|x1, x2|x3, x0&x1, x2&x3
	one, two, three := a|b, a2|b2|a&b, a2&b|b2&a // per half
	lo, hi, x8 := uint32(one), uint32(one>>32), bs.cand[8]
	lo2, hi2 := uint32(two), uint32(two>>32)
	twos = lo2 | hi2 | lo&hi
	threes = uint32(three) | uint32(three>>32) | lo2&hi | hi2&lo | twos&x8
	return twos | (lo|hi)&x8, threes
}

// pickFewest returns the first unsolved cell with the fewest candidates.
func pickFewest(st *state9) (b int, bit uint32) {
	fewest := 10
	for bb := range 3 {
		for un := st.bands[bb].unsolved; un != 0; un &= un - 1 {
			x := un & -un
			n := bits.OnesCount32(digitsAt(&st.bands[bb], bits.TrailingZeros32(x)))
			if n < fewest {
				fewest, b, bit = n, bb, x
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
		for b := range st.bands {
			// Each cell of a solved band holds one digit d: its value
			// d+1 is written a bit at a time (p0 the cells whose value
			// has bit 1, p1 bit 2, p2 bit 4, p3 bit 8), eight cells to a
			// word, with no loop over the digits' cells. (A store a cell
			// was 8% of the time counting serg's puzzles, which record
			// two solutions each.)
			// A band's last word runs five cells past it, writing blanks
			// into the next band, written next, or past the 81 cells.
			w := &st.bands[b].cand
			p0 := w[0] | w[2] | w[4] | w[6] | w[8]
			p1 := w[1] | w[2] | w[5] | w[6]
			p2 := w[3] | w[4] | w[5] | w[6]
			p3 := w[7] | w[8]
			for k := 0; k < 27; k += 8 {
				v := cellBytes[p0>>k&255] | cellBytes[p1>>k&255]<<1 | cellBytes[p2>>k&255]<<2 | cellBytes[p3>>k&255]<<3
				binary.LittleEndian.PutUint64(g.Cells[27*b+k:], v)
			}
		}
	}
	s.found++
}
