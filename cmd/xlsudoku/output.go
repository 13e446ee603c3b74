package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/workbook"
)

// output is where a command writes its text: stdout, a special file (a
// device such as /dev/null, a FIFO) written in place, or a temporary file
// beside the destination that commit renames over it. A run that fails or
// is stopped therefore leaves an existing file as it was, never empty or
// half written.
type output struct {
	io.Writer
	e          *env
	name       string   // as given to -o, for messages
	target     string   // the file the temporary one replaces (links followed)
	tmp        *os.File // the temporary file, or nil
	direct     *os.File // a special file written in place, or nil
	unregister func()
	finished   bool
	said       bool // the caller notes what it wrote; commit does not
}

// newFileMode is the mode of a new output file, less the umask.
const newFileMode = 0o644

// openOutput returns where to write the text output named by -o (stdout
// for "" or "-"). in is the input ("-" for stdin, "" for none), which the
// output may not be.
func openOutput(e *env, in, path string) (*output, error) {
	if path == "" || path == "-" {
		if err := checkStdoutNotInput(e, in); err != nil {
			return nil, err
		}
		return &output{Writer: e.stdout, e: e}, nil
	}
	if err := checkTextName(path); err != nil {
		return nil, err
	}
	if err := checkNotInput(e, in, path); err != nil {
		return nil, err
	}
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		return nil, usagef("-o %s is a folder; give a file name", path)
	case strings.HasSuffix(path, string(filepath.Separator)):
		return nil, usagef("-o %s ends in %c, as a folder's name does; give a file name", path, filepath.Separator)
	case err == nil && (!st.Mode().IsRegular() || isDevicePath(path) || isDevicePath(workbook.LinkTarget(path))):
		// /dev/null, /dev/stdout, a FIFO, a terminal: there is nothing to
		// keep and nothing could be renamed over it.
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return nil, fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
		}
		return &output{Writer: f, e: e, name: path, direct: f}, nil
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	exists := err == nil
	// The file a link points to is replaced, or made, and the link kept.
	target, perm := workbook.LinkTarget(path), os.FileMode(newFileMode)
	if exists {
		// A read-only file is refused, as it would be when written in
		// place; opening it does not change it.
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
		}
		f.Close()
		perm = st.Mode().Perm()
	}
	var tmp *os.File
	unregister, err := e.cleanups.addMade(func() (func(), error) {
		f, err := createTemp(target, perm)
		if err != nil {
			return nil, err
		}
		tmp = f
		return func() {
			f.Close()
			os.Remove(f.Name())
		}, nil
	})
	if errors.Is(err, errStopped) {
		return nil, err // a signal is ending the run
	}
	if err != nil {
		dir := workbook.Folder(target)
		if st, serr := os.Stat(dir); errors.Is(err, fs.ErrNotExist) && (serr != nil || !st.IsDir()) {
			return nil, fmt.Errorf("cannot write %s: the folder %s does not exist", path, dir)
		}
		if errors.Is(err, fs.ErrNotExist) {
			// The folder is there but takes no new files (/proc, /sys).
			return nil, fmt.Errorf("cannot write %s: the folder %s takes no new files (a system folder?); write to another", path, dir)
		}
		return nil, fmt.Errorf("cannot write %s: %w (check the folder %s)", path, unwrapPath(err), dir)
	}
	if exists {
		// The umask applied when the temporary file was made; the
		// existing file's permissions are kept as they were.
		tmp.Chmod(perm)
	}
	return &output{Writer: tmp, e: e, name: path, target: target, tmp: tmp, unregister: unregister}, nil
}

// writableOutput refuses, before any work, an output that could not be
// written at the end, as generate found out only after making every
// puzzle: a loop of links, a read-only file, a folder that takes no new
// file (read-only, or a system folder such as /proc), tried by making a
// file there and removing it. A FIFO or a device is written in place,
// later.
func writableOutput(path string) error {
	if isStreamOutput(path) {
		return nil // /dev/stdout (even to a file), a FIFO, a device: written in place, as openOutput does
	}
	st, err := os.Stat(path)
	switch {
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	case err == nil && !st.Mode().IsRegular():
		return nil // a folder: refused by name where it is written
	case err == nil:
		f, err := os.OpenFile(path, os.O_WRONLY, 0) // changes nothing
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
		}
		f.Close()
	}
	dir := workbook.Folder(workbook.LinkTarget(path))
	probe, err := os.CreateTemp(dir, ".xlsudoku-probe-")
	if err != nil {
		return fmt.Errorf("cannot write %s: no file can be made in the folder %s (%w)", path, dir, unwrapPath(err))
	}
	probe.Close()
	return os.Remove(probe.Name())
}

// isStreamOutput reports whether output path is written in place, as a
// stream: /dev/stdout and its kin, a device, a FIFO. Only text goes there.
func isStreamOutput(path string) bool {
	if isDevicePath(path) || isDevicePath(workbook.LinkTarget(path)) {
		return true
	}
	st, err := os.Stat(path)
	return err == nil && !st.Mode().IsRegular() && !st.IsDir()
}

