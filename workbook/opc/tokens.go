package opc

import (
	"encoding/xml"
	"io"
)

// Tokens reads the XML tokens of a part, keeping track of where each
// begins so that no single token can grow without bound.
type Tokens struct {
	d *xml.Decoder
	r *partReader
}

// NewTokens reads the tokens of XML read from r, as part name, refusing
// more than limit bytes of it. It is for XML that is not in a package
// (tests, fuzzing); a package's parts are read with Package.Stream.
func NewTokens(r io.Reader, name string, limit int64) *Tokens {
	rc, ok := r.(io.ReadCloser)
	if !ok {
		rc = io.NopCloser(r)
	}
	return newTokens(&partReader{rc: rc, part: name, limit: limit, tokenAt: -1})
}

func newTokens(r *partReader) *Tokens {
	r.tokenAt = 0
	return &Tokens{d: xml.NewDecoder(r), r: r}
}

// Next returns the next token, as xml.Decoder.RawToken does.
func (t *Tokens) Next() (xml.Token, error) {
	tok, err := t.d.RawToken()
	t.r.tokenAt = t.d.InputOffset()
	return tok, err
}

// Part is the name of the part being read, for messages.
func (t *Tokens) Part() string { return t.r.part }

// Close closes the part.
func (t *Tokens) Close() error { return t.r.Close() }
