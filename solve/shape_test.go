package solve

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestShapes(t *testing.T) {
	tests := []struct {
		size, boxRows, boxCols int
		box                    string
		want                   Shape
		err                    bool
	}{
		{size: 9, box: "3x3", want: Shape9},
		{size: 6, box: "2x3", want: Shape6},
		{size: 6, box: "3X2", want: Shape{6, 3, 2}},
		{size: 8, box: "4x2", want: Shape{8, 4, 2}},
		{size: 12, box: "4x3", want: Shape{12, 4, 3}},
		{size: 16, box: "4x4", want: Shape16},
		{size: 9, box: "1x9", err: true},
		{size: 6, box: "3x3", err: true},
		{size: 7, box: "1x7", err: true},
		{size: 9, box: "three", err: true},
	}
	for _, tt := range tests {
		t.Run(tt.box, func(t *testing.T) {
			got, err := ParseBox(tt.size, tt.box)
			if tt.err {
				require.ErrorIs(t, err, ErrShape)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.True(t, got.Valid())
		})
	}
	_, err := ShapeOf(10)
	assert.ErrorContains(t, err, "sizes are 4, 6, 8, 9, 12 and 16")
	// The advice names each box shape once.
	_, err = ShapeWithBox(9, 3, 2)
	assert.ErrorContains(t, err, "3x2 boxes do not tile a 9x9 grid (use 3x3)")
	_, err = ShapeWithBox(6, 3, 3)
	assert.ErrorContains(t, err, "(use 2x3 or 3x2)")
}

func TestShapeGeometry(t *testing.T) {
	// Every box holds Size cells, each cell is in exactly one box, and
	// BoxOrigin is the top-left cell of its box.
	for _, s := range append([]Shape{{6, 3, 2}, {8, 4, 2}, {12, 4, 3}}, Shapes...) {
		counts := make([]int, s.Size)
		for r := range s.Size {
			for c := range s.Size {
				b := s.Box(r, c)
				counts[b]++
				r0, c0 := s.BoxOrigin(b)
				assert.True(t, r >= r0 && r < r0+s.BoxRows && c >= c0 && c < c0+s.BoxCols, "%v r%dc%d", s, r, c)
			}
		}
		for b, n := range counts {
			assert.Equal(t, s.Size, n, "%v box %d", s, b)
		}
	}
	assert.Equal(t, "6x6", Shape6.String())
	assert.Equal(t, "6x6 (3x2 boxes)", Shape{6, 3, 2}.String())
	// 6x6 boxes are 2 rows by 3 columns: r3c4 is in the fourth box.
	assert.Equal(t, 3, Shape6.Box(2, 3))
}

func TestCandidatesAndConflicts(t *testing.T) {
	g, err := ParseLine(line81)
	require.NoError(t, err)
	cands := g.Candidates()
	// r1c2: row 1 has 4,3; column 2 has 8,7; box 1 has 4.
	assert.Equal(t, []int{1, 2, 5, 6, 9}, cands[1].List())
	assert.Equal(t, []int{4}, cands[0].List(), "a given's candidates are its digit")
	assert.Empty(t, g.Conflicts())

	g.Set(0, 8, 4) // 4 again in row 1
	g.Set(1, 1, 4) // 4 again in box 1
	cs := g.Conflicts()
	require.Len(t, cs, 2)
	assert.Equal(t, "r1c1 and r1c9 both hold 4 in row 1", cs[0].String())
	assert.Equal(t, "r1c1 and r2c2 both hold 4 in box 1", cs[1].String())
	var ce *ConflictError
	require.ErrorAs(t, g.Check(), &ce)
	assert.ErrorIs(t, g.Check(), ErrConflict)
}

func TestDigits(t *testing.T) {
	d := DigitsOf(1, 5, 16)
	assert.True(t, d.Has(5))
	assert.False(t, d.Has(2))
	assert.False(t, d.Has(0))
	assert.Equal(t, 3, d.Len())
	assert.Equal(t, []int{1, 5, 16}, d.List())
	assert.Equal(t, "G", DigitString(16))
	assert.Equal(t, "r3c7", Cell{2, 6}.String())
	assert.Equal(t, "column 4", Unit{Col, 3}.String())
}

// FuzzParseBox: --box gives a supported shape of the size asked for, or
// an ErrShape.
func FuzzParseBox(f *testing.F) {
	for _, s := range []string{"2x3", "3x2", "3X3", " 2x4 ", "x", "0x9", "-2x-3", "4294967296x4294967296"} {
		f.Add(6, s)
		f.Add(9, s)
	}
	f.Fuzz(func(t *testing.T, size int, box string) {
		s, err := ParseBox(size, box)
		if err != nil {
			require.ErrorIs(t, err, ErrShape)
			return
		}
		require.True(t, s.Valid())
		require.Equal(t, size, s.Size)
		require.Equal(t, size, s.BoxRows*s.BoxCols)
	})
}

func TestShapeOfBox(t *testing.T) {
	for _, tc := range []struct {
		box  string
		want Shape
		ok   bool
	}{
		{"3x2", Shape{6, 3, 2}, true},
		{"2x3", Shape{6, 2, 3}, true},
		{" 4X2 ", Shape{8, 4, 2}, true},
		{"3x3", Shape{9, 3, 3}, true},
		{"4x4", Shape{16, 4, 4}, true},
		{"5x2", Shape{}, false},
		{"3", Shape{}, false},
		{"0x9", Shape{}, false},
		{"99999999999x2", Shape{}, false},
	} {
		got, err := ShapeOfBox(tc.box)
		if tc.ok {
			require.NoError(t, err, tc.box)
			assert.Equal(t, tc.want, got, tc.box)
		} else {
			assert.ErrorIs(t, err, ErrShape, tc.box)
		}
	}
}

// TestUnsupportedShape: a grid whose Shape is not supported (the zero
// Grid, a hand-built Shape) gives ErrShape, no solutions, or nothing, and
// never a panic. Solve used to "solve" the zero Grid, panic on most of
// these and give solutions of grids that are no supported Sudoku.
func TestUnsupportedShape(t *testing.T) {
	for _, s := range []Shape{{}, {9, 0, 0}, {9, 3, 0}, {2, 1, 1}, {17, 1, 17}, {20, 4, 5}, {25, 5, 5}, {-1, 1, 1}, {-9, 3, 3}, {10, 2, 5}, {9, 9, 1}, {9, 1, 9}, {16, 2, 8}, {6, 6, 1}} {
		t.Run(s.String(), func(t *testing.T) {
			g := NewGrid(s)
			g.Cells[0] = 1
			require.False(t, s.Valid())

			// Nothing, not a panic (a library walk of 2 December: Filled,
			// Complete, Diff, IdentityTransform, All, Units, Box and
			// BoxOrigin panicked on some; a zero Grid was Complete).
			require.NotPanics(t, func() {
				assert.False(t, g.Complete())
				assert.Empty(t, g.Diff(&g))
				assert.Nil(t, s.Units())
				_, _ = s.Box(1, 1), s.Box(0, 0)
				_, _ = s.BoxOrigin(1)
				_ = IdentityTransform(s)
				if s.Size <= 0 || s.Size > MaxSize {
					assert.Zero(t, g.Filled())
					assert.Zero(t, s.All())
				}
			})

			_, err := Solve(g)
			assert.ErrorIs(t, err, ErrShape)
			assert.ErrorContains(t, err, s.String())
			assert.Zero(t, CountSolutions(g, 10))
			assert.ErrorIs(t, g.Check(), ErrShape)
			assert.Nil(t, g.Conflicts())
			assert.Nil(t, g.Candidates())

			assert.Empty(t, g.String())
			assert.Empty(t, FormatLine(&g))
			assert.Empty(t, FormatGrid(&g))
			assert.Equal(t, []byte("x"), AppendLine([]byte("x"), &g))

			_, _, err = GivensToAdd(g)
			assert.ErrorIs(t, err, ErrShape)
			assert.Nil(t, SuspectGivens(g))
			_, err = Explain(g)
			assert.ErrorIs(t, err, ErrShape)
			_, _, _, err = Rate(g)
			assert.ErrorIs(t, err, ErrShape)
			_, err = NextStep(g, g)
			assert.ErrorIs(t, err, ErrShape)
			_, err = LogicCandidates(g)
			assert.ErrorIs(t, err, ErrShape)

			if s == (Shape{}) {
				return // a Reader's zero Shape: any
			}
			// A Reader asked for it ends the input, from a file or a chunk.
			for _, chunked := range []bool{false, true} {
				r := NewReader(strings.NewReader(line81 + "\n"))
				if chunked {
					r = &Reader{}
					r.ResetBytes([]byte(line81+"\n"), 1)
				}
				r.Name, r.Shape = "puzzles.txt", s
				_, err := r.Read()
				assert.ErrorIs(t, err, ErrShape)
				assert.ErrorContains(t, err, "puzzles.txt: ")
				_, err = r.Read()
				assert.Equal(t, io.EOF, err)
				assert.NotPanics(t, func() { r.Boundary([]byte(line81+"\n"), 1) }) // and ends: it reads to io.EOF
			}
		})
	}
}

// TestDigitsOfNoDigit: DigitsOf takes only digits; DigitsOf(0) panicked.
func TestDigitsOfNoDigit(t *testing.T) {
	require.NotPanics(t, func() {
		assert.Equal(t, DigitsOf(2, 16), DigitsOf(0, -1, 2, 16, 17, 99))
		assert.Equal(t, "UnitKind(7) 1", Unit{Kind: 7}.String())
	})
	assert.Equal(t, "column 3", Unit{Col, 2}.String())
	assert.Equal(t, 8, Shape9.Box(7, 7))
	r, c := Shape6.BoxOrigin(3)
	assert.Equal(t, [2]int{2, 3}, [2]int{r, c})
}
