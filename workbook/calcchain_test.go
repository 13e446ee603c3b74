package workbook

import (
	"archive/zip"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

// The calculation chain's relationship and content type, as Excel writes
// them.
const (
	calcChainRel = `<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/calcChain" Target="calcChain.xml"/>`
	calcChainCT  = `<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"/>`
)

// withCalcChain copies the workbook at in to a new folder under the same
// name, adding the calculation chain Excel writes when it saves: every
// formula cell, each sheet's first with i, its sheet's position (from 1).
// It returns the copy's path, its chain, and how many cells it lists.
func withCalcChain(t *testing.T, in string) (string, []byte, int) {
	t.Helper()
	pk, err := openPackage(in, 0)
	require.NoError(t, err)
	sheets := pk.worksheets()
	pk.Close()
	parts := unzip(t, in)
	cell := regexp.MustCompile(`(?s)<c r="([A-Z]+[0-9]+)"[^>]*?(?:/>|>(.*?)</c>)`)
	var chain strings.Builder
	n := 0
	for _, sh := range sheets {
		first := true
		for _, m := range cell.FindAllStringSubmatch(string(parts[sh.part]), -1) {
			if !strings.Contains(m[2], "<f") {
				continue
			}
			if first {
				fmt.Fprintf(&chain, `<c r="%s" i="%d"/>`, m[1], sh.index+1)
				first = false
			} else {
				fmt.Fprintf(&chain, `<c r="%s"/>`, m[1])
			}
			n++
		}
	}
	cc := []byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\r\n" +
		`<calcChain xmlns="` + nsMain + `">` + chain.String() + `</calcChain>`)

	out := filepath.Join(t.TempDir(), filepath.Base(in))
	f, err := os.Create(out)
	require.NoError(t, err)
	zr, err := zip.OpenReader(in)
	require.NoError(t, err)
	defer zr.Close()
	zw := zip.NewWriter(f)
	for _, zf := range zr.File {
		data := parts[zf.Name]
		switch zf.Name {
		case "[Content_Types].xml":
			data = []byte(strings.Replace(string(data), "</Types>", calcChainCT+"</Types>", 1))
		case "xl/_rels/workbook.xml.rels":
			data = []byte(strings.Replace(string(data), "</Relationships>", calcChainRel+"</Relationships>", 1))
		}
		w, err := zw.Create(zf.Name)
		require.NoError(t, err)
		_, err = w.Write(data)
		require.NoError(t, err)
	}
	w, err := zw.Create("xl/calcChain.xml")
	require.NoError(t, err)
	_, err = w.Write(cc)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	require.NoError(t, f.Close())
	return out, cc, n
}

