package workbook

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/xlsudoku/xlsudoku/layout"
)

// Our sheets' worksheet parts are written here, straight from package
// layout's description, in the element order of the SpreadsheetML schema;
// their styles are written by renderer.style. Drawing them
// with excelize's sheet functions cost time in the number of sheets of the
// workbook at every call, which made a book of a sheet per puzzle grow
// with the square of its puzzles.

// sheetPart returns the worksheet part of sh, printed on paper unless the
// sheet names its own; selected makes it the sheet the workbook opens at.
func (r *renderer) sheetPart(sh *layout.Sheet, paper layout.Paper, selected bool) ([]byte, error) {
	return r.sheetPartTo(nil, sh, paper, selected)
}

// sheetFlush is how much of a sheet's part sheetPartTo holds before it
// passes it on.
const sheetFlush = 1 << 16

// sheetPartTo is sheetPart passing the part on to w as it goes, a row at a
// time, when w is not nil: a big sheet's part is then never held whole.
// It returns the rest, which the caller writes to w after it.
func (r *renderer) sheetPartTo(w io.Writer, sh *layout.Sheet, paper layout.Paper, selected bool) ([]byte, error) {
	return r.sheetPartBands(w, sh, wholeBand(sh), paper, selected)
}

// cellBands are the cells of a sheet laid out a band of rows at a time,
// each band's rows below the last band's: a sheet of thousands of puzzles
// is written without all its cells held at once.
type cellBands struct {
	n    int                                          // how many bands
	band func(dst []layout.Cell, i int) []layout.Cell // band i, appended to dst (which it may ignore)
	last layout.Pos                                   // the last column and the last row holding a cell
	// styles, when set, gives the distinct styles of the cells of every
	// band, in the order they are first met, and last, without laying the
	// bands out (see sheetStyles).
	styles func() ([]layout.Style, layout.Pos)
}

// wholeBand is the cells of sh as one band.
func wholeBand(sh *layout.Sheet) cellBands {
	var last layout.Pos
	for _, c := range sh.Cells {
		last.Col, last.Row = max(last.Col, c.Pos.Col), max(last.Row, c.Pos.Row)
	}
	return cellBands{n: 1, band: func([]layout.Cell, int) []layout.Cell { return sh.Cells }, last: last}
}

// sheetPartBands is sheetPartTo taking the sheet's cells from bands
// rather than sh.Cells.
func (r *renderer) sheetPartBands(w io.Writer, sh *layout.Sheet, bands cellBands, paper layout.Paper, selected bool) ([]byte, error) {
	if sh.Print.Paper == (layout.Paper{}) {
		sh.Print.Paper = paper
	}
	if sh.Print.PageNumbers && sh.Print.Pages == 0 {
		sh.Paginate(paper)
	}
	pr := sh.Print
	var b bytes.Buffer
	if w == nil {
		b.Grow(256 + 64*len(sh.Cells))
	} else {
		b.Grow(sheetFlush + 4096)
	}
	b.WriteString(xml.Header)
	b.WriteString(`<worksheet xmlns="` + nsMain + `" xmlns:r="` + nsRelationships + `">`)
	if pr.Fit != layout.FitNone {
		b.WriteString(`<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>`)
	}
	fmt.Fprintf(&b, `<dimension ref="%s"/>`, usedRange(sh, bands.last))
	r.sheetView(&b, sh, selected)
	b.WriteString(`<sheetFormatPr defaultRowHeight="15"/>`)
	r.cols(&b, sh)
	linked, err := r.sheetData(&b, sh, bands, w)
	if err != nil {
		return nil, err
	}
	if sh.Protect {
		b.WriteString(`<sheetProtection`)
		if r.password != "" {
			fmt.Fprintf(&b, ` password="%s"`, sheetPasswordHash(r.password))
		}
		b.WriteString(` sheet="true" objects="true" scenarios="true" formatCells="true" formatColumns="true" formatRows="true"` +
			` insertColumns="true" insertRows="true" insertHyperlinks="true" deleteColumns="true" deleteRows="true"` +
			` sort="true" autoFilter="true" pivotTables="true"/>`)
	}
	if sh.Filter != (layout.Rect{}) {
		fmt.Fprintf(&b, `<autoFilter ref="%s"/>`, sh.Filter)
	}
	// A merge of one cell is none, and Excel may report it as damage.
	merges := slices.DeleteFunc(slices.Clone(sh.Merges), func(m layout.Rect) bool { return m.Min == m.Max })
	if len(merges) > 0 {
		fmt.Fprintf(&b, `<mergeCells count="%d">`, len(merges))
		for _, m := range merges {
			fmt.Fprintf(&b, `<mergeCell ref="%s"/>`, m)
		}
		b.WriteString(`</mergeCells>`)
	}
	for i, cf := range sh.CondFormats {
		id, err := r.condStyle(cf.Style)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, `<conditionalFormatting sqref="%s"><cfRule type="expression" dxfId="%d" priority="%d"><formula>%s</formula></cfRule></conditionalFormatting>`,
			cf.Range, id, i+1, esc(cf.Formula))
	}
	if err := validations(&b, sh.Validations); err != nil {
		return nil, err
	}
	links(&b, linked)
	printSetup(&b, pr)
	if len(sh.Charts) > 0 {
		// The sheet's one relationship: its drawing (writeBook).
		b.WriteString(`<drawing r:id="rId1"/>`)
	}
	b.WriteString(`</worksheet>`)
	return b.Bytes(), nil
}

