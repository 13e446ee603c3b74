package workbook

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

// CheckOutput makes the checks Write makes before it does any work: out
// must not name the input (unless opts.InPlace), must have the extension
// of the input's type (.xlsm for a workbook with macros), and the input
// must be a workbook xlsudoku can write. A caller that would solve or
// explain before writing calls it first, so that a workbook it cannot
// write is refused at once.
func CheckOutput(p *Puzzle, out string, opts Options) error {
	pk, _, err := openOutput(p, out, opts)
	if err != nil {
		return err
	}
	pk.Close()
	return nil
}

// openOutput makes CheckOutput's checks and returns the input's package,
// open, with its content types part.
func openOutput(p *Puzzle, out string, opts Options) (*pkg, []byte, error) {
	if p == nil {
		return nil, nil, errNoPuzzle
	}
	if err := notFolder(out); err != nil {
		return nil, nil, err
	}
	same, err := sameFile(p.File, out)
	if err != nil {
		return nil, nil, err
	}
	if same && !opts.InPlace {
		return nil, nil, fmt.Errorf("%w: %s is the input workbook; write to another file, or use --in-place to overwrite the input", ErrSameFile, out)
	}
	if err := writable(out); err != nil {
		return nil, nil, err
	}
	pk, err := openPackage(p.File, opts.MaxPartSize)
	if err != nil {
		return nil, nil, err
	}
	ct, err := pk.Read("[Content_Types].xml")
	if err == nil {
		pk.overridden = overriddenParts(ct)
		err = checkExtension(ct, pk.wbPath, out)
	} else {
		err = pk.partErr("[Content_Types].xml", err)
	}
	if err == nil && pk.wb.strict {
		// Its parts name other namespaces and relationship types; ours
		// would not fit in.
		err = &unwritableError{fmt.Sprintf("cannot write a copy of %s: it is a Strict Open XML workbook, which xlsudoku reads (solve and explain without -o print its puzzle) but cannot write; save it in a spreadsheet app as an ordinary Excel Workbook (.xlsx), not Strict Open XML, and try again",
			p.File)}
	}
	if err == nil {
		if werr := pk.wellFormedParts(); werr != nil {
			err = fmt.Errorf("%w: %s: %v; the workbook is damaged: open it in a spreadsheet app, save it again, and try again", ErrOpen, p.File, werr)
		}
	}
	if err != nil {
		pk.Close()
		return nil, nil, err
	}
	return pk, ct, nil
}

// CheckTarget makes the checks of the file out itself that every write
// of a workbook makes before it writes: out is no folder, and an existing
// out is a file the system lets us write. A caller writing several
// workbooks (variants) checks them all first, so that none is written
// when one would be refused.
func CheckTarget(out string) error {
	if err := notFolder(out); err != nil {
		return err
	}
	return writable(out)
}

// writable refuses an existing out that the system would not let us
// write, as text output does: renaming over a read-only file (the input
// itself, with --in-place) would replace a file its owner protected.
// Opening it to write changes nothing.
func writable(out string) error {
	fi, err := os.Stat(out)
	switch {
	case err != nil && !errors.Is(err, os.ErrNotExist):
		// A loop of links, a folder we may not enter: renaming over the
		// name would replace the link with a file.
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%w: %s: %v; write to another file", ErrWrite, out, err)
	case err != nil:
		// New: its folder must be there, or the puzzle was solved and
		// explained for nothing (a walk of 3 December).
		dir := rawDir(LinkTarget(out))
		if _, derr := os.Stat(dir); errors.Is(derr, os.ErrNotExist) {
			return createError(out, derr)
		}
		return nil
	case fi.IsDir():
		return nil // notFolder refuses it
	case !fi.Mode().IsRegular():
		// A FIFO or a device: renaming over it replaced it with a file,
		// and a workbook cannot be streamed.
		return fmt.Errorf("%w: -o %s is not a file (a FIFO or a device): a workbook is written to a file; give a file name", ErrUsage, out)
	}
	f, err := openToWrite(out)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%w: %s: %v; it is not writable: make it writable or write to another file", ErrWrite, out, err)
	}
	return f.Close()
}

// openToWrite opens a file to write it, without changing it; tests, which
// run as root where every file is writable, make it fail.
var openToWrite = func(name string) (*os.File, error) { return os.OpenFile(name, os.O_WRONLY, 0) }

// notFolder refuses an output path that names a folder, which renaming
// the written file over it would fail on late and obscurely.
func notFolder(out string) error {
	if out == "" {
		return fmt.Errorf("%w: no output file named; give the workbook's file name", ErrUsage)
	}
	if strings.HasSuffix(out, string(filepath.Separator)) {
		return fmt.Errorf("%w: -o %s ends in %c, as a folder's name does; give the workbook's file name", ErrUsage, out, filepath.Separator)
	}
	if fi, err := os.Stat(out); err == nil && fi.IsDir() {
		return fmt.Errorf("%w: -o %s is a folder; give the workbook's file name", ErrUsage, out)
	}
	return nil
}

// tempPrefix starts the name of the temporary file a workbook is written
// to beside out before it is renamed over out. A long name is cut, so
// that the temporary file's name is no longer than a name out may have
// (255 bytes): an output of 240 was refused as "file name too long".
func tempPrefix(out string) string { return "." + shortBase(out) + ".xlsudoku-" }

// shortBase is the base name of path cut to 200 bytes at most, whole
// characters.
func shortBase(path string) string {
	base := filepath.Base(path)
	for len(base) > 200 {
		_, size := utf8.DecodeLastRuneInString(base)
		base = base[:len(base)-size]
	}
	return base
}

// TempFiles lists the temporary files of this process's writes to out,
// beside the file that writing out replaces (out, or the file a link out
// points to), whose writes are not over: what a run stopped by a signal
// in the middle of writing leaves, for the caller to remove. Another
// run's, beside the same file, are not listed.
func TempFiles(out string) []string {
	target := replaced(out)
	dir, prefix := filepath.Dir(target), tempPrefix(target)
	var files []string
	ourTemps.Range(func(name, _ any) bool {
		f := name.(string)
		if filepath.Dir(f) == dir && strings.HasPrefix(filepath.Base(f), prefix) {
			files = append(files, f)
		}
		return true
	})
	slices.Sort(files)
	return files
}
