package workbook

import (
	"math/bits"
	"slices"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// sheetGrid is the top-left part of a sheet, cell by cell.
type sheetGrid struct {
	rows, cols int
	class      []int8 // digit 1..16, 0 for empty or blank, -1 for what may be a mistyped digit, -2 for a longer text
	letter     []int8 // 10..16 for a letter A-G, which is a digit of a 12x12 or 16x16 only (class -1)
	border     []bool
	heavy      []uint8 // the sides with a heavy line (styleInfo.heavy)
}

func (g *sheetGrid) at(row, col int) int8 {
	if row < 1 || col < 1 || row > g.rows || col > g.cols {
		return 0
	}
	return g.class[(row-1)*g.cols+col-1]
}

// digitOf is the digit cell (row, col) holds as a cell of an n x n grid:
// letters count in the big grids only, and a number past n is no digit.
func (g *sheetGrid) digitOf(row, col, n int) int {
	if row < 1 || col < 1 || row > g.rows || col > g.cols {
		return 0
	}
	i := (row-1)*g.cols + col - 1
	d := int(g.class[i])
	if d < 0 && n > 9 {
		d = int(g.letter[i])
	}
	if d > n {
		return 0
	}
	return max(d, 0)
}

// distinct counts the digit values in rect, letters included. A puzzle
// with one solution shows at least n-1 of its n digits (two missing ones
// could swap), which tells a big grid from a 9x9 with a stray letter.
func (g *sheetGrid) distinct(rect layout.Rect) int {
	var seen uint32
	for r := rect.Min.Row; r <= rect.Max.Row; r++ {
		for c := rect.Min.Col; c <= rect.Max.Col; c++ {
			if d := g.digitOf(r, c, solve.MaxSize); d > 0 {
				seen |= 1 << d
			}
		}
	}
	return bits.OnesCount32(seen)
}

// sums is a summed-area table: sum(r0, c0, r1, c1) counts in O(1).
type sums struct {
	cols int
	s    []int32
}

func newSums(g *sheetGrid, f func(i int) bool) sums {
	t := sums{cols: g.cols + 1, s: make([]int32, (g.rows+1)*(g.cols+1))}
	for r := 1; r <= g.rows; r++ {
		for c := 1; c <= g.cols; c++ {
			v := int32(0)
			if f((r-1)*g.cols + c - 1) {
				v = 1
			}
			t.s[r*t.cols+c] = v + t.s[(r-1)*t.cols+c] + t.s[r*t.cols+c-1] - t.s[(r-1)*t.cols+c-1]
		}
	}
	return t
}

// sum counts over rows r0..r1 and columns c0..c1, clipped to the table.
func (t sums) sum(r0, c0, r1, c1 int) int {
	rows := len(t.s)/t.cols - 1
	r0, c0 = max(r0, 1), max(c0, 1)
	r1, c1 = min(r1, rows), min(c1, t.cols-1)
	if r0 > r1 || c0 > c1 {
		return 0
	}
	return int(t.s[r1*t.cols+c1] - t.s[(r0-1)*t.cols+c1] - t.s[r1*t.cols+c0-1] + t.s[(r0-1)*t.cols+c0-1])
}

// in is sum over the cells of r.
func (t sums) in(r layout.Rect) int { return t.sum(r.Min.Row, r.Min.Col, r.Max.Row, r.Max.Col) }

// breaksRules reports whether the digits of the n x n block rect hold a
// digit twice in a row or column, or twice in a box of every box shape
// allowed.
func (g *sheetGrid) breaksRules(rect layout.Rect, shapes []solve.Shape) bool {
	_, ok := g.fits(rect, shapes)
	return !ok
}

// clashes counts the pairs of digits of rect that clash (solve's
// Conflicts) under the first shape of its size.
func (g *sheetGrid) clashes(rect layout.Rect, shapes []solve.Shape) int {
	n := rect.Rows()
	pz := solve.NewGrid(shapes[slices.IndexFunc(shapes, func(s solve.Shape) bool { return s.Size == n })])
	for r := range n {
		for c := range n {
			pz.Set(r, c, g.digitOf(rect.Min.Row+r, rect.Min.Col+c, n))
		}
	}
	return len(pz.Conflicts())
}

// fitShape is the shape of rect's size whose rules its digits fit (of
// two, up to 8x8, the one with the likelier count of solutions), or the
// first of its size when none does.
func (g *sheetGrid) fitShape(rect layout.Rect, shapes []solve.Shape) solve.Shape {
	s, _ := g.solutions(rect, shapes)
	return s
}

// fits returns, of shapes of rect's size whose rules its digits fit (ok),
// the one whose boxes the sheet draws (boxLines), the first of those
// alike; or, when none fits, the first of its size.
func (g *sheetGrid) fits(rect layout.Rect, shapes []solve.Shape) (shape solve.Shape, ok bool) {
	n := rect.Rows()
	shape = shapes[slices.IndexFunc(shapes, func(s solve.Shape) bool { return s.Size == n })]
	var rows, cols [solve.MaxSize]uint32
	for r := range n {
		for c := range n {
			d := g.digitOf(rect.Min.Row+r, rect.Min.Col+c, n)
			if d == 0 {
				continue
			}
			bit := uint32(1) << d
			if rows[r]&bit != 0 || cols[c]&bit != 0 {
				return shape, false
			}
			rows[r] |= bit
			cols[c] |= bit
		}
	}
	for _, s := range shapes {
		if s.Size != n {
			continue
		}
		var boxes [solve.MaxSize]uint32
		clash := false
		for r := range n {
			for c := range n {
				if d := g.digitOf(rect.Min.Row+r, rect.Min.Col+c, n); d > 0 {
					b, bit := s.Box(r, c), uint32(1)<<d
					clash = clash || boxes[b]&bit != 0
					boxes[b] |= bit
				}
			}
		}
		if !clash && (!ok || g.boxLines(rect, s) > g.boxLines(rect, shape)) {
			shape, ok = s, true
		}
	}
	return shape, ok
}

// boxLines counts the cell sides inside rect that lie between two boxes
// of shape s and are drawn with a heavy line. Of the two box shapes of a
// size, the one whose boxes the sheet draws is the one meant when the
// digits fit both (and, as a 6x6 of our own may, have one solution with
// each).
func (g *sheetGrid) boxLines(rect layout.Rect, s solve.Shape) int {
	if g.heavy == nil {
		return 0
	}
	return boxLines(s, func(r, c int) uint8 {
		row, col := rect.Min.Row+r, rect.Min.Col+c
		if row < 1 || col < 1 || row > g.rows || col > g.cols {
			return 0
		}
		return g.heavy[(row-1)*g.cols+col-1]
	})
}

// boxLines counts the sides between two cells of a grid of shape s that
// lie between two of its boxes and are drawn with a heavy line: sides
// gives the heavy sides of the grid's cell r, c (0-based).
func boxLines(s solve.Shape, sides func(r, c int) uint8) int {
	n, lines := s.Size, 0
	for r := range n {
		for c := range n {
			if c+1 < n && (c+1)%s.BoxCols == 0 && (sides(r, c)&heavyRight != 0 || sides(r, c+1)&heavyLeft != 0) {
				lines++
			}
			if r+1 < n && (r+1)%s.BoxRows == 0 && (sides(r, c)&heavyBottom != 0 || sides(r+1, c)&heavyTop != 0) {
				lines++
			}
		}
	}
	return lines
}

// labelEdge reports whether a row or column at the edge of rect reads as
// labels rather than puzzle digits: at least n-1 digits going up by one
// from cell to cell (1 2 3 ... above or beside a grid, cut by the block).
func (g *sheetGrid) labelEdge(rect layout.Rect) bool {
	n := rect.Rows()
	line := func(start layout.Pos, dr, dc int) bool {
		run, prev := 0, 0
		for k := range n {
			p := start.Add(k*dr, k*dc)
			d := g.digitOf(p.Row, p.Col, n)
			switch {
			case d == 0:
				if run > 0 {
					return run >= n-1
				}
			case run > 0 && d != prev+1:
				return false
			default:
				run++
			}
			prev = d
		}
		return run >= n-1
	}
	return line(rect.Min, 0, 1) || line(rect.Min, 1, 0) ||
		line(layout.Pos{Col: rect.Min.Col, Row: rect.Max.Row}, 0, 1) ||
		line(layout.Pos{Col: rect.Max.Col, Row: rect.Min.Row}, 1, 0)
}

// solutions counts the solutions of the digits of block rect as a puzzle
// (0, 1, or 2 for several) with each box shape of its size that its digits
// fit, and returns the likeliest shape and its count: one solution, then
// several, then none. Blocks past 9x9 are not counted (count 1): a bad one
// can take long.
func (g *sheetGrid) solutions(rect layout.Rect, shapes []solve.Shape) (solve.Shape, int) {
	n := rect.Rows()
	first, ok := g.fits(rect, shapes)
	if !ok || n > 9 {
		return first, 1
	}
	best, count := first, -1
	for _, shape := range shapes {
		if shape.Size != n {
			continue
		}
		pz := solve.NewGrid(shape)
		for r := range n {
			for c := range n {
				pz.Set(r, c, g.digitOf(rect.Min.Row+r, rect.Min.Col+c, n))
			}
		}
		if len(pz.Conflicts()) > 0 {
			continue
		}
		var s solve.Solver
		k := s.Count(&pz, 2, nil)
		if count < 0 || solutionRank(k) < solutionRank(count) ||
			solutionRank(k) == solutionRank(count) && g.boxLines(rect, shape) > g.boxLines(rect, best) {
			best, count = shape, k
		}
	}
	return best, count
}

// ringDigits counts the digits in the frame of cells around rect, leaving
// out a side that holds exactly the labels 1, 2, 3, ... in order, and a
// side that holds a digit twice (a row of checks, not part of a puzzle).
func ringDigits(at map[layout.Pos]int, rect layout.Rect) int {
	n := len(at)
	side := func(start layout.Pos, dr, dc, length int) {
		count, labels := 0, true
		var seen uint32
		repeated := false
		for k := range length {
			d, ok := at[start.Add(k*dr, k*dc)]
			if !ok {
				labels = false
				continue
			}
			labels = labels && d == k+1
			repeated = repeated || seen&(1<<d) != 0
			seen |= 1 << d
			count++
		}
		if labels || repeated {
			n -= count
		}
	}
	side(layout.Pos{Col: rect.Min.Col, Row: rect.Min.Row - 1}, 0, 1, rect.Cols())
	side(layout.Pos{Col: rect.Min.Col, Row: rect.Max.Row + 1}, 0, 1, rect.Cols())
	side(layout.Pos{Col: rect.Min.Col - 1, Row: rect.Min.Row}, 1, 0, rect.Rows())
	side(layout.Pos{Col: rect.Max.Col + 1, Row: rect.Min.Row}, 1, 0, rect.Rows())
	return n
}

// frame lists the cells right around rect.
func frame(rect layout.Rect) []layout.Pos {
	var out []layout.Pos
	for col := rect.Min.Col - 1; col <= rect.Max.Col+1; col++ {
		out = append(out, layout.Pos{Col: col, Row: rect.Min.Row - 1}, layout.Pos{Col: col, Row: rect.Max.Row + 1})
	}
	for row := rect.Min.Row; row <= rect.Max.Row; row++ {
		out = append(out, layout.Pos{Col: rect.Min.Col - 1, Row: row}, layout.Pos{Col: rect.Max.Col + 1, Row: row})
	}
	return out
}

func subset(a, b map[layout.Pos]bool) bool {
	for p := range a {
		if !b[p] {
			return false
		}
	}
	return true
}

// sizesOf lists the sides of shapes, once each.
func sizesOf(shapes []solve.Shape) []int {
	var out []int
	for _, s := range shapes {
		if !slices.Contains(out, s.Size) {
			out = append(out, s.Size)
		}
	}
	return out
}
