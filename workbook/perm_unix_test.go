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

// TestWriteThroughLinksAndSpecialFiles: -o naming a link to a file not
// there yet makes that file and keeps the link (the link was replaced by
// the workbook); -o naming a FIFO is refused (it was replaced by a file).
func TestWriteThroughLinksAndSpecialFiles(t *testing.T) {
	p := testPuzzles(t, 2)
	dir := t.TempDir()
	target := filepath.Join(dir, "sub", "book.xlsx")
	require.NoError(t, os.Mkdir(filepath.Dir(target), 0o755))
	link := filepath.Join(dir, "link.xlsx")
	require.NoError(t, os.Symlink(filepath.Join("sub", "book.xlsx"), link))
	chain := filepath.Join(dir, "chain.xlsx")
	require.NoError(t, os.Symlink("link.xlsx", chain))
	require.NoError(t, WriteGenerated(chain, p, BookOptions{}))
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the links are kept")
	fi, err = os.Lstat(chain)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the links are kept")
	unzip(t, target) // a workbook where the links point
	assert.Equal(t, target, LinkTarget(chain))
	assert.Equal(t, target, LinkTarget(target))

	loop := filepath.Join(dir, "loop.xlsx")
	require.NoError(t, os.Symlink("loop.xlsx", loop))
	assert.Equal(t, loop, LinkTarget(loop))

	fifo := filepath.Join(dir, "fifo.xlsx")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	err = WriteGenerated(fifo, p, BookOptions{})
	require.ErrorIs(t, err, ErrUsage)
	assert.ErrorContains(t, err, "is not a file (a FIFO or a device)")
	fi, err = os.Lstat(fifo)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeNamedPipe, "the FIFO is left as it was")
}
