package solve

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	line81   = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	readable = `# a puzzle printed by another tool
+-------+-------+-------+
| 4 . . | . 3 . | . . . |
| . . . | 6 . . | 8 . . |
| . . . | . . . | . . 1 |
+-------+-------+-------+
| . . . | . 5 . | . 9 . |
| . 8 . | . . . | 6 . . |
| . 7 . | 2 . . | . . . |
+-------+-------+-------+
| . . . | 1 . 2 | 7 . . |
| 5 . 3 | . . . | . 4 . |
| 9 . . | . . . | . . . |
+-------+-------+-------+
`
	sdk = `#A Arto
#D A sample in SadMan Sudoku's .sdk format
#B 03.11.2026
4...3....
...6..8..
........1
....5..9.
.8....6..
.7.2.....
...1.27..
5.3....4.
9........
`
)

func TestReaderFormats(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []string // one-line forms of the puzzles read
		lines []int    // the line each starts on
	}{
		{"one line", line81 + "\n", []string{line81}, []int{1}},
		{"zeros and other blanks", strings.NewReplacer(".", "0").Replace(line81[:40]) + strings.NewReplacer(".", "_").Replace(line81[40:60]) + strings.NewReplacer(".", "*").Replace(line81[60:]), []string{line81}, []int{1}},
		{"dash blanks", strings.ReplaceAll(line81, ".", "-"), []string{line81}, []int{1}},
		{"rating after the puzzle", line81 + " 9.4/1.2/1.2\n" + line81 + "\t# comment\n" + line81 + ";x\n", []string{line81, line81, line81}, []int{1, 2, 3}},
		{"comments and blank lines", "# top\n\n" + line81 + "\r\n  \n#x\n" + line81, []string{line81, line81}, []int{3, 6}},
		{"byte order mark", "\uFEFF" + line81, []string{line81}, []int{1}},
		{"files put together, each with its mark", "\uFEFF" + line81 + "\n\uFEFF" + line81 + "\n", []string{line81, line81}, []int{1, 2}},
		{"readable grid", readable, []string{line81}, []int{3}},
		{"sdk", sdk, []string{line81}, []int{4}},
		{"compact grid", strings.Join(splitRows(line81, 9), "\n"), []string{line81}, []int{1}},
		{"spaced zeros grid", strings.Join(spaced(splitRows(strings.ReplaceAll(line81, ".", "0"), 9)), "\n"), []string{line81}, []int{1}},
		{"grid then line", strings.Join(splitRows(line81, 9), "\n") + "\n" + line81, []string{line81, line81}, []int{1, 10}},
		{"section headers", "[Puzzle]\n" + strings.Join(splitRows(line81, 9), "\n"), []string{line81}, []int{2}},
		{"4x4 line", "1.....3..4.....2", []string{"1.....3..4.....2"}, []int{1}},
		{"4x4 grid", "1...\n..3.\n.4..\n...2\n", []string{"1.....3..4.....2"}, []int{1}},
		{"6x6 grid with boxes", "1 . . | . . .\n. . 3 | . . .\n------+------\n", nil, nil},
		{"16x16 line", strings.Repeat(".", 255) + "G", []string{strings.Repeat(".", 255) + "G"}, []int{1}},
		{"16x16 lowercase", strings.Repeat(".", 255) + "g", []string{strings.Repeat(".", 255) + "G"}, []int{1}},
		// Titles are skipped: a 6-letter one had been a 6x6 grid's first
		// row, taking five rows of the grid under it (a walk of 3 December).
		{"a title over a grid", "Sudoku\n" + strings.Join(splitRows(line81, 9), "\n"), []string{line81}, []int{2}},
		{"Project Euler's grids", "Grid 01\n" + rows(strings.ReplaceAll(line81, ".", "0"), 0, 9) + "Grid 02\n" + rows(strings.ReplaceAll(line81, ".", "0"), 0, 9),
			[]string{line81, line81}, []int{2, 12}},
		{"a CSV file's header", "puzzle,solution\n" + line81 + ",\n" + line81 + "\n", []string{line81, line81}, []int{2, 3}},
		{"a title between grids", rows(line81, 0, 9) + "Medium\n" + rows(line81, 0, 9), []string{line81, line81}, []int{1, 11}},
	}
	for _, tt := range tests {
		if tt.want == nil {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			ps, err := NewReader(strings.NewReader(tt.input)).ReadAll()
			require.NoError(t, err)
			require.Len(t, ps, len(tt.want))
			for i, p := range ps {
				assert.Equal(t, tt.want[i], p.Grid.String())
				assert.Equal(t, tt.lines[i], p.Line)
			}
		})
	}
}

