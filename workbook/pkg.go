package workbook

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// pkg is a workbook opened read-only as the package it is (package opc
// reads its parts), with its workbook part parsed: the sheets and defined
// names that give the other parts their meaning.
type pkg struct {
	*opc.Package
	file   string             // the path, for messages
	wbPath string             // the workbook part, "xl/workbook.xml"
	wb     *workbookXML       // the workbook part
	rels   *opc.Relationships // the workbook part's relationships
	sst    *sharedStrings     // read on first use
	styles *styleInfo         // read on first use
	// overridden are the parts [Content_Types].xml gives a content type
	// of their own (lower-cased, without the leading /), the package
	// holding them or not; set when the package is opened for writing.
	overridden map[string]bool
	// textIsEntry is Options.textIsEntry of the reading under way.
	textIsEntry bool
	// titles holds, by sheet index, a marked sheet's title (B1), read
	// once for confirms.
	titles map[int]string
	// cellKinds holds, by sheet index, the kind a sheet's mark cell gives
	// (kindInCell), "" for none; filled as worksheets asks.
	cellKinds map[int]string
}

// openPackage opens path and reads its workbook part and relationships.
// Its parts may unpack to maxPart bytes (0: DefaultMaxPartSize); see
// partlimit.go.
func openPackage(file string, maxPart int64) (*pkg, error) {
	head := make([]byte, 512)
	if st, err := os.Stat(file); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%w: %s is a folder, not a workbook", ErrOpen, file)
	} else if err == nil && !st.Mode().IsRegular() {
		// A FIFO or a device: a zip is read out of order, and opening a
		// FIFO would wait for a writer that may never come.
		return nil, fmt.Errorf("%w: %s is not a file (a FIFO or a device), and a workbook is read from a file; save it to one", ErrOpen, file)
	}
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
	zp, err := opc.Open(file, limitsOf(maxPart))
	if err != nil {
		switch {
		case len(head) == 0:
			// "Save it as .xlsx" would not help: there is nothing to save.
			return nil, fmt.Errorf("%w: %s is empty (0 bytes): the workbook was not saved or not copied whole; save it again from the app that made it, or get it again", ErrOpen, file)
		case bytes.HasPrefix(head, []byte("PK\x03\x04")):
			// A zip, so a workbook in all likelihood, cut short.
			return nil, fmt.Errorf("%w: %s is a damaged or incomplete workbook (%v), as a download or copy cut short leaves one; get it again, or open it in a spreadsheet app, let it repair the file and save it again", ErrOpen, file, err)
		}
		if kind := notAWorkbook(head); kind != "" {
			// A student's PDF export or a screenshot, named .xlsx: "save
			// it as .xlsx" told nobody what had gone wrong (a walk of 3
			// December).
			return nil, fmt.Errorf("%w: %s is %s, not a workbook (named %s all the same); the workbook itself is needed: ask for the .xlsx file", ErrOpen, file, kind, filepath.Ext(file))
		}
		if looksLikeText(head) && looksLikePuzzles(head) {
			// "Save it as .xlsx" told the owner of a puzzle file named
			// .xlsx to do what had been done (a walk of 3 December).
			return nil, fmt.Errorf("%w: %s holds text, not a workbook; text is read as puzzles when the file's name does not end in %s: name it %s",
				ErrOpen, file, filepath.Ext(file), strings.TrimSuffix(file, filepath.Ext(file))+".txt")
		}
		return nil, fmt.Errorf("%w: %s is not an .xlsx or .xlsm workbook (%v); save it as .xlsx and try again", ErrOpen, file, err)
	}
	p := &pkg{Package: zp, file: file}
	if kind := p.OpenDocumentKind(); kind != "" {
		zp.Close()
		return nil, fmt.Errorf("%w: %s is an OpenDocument %s, not an Excel workbook; save it as .xlsx (Excel 2007-365) and try again", ErrOpen, file, kind)
	}
	if err := p.load(); err != nil {
		zp.Close()
		if pe := (*opc.PartError)(nil); errors.As(err, &pe) {
			return nil, p.partErr("", err)
		}
		return nil, fmt.Errorf("%w: %s: %v; open and save it in a spreadsheet app and try again", ErrOpen, file, err)
	}
	return p, nil
}

