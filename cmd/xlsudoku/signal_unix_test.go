//go:build unix

package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSignalStopsTheRun: SIGINT, SIGTERM and SIGHUP (a terminal closed,
// which left the temporary output behind) during a run remove the
// temporary output, leave the existing output as it was, and exit 130,
// 143 and 129.
func TestSignalStopsTheRun(t *testing.T) {
	for _, tt := range []struct {
		sig  syscall.Signal
		name string
		code int
	}{{syscall.SIGINT, "SIGINT", 130}, {syscall.SIGTERM, "SIGTERM", 143}, {syscall.SIGHUP, "SIGHUP", 129}} {
		t.Run(tt.name, func(t *testing.T) {
			if signal.Ignored(tt.sig) {
				// The child would start ignoring it too, and rightly go
				// on (TestIgnoredInterruptStaysIgnored): go test was
				// started in the background of a script, or under nohup.
				t.Skipf("%s is ignored in this process", tt.name)
			}
			dir := t.TempDir()
			out := filepath.Join(dir, "out.txt")
			require.NoError(t, os.WriteFile(out, []byte("old\n"), 0o644))
			cmd := mainCommand("solve", "-", "-o", out)
			stdin, err := cmd.StdinPipe()
			require.NoError(t, err)
			defer stdin.Close()
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			require.NoError(t, cmd.Start())
			// More than the 512 bytes read to tell text from binary
			// data, but the input stays open: the run waits for more.
			_, err = io.WriteString(stdin, strings.Repeat(puzzle+"\n", 10))
			require.NoError(t, err)
			waitFor(t, "the temporary output", func() bool { return len(folderFiles(t, dir)) == 2 })

			require.NoError(t, cmd.Process.Signal(tt.sig))
			err = cmd.Wait()
			var exit *exec.ExitError
			require.True(t, errors.As(err, &exit), "%v", err)
			assert.Equal(t, tt.code, exit.ExitCode(), stderr.String())
			assert.Equal(t, "xlsudoku: stopped by "+tt.name+"\n", stderr.String())
			assert.Equal(t, []string{"out.txt"}, folderFiles(t, dir), "the temporary file is removed")
			got, err := os.ReadFile(out)
			require.NoError(t, err)
			assert.Equal(t, "old\n", string(got))
		})
	}
}

// TestSpecialOutputs: /dev/null, /dev/stdout and a FIFO are written in
// place, never renamed over.
func TestSpecialOutputs(t *testing.T) {
	in := writeFile(t, "in.txt", puzzle+"\n"+puzzle+"\n")
	want := solution + "\n" + solution + "\n"

	t.Run("/dev/null", func(t *testing.T) {
		code, out, errOut := runCLI(t, "", "solve", in, "-o", "/dev/null")
		require.Equal(t, exitOK, code, errOut)
		assert.Empty(t, out)
		st, err := os.Stat("/dev/null")
		require.NoError(t, err)
		assert.NotZero(t, st.Mode()&os.ModeCharDevice)
	})

	t.Run("FIFO", func(t *testing.T) {
		dir := t.TempDir()
		fifo := filepath.Join(dir, "pipe")
		require.NoError(t, syscall.Mkfifo(fifo, 0o600))
		got := make(chan string)
		go func() {
			b, _ := os.ReadFile(fifo)
			got <- string(b)
		}()
		code, _, errOut := runCLI(t, "", "rate", in, "-o", fifo)
		require.Equal(t, exitOK, code, errOut)
		text := <-got
		assert.Equal(t, 2, strings.Count(text, puzzle+" extreme "), text)
		st, err := os.Lstat(fifo)
		require.NoError(t, err)
		assert.Equal(t, os.ModeNamedPipe, st.Mode().Type())
		assert.Equal(t, []string{"pipe"}, folderFiles(t, dir))
	})

	t.Run("/dev/stdout to a pipe", func(t *testing.T) {
		cmd := mainCommand("solve", in, "-o", "/dev/stdout")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		require.NoError(t, cmd.Run(), stderr.String())
		assert.Equal(t, want, stdout.String())
	})

	t.Run("/dev/stdout to a file", func(t *testing.T) {
		// The file the shell opened gets the output; nothing is renamed
		// over it, and no temporary file is left beside it.
		dir := t.TempDir()
		path := filepath.Join(dir, "redirected.txt")
		f, err := os.Create(path)
		require.NoError(t, err)
		defer f.Close()
		cmd := mainCommand("solve", in, "-o", "/dev/stdout")
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = f, &stderr
		require.NoError(t, cmd.Run(), stderr.String())
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, want, string(got))
		assert.Equal(t, []string{"redirected.txt"}, folderFiles(t, dir))
	})
}