func TestReaderSixteenRows(t *testing.T) {
	// A 16x16 grid: its rows are 16 characters, like a 4x4 one-liner, and
	// digits above 4 tell them apart.
	full := solvedGrid(t, Shape16)
	text := strings.Join(splitRows(full.String(), 16), "\n")
	ps, err := NewReader(strings.NewReader(text)).ReadAll()
	require.NoError(t, err)
	require.Len(t, ps, 1)
	assert.Equal(t, full, ps[0].Grid)

	// With the shape given, a row of blanks and small digits is still a row.
	r := NewReader(strings.NewReader(strings.Repeat("1234............\n", 16)))
	r.Shape = Shape16
	p, err := r.Read()
	require.NoError(t, err)
	assert.Equal(t, 4, p.Grid.At(15, 3))
}

func TestReaderErrors(t *testing.T) {
	tests := []struct {
		name     string
		input    string
		sentinel error
		message  string
	}{
		{"bad character", "# c\n" + line81[:39] + "x" + line81[40:], ErrBadChar, `puzzles.txt:2:40: 'x' is not a digit or a blank`},
		{"letter in 9x9", line81[:80] + "A", ErrDigitRange, `puzzles.txt:1:81: 'A' is not a digit of a 9x9 grid (digits 1-9)`},
		{"digit too big for 4x4", "1...\n..3.\n.4..\n..52\n", ErrDigitRange, `puzzles.txt:4:3: '5' is not a digit of a 4x4 grid (digits 1-4)`},
		{"letter too big for 12x12", strings.Repeat(".", 143) + "D", ErrDigitRange, `puzzles.txt:1:144: 'D' is not a digit of a 12x12 grid (digits 1-9 and A-C)`},
		{"too short", line81[:80], ErrCellCount, `puzzles.txt:1: 80 cells is not a puzzle size: one short of a 9x9's 81 (one line holds`},
		{"too long", line81 + "1", ErrCellCount, `82 cells is not a puzzle size: one more than a 9x9's 81`},
		{"character stuck to the puzzle", line81 + "x", ErrBadChar, `puzzles.txt:1:82: 'x' is not a digit or a blank: it follows the 81 cells of a 9x9 puzzle (a comment follows a space)`},
		{"indented, stuck", "  " + line81 + ":", ErrBadChar, `puzzles.txt:1:84: ':' is not a digit or a blank: it follows the 81 cells`},
		{"3 short", line81[:78], ErrCellCount, `78 cells is not a puzzle size: 3 short of a 9x9's 81`},
		{"2 more than 6x6", line81[:38], ErrCellCount, `38 cells is not a puzzle size: 2 more than a 6x6's 36`},
		{"far from any size", line81[:70], ErrCellCount, `70 cells is not a puzzle size (one line holds`},
		{"16x16 with digits 0 to F", "0" + strings.Repeat(".", 254) + "F", ErrBadChar, `puzzles.txt:1:1: '0' stands for a blank here, and so does '.': if this 16x16's digits run 0 to F, write 0 as G`},
		// Columns count from after a byte order mark (found in review: one too many).
		{"a mark, then a bad character", "\uFEFFx" + line81[1:], ErrBadChar, `puzzles.txt:1:1: 'x' is not a digit`},
		{"4x4 with a 5", "1.....3..4.....5", ErrCellCount, `the 16x16 grid that starts on line 1 ends after 1 row; as a 4x4 puzzle, its line holds a digit above 4`},
		{"old Mac line ends", line81 + "\r" + line81 + "\r", ErrCellCount, `puzzles.txt:1: 163 cells is not a puzzle size: the lines end in a carriage return alone (CR, as old Mac files do)`},
		{"short row", "4...3....\n...6..8.\n", ErrCellCount, `puzzles.txt:2: row 2 has 8 cells, a 9x9 grid needs 9`},
		{"grid cut short", "4...3....\n...6..8..\n\n", ErrCellCount, `the 9x9 grid that starts on line 1 ends after 2 rows`},
		{"not a puzzle", "12345", ErrCellCount, `"12345" is neither a one-line puzzle`},
		{"long junk is clipped", "12345 " + strings.Repeat("1.2 ", 30), ErrCellCount, `"12345 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1.2 1...." is neither`},
		// A label before a puzzle is no title to skip: the puzzle would be lost in silence.
		{"a label before a puzzle", "Puzzle: " + line81, ErrCellCount, `puzzles.txt:1: "Puzzle: 4...3.......6..8..........1....5..." is neither`},
		{"a label before a spaced puzzle", "Puzzle one: " + strings.Join(strings.Split(line81, ""), " "), ErrCellCount, `puzzles.txt:1: "Puzzle one: 4 . . . 3 . . . . . . . 6 . ..." is neither`},
		{"bad char in grid", "4...3....\n...6..8.?\n" + strings.Repeat(".........\n", 7), ErrBadChar, `puzzles.txt:2:9: '?' is not a digit`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tt.input))
			r.Name = "puzzles.txt"
			_, err := r.Read()
			require.ErrorIs(t, err, tt.sentinel)
			var pe *ParseError
			require.ErrorAs(t, err, &pe)
			assert.Contains(t, err.Error(), tt.message)
		})
	}
}

