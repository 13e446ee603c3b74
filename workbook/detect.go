package workbook

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// Detection looks at most this far into a sheet: puzzles sit near the top.
const (
	detectRows = 1000
	detectCols = 200
)

// minGivens is the fewest digits a block of each size needs to be taken
// for a puzzle (about the fewest a puzzle with one solution has).
var minGivens = map[int]int{4: 4, 6: 7, 8: 10, 9: 17, 12: 25, 16: 40}

// maxStray is how many cells of a block may hold something else than a
// digit or a blank: a puzzle with a typo is still found, and Read then
// names the bad cells.
const maxStray = 2

// candidate is a block of a sheet that could be the puzzle.
type candidate struct {
	rect  layout.Rect
	score int    // how well borders and data validation frame it
	key   string // its digits and their cells: blocks with the same key are one puzzle
	cells map[layout.Pos]bool
}

// detect finds the puzzle on the first sheet that has one: a square block
// of a supported size holding digits and blanks, with no digits right
// around it. Borders and data validation that frame a block exactly pick
// among blocks holding the same digits (a blank first row lets the block
// slide); blocks that cannot be told apart are an ErrAmbiguous error.
func (p *pkg) detect(sheets []sheetRef, box string) (*Puzzle, error) {
	var complete *Puzzle // an answer key: taken only when nothing else is found
	for _, sh := range sheets {
		best, err := p.detectSheet(sh)
		if err != nil {
			return nil, err
		}
		if len(best) == 0 {
			continue
		}
		if len(best) > 1 {
			var b strings.Builder
			fmt.Fprintf(&b, "%v: %s, sheet %s: these blocks could each be the puzzle; pick one with", ErrAmbiguous, p.file, sh.name)
			for _, c := range best {
				fmt.Fprintf(&b, "\n  --sheet %s --range %s", shellWord(sh.name), c.rect)
			}
			return nil, &detectError{msg: b.String()}
		}
		rect := best[0].rect
		shape, err := shapeOf(rect, box)
		if err != nil {
			return nil, err
		}
		rr, err := p.readRange(sh, rect, shape)
		if err != nil {
			return nil, err
		}
		pz, err := rr.puzzle(p.file)
		if err != nil {
			return nil, err
		}
		pz.Notes = append(pz.Notes, fmt.Sprintf("found a %dx%d puzzle at %s", shape.Size, shape.Size, pz.Where()))
		if pz.complete() {
			complete = cmp.Or(complete, pz)
			continue
		}
		return pz, nil
	}
	if complete != nil {
		return complete, nil
	}
	return nil, fmt.Errorf("%w in %s: no sheet holds a puzzle at %s, and no square block of digits and blanks (4x4 to 16x16) was found elsewhere; choose it with --sheet NAME --range B2:J10",
		ErrNoPuzzle, p.file, DefaultRange)
}

// detectError is an ambiguous detection; it wraps ErrAmbiguous.
type detectError struct{ msg string }

func (e *detectError) Error() string { return e.msg }
func (e *detectError) Unwrap() error { return ErrAmbiguous }

