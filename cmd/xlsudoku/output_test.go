package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// folderFiles lists the names in dir, to see that no temporary file is
// left behind.
func folderFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestTextOutputNamingTheInputIsRefused: -o naming the input, by any path
// or link, would overwrite the puzzles before they are read.
func TestTextOutputNamingTheInputIsRefused(t *testing.T) {
	dir := t.TempDir()
	content := puzzle + "\n"
	in := filepath.Join(dir, "p.txt")
	require.NoError(t, os.WriteFile(in, []byte(content), 0o644))
	hard := filepath.Join(dir, "hard.txt")
	require.NoError(t, os.Link(in, hard))
	sym := filepath.Join(dir, "sym.txt")
	require.NoError(t, os.Symlink(in, sym))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	other := filepath.Join(dir, "sub", "..", "p.txt")
	for _, args := range [][]string{
		{"solve", in, "-o", in},
		{"rate", in, "-o", in},
		{"explain", in, "-o", in},
		{"explain", "--json", in, "-o", in},
		{"solve", in, "-o", other},
		{"solve", in, "-o", hard},
		{"rate", in, "-o", sym},
		{"solve", "--count", sym, "-o", in},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, "", args...)
			assert.Equal(t, exitUsage, code, errOut)
			assert.Contains(t, errOut, "itself; writing it would lose the puzzles: write to another file")
			assert.Empty(t, out)
			got, err := os.ReadFile(in)
			require.NoError(t, err)
			assert.Equal(t, content, string(got))
			assert.ElementsMatch(t, []string{"p.txt", "hard.txt", "sym.txt", "sub"}, folderFiles(t, dir))
		})
	}

	t.Run("stdin is the output", func(t *testing.T) {
		f, err := os.Open(in)
		require.NoError(t, err)
		defer f.Close()
		var out, errOut bytes.Buffer
		code := run([]string{"solve", "-", "-o", hard}, f, &out, &errOut)
		assert.Equal(t, exitUsage, code, errOut.String())
		assert.Contains(t, errOut.String(), "-o "+hard+" is the file stdin reads from; writing it would lose the puzzles: write to another file")
		got, err := os.ReadFile(in)
		require.NoError(t, err)
		assert.Equal(t, content, string(got))
	})

	t.Run("a workbook known by its signature", func(t *testing.T) {
		data, err := os.ReadFile(filepath.Join("..", "..", "samples", "classic.xlsx"))
		require.NoError(t, err)
		book := filepath.Join(t.TempDir(), "book")
		require.NoError(t, os.WriteFile(book, data, 0o644))
		for _, args := range [][]string{{"rate", book, "-o", book}, {"explain", "--json", book, "-o", book}} {
			code, _, errOut := runCLI(t, "", args...)
			assert.Equal(t, exitUsage, code, errOut)
			assert.Contains(t, errOut, "write to another file")
			got, err := os.ReadFile(book)
			require.NoError(t, err)
			assert.Equal(t, data, got, "the workbook is untouched")
		}
	})
}