// TestReaderSixteenRowsAfterA4x4: a 16x16 grid written without
// separators whose first row holds no digit above 4 is read as a 4x4
// puzzle and 15 rows (a walk of 3 December); the message of the rows says
// what to give. With --size 16 it is one puzzle.
func TestReaderSixteenRowsAfterA4x4(t *testing.T) {
	g := NewGrid(Shape16)
	g.Set(0, 0, 1)
	g.Set(0, 3, 4)
	for r := 1; r < 16; r++ {
		g.Set(r, (r*5)%16, 16-r%8)
	}
	var rows strings.Builder
	for r := range 16 {
		for c := range 16 {
			if d := g.At(r, c); d == 0 {
				rows.WriteByte('.')
			} else {
				rows.WriteString(DigitString(d))
			}
		}
		rows.WriteByte('\n')
	}
	r := NewReader(strings.NewReader(rows.String()))
	r.Name = "g16.txt"
	p, err := r.Read()
	require.NoError(t, err)
	assert.Equal(t, Shape4, p.Grid.Shape, "the first row alone, as a 4x4")
	_, err = r.Read()
	require.ErrorIs(t, err, ErrCellCount)
	assert.ErrorContains(t, err, "g16.txt:16: the 16x16 grid that starts on line 2 ends after 15 rows; if its first row is line 1, without a digit above 4 and so read as a 4x4 puzzle, give --size 16")

	r = NewReader(strings.NewReader(rows.String()))
	r.Shape = Shape16
	p, err = r.Read()
	require.NoError(t, err)
	assert.Equal(t, g, p.Grid)
}

func TestReaderGoesOnAfterAnError(t *testing.T) {
	input := line81 + "\n" + line81[:80] + "x\n" + line81 + "\n"
	r := NewReader(strings.NewReader(input))
	var lines []int
	var errs int
	for {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			errs++
			continue
		}
		lines = append(lines, p.Line)
	}
	assert.Equal(t, []int{1, 3}, lines)
	assert.Equal(t, 1, errs)
}

