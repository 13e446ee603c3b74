package solve

// Branching on band configurations, after tdoku: in a band (or a stack),
// the (row, box) pairs of a digit form one of 6 permutations, its
// configuration. The solver branches on the configurations of one digit in
// one band, not on the candidates of one cell: each branch settles the
// digit in three rows and three boxes at once.

var (
	// permCount[p] is the number of permutations within the 9-bit pattern p.
	permCount [512]uint8
	// perms lists the 6 permutations as 9-bit (row, box) patterns.
	perms [6]uint16
)

func init() {
	orders := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for i, order := range orders {
		for row, box := range order {
			perms[i] |= 1 << (3*row + box)
		}
	}
	for p := range 512 {
		for _, on := range perms {
			if uint16(p)&on == on {
				permCount[p]++
			}
		}
	}
}

// bandPattern is the 9-bit (row, box) pattern of a band word, without a
// table: each 3-cell row segment's "any cell" bit (segment i at bit 3i),
// moved into place by two multiplications whose partial products never
// overlap, so nothing carries. (pickBranch takes 27 patterns a guess.)
func bandPattern(c uint32) uint32 {
	y := (c | c>>1 | c>>2) & 0x1249249
	t := y * (1<<4 | 1<<2 | 1) & 0x1C0E070 // row r, box k at bit 9r+k+4
	return uint32(uint64(t) * (1<<36 | 1<<30 | 1<<24) >> 40 & 511)
}

// pickBranch returns the band (unit 0..2) or stack (3..5) with the fewest
// configurations over all digits among those not yet fixed, and in it the
// digit with the fewest configurations above one, with its pattern: for a
// band, bit 3*row + box; for a stack, bit 3*band + column of the stack (the
// transpose of its (column, band) pattern, with as many permutations). It
// returns ok false when every band and stack is fixed.
//
// The six units are unrolled into variables and the fewest kept with min,
// without a branch: as arrays in loops, with a branch per digit, this
// took a fifth of the time counting the forum's hardest.
func pickBranch(st *state9) (unit, digit int, pattern uint32, ok bool) {
	var t0, t1, t2, t3, t4, t5 uint32 // configurations in all
	// The digit with the fewest configurations above one, as
	// (count-2)<<4 | digit: a count of 0 or 1 wraps to above any other.
	k0, k1, k2, k3, k4, k5 := ^uint32(0), ^uint32(0), ^uint32(0), ^uint32(0), ^uint32(0), ^uint32(0)
	for d := range uint32(9) {
		x0, x1, x2 := st.bands[0].cand[d], st.bands[1].cand[d], st.bands[2].cand[d]
		f0 := x0 | x0>>9 | x0>>18
		f1 := (x1 | x1>>9 | x1>>18) << 3
		f2 := (x2 | x2>>9 | x2>>18) << 6
		n0 := uint32(permCount[bandPattern(x0)&511])
		n1 := uint32(permCount[bandPattern(x1)&511])
		n2 := uint32(permCount[bandPattern(x2)&511])
		n3 := uint32(permCount[(f0&7|f1&(7<<3)|f2&(7<<6))&511])
		n4 := uint32(permCount[(f0>>3&7|f1>>3&(7<<3)|f2>>3&(7<<6))&511])
		n5 := uint32(permCount[(f0>>6&7|f1>>6&(7<<3)|f2>>6&(7<<6))&511])
		t0, t1, t2, t3, t4, t5 = t0+n0, t1+n1, t2+n2, t3+n3, t4+n4, t5+n5
		k0 = min(k0, (n0-2)<<4|d)
		k1 = min(k1, (n1-2)<<4|d)
		k2 = min(k2, (n2-2)<<4|d)
		k3 = min(k3, (n3-2)<<4|d)
		k4 = min(k4, (n4-2)<<4|d)
		k5 = min(k5, (n5-2)<<4|d)
	}
	// A unit is fixed when each digit has one configuration (9 in all).
	// The fewest wins, the first on ties: the least of (total-10)<<3 |
	// unit, where a fixed unit's total wraps to above any other.
	v := min(
		(t0-10)<<3|0, (t1-10)<<3|1, (t2-10)<<3|2,
		(t3-10)<<3|3, (t4-10)<<3|4, (t5-10)<<3|5)
	if v >= 1<<31 {
		return 0, 0, 0, false
	}
	unit = int(v & 7)
	key := [6]uint32{k0, k1, k2, k3, k4, k5}[unit]
	digit = int(key & 15)
	if unit < 3 {
		return unit, digit, bandPattern(st.bands[unit].cand[digit]), true
	}
	sh := 3 * uint(unit-3)
	col := func(x uint32) uint32 { return (x | x>>9 | x>>18) >> sh & 7 }
	b := &st.bands
	return unit, digit, col(b[0].cand[digit]) | col(b[1].cand[digit])<<3 | col(b[2].cand[digit])<<6, true
}

// restrict keeps, for digit d in band or stack unit, only the cells of the
// permutation on, and marks the words it changed dirty.
func (s *solver9) restrict(st *state9, unit, d int, on uint16) {
	if unit < 3 {
		x := st.bands[unit].cand[d]
		if y := x & permutationCells[on]; y != x {
			st.bands[unit].cand[d] = y
			s.dirty |= 1 << (9*unit + d)
		}
		return
	}
	sh := uint(3 * (unit - 3))
	for b := range 3 {
		// on is (band, column) pairs: band b keeps one column of the stack.
		keep := uint32(on>>(3*b)&7) << sh * rowStarts
		x := st.bands[b].cand[d]
		if y := x &^ ((7 << sh) * rowStarts &^ keep); y != x {
			st.bands[b].cand[d] = y
			s.dirty |= 1 << (9*b + d)
		}
	}
}
