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

// TestCheckOutput: the checks Write makes can be made before any work,
// and Write makes the same.
func TestCheckOutput(t *testing.T) {
	dir := t.TempDir()
	in := classicBook(t)
	strict := strictBook(t)
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
		{"strict", strict, filepath.Join(dir, "out.xlsx"), Options{}, ErrOpen, "Strict Open XML workbook, which xlsudoku reads but cannot write; save it in a spreadsheet app as an ordinary Excel Workbook (.xlsx)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Read(tt.in, Options{})
			require.NoError(t, err, "a Strict workbook reads")
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
