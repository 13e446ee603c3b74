package workbook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// strictBook is the classic book saved as Strict Open XML: the same parts
// in the strict namespaces and relationship types.
func strictBook(t *testing.T) string {
	path := classicBook(t)
	rezip(t, path, func(_ string, data []byte) []byte {
		s := strings.ReplaceAll(string(data), nsMain, nsMainStrict)
		return []byte(strings.ReplaceAll(s, nsRelationships, nsRelationshipsStrict))
	})
	return path
}

// damagedBook is the classic book with part's XML broken by breaking it.
func damagedBook(t *testing.T, part string, breaking func(string) string) string {
	path := classicBook(t)
	rezip(t, path, func(name string, data []byte) []byte {
		if name == part {
			return []byte(breaking(string(data)))
		}
		return data
	})
	return path
}

// TestCheckOutput: the checks Write makes can be made before any work,
// and Write makes the same.
func TestCheckOutput(t *testing.T) {
	dir := t.TempDir()
	in := classicBook(t)
	strict := strictBook(t)
	textBeforeRoot := damagedBook(t, "xl/styles.xml", func(s string) string { return strings.Replace(s, "<styleSheet", "0<styleSheet", 1) })
	unclosed := damagedBook(t, "[Content_Types].xml", func(s string) string { return strings.TrimSuffix(strings.TrimSpace(s), "</Types>") })
	mismatched := damagedBook(t, "xl/_rels/workbook.xml.rels", func(s string) string { return strings.Replace(s, "</Relationships>", "</Relationship>", 1) })
	for _, tt := range []struct {
		name, in, out string
		opts          Options
		err           error
		want          string
	}{
		{"fine", in, filepath.Join(dir, "out.xlsx"), Options{}, nil, ""},
		{"the input", in, in, Options{}, ErrSameFile, "--in-place"},
		{"the input, in place", in, in, Options{InPlace: true}, nil, ""},
		{"another type", in, filepath.Join(dir, "out.xlsm"), Options{}, ErrUsage, "must be a .xlsx file"},
		{"styles with text outside the root", textBeforeRoot, filepath.Join(dir, "out.xlsx"), Options{}, ErrOpen, "xl/styles.xml: text outside the root element; the workbook is damaged: open it in a spreadsheet app, save it again"},
		{"content types not closed", unclosed, filepath.Join(dir, "out.xlsx"), Options{}, ErrOpen, "[Content_Types].xml: element <Types> is not closed; the workbook is damaged"},
		{"relationships mismatched", mismatched, filepath.Join(dir, "out.xlsx"), Options{}, ErrOpen, "xl/_rels/workbook.xml.rels: unexpected end tag </Relationship>; the workbook is damaged"},
		{"strict", strict, filepath.Join(dir, "out.xlsx"), Options{}, ErrOpen, "it is a Strict Open XML workbook, which xlsudoku reads (solve and explain without -o print its puzzle) but cannot write; save it in a spreadsheet app as an ordinary Excel Workbook (.xlsx)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Read(tt.in, Options{})
			require.NoError(t, err, "a Strict or damaged workbook reads")
			assert.Equal(t, grid(t, classic), p.Grid)
			checked := CheckOutput(p, tt.out, tt.opts)
			if tt.err == nil {
				require.NoError(t, checked)
				return
			}
			require.ErrorIs(t, checked, tt.err)
			assert.Contains(t, checked.Error(), tt.want)
			sol, err := p.Solve()
			require.NoError(t, err)
			_, err = Write(p, sol, tt.out, tt.opts)
			assert.Equal(t, checked, err, "Write refuses it the same way")
			if tt.out != tt.in {
				_, err = os.Stat(tt.out)
				assert.ErrorIs(t, err, os.ErrNotExist)
			}
		})
	}
}
