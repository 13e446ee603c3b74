package solve

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Transform turns a puzzle into a look-alike one, for a class set where
// neighbours should not copy: it relabels the digits and reorders the rows
// and columns in ways that keep every row, column and box a row, column
// and box. A valid puzzle stays valid, keeps its number of solutions, its
// number of givens and its grade.
//
// Rows is one permutation of all rows that moves whole bands (the groups of
// BoxRows rows that share boxes) and rows within their band; Cols likewise
// moves stacks (groups of BoxCols columns) and columns within their stack.
// A 180° turn reverses both, a mirror image one of them; a quarter turn is
// Transpose plus reversed columns, for square boxes only.
//
// A Transform is a comparable value; String writes it in a line that
// ParseTransform reads back, to make the same variant again.
type Transform struct {
	Shape Shape // the shape of the grids it applies to
	// Transpose mirrors the grid on its main diagonal before the rows and
	// columns move. Only shapes with square boxes allow it.
	Transpose bool
	Rows      [MaxSize]uint8 // row r of the result is row Rows[r] (0-based)
	Cols      [MaxSize]uint8 // column c of the result is column Cols[c]
	Digits    [MaxSize]uint8 // digit d becomes Digits[d-1]
}

// ErrTransform reports a transform that is not written as String writes
// one, or that would not keep the rules.
var ErrTransform = errors.New("invalid transform")

// IdentityTransform returns the transform of shape s that changes nothing.
func IdentityTransform(s Shape) Transform {
	t := Transform{Shape: s}
	for i := range min(s.Size, MaxSize) { // (a Size past it is refused where t is used)
		t.Rows[i], t.Cols[i], t.Digits[i] = uint8(i), uint8(i), uint8(i+1)
	}
	return t
}

// RandomTransform draws a transform of shape s: random bands, rows within
// each band, stacks, columns within each stack and digits, and for square
// boxes a transpose half the time. A shape that is not supported (see
// Shape.Valid) gets the identity, which Check refuses; it divided by zero
// (a library walk of 3 December).
func RandomTransform(s Shape, rng *rand.Rand) Transform {
	if !s.Valid() {
		return IdentityTransform(s)
	}
	t := Transform{Shape: s}
	shuffleLines(t.Rows[:], s.Size, s.BoxRows, rng)
	shuffleLines(t.Cols[:], s.Size, s.BoxCols, rng)
	for i, d := range rng.Perm(s.Size) {
		t.Digits[i] = uint8(d + 1)
	}
	t.Transpose = s.BoxRows == s.BoxCols && rng.IntN(2) == 1
	return t
}

// shuffleLines writes into out a permutation of n lines that moves groups
// of k lines and lines within their group.
func shuffleLines(out []uint8, n, k int, rng *rand.Rand) {
	for b, from := range rng.Perm(n / k) {
		for i, j := range rng.Perm(k) {
			out[b*k+i] = uint8(from*k + j)
		}
	}
}

// Apply returns the variant of g. It panics when g's shape is not t's or t
// is not valid (see Check): both are mistakes of the program, since
// RandomTransform and ParseTransform give only valid transforms.
func (t Transform) Apply(g Grid) Grid {
	if g.Shape != t.Shape {
		panic(fmt.Sprintf("solve: a transform for %v applied to a %v grid", t.Shape, g.Shape))
	}
	if err := t.Check(); err != nil {
		panic("solve: " + err.Error())
	}
	out := Grid{Shape: g.Shape}
	for r := range g.Shape.Size {
		for c := range g.Shape.Size {
			fr, fc := int(t.Rows[r]), int(t.Cols[c])
			if t.Transpose {
				fr, fc = fc, fr
			}
			if d := g.At(fr, fc); d >= 1 && d <= g.Shape.Size {
				out.Set(r, c, int(t.Digits[d-1]))
			}
		}
	}
	return out
}

// Check returns an error wrapping ErrTransform when t would not keep the
// rules: an unsupported shape, rows, columns or digits that are not
// permutations, lines that leave their band or stack, or a transpose of
// oblong boxes.
func (t Transform) Check() error {
	s := t.Shape
	if !s.Valid() {
		return fmt.Errorf("%w: unsupported shape %dx%d with %dx%d boxes", ErrTransform, s.Size, s.Size, s.BoxRows, s.BoxCols)
	}
	if t.Transpose && s.BoxRows != s.BoxCols {
		return fmt.Errorf("%w: a %v grid cannot be transposed (its boxes are not square)", ErrTransform, s)
	}
	if err := checkLines(t.Rows[:], s.Size, s.BoxRows, "rows", "band"); err != nil {
		return err
	}
	if err := checkLines(t.Cols[:], s.Size, s.BoxCols, "columns", "stack"); err != nil {
		return err
	}
	var seen Digits
	for i, d := range t.Digits {
		if i >= s.Size {
			if d != 0 {
				return fmt.Errorf("%w: digits past %d are set", ErrTransform, s.Size)
			}
			continue
		}
		if d < 1 || int(d) > s.Size || seen.Has(int(d)) {
			return fmt.Errorf("%w: the digits are not a permutation of 1-%s", ErrTransform, DigitString(s.Size))
		}
		seen |= DigitsOf(int(d))
	}
	return nil
}

