package solve

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Shape is the geometry of a grid: its side and the size of its boxes.
// A Shape with Size n has n rows, n columns, n boxes and the digits 1..n;
// every box is BoxRows tall and BoxCols wide, and BoxRows*BoxCols == Size.
type Shape struct {
	Size    int // side of the grid, in cells
	BoxRows int // height of a box, in cells
	BoxCols int // width of a box, in cells
}

// The supported shapes. For 6x6, 8x8 and 12x12 the boxes are wider than tall
// by default; the transposed box (3x2, 4x2, 4x3) can be asked for with
// ShapeWithBox.
var (
	Shape4  = Shape{4, 2, 2}
	Shape6  = Shape{6, 2, 3}
	Shape8  = Shape{8, 2, 4}
	Shape9  = Shape{9, 3, 3}
	Shape12 = Shape{12, 3, 4}
	Shape16 = Shape{16, 4, 4}
)

// Shapes lists the default shape of every supported size, smallest first.
var Shapes = []Shape{Shape4, Shape6, Shape8, Shape9, Shape12, Shape16}

// MaxSize is the side of the largest supported grid.
const MaxSize = 16

// ErrShape reports a grid size or box shape that xlsudoku does not support.
var ErrShape = errors.New("unsupported grid shape")

// ShapeOf returns the default shape of a grid with the given side.
func ShapeOf(size int) (Shape, error) {
	for _, s := range Shapes {
		if s.Size == size {
			return s, nil
		}
	}
	return Shape{}, fmt.Errorf("%w: %dx%d (sizes are 4, 6, 8, 9, 12 and 16)", ErrShape, size, size)
}

// ShapeWithBox returns the shape of side size whose boxes are boxRows x
// boxCols, if it is one of the supported shapes or its transpose.
func ShapeWithBox(size, boxRows, boxCols int) (Shape, error) {
	def, err := ShapeOf(size)
	if err != nil {
		return Shape{}, err
	}
	if (boxRows == def.BoxRows && boxCols == def.BoxCols) || (boxRows == def.BoxCols && boxCols == def.BoxRows) {
		return Shape{size, boxRows, boxCols}, nil
	}
	use := fmt.Sprintf("%dx%d", def.BoxRows, def.BoxCols)
	if def.BoxRows != def.BoxCols {
		use += fmt.Sprintf(" or %dx%d", def.BoxCols, def.BoxRows)
	}
	return Shape{}, fmt.Errorf("%w: %dx%d boxes do not tile a %dx%d grid (use %s)", ErrShape, boxRows, boxCols, size, size, use)
}

// ParseBox parses a box shape written as "2x3" (rows x columns) and returns
// the shape of side size with those boxes.
func ParseBox(size int, box string) (Shape, error) {
	br, bc, err := boxSides(box)
	if err != nil {
		return Shape{}, err
	}
	return ShapeWithBox(size, br, bc)
}

// boxSides reads a box shape, ROWSxCOLS.
func boxSides(box string) (rows, cols int, err error) {
	r, c, ok := strings.Cut(strings.ToLower(strings.TrimSpace(box)), "x")
	br, err1 := strconv.Atoi(r)
	bc, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || br <= 0 || bc <= 0 {
		return 0, 0, fmt.Errorf("%w: box %q is not ROWSxCOLS, such as 2x3", ErrShape, box)
	}
	return br, bc, nil
}

// ShapeOfBox returns the shape whose boxes are box, ROWSxCOLS ("3x2"):
// its side is the boxes' area.
func ShapeOfBox(box string) (Shape, error) {
	br, bc, err := boxSides(box)
	if err != nil {
		return Shape{}, err
	}
	return ShapeWithBox(br*bc, br, bc)
}

// Valid reports whether s is a supported shape.
func (s Shape) Valid() bool {
	_, err := ShapeWithBox(s.Size, s.BoxRows, s.BoxCols)
	return err == nil
}

// Turned returns the shape with boxes turned a quarter (3x2 for 2x3): the
// other box shape of the size, or s itself when its boxes are square.
func (s Shape) Turned() Shape { return Shape{Size: s.Size, BoxRows: s.BoxCols, BoxCols: s.BoxRows} }

// Cells is the number of cells of the grid, Size*Size.
func (s Shape) Cells() int { return s.Size * s.Size }

// Box returns the 0-based index of the box holding the cell at row r,
// column c; boxes are numbered left to right, then top to bottom.
func (s Shape) Box(r, c int) int {
	if s.BoxRows <= 0 || s.BoxCols <= 0 {
		return 0 // no boxes: a Shape that is not supported
	}
	return (r/s.BoxRows)*(s.Size/s.BoxCols) + c/s.BoxCols
}

// BoxOrigin returns the row and column of the top-left cell of box b.
func (s Shape) BoxOrigin(b int) (r, c int) {
	if s.BoxRows <= 0 || s.BoxCols <= 0 || s.Size < s.BoxCols {
		return 0, 0 // no boxes: a Shape that is not supported
	}
	perRow := s.Size / s.BoxCols
	return (b / perRow) * s.BoxRows, (b % perRow) * s.BoxCols
}

// All returns the set of every digit of the shape, 1..Size (none for a
// Size that is no grid's).
func (s Shape) All() Digits {
	if s.Size <= 0 || s.Size > MaxSize {
		return 0
	}
	return Digits(1)<<s.Size - 1
}

// String names the shape as "9x9" or, when its box is not the default one,
// "6x6 (3x2 boxes)".
func (s Shape) String() string {
	if def, err := ShapeOf(s.Size); err == nil && def == s {
		return fmt.Sprintf("%dx%d", s.Size, s.Size)
	}
	return fmt.Sprintf("%dx%d (%dx%d boxes)", s.Size, s.Size, s.BoxRows, s.BoxCols)
}

// Sized names an n x n grid with its article, as messages write it:
// "a 9x9", "an 8x8".
func Sized(n int) string {
	if n == 8 || n == 11 || n == 18 {
		return fmt.Sprintf("an %dx%d", n, n)
	}
	return fmt.Sprintf("a %dx%d", n, n)
}
