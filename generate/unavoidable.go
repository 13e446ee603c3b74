package generate

import (
	"math/bits"

	"github.com/xlsudoku/xlsudoku/solve"
)

// cells is a set of cell indexes of a grid, up to 16x16.
type cells [solve.MaxSize * solve.MaxSize / 64]uint64

func (c *cells) add(i int)              { c[i>>6] |= 1 << (i & 63) }
func (c *cells) has(i int) bool         { return c[i>>6]&(1<<(i&63)) != 0 }
func (c *cells) del(i int)              { c[i>>6] &^= 1 << (i & 63) }
func (c *cells) disjoint(d *cells) bool { return c[0]&d[0]|c[1]&d[1]|c[2]&d[2]|c[3]&d[3] == 0 }

// maxWitnesses bounds the sets a grid keeps, so that the scan stays short.
const maxWitnesses = 320

// witnesses remembers unavoidable sets of one complete grid: sets of cells
// where the grid's digits can be rearranged into another valid grid. A
// puzzle with no given in such a set has that other grid as a second
// solution, so it is not unique: no need to count. Most removals the
// digger tries fail this way, and counting to two solutions costs more
// than counting to one, so this saves most of the exact solver's work
// without changing a single decision. The sets come from the grid's
// patterns (two digits that can swap, two rows of a band that can swap
// some of their digits) and from the second solutions the counts find.
type witnesses struct {
	sets []cells
	// low[k] is sets[k]'s first two words, all of it when the grid has
	// at most 128 cells (narrow): missed scans these, half the words.
	low    [][2]uint64
	narrow bool
	sol    solve.Grid
	where  [3 * solve.MaxSize][solve.MaxSize]int   // where[u][d]: the cell of unit u holding d+1 in sol
	row    [3 * solve.MaxSize][solve.MaxSize]uint8 // and its row
}

// reset forgets the sets of the last grid and starts on sol with its
// pattern sets.
func (w *witnesses) reset(sol *solve.Grid, units *singles) {
	w.sets, w.low, w.sol = w.sets[:0], w.low[:0], *sol
	w.narrow = sol.Shape.Cells() <= 128
	n := sol.Shape.Size
	for u, unit := range units.units {
		for _, i := range unit {
			w.where[u][sol.Cells[i]-1] = i
			w.row[u][sol.Cells[i]-1] = uint8(i / n)
		}
	}
	// Two digits that swap: each set is where they can (unavoidable
	// rectangles among them): the cells linked to a cell of one of them by
	// sharing a unit with the other. Every unit links its two cells, and
	// every row has one of each, so the sets are unions of rows' pairs of
	// cells: the rows are joined through the columns and boxes.
	for a := range n {
		for b := a + 1; b < n; b++ {
			var rows [solve.MaxSize]uint32 // rows[r]: the rows linked to row r
			for r := range n {
				rows[r] = 1 << r
			}
			for u := n; u < 3*n; u++ { // rows are the first units
				ra, rb := w.row[u][a], w.row[u][b]
				if rows[ra]>>rb&1 == 0 {
					m := rows[ra] | rows[rb]
					for rs := m; rs != 0; rs &= rs - 1 {
						rows[bits.TrailingZeros32(rs)] = m
					}
				}
			}
			var done uint32
			for r := range n {
				if done>>r&1 != 0 {
					continue
				}
				done |= rows[r]
				var set cells
				for rs := rows[r]; rs != 0; rs &= rs - 1 {
					x := bits.TrailingZeros32(rs)
					set.add(w.where[x][a])
					set.add(w.where[x][b])
				}
				w.add(set)
			}
		}
	}
	w.linePairs(sol)
}

// linePairs adds the sets of two rows (or two columns) of sol: the cycles
// of the columns where the two rows hold the same digits, such as r1 and r2
// holding 3 5 7 and 5 7 3 in three columns. The rows can swap their digits
// there; the boxes keep theirs when the rows share a band, or when the
// cycle keeps to the columns of one box.
func (w *witnesses) linePairs(sol *solve.Grid) {
	shape := sol.Shape
	n := shape.Size
	for o := range 2 { // rows, then columns
		// lines of a band; cells of a line in a box; cell k of line l is
		// l*stride + k*step
		size, width, stride, step := shape.BoxRows, shape.BoxCols, n, 1
		if o == 1 {
			size, width, stride, step = width, size, 1, n
		}
		var digit [solve.MaxSize][solve.MaxSize]uint8   // digit[l][k]: what line l holds at k
		var pos [solve.MaxSize][solve.MaxSize + 1]uint8 // pos[l][d]: where line l holds d
		var box [solve.MaxSize]uint8                    // box[k]: the box of place k along a line
		for l := range n {
			for k := range n {
				d := sol.Cells[l*stride+k*step]
				digit[l][k], pos[l][d] = d, uint8(k)
			}
		}
		for k := range n {
			box[k] = uint8(k / width)
		}
		for l1 := range n {
			for l2 := l1 + 1; l2 < n; l2++ {
				band := l1/size == l2/size
				var seen uint32
				for k := range n {
					if seen>>k&1 != 0 {
						continue
					}
					var cycle uint32
					length, inBox := 0, true
					for j := k; cycle>>j&1 == 0; j = int(pos[l2][digit[l1][j]]) {
						cycle |= 1 << j
						length++
						inBox = inBox && box[j] == box[k]
					}
					seen |= cycle
					// two cells a line: two digits that swap, known
					if length > 2 && length < n && (band || inBox) {
						var set cells
						for c := cycle; c != 0; c &= c - 1 {
							j := bits.TrailingZeros32(c)
							set.add(l1*stride + j*step)
							set.add(l2*stride + j*step)
						}
						w.add(set)
					}
				}
			}
		}
	}
}

// learn records the cells where other, another solution of a puzzle of
// sol, differs from sol (nothing when it is sol).
func (w *witnesses) learn(other *solve.Grid) {
	var diff cells
	n := w.sol.Shape.Cells()
	sol := w.sol.Cells[:n]
	// Without a branch per cell: the cells that differ fall at random.
	for i, v := range other.Cells[:n] {
		diff[i>>6] |= uint64(b2u(v != sol[i])) << (i & 63)
	}
	if diff != (cells{}) {
		w.add(diff)
	}
}

// add keeps the set, while there are not too many. (A set may come
// twice; looking for it would cost more than the scans it saves.)
func (w *witnesses) add(set cells) {
	if len(w.sets) < maxWitnesses {
		w.sets = append(w.sets, set)
		w.low = append(w.low, [2]uint64{set[0], set[1]})
	}
}

// missed reports whether the givens miss one of the sets: the puzzle then
// has a second solution. The set missed moves halfway to the front: the
// puzzles asked about are near one another (a climb's moves, a dig's
// removals), and the same few sets catch most of them, so the scan,
// which stops at the first set missed, gets shorter. The answer does not
// depend on the order of the sets.
func (w *witnesses) missed(givens *cells) bool {
	if w.narrow {
		g0, g1 := givens[0], givens[1]
		for k, s := range w.low {
			if s[0]&g0|s[1]&g1 == 0 {
				w.forward(k)
				return true
			}
		}
		return false
	}
	for k := range w.sets {
		if w.sets[k].disjoint(givens) {
			w.forward(k)
			return true
		}
	}
	return false
}

// forward swaps set k with the one halfway to the front.
func (w *witnesses) forward(k int) {
	j := k / 2
	w.sets[j], w.sets[k] = w.sets[k], w.sets[j]
	w.low[j], w.low[k] = w.low[k], w.low[j]
}
