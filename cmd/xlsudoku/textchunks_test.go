package main

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
)

// chunkAll cuts data as runText does, with chunks of about size bytes,
// lines of at most limit bytes, and the source read as slice makes it.
func chunkAll(t testing.TB, data []byte, size, limit int, slice func(io.Reader) io.Reader) (chunks [][]byte, lines []int, err error) {
	t.Helper()
	c := newChunker(slice(bytes.NewReader(data)), "in.txt", solve.Shape{}, size)
	c.maxLine = limit
	var pos int64
	for {
		chunk, line, end, err := c.next(nil)
		if err != nil {
			return chunks, lines, err
		}
		if len(chunk) == 0 {
			t.Fatal("an empty chunk")
		}
		pos += int64(len(chunk))
		if end != pos {
			t.Fatalf("chunk ends at %d, not %d", end, pos)
		}
		chunks, lines = append(chunks, chunk), append(lines, line)
	}
}

// longLineOf is the 1-based number of the first line of data with limit
// bytes or more (its newline not counted), or 0, and the offset it starts at.
func longLineOf(data []byte, limit int) (line, at int) {
	for i, l := range bytes.Split(data, []byte("\n")) {
		if len(l) >= limit {
			return i + 1, at
		}
		at += len(l) + 1
	}
	return 0, len(data)
}

var slicers = map[string]func(io.Reader) io.Reader{
	"whole":    func(r io.Reader) io.Reader { return r },
	"one byte": iotest.OneByteReader,
	"halves":   iotest.HalfReader,
}

// checkChunks: the chunks put together are the input up to its first line
// too long, each numbered by its first line, and a line too long is named.
func checkChunks(t *testing.T, data []byte, size, limit int) {
	for name, slice := range slicers {
		chunks, lines, err := chunkAll(t, data, size, limit, slice)
		long, at := longLineOf(data, limit)
		require.Equal(t, string(data[:at]), string(bytes.Join(chunks, nil)), name)
		for i, line := range lines {
			require.Equal(t, 1+bytes.Count(bytes.Join(chunks[:i], nil), []byte("\n")), line, name)
		}
		if long == 0 {
			require.Equal(t, io.EOF, err, name)
			continue
		}
		var tl *lineTooLongError
		require.True(t, errors.As(err, &tl), "%s: %v", name, err)
		require.Equal(t, long, tl.line, name)
	}
}

func TestChunker(t *testing.T) {
	ones := strings.Repeat(puzzle+"\n", 100)
	grid := "4 . . . 3 . . . .\n. . . 6 . . 8 . .\n. . . . . . . . 1\n. . . . 5 . . 9 .\n. 8 . . . . 6 . .\n. 7 . 2 . . . . .\n. . . 1 . 2 7 . .\n5 . 3 . . . . 4 .\n9 . . . . . . . .\n"
	for _, tt := range []struct {
		name  string
		text  string
		size  int
		limit int
	}{
		{"one-liners", ones, 1000, maxLineBytes},
		{"tiny chunks", ones, 1, maxLineBytes},
		{"grids", strings.Repeat(grid, 30), 100, maxLineBytes},
		{"no final newline", ones + puzzle, 500, maxLineBytes},
		{"a long line", ones + strings.Repeat("1", 200) + "\n" + ones, 300, 100},
		{"a long line first", strings.Repeat("1", 200) + "\n" + ones, 300, 100},
		{"a long last line", ones + strings.Repeat("1", 200), 300, 100},
		{"just short enough", strings.Repeat("1", 99) + "\n" + ones, 30, 100},
		{"empty", "", 100, maxLineBytes},
	} {
		t.Run(tt.name, func(t *testing.T) { checkChunks(t, []byte(tt.text), tt.size, tt.limit) })
	}
}

// TestChunksStartBetweenPuzzles: every chunk reads as its part of the input
// would in one reader.
func TestChunksStartBetweenPuzzles(t *testing.T) {
	grid := "1 . . .\n. . 3 .\n. 4 . .\n. . . 2\n"
	text := strings.Repeat(grid+puzzle+"\n\n", 20) + "12345678\n" + strings.Repeat(puzzle+"\n", 20)
	want := goodPuzzles(solve.NewReader(strings.NewReader(text)), nil)
	for _, size := range []int{1, 10, 50, 200, 5000} {
		chunks, lines, err := chunkAll(t, []byte(text), size, maxLineBytes, slicers["whole"])
		require.Equal(t, io.EOF, err)
		var got []solve.Puzzle
		var r solve.Reader
		for i, c := range chunks {
			r.ResetBytes(c, lines[i])
			got = goodPuzzles(&r, got)
		}
		assert.Equal(t, want, got, "size %d", size)
	}
}

// goodPuzzles appends to dst the puzzles r reads without error, to its end.
func goodPuzzles(r *solve.Reader, dst []solve.Puzzle) []solve.Puzzle {
	for {
		p, err := r.Read()
		if err == io.EOF {
			return dst
		}
		if err == nil {
			dst = append(dst, p)
		}
	}
}

// FuzzChunker: however the input arrives and whatever the sizes, the
// chunks are the input up to the first line too long, which is named.
func FuzzChunker(f *testing.F) {
	f.Add([]byte("4...3....\n\n# c\n123456789\n"), uint8(5), uint8(3), uint8(0))
	f.Add([]byte("\n\n\n"), uint8(1), uint8(1), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, limit, size, slice uint8) {
		slicer := []func(io.Reader) io.Reader{slicers["whole"], slicers["one byte"], slicers["halves"]}[slice%3]
		lim := int(limit%64) + 1
		chunks, _, err := chunkAll(t, data, int(size%32)+1, lim, slicer)
		long, at := longLineOf(data, lim)
		if got := bytes.Join(chunks, nil); !bytes.Equal(got, data[:at]) {
			t.Fatalf("chunks %q, want %q", got, data[:at])
		}
		var tl *lineTooLongError
		if long == 0 && err != io.EOF || long > 0 && (!errors.As(err, &tl) || tl.line != long) {
			t.Fatalf("error %v, want line %d", err, long)
		}
	})
}
