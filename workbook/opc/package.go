package opc

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
)

// Package is a package opened read-only. Parts are decompressed only when
// asked for, so a huge part that is not read costs nothing but its
// directory entry.
type Package struct {
	zr     *zip.ReadCloser
	parts  map[string]*zip.File // by lower-cased part name: OPC names ignore case
	limits Limits
}

// Open opens the zip package at path, whose parts may unpack to lim. Its
// error is the zip reader's, for the caller to explain.
func Open(path string, lim Limits) (*Package, error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil, err
	}
	p := &Package{zr: zr, parts: make(map[string]*zip.File, len(zr.File)), limits: lim}
	for _, f := range zr.File {
		p.parts[strings.ToLower(f.Name)] = f
	}
	return p, nil
}

// Close closes the package's file.
func (p *Package) Close() error { return p.zr.Close() }

// OpenDocumentKind names the kind of an OpenDocument file (LibreOffice's
// own .ods), which is a zip too, by its mimetype part: "spreadsheet", or
// "" when p is not one.
func (p *Package) OpenDocumentKind() string {
	data, err := p.Read("mimetype")
	if err != nil {
		return ""
	}
	kind, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "application/vnd.oasis.opendocument.")
	if !ok {
		return ""
	}
	return kind
}

// Names lists the package's parts, as the zip names them, in its order.
func (p *Package) Names() []string {
	names := make([]string, len(p.zr.File))
	for i, f := range p.zr.File {
		names[i] = f.Name
	}
	return names
}

// Has reports whether the package holds part name.
func (p *Package) Has(name string) bool {
	_, ok := p.parts[strings.ToLower(name)]
	return ok
}

// Size is the size part name declares it unpacks to, and whether the
// package holds it.
func (p *Package) Size(name string) (uint64, bool) {
	f, ok := p.parts[strings.ToLower(name)]
	if !ok {
		return 0, false
	}
	return f.UncompressedSize64, true
}

// Stream returns the tokens of part name, which may unpack to
// Limits.Streamed. The caller closes them.
func (p *Package) Stream(name string) (*Tokens, error) {
	return p.stream(name, p.limits.Streamed)
}

// StreamWhole returns the tokens of part name held to the limit of a part
// read whole, Limits.Whole. The caller closes them.
func (p *Package) StreamWhole(name string) (*Tokens, error) {
	return p.stream(name, p.limits.Whole)
}

func (p *Package) stream(name string, limit int64) (*Tokens, error) {
	f, ok := p.parts[strings.ToLower(name)]
	if !ok {
		return nil, &PartError{name, "is missing"}
	}
	r, err := openPart(f, name, limit, p.limits.Advice)
	if err != nil {
		return nil, err
	}
	return newTokens(r), nil
}

// Read returns part name's content, which may unpack to Limits.Whole.
func (p *Package) Read(name string) ([]byte, error) {
	return p.read(name, p.limits.Whole)
}

// OpenStreamed returns part name to be read as bytes, a sheet or the
// shared strings, which may unpack to Limits.Streamed: for a search
// through it that keeps no more of it than it must. The caller closes it.
func (p *Package) OpenStreamed(name string) (io.ReadCloser, error) {
	f, ok := p.parts[strings.ToLower(name)]
	if !ok {
		return nil, &PartError{name, "is missing"}
	}
	return openPart(f, name, p.limits.Streamed, p.limits.Advice)
}

// ReadStreamed returns the content of part name, a sheet or the shared
// strings, which may unpack to Limits.Streamed: for the few edits of such
// a part that need it whole. The limit is the one Stream keeps, so that a
// sheet that can be read can be written.
func (p *Package) ReadStreamed(name string) ([]byte, error) {
	return p.read(name, p.limits.Streamed)
}

func (p *Package) read(name string, limit int64) ([]byte, error) {
	f, ok := p.parts[strings.ToLower(name)]
	if !ok {
		return nil, &PartError{name, "is missing"}
	}
	r, err := openPart(f, name, limit, p.limits.Advice)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var buf bytes.Buffer
	buf.Grow(int(f.UncompressedSize64) + bytes.MinRead)
	_, err = buf.ReadFrom(r)
	return buf.Bytes(), err
}
