package main

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rewriteZip copies the zip at src to dst, passing every part through fix.
func rewriteZip(t *testing.T, src, dst string, fix func(name string, data []byte) []byte) {
	t.Helper()
	zr, err := zip.OpenReader(src)
	require.NoError(t, err)
	defer zr.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		rc, err := f.Open()
		require.NoError(t, err)
		data, err := io.ReadAll(rc)
		require.NoError(t, err)
		rc.Close()
		w, err := zw.Create(f.Name)
		require.NoError(t, err)
		_, err = w.Write(fix(f.Name, data))
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	require.NoError(t, os.WriteFile(dst, buf.Bytes(), 0o644))
}

// TestStrictWorkbookRefusedBeforeSolving: a Strict Open XML workbook is
// read and solved for printing, but -o is refused at once (exit 3) with
// what to do, and nothing is written.
func TestStrictWorkbookRefusedBeforeSolving(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "strict.xlsx")
	rewriteZip(t, filepath.Join("..", "..", "samples", "classic.xlsx"), in, func(_ string, data []byte) []byte {
		s := strings.ReplaceAll(string(data), "http://schemas.openxmlformats.org/spreadsheetml/2006/main", "http://purl.oclc.org/ooxml/spreadsheetml/main")
		return []byte(strings.ReplaceAll(s, "http://schemas.openxmlformats.org/officeDocument/2006/relationships", "http://purl.oclc.org/ooxml/officeDocument/relationships"))
	})
	code, stdout, errOut := runCLI(t, "", "solve", in)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, stdout, "5 3 4 | 6 7 8 | 9 1 2", "the solution is printed")

	out := filepath.Join(dir, "out.xlsx")
	for _, cmd := range []string{"solve", "explain"} {
		code, stdout, errOut = runCLI(t, "", cmd, in, "-o", out)
		assert.Equal(t, exitInput, code, errOut)
		assert.Empty(t, stdout)
		assert.Contains(t, errOut, "cannot write a copy of "+in+": it is a Strict Open XML workbook, which xlsudoku reads")
		assert.NotContains(t, errOut, "cannot read", "it can be read (a walk of 3 December)")
		assert.Contains(t, errOut, "save it in a spreadsheet app as an ordinary Excel Workbook (.xlsx)")
		assert.NotContains(t, errOut, "explained", "refused before explaining")
		assert.False(t, fileExists(out))
	}
}

// TestMaxPartSize: --max-part-size bounds what a workbook's parts may
// unpack to.
func TestMaxPartSize(t *testing.T) {
	in := filepath.Join("..", "..", "samples", "classic.xlsx")
	for _, tt := range []struct {
		size string
		code int
		says string
	}{
		{"1GiB", exitOK, "using the puzzle"},
		{"2M", exitOK, "using the puzzle"},
		{"4k", exitInput, "unpacks to"},
		{"0", exitUsage, `"0" is not a size such as 512MiB`},
		{"lots", exitUsage, `"lots" is not a size`},
	} {
		t.Run(tt.size, func(t *testing.T) {
			code, _, errOut := runCLI(t, "", "solve", in, "--max-part-size", tt.size)
			assert.Equal(t, tt.code, code, errOut)
			assert.Contains(t, errOut, tt.says)
		})
	}
}

func TestByteSize(t *testing.T) {
	for in, want := range map[string]int64{
		"512MiB": 512 << 20, "512M": 512 << 20, "512mb": 512 << 20, "64k": 64 << 10, "1G": 1 << 30, "2 GiB": 2 << 30, "1000": 1000,
	} {
		var b byteSize
		require.NoError(t, b.Set(in), in)
		assert.Equal(t, want, int64(b), in)
	}
	for _, bad := range []string{"", "-1", "0", "1.5G", "MiB", "1X", "99999999999G"} {
		var b byteSize
		assert.Error(t, b.Set(bad), bad)
	}
	var b byteSize
	assert.Equal(t, "512MiB", b.String(), "the default")
	require.NoError(t, b.Set("1536k"))
	assert.Equal(t, "1536KiB", b.String())
}

