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
	assertSameFile(t, target, LinkTarget(chain))
	assert.Equal(t, target, LinkTarget(target))

	// A relative link in a folder reached through a linked folder climbs
	// from where that folder really is (cwd/dirlink -> ../real/dir, and
	// real/dir/out.xlsx -> ../shared/out.xlsx is real/shared/out.xlsx, not
	// cwd/shared/out.xlsx: the review of 2 December, where a run wrote
	// beside the link's name, or over its own input).
	root, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	for _, d := range []string{"cwd", "real/dir", "real/shared", "cwd/shared"} {
		require.NoError(t, os.MkdirAll(filepath.Join(root, d), 0o755))
	}
	require.NoError(t, os.Symlink("../real/dir", filepath.Join(root, "cwd", "dirlink")))
	require.NoError(t, os.Symlink("../shared/out.xlsx", filepath.Join(root, "real", "dir", "out.xlsx")))
	via := filepath.Join(root, "cwd", "dirlink", "out.xlsx")
	want := filepath.Join(root, "real", "shared", "out.xlsx")
	assert.Equal(t, want, LinkTarget(via), "a file not there yet")
	require.NoError(t, WriteGenerated(via, p, BookOptions{}))
	unzip(t, want)
	assert.NoFileExists(t, filepath.Join(root, "cwd", "shared", "out.xlsx"))
	assert.Equal(t, want, LinkTarget(via), "and once it is")
	// A ".." after a linked folder in the link's target, or in the name
	// given: the system climbs from the real folder (the second review).
	require.NoError(t, os.Symlink("dirlink/../w.xlsx", filepath.Join(root, "cwd", "up.xlsx")))
	assert.Equal(t, filepath.Join(root, "real", "w.xlsx"), LinkTarget(filepath.Join(root, "cwd", "up.xlsx")))
	assert.Equal(t, filepath.Join(root, "real", "v.xlsx"), LinkTarget(root+"/cwd/dirlink/../v.xlsx"))
	// A link into /dev/shm (a RAM disk, not a stream) to another link is
	// followed to the file, as the system does (a fourth review: the second
	// link was replaced); a link to /dev/stdout stops there.
	if shm, err := os.MkdirTemp("/dev/shm", "xlsudoku-test-"); err == nil {
		t.Cleanup(func() { os.RemoveAll(shm) })
		require.NoError(t, os.Symlink("real.xlsx", filepath.Join(shm, "l2.xlsx")))
		require.NoError(t, os.Symlink(filepath.Join(shm, "l2.xlsx"), filepath.Join(root, "shm.xlsx")))
		assert.Equal(t, filepath.Join(shm, "real.xlsx"), LinkTarget(filepath.Join(root, "shm.xlsx")))
	}
	require.NoError(t, os.Symlink("/dev/stdout", filepath.Join(root, "so.txt")))
	assert.True(t, IsStream(LinkTarget(filepath.Join(root, "so.txt"))))
	wd, err := os.Getwd()
	require.NoError(t, err)
	wd, err = filepath.EvalSymlinks(wd)
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(wd, "out.xlsx"), LinkTarget("out.xlsx"), "a bare name in the real working folder")
	// A folder not there: the name as written, for the system to refuse,
	// not cleaned into another file ("nodir/../w.xlsx" is not w.xlsx).
	assert.Equal(t, root+"/nodir/../w.xlsx", LinkTarget(root+"/nodir/../w.xlsx"))
	require.NoError(t, os.Symlink("nodir/../w.xlsx", filepath.Join(root, "cwd", "dangling.xlsx")))
	assert.Equal(t, filepath.Join(root, "cwd")+"/nodir/../w.xlsx", LinkTarget(filepath.Join(root, "cwd", "dangling.xlsx")))
	assert.Equal(t, filepath.Join(root, "cwd")+"/nodir/..", Folder(LinkTarget(filepath.Join(root, "cwd", "dangling.xlsx"))))

	loop := filepath.Join(dir, "loop.xlsx")
	require.NoError(t, os.Symlink("loop.xlsx", loop))
	assert.Equal(t, loop, LinkTarget(loop))

	fifo := filepath.Join(dir, "fifo.xlsx")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	// Read, not waited on for a writer (HoldsWorksheet hung on one).
	_, err = Read(fifo, Options{})
	require.ErrorIs(t, err, ErrOpen)
	assert.ErrorContains(t, err, "is not a file (a FIFO or a device)")
	assert.False(t, HoldsWorksheet(fifo))
	err = WriteGenerated(fifo, p, BookOptions{})
	require.ErrorIs(t, err, ErrUsage)
	assert.ErrorContains(t, err, "is not a file (a FIFO or a device)")
	fi, err = os.Lstat(fifo)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeNamedPipe, "the FIFO is left as it was")
}

// assertSameFile asserts that a and b name one file.
func assertSameFile(t *testing.T, a, b string) {
	t.Helper()
	fa, err := os.Stat(a)
	require.NoError(t, err)
	fb, err := os.Stat(b)
	require.NoError(t, err)
	assert.True(t, os.SameFile(fa, fb), "%s and %s", a, b)
}
