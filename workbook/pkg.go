package workbook

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path"
	"strings"
)

// pkg is a workbook opened read-only as the zip package it is. Parts are
// decompressed only when asked for, so a huge sheet that is not read costs
// nothing but its directory entry.
type pkg struct {
	file   string // the path, for messages
	zr     *zip.ReadCloser
	parts  map[string]*zip.File // by lower-cased part name: OPC names ignore case
	wbPath string               // the workbook part, "xl/workbook.xml"
	wb     *workbookXML
	rels   []relationship // the workbook part's relationships
	sst    *sharedStrings // read on first use
	styles *styleInfo     // read on first use
}

// relationship is one entry of a .rels part, with Target resolved to a part
// name.
type relationship struct {
	ID, Type, Target string
	External         bool
}

// openPackage opens path and reads its workbook part and relationships.
func openPackage(file string) (*pkg, error) {
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
	p := &pkg{file: file, zr: zr, parts: make(map[string]*zip.File, len(zr.File))}
	for _, f := range zr.File {
		p.parts[strings.ToLower(f.Name)] = f
	}
	if kind := p.openDocument(); kind != "" {
		zr.Close()
		return nil, fmt.Errorf("%w: %s is an OpenDocument %s, not an Excel workbook; save it as .xlsx (Excel 2007-365) and try again", ErrOpen, file, kind)
	}
	if err := p.load(); err != nil {
		zr.Close()
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

// open returns a reader of part name's content.
func (p *pkg) open(name string) (io.ReadCloser, error) {
	f, ok := p.parts[strings.ToLower(name)]
	if !ok {
		return nil, fmt.Errorf("part %s is missing", name)
	}
	return f.Open()
}

// read returns part name's content.
func (p *pkg) read(name string) ([]byte, error) {
	rc, err := p.open(name)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// relsPath is the name of the .rels part of part name ("" for the package).
func relsPath(name string) string {
	dir, base := path.Split(name)
	return dir + "_rels/" + base + ".rels"
}

// readRels reads the relationships of part name; a part without a .rels
// part has none.
func (p *pkg) readRels(name string) ([]relationship, error) {
	rp := relsPath(name)
	if !p.has(rp) {
		return nil, nil
	}
	data, err := p.read(rp)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Rels []struct {
			ID         string `xml:"Id,attr"`
			Type       string `xml:"Type,attr"`
			Target     string `xml:"Target,attr"`
			TargetMode string `xml:"TargetMode,attr"`
		} `xml:"Relationship"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", rp, err)
	}
	out := make([]relationship, 0, len(doc.Rels))
	for _, r := range doc.Rels {
		rel := relationship{ID: r.ID, Type: r.Type, Target: r.Target, External: r.TargetMode == "External"}
		if !rel.External {
			rel.Target = resolveTarget(name, r.Target)
		}
		out = append(out, rel)
	}
	return out, nil
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
	for _, r := range p.rels {
		if r.ID == id {
			return r, true
		}
	}
	return relationship{}, false
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
