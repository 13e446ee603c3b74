package opc

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
)

// A package is a zip, and a zip of 1 MB can unpack to gigabytes. Every
// part is therefore read through a partReader that counts what it
// unpacks: a part past its limit, or an XML token (a tag with its
// attributes, a run of text, a comment) longer than MaxToken, is refused
// rather than held in memory. Go's zip reader already refuses a part that
// unpacks to more than its declared size, so a lying header cannot get
// past the limit either.

// MaxToken is the longest an XML token may be. Excel's longest text (a
// cell of 32,767 characters) and formulas are far shorter.
const MaxToken = 1 << 20

// Limits are the unpacked sizes a package's parts may have: Streamed for
// a part read as a stream of tokens (Stream), Whole for one read into
// memory (Read, StreamWhole, Relationships).
type Limits struct {
	Streamed, Whole int64
	// Advice ends the message of a part refused for its size, saying
	// what the reader can do about it (", the most we read of it").
	Advice string
}

// PartError is a part that cannot be read: missing, too big, or damaged.
// It names the part, so callers add only the file.
type PartError struct {
	Part string
	Msg  string
}

func (e *PartError) Error() string { return "part " + e.Part + " " + e.Msg }

// partReader reads a part, refusing it past limit bytes or with a token
// longer than MaxToken.
type partReader struct {
	rc     io.ReadCloser
	part   string
	limit  int64
	advice string // Limits.Advice
	n      int64  // bytes unpacked so far
	gap    int64  // bytes since the last '<': text, or one tag's attributes
	// tokenAt is where the token being decoded began, when a Tokens
	// reader tracks it (-1 otherwise): comments and CDATA hold '<' too.
	tokenAt int64
	err     error
}

func (r *partReader) Read(b []byte) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	n, err := r.rc.Read(b)
	r.n += int64(n)
	switch {
	case r.n > r.limit:
		r.err = &PartError{r.part, fmt.Sprintf("unpacks to more than %s%s", mib(r.limit), r.advice)}
	case r.longToken(b[:n]) || (r.tokenAt >= 0 && r.n-r.tokenAt > MaxToken+64<<10):
		r.err = &PartError{r.part, fmt.Sprintf("holds a single XML element or text longer than %s; it is damaged or not a workbook's", mib(MaxToken))}
	case err != nil && err != io.EOF:
		if errors.Is(err, zip.ErrFormat) || errors.Is(err, zip.ErrChecksum) || errors.Is(err, io.ErrUnexpectedEOF) {
			err = &PartError{r.part, "is damaged: it does not unpack to the size and checksum the zip declares; open the workbook in a spreadsheet app, save it again, and try again"}
		}
		r.err = err
	}
	if r.err != nil {
		return 0, r.err
	}
	return n, err
}

// longToken tracks the bytes between '<' characters across reads and
// reports a run longer than MaxToken.
func (r *partReader) longToken(b []byte) bool {
	for {
		i := bytes.IndexByte(b, '<')
		if i < 0 {
			r.gap += int64(len(b))
			return r.gap > MaxToken
		}
		if r.gap+int64(i) > MaxToken {
			return true
		}
		r.gap, b = 0, b[i+1:]
	}
}

func (r *partReader) Close() error { return r.rc.Close() }

// mib writes a limit in MiB or KiB when it is a whole number of them.
func mib(n int64) string {
	switch {
	case n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// OnUnpack, when set, is called with the name of every part unpacked:
// read, streamed, or checked before Save copies it raw. Tests watch it to
// see what a run never unpacks, without timing it.
var OnUnpack atomic.Pointer[func(name string)]

func unpacking(name string) {
	if f := OnUnpack.Load(); f != nil {
		(*f)(name)
	}
}

// openPart opens zip entry f as part name, to be read up to limit bytes.
func openPart(f *zip.File, name string, limit int64, advice string) (*partReader, error) {
	if f.UncompressedSize64 > uint64(limit) {
		return nil, &PartError{name, fmt.Sprintf("unpacks to %d bytes, more than %s%s", f.UncompressedSize64, mib(limit), advice)}
	}
	unpacking(name)
	rc, err := f.Open()
	if err != nil {
		return nil, &PartError{name, fmt.Sprintf("cannot be unpacked (%v)", err)}
	}
	return &partReader{rc: rc, part: name, limit: limit, advice: advice, tokenAt: -1}, nil
}