// TestStdoutIsTheInput: "xlsudoku solve p.txt >> p.txt" appended the
// solutions to the input, read them as more puzzles, and went on until
// the disk was full, and "xlsudoku solve c.xlsx >> c.xlsx" appended text
// to the workbook; both are refused, as -o naming the input is.
func TestStdoutIsTheInput(t *testing.T) {
	dir := t.TempDir()
	content := strings.Repeat(puzzle+"\n", 3)
	in := filepath.Join(dir, "p.txt")
	require.NoError(t, os.WriteFile(in, []byte(content), 0o644))
	book := filepath.Join(dir, "c.xlsx")
	data, err := os.ReadFile(filepath.Join("..", "..", "samples", "classic.xlsx"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(book, data, 0o644))
	for _, args := range [][]string{{"solve", in}, {"rate", in}, {"explain", "--json", in}, {"solve", "-"},
		{"solve", book}, {"rate", book}, {"explain", book}, {"hint", book}, {"grade", book}} {
		in := in
		content := content
		if args[1] == book {
			in, content = book, string(data)
		}
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			stdout, err := os.OpenFile(in, os.O_WRONLY|os.O_APPEND, 0)
			require.NoError(t, err)
			defer stdout.Close()
			stdin, err := os.Open(in)
			require.NoError(t, err)
			defer stdin.Close()
			var errOut bytes.Buffer
			code := run(args, stdin, stdout, &errOut)
			assert.Equal(t, exitUsage, code, errOut.String())
			assert.Regexp(t, "stdout is (the input .* itself|the file stdin reads from)", errOut.String())
			got, err := os.ReadFile(in)
			require.NoError(t, err)
			assert.Equal(t, content, string(got))
		})
	}
	// With -o elsewhere nothing is printed, so nothing is refused (it
	// was: the review of 2 December), and the input is untouched.
	for _, args := range [][]string{{"solve", in, "-o", filepath.Join(dir, "s.txt")}, {"solve", book, "-o", filepath.Join(dir, "s.xlsx")}} {
		stdout, err := os.OpenFile(args[1], os.O_WRONLY|os.O_APPEND, 0)
		require.NoError(t, err)
		before, err := os.ReadFile(args[1])
		require.NoError(t, err)
		var errOut bytes.Buffer
		code := run(args, strings.NewReader(""), stdout, &errOut)
		stdout.Close()
		assert.Equal(t, exitOK, code, errOut.String())
		after, err := os.ReadFile(args[1])
		require.NoError(t, err)
		assert.Equal(t, before, after)
	}
}

// TestLongOutputName: an output name a little under the system's limit of
// 255 bytes is written; the temporary file's name, longer, was refused
// ("file name too long"), for text and workbooks alike.
func TestLongOutputName(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, "in.txt", puzzle+"\n")
	long := strings.Repeat("é", 120) // 240 bytes
	txt := filepath.Join(dir, long+".txt")
	code, _, errOut := runCLI(t, "", "solve", in, "-o", txt)
	require.Equal(t, exitOK, code, errOut)
	assert.FileExists(t, txt)
	book := filepath.Join(dir, long+".xlsx")
	code, _, errOut = runCLI(t, "", "solve", filepath.Join("..", "..", "samples", "classic.xlsx"), "-o", book)
	require.Equal(t, exitOK, code, errOut)
	assert.FileExists(t, book)
	assert.Len(t, folderFiles(t, dir), 2, "no temporary file left")
}

// TestFailedTextRunKeepsTheOutput: the output file is replaced only when
// at least one puzzle was solved, and then whole and line-aligned.
func TestFailedTextRunKeepsTheOutput(t *testing.T) {
	bad := puzzle[:39] + "x" + puzzle[40:]
	conflict := "4.4" + puzzle[3:]
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	const old = "the solutions of last week\n"
	require.NoError(t, os.WriteFile(out, []byte(old), 0o644))

	for _, cmd := range []string{"solve", "rate"} {
		in := writeFile(t, "in.txt", bad+"\n"+conflict+"\n")
		code, stdout, errOut := runCLI(t, "", cmd, in, "-o", out)
		assert.Equal(t, exitInvalid, code, errOut)
		assert.Empty(t, stdout)
		assert.Contains(t, errOut, "in.txt:1:40:")
		assert.Contains(t, errOut, "in.txt:2:")
		assert.Contains(t, errOut, "every puzzle failed, so "+out+" was not written (a file there stays as it was)")
		got, err := os.ReadFile(out)
		require.NoError(t, err)
		assert.Equal(t, old, string(got), cmd)
		assert.Equal(t, []string{"out.txt"}, folderFiles(t, dir), "no temporary file is left")
	}

	// With one puzzle solved, the output is replaced, line N for puzzle N.
	in := writeFile(t, "in.txt", bad+"\n"+puzzle+"\n"+conflict+"\n")
	code, _, errOut := runCLI(t, "", "solve", in, "-o", out)
	assert.Equal(t, exitInvalid, code, errOut)
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "\n"+solution+"\n\n", string(got))
	assert.NotContains(t, errOut, "was not written")

	// A new output is not made at all when every puzzle fails.
	fresh := filepath.Join(dir, "fresh.txt")
	code, _, _ = runCLI(t, "", "solve", writeFile(t, "in.txt", bad+"\n"), "-o", fresh)
	assert.Equal(t, exitInvalid, code)
	assert.NoFileExists(t, fresh)
	assert.ElementsMatch(t, []string{"out.txt"}, folderFiles(t, dir))
}

