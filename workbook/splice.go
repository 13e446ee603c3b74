package workbook

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Writing splices: the output is the input's zip with every part copied
// as it is (still compressed, byte for byte) except
//
//   - the workbook part, its relationships and [Content_Types].xml, where
//     our sheets' entries are inserted and nothing else changes;
//   - the styles part, where our styles are inserted (stylesplice.go);
//   - our own sheets' parts, new or replacing those of an earlier run.
//
// Opening the input with excelize and saving it would rewrite more (the
// theme, the calculation chain, any sheet it parsed) and, when asked to
// delete a sheet, parse every sheet of the workbook.

// Relationship and content types of a worksheet.
const (
	relWorksheet = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"
	relStyles    = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"
	ctWorksheet  = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
	ctStyles     = "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"
)

// edit replaces data[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// applyEdits applies non-overlapping edits to data.
func applyEdits(data []byte, edits []edit) []byte {
	slices.SortFunc(edits, func(a, b edit) int { return a.start - b.start })
	var out bytes.Buffer
	out.Grow(len(data) + 1024)
	at := 0
	for _, e := range edits {
		out.Write(data[at:e.start])
		out.WriteString(e.text)
		at = e.end
	}
	out.Write(data[at:])
	return out.Bytes()
}

// insertBeforeRootEnd inserts text before the end tag of the root element
// (the last "</" of the part).
func insertBeforeRootEnd(data []byte, text string) ([]byte, error) {
	i := bytes.LastIndex(data, []byte("</"))
	if i < 0 {
		return nil, fmt.Errorf("no end tag")
	}
	return applyEdits(data, []edit{{i, i, text}}), nil
}

// escapeXML escapes text for an attribute value or element content.
func escapeXML(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&apos;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// quoteSheet writes a sheet name as formulas refer to it: 'Week 3'.
func quoteSheet(name string) string { return "'" + strings.ReplaceAll(name, "'", "''") + "'" }

// nextRelID returns a relationship id not among rels: rId1 past the largest.
func nextRelID(rels []relationship, taken map[string]bool) string {
	n := 0
	for _, r := range rels {
		if v, err := strconv.Atoi(strings.TrimPrefix(r.ID, "rId")); err == nil && strings.HasPrefix(r.ID, "rId") {
			n = max(n, v)
		}
	}
	for {
		n++
		id := "rId" + strconv.Itoa(n)
		if !taken[id] {
			taken[id] = true
			return id
		}
	}
}

// writeZip writes the output package to w: the input's entries in their
// order, those in replace with new content, the rest copied raw; then the
// parts in add.
func writeZip(w io.Writer, in *zip.Reader, replace map[string][]byte, add []newPart) error {
	zw := zip.NewWriter(w)
	for _, f := range in.File {
		if content, ok := replace[strings.ToLower(f.Name)]; ok {
			hw, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: f.Modified})
			if err != nil {
				return err
			}
			if _, err := hw.Write(content); err != nil {
				return err
			}
			continue
		}
		if strings.HasSuffix(f.Name, "/") {
			// A folder entry holds nothing, but some zip tools store it
			// compressed (an empty deflate stream), which zw.Copy would
			// write into a folder; CreateHeader writes it empty.
			fh := f.FileHeader
			if _, err := zw.CreateHeader(&fh); err != nil {
				return err
			}
			continue
		}
		if err := zw.Copy(f); err != nil {
			return err
		}
	}
	now := time.Now()
	for _, p := range add {
		hw, err := zw.CreateHeader(&zip.FileHeader{Name: p.name, Method: zip.Deflate, Modified: now})
		if err != nil {
			return err
		}
		if _, err := hw.Write(p.content); err != nil {
			return err
		}
	}
	return zw.Close()
}

// newPart is a part the output adds.
type newPart struct {
	name    string
	content []byte
}

// freeSheetPart returns a worksheet part name beside the workbook part
// that the package does not use yet.
func (p *pkg) freeSheetPart(taken map[string]bool) string {
	dir := path.Dir(p.wbPath)
	for n := len(p.wb.sheets) + 1; ; n++ {
		name := strings.TrimPrefix(path.Join(dir, "worksheets", fmt.Sprintf("sheet%d.xml", n)), "/")
		if !p.has(name) && !taken[strings.ToLower(name)] {
			taken[strings.ToLower(name)] = true
			return name
		}
	}
}

// relTarget returns the target of part name relative to the workbook part.
func (p *pkg) relTarget(name string) string {
	dir := path.Dir(p.wbPath)
	if dir == "." || dir == "" {
		return name
	}
	if rest, ok := strings.CutPrefix(name, dir+"/"); ok {
		return rest
	}
	return "/" + name
}
