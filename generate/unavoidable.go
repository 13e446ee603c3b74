package generate

import "github.com/xlsudoku/xlsudoku/solve"

// cells is a set of cell indexes of a grid, up to 16x16.
type cells [solve.MaxSize * solve.MaxSize / 64]uint64

func (c *cells) add(i int)              { c[i>>6] |= 1 << (i & 63) }
func (c *cells) has(i int) bool         { return c[i>>6]&(1<<(i&63)) != 0 }
func (c *cells) del(i int)              { c[i>>6] &^= 1 << (i & 63) }
func (c *cells) disjoint(d *cells) bool { return c[0]&d[0]|c[1]&d[1]|c[2]&d[2]|c[3]&d[3] == 0 }

// maxWitnesses bounds the sets a grid keeps, so that the scan stays short.
const maxWitnesses = 256

// witnesses remembers the unavoidable sets of one complete grid that the
// digger has met: the cells where a second solution of some puzzle differs
// from the grid. A puzzle with no given in such a set has that second
// solution too, so it is not unique: no need to count. Most removals the
// digger tries fail this way, and counting to two solutions costs more
// than counting to one, so this saves most of the exact solver's work
// without changing a single decision.
type witnesses struct {
	sets []cells
}

// reset forgets the sets and starts with those of two digits of the new
// grid sol: swapping the two digits in the cells of one of them gives
// another grid (unavoidable rectangles among them).
func (w *witnesses) reset(sol *solve.Grid, s *singles) {
	w.sets = w.sets[:0]
	n := sol.Shape.Size
	var where [3 * solve.MaxSize][solve.MaxSize]int // where[u][d]: the cell of unit u holding d+1
	for u, unit := range s.units {
		for _, i := range unit {
			where[u][sol.Cells[i]-1] = i
		}
	}
	var stack [2 * solve.MaxSize]int
	for a := range n {
		for b := a + 1; b < n; b++ {
			var done cells
			for r := range n {
				start := where[r][a] // rows are the first units
				if done.has(start) {
					continue
				}
				// The cells linked to start by sharing a unit with the
				// other digit: every unit of the set holds both digits
				// in it, so they can swap.
				var set cells
				set.add(start)
				top := 1
				stack[0] = start
				for top > 0 {
					top--
					x := stack[top]
					other := a + b - int(sol.Cells[x]-1)
					for _, u := range s.of[x] {
						if y := where[u][other]; !set.has(y) {
							set.add(y)
							stack[top] = y
							top++
						}
					}
				}
				for k := range done {
					done[k] |= set[k]
				}
				w.sets = append(w.sets, set)
			}
		}
	}
}

// linePairs adds the sets of two rows of one band (or two columns of one
// stack) of sol: the cycles of the columns where the two rows hold the same
// digits, such as r1 and r2 holding 3 5 7 and 5 7 3 in three columns. The
// rows can swap their digits there, the boxes keeping theirs.
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
		size := shape.BoxRows
		if !rows {
			size = shape.BoxCols
		}
		for l1 := range n {
			for l2 := l1 + 1; l2 < n && l2/size == l1/size; l2++ {
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
					length := 0
					for j := k; !seen.has(j); j = pos[sol.Cells[at(rows, l1, j)]] {
						seen.add(j)
						set.add(at(rows, l1, j))
						set.add(at(rows, l2, j))
						length++
					}
					if length < n {
						w.sets = append(w.sets, set)
					}
				}
			}
		}
	}
}

// learn records the cells where other, a solution of some puzzle of the
// grid sol, differs from sol (nothing when it is sol).
func (w *witnesses) learn(sol, other *solve.Grid) {
	if len(w.sets) >= maxWitnesses {
		return
	}
	var d cells
	for i, v := range other.Cells[:sol.Shape.Cells()] {
		if v != sol.Cells[i] {
			d.add(i)
		}
	}
	if d != (cells{}) {
		w.sets = append(w.sets, d)
	}
}

// missed reports whether the givens miss one of the sets: the puzzle then
// has a second solution.
func (w *witnesses) missed(givens *cells) bool {
	for k := range w.sets {
		if w.sets[k].disjoint(givens) {
			return true
		}
	}
	return false
}