// TestOutputPermissions: an existing output keeps its permissions; a new
// one gets 0644 less the umask, as workbooks do.
func TestOutputPermissions(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, "in.txt", puzzle+"\n")

	// What 0644 less the umask is here.
	ref := filepath.Join(dir, "ref")
	f, err := os.OpenFile(ref, os.O_CREATE|os.O_WRONLY, 0o644)
	require.NoError(t, err)
	f.Close()
	refSt, err := os.Stat(ref)
	require.NoError(t, err)

	fresh := filepath.Join(dir, "fresh.txt")
	code, _, errOut := runCLI(t, "", "solve", in, "-o", fresh)
	require.Equal(t, exitOK, code, errOut)
	st, err := os.Stat(fresh)
	require.NoError(t, err)
	assert.Equal(t, refSt.Mode().Perm(), st.Mode().Perm())

	for _, mode := range []os.FileMode{0o666, 0o640, 0o600} {
		out := filepath.Join(dir, "kept.txt")
		require.NoError(t, os.WriteFile(out, []byte("old\n"), 0o600))
		require.NoError(t, os.Chmod(out, mode)) // not less the umask
		code, _, errOut := runCLI(t, "", "rate", in, "-o", out)
		require.Equal(t, exitOK, code, errOut)
		st, err := os.Stat(out)
		require.NoError(t, err)
		assert.Equal(t, mode, st.Mode().Perm())
		got, err := os.ReadFile(out)
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(string(got), puzzle+" "), string(got))
	}

	if os.Geteuid() != 0 { // root may write anything
		ro := filepath.Join(dir, "read-only.txt")
		require.NoError(t, os.WriteFile(ro, []byte("old\n"), 0o444))
		code, _, errOut := runCLI(t, "", "solve", in, "-o", ro)
		assert.Equal(t, exitFailure, code)
		assert.Contains(t, errOut, "cannot write "+ro+": permission denied")
		got, err := os.ReadFile(ro)
		require.NoError(t, err)
		assert.Equal(t, "old\n", string(got))
	}
}

