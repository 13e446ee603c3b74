package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// longLineOf is the 1-based number of the first line of data with limit
// bytes or more (its newline not counted), or 0.
func longLineOf(data []byte, limit int) int {
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(line) >= limit {
			return i + 1
		}
	}
	return 0
}

func TestLineCounter(t *testing.T) {
	for _, tt := range []struct {
		text  string
		limit int
		want  int
	}{
		{"abc\nde\n", 4, 0},
		{"abc\nde\n", 3, 1},
		{"ab\nabcd\nabcdef\n", 4, 2},
		{"ab\n\n\nabcd", 4, 4},
		{"", 1, 0},
	} {
		for _, r := range []func(io.Reader) io.Reader{
			func(r io.Reader) io.Reader { return r },
			iotest.OneByteReader,
			iotest.HalfReader,
		} {
			c := &lineCounter{r: r(strings.NewReader(tt.text)), limit: tt.limit}
			got, err := io.ReadAll(c)
			require.NoError(t, err)
			assert.Equal(t, tt.text, string(got))
			assert.Equal(t, tt.want, c.longLine, "%q limit %d", tt.text, tt.limit)
			assert.Equal(t, int64(len(tt.text)), c.pos())
		}
	}
}

// FuzzLineCounter: however the input arrives, the counter names the line
// that bytes.Split finds first too long, and passes every byte through.
func FuzzLineCounter(f *testing.F) {
	f.Add([]byte("4...3....\n\n# c\n123456789\n"), uint8(5), uint8(3))
	f.Add([]byte("\n\n\n"), uint8(1), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, limit, chunk uint8) {
		lim := int(limit%32) + 1
		r := io.Reader(bytes.NewReader(data))
		if chunk%3 == 1 {
			r = iotest.OneByteReader(r)
		} else if chunk%3 == 2 {
			r = iotest.HalfReader(r)
		}
		c := &lineCounter{r: r, limit: lim}
		got, err := io.ReadAll(c)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, data) {
			t.Fatal("bytes changed")
		}
		if want := longLineOf(data, lim); c.longLine != want {
			t.Fatalf("long line %d, want %d", c.longLine, want)
		}
	})
}
