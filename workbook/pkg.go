package workbook

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"slices"
	"strings"
)

// pkg is a workbook opened read-only as the zip package it is. Parts are
// decompressed only when asked for, so a huge sheet that is not read costs
// nothing but its directory entry.
type pkg struct {
	file    string // the path, for messages
	zr      *zip.ReadCloser
	parts   map[string]*zip.File // by lower-cased part name: OPC names ignore case
	wbPath  string               // the workbook part, "xl/workbook.xml"
	wb      *workbookXML
	rels    []relationship // the workbook part's relationships
	relByID map[string]relationship
	sst     *sharedStrings // read on first use
	styles  *styleInfo     // read on first use
	limits  limits         // how far parts may unpack
}

// relationship is one entry of a .rels part, with Target resolved to a part
// name.
type relationship struct {
	ID, Type, Target string
	External         bool
}

// openPackage opens path and reads its workbook part and relationships.
// Its parts may unpack to maxPart bytes (0: DefaultMaxPartSize); see
// partReader.
func openPackage(file string, maxPart int64) (*pkg, error) {
	head := make([]byte, 8)
	if f, err := os.Open(file); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrOpen, err)
	} else {
		n, _ := io.ReadFull(f, head)
		f.Close()
		head = head[:n]
	}
	if bytes.HasPrefix(head, []byte{0xD0, 0xCF, 0x11, 0xE0}) {
		return nil, fmt.Errorf("%w: %s is password-protected or an old .xls workbook; save it as an unprotected .xlsx and try again", ErrOpen, file)
	}
	zr, err := zip.OpenReader(file)
	if err != nil {
		return nil, fmt.Errorf("%w: %s is not an .xlsx or .xlsm workbook (%v); save it as .xlsx and try again", ErrOpen, file, err)
	}
	p := &pkg{file: file, zr: zr, parts: make(map[string]*zip.File, len(zr.File)), limits: limitsOf(maxPart)}
	for _, f := range zr.File {
		p.parts[strings.ToLower(f.Name)] = f
	}
	if kind := p.openDocument(); kind != "" {
		zr.Close()
		return nil, fmt.Errorf("%w: %s is an OpenDocument %s, not an Excel workbook; save it as .xlsx (Excel 2007-365) and try again", ErrOpen, file, kind)
	}
	if err := p.load(); err != nil {
		zr.Close()
		if pe := (*partError)(nil); errors.As(err, &pe) {
			return nil, p.partErr("", err)
		}
		return nil, fmt.Errorf("%w: %s: %v; open and save it in a spreadsheet app and try again", ErrOpen, file, err)
	}
	return p, nil
}

func (p *pkg) close() { p.zr.Close() }

// openDocument names the kind of an OpenDocument file (LibreOffice's own
// .ods), which is a zip too, by its mimetype part: "spreadsheet", or "" when
// p is not one.
func (p *pkg) openDocument() string {
	data, err := p.read("mimetype")
	if err != nil {
		return ""
	}
	kind, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "application/vnd.oasis.opendocument.")
	if !ok {
		return ""
	}
	return kind
}

func (p *pkg) load() error {
	rootRels, err := p.readRels("")
	if err != nil {
		return err
	}
	for _, r := range rootRels {
		if strings.HasSuffix(r.Type, "/officeDocument") && !r.External {
			p.wbPath = r.Target
		}
	}
	if p.wbPath == "" {
		return fmt.Errorf("no workbook part")
	}
	if strings.HasSuffix(strings.ToLower(p.wbPath), ".bin") {
		return fmt.Errorf("it is a binary workbook (.xlsb), which xlsudoku cannot read; save it as .xlsx")
	}
	data, err := p.read(p.wbPath)
	if err != nil {
		return err
	}
	if p.wb, err = parseWorkbook(data); err != nil {
		return fmt.Errorf("%s: %v", p.wbPath, err)
	}
	p.rels, err = p.readRels(p.wbPath)
	return err
}

