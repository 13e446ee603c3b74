package solve

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readAllText lists what one Reader reads from text: each puzzle's line
// and grid, or its error.
func readAllText(t testing.TB, r *Reader) []string {
	t.Helper()
	var out []string
	for {
		p, err := r.Read()
		if err == io.EOF {
			return out
		}
		if err != nil {
			out = append(out, err.Error())
			continue
		}
		out = append(out, fmt.Sprintf("%d %v %s", p.Line, p.Grid.Shape, FormatLine(&p.Grid)))
	}
}

// readChunked reads text as the parallel reading does: cut at Boundary
// (trying to cut after every lines lines), each chunk read by a fresh
// Reader from its first line.
func readChunked(t testing.TB, text string, shape Shape, lines int) []string {
	t.Helper()
	data := []byte(text)
	cutter := &Reader{Name: "in.txt", Shape: shape}
	var out []string
	first := 1
	for len(data) > 0 {
		// The candidate: after lines lines, or all that is left.
		cand, n := 0, 0
		for n < lines {
			i := bytes.IndexByte(data[cand:], '\n')
			if i < 0 {
				cand = len(data)
				break
			}
			cand += i + 1
			n++
		}
		cut := len(data)
		if cand < len(data) {
			for cut = 0; cut == 0 && cand <= len(data); {
				if cut = cutter.Boundary(data[:cand], first); cut == 0 {
					i := bytes.IndexByte(data[cand:], '\n')
					if i < 0 {
						cut = len(data) // the rest is read to the end
						break
					}
					cand += i + 1
				}
			}
		}
		r := &Reader{Name: "in.txt", Shape: shape}
		r.ResetBytes(data[:cut], first)
		out = append(out, readAllText(t, r)...)
		first += bytes.Count(data[:cut], []byte{'\n'})
		data = data[cut:]
	}
	return out
}

func readWhole(t testing.TB, text string, shape Shape) []string {
	r := NewReader(strings.NewReader(text))
	r.Name, r.Shape = "in.txt", shape
	return readAllText(t, r)
}

func TestChunkedReadingReadsAsOneReader(t *testing.T) {
	grid16 := strings.Repeat("1.......2.......\n", 16) // rows without a digit above 4 read as 4x4 one-liners
	tests := map[string]string{
		"one-liners":           strings.Repeat(line81+"\n", 40),
		"grids":                strings.Repeat(readable, 5),
		"sdk":                  strings.Repeat(sdk, 5),
		"mixed":                line81 + "\n" + readable + strings.Repeat(line81+"\n", 20) + sdk + line81 + "\n",
		"grid eats one-liners": "12345678\n" + strings.Repeat(line81+"\n", 30),
		"16x16 rows":           grid16 + strings.Repeat("1.....3..4.....2\n", 20) + grid16,
		"blank lines in grids": strings.ReplaceAll(strings.Repeat(readable, 3), "+-------+-------+-------+\n", "\n\n"),
		"crlf and bom":         "\uFEFF" + strings.ReplaceAll(strings.Repeat(line81+"\n", 20)+readable, "\n", "\r\n"),
		"no final newline":     strings.Repeat(line81+"\n", 20) + line81,
		"files put together":   strings.Repeat("\uFEFF"+line81+"\n"+readable+"\uFEFF"+"Grid 01\n"+rows(line81, 0, 9), 5),
		"errors":               strings.Repeat(line81[:80]+"x\n"+line81+"\n", 20) + "1 2 3\n" + line81[:40] + "\n",
		"cut grid at the end":  strings.Repeat(line81+"\n", 20) + readable[:200],
	}
	for name, text := range tests {
		t.Run(name, func(t *testing.T) {
			want := readWhole(t, text, Shape{})
			require.NotEmpty(t, want)
			for _, lines := range []int{1, 2, 3, 7, 17, 1000} {
				assert.Equal(t, want, readChunked(t, text, Shape{}, lines), "cut every %d lines", lines)
			}
		})
	}
}

func TestBoundary(t *testing.T) {
	r := &Reader{}
	ones := strings.Repeat(line81+"\n", 20)
	grid := readable[strings.Index(readable, "\n")+1:] // no comment before it
	// One-liners settle it at once: all of it.
	assert.Equal(t, len(ones), r.Boundary([]byte(ones), 1))
	// Grids at the end: the run of one-liners before them settles it; a
	// grid cut short is read in the next chunk.
	assert.Equal(t, len(ones), r.Boundary([]byte(ones+grid), 1))
	cut := ones + grid[:strings.Index(grid, "| 5 .")]
	assert.Equal(t, len(ones), r.Boundary([]byte(cut), 1))
	// A comment ends any grid.
	assert.Equal(t, len(cut+"# c\n"), r.Boundary([]byte(cut+"# c\n"), 1))
	// Grids only: read as Read reads them, up to the end of the last
	// complete one; part of a grid (from its first row) has no boundary.
	assert.Equal(t, 2*len(grid)+26, r.Boundary([]byte(grid+grid+grid[:200]), 1), "the third grid's top line is skipped too")
	assert.Equal(t, 0, r.Boundary([]byte(grid[26:200]), 1))
	// A run of one-liners shorter than a grid after a grid row: the
	// Reader reads it, and the grid ends at the first of them, which is
	// read alone, as is every one after it.
	short := "12345678\n" + strings.Repeat(line81+"\n", 5)
	assert.Equal(t, len(short), r.Boundary([]byte(short), 1))
	// A 16x16 grid (a digit above 4 in its first row) takes a line that
	// could be a 4x4 puzzle (its digits 1 to 4) as a row: part of that
	// grid has no boundary.
	row16 := "1234123412341234\n"
	assert.Equal(t, 0, r.Boundary([]byte("5"+row16[1:]+strings.Repeat(row16, 5)), 1))
}

