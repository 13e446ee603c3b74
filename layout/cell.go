package layout

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxCol and MaxRow are the last column and row a worksheet has (XFD1048576).
const (
	MaxCol = 16384
	MaxRow = 1048576
)

// ErrRef reports a cell or range reference that cannot be read.
var ErrRef = errors.New("not a cell range")

// Pos is a sheet cell by its 1-based column and row: A1 is {1, 1}, B2 is
// {2, 2}.
type Pos struct{ Col, Row int }

// String names the cell as "B2". Sheets are written a cell name per cell,
// so it allocates once.
func (p Pos) String() string {
	var b [16]byte
	out := appendColumn(b[:0], p.Col)
	return string(strconv.AppendInt(out, int64(p.Row), 10))
}

// Add returns the cell rows below and cols right of p.
func (p Pos) Add(rows, cols int) Pos { return Pos{p.Col + cols, p.Row + rows} }

// Rect is a rectangle of sheet cells, both corners included.
type Rect struct{ Min, Max Pos }

// RectAt returns the rectangle of rows x cols cells whose top-left cell is p.
func RectAt(p Pos, rows, cols int) Rect { return Rect{p, p.Add(rows-1, cols-1)} }

// String names the range as "B2:J10", or "B2" for one cell.
func (r Rect) String() string {
	if r.Min == r.Max {
		return r.Min.String()
	}
	return r.Min.String() + ":" + r.Max.String()
}

// Rows and Cols are the height and width of r, in cells.
func (r Rect) Rows() int { return r.Max.Row - r.Min.Row + 1 }
func (r Rect) Cols() int { return r.Max.Col - r.Min.Col + 1 }

// Contains reports whether cell p lies in r.
func (r Rect) Contains(p Pos) bool {
	return p.Col >= r.Min.Col && p.Col <= r.Max.Col && p.Row >= r.Min.Row && p.Row <= r.Max.Row
}

// Overlaps reports whether r and s share a cell.
func (r Rect) Overlaps(s Rect) bool {
	return r.Min.Col <= s.Max.Col && s.Min.Col <= r.Max.Col && r.Min.Row <= s.Max.Row && s.Min.Row <= r.Max.Row
}

// Union returns the smallest rectangle holding r and s.
func (r Rect) Union(s Rect) Rect {
	return Rect{
		Pos{min(r.Min.Col, s.Min.Col), min(r.Min.Row, s.Min.Row)},
		Pos{max(r.Max.Col, s.Max.Col), max(r.Max.Row, s.Max.Row)},
	}
}

// Absolute names r the way formulas pin it: "$B$2:$J$10".
func (r Rect) Absolute() string {
	abs := func(p Pos) string { return "$" + ColumnName(p.Col) + "$" + fmt.Sprint(p.Row) }
	return abs(r.Min) + ":" + abs(r.Max)
}

// ColumnName returns the letters of column col (1-based): 1 is A, 28 is AB.
func ColumnName(col int) string {
	var b [8]byte
	return string(appendColumn(b[:0], col))
}

// appendColumn appends the letters of column col to b.
func appendColumn(b []byte, col int) []byte {
	var tmp [8]byte
	i := len(tmp)
	for col > 0 && i > 0 {
		col--
		i--
		tmp[i] = byte('A' + col%26)
		col /= 26
	}
	return append(b, tmp[i:]...)
}

// ParsePos reads a cell name such as "B2" or "$B$2" (any letter case).
func ParsePos(s string) (Pos, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	var p Pos
	i := 0
	if i < len(t) && t[i] == '$' {
		i++
	}
	letters := 0
	for ; i < len(t) && t[i] >= 'A' && t[i] <= 'Z'; i++ {
		p.Col = p.Col*26 + int(t[i]-'A'+1)
		letters++
	}
	if i < len(t) && t[i] == '$' {
		i++
	}
	digits := 0
	for ; i < len(t) && t[i] >= '0' && t[i] <= '9'; i++ {
		p.Row = p.Row*10 + int(t[i]-'0')
		digits++
		if p.Row > MaxRow {
			break
		}
	}
	if i != len(t) || letters == 0 || letters > 3 || digits == 0 || p.Row < 1 || p.Row > MaxRow || p.Col > MaxCol {
		return Pos{}, fmt.Errorf("%w: %q is not a cell name such as B2", ErrRef, clipRef(s))
	}
	return p, nil
}

// ParseRect reads a range such as "B2:J10" (or one cell, "B2"). The corners
// may come in any order; the result has Min top-left and Max bottom-right.
func ParseRect(s string) (Rect, error) {
	a, b, found := strings.Cut(s, ":")
	if !found {
		b = a
	}
	p, err1 := ParsePos(a)
	q, err2 := ParsePos(b)
	if err1 != nil || err2 != nil {
		return Rect{}, fmt.Errorf("%w: %q is not a range such as B2:J10", ErrRef, clipRef(s))
	}
	return Rect{p, p}.Union(Rect{q, q}), nil
}

// clipRef clips a reference that cannot be read to 40 characters for a
// message, as the command line clips a value pasted by mistake: a range
// of 200 characters was quoted whole (a walk of 3 December).
func clipRef(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:39]) + "…"
	}
	return s
}