func (p *pkg) load() error {
	rootRels, err := p.Relationships("")
	if err != nil {
		return err
	}
	for _, r := range rootRels.List {
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
	data, err := p.Read(p.wbPath)
	if err != nil {
		return err
	}
	if p.wb, err = parseWorkbook(data); err != nil {
		return fmt.Errorf("%s: %v", p.wbPath, err)
	}
	p.rels, err = p.Relationships(p.wbPath)
	return err
}

// partErr wraps an error about part name in ErrOpen, naming the file and
// the part (unless the error names it already).
func (p *pkg) partErr(name string, err error) error {
	if pe := (*opc.PartError)(nil); errors.As(err, &pe) {
		if sheet := p.sheetOfPart(pe.Part); sheet != "" {
			return fmt.Errorf("%w: %s: sheet %q: %v", ErrOpen, p.file, sheet, err)
		}
		return fmt.Errorf("%w: %s: %v", ErrOpen, p.file, err)
	} else if name == "" {
		return fmt.Errorf("%w: %s: %v", ErrOpen, p.file, err)
	}
	if sheet := p.sheetOfPart(name); sheet != "" {
		// The sheet's name is what the user knows it by (a walk of 3
		// December: "xl/worksheets/sheet3.xml" was a hidden sheet).
		return fmt.Errorf("%w: %s: sheet %q (%s): %v", ErrOpen, p.file, sheet, name, err)
	}
	return fmt.Errorf("%w: %s: %s: %v", ErrOpen, p.file, name, err)
}

// sheetOfPart returns the name of the sheet whose part is name, or "".
func (p *pkg) sheetOfPart(name string) string {
	if p.wb == nil || p.rels == nil {
		return ""
	}
	for _, s := range p.wb.sheets {
		if rel, ok := p.rels.ByID(s.RID); ok && rel.Target == name {
			return s.Name
		}
	}
	return ""
}

// maxEntries is the most sheets or defined names of ours a workbook part
// may list: far more than real workbooks have, and a bound on what a
// crafted one costs.
const maxEntries = 1 << 16

// looksLikePuzzles reports whether text, the start of a file, begins as
// a file of puzzles does: its first line that is neither blank nor a #
// comment holds only digits, blanks ('.', '-', '_', '*'), the letters of
// 10 to 16 and a grid's lines. A CSV or an HTML export named .xlsx is to
// be saved as a workbook instead (found in review).
func looksLikePuzzles(text []byte) bool {
	text = bytes.TrimPrefix(text, []byte("\ufeff")) // a byte order mark
	for line := range bytes.Lines(text) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		return len(bytes.Trim(line, "0123456789.-_*|+ \tABCDEFGabcdefg")) == 0
	}
	return false
}

// notAWorkbook names what the start of a file, head, says it is when that
// is a document or a picture ("a PDF document"), "" otherwise.
func notAWorkbook(head []byte) string {
	for _, k := range []struct{ magic, kind string }{
		{"%PDF-", "a PDF document"},
		{"\x89PNG\r\n\x1a\n", "a PNG picture"},
		{"\xff\xd8\xff", "a JPEG picture"},
		{"GIF8", "a GIF picture"},
		{"{\\rtf", "an RTF document"},
	} {
		if bytes.HasPrefix(head, []byte(k.magic)) {
			return k.kind
		}
	}
	return ""
}

// looksLikeText reports whether the start of a file, head, is text: UTF-8
// with no control characters but tabs and line ends (a cut character at
// its end aside).
func looksLikeText(head []byte) bool {
	if len(head) == 0 {
		return false
	}
	for len(head) > 0 {
		r, n := utf8.DecodeRune(head)
		switch {
		case r == utf8.RuneError && n <= 1 && len(head) >= utf8.UTFMax:
			return false
		case r == utf8.RuneError && n <= 1:
			return true // a character cut by the end of head
		case r < ' ' && r != '\t' && r != '\n' && r != '\r', r == 0x7f:
			return false
		}
		head = head[n:]
	}
	return true
}