// checkLines checks that lines[:n] is a permutation of 0..n-1 that maps
// each group of k lines onto a group, and that lines past n are zero.
func checkLines(lines []uint8, n, k int, what, group string) error {
	seen := make([]bool, n)
	for i, l := range lines {
		if i >= n {
			if l != 0 {
				return fmt.Errorf("%w: %s past %d are set", ErrTransform, what, n)
			}
			continue
		}
		if int(l) >= n || seen[l] {
			return fmt.Errorf("%w: the %s are not a permutation of 1-%s", ErrTransform, what, DigitString(n))
		}
		seen[l] = true
		if int(l)/k != int(lines[i/k*k])/k {
			return fmt.Errorf("%w: %s %d and %d come from different %ss", ErrTransform, what, i/k*k+1, i+1, group)
		}
	}
	return nil
}

// String writes t as "9x9:r=123456789:c=123456789:d=123456789": the shape
// (with "/3x2" when the box is not the default one), "t" when it
// transposes, then the source of every row and column and the new name of
// every digit, 1-based, with A-G for 10-16.
func (t Transform) String() string {
	var b strings.Builder
	s := t.Shape
	fmt.Fprintf(&b, "%dx%d", s.Size, s.Size)
	if def, err := ShapeOf(s.Size); err != nil || def != s {
		fmt.Fprintf(&b, "/%dx%d", s.BoxRows, s.BoxCols)
	}
	if t.Transpose {
		b.WriteString(":t")
	}
	for _, part := range []struct {
		key  string
		vals [MaxSize]uint8
		base int
	}{{"r", t.Rows, 1}, {"c", t.Cols, 1}, {"d", t.Digits, 0}} {
		b.WriteString(":" + part.key + "=")
		for i := 0; i < s.Size && i < MaxSize; i++ {
			b.WriteString(DigitString(int(part.vals[i]) + part.base))
		}
	}
	return b.String()
}

// ParseTransform reads a transform written by String. Letters may be in
// either case.
func ParseTransform(text string) (Transform, error) {
	parts := strings.Split(strings.TrimSpace(text), ":")
	bad := func(format string, args ...any) (Transform, error) {
		return Transform{}, fmt.Errorf("%w: %q: %s (write it as 9x9:r=123456789:c=123456789:d=123456789)", ErrTransform, clip(text, 80), fmt.Sprintf(format, args...))
	}
	var t Transform
	size, box, hasBox := strings.Cut(parts[0], "/")
	n, err := parseSquare(size)
	if err != nil {
		return bad("%v", err)
	}
	if hasBox {
		t.Shape, err = ParseBox(n, box)
	} else {
		t.Shape, err = ShapeOf(n)
	}
	if err != nil {
		return bad("%v", err)
	}
	rest := parts[1:]
	if len(rest) > 0 && strings.EqualFold(rest[0], "t") {
		t.Transpose = true
		rest = rest[1:]
	}
	if len(rest) != 3 {
		return bad("want the parts r=, c= and d= after the shape")
	}
	for k, key := range []string{"r", "c", "d"} {
		val, ok := strings.CutPrefix(strings.ToLower(rest[k]), key+"=")
		if !ok {
			return bad("part %d should start with %s=", k+2, key)
		}
		if len(val) != n {
			return bad("%s= has %d characters, want %d", key, len(val), n)
		}
		out := [...]*[MaxSize]uint8{&t.Rows, &t.Cols, &t.Digits}[k]
		for i, ch := range strings.ToUpper(val) {
			d, ok := cellValue(ch)
			if !ok || d < 1 || d > n {
				return bad("%s= holds %q, not 1-%s", key, ch, DigitString(n))
			}
			if key == "d" {
				out[i] = uint8(d)
			} else {
				out[i] = uint8(d - 1)
			}
		}
	}
	if err := t.Check(); err != nil {
		return bad("%v", strings.TrimPrefix(err.Error(), ErrTransform.Error()+": "))
	}
	return t, nil
}

// parseSquare reads "9x9" and returns 9.
func parseSquare(s string) (int, error) {
	a, b, ok := strings.Cut(strings.ToLower(s), "x")
	n, err1 := strconv.Atoi(a)
	m, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n != m {
		return 0, fmt.Errorf("the shape %q is not NxN, such as 9x9", s)
	}
	return n, nil
}