// usedRange is the dimension of a sheet: from A1 to the last row and
// column that hold a cell (cells) or lie in its area.
func usedRange(sh *layout.Sheet, cells layout.Pos) string {
	last := layout.Pos{Col: max(1, sh.Area.Max.Col, cells.Col), Row: max(1, sh.Area.Max.Row, cells.Row)}
	return layout.Rect{Min: layout.Pos{Col: 1, Row: 1}, Max: last}.String()
}

func (r *renderer) sheetView(b *bytes.Buffer, sh *layout.Sheet, selected bool) {
	b.WriteString(`<sheetViews><sheetView`)
	if !sh.Gridlines {
		b.WriteString(` showGridLines="0"`)
	}
	if selected {
		b.WriteString(` tabSelected="1"`)
	}
	b.WriteString(` workbookViewId="0"`)
	if sh.Freeze == (layout.Pos{}) {
		b.WriteString(`/></sheetViews>`)
		return
	}
	pane := "bottomLeft"
	switch {
	case sh.Freeze.Col > 1 && sh.Freeze.Row > 1:
		pane = "bottomRight"
	case sh.Freeze.Col > 1:
		pane = "topRight"
	}
	b.WriteString(`><pane`)
	if sh.Freeze.Col > 1 {
		fmt.Fprintf(b, ` xSplit="%d"`, sh.Freeze.Col-1)
	}
	if sh.Freeze.Row > 1 {
		fmt.Fprintf(b, ` ySplit="%d"`, sh.Freeze.Row-1)
	}
	fmt.Fprintf(b, ` topLeftCell="%s" activePane="%s" state="frozen"/><selection pane="%s" activeCell="%s" sqref="%s"/></sheetView></sheetViews>`,
		sh.Freeze, pane, pane, sh.Freeze, sh.Freeze)
}

// cols writes the column widths, one element per run of adjacent columns
// alike, the hidden columns hidden.
func (r *renderer) cols(b *bytes.Buffer, sh *layout.Sheet) {
	hidden := map[int]bool{}
	for _, c := range sh.HiddenCols {
		hidden[c] = true
	}
	all := sh.SortedCols()
	for c := range hidden {
		if _, ok := sh.ColWidths[c]; !ok {
			all = append(all, c)
		}
	}
	if len(all) == 0 {
		return
	}
	slices.Sort(all)
	width := func(c int) float64 {
		if w, ok := sh.ColWidths[c]; ok {
			return r.units(w)
		}
		return r.units(layout.DefaultColWidth)
	}
	b.WriteString(`<cols>`)
	for i := 0; i < len(all); {
		j := i + 1
		for j < len(all) && all[j] == all[j-1]+1 && width(all[j]) == width(all[i]) && hidden[all[j]] == hidden[all[i]] {
			j++
		}
		fmt.Fprintf(b, `<col min="%d" max="%d" width="%s" customWidth="1"`, all[i], all[j-1], num(width(all[i])))
		if hidden[all[i]] {
			b.WriteString(` hidden="1"`)
		}
		b.WriteString(`/>`)
		i = j
	}
	b.WriteString(`</cols>`)
}

