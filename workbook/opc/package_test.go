package opc

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var testLimits = Limits{Streamed: 4 << 20, Whole: 64 << 10, Advice: ", the most read of it"}

// writePackage writes a zip of parts, in order, and returns its path.
func writePackage(t *testing.T, parts ...[2]string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range parts {
		w, err := zw.Create(p[0])
		require.NoError(t, err)
		_, err = w.Write([]byte(p[1]))
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	file := filepath.Join(t.TempDir(), "p.zip")
	require.NoError(t, os.WriteFile(file, buf.Bytes(), 0o644))
	return file
}

const docRels = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
	`<Relationship Id="rId2" Type="urn:t/sheet" Target="sheets/s1.xml"/>` +
	`<Relationship Id="rId7" Type="urn:t/styles" Target="/Styles.xml"/>` +
	`<Relationship Id="rId2" Type="urn:t/other" Target="other.xml"/>` +
	`<Relationship Id="x1" Type="urn:t/link" Target="http://example.com/" TargetMode="External"/>` +
	`</Relationships>`

func testPackage(t *testing.T) *Package {
	file := writePackage(t,
		[2]string{"[Content_Types].xml", `<Types></Types>`},
		[2]string{"_rels/.rels", `<Relationships><Relationship Id="rId1" Type="urn:t/doc" Target="doc/Main.xml"/></Relationships>`},
		[2]string{"doc/Main.xml", `<main/>`},
		[2]string{"doc/_rels/Main.xml.rels", docRels},
		[2]string{"doc/sheets/s1.xml", `<sheet><row/></sheet>`},
		[2]string{"doc/media/", ``},
	)
	p, err := Open(file, testLimits)
	require.NoError(t, err)
	t.Cleanup(func() { p.Close() })
	return p
}

func TestPackageParts(t *testing.T) {
	p := testPackage(t)
	assert.True(t, p.Has("DOC/main.xml"), "part names ignore case")
	assert.False(t, p.Has("doc/none.xml"))
	data, err := p.Read("doc/main.xml")
	require.NoError(t, err)
	assert.Equal(t, "<main/>", string(data))
	size, ok := p.Size("doc/sheets/s1.xml")
	assert.True(t, ok)
	assert.Equal(t, uint64(len(`<sheet><row/></sheet>`)), size)

	_, err = p.Read("doc/none.xml")
	var pe *PartError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "part doc/none.xml is missing", err.Error())

	toks, err := p.Stream("doc/sheets/s1.xml")
	require.NoError(t, err)
	defer toks.Close()
	assert.Equal(t, "doc/sheets/s1.xml", toks.Part())
	var names []string
	for {
		tok, err := toks.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch tok := tok.(type) {
		case xml.StartElement:
			names = append(names, "<"+tok.Name.Local)
		case xml.EndElement:
			names = append(names, tok.Name.Local+">")
		}
	}
	assert.Equal(t, []string{"<sheet", "<row", "row>", "sheet>"}, names)
	assert.Empty(t, p.OpenDocumentKind())
}

func TestRelationships(t *testing.T) {
	p := testPackage(t)
	root, err := p.Relationships("")
	require.NoError(t, err)
	assert.Equal(t, "doc/Main.xml", root.OfType("/doc"))

	rels, err := p.Relationships("doc/Main.xml")
	require.NoError(t, err)
	require.Len(t, rels.List, 4)
	r, ok := rels.ByID("rId2")
	assert.True(t, ok)
	assert.Equal(t, Relationship{ID: "rId2", Type: "urn:t/sheet", Target: "doc/sheets/s1.xml"}, r, "the first of an id")
	assert.Equal(t, "Styles.xml", rels.OfType("/styles"), "a target from the root")
	assert.Empty(t, rels.OfType("/link"), "external relationships name no part")
	_, ok = rels.ByID("rId9")
	assert.False(t, ok)

	taken := map[string]bool{"rId8": true}
	assert.Equal(t, "rId9", rels.NextID(taken))
	assert.Equal(t, "rId10", rels.NextID(taken))

	none, err := p.Relationships("doc/sheets/s1.xml")
	require.NoError(t, err)
	assert.Empty(t, none.List)
	assert.Equal(t, "rId1", none.NextID(map[string]bool{}))
}

func TestRelsPathAndTargets(t *testing.T) {
	assert.Equal(t, "_rels/.rels", RelsPath(""))
	assert.Equal(t, "xl/_rels/workbook.xml.rels", RelsPath("xl/workbook.xml"))
	assert.Equal(t, "xl/worksheets/sheet1.xml", ResolveTarget("xl/workbook.xml", "worksheets/sheet1.xml"))
	assert.Equal(t, "xl/styles.xml", ResolveTarget("xl/worksheets/sheet1.xml", "../styles.xml"))
	assert.Equal(t, "xl/styles.xml", ResolveTarget("xl/workbook.xml", "/xl/./styles.xml"))
	assert.Equal(t, "worksheets/sheet3.xml", RelTarget("xl/workbook.xml", "xl/worksheets/sheet3.xml"))
	assert.Equal(t, "/other/s.xml", RelTarget("xl/workbook.xml", "other/s.xml"))
	assert.Equal(t, "s.xml", RelTarget("workbook.xml", "s.xml"))
	assert.Equal(t, `<Relationship Id="rId3" Type="urn:t" Target="a&amp;b.xml"/>`, RelationshipElement("rId3", "urn:t", "a&b.xml"))
}

