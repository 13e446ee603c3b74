//go:build unix

package workbook

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteGeneratedKeepsPermissions: a book of several puzzles (or a
// class summary) written over an existing file keeps that file's
// permissions, as text output and solve -o do; a new book gets 0644 less
// the umask. Both were 0644.
func TestWriteGeneratedKeepsPermissions(t *testing.T) {
	p := testPuzzles(t, 2)
	dir := t.TempDir()
	out := filepath.Join(dir, "private.xlsx")
	require.NoError(t, os.WriteFile(out, []byte("old"), 0o600))
	require.NoError(t, WriteGenerated(out, p, BookOptions{}))
	fi, err := os.Stat(out)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	summary := filepath.Join(dir, "class.xlsx")
	require.NoError(t, os.WriteFile(summary, []byte("old"), 0o640))
	require.NoError(t, WriteSummary(summary, nil, ""))
	fi, err = os.Stat(summary)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o640), fi.Mode().Perm())

	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	for _, n := range []int{1, 2} { // one puzzle is written another way
		fresh := filepath.Join(dir, fmt.Sprintf("fresh-%d.xlsx", n))
		require.NoError(t, WriteGenerated(fresh, p[:n], BookOptions{}))
		fi, err = os.Stat(fresh)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "%d puzzles: 0644 less the umask 077", n)
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 4, "no temporary file left")
}