// TestOutputThroughALinkedFolder: -o naming a relative link in a folder
// reached through a linked folder writes where the system resolves it,
// and is refused when that is the input: the link's "../" was taken from
// the name, so the run wrote another file, and here replaced its own
// input with exit 0 (the review of 2 December).
func TestOutputThroughALinkedFolder(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"cwd", "real/dir", "real/shared", "cwd/shared"} {
		require.NoError(t, os.MkdirAll(filepath.Join(root, d), 0o755))
	}
	require.NoError(t, os.Symlink("../real/dir", filepath.Join(root, "cwd", "dirlink")))
	in := filepath.Join(root, "real", "shared", "p.txt")
	require.NoError(t, os.WriteFile(in, []byte(puzzle+"\n"), 0o644))
	require.NoError(t, os.Symlink("../shared/p.txt", filepath.Join(root, "real", "dir", "p.txt")))
	require.NoError(t, os.Symlink("../shared/out.txt", filepath.Join(root, "real", "dir", "out.txt")))

	code, _, errOut := runCLI(t, "", "solve", in, "-o", filepath.Join(root, "cwd", "dirlink", "p.txt"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "is the input")
	got, err := os.ReadFile(in)
	require.NoError(t, err)
	assert.Equal(t, puzzle+"\n", string(got), "the input is untouched")

	code, _, errOut = runCLI(t, "", "solve", in, "-o", filepath.Join(root, "cwd", "dirlink", "out.txt"))
	require.Equal(t, exitOK, code, errOut)
	got, err = os.ReadFile(filepath.Join(root, "real", "shared", "out.txt"))
	require.NoError(t, err)
	assert.Equal(t, solution+"\n", string(got))
	assert.Empty(t, folderFiles(t, filepath.Join(root, "cwd", "shared")))

	// The ".." in a link's target, after a linked folder: out.txt ->
	// dirlink/../in.txt is sub/in.txt, not the input in.txt beside it,
	// which it replaced with exit 0 (the second review of 2 December).
	two := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(two, "sub", "deep"), 0o755))
	in2 := filepath.Join(two, "in.txt")
	require.NoError(t, os.WriteFile(in2, []byte(puzzle+"\n"), 0o644))
	require.NoError(t, os.Symlink(filepath.Join("sub", "deep"), filepath.Join(two, "dirlink")))
	require.NoError(t, os.Symlink("dirlink/../in.txt", filepath.Join(two, "out.txt"))) // not Join: it would take the ".." out
	code, _, errOut = runCLI(t, "", "solve", in2, "-o", filepath.Join(two, "out.txt"))
	require.Equal(t, exitOK, code, errOut)
	got, err = os.ReadFile(in2)
	require.NoError(t, err)
	assert.Equal(t, puzzle+"\n", string(got), "the input is untouched")
	got, err = os.ReadFile(filepath.Join(two, "sub", "in.txt"))
	require.NoError(t, err)
	assert.Equal(t, solution+"\n", string(got), "the file the link leads to is written")
}

// TestOutputThroughALink: a link named by -o stays a link; the file it
// points to gets the output.
func TestOutputThroughALink(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, "in.txt", puzzle+"\n")
	real := filepath.Join(dir, "real.txt")
	require.NoError(t, os.WriteFile(real, []byte("old\n"), 0o644))
	link := filepath.Join(dir, "link.txt")
	require.NoError(t, os.Symlink(real, link))
	code, _, errOut := runCLI(t, "", "solve", in, "-o", link)
	require.Equal(t, exitOK, code, errOut)
	st, err := os.Lstat(link)
	require.NoError(t, err)
	assert.Equal(t, os.ModeSymlink, st.Mode().Type())
	got, err := os.ReadFile(real)
	require.NoError(t, err)
	assert.Equal(t, solution+"\n", string(got))
	assert.ElementsMatch(t, []string{"real.txt", "link.txt"}, folderFiles(t, dir))
}

// TestOutputErrors: a folder, or a folder that does not exist, is named.
func TestOutputErrors(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, "in.txt", puzzle+"\n")
	code, _, errOut := runCLI(t, "", "solve", in, "-o", dir)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "-o "+dir+" is a folder; give a file name")

	missing := filepath.Join(dir, "no", "such", "out.txt")
	code, _, errOut = runCLI(t, "", "solve", in, "-o", missing)
	assert.Equal(t, exitFailure, code)
	assert.Contains(t, errOut, "cannot write "+missing+": the folder "+filepath.Join(dir, "no", "such")+" does not exist")

	// A folder that is there but takes no new files is not said to be
	// missing (it was: "the folder /proc does not exist").
	if st, err := os.Stat("/proc/version"); err == nil && st.Mode().IsRegular() {
		code, _, errOut = runCLI(t, "", "solve", in, "-o", "/proc/new.txt")
		assert.Equal(t, exitFailure, code)
		assert.Contains(t, errOut, "cannot write /proc/new.txt: the folder /proc takes no new files")
	}
}

