package generate

import "github.com/xlsudoku/xlsudoku/solve"

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
	units  *singles                              // the units of the shape
	where  [3 * solve.MaxSize][solve.MaxSize]int // where[u][d]: the cell of unit u holding d+1 in sol
	stack  [2 * solve.MaxSize]int
}

// reset forgets the sets of the last grid and starts on sol with its
// pattern sets.
func (w *witnesses) reset(sol *solve.Grid, units *singles) {
	w.sets, w.low, w.sol, w.units = w.sets[:0], w.low[:0], *sol, units
	w.narrow = sol.Shape.Cells() <= 128
	for u, unit := range units.units {
		for _, i := range unit {
			w.where[u][sol.Cells[i]-1] = i
		}
	}
	// Two digits that swap: each set is where they can (unavoidable
	// rectangles among them): the cells linked to a cell of one of them by
	// sharing a unit with the other.
	n := sol.Shape.Size
	for a := range n {
		for b := a + 1; b < n; b++ {
			var done cells
			for r := range n {
				start := w.where[r][a] // rows are the first units
				if done.has(start) {
					continue
				}
				var set cells
				set.add(start)
				w.stack[0] = start
				for top := 1; top > 0; {
					top--
					x := w.stack[top]
					other := a + b - int(sol.Cells[x]-1)
					for _, u := range units.of[x] {
						if y := w.where[u][other]; !set.has(y) {
							set.add(y)
							w.stack[top] = y
							top++
						}
					}
				}
				for k := range done {
					done[k] |= set[k]
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
	at := func(rows bool, line, k int) int { // the cell k of row or column line
		if rows {
			return line*n + k
		}
		return k*n + line
	}
	for _, rows := range []bool{true, false} {
		size, width := shape.BoxRows, shape.BoxCols // lines of a band; cells of a line in a box
		if !rows {
			size, width = width, size
		}
		for l1 := range n {
			for l2 := l1 + 1; l2 < n; l2++ {
				band := l1/size == l2/size
				var pos [solve.MaxSize + 1]int // pos[d]: where line l2 holds d
				for k := range n {
					pos[sol.Cells[at(rows, l2, k)]] = k
				}
				var seen cells
				for k := range n {
					if seen.has(k) {
						continue
					}
					var set cells
					length, inBox := 0, true
					for j := k; !seen.has(j); j = pos[sol.Cells[at(rows, l1, j)]] {
						seen.add(j)
						set.add(at(rows, l1, j))
						set.add(at(rows, l2, j))
						length++
						inBox = inBox && j/width == k/width
					}
					// two cells a line: two digits that swap, known
					if length > 2 && length < n && (band || inBox) {
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
	for i, v := range other.Cells[:w.sol.Shape.Cells()] {
		if v != w.sol.Cells[i] {
			diff.add(i)
		}
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
// has a second solution.
func (w *witnesses) missed(givens *cells) bool {
	if w.narrow {
		g0, g1 := givens[0], givens[1]
		for _, s := range w.low {
			if s[0]&g0|s[1]&g1 == 0 {
				return true
			}
		}
		return false
	}
	for k := range w.sets {
		if w.sets[k].disjoint(givens) {
			return true
		}
	}
	return false
}