// sheetData writes the rows in order, each with its height and its cells
// in column order; of two cells at one place, the later one. It returns
// the cells that link somewhere, in the order they came.
func (r *renderer) sheetData(b *bytes.Buffer, sh *layout.Sheet, bands cellBands, w io.Writer) (linked []layout.Cell, err error) {
	rows := sh.SortedRows()
	ri := 0
	row := func(row int) {
		b.WriteString(`<row r="`)
		b.Write(strconv.AppendInt(b.AvailableBuffer(), int64(row), 10))
		b.WriteByte('"')
		if h, ok := sh.RowHeights[row]; ok {
			h = min(h, layout.MaxRowHeight) // Excel takes no taller row
			b.WriteString(` ht="`)
			b.Write(strconv.AppendFloat(b.AvailableBuffer(), h, 'f', -1, 64))
			b.WriteString(`" customHeight="1"`)
		}
	}
	// The rows before row that have a height and no cells.
	bare := func(before int) {
		for ; ri < len(rows) && rows[ri] < before; ri++ {
			row(rows[ri])
			b.WriteString(`/>`)
		}
	}
	b.WriteString(`<sheetData>`)
	var buf []layout.Cell
	var order []uint64
	var ids styleCache
	above := 0 // the last row of the bands before
	for bi := range bands.n {
		cells := bands.band(buf[:0], bi)
		if bands.n > 1 {
			buf = cells // the next band reuses it
		}
		// Sort keys (row, column, index): moving whole cells about took a
		// third of the time to draw a tiled sheet.
		order = slices.Grow(order[:0], len(cells))
		for i := range cells {
			c := &cells[i]
			if c.Pos.Row <= above {
				return nil, fmt.Errorf("the cells of band %d start above row %d, where the band before ends", bi+1, above)
			}
			order = append(order, uint64(c.Pos.Row)<<44|uint64(c.Pos.Col)<<28|uint64(i))
			if c.Link != "" {
				linked = append(linked, *c)
			}
		}
		slices.Sort(order)
		cell := func(k int) *layout.Cell { return &cells[order[k]&(1<<28-1)] }
		for k := 0; k < len(order); {
			at := cell(k).Pos.Row
			bare(at)
			if ri < len(rows) && rows[ri] == at {
				ri++
			}
			row(at)
			b.WriteString(`>`)
			var last layout.Style // runs of cells share a style: skip the map
			lastID := -1
			for ; k < len(order) && cell(k).Pos.Row == at; k++ {
				c := cell(k)
				if k+1 < len(order) && cell(k+1).Pos == c.Pos {
					continue // drawn over
				}
				id := lastID
				if id < 0 || c.Style != last {
					var ok bool
					if id, ok = ids.get(&c.Style); !ok {
						if id, err = r.style(c.Style); err != nil {
							return nil, err
						}
						ids.put(&c.Style, id)
					}
					last, lastID = c.Style, id
				}
				b.WriteString(`<c r="`)
				b.Write(appendRef(b.AvailableBuffer(), c.Pos))
				b.WriteString(`" s="`)
				b.Write(strconv.AppendInt(b.AvailableBuffer(), int64(id), 10))
				b.WriteByte('"')
				switch {
				case c.Formula != "":
					b.WriteString(`><f>`)
					xml.EscapeText(b, []byte(c.Formula))
					b.WriteString(`</f></c>`)
				case c.HasValue:
					b.WriteString(`><v>`)
					b.Write(strconv.AppendFloat(b.AvailableBuffer(), c.Value, 'g', -1, 64))
					b.WriteString(`</v></c>`)
				case c.Number != 0:
					b.WriteString(`><v>`)
					b.Write(strconv.AppendInt(b.AvailableBuffer(), int64(c.Number), 10))
					b.WriteString(`</v></c>`)
				case c.Text != "":
					// An inline string: a workbook's shared strings are its own.
					b.WriteString(` t="inlineStr"><is><t xml:space="preserve">`)
					xml.EscapeText(b, []byte(c.Text))
					b.WriteString(`</t></is></c>`)
				default:
					b.WriteString(`/>`)
				}
			}
			b.WriteString(`</row>`)
			if w != nil && b.Len() > sheetFlush {
				if _, err := w.Write(b.Bytes()); err != nil {
					return nil, err
				}
				b.Reset()
			}
		}
		if len(order) > 0 {
			above = cell(len(order) - 1).Pos.Row
		}
	}
	bare(math.MaxInt)
	b.WriteString(`</sheetData>`)
	return linked, nil
}