// TestReaderEndsAfterAnInputError: an error that is not a *ParseError (a
// line of 1 MiB or more, a failing io.Reader) ends the input: Read returns
// it once and io.EOF after, so that a loop that goes on after errors, as
// the doc says, ends. Read used to return the same error forever, after
// reading the part of the long line in the scanner's buffer as a line.
func TestReaderEndsAfterAnInputError(t *testing.T) {
	errBroken := errors.New("broken pipe")
	long := strings.Repeat(".", 1<<20)
	tests := []struct {
		name  string
		input io.Reader
		lines []int   // of the puzzles read
		errs  []error // what the errors wrap, in order; the last ends the input
	}{
		{"a line of 1 MiB", strings.NewReader(line81 + "\n" + long + "\n" + line81 + "\n"), []int{1}, []error{bufio.ErrTooLong}},
		{"a line of 1 MiB, most of it a comment", strings.NewReader(line81 + "\n" + line81 + " #" + long + "\n" + line81 + "\n"), []int{1}, []error{bufio.ErrTooLong}},
		{"a failing reader", io.MultiReader(strings.NewReader(line81+"\n"), iotest.ErrReader(errBroken)), []int{1}, []error{errBroken}},
		{"a failing reader inside a grid", io.MultiReader(strings.NewReader("4...3....\n...6..8..\n"), iotest.ErrReader(errBroken)), nil, []error{ErrCellCount, errBroken}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(tt.input)
			r.Name = "puzzles.txt"
			var lines []int
			var errs []error
			for range 10 { // more calls than it takes: Read used to loop forever
				p, err := r.Read()
				if err == io.EOF {
					break
				}
				if err != nil {
					errs = append(errs, err)
					continue
				}
				lines = append(lines, p.Line)
			}
			assert.Equal(t, tt.lines, lines)
			require.Len(t, errs, len(tt.errs), "%q", errs)
			for i, want := range tt.errs {
				assert.ErrorIs(t, errs[i], want)
			}
			last := errs[len(errs)-1]
			assert.ErrorContains(t, last, "puzzles.txt: ")
			var pe *ParseError
			assert.False(t, errors.As(last, &pe), "not a *ParseError")
			_, err := r.Read()
			assert.Equal(t, io.EOF, err, "still the end")
		})
	}
}

// TestReaderKeepsPuzzlesAfterABadLine: a line of the wrong size, or a
// grid short of rows, is one error; the one-line puzzles after it are
// read, each on its own line (they were taken as the rows of a grid).
func TestReaderKeepsPuzzlesAfterABadLine(t *testing.T) {
	four, six := "1.....3..4.....2", "1.....3.....4.....2.....5.....6....."
	grid := "4...3....\n...6..8..\n.........\n1........\n"
	tests := []struct {
		name  string
		shape Shape
		input string
		lines []int // of the puzzles read
		errs  []string
	}{
		{"another size than asked for", Shape6, four + "\n" + six + "\n" + six + "\n" + four + "\n",
			[]int{2, 3}, []string{"puzzles.txt:1: 16 cells: a 6x6 puzzle on one line has 36", "puzzles.txt:4: 16 cells"}},
		{"81 cells, 4x4 asked for", Shape4, line81 + "\n" + four + "\n" + line81 + "\n",
			[]int{2}, []string{"puzzles.txt:1: 81 cells: a 4x4 puzzle on one line has 16", "puzzles.txt:3: 81 cells"}},
		{"a grid with a short row", Shape{}, grid + "12345\n" + line81 + "\n" + line81 + "\n",
			[]int{6, 7}, []string{"puzzles.txt:5: row 5 has 5 cells, a 9x9 grid needs 9"}},
		{"a blank line after it", Shape{}, grid + "12345\n\n" + line81 + "\n" + line81 + "\n",
			[]int{7, 8}, []string{"puzzles.txt:5: row 5 has 5 cells"}},
		{"a grid cut short", Shape{}, grid + line81 + "\n",
			[]int{5}, []string{"puzzles.txt:4: the 9x9 grid that starts on line 1 ends after 4 rows"}},
		{"a 4x4 grid cut short by a 4x4 puzzle", Shape{}, "1...\n..3.\n" + four + "\n",
			[]int{3}, []string{"puzzles.txt:2: the 4x4 grid that starts on line 1 ends after 2 rows"}},
		// A walk of 2 December: the rows of the grids after a short one,
		// across the blank lines between them, were taken as its own, and
		// its "solution" printed (most such grids have several).
		{"grids apart, the first short of rows", Shape{}, rows(line81, 0, 7) + "\n" + rows(line81, 0, 9) + "\n" + rows(line81, 0, 9) + "\n",
			[]int{9, 19}, []string{"puzzles.txt:8: the 9x9 grid that starts on line 1 ends after 7 rows"}},
		{"grids apart, the first short of six rows", Shape{}, rows(line81, 0, 6) + "\n" + rows(line81, 0, 9),
			[]int{8}, []string{"the 9x9 grid that starts on line 1 ends after 6 rows"}},
		{"grids with blank lines between bands", Shape{}, rows(line81, 0, 3) + "\n" + rows(line81, 3, 6) + "\n" + rows(line81, 6, 9) + "\n\n" + rows(line81, 0, 9),
			[]int{1, 14}, nil},
		// A letter alone is a mistyped cell, not a title: the grid is read,
		// and that cell named.
		{"a grid row with a letter", Shape{}, "x" + rows(line81, 0, 9)[1:] + line81 + "\n", []int{10}, []string{"puzzles.txt:1:1: 'x' is not a digit"}},
		{"a one-line puzzle with letters", Shape{}, "xy" + line81[2:] + "\n" + line81 + "\n", []int{2}, []string{"puzzles.txt:1:1: 'x' is not a digit"}},
		// Two letters mistyped in a row are no title: that grid is an
		// error, and the next is read (found in review: the row was
		// skipped, and a grid of rows of two puzzles solved).
		{"a grid row with two letters mistyped", Shape{}, "xy" + rows(line81, 0, 9)[2:] + rows(line81, 0, 9),
			[]int{10}, []string{"puzzles.txt:1:1: 'x' is not a digit"}},
		{"the same in the fifth row", Shape{}, rows(line81, 0, 4) + "xy" + rows(line81, 4, 9)[2:] + rows(line81, 0, 9),
			[]int{10}, []string{"puzzles.txt:5:1: 'x' is not a digit"}},
		{"a title after a grid short of rows", Shape{}, rows(line81, 0, 7) + "Grid 02\n" + rows(line81, 0, 9),
			[]int{9}, []string{"puzzles.txt:8: the 9x9 grid that starts on line 1 ends after 7 rows"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, chunked := range []bool{false, true} {
				r := NewReader(strings.NewReader(tt.input))
				if chunked {
					r = &Reader{}
					r.ResetBytes([]byte(tt.input), 1)
				}
				r.Name, r.Shape = "puzzles.txt", tt.shape
				var lines []int
				var errs []string
				for {
					p, err := r.Read()
					if err == io.EOF {
						break
					}
					if err != nil {
						errs = append(errs, err.Error())
						continue
					}
					lines = append(lines, p.Line)
				}
				assert.Equal(t, tt.lines, lines)
				require.Len(t, errs, len(tt.errs), "%q", errs)
				for i, e := range tt.errs {
					assert.Contains(t, errs[i], e)
				}
			}
		})
	}
}