// TestOutputInDevShm: a regular file under /dev that is no stream (one in
// /dev/shm, a RAM disk) is replaced as any output is; it was appended to,
// so that after a second run its first lines were the first run's.
func TestOutputInDevShm(t *testing.T) {
	dir, err := os.MkdirTemp("/dev/shm", "xlsudoku-test-")
	if err != nil {
		t.Skipf("no /dev/shm to write: %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	out := filepath.Join(dir, "out.txt")
	require.NoError(t, os.WriteFile(out, []byte("an earlier run's solution\n"), 0o644))
	in := writeFile(t, "in.txt", puzzle+"\n")
	code, _, errOut := runCLI(t, "", "solve", in, "-o", out)
	require.Equal(t, exitOK, code, errOut)
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, solution+"\n", string(got))
	assert.Equal(t, []string{"out.txt"}, folderFiles(t, dir))
	for _, p := range []string{"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "/proc/123/fd/4"} {
		assert.True(t, isDevicePath(p), p)
	}
	for _, p := range []string{out, "/dev/shm/a.txt", "/proc/self/fd", "/dev/fd/x"} {
		assert.False(t, isDevicePath(p), p)
	}
}

// TestFIFOInput: a FIFO (or bash's <(...)) is read as text from its first
// byte: no signature is sniffed from it first.
func TestFIFOInput(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		content []byte
		code    int
		stdout  string
		stderr  string
	}{
		{[]byte(puzzle + "\n"), exitOK, solution + "\n", ""},
		{[]byte("PK\x03\x04 rest of a zip"), exitInput, "", "holds a workbook (a zip file); save it to a file and give that file's name"},
	} {
		fifo := filepath.Join(dir, "pipe")
		os.Remove(fifo)
		require.NoError(t, syscall.Mkfifo(fifo, 0o600))
		go func() {
			if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
				f.Write(tt.content)
				f.Close()
			}
		}()
		code, out, errOut := runCLI(t, "", "solve", fifo)
		assert.Equal(t, tt.code, code, errOut)
		assert.Equal(t, tt.stdout, out)
		if tt.stderr != "" {
			assert.Contains(t, errOut, tt.stderr)
		}
	}
}

// TestGradeSummaryFIFO: a --summary that is a FIFO is refused before any
// file is graded; reading it to see whether it held a worksheet waited
// for a writer for ever (the review of 2 December).
func TestGradeSummaryFIFO(t *testing.T) {
	dir := t.TempDir()
	ws, refs, right := sampleWorksheet(t, "teacher.xlsx", dir)
	ana := studentFill(t, ws, "Worksheet", "ana.xlsx", map[string]int{refs[0]: right[refs[0]]})
	fifo := filepath.Join(dir, "sum.xlsx")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	marked := filepath.Join(dir, "marked")
	code, out, errOut := runCLI(t, "", "grade", "--outdir", marked, "--summary", fifo, ana)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--summary "+fifo+" is not a file (a FIFO or a device)")
	assert.Empty(t, out, "nothing graded")
	assert.NoDirExists(t, marked)

	// A folder that is not there, through a link or not, and a loop of
	// links: refused first too (they were after the marking: the second
	// review of 2 December).
	require.NoError(t, os.Symlink(filepath.Join("nodir", "class.xlsx"), filepath.Join(dir, "dangling.xlsx")))
	require.NoError(t, os.Symlink("loop2.xlsx", filepath.Join(dir, "loop1.xlsx")))
	require.NoError(t, os.Symlink("loop1.xlsx", filepath.Join(dir, "loop2.xlsx")))
	for summary, want := range map[string]string{
		filepath.Join(dir, "nodir", "class.xlsx"): "the folder " + filepath.Join(dir, "nodir") + " does not exist",
		filepath.Join(dir, "dangling.xlsx"):       "the folder " + filepath.Join(dir, "nodir") + " does not exist",
		filepath.Join(dir, "loop1.xlsx"):          "too many levels of symbolic links",
	} {
		code, out, errOut := runCLI(t, "", "grade", "--outdir", marked, "--summary", summary, ana)
		assert.Equal(t, exitFailure, code, summary)
		assert.Contains(t, errOut, "cannot write --summary "+summary+": "+want)
		assert.Empty(t, out, "nothing graded")
		assert.NoDirExists(t, marked)
	}
}

// TestIgnoredInterruptStaysIgnored: a run started ignoring SIGINT, as a
// shell starts a script's background job, goes on when one comes and
// writes its output (a walk of 2 December: it stopped, exit 130, nothing
// written).
func TestIgnoredInterruptStaysIgnored(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	cmd := exec.Command("sh", "-c", `trap '' INT; exec "$0" "$@"`, os.Args[0], "solve", "-", "-o", out)
	cmd.Env = append(os.Environ(), "XLSUDOKU_TEST_MAIN=1")
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	_, err = io.WriteString(stdin, strings.Repeat(puzzle+"\n", 10))
	require.NoError(t, err)
	waitFor(t, "the temporary output", func() bool { return len(folderFiles(t, dir)) == 1 })
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	// Time for a handled SIGINT to end the run, before the input ends and
	// the run would finish anyway (no duration is asserted: on a slow
	// machine the test can only pass wrongly, never fail wrongly).
	time.Sleep(300 * time.Millisecond)
	require.NoError(t, stdin.Close())
	require.NoError(t, cmd.Wait(), stderr.String())
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, strings.Repeat(solution+"\n", 10), string(got))
}

// TestGenerateToDevStdoutFile: generate -o /dev/stdout with stdout
// redirected to a file writes there, as solve does (a walk of 2 December:
// "no file can be made in the folder /proc/self/fd", exit 1).
func TestGenerateToDevStdoutFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "g.txt")
	f, err := os.Create(out)
	require.NoError(t, err)
	defer f.Close()
	cmd := mainCommand("generate", "-n", "2", "--seed", "1", "-q", "-o", "/dev/stdout")
	cmd.Stdout = f
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Run(), stderr.String())
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Len(t, strings.Split(strings.TrimSpace(string(got)), "\n"), 2)
}

// TestStreamsTakeText: explain of a workbook to /dev/null (a stream)
// writes its steps as text, and a generated workbook is refused there by
// what it is, not by its name (a walk of 2 December: "/dev/null.xlsx or
// /dev/null.txt", "name it /dev/stdout.xlsx").
func TestStreamsTakeText(t *testing.T) {
	classic := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), t.TempDir())
	code, _, errOut := runCLI(t, "", "explain", classic, "-q", "-o", "/dev/null")
	assert.Equal(t, exitOK, code, errOut)
	code, _, errOut = runCLI(t, "", "generate", "--format", "xlsx", "-o", "/dev/null")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "generate: -o /dev/null: a workbook cannot be written to a stream; give a file name such as book.xlsx")
}
