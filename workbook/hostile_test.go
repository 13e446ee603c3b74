package workbook

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadBadIndexes: a cell that points outside the shared string table
// or the cell formats is a damaged workbook (ErrOpen) naming the cell and
// the part and saying what to do, not a panic.
func TestReadBadIndexes(t *testing.T) {
	for _, tt := range []struct {
		name, cell string
		want       []string
	}{
		{"negative string", `<c r="D2" t="s"><v>-1</v></c>`, []string{`shared string "-1"`}},
		{"string past the table", `<c r="D2" t="s"><v>99</v></c>`, []string{"shared string 99", "xl/sharedStrings.xml holds only 1 string"}},
		{"string past int", `<c r="D2" t="s"><v>99999999999999999999</v></c>`, []string{`shared string "99999999999999999999"`}},
		{"string not a number", `<c r="D2" t="s"><v>x</v></c>`, []string{`shared string "x"`}},
		{"negative format", `<c r="D2" s="-1"><v>4</v></c>`, []string{"cell format -1", "xl/styles.xml defines only 2 cell formats"}},
		{"format past the list", `<c r="D2" s="999"><v>4</v></c>`, []string{"cell format 999", "xl/styles.xml"}},
		{"format past int", `<c r="D2" s="99999999999999999999"><v>4</v></c>`, []string{"cell format (s attribute) that is not a number"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := cellBook(t, tt.cell)
			for _, opts := range []Options{{}, {Range: "B2:J10"}, {Range: "C3:K11"}} {
				_, err := Read(path, opts)
				require.ErrorIs(t, err, ErrOpen, "%+v", opts)
				assert.Contains(t, err.Error(), "Week 3!D2")
				// What to do, as every damaged workbook's message says
				// (a walk of 3 December: these ended "is damaged").
				assert.Contains(t, err.Error(), "damaged: open it in a spreadsheet app, save it again, and try again")
				for _, w := range tt.want {
					assert.Contains(t, err.Error(), w)
				}
			}
		})
	}
}

// rawPart writes the zip at path again with part name's entry written raw:
// compressed holds data deflated, and the header declares size bytes
// unpacked (a lie when size is not len(data)).
func rawPart(t *testing.T, path, name string, data []byte, size uint64) {
	rawPartCRC(t, path, name, data, size, crc32.ChecksumIEEE(data))
}

// rawPartCRC is rawPart with the checksum the header declares, the part
// added last when the zip has none of that name.
func rawPartCRC(t *testing.T, path, name string, data []byte, size uint64, crc uint32) {
	t.Helper()
	var comp bytes.Buffer
	fw, err := flate.NewWriter(&comp, flate.BestCompression)
	require.NoError(t, err)
	_, err = fw.Write(data)
	require.NoError(t, err)
	require.NoError(t, fw.Close())
	zr, err := zip.OpenReader(path)
	require.NoError(t, err)
	defer zr.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	raw := func() {
		w, err := zw.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, CRC32: crc,
			CompressedSize64: uint64(comp.Len()), UncompressedSize64: size})
		require.NoError(t, err)
		_, err = w.Write(comp.Bytes())
		require.NoError(t, err)
	}
	found := false
	for _, f := range zr.File {
		if f.Name != name {
			require.NoError(t, zw.Copy(f))
			continue
		}
		found = true
		raw()
	}
	if !found {
		raw()
	}
	require.NoError(t, zw.Close())
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
}

// bomb is XML that unpacks to at least size bytes: head, unit repeated,
// tail.
func bomb(head, unit, tail string, size int) []byte {
	return []byte(head + strings.Repeat(unit, size/len(unit)+1) + tail)
}