// TestCalcChain: a worksheet written again without --self-check over one
// written with it, in a workbook Excel saved, left Excel's calculation
// chain listing the self-check's formula cells, which were gone (Excel
// then repairs the file). Replacing a sheet of ours drops the chain, its
// relationship and its content type, and changes nothing else; a run that
// only adds sheets keeps the chain byte for byte.
func TestCalcChain(t *testing.T) {
	t.Run("replaced", func(t *testing.T) {
		first, _, sol := writeWorksheet(t, classicBook(t), WorksheetOptions{SelfCheck: true})
		in, _, n := withCalcChain(t, first)
		require.Greater(t, n, 81, "the self-check's formulas are listed")
		require.True(t, strings.Contains(string(unzip(t, in)["[Content_Types].xml"]), calcChainCT))

		// Written again without --self-check, with and without a chain.
		again := func(in string) string {
			p, err := Read(in, Options{})
			require.NoError(t, err)
			out := filepath.Join(t.TempDir(), "again.xlsx")
			notes, err := WriteWorksheet(p, sol, out, Options{}, WorksheetOptions{})
			require.NoError(t, err)
			require.Contains(t, strings.Join(notes, "\n"), `replaced sheet "Worksheet"`)
			return out
		}
		out := again(in)
		before, after := unzip(t, in), unzip(t, out)

		_, kept := after["xl/calcChain.xml"]
		assert.False(t, kept, "no calcChain part")
		rels, ct := "xl/_rels/workbook.xml.rels", "[Content_Types].xml"
		assert.NotContains(t, string(after[rels]), "calcChain")
		assert.NotContains(t, string(after[ct]), "calcChain")
		assert.Equal(t, strings.Replace(string(before[rels]), calcChainRel, "", 1), string(after[rels]), "the chain's relationship goes, nothing else")
		assert.Equal(t, strings.Replace(string(before[ct]), calcChainCT, "", 1), string(after[ct]), "the chain's content type goes, nothing else")
		ours := map[string]bool{"xl/worksheets/sheet2.xml": true, "xl/worksheets/sheet3.xml": true} // Worksheet and Answers
		for part, data := range before {
			if part == "xl/calcChain.xml" {
				continue
			}
			require.Contains(t, after, part)
			if !rewritten(part) && !ours[part] {
				assert.Equal(t, data, after[part], "part %s changed", part)
			}
		}
		// What is written is what a workbook without a chain gets.
		assert.Equal(t, unzip(t, again(first)), after)

		f, err := excelize.OpenFile(out)
		require.NoError(t, err)
		defer f.Close()
		assert.Equal(t, []string{"Week 3", "Worksheet", "Answers"}, f.GetSheetList())
		v, err := f.GetCellValue("Worksheet", "B2")
		require.NoError(t, err)
		assert.Equal(t, "5", v)
	})

	t.Run("a relationship of its type to a part that is none", func(t *testing.T) {
		first, _, sol := writeWorksheet(t, classicBook(t), WorksheetOptions{SelfCheck: true})
		rezip(t, first, func(part string, data []byte) []byte {
			if part == "xl/_rels/workbook.xml.rels" {
				bogus := strings.Replace(calcChainRel, "calcChain.xml", "worksheets/sheet1.xml", 1)
				return []byte(strings.Replace(string(data), "</Relationships>", bogus+"</Relationships>", 1))
			}
			return data
		})
		before := unzip(t, first)
		p, err := Read(first, Options{})
		require.NoError(t, err)
		out := filepath.Join(t.TempDir(), "again.xlsx")
		_, err = WriteWorksheet(p, sol, out, Options{}, WorksheetOptions{})
		require.NoError(t, err)
		after := unzip(t, out)
		assert.Equal(t, before["xl/worksheets/sheet1.xml"], after["xl/worksheets/sheet1.xml"], "the user's sheet is kept")
		f, err := excelize.OpenFile(out)
		require.NoError(t, err)
		defer f.Close()
		v, err := f.GetCellValue("Week 3", "B2")
		require.NoError(t, err)
		assert.Equal(t, "5", v)
	})

	t.Run("added", func(t *testing.T) {
		book := newBook(t, "Week 3")
		putGrid(t, book, "Week 3", layoutB2, grid(t, classic))
		require.NoError(t, book.SetCellFormula("Week 3", "L2", "SUM(B2:J2)"))
		in, chain, n := withCalcChain(t, save(t, book, "classic.xlsx"))
		require.Equal(t, 1, n)
		before := unzip(t, in)
		out, _, _ := writeWorksheet(t, in, WorksheetOptions{SelfCheck: true})
		after := unzip(t, out)

		assert.Equal(t, chain, after["xl/calcChain.xml"], "kept byte for byte")
		assert.Contains(t, string(after["xl/_rels/workbook.xml.rels"]), calcChainRel)
		assert.Contains(t, string(after["[Content_Types].xml"]), calcChainCT)
		for part, data := range before {
			require.Contains(t, after, part)
			if !rewritten(part) {
				assert.Equal(t, unselected(part, data), after[part], "part %s changed", part)
			}
		}
		f, err := excelize.OpenFile(out)
		require.NoError(t, err)
		defer f.Close()
		assert.Equal(t, []string{"Week 3", "Worksheet", "Answers"}, f.GetSheetList())
		formula, err := f.GetCellFormula("Week 3", "L2")
		require.NoError(t, err)
		assert.Equal(t, "SUM(B2:J2)", formula)
	})
}
