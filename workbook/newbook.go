package workbook

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// A new workbook (generate's books, a class summary's base) is written as
// a package here, part by part: the workbook part lists the sheets and
// their defined names, each sheet's part is written as soon as it is laid
// out, and the styles they use come last. Nothing costs more for the
// thousandth sheet than for the first.

// bookFont is the default font of the workbooks xlsudoku makes. Column
// widths are measured in its digits, and Verdana's digits are as wide as
// those of DejaVu Sans, which LibreOffice puts in its place where it is
// missing (Linux): the grids print square, and as large as planned, in
// Excel and LibreOffice alike. Calibri's stand-in there is a third wider.
const bookFont = "Verdana"

// writeBook writes a new workbook of sheets to out, printed on paper, and
// replaces out with it atomically once check (if any) accepts it. The
// first sheet is the one the workbook opens at. A sheet whose draw is set
// is laid out when its turn comes, and its cells dropped once written.
func writeBook(out string, sheets []*ourSheet, paper layout.Paper, check func(path string) error) error {
	if len(sheets) == 0 {
		return fmt.Errorf("%w: a workbook needs a sheet", ErrUsage)
	}
	tab, ok := newStyleTable(newBookStyles)
	if !ok {
		return fmt.Errorf("the template of a new workbook's styles cannot be read")
	}
	r := newTableRenderer(tab, "")
	for i, s := range sheets {
		s.index, s.part = i, fmt.Sprintf("xl/worksheets/sheet%d.xml", i+1)
	}
	return atomicWrite(out, func(w io.Writer) error {
		zw := newZip(w)
		put := func(name string, data []byte) error {
			fw, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: time.Now()})
			if err != nil {
				return err
			}
			_, err = fw.Write(data)
			return err
		}
		if err := put("[Content_Types].xml", bookContentTypes(sheets)); err != nil {
			return err
		}
		if err := put("_rels/.rels", []byte(xmlDecl+`<Relationships xmlns="`+nsPackageRels+`">`+
			`<Relationship Id="rId1" Type="`+nsRelationships+`/officeDocument" Target="xl/workbook.xml"/>`+
			`<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>`+
			`<Relationship Id="rId3" Type="`+nsRelationships+`/extended-properties" Target="docProps/app.xml"/>`+
			`</Relationships>`)); err != nil {
			return err
		}
		for i, s := range sheets {
			if s.draw != nil {
				s.sheet = s.draw()
			}
			data, err := r.sheetPart(&s.sheet, paper, i == 0)
			if err != nil {
				return fmt.Errorf("sheet %q: %v", s.name, err)
			}
			if err := put(s.part, data); err != nil {
				return err
			}
			if s.draw != nil {
				// Keep what the workbook part needs of it.
				s.sheet = layout.Sheet{Print: s.sheet.Print, Filter: s.sheet.Filter, Hidden: s.sheet.Hidden}
			}
		}
		// The workbook part once the sheets are laid out: it holds their
		// print areas.
		if err := put("xl/workbook.xml", bookWorkbook(sheets)); err != nil {
			return err
		}
		if err := put("xl/_rels/workbook.xml.rels", bookWorkbookRels(sheets)); err != nil {
			return err
		}
		styles, ok := tab.part()
		if !ok {
			return fmt.Errorf("our styles cannot be added to the template's")
		}
		for _, part := range []opc.Part{{Name: "docProps/app.xml", Content: bookApp}, {Name: "docProps/core.xml", Content: bookCore},
			{Name: "xl/theme/theme1.xml", Content: bookTheme}, {Name: "xl/styles.xml", Content: styles}} {
			if err := put(part.Name, part.Content); err != nil {
				return err
			}
		}
		return zw.Close()
	}, check)
}

const (
	xmlDecl       = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n"
	nsPackageRels = "http://schemas.openxmlformats.org/package/2006/relationships"
)

func bookContentTypes(sheets []*ourSheet) []byte {
	var b bytes.Buffer
	b.WriteString(xmlDecl + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/>` +
		`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
		`<Override PartName="/xl/styles.xml" ContentType="` + ctStyles + `"/>` +
		`<Override PartName="/xl/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>` +
		`<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
		`<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>`)
	for _, s := range sheets {
		fmt.Fprintf(&b, `<Override PartName="/%s" ContentType="%s"/>`, s.part, ctWorksheet)
	}
	b.WriteString(`</Types>`)
	return b.Bytes()
}

// bookWorkbook is the workbook part: the sheets, their marks and their
// defined names.
func bookWorkbook(sheets []*ourSheet) []byte {
	var b, names bytes.Buffer
	b.WriteString(xmlDecl + `<workbook xmlns="` + nsMain + `" xmlns:r="` + nsRelationships + `">` +
		`<workbookPr/><bookViews><workbookView activeTab="0"/></bookViews><sheets>`)
	for i, s := range sheets {
		state := ""
		if s.sheet.Hidden {
			state = ` state="hidden"`
		}
		fmt.Fprintf(&b, `<sheet name="%s" sheetId="%d"%s r:id="rId%d"/>`, esc(s.name), i+1, state, i+1)
		if s.kind != "" {
			fmt.Fprintf(&names, `<definedName name="%s" localSheetId="%d" hidden="1">%s</definedName>`, markerName, i, esc(strconv.Quote(s.kind)))
		}
		for _, n := range s.localNames() {
			if n.value == "" {
				continue
			}
			hidden := ""
			if n.hidden {
				hidden = ` hidden="1"`
			}
			fmt.Fprintf(&names, `<definedName name="%s" localSheetId="%d"%s>%s</definedName>`, n.name, i, hidden, esc(n.value))
		}
	}
	b.WriteString(`</sheets>`)
	if names.Len() > 0 {
		b.WriteString(`<definedNames>`)
		b.Write(names.Bytes())
		b.WriteString(`</definedNames>`)
	}
	b.WriteString(`<calcPr calcId="191029"/></workbook>`)
	return b.Bytes()
}

func bookWorkbookRels(sheets []*ourSheet) []byte {
	var b bytes.Buffer
	b.WriteString(xmlDecl + `<Relationships xmlns="` + nsPackageRels + `">`)
	for i := range sheets {
		fmt.Fprintf(&b, `<Relationship Id="rId%d" Type="%s" Target="worksheets/sheet%d.xml"/>`, i+1, relWorksheet, i+1)
	}
	n := len(sheets)
	fmt.Fprintf(&b, `<Relationship Id="rId%d" Type="%s" Target="styles.xml"/>`, n+1, relStyles)
	fmt.Fprintf(&b, `<Relationship Id="rId%d" Type="%s/theme" Target="theme/theme1.xml"/>`, n+2, nsRelationships)
	b.WriteString(`</Relationships>`)
	return b.Bytes()
}

// atomicWrite writes a file with write to a temporary file beside out,
// runs check on it (if any), and renames it over out. Whatever fails, the
// temporary file is removed and out is left as it was.
func atomicWrite(out string, write func(io.Writer) error, check func(path string) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(out), tempPattern(out))
	if err != nil {
		return createError(out, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrWrite, out, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrWrite, out, err)
	}
	if err = os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrWrite, out, err)
	}
	if check != nil {
		if err = check(tmp.Name()); err != nil {
			return fmt.Errorf("%w: %s: the written workbook failed its check (%v); nothing was written", ErrWrite, out, err)
		}
	}
	if err = os.Rename(tmp.Name(), out); err != nil {
		return fmt.Errorf("%w: %v", ErrWrite, err)
	}
	return nil
}