// TestBoxAloneKeepsDetection: --box without --range only picks the box
// shape; the puzzle is still looked for.
func TestBoxAloneKeepsDetection(t *testing.T) {
	in := filepath.Join(t.TempDir(), "tall.xlsx")
	code, _, errOut := runCLI(t, "", "generate", "-n", "1", "--size", "6", "--box", "3x2", "-d", "easy", "--seed", "3", "-o", in)
	require.Equal(t, exitOK, code, errOut)
	for _, args := range [][]string{{"--box", "3x2"}, nil} {
		code, stdout, errOut := runCLI(t, "", append([]string{"solve", in}, args...)...)
		require.Equal(t, exitOK, code, errOut)
		assert.Contains(t, errOut, "found a 6x6 puzzle")
		assert.Contains(t, errOut, "Puzzle!B2:G7")
		assert.Equal(t, 7, strings.Count(stdout, "\n"), stdout)
	}
	code, _, errOut = runCLI(t, "", "solve", in, "--box", "4x4")
	assert.Equal(t, exitInput, code, errOut)
	assert.Contains(t, errOut, "no square block of digits and blanks with 4x4 boxes")
}

// TestDamagedPartsNamedAsInput: a workbook that lists a sheet whose part
// is missing, or whose styles part is of another kind, is a damaged input
// (exit 3) that names its part, and with -o nothing is written (a walk of
// 3 December: the first was skipped in silence and called "not a
// worksheet", exit 2, with --sheet; the second failed after solving,
// blamed on the output, exit 1). Without -o, the other sheets are read,
// with a note.
func TestDamagedPartsNamedAsInput(t *testing.T) {
	dir := t.TempDir()
	classic := filepath.Join("..", "..", "samples", "classic.xlsx")
	noSheet := filepath.Join(dir, "nosheet.xlsx")
	// A second sheet listed, its part not in the package.
	rewriteZip(t, classic, noSheet, func(name string, data []byte) []byte {
		switch name {
		case "xl/workbook.xml":
			return bytes.Replace(data, []byte("</sheets>"), []byte(`<sheet name="Lost" sheetId="9" r:id="rIdLost"/></sheets>`), 1)
		case "xl/_rels/workbook.xml.rels":
			return bytes.Replace(data, []byte("</Relationships>"), []byte(`<Relationship Id="rIdLost" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/lost.xml"/></Relationships>`), 1)
		}
		return data
	})
	bogus := filepath.Join(dir, "bogus.xlsx")
	rewriteZip(t, classic, bogus, func(name string, data []byte) []byte {
		switch {
		case name == "xl/styles.xml":
			return []byte(`<?xml version="1.0" encoding="UTF-8"?><bogus/>`)
		case strings.HasPrefix(name, "xl/worksheets/"):
			return regexp.MustCompile(` s="\d+"`).ReplaceAll(data, nil) // no cell formats used: it reads
		}
		return data
	})

	code, stdout, errOut := runCLI(t, "", "solve", noSheet)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, stdout, "5 3 4 | 6 7 8 | 9 1 2")
	assert.Contains(t, errOut, `sheet "Lost" was not read: it has no part (xl/worksheets/lost.xml is missing from the file); the workbook is damaged`)
	code, _, errOut = runCLI(t, "", "solve", noSheet, "--sheet", "Lost")
	assert.Equal(t, exitInput, code, errOut)
	assert.Contains(t, errOut, `nosheet.xlsx: sheet "Lost" has no part (xl/worksheets/lost.xml is missing from the file)`)

	for _, tt := range []struct{ in, want string }{
		{noSheet, `sheet "Lost" has no part (xl/worksheets/lost.xml is missing from the file); the workbook is damaged: open it in a spreadsheet app, save it again`},
		{bogus, "xl/styles.xml is no styles part: its root element is <bogus>, not <styleSheet>; the workbook is damaged"},
	} {
		out := filepath.Join(dir, "out.xlsx")
		code, _, errOut := runCLI(t, "", "solve", tt.in, "-o", out)
		assert.Equal(t, exitInput, code, errOut)
		assert.Contains(t, errOut, "cannot read the workbook: "+tt.in+": "+tt.want)
		assert.False(t, fileExists(out))
	}
}