func TestSave(t *testing.T) {
	p := testPackage(t)
	var buf bytes.Buffer
	require.NoError(t, p.Save(&buf, map[string][]byte{"doc/main.xml": []byte("<new/>")}, []Part{{Name: "doc/added.xml", Content: []byte("<added/>")}},
		map[string]bool{"doc/sheets/s1.xml": true}))
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
		if f.Name == "doc/Main.xml" || f.Name == "doc/added.xml" {
			continue
		}
		// Copied raw: the same compressed bytes as the input's.
		raw := func(f *zip.File) []byte {
			r, err := f.OpenRaw()
			require.NoError(t, err)
			data, err := io.ReadAll(r)
			require.NoError(t, err)
			return data
		}
		assert.Equal(t, raw(p.parts[strings.ToLower(f.Name)]), raw(f), f.Name)
	}
	assert.Equal(t, []string{"[Content_Types].xml", "_rels/.rels", "doc/Main.xml", "doc/_rels/Main.xml.rels", "doc/media/", "doc/added.xml"}, names, "doc/sheets/s1.xml dropped")
	read := func(name string) string {
		f, err := zr.Open(name)
		require.NoError(t, err)
		defer f.Close()
		data, err := io.ReadAll(f)
		require.NoError(t, err)
		return string(data)
	}
	assert.Equal(t, "<new/>", read("doc/Main.xml"))
	assert.Equal(t, "<added/>", read("doc/added.xml"))
}

func TestLimits(t *testing.T) {
	big := "<a>" + strings.Repeat("<b/>", 20<<10) + "</a>" // 80 KiB
	long := "<a>" + strings.Repeat("x", MaxToken+1) + "</a>"
	file := writePackage(t, [2]string{"big.xml", big}, [2]string{"long.xml", long})
	p, err := Open(file, testLimits)
	require.NoError(t, err)
	defer p.Close()

	_, err = p.Read("big.xml")
	assert.EqualError(t, err, "part big.xml unpacks to 81927 bytes, more than 64 KiB, the most read of it")
	toks, err := p.StreamWhole("big.xml")
	assert.Nil(t, toks)
	assert.EqualError(t, err, "part big.xml unpacks to 81927 bytes, more than 64 KiB, the most read of it")
	toks, err = p.Stream("big.xml")
	require.NoError(t, err, "a streamed part may be larger")
	toks.Close()

	toks, err = p.Stream("long.xml")
	require.NoError(t, err)
	defer toks.Close()
	for err == nil {
		_, err = toks.Next()
	}
	var pe *PartError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "part long.xml holds a single XML element or text longer than 1 MiB; it is damaged or not a workbook's", pe.Error())

	// Past the streamed limit while unpacking.
	toks = NewTokens(strings.NewReader(big), "big.xml", 1<<10)
	for err = nil; err == nil; {
		_, err = toks.Next()
	}
	assert.ErrorContains(t, err, "part big.xml unpacks to more than 1 KiB")
}

// TestSaveChecksWhatItCopies: Save unpacks each part it copies raw; a part
// whose checksum is not its content's is a *PartError (a damaged image
// went into the output), while a part of a method Go cannot unpack, or
// declared larger than the limits, is copied unchecked as before.
func TestSaveChecksWhatItCopies(t *testing.T) {
	raw := func(name string, method uint16, data []byte, crc uint32, size uint64) [2]any {
		return [2]any{&zip.FileHeader{Name: name, Method: method, CRC32: crc, CompressedSize64: uint64(len(data)), UncompressedSize64: size}, data}
	}
	good := []byte("<good/>")
	for _, tc := range []struct {
		name string
		part [2]any
		bad  bool
	}{
		{"intact", raw("media/a.bin", zip.Store, good, crc32.ChecksumIEEE(good), uint64(len(good))), false},
		{"bad checksum", raw("media/a.bin", zip.Store, good, crc32.ChecksumIEEE(good)+1, uint64(len(good))), true},
		{"unknown method", raw("media/a.bin", 99, good, 0, uint64(len(good))), false},
		{"past the limits, unchecked", raw("media/a.bin", zip.Store, good, 1, 8<<20), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			zw := zip.NewWriter(&buf)
			w, err := zw.Create("main.xml")
			require.NoError(t, err)
			_, err = w.Write([]byte("<main/>"))
			require.NoError(t, err)
			w, err = zw.CreateRaw(tc.part[0].(*zip.FileHeader))
			require.NoError(t, err)
			_, err = w.Write(tc.part[1].([]byte))
			require.NoError(t, err)
			require.NoError(t, zw.Close())
			file := filepath.Join(t.TempDir(), "p.zip")
			require.NoError(t, os.WriteFile(file, buf.Bytes(), 0o644))
			p, err := Open(file, testLimits)
			require.NoError(t, err)
			defer p.Close()
			err = p.Save(io.Discard, nil, nil, nil)
			if !tc.bad {
				require.NoError(t, err)
				return
			}
			var pe *PartError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, "media/a.bin", pe.Part)
		})
	}
}