// validations writes the data validations.
func validations(b *bytes.Buffer, vs []layout.Validation) error {
	if len(vs) == 0 {
		return nil
	}
	fmt.Fprintf(b, `<dataValidations count="%d">`, len(vs))
	for _, v := range vs {
		refs := make([]string, len(v.Ranges))
		for i, rg := range v.Ranges {
			refs[i] = rg.String()
		}
		var f1, f2 string
		switch v.Kind {
		case "whole":
			fmt.Fprintf(b, `<dataValidation type="whole" operator="between"`)
			f1, f2 = strconv.Itoa(v.Min), strconv.Itoa(v.Max)
		case "list":
			b.WriteString(`<dataValidation type="list"`)
			f1 = `"` + strings.Join(v.List, ",") + `"`
		case "custom":
			b.WriteString(`<dataValidation type="custom"`)
			f1 = v.Formula
		default:
			return fmt.Errorf("unknown validation %q", v.Kind)
		}
		b.WriteString(` allowBlank="1"`)
		if v.Input != "" {
			fmt.Fprintf(b, ` showInputMessage="1" promptTitle="%s" prompt="%s"`, esc(v.InputTitle), esc(v.Input))
		}
		if v.Message != "" {
			fmt.Fprintf(b, ` showErrorMessage="1" errorStyle="stop" errorTitle="%s" error="%s"`, esc(v.ErrorTitle), esc(v.Message))
		}
		fmt.Fprintf(b, ` sqref="%s"><formula1>%s</formula1>`, strings.Join(refs, " "), esc(f1))
		if f2 != "" {
			fmt.Fprintf(b, `<formula2>%s</formula2>`, esc(f2))
		}
		b.WriteString(`</dataValidation>`)
	}
	b.WriteString(`</dataValidations>`)
	return nil
}

// links writes the cells' links to places in the workbook (no
// relationship needed).
func links(b *bytes.Buffer, cells []layout.Cell) {
	first := true
	for _, c := range cells {
		if c.Link == "" {
			continue
		}
		if first {
			b.WriteString(`<hyperlinks>`)
			first = false
		}
		display := c.Text
		if display == "" {
			display = c.Link
		}
		fmt.Fprintf(b, `<hyperlink ref="%s" location="%s" display="%s"/>`, c.Pos, esc(c.Link), esc(display))
	}
	if !first {
		b.WriteString(`</hyperlinks>`)
	}
}