// rows is rows from to to of the one-line 9x9 puzzle line, a line each.
func rows(line string, from, to int) string {
	var b strings.Builder
	for r := from; r < to; r++ {
		b.WriteString(line[9*r:9*r+9] + "\n")
	}
	return b.String()
}

func TestFormatRoundTrips(t *testing.T) {
	for _, s := range append([]Shape{{6, 3, 2}}, Shapes...) {
		t.Run(s.String(), func(t *testing.T) {
			g := digUnique(solvedGrid(t, s), 3)
			r := NewReader(strings.NewReader(FormatLine(&g)))
			r.Shape = s
			back, err := r.Read()
			require.NoError(t, err)
			assert.Equal(t, g, back.Grid)

			r = NewReader(strings.NewReader(FormatGrid(&g)))
			r.Shape = s
			back, err = r.Read()
			require.NoError(t, err)
			assert.Equal(t, g, back.Grid)
		})
	}
}

func TestFormatGrid(t *testing.T) {
	g, err := ParseLine("1.....3..4.....2")
	require.NoError(t, err)
	assert.Equal(t, "1 . | . .\n. . | 3 .\n----+----\n. 4 | . .\n. . | . 2\n", FormatGrid(&g))
}

func splitRows(line string, n int) []string {
	var rows []string
	for i := 0; i < len(line); i += n {
		rows = append(rows, line[i:i+n])
	}
	return rows
}

func spaced(rows []string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = strings.Join(strings.Split(r, ""), " ")
	}
	return out
}

// TestReader4x4Hint: the hint that a 16-character line would be a 4x4
// puzzle but for a digit above 4 is given only of such a line, and only
// when no size was asked for (it was of any 16x16 grid cut after its first
// row: the second review of 2 December).
func TestReader4x4Hint(t *testing.T) {
	const hint = "as a 4x4 puzzle"
	for _, tt := range []struct {
		input string
		size  int
		want  bool
	}{
		{"1.....3..4.....5\n", 0, true},
		{"1234123412341234\n", 16, false},
		{"1234|1234|1234|1234\n", 0, false},
		{"1 2 3 4 5 6 7 8 9 A B C D E F G\n", 0, false},
	} {
		r := NewReader(strings.NewReader(tt.input))
		if tt.size != 0 {
			s, err := ShapeOf(tt.size)
			require.NoError(t, err)
			r.Shape = s
		}
		_, err := r.Read()
		require.ErrorIs(t, err, ErrCellCount, tt.input)
		assert.Equal(t, tt.want, strings.Contains(err.Error(), hint), "%q: %v", tt.input, err)
	}
}