// has reports whether the package holds part name.
func (p *pkg) has(name string) bool {
	_, ok := p.parts[strings.ToLower(name)]
	return ok
}

// stream returns the tokens of part name, which may unpack to the
// streamed limit.
func (p *pkg) stream(name string) (*tokens, error) {
	f, ok := p.parts[strings.ToLower(name)]
	if !ok {
		return nil, &partError{name, "is missing"}
	}
	r, err := openPart(f, name, p.limits.streamed)
	if err != nil {
		return nil, err
	}
	return newTokens(r), nil
}

// read returns part name's content, which may unpack to the limit of a
// part read whole.
func (p *pkg) read(name string) ([]byte, error) {
	f, ok := p.parts[strings.ToLower(name)]
	if !ok {
		return nil, &partError{name, "is missing"}
	}
	r, err := openPart(f, name, p.limits.whole)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var buf bytes.Buffer
	buf.Grow(int(f.UncompressedSize64) + bytes.MinRead)
	_, err = buf.ReadFrom(r)
	return buf.Bytes(), err
}

// partErr wraps an error about part name in ErrOpen, naming the file and
// the part (unless the error names it already).
func (p *pkg) partErr(name string, err error) error {
	if pe := (*partError)(nil); errors.As(err, &pe) || name == "" {
		return fmt.Errorf("%w: %s: %v", ErrOpen, p.file, err)
	}
	return fmt.Errorf("%w: %s: %s: %v", ErrOpen, p.file, name, err)
}

// relsPath is the name of the .rels part of part name ("" for the package).
func relsPath(name string) string {
	dir, base := path.Split(name)
	return dir + "_rels/" + base + ".rels"
}

// maxEntries is the most sheets, relationships or defined names of ours
// a workbook part may list: far more than real workbooks have, and a
// bound on what a crafted one costs.
const maxEntries = 1 << 16

// readRels reads the relationships of part name; a part without a .rels
// part has none.
func (p *pkg) readRels(name string) ([]relationship, error) {
	rp := relsPath(name)
	f, ok := p.parts[strings.ToLower(rp)]
	if !ok {
		return nil, nil
	}
	r, err := openPart(f, rp, p.limits.whole)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	t := newTokens(r)
	var out []relationship
	for {
		tok, err := t.next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", rp, err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "Relationship" {
			continue
		}
		if len(out) == maxEntries {
			return nil, &partError{rp, fmt.Sprintf("lists more than %d relationships", maxEntries)}
		}
		rel := relationship{ID: attr(se, "Id"), Type: attr(se, "Type"), Target: attr(se, "Target"), External: attr(se, "TargetMode") == "External"}
		if !rel.External {
			rel.Target = resolveTarget(name, rel.Target)
		}
		out = append(out, rel)
	}
}

// resolveTarget turns a relationship target into a part name: relative to
// the source part's folder, or from the package root when it starts with /.
func resolveTarget(source, target string) string {
	if strings.HasPrefix(target, "/") {
		return strings.TrimPrefix(path.Clean(target), "/")
	}
	return strings.TrimPrefix(path.Join(path.Dir(source), target), "/")
}

// rel returns the workbook relationship with id.
func (p *pkg) rel(id string) (relationship, bool) {
	if p.relByID == nil {
		p.relByID = make(map[string]relationship, len(p.rels))
		for _, r := range slices.Backward(p.rels) { // the first of an id wins
			p.relByID[r.ID] = r
		}
	}
	r, ok := p.relByID[id]
	return r, ok
}

// relOfType returns the target of the workbook's first relationship whose
// type ends in suffix ("/styles"), or "".
func (p *pkg) relOfType(suffix string) string {
	for _, r := range p.rels {
		if strings.HasSuffix(r.Type, suffix) && !r.External {
			return r.Target
		}
	}
	return ""
}