// printSetup writes how the sheet prints: centring, margins, paper,
// orientation, fit, page numbers, header and footer, page breaks.
func printSetup(b *bytes.Buffer, pr layout.Print) {
	if pr.CenterH || pr.CenterV {
		b.WriteString(`<printOptions`)
		if pr.CenterH {
			b.WriteString(` horizontalCentered="1"`)
		}
		if pr.CenterV {
			b.WriteString(` verticalCentered="1"`)
		}
		b.WriteString(`/>`)
	}
	fmt.Fprintf(b, `<pageMargins left="%s" right="%s" top="%s" bottom="%s" header="%s" footer="%s"/>`,
		num(layout.MarginSide), num(layout.MarginSide), num(layout.MarginTop), num(layout.MarginBottom),
		num(layout.MarginHeader), num(layout.MarginFooter))
	orient := "portrait"
	if pr.Landscape {
		orient = "landscape"
	}
	fmt.Fprintf(b, `<pageSetup paperSize="%d" orientation="%s"`, pr.Paper.Code, orient)
	switch pr.Fit {
	case layout.FitPage:
		b.WriteString(` fitToWidth="1" fitToHeight="1"`)
	case layout.FitWidth:
		b.WriteString(` fitToWidth="1" fitToHeight="0"`)
	}
	if pr.PageNumbers {
		b.WriteString(` firstPageNumber="1" useFirstPageNumber="1"`)
	}
	b.WriteString(`/>`)
	header, footer := headerFooter(pr)
	if header != "" || footer != "" {
		b.WriteString(`<headerFooter>`)
		if header != "" {
			fmt.Fprintf(b, `<oddHeader>%s</oddHeader>`, esc(header))
		}
		if footer != "" {
			fmt.Fprintf(b, `<oddFooter>%s</oddFooter>`, esc(footer))
		}
		b.WriteString(`</headerFooter>`)
	}
	if len(pr.Breaks) > 0 {
		fmt.Fprintf(b, `<rowBreaks count="%d" manualBreakCount="%d">`, len(pr.Breaks), len(pr.Breaks))
		for _, row := range pr.Breaks {
			// A break's id is the last row of the page before it.
			fmt.Fprintf(b, `<brk id="%d" max="16383" man="1"/>`, row-1)
		}
		b.WriteString(`</rowBreaks>`)
	}
}

// headerFooter returns the codes of the page header and footer: the
// header centred, bold and large; the footer's text left, "Page n of N"
// right, both small. N is the sheet's own count of pages: the apps' &N
// counts every page of the workbook.
func headerFooter(pr layout.Print) (header, footer string) {
	if pr.Header != "" || pr.HeaderSuffix != "" {
		width, _ := pr.Printable(pr.Paper)
		size, text := fitHeader(pr.Header, pr.HeaderSuffix, width)
		// The size before the font: "&14" followed by a title starting
		// with a digit would read as another size.
		header = fmt.Sprintf(`&C&%d&"-,Bold"`, size) + strings.ReplaceAll(text, "&", "&&")
	}
	if pr.Footer != "" {
		footer = "&L&9" + hfText(pr.Footer)
	}
	if pr.PageNumbers {
		if pr.Pages > 0 {
			footer += "&R&9Page &P of " + strconv.Itoa(pr.Pages)
		} else {
			footer += "&R&9Page &P"
		}
	}
	return header, footer
}

// Page headers are bold, of headerSize points, or down to
// leastHeaderSize for a long title; headerEm is the width of one of
// their characters, on average, in its size: Verdana Bold, the books'
// font, and DejaVu Sans Bold, which stands in for it, are the widest
// the header meets. A wide character (Chinese, Japanese, Korean) is a
// whole em.
const (
	headerSize      = 14
	leastHeaderSize = 10
	headerEm        = 0.65
)

// headerEms is the width of text in a page header, in ems of its size.
func headerEms(text string) float64 {
	w := 0.0
	for _, r := range text {
		if wideRune(r) {
			w++
		} else {
			w += headerEm
		}
	}
	return w
}

// wideRune reports whether r is written a whole em wide: the ideographs,
// kana and hangul, and the full-width forms.
func wideRune(r rune) bool {
	return r >= 0x1100 && (unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		r >= 0x3000 && r <= 0x303f || r >= 0xff01 && r <= 0xff60)
}