// TestTextOutputSaysWhatItWrote: a text output written to a file is
// noted as a workbook is ("wrote sol.txt"), not with -q, and not twice
// where the command says more (generate); it was written without a word
// (a walk of 3 December).
func TestTextOutputSaysWhatItWrote(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, "in.txt", puzzle+"\n")
	out := filepath.Join(dir, "sol.txt")
	for _, args := range [][]string{{"solve", in, "-o", out}, {"rate", in, "-o", out}, {"explain", in, "-o", out}} {
		code, stdout, errOut := runCLI(t, "", args...)
		require.Equal(t, exitOK, code, errOut)
		assert.Empty(t, stdout, args[0])
		assert.Equal(t, "wrote "+out+"\n", errOut, args[0])
		code, _, errOut = runCLI(t, "", append([]string{args[0], "-q"}, args[1:]...)...)
		require.Equal(t, exitOK, code, errOut)
		assert.Empty(t, errOut, args[0]+" -q")
	}
	code, _, errOut := runCLI(t, "", "generate", "-n", "2", "--seed", "1", "-o", out)
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "wrote 2 puzzles to "+out+"\n", errOut)
	// To stdout, nothing is said.
	code, _, errOut = runCLI(t, "", "solve", in)
	require.Equal(t, exitOK, code, errOut)
	assert.Empty(t, errOut)
}

// TestWorkbookOutputInAMissingFolder: a workbook's -o in a folder that
// is not there is refused before the puzzle is solved or explained, as a
// text output is (a walk of 3 December: solved, then refused).
func TestWorkbookOutputInAMissingFolder(t *testing.T) {
	in := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), t.TempDir())
	out := filepath.Join(t.TempDir(), "no", "such", "out.xlsx")
	for _, cmd := range []string{"solve", "explain", "worksheet"} {
		code, stdout, errOut := runCLI(t, "", cmd, in, "-o", out)
		assert.Equal(t, exitFailure, code, cmd)
		assert.Empty(t, stdout, cmd)
		assert.Equal(t, "xlsudoku: cannot write the workbook: "+out+": no such file or directory; check that the folder "+filepath.Dir(out)+" exists and is writable\n", errOut, cmd)
	}
	// So is a worksheet's -o that is no workbook's name (it said where
	// the puzzle was first).
	code, _, errOut := runCLI(t, "", "worksheet", in, "-o", filepath.Join(t.TempDir(), "w.txt"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "the output must be a .xlsx file like the input")
	assert.NotContains(t, errOut, "using the puzzle")
}

// TestWorkbookOutputToStdout: -o - for a workbook's output says that a
// workbook goes to a file ("name it -.xlsx" was the advice: a walk of 3
// December), and explain's -o - writes its text to stdout, as -o
// steps.txt writes it to a file.
func TestWorkbookOutputToStdout(t *testing.T) {
	in := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), t.TempDir())
	for _, cmd := range []string{"solve", "worksheet"} {
		code, stdout, errOut := runCLI(t, "", cmd, in, "-o", "-")
		assert.Equal(t, exitUsage, code, cmd)
		assert.Empty(t, stdout, cmd)
		assert.Contains(t, errOut, "-o -: a workbook is written to a file, not to standard output; give -o FILE.xlsx", cmd)
	}
	// generate's --format xlsx had said "name it -.xlsx" (a walk of 3 December)
	code, stdout, errOut := runCLI(t, "", "generate", "-n", "2", "--format", "xlsx", "-o", "-")
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, stdout)
	assert.Contains(t, errOut, "-o -: a workbook is written to a file, not to standard output; give -o FILE.xlsx")
	assert.NotContains(t, errOut, "-.xlsx")

	code, stdout, errOut = runCLI(t, "", "explain", in, "-o", "-")
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, stdout, "Puzzle!B2:J10: 53..7....6..195")
	assert.Contains(t, stdout, "1. Naked Single")
}

