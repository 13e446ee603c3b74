package workbook

import (
	"archive/zip"
	"bytes"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync"
	"time"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// A new workbook (generate's books, a class summary's base) is written as
// a package here, part by part: the workbook part lists the sheets and
// their defined names, each sheet's part is written as soon as it is laid
// out, and the styles they use come last. Nothing costs more for the
// thousandth sheet than for the first.

// bookFont and bookFontSize are the default font of the workbooks
// xlsudoku makes. Column widths are measured in its digits: Excel takes a
// digit to be a whole number of pixels at 96 dpi, LibreOffice its exact
// width. Verdana's digit is 0.636 of its size: 9.33 pixels at 11 points,
// which Excel draws as 9 and LibreOffice as 9.33, so that LibreOffice
// printed our grids 3.7% wider than high; at 13 points it is 11.02
// pixels, 11 in Excel, and the two apps agree within 0.2%. Verdana's
// digits are as wide as those of DejaVu Sans, which LibreOffice puts in
// its place where it is missing (Linux). Our text cells name their
// sizes, and those that do not take bookTextSize, the size the books had
// before, not 13.
const (
	bookFont     = "Verdana"
	bookFontSize = 13
	bookTextSize = 11
)

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
	tab.textSize = bookTextSize
	r := newTableRenderer(tab, "")
	for i, s := range sheets {
		s.index, s.part = i, fmt.Sprintf("xl/worksheets/sheet%d.xml", i+1)
	}
	// The content types come first, so the charts must be known before
	// any sheet is drawn.
	charted := chartedSheets(sheets)
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
		if err := put("[Content_Types].xml", bookContentTypes(sheets, charted)); err != nil {
			return err
		}
		if err := put("_rels/.rels", []byte(xmlDecl+`<Relationships xmlns="`+nsPackageRels+`">`+
			`<Relationship Id="rId1" Type="`+nsRelationships+`/officeDocument" Target="xl/workbook.xml"/>`+
			`<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>`+
			`<Relationship Id="rId3" Type="`+nsRelationships+`/extended-properties" Target="docProps/app.xml"/>`+
			`</Relationships>`)); err != nil {
			return err
		}
		if err := writeSheetParts(zw, r, sheets, paper); err != nil {
			return err
		}
		if n := len(chartedSheets(sheets)); n != len(charted) {
			return fmt.Errorf("%d sheets have charts, not %d: a sheet with charts must be drawn before the book is written", n, len(charted))
		}
		for _, c := range charted {
			for _, part := range chartParts(c) {
				if err := put(part.Name, part.Content); err != nil {
					return err
				}
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

// sheetBatch is how many sheets writeSheetParts lays out and compresses
// side by side before writing them: enough to keep the cores busy, few
// enough that a big book is not held in memory.
const sheetBatch = 32

// sheetJob is one sheet on its way into the package.
type sheetJob struct {
	s      *ourSheet
	first  bool
	bands  cellBands      // its cells
	styles []layout.Style // the distinct styles of its cells, in order
	conds  []layout.Style // and of its conditional formats
	zipped *spool         // its part, compressed
	crc    uint32
	size   int
	err    error
}

// writeSheetParts writes the worksheet parts of sheets to zw, in order,
// laying out and compressing them on every core: a batch of sheets is
// laid out (and their styles listed) side by side, the new styles are
// numbered in sheet order, so that the same book always comes out the
// same, then the parts are written and compressed side by side, and
// added to the package in order. A sheet whose draw is set is laid out
// here and its cells dropped once written.
func writeSheetParts(zw *zip.Writer, r *renderer, sheets []*ourSheet, paper layout.Paper) error {
	workers := runtime.GOMAXPROCS(0)
	each := func(jobs []sheetJob, f func(j *sheetJob)) {
		if workers == 1 || len(jobs) == 1 {
			for i := range jobs {
				f(&jobs[i])
			}
			return
		}
		var wg sync.WaitGroup
		var once sync.Once
		var bug *sheetPanic
		next := make(chan *sheetJob)
		for range min(workers, len(jobs)) {
			wg.Go(func() {
				defer func() {
					if r := recover(); r != nil {
						once.Do(func() { bug = &sheetPanic{r, debug.Stack()} })
						for range next { // let the others finish
						}
					}
				}()
				for j := range next {
					f(j)
				}
			})
		}
		for i := range jobs {
			next <- &jobs[i]
		}
		close(next)
		wg.Wait()
		if bug != nil {
			// A bug: panic here, where the caller can recover it (the
			// command reports it as an internal error).
			panic(bug)
		}
	}
	now := time.Now()
	for start := 0; start < len(sheets); start += sheetBatch {
		batch := sheets[start:min(start+sheetBatch, len(sheets))]
		jobs := make([]sheetJob, len(batch))
		for i, s := range batch {
			jobs[i] = sheetJob{s: s, first: start+i == 0}
		}
		each(jobs, func(j *sheetJob) {
			switch {
			case j.s.drawBands != nil:
				if j.s.sheet, j.bands, j.err = j.s.drawBands(); j.err != nil {
					return
				}
			case j.s.draw != nil:
				if j.s.sheet, j.err = j.s.draw(); j.err != nil {
					return
				}
				fallthrough
			default:
				j.bands = wholeBand(&j.s.sheet)
			}
			j.styles, j.conds = sheetStyles(&j.s.sheet, &j.bands)
		})
		for i := range jobs {
			j := &jobs[i]
			if j.err != nil {
				return fmt.Errorf("sheet %q: %v", j.s.name, j.err)
			}
			for _, st := range j.styles {
				if _, err := r.style(st); err != nil {
					return fmt.Errorf("sheet %q: %v", j.s.name, err)
				}
			}
			for _, st := range j.conds {
				if _, err := r.condStyle(st); err != nil {
					return fmt.Errorf("sheet %q: %v", j.s.name, err)
				}
			}
		}
		// Every style is numbered: the renderer only reads its maps now.
		each(jobs, func(j *sheetJob) {
			j.zipped, j.crc, j.size, j.err = deflateBands(r, &j.s.sheet, j.bands, paper, j.first)
			j.bands = cellBands{}
			if j.s.draw != nil || j.s.drawBands != nil {
				// Keep what the workbook part needs of it.
				s := &j.s.sheet
				*s = layout.Sheet{Print: s.Print, Filter: s.Filter, Hidden: s.Hidden, Charts: s.Charts}
			}
		})
		for i := range jobs {
			j := &jobs[i]
			if j.err != nil {
				return fmt.Errorf("sheet %q: %v", j.s.name, j.err)
			}
			fw, err := zw.CreateRaw(&zip.FileHeader{Name: j.s.part, Method: zip.Deflate, Modified: now,
				CRC32: j.crc, CompressedSize64: uint64(j.zipped.Len()), UncompressedSize64: uint64(j.size)})
			if err != nil {
				return err
			}
			if _, err := j.zipped.WriteTo(fw); err != nil {
				return err
			}
			j.zipped = nil
		}
	}
	return nil
}

// sheetPanic is a panic in one of writeSheetParts' goroutines, passed on
// to the goroutine that called it, with the stack where it happened.
type sheetPanic struct {
	Value any
	Stack []byte
}

func (p *sheetPanic) String() string { return fmt.Sprint(p.Value) }

// sheetStyles lists the distinct styles of a sheet's cells (bands) and of
// its conditional formats, in the order they come, and notes in bands the
// last column and row holding a cell.
func sheetStyles(sh *layout.Sheet, bands *cellBands) (cells, conds []layout.Style) {
	seen := map[layout.Style]bool{}
	if bands.styles != nil {
		cells, bands.last = bands.styles()
	} else {
		cells = bandStyles(bands)
	}
	for _, cf := range sh.CondFormats {
		if !seen[cf.Style] {
			seen[cf.Style] = true
			conds = append(conds, cf.Style)
		}
	}
	return cells, conds
}

// bandStyles lists the distinct styles of the cells of bands, in the order
// they come, laying every band out, and notes in bands the last column and
// row holding a cell.
func bandStyles(bands *cellBands) (cells []layout.Style) {
	seen := map[layout.Style]bool{}
	var last layout.Style
	var buf []layout.Cell
	var end layout.Pos
	var cache styleCache
	first := true
	for bi := range bands.n {
		band := bands.band(buf[:0], bi)
		if bands.n > 1 {
			buf = band
		}
		for _, c := range band {
			end.Col, end.Row = max(end.Col, c.Pos.Col), max(end.Row, c.Pos.Row)
			if !first && c.Style == last {
				continue
			}
			if _, ok := cache.get(&c.Style); ok {
				continue
			}
			if seen[c.Style] {
				cache.put(&c.Style, 0)
				continue
			}
			cache.put(&c.Style, 0)
			seen[c.Style], last, first = true, c.Style, false
			cells = append(cells, c.Style)
		}
	}
	bands.last = end
	return cells
}

// deflateBands writes the part of sheet sh, its cells taken from bands,
// compressed as a zip part (as opc.NewZipWriter does), with its CRC-32 and
// size: compressed as it is written, a big sheet's part is never held
// whole.
func deflateBands(r *renderer, sh *layout.Sheet, bands cellBands, paper layout.Paper, selected bool) (zipped *spool, crc uint32, size int, err error) {
	zipped = &spool{}
	fw, err := opc.NewDeflater(zipped)
	if err != nil {
		return nil, 0, 0, err
	}
	h := crc32.NewIEEE()
	c := &countWriter{}
	w := io.MultiWriter(fw, h, c)
	rest, err := r.sheetPartBands(w, sh, bands, paper, selected)
	if err == nil {
		_, err = w.Write(rest)
	}
	if cerr := fw.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, 0, 0, err
	}
	return zipped, h.Sum32(), c.n, nil
}

// spool holds a compressed part, as it is written, in chunks of
// spoolChunk bytes. A bytes.Buffer grown by doubling allocated, cleared
// and copied some three times the part's size: 3.7 MB for the 1.1 MB of
// a 1,000-puzzle book, most of it fresh memory the process had to fault
// in.
type spool struct {
	chunks [][]byte
	n      int
}

const spoolChunk = 64 << 10

func (s *spool) Write(p []byte) (int, error) {
	s.n += len(p)
	n := len(p)
	for len(p) > 0 {
		if len(s.chunks) == 0 || len(s.chunks[len(s.chunks)-1]) == spoolChunk {
			s.chunks = append(s.chunks, make([]byte, 0, spoolChunk))
		}
		last := &s.chunks[len(s.chunks)-1]
		k := copy((*last)[len(*last):spoolChunk], p)
		*last, p = (*last)[:len(*last)+k], p[k:]
	}
	return n, nil
}

// Len is the number of bytes written.
func (s *spool) Len() int { return s.n }

// WriteTo writes what the spool holds to w.
func (s *spool) WriteTo(w io.Writer) (int64, error) {
	var n int64
	for _, c := range s.chunks {
		k, err := w.Write(c)
		n += int64(k)
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// countWriter counts the bytes written to it.
type countWriter struct{ n int }

func (c *countWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	return len(p), nil
}

const (
	xmlDecl       = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n"
	nsPackageRels = "http://schemas.openxmlformats.org/package/2006/relationships"
)

func bookContentTypes(sheets []*ourSheet, charted []chartedSheet) []byte {
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
	chartOverrides(&b, charted)
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
	if needsFullCalc(sheets) {
		b.WriteString(`<calcPr calcId="191029" fullCalcOnLoad="1"/></workbook>`)
	} else {
		b.WriteString(`<calcPr calcId="191029"/></workbook>`)
	}
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
func atomicWrite(out string, write func(io.Writer) error, check func(path string) error) error {
	// A read-only file is refused, as solve -o and text output refuse it:
	// renaming over it would replace a file its owner protected.
	if err := writable(out); err != nil {
		return err
	}
	// An existing file keeps its permissions (a private summary of the
	// class's scores stays private); a new one gets 0644 less the umask,
	// as text output does.
	perm, keep := os.FileMode(0o644), os.FileMode(0)
	if fi, err := os.Stat(replaced(out)); err == nil && fi.Mode().IsRegular() {
		perm = fi.Mode().Perm()
		keep = perm // the umask applied when the temporary file was made
	}
	return replaceFile(out, perm, keep, write, check, nil)
}
