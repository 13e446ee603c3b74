package workbook

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
)

// A workbook is a zip, and a zip of 1 MB can unpack to gigabytes. Every
// part is therefore read through a partReader that counts what it
// unpacks: a part past its limit, or an XML token (a tag with its
// attributes, a run of text, a comment) longer than maxToken, is refused
// rather than held in memory. Sheets and the shared strings are streamed
// and may unpack to Options.MaxPartSize; the parts read whole (the
// workbook part, relationships, content types, styles) to a sixteenth of
// it. Go's zip reader already refuses a part that unpacks to more than
// its declared size, so a lying header cannot get past the limit either.

// DefaultMaxPartSize is the most a streamed part may unpack to when
// Options.MaxPartSize is 0: far above the largest sheet of a real
// workbook, far below what a decompression bomb unpacks to.
const DefaultMaxPartSize = 512 << 20

// wholeShare: a part read whole may unpack to MaxPartSize/wholeShare.
const wholeShare = 16

// maxToken is the longest an XML token may be. Excel's longest text (a
// cell of 32,767 characters) and formulas are far shorter.
const maxToken = 1 << 20

// maxText is the longest text kept of a cell: a digit, however padded
// with spaces, is far shorter, and messages show no more.
const maxText = 256

// limits are the unpacked sizes a package's parts may have.
type limits struct{ streamed, whole int64 }

func limitsOf(maxPart int64) limits {
	if maxPart <= 0 {
		maxPart = DefaultMaxPartSize
	}
	return limits{streamed: maxPart, whole: max(maxPart/wholeShare, 1)}
}

// partError is a part that cannot be read: too big, or damaged. It names
// the part, so callers add only the file.
type partError struct {
	part string
	msg  string
}

func (e *partError) Error() string { return "part " + e.part + " " + e.msg }

// partReader reads a part, refusing it past limit bytes or with a token
// longer than maxToken.
type partReader struct {
	rc    io.ReadCloser
	part  string
	limit int64
	n     int64 // bytes unpacked so far
	gap   int64 // bytes since the last '<': text, or one tag's attributes
	// tokenAt is where the token being decoded began, when a tokens
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
		r.err = &partError{r.part, fmt.Sprintf("unpacks to more than %s, the most xlsudoku reads of it (--max-part-size raises the limit)", mib(r.limit))}
	case r.longToken(b[:n]) || (r.tokenAt >= 0 && r.n-r.tokenAt > maxToken+64<<10):
		r.err = &partError{r.part, fmt.Sprintf("holds a single XML element or text longer than %s; it is damaged or not a workbook's", mib(maxToken))}
	case err != nil && err != io.EOF:
		if errors.Is(err, zip.ErrFormat) || errors.Is(err, zip.ErrChecksum) || errors.Is(err, io.ErrUnexpectedEOF) {
			err = &partError{r.part, "is damaged: it does not unpack to the size and checksum the zip declares"}
		}
		r.err = err
	}
	if r.err != nil {
		return 0, r.err
	}
	return n, err
}

// longToken tracks the bytes between '<' characters across reads and
// reports a run longer than maxToken.
func (r *partReader) longToken(b []byte) bool {
	for {
		i := bytes.IndexByte(b, '<')
		if i < 0 {
			r.gap += int64(len(b))
			return r.gap > maxToken
		}
		if r.gap+int64(i) > maxToken {
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

// openPart opens zip entry f as part name, to be read up to limit bytes.
func openPart(f *zip.File, name string, limit int64) (*partReader, error) {
	if f.UncompressedSize64 > uint64(limit) {
		return nil, &partError{name, fmt.Sprintf("unpacks to %d bytes, more than %s, the most xlsudoku reads of it (--max-part-size raises the limit)", f.UncompressedSize64, mib(limit))}
	}
	rc, err := f.Open()
	if err != nil {
		return nil, &partError{name, fmt.Sprintf("cannot be unpacked (%v)", err)}
	}
	return &partReader{rc: rc, part: name, limit: limit, tokenAt: -1}, nil
}

// tokens reads the XML tokens of a streamed part, keeping track of where
// each begins so that no single token can grow without bound.
type tokens struct {
	d *xml.Decoder
	r *partReader
}

func newTokens(r *partReader) *tokens {
	r.tokenAt = 0
	return &tokens{d: xml.NewDecoder(r), r: r}
}

// next returns the next token, as xml.Decoder.RawToken does.
func (t *tokens) next() (xml.Token, error) {
	tok, err := t.d.RawToken()
	t.r.tokenAt = t.d.InputOffset()
	return tok, err
}

// textBuilder collects the text of a cell up to maxText bytes; longer
// text is cut and marked, so that it never reads as a digit.
type textBuilder struct {
	b   []byte
	cut bool
}

func (t *textBuilder) write(s []byte) {
	if room := maxText - len(t.b); len(s) > room {
		s, t.cut = s[:max(room, 0)], true
	}
	t.b = append(t.b, s...)
}

func (t *textBuilder) String() string {
	if t.cut {
		return string(bytes.ToValidUTF8(t.b, nil)) + "…"
	}
	return string(t.b)
}