// TestTextOutputThroughANewLink: -o naming a link to a file not there
// yet makes that file, the link kept, as a shell's > does; the link was
// replaced by the output.
func TestTextOutputThroughANewLink(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, "in.txt", puzzle+"\n")
	link := filepath.Join(dir, "out.txt")
	require.NoError(t, os.Symlink("new.txt", link))
	code, _, errOut := runCLI(t, "", "solve", in, "-o", link)
	require.Equal(t, exitOK, code, errOut)
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the link is kept")
	got, err := os.ReadFile(filepath.Join(dir, "new.txt"))
	require.NoError(t, err)
	assert.Equal(t, solution+"\n", string(got))
}

// TestOutputDeviceFull: a device output that fails mid-write names it
// once ("cannot write /dev/stdout: write /dev/stdout: broken pipe" named
// it twice: the README walk).
func TestOutputDeviceFull(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	in := writeFile(t, "in.txt", puzzle+"\n")
	for _, cmd := range []string{"solve", "rate", "explain"} {
		code, _, errOut := runCLI(t, "", cmd, in, "-o", "/dev/full")
		assert.Equal(t, exitFailure, code, cmd)
		assert.Contains(t, errOut, "cannot write /dev/full: no space left on device", cmd)
		assert.NotContains(t, errOut, "write /dev/full: write", cmd)
	}
}

// TestOutputNamesTheSystemRefuses: an output the system would not open
// as named is refused, never cleaned into another name that it would (the
// third review of 2 December): "missing/../x" is not x, a name ending in
// "/" is no file, a loop of links is not replaced by a file, a link to
// /dev/stdout is a stream, and a link to a file not there yet is the
// same output as that file's name. Inputs and other files are untouched.
func TestOutputNamesTheSystemRefuses(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	require.NoError(t, os.WriteFile(in, []byte(puzzle+"\n"), 0o644))
	book := filepath.Join(dir, "c.xlsx")
	data, err := os.ReadFile(filepath.Join("..", "..", "samples", "classic.xlsx"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(book, data, 0o644))
	require.NoError(t, os.Symlink("missing/../in.txt", filepath.Join(dir, "up.txt")))
	require.NoError(t, os.Symlink("missing/../c.xlsx", filepath.Join(dir, "up.xlsx")))
	require.NoError(t, os.Symlink("loop2.xlsx", filepath.Join(dir, "loop1.xlsx")))
	require.NoError(t, os.Symlink("loop1.xlsx", filepath.Join(dir, "loop2.xlsx")))
	files := folderFiles(t, dir)
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"solve", in, "-o", dir + "/missing/../out.txt"}, exitFailure, "the folder " + dir + "/missing/.. does not exist"},
		{[]string{"solve", in, "-o", filepath.Join(dir, "up.txt")}, exitFailure, "does not exist"},
		{[]string{"solve", book, "-o", filepath.Join(dir, "up.xlsx")}, exitFailure, "no such file or directory"},
		{[]string{"solve", book, "-o", dir + "/missing/../o.xlsx"}, exitFailure, "no such file or directory"},
		{[]string{"solve", book, "-o", filepath.Join(dir, "loop1.xlsx")}, exitFailure, "too many levels of symbolic links"},
		{[]string{"solve", in, "-o", dir + "/x/"}, exitUsage, "ends in /"},
		{[]string{"solve", book, "-o", dir + "/x.xlsx/"}, exitUsage, "ends in /"},
		{[]string{"generate", "-n", "1", "-o", dir + "/y/"}, exitUsage, "ends in /"},
	} {
		code, _, errOut := runCLI(t, "", tt.args...)
		assert.Equal(t, tt.code, code, "%v: %s", tt.args, errOut)
		assert.Contains(t, errOut, tt.want, "%v", tt.args)
		assert.ElementsMatch(t, files, folderFiles(t, dir), "%v: nothing made", tt.args)
	}
	got, err := os.ReadFile(in)
	require.NoError(t, err)
	assert.Equal(t, puzzle+"\n", string(got))
	got, err = os.ReadFile(book)
	require.NoError(t, err)
	assert.Equal(t, data, got)
	fi, err := os.Lstat(filepath.Join(dir, "loop1.xlsx"))
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the link is kept")
}