// TestParseLineTakesOnePuzzle: ParseLine reads one puzzle, a line or a
// grid, with blank lines and comments around it; anything more is an
// error. It returned the first puzzle of several, or of a puzzle and
// trailing garbage, without a word (a library walk of 2 December).
func TestParseLineTakesOnePuzzle(t *testing.T) {
	four := "1.....3..4.....2"
	for _, tt := range []struct {
		name, input string
		line        int // of the error; 0 for none
	}{
		{"a line", four, 0},
		{"a line and its line end", four + "\r\n", 0},
		{"comments and blank lines around it", "# week 3\n\n" + four + " # easy\n\n# end\n", 0},
		{"a grid", FormatGrid(mustParse(t, line81)), 0},
		{"two puzzles", four + "\n" + four + "\n", 2},
		{"a puzzle and text", four + "\nthis is not a puzzle\n", 2},
		{"a puzzle and half of one", line81 + "\n\n" + line81[:40], 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, err := ParseLine(tt.input)
			if tt.line == 0 {
				require.NoError(t, err)
				assert.True(t, g.Shape.Valid())
				return
			}
			assert.ErrorIs(t, err, ErrCellCount)
			var pe *ParseError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, tt.line, pe.Line)
			assert.ErrorContains(t, err, "more follows the puzzle of line")
			assert.Equal(t, Grid{}, g)
		})
	}
}

func mustParse(t *testing.T, s string) *Grid {
	t.Helper()
	g, err := ParseLine(s)
	require.NoError(t, err)
	return &g
}

// TestGridDrawsItsBoxes: a grid read without a shape given takes the boxes
// it draws, by its '|'s or its lines across: FormatGrid's grids of 3x2,
// 4x2 and 4x3 boxes came back with the default boxes, another puzzle (a
// library walk of 3 December). Boxes drawn both ways, or as the size's own,
// keep the size's own; a shape given wins.
func TestGridDrawsItsBoxes(t *testing.T) {
	for _, box := range [][3]int{{4, 2, 2}, {6, 2, 3}, {6, 3, 2}, {8, 2, 4}, {8, 4, 2}, {9, 3, 3}, {12, 3, 4}, {12, 4, 3}, {16, 4, 4}} {
		s, err := ShapeWithBox(box[0], box[1], box[2])
		require.NoError(t, err)
		g := NewGrid(s)
		g.Set(0, 0, 1)
		g.Set(s.Size-1, s.Size-1, 2)
		text := FormatGrid(&g)
		back, err := ParseLine(text)
		require.NoError(t, err, "%v:\n%s", s, text)
		assert.Equal(t, g, back, "%v:\n%s", s, text)
		r := NewReader(strings.NewReader(text))
		r.Shape, _ = ShapeOf(s.Size)
		p, err := r.Read()
		require.NoError(t, err)
		assert.Equal(t, r.Shape, p.Grid.Shape, "%v: the shape given", s)
	}
	for _, tt := range []struct {
		name, text string
		want       Shape
	}{
		{"bars only", "1 2 | 3 4 | 5 6\n" + strings.Repeat(". . | . . | . .\n", 5), Shape{6, 3, 2}},
		{"lines only", "123456\n......\n......\n--------\n......\n......\n......\n", Shape{6, 3, 2}},
		{"both ways", ". . | . . | . .\n. . | . . | . .\n--------\n" + strings.Repeat(". . | . . | . .\n", 4), Shape6},
		{"its own", "1 2 3 | 4 5 6\n" + strings.Repeat(". . . | . . .\n", 5), Shape6},
		{"uneven bars", "1 | 2 3 | 4 5 6\n" + strings.Repeat(". | . . | . . .\n", 5), Shape6},
	} {
		g, err := ParseLine(tt.text)
		require.NoError(t, err, tt.name)
		assert.Equal(t, tt.want, g.Shape, tt.name)
	}
}