// isDir reports whether path is a folder.
func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// createTemp makes a new, empty file beside target with the given
// permissions (less the umask); os.CreateTemp would always make it 0600.
func createTemp(target string, perm os.FileMode) (*os.File, error) {
	dir, base := workbook.Folder(target), filepath.Base(target)
	if len(base) > 200 {
		// Room for the rest of the name: the temporary file's name may be
		// no longer than target's could be (255 bytes).
		base = strings.ToValidUTF8(base[:200], "")
	}
	for range 100 {
		name := dir + string(filepath.Separator) + "." + base + "." + strconv.FormatUint(rand.Uint64N(1<<40), 36) + ".tmp" // not Join: see workbook.Folder
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, errors.New("cannot make a temporary file")
}

// isDevicePath reports paths such as /dev/stdout and /proc/self/fd/1,
// which name an open stream (workbook.IsStream).
func isDevicePath(path string) bool { return workbook.IsStream(path) }

// checkNotInput refuses an output that is the input file itself, by
// whatever path or hard link: the puzzles would be lost. Special files are
// not compared: nothing is kept in them.
func checkNotInput(e *env, in, out string) error {
	si, name := inputInfo(e, in)
	if si == nil {
		return nil
	}
	// The file the system names and the file the write replaces, should
	// they differ: neither may be the input.
	same := func(o string) bool {
		so, err := os.Stat(o)
		return err == nil && so.Mode().IsRegular() && os.SameFile(si, so)
	}
	if same(out) || same(workbook.LinkTarget(out)) {
		if name == "stdin" {
			return usagef("-o %s is the file stdin reads from; writing it would lose the puzzles: write to another file", out)
		}
		return usagef("-o %s is the input %s itself; writing it would lose the puzzles: write to another file", out, name)
	}
	return nil
}

// checkStdoutNotInput refuses a run whose stdout is the input file, as a
// shell's "xlsudoku solve p.txt >> p.txt" makes it: the solutions
// appended to a text input would be read as more puzzles, whose solutions
// are appended in turn, until the disk is full; appended to a workbook,
// they would damage it.
func checkStdoutNotInput(e *env, in string) error {
	w := e.stdout
	if s, ok := w.(*stickyWriter); ok {
		w = s.w
	}
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	so, err := f.Stat()
	if err != nil || !so.Mode().IsRegular() {
		return nil
	}
	if si, name := inputInfo(e, in); si != nil && os.SameFile(si, so) {
		what := "the input " + name + " itself"
		if name == "stdin" {
			what = "the file stdin reads from"
		}
		return usagef("stdout is %s (redirected with > or >>): what is printed would go into it; redirect the output to another file", what)
	}
	return nil
}

// inputInfo describes the input in ("-" for stdin, "" for none) and names
// it for a message; nil when there is none or it cannot be told.
func inputInfo(e *env, in string) (os.FileInfo, string) {
	var (
		si  os.FileInfo
		err error
	)
	name := in
	switch in {
	case "": // generate reads nothing
		return nil, ""
	case "-":
		f, ok := e.stdin.(*os.File)
		if !ok {
			return nil, ""
		}
		si, err = f.Stat()
		name = "stdin"
	default:
		si, err = os.Stat(in)
	}
	if err != nil {
		return nil, ""
	}
	return si, name
}

// commit keeps what was written: the temporary file replaces the
// destination. Later calls, and discard, do nothing.
func (o *output) commit() error {
	if o.finished {
		return nil
	}
	o.finished = true
	switch {
	case o.direct != nil:
		if err := o.direct.Close(); err != nil {
			return fmt.Errorf("cannot write %s: %w", o.name, unwrapPath(err))
		}
		return nil
	case o.tmp == nil:
		return nil
	}
	defer o.unregister()
	err := errStopped
	o.e.cleanups.do(func() {
		err = o.replace()
	})
	if err == nil && !o.said {
		// As a workbook's writing is noted (a walk of 3 December: text
		// outputs were written without a word).
		o.e.note("wrote %s", o.name)
	}
	return err
}

// errStopped is the error of a commit that a signal came before.
var errStopped = errors.New("stopped")

// replace renames the temporary file over the target, once its content is
// on disk, so that a crash right after cannot leave the target empty.
func (o *output) replace() error {
	err := o.tmp.Sync()
	if cerr := o.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(o.tmp.Name(), o.target)
	}
	if err != nil {
		os.Remove(o.tmp.Name())
		var le *os.LinkError
		if errors.As(err, &le) {
			err = le.Err // its paths name the temporary file
		}
		return fmt.Errorf("cannot write %s: %w", o.name, unwrapPath(err))
	}
	return nil
}

// discard drops what was written: the destination stays as it was.
func (o *output) discard() {
	if o.finished {
		return
	}
	o.finished = true
	switch {
	case o.direct != nil:
		o.direct.Close()
	case o.tmp != nil:
		o.e.cleanups.do(func() {
			o.tmp.Close()
			os.Remove(o.tmp.Name())
		})
		o.unregister()
	}
}