// TestReadBombs: a part that unpacks past the limit is refused with
// ErrOpen naming it, whether its header says so, lies about it, or the
// part is small but one XML token in it is huge.
func TestReadBombs(t *testing.T) {
	const limit = 1 << 20 // parts read whole: 64 KiB
	sheet := func(rows string) []byte {
		return []byte(`<worksheet xmlns="` + nsMain + `"><sheetData>` + rows + `</sheetData></worksheet>`)
	}
	huge := bomb(`<worksheet xmlns="`+nsMain+`"><sheetData>`, `<row r="1"><c r="A1"><v>1</v></c></row>`, `</sheetData></worksheet>`, 2*limit)
	for _, tt := range []struct {
		name, part string
		data       []byte
		size       uint64 // declared; 0: the truth
		want       string
		maxPart    int64 // Options.MaxPartSize: limit, or 0 for the default
	}{
		{"sheet", "xl/worksheets/sheet1.xml", huge, 0, "more than 1 MiB", limit},
		{"sheet declared small", "xl/worksheets/sheet1.xml", huge, 4096, "is damaged", limit},
		{"sheet declared 600 MiB", "xl/worksheets/sheet1.xml", huge[:4096], 600 << 20, "more than 512 MiB", 0},
		{"shared strings", "xl/sharedStrings.xml", bomb(`<sst xmlns="`+nsMain+`">`, `<si><t>4</t></si>`, `</sst>`, 2*limit), 0, "more than 1 MiB", limit},
		{"styles", "xl/styles.xml", bomb(`<styleSheet xmlns="`+nsMain+`"><numFmts>`, `<numFmt numFmtId="200" formatCode="0"/>`, `</numFmts></styleSheet>`, limit/8), 0, "more than 64 KiB", limit},
		{"styles entries", "xl/styles.xml", bomb(`<styleSheet xmlns="`+nsMain+`"><cellXfs>`, `<xf/>`, `</cellXfs></styleSheet>`, 5*maxStyles), 0, "lists more than", 0},
		{"workbook", "xl/workbook.xml", bomb(`<workbook xmlns="`+nsMain+`"><sheets><sheet name="Week 3" sheetId="1" r:id="rId1" xmlns:r="`+nsRelationships+`"/></sheets><definedNames>`,
			`<definedName name="x">1</definedName>`, `</definedNames></workbook>`, limit/8), 0, "more than 64 KiB", limit},
		{"relationships", "xl/_rels/workbook.xml.rels", bomb(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`,
			`<Relationship Id="rX" Type="x" Target="x"/>`, `</Relationships>`, limit/8), 0, "more than 64 KiB", limit},
		{"long text", "xl/worksheets/sheet1.xml", sheet(`<row r="2"><c r="B2" t="str"><v>` + strings.Repeat(" ", 2*opc.MaxToken) + `</v></c></row>`), 0, "longer than 1 MiB", 0},
		{"long tag", "xl/worksheets/sheet1.xml", sheet(`<row r="2"` + strings.Repeat(` a="1"`, opc.MaxToken/5) + `/>`), 0, "longer than 1 MiB", 0},
		{"rows over and over", "xl/worksheets/sheet1.xml", bomb(`<worksheet xmlns="`+nsMain+`"><sheetData>`, `<row r="1"/>`, `</sheetData></worksheet>`, 64<<10), 0, "lists rows 1 to", 0},
		{"cells over and over", "xl/worksheets/sheet1.xml", bomb(`<worksheet xmlns="`+nsMain+`"><sheetData><row r="2">`, `<c r="B2"><v>5</v></c>`, `</row></sheetData></worksheet>`, 1<<20), 0, "more cells than a sheet has columns", 0},
		{"long CDATA", "xl/worksheets/sheet1.xml", sheet(`<row r="2"><c r="B2" t="str"><v><![CDATA[` + strings.Repeat("<", 2*opc.MaxToken) + `]]></v></c></row>`), 0, "longer than 1 MiB", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := cellBook(t, `<c r="D2" t="s"><v>0</v></c>`)
			size := tt.size
			if size == 0 {
				size = uint64(len(tt.data))
			}
			rawPart(t, path, tt.part, tt.data, size)
			_, err := Read(path, Options{MaxPartSize: tt.maxPart})
			require.ErrorIs(t, err, ErrOpen)
			assert.Contains(t, err.Error(), tt.part)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// TestDamagedSheetNamed: a damaged worksheet part is named by its sheet,
// as the user knows it, not only by its part (a walk of 3 December:
// "xl/worksheets/sheet3.xml: XML syntax error" was a hidden sheet).
func TestDamagedSheetNamed(t *testing.T) {
	const part = "xl/worksheets/sheet1.xml"
	t.Run("not well formed", func(t *testing.T) {
		path := classicBook(t)
		rezip(t, path, func(name string, data []byte) []byte {
			if name == part {
				return data[:len(data)/2]
			}
			return data
		})
		_, err := Read(path, Options{})
		require.ErrorIs(t, err, ErrOpen)
		assert.ErrorContains(t, err, `: sheet "Week 3" (`+part+`): `)
	})
	t.Run("bad size", func(t *testing.T) {
		path := classicBook(t)
		zr, err := zip.OpenReader(path)
		require.NoError(t, err)
		var data []byte
		for _, f := range zr.File {
			if f.Name == part {
				rc, err := f.Open()
				require.NoError(t, err)
				data, err = io.ReadAll(rc)
				require.NoError(t, err)
				rc.Close()
			}
		}
		zr.Close()
		rawPart(t, path, part, data, uint64(len(data)+10))
		_, err = Read(path, Options{})
		require.ErrorIs(t, err, ErrOpen)
		assert.ErrorContains(t, err, `: sheet "Week 3": part `+part)
	})
}

// TestDamagedPartNotCopied: a part the reading never unpacks (a comment's,
// an image's) that does not unpack to its declared checksum is the
// input's damage, refused as a damaged sheet is (ErrOpen, the part
// named), not copied into an output called written (a walk of 3
// December); nothing is written.
func TestDamagedPartNotCopied(t *testing.T) {
	path := classicBook(t)
	note := []byte(strings.Repeat("a teacher's note ", 40))
	rawPartCRC(t, path, "xl/notes.txt", note, uint64(len(note)), crc32.ChecksumIEEE(note)+1)

	p, sol := readSolved(t, path)
	out := filepath.Join(t.TempDir(), "out.xlsx")
	_, err := Write(p, sol, out, Options{})
	require.ErrorIs(t, err, ErrOpen)
	assert.ErrorContains(t, err, "part xl/notes.txt is damaged: it does not unpack to the size and checksum the zip declares; open the workbook in a spreadsheet app, save it again, and try again")
	assert.NoFileExists(t, out)
}