// fitHeader returns the size and text of a page header of title and
// suffix on a page width points wide: one line, as large as fits; a
// title too long for the least size is cut at a word, the suffix kept.
// A header of two lines grew into the page and pushed the last row of
// each page's grids onto a page of its own (a walk of 3 December: 8 pages
// for 6, "Page 5 of 3").
func fitHeader(title, suffix string, width float64) (size int, text string) {
	title = strings.Join(strings.Fields(title), " ")
	text = title + suffix
	if utf8.RuneCountInString(text) <= maxHeader {
		for size = headerSize; size >= leastHeaderSize; size-- {
			if headerEms(text)*float64(size) <= width {
				return size, text
			}
		}
	}
	// The most characters of title that fit with " …" and suffix.
	room := width/leastHeaderSize - headerEms(" …"+suffix)
	n := 0
	for _, r := range title {
		if room -= headerEms(string(r)); room < 0 {
			break
		}
		n++
	}
	n = min(n+1, maxHeader-utf8.RuneCountInString(suffix)) // clipWords counts its ellipsis in n
	return leastHeaderSize, clipWords(title, n) + suffix
}

// clipWords cuts text to at most n characters, the last an ellipsis,
// after a whole word when one ends in the last third of them.
func clipWords(text string, n int) string {
	r := []rune(text)
	if len(r) <= n {
		return text
	}
	if n < 1 {
		return ""
	}
	cut := r[:n-1]
	if i := strings.LastIndex(string(cut), " "); i >= 0 && utf8.RuneCountInString(string(cut)[:i]) >= 2*(n-1)/3 {
		return string(cut)[:i] + " …"
	}
	return string(cut) + "…"
}

// hfText makes text safe in a footer: one line, no codes (& doubled),
// short enough for the 255 characters a footer may have.
func hfText(text string) string {
	return strings.ReplaceAll(clipLine(text, maxHeader), "&", "&&")
}

// maxHeader is the most characters of a page header's or footer's text:
// with its codes, within the 255 a header may have.
const maxHeader = 100

// clipLine makes text one line (runs of spaces and line ends as one
// space) of at most n characters, the last an ellipsis when it is cut.
func clipLine(text string, n int) string {
	text = strings.Join(strings.Fields(text), " ")
	if r := []rune(text); len(r) > n {
		text = string(r[:n-1]) + "…"
	}
	return text
}

// esc escapes text for XML content or an attribute value, characters XML
// cannot hold replaced.
func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// appendRef appends the name of cell p, "B2".
func appendRef(b []byte, p layout.Pos) []byte {
	var col [4]byte
	i := len(col)
	for c := p.Col; c > 0; c /= 26 {
		c--
		i--
		col[i] = byte('A' + c%26)
	}
	return strconv.AppendInt(append(b, col[i:]...), int64(p.Row), 10)
}

// num writes a number as XML attributes hold it: 26.25, 9.
func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// units is the column width, in the units of the workbook's default font,
// that is points wide: a whole number of pixels, as Excel draws a width w
// (w digits of the font's widest digit, its padding included).
func (r *renderer) units(points float64) float64 {
	px := math.Round(points / 0.75)
	d := float64(r.digitPx)
	return math.Ceil(px*256/d) / 256
}

// points is the width of a column of width units, in points, as Excel
// draws it (whole pixels).
func (r *renderer) points(units float64) float64 { return columnPoints(units, r.digitPx) }

// bookPoints is points for the default font of a new workbook (bookFont,
// bookFontSize).
func bookPoints(units float64) float64 {
	return columnPoints(units, digitPixels(bookFont, bookFontSize))
}

// columnPoints is the width of a column of width units of a font whose
// digits are digitPx pixels wide, in points.
func columnPoints(units float64, digitPx int) float64 {
	d := float64(digitPx)
	return math.Trunc((256*units+math.Trunc(128/d))/256*d) * 0.75
}

// sheetPasswordHash is the legacy hash of a sheet's protection password
// (ECMA-376 Part 4, 14.7.1), each character taken as one byte, as Excel
// takes it: it keeps honest users out, no more.
func sheetPasswordHash(password string) string {
	var bs []byte
	for _, r := range password {
		b := byte(r)
		if b == 0 {
			b = byte(r >> 8)
		}
		bs = append(bs, b)
	}
	h := 0
	for i := len(bs) - 1; i >= 0; i-- {
		h = (h>>14)&1 | (h<<1)&0x7fff
		h ^= int(bs[i])
	}
	h = (h>>14)&1 | (h<<1)&0x7fff
	h ^= len(bs)
	h ^= 0xCE4B
	return fmt.Sprintf("%04X", h)
}
