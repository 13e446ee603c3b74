package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// The whole commands of issue 12 ("workbooks at the floor"), in process:
// what the built binary does after starting. scripts/bench-workbooks.sh
// times the binary itself, start-up included, against scripts/floor.
//
//	go test ./cmd/xlsudoku -run '^$' -bench 'Workbook|Book' -benchtime 20x

// benchCommand runs xlsudoku with args b.N times.
func benchCommand(b *testing.B, args ...string) {
	b.Helper()
	for b.Loop() {
		var out, errOut bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &errOut); code != exitOK {
			b.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
	}
}

// BenchmarkSolveWorkbook is "xlsudoku solve samples/classic.xlsx -o
// out.xlsx": read, solve, write the Solution and Candidates sheets, check.
func BenchmarkSolveWorkbook(b *testing.B) {
	benchCommand(b, "solve", "-q", "../../samples/classic.xlsx", "-o", filepath.Join(b.TempDir(), "out.xlsx"))
}

// BenchmarkExplainWorkbook is "xlsudoku explain samples/classic.xlsx -o
// out.xlsx": the same and a Steps sheet.
func BenchmarkExplainWorkbook(b *testing.B) {
	benchCommand(b, "explain", "-q", "../../samples/classic.xlsx", "-o", filepath.Join(b.TempDir(), "out.xlsx"))
}

// BenchmarkGenerateBook is "xlsudoku generate -n 1000 -d any --seed 1"
// to a workbook (Puzzles, Answers, Catalogue) and to text: the workbook
// should cost little more than making the puzzles.
func BenchmarkGenerateBook(b *testing.B) {
	for _, ext := range []string{"xlsx", "txt"} {
		b.Run(ext, func(b *testing.B) {
			benchCommand(b, "generate", "-q", "-n", "1000", "-d", "any", "--seed", "1", "-o", filepath.Join(b.TempDir(), "book."+ext))
		})
	}
}
