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

// bandPattern is the 9-bit (row, box) pattern of a band word.
func bandPattern(c uint32) uint32 {
	return uint32(boxesOfRow[c&511]) | uint32(boxesOfRow[c>>9&511])<<3 | uint32(boxesOfRow[c>>18&511])<<6
}

// pickBranch returns the band (unit 0..2) or stack (3..5) with the fewest
// configurations over all digits among those not yet fixed, and in it the
// digit with the fewest configurations above one, with its pattern: for a
// band, bit 3*row + box; for a stack, bit 3*band + column of the stack (the
// transpose of its (column, band) pattern, with as many permutations). It
// returns ok false when every band and stack is fixed.
func pickBranch(st *state9) (unit, digit int, pattern uint32, ok bool) {
	var total [6]int
	var fewest [6]uint8
	var fd [6]uint8
	var fp [6]uint32
	fewest = [6]uint8{7, 7, 7, 7, 7, 7}
	for d := range 9 {
		x0, x1, x2 := st.bands[0].cand[d], st.bands[1].cand[d], st.bands[2].cand[d]
		f0 := x0 | x0>>9 | x0>>18
		f1 := (x1 | x1>>9 | x1>>18) << 3
		f2 := (x2 | x2>>9 | x2>>18) << 6
		ps := [6]uint32{
			bandPattern(x0), bandPattern(x1), bandPattern(x2),
			f0&7 | f1&(7<<3) | f2&(7<<6),
			f0>>3&7 | f1>>3&(7<<3) | f2>>3&(7<<6),
			f0>>6&7 | f1>>6&(7<<3) | f2>>6&(7<<6),
		}
		for u, p := range ps {
			n := permCount[p&511]
			total[u] += int(n)
			if n > 1 && n < fewest[u] {
				fewest[u], fd[u], fp[u] = n, uint8(d), p
			}
		}
	}
	best := 1 << 30
	for u, t := range total {
		if t > 9 && t < best {
			best, unit, digit, pattern, ok = t, u, int(fd[u]), fp[u], true
		}
	}
	return
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