// FuzzChunkedReader: however the input is cut, reading it in chunks cut at
// Boundary reads what one Reader reads.
func FuzzChunkedReader(f *testing.F) {
	for _, seed := range []string{line81 + "\n" + readable, sdk + sdk, "1.....3..4.....2\n1...\n..3.\n.4..\n...2\n", "12345678\n" + line81 + "\n#\n" + line81} {
		f.Add(seed, uint8(3), false)
	}
	f.Fuzz(func(t *testing.T, text string, lines uint8, six bool) {
		shape := Shape{}
		if six {
			shape = Shape6
		}
		want := readWhole(t, text, shape)
		if got := readChunked(t, text, shape, int(lines%40)+1); !assert.Equal(t, want, got) {
			t.Fatalf("chunked reading differs on %q", text)
		}
	})
}

func TestAppendLine(t *testing.T) {
	g, err := ParseLine(line81)
	require.NoError(t, err)
	assert.Equal(t, "x"+line81, string(AppendLine([]byte("x"), &g)))
	assert.Equal(t, line81, FormatLine(&g))
}

// TestReadBytesAllocatesNothing: a chunk of one-line puzzles is read
// without an allocation per puzzle.
func TestReadBytesAllocatesNothing(t *testing.T) {
	data := []byte(strings.Repeat(line81+"\n", 100))
	var r Reader
	allocs := testing.AllocsPerRun(10, func() {
		r.ResetBytes(data, 1)
		for {
			if _, err := r.Read(); err != nil {
				break
			}
		}
	})
	assert.Zero(t, allocs)
}

// TestASCIICellsIsCellValue: the table of the fast path agrees with
// cellValue on every ASCII character.
func TestASCIICellsIsCellValue(t *testing.T) {
	for b := range 128 {
		d, ok := cellValue(rune(b))
		if !ok {
			assert.Zero(t, asciiCells[b], "%q", rune(b))
			continue
		}
		assert.Equal(t, d+1, int(asciiCells[b]), "%q", rune(b))
	}
}

// TestResetBytesStartsAfresh: a Reader reset onto new data reads that
// data, whatever it was doing before. A line held back to be read again
// (after a grid that ended short) came back from the old data, as the
// first puzzle of the new (a library walk of 2 December).
func TestResetBytesStartsAfresh(t *testing.T) {
	var r Reader
	r.ResetBytes([]byte("5 3 . | . 7 . | . . .\n"+line81+"\n"), 1)
	_, err := r.Read()
	var pe *ParseError
	require.ErrorAs(t, err, &pe, "the grid ends after a row")
	four := "1.....3..4.....2"
	r.ResetBytes([]byte(four+"\n"), 7)
	p, err := r.Read()
	require.NoError(t, err)
	assert.Equal(t, Shape4, p.Grid.Shape)
	assert.Equal(t, four, FormatLine(&p.Grid))
	assert.Equal(t, 7, p.Line)
	_, err = r.Read()
	assert.Equal(t, io.EOF, err)
}

// TestResetBytesRefusesLongLines: a line of 1 MiB or more ends the input
// with bufio.ErrTooLong from bytes as from an io.Reader (the Reader's
// doc); from bytes it was read, and its puzzles solved.
func TestResetBytesRefusesLongLines(t *testing.T) {
	for _, tt := range []struct {
		name    string
		line    string
		tooLong bool
	}{
		{"1 MiB", strings.Repeat(line81, (1<<20)/81+1)[:1<<20], true},
		{"1 MiB with a carriage return", strings.Repeat(".", 1<<20-1) + "\r", true},
		{"a byte short", line81 + " #" + strings.Repeat(".", 1<<20-84), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			input := line81 + "\n" + tt.line + "\n" + line81 + "\n"
			for _, fromBytes := range []bool{false, true} {
				r := NewReader(strings.NewReader(input))
				if fromBytes {
					r = &Reader{}
					r.ResetBytes([]byte(input), 1)
				}
				var lines []int
				var last error
				for range 10 {
					p, err := r.Read()
					if err == io.EOF {
						break
					}
					if err != nil {
						last = err
						continue
					}
					lines = append(lines, p.Line)
				}
				if tt.tooLong {
					assert.ErrorIs(t, last, bufio.ErrTooLong, "from bytes: %v", fromBytes)
					assert.Equal(t, []int{1}, lines, "from bytes: %v", fromBytes)
				} else {
					assert.NoError(t, last, "from bytes: %v", fromBytes)
					assert.Equal(t, []int{1, 2, 3}, lines, "from bytes: %v", fromBytes)
				}
			}
		})
	}
}