// shellWord quotes a sheet name for a command line when it needs it.
func shellWord(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t'\"$`\\!&|;<>()*?[]#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// sheetGrid is the top-left part of a sheet, cell by cell.
type sheetGrid struct {
	rows, cols int
	class      []int8 // digit 1..16, 0 for empty or blank, -1 for anything else
	letter     []int8 // 10..16 for a letter A-G, which is a digit of a 12x12 or 16x16 only (class -1)
	border     []bool
}

// distinct counts the digit values in rect, letters included. A puzzle
// with one solution shows at least n-1 of its n digits (two missing ones
// could swap), which tells a big grid from a 9x9 with a stray letter.
func (g *sheetGrid) distinct(rect layout.Rect) int {
	var seen uint32
	for r := rect.Min.Row; r <= rect.Max.Row; r++ {
		for c := rect.Min.Col; c <= rect.Max.Col; c++ {
			if d := g.at(r, c); d > 0 {
				seen |= 1 << d
			} else if r <= g.rows && c <= g.cols {
				if l := g.letter[(r-1)*g.cols+c-1]; l > 0 {
					seen |= 1 << l
				}
			}
		}
	}
	return bits.OnesCount32(seen)
}

func (g *sheetGrid) at(row, col int) int8 {
	if row < 1 || col < 1 || row > g.rows || col > g.cols {
		return 0
	}
	return g.class[(row-1)*g.cols+col-1]
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

// detectSheet returns the best candidates of one sheet: none, one, or
// several that nothing tells apart.
func (p *pkg) detectSheet(sh sheetRef) ([]candidate, error) {
	scan, err := p.scanSheet(sh, layout.Rect{Min: layout.Pos{Col: 1, Row: 1}, Max: layout.Pos{Col: detectCols, Row: detectRows}}, true)
	if err != nil {
		return nil, err
	}
	if len(scan.cells) == 0 {
		return nil, nil
	}
	g := &sheetGrid{}
	for _, c := range scan.cells {
		g.rows, g.cols = max(g.rows, c.Pos.Row), max(g.cols, c.Pos.Col)
	}
	// Room for a block whose last rows or columns are blank.
	g.rows, g.cols = min(g.rows+solve.MaxSize, detectRows), min(g.cols+solve.MaxSize, detectCols)
	g.class, g.letter, g.border = make([]int8, g.rows*g.cols), make([]int8, g.rows*g.cols), make([]bool, g.rows*g.cols)
	for _, c := range scan.cells {
		v, err := p.valueOf(sh.name, c)
		if err != nil {
			return nil, err
		}
		i := (c.Pos.Row-1)*g.cols + c.Pos.Col - 1
		g.class[i] = int8(v.digit(solve.MaxSize))
		g.letter[i] = int8(v.letter)
		g.border[i] = p.styles.hasBorder(c.S)
	}
	bordered := newSums(g, func(i int) bool { return g.border[i] })
	// Up to 9x9 a letter is something else (a typo to name, not a digit);
	// in the big grids it is a digit, as in the text format.
	type counts struct{ digits, stray sums }
	var small, large counts
	small.digits = newSums(g, func(i int) bool { return g.class[i] > 0 })
	small.stray = newSums(g, func(i int) bool { return g.class[i] < 0 })
	large.digits = newSums(g, func(i int) bool { return g.class[i] > 0 || g.letter[i] > 0 })
	large.stray = newSums(g, func(i int) bool { return g.class[i] < 0 && g.letter[i] == 0 })

	var cands []candidate
	for _, s := range solve.Shapes {
		n := s.Size
		digits, stray := small.digits, small.stray
		if n > 9 {
			digits, stray = large.digits, large.stray
		}
		big := newSums(g, func(i int) bool { return int(g.class[i]) > n || (n > 9 && int(g.letter[i]) > n) })
		for r0 := 1; r0+n-1 <= g.rows; r0++ {
			for c0 := 1; c0+n-1 <= g.cols; c0++ {
				r1, c1 := r0+n-1, c0+n-1
				if digits.sum(r0, c0, r1, c1) < minGivens[n] || big.sum(r0, c0, r1, c1) > 0 || stray.sum(r0, c0, r1, c1) > maxStray {
					continue
				}
				rect := layout.Rect{Min: layout.Pos{Col: c0, Row: r0}, Max: layout.Pos{Col: c1, Row: r1}}
				ring := map[layout.Pos]int{}
				for _, q := range frame(rect) {
					if d := g.at(q.Row, q.Col); d > 0 {
						ring[q] = int(d)
					}
				}
				if ringDigits(ring, rect) > 0 || (n > 9 && g.distinct(rect) < n-1) {
					continue
				}
				inside := bordered.sum(r0, c0, r1, c1)
				around := bordered.sum(r0-1, c0-1, r1+1, c1+1) - inside
				c := candidate{rect: rect, score: 2*inside - n*n - around - 100*stray.sum(r0, c0, r1, c1)}
				if slices.Contains(scan.validations, rect) {
					c.score += n * n
				}
				var key strings.Builder
				c.cells = map[layout.Pos]bool{}
				for r := r0; r <= r1; r++ {
					for col := c0; col <= c1; col++ {
						if d := g.at(r, col); d > 0 {
							fmt.Fprintf(&key, "%d,%d=%d;", r, col, d)
							c.cells[layout.Pos{Col: col, Row: r}] = true
						}
					}
				}
				c.key = key.String()
				cands = append(cands, c)
			}
		}
	}
	return bestCandidates(cands), nil
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

// bestCandidates groups the candidates by the digits they hold, drops a
// group whose digits are part of another's (a corner of a bigger puzzle),
// and keeps the best-scoring blocks: one when detection is sure.
func bestCandidates(cands []candidate) []candidate {
	groups := map[string][]candidate{}
	var keys []string
	for _, c := range cands {
		if _, ok := groups[c.key]; !ok {
			keys = append(keys, c.key)
		}
		groups[c.key] = append(groups[c.key], c)
	}
	var best []candidate
	for _, k := range keys {
		g := groups[k]
		contained := false
		for _, other := range keys {
			if other != k && len(groups[other][0].cells) > len(g[0].cells) && subset(g[0].cells, groups[other][0].cells) {
				contained = true
				break
			}
		}
		if contained {
			continue
		}
		top := g[0].score
		for _, c := range g {
			top = max(top, c.score)
		}
		for _, c := range g {
			if c.score == top {
				best = append(best, c)
			}
		}
	}
	return best
}

func subset(a, b map[layout.Pos]bool) bool {
	for p := range a {
		if !b[p] {
			return false
		}
	}
	return true
}
