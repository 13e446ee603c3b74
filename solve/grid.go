package solve

import (
	"fmt"
	"math/bits"
)

// Digits is a set of digits: bit d-1 is set when digit d is in the set.
type Digits uint32

// Has reports whether d is in the set.
func (s Digits) Has(d int) bool { return d >= 1 && s&(1<<(d-1)) != 0 }

// Len is the number of digits in the set.
func (s Digits) Len() int { return bits.OnesCount32(uint32(s)) }

// List returns the digits of the set in increasing order.
func (s Digits) List() []int {
	out := make([]int, 0, s.Len())
	for ; s != 0; s &= s - 1 {
		out = append(out, bits.TrailingZeros32(uint32(s))+1)
	}
	return out
}

// DigitsOf returns the set holding the given digits.
func DigitsOf(ds ...int) Digits {
	var s Digits
	for _, d := range ds {
		if d >= 1 && d <= MaxSize { // no digit, no bit
			s |= 1 << (d - 1)
		}
	}
	return s
}

// Cell addresses a cell by its 0-based row and column. It prints in the
// community's 1-based r1c1 notation: Cell{2, 6} is "r3c7".
type Cell struct{ Row, Col int }

func (c Cell) String() string { return fmt.Sprintf("r%dc%d", c.Row+1, c.Col+1) }

// UnitKind tells rows, columns and boxes apart.
type UnitKind uint8

const (
	Row UnitKind = iota
	Col
	Box
)

func (k UnitKind) String() string {
	if k > Box {
		return fmt.Sprintf("UnitKind(%d)", k)
	}
	return [...]string{"row", "column", "box"}[k]
}

// Unit is one row, column or box of a grid, by 0-based index. It prints
// 1-based: Unit{Row, 0} is "row 1".
type Unit struct {
	Kind  UnitKind
	Index int
}

func (u Unit) String() string { return fmt.Sprintf("%s %d", u.Kind, u.Index+1) }

// Cells returns the cells of u in reading order.
func (u Unit) Cells(s Shape) []Cell {
	out := make([]Cell, 0, s.Size)
	for i := 0; i < s.Size; i++ {
		switch u.Kind {
		case Row:
			out = append(out, Cell{u.Index, i})
		case Col:
			out = append(out, Cell{i, u.Index})
		default:
			r, c := s.BoxOrigin(u.Index)
			out = append(out, Cell{r + i/s.BoxCols, c + i%s.BoxCols})
		}
	}
	return out
}

// Units returns every unit of the shape: the rows, then the columns, then the
// boxes.
func (s Shape) Units() []Unit {
	if !s.Valid() {
		return nil
	}
	out := make([]Unit, 0, 3*s.Size)
	for _, k := range []UnitKind{Row, Col, Box} {
		for i := 0; i < s.Size; i++ {
			out = append(out, Unit{k, i})
		}
	}
	return out
}

// Grid is a (partly) filled grid of any supported shape. It is a value:
// copying a Grid copies its cells.
//
// Cells are stored row by row: the cell at row r, column c (0-based) is
// Cells[r*Size+c], and holds its digit 1..Size or 0 when it is blank. Cells
// past Size*Size are always 0, so two grids compare equal with == exactly
// when they have the same shape and digits.
type Grid struct {
	Shape Shape
	Cells [MaxSize * MaxSize]uint8
}

// NewGrid returns an empty grid of shape s. For a shape that is not
// supported (see Shape.Valid), such as the zero Shape, the package's
// functions give an error wrapping ErrShape, no solutions, or nothing.
func NewGrid(s Shape) Grid { return Grid{Shape: s} }

// At returns the digit at row r, column c (both from 0), or 0 when the cell
// is blank. It panics when r or c is outside the grid, as an index out of
// a slice does.
func (g *Grid) At(r, c int) int { return int(g.Cells[g.index(r, c)]) }

// Set puts digit d (0 for blank) at row r, column c (both from 0). A d
// that is no digit of the grid is stored as it is, for Check and Solve to
// report as an error wrapping ErrDigitRange; one below 0 or above 255,
// which a cell cannot hold, is stored as 255 rather than wrapped into a
// digit or a blank. It panics when r or c is outside the grid.
func (g *Grid) Set(r, c, d int) {
	if uint(d) > 255 {
		d = 255
	}
	g.Cells[g.index(r, c)] = uint8(d)
}

// index is the place of row r, column c in Cells. Checked, since Cells
// is longer than most grids: column 9 of a 9x9 would be r2c1, and row 20
// a cell past Size*Size, which must stay 0 (a library walk of 3 December).
func (g *Grid) index(r, c int) int {
	if n := g.Shape.Size; uint(r) >= uint(n) || uint(c) >= uint(n) {
		panic(fmt.Sprintf("solve: row %d, column %d is outside a %dx%d grid", r, c, n, n))
	}
	return r*g.Shape.Size + c
}

// Filled is the number of non-blank cells.
func (g *Grid) Filled() int {
	n := 0
	for _, d := range g.cells() {
		if d != 0 {
			n++
		}
	}
	return n
}

// Complete reports whether every cell holds a digit; never for a shape
// that is not supported.
func (g *Grid) Complete() bool { return g.Shape.Valid() && g.Filled() == g.Shape.Cells() }

// Within reports whether every digit of g is h's in the same cell, both
// of one shape: a puzzle's givens are within its answer, and within the
// puzzle plus entries.
func (g *Grid) Within(h *Grid) bool {
	if g.Shape != h.Shape {
		return false
	}
	hc := h.cells()
	for i, d := range g.cells() {
		if d != 0 && d != hc[i] {
			return false
		}
	}
	return true
}

// cells returns the cells of g's shape, none for a shape whose cells
// would not fit a Grid (see NewGrid: nothing rather than a panic).
func (g *Grid) cells() []uint8 {
	if g.Shape.Size <= 0 || g.Shape.Size > MaxSize {
		return nil
	}
	return g.Cells[:g.Shape.Cells()]
}

// Candidates returns, for every cell in row-major order, the digits it may
// still hold: for a blank cell, the digits not seen in its row, column and
// box; for a filled cell, just its digit. It returns nil when g's Shape is
// not supported.
func (g *Grid) Candidates() []Digits {
	s := g.Shape
	if !s.Valid() {
		return nil
	}
	rows, cols, boxes := g.seen()
	out := make([]Digits, s.Cells())
	for i := range out {
		r, c := i/s.Size, i%s.Size
		if d := g.Cells[i]; d != 0 {
			out[i] = 1 << (d - 1)
			continue
		}
		out[i] = s.All() &^ (rows[r] | cols[c] | boxes[s.Box(r, c)])
	}
	return out
}

// seen returns the digits present in each row, column and box.
func (g *Grid) seen() (rows, cols, boxes [MaxSize]Digits) {
	s := g.Shape
	for i, d := range g.Cells[:s.Cells()] {
		if d == 0 {
			continue
		}
		r, c := i/s.Size, i%s.Size
		bit := Digits(1) << (d - 1)
		rows[r] |= bit
		cols[c] |= bit
		boxes[s.Box(r, c)] |= bit
	}
	return
}

// Conflict is a digit that stands twice in one unit.
type Conflict struct {
	A, B  Cell
	Digit int
	Unit  Unit
}

func (c Conflict) String() string {
	return fmt.Sprintf("%v and %v both hold %s in %v", c.A, c.B, DigitString(c.Digit), c.Unit)
}

// Conflicts returns every pair of cells that hold the same digit in the same
// unit, by unit (rows, columns, boxes) and then reading order. A pair that
// shares a row and a box is reported once, for the row. It returns nil when
// g's Shape is not supported, and leaves out cells that hold no digit of the
// grid (above Size): Check tells of both.
func (g *Grid) Conflicts() []Conflict {
	if !g.Shape.Valid() {
		return nil
	}
	var out []Conflict
	reported := map[[2]Cell]bool{}
	for _, u := range g.Shape.Units() {
		var first [MaxSize + 1]*Cell
		cells := u.Cells(g.Shape)
		for i := range cells {
			d := g.At(cells[i].Row, cells[i].Col)
			if d == 0 || d > g.Shape.Size {
				continue
			}
			if first[d] == nil {
				first[d] = &cells[i]
				continue
			}
			key := [2]Cell{*first[d], cells[i]}
			if reported[key] {
				continue
			}
			reported[key] = true
			out = append(out, Conflict{A: *first[d], B: cells[i], Digit: d, Unit: u})
		}
	}
	return out
}

// Check returns a *ConflictError when the grid has conflicts, an error
// wrapping ErrShape when its Shape is not supported, one wrapping
// ErrDigitRange that names the first cell holding no digit of the grid
// (above Size), and nil otherwise.
func (g *Grid) Check() error {
	s := g.Shape
	if !s.Valid() {
		return fmt.Errorf("%w: %v", ErrShape, s)
	}
	for i, d := range g.Cells[:s.Cells()] {
		if int(d) > s.Size {
			return fmt.Errorf("%w: %v holds %d, not a digit of a %v grid (digits %s)",
				ErrDigitRange, s.cell(i), d, s, digitRange(s.Size))
		}
	}
	if cs := g.Conflicts(); len(cs) > 0 {
		return &ConflictError{Conflicts: cs}
	}
	return nil
}

// Diff returns the cells where g and h hold different digits.
func (g *Grid) Diff(h *Grid) []Cell {
	var out []Cell
	for i := range g.cells() {
		if g.Cells[i] != h.Cells[i] {
			out = append(out, Cell{i / g.Shape.Size, i % g.Shape.Size})
		}
	}
	return out
}

// DigitString writes digit d as the text formats do: 1-9, then A-G for 10-16.
func DigitString(d int) string {
	if d >= 1 && d <= 9 {
		return string(rune('0' + d))
	}
	if d >= 10 && d <= 16 {
		return string(rune('A' + d - 10))
	}
	return "?"
}
