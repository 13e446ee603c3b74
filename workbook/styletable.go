package workbook

import (
	"bytes"
	"encoding/xml"
	"io"
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// styleTable makes our cell formats straight into a styles part: each
// font, fill, border, cell format and conditional format is written as
// the XML excelize writes for it, numbered after the part's own entries,
// and spliced at the ends of its lists (opc.AppendStyles), every byte of
// the part kept. An entry identical to one the part already has (as the
// entries of an earlier run are) is used instead of a new one, so running
// again does not grow the part. Going through excelize instead cost half
// the time of writing a one-puzzle workbook: it parses the whole part,
// compares each new style with every entry by reflection and writes the
// part out again. A part that lacks lists our entries need is completed
// first (opc.CompleteStyles, in render); a part with a prefix on its
// elements gets ours with that prefix. The tests check every entry against
// what excelize makes of the same style.
type styleTable struct {
	base  []byte
	lists map[string]*opc.StyleList
	index map[string]map[string]int // by list, each entry's XML to its number
	n     map[string]int            // entries by list, the new ones included
	added map[string]opc.Entries

	prefix string // the part's elements' prefix, which ours take too

	font string  // the default font's family: the one our styles name
	size float64 // and its size
	// textSize is the size of our styles that give none, when it is not
	// the default font's (a new workbook: bookTextSize).
	textSize float64
}

// styleLists are the lists a styleTable adds to.
var styleLists = []string{"fonts", "fills", "borders", "cellXfs", "dxfs"}

// newStyleTable reads the lists of the styles part base. ok is false when
// base is not plain enough to add to: not well formed, prefixed, or
// without the lists a cell format needs.
func newStyleTable(base []byte) (t *styleTable, ok bool) {
	lists, ok := opc.StyleLists(base)
	if !ok {
		return nil, false
	}
	if l := lists["cellStyleXfs"]; l == nil || len(l.Items) == 0 {
		return nil, false
	}
	for _, name := range []string{"fonts", "fills", "borders", "cellXfs"} {
		if l := lists[name]; l == nil || l.SelfClosed || len(l.Items) == 0 {
			return nil, false
		}
	}
	t = &styleTable{base: base, lists: lists, index: map[string]map[string]int{}, n: map[string]int{}, added: map[string]opc.Entries{}}
	for _, name := range styleLists {
		idx := map[string]int{}
		l := lists[name]
		if l == nil {
			t.index[name] = idx
			continue
		}
		for i, it := range l.Items {
			if it[1] < 0 {
				return nil, false
			}
			if _, dup := idx[string(base[it[0]:it[1]])]; !dup {
				idx[string(base[it[0]:it[1]])] = i
			}
		}
		t.index[name], t.n[name] = idx, len(l.Items)
	}
	t.font, t.size = t.defaultFont()
	t.prefix = lists["fonts"].Prefix
	t.padDangling()
	return t, true
}

// padDangling pads the fonts, fills and borders lists up to the highest
// entry that a cell format of the workbook names: a format naming one past
// the end (a damaged part, which apps draw with no fill and no border)
// would otherwise come to name an entry of ours. The padding draws as
// apps draw the missing entry; a number past maxEntries is left alone.
func (t *styleTable) padDangling() {
	pads := map[string]string{
		"fonts":   string(t.base[t.lists["fonts"].Items[0][0]:t.lists["fonts"].Items[0][1]]),
		"fills":   `<fill><patternFill patternType="none"/></fill>`,
		"borders": `<border><left/><right/><top/><bottom/><diagonal/></border>`,
	}
	for list, attr := range map[string]string{"fonts": "fontId", "fills": "fillId", "borders": "borderId"} {
		top := -1
		for _, xfs := range []string{"cellStyleXfs", "cellXfs"} {
			for _, it := range t.lists[xfs].Items {
				if v, ok := attrOf(t.base[it[0]:it[1]], attr); ok {
					if id, err := strconv.Atoi(v); err == nil && id < maxEntries {
						top = max(top, id)
					}
				}
			}
		}
		pad := pads[list]
		if list != "fonts" { // the first font is as the part writes it
			pad = opc.Prefixed(pad, t.prefix)
		}
		for t.n[list] <= top {
			t.n[list]++
			e := t.added[list]
			e.Add([]byte(pad))
			t.added[list] = e
		}
	}
}

// defaultFont is the family and size of the workbook's default font, as
// excelize reads them: the first font's name (Calibri when it has none,
// as Excel takes it), and the size of the font that cell format 0 names
// and applies (11 when it names none, has none, or says not to apply it).
func (t *styleTable) defaultFont() (family string, size float64) {
	family, size = "Calibri", 11
	fonts := t.lists["fonts"].Items
	if name := elementVal(t.base[fonts[0][0]:fonts[0][1]], "name"); name != "" {
		family = name
	}
	xf0 := t.lists["cellXfs"].Items[0]
	xf := t.base[xf0[0]:xf0[1]]
	if v, ok := attrOf(xf, "applyFont"); ok {
		if apply, err := strconv.ParseBool(v); err == nil && !apply {
			return family, size
		}
	}
	v, ok := attrOf(xf, "fontId")
	if !ok {
		return family, size
	}
	font, err := strconv.Atoi(v)
	if err != nil || font < 0 || font >= len(fonts) {
		return family, size
	}
	if sz := elementVal(t.base[fonts[font][0]:fonts[font][1]], "sz"); sz != "" {
		if v, err := strconv.ParseFloat(sz, 64); err == nil && v > 0 {
			size = v
		}
	}
	return family, size
}

// elementVal is the val attribute of the first element called local
// within entry ("" for none).
func elementVal(entry []byte, local string) string {
	d := xml.NewDecoder(bytes.NewReader(entry))
	for {
		tok, err := d.RawToken()
		if err != nil {
			return ""
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == local {
			for _, a := range se.Attr {
				if a.Name.Space == "" && a.Name.Local == "val" {
					return a.Value
				}
			}
			return ""
		}
	}
}

// attrOf is the unprefixed attribute local of the first element of entry.
func attrOf(entry []byte, local string) (string, bool) {
	d := xml.NewDecoder(bytes.NewReader(entry))
	for {
		tok, err := d.RawToken()
		if err == io.EOF || err != nil {
			return "", false
		}
		if se, ok := tok.(xml.StartElement); ok {
			for _, a := range se.Attr {
				if a.Name.Space == "" && a.Name.Local == local {
					return a.Value, true
				}
			}
			return "", false
		}
	}
}

// id returns the number of entry in list, adding it when the list has no
// entry like it.
func (t *styleTable) id(list, entry string) int {
	entry = opc.Prefixed(entry, t.prefix)
	if i, ok := t.index[list][entry]; ok {
		return i
	}
	i := t.n[list]
	t.n[list]++
	t.index[list][entry] = i
	e := t.added[list]
	e.Add([]byte(entry))
	t.added[list] = e
	return i
}

// style returns the cell format of s, in family unless s names its font.
func (t *styleTable) style(s layout.Style, family string) int {
	if s.Font != "" {
		family = s.Font
	}
	size := s.FontSize
	if size < 1 {
		size = t.textSize
	}
	font := t.id("fonts", fontXML(family, size, s.Bold, s.Strike, s.Color, s.Underline))
	fill := 0
	if s.Fill != "" {
		fill = t.id("fills", `<fill><patternFill patternType="solid"><fgColor rgb="`+argb(s.Fill)+`"></fgColor></patternFill></fill>`)
	}
	border := 0
	if b := borderXML(s.Border); b != "" {
		border = t.id("borders", b)
	}
	var xf strings.Builder
	xf.WriteString(`<xf numFmtId="` + strconv.Itoa(s.NumFmt) + `" fontId="` + strconv.Itoa(font) + `" fillId="` + strconv.Itoa(fill) +
		`" borderId="` + strconv.Itoa(border) + `" xfId="0"`)
	if s.NumFmt != 0 {
		xf.WriteString(` applyNumberFormat="true"`)
	}
	if font != 0 {
		xf.WriteString(` applyFont="true"`)
	}
	if fill != 0 {
		xf.WriteString(` applyFill="true"`)
	}
	if border != 0 {
		xf.WriteString(` applyBorder="true"`)
	}
	xf.WriteString(` applyAlignment="true"`)
	protect := s.Unlocked || s.Hide
	if protect {
		xf.WriteString(` applyProtection="true"`)
	}
	xf.WriteString(`><alignment`)
	if h := align(s.HAlign, "left"); h != "" {
		xf.WriteString(` horizontal="` + h + `"`)
	}
	if v := align(s.VAlign, "top"); v != "" {
		xf.WriteString(` vertical="` + v + `"`)
	}
	if s.Wrap {
		xf.WriteString(` wrapText="true"`)
	}
	xf.WriteString(`></alignment>`)
	if protect {
		xf.WriteString(`<protection hidden="` + strconv.FormatBool(s.Hide) + `" locked="` + strconv.FormatBool(!s.Unlocked) + `"></protection>`)
	}
	xf.WriteString(`</xf>`)
	return t.id("cellXfs", xf.String())
}

// cellFormat and condFormat make styleTable a styler.
func (t *styleTable) cellFormat(s layout.Style, family string) (int, error) {
	return t.style(s, family), nil
}
func (t *styleTable) condFormat(s layout.Style) (int, error) { return t.condStyle(s), nil }

// condStyle returns the conditional format (dxf) of s: its boldness,
// colour and fill.
func (t *styleTable) condStyle(s layout.Style) int {
	var d strings.Builder
	d.WriteString(`<dxf>` + fontXML("", 0, s.Bold, false, s.Color, false))
	if s.Fill != "" {
		d.WriteString(`<fill><patternFill patternType="solid"><bgColor rgb="` + argb(s.Fill) + `"></bgColor></patternFill></fill>`)
	}
	d.WriteString(`</dxf>`)
	return t.id("dxfs", d.String())
}

// part returns the styles part with our entries; ok is false when they
// cannot be spliced in.
func (t *styleTable) part() ([]byte, bool) {
	return opc.AppendStyles(t.base, t.lists, t.added)
}

// fontXML is a font as excelize writes it: a family of 2 (swiss) and a
// colour element always, the size only when there is one.
func fontXML(family string, size float64, bold, strike bool, color string, underline bool) string {
	var b strings.Builder
	b.WriteString(`<font>`)
	if family != "" {
		b.WriteString(`<name val="`)
		xml.EscapeText(&b, []byte(family))
		b.WriteString(`"></name>`)
	}
	b.WriteString(`<family val="2"></family>`)
	if bold {
		b.WriteString(`<b val="1"></b>`)
	}
	if strike {
		b.WriteString(`<strike val="1"></strike>`)
	}
	if color != "" {
		b.WriteString(`<color rgb="` + argb(color) + `"></color>`)
	} else {
		b.WriteString(`<color></color>`)
	}
	if size >= 1 {
		b.WriteString(`<sz val="` + strconv.FormatFloat(size, 'g', -1, 64) + `"></sz>`)
	}
	if underline {
		b.WriteString(`<u val="single"></u>`)
	}
	b.WriteString(`</font>`)
	return b.String()
}

// argb is an RRGGBB colour as the styles part writes it, opaque.
func argb(rgb string) string {
	return "FF" + strings.ToUpper(strings.ReplaceAll(rgb, "#", ""))
}

// borderXML is a border as excelize writes it, its sides in schema order;
// "" for none.
func borderXML(b layout.Borders) string {
	if b == (layout.Borders{}) {
		return ""
	}
	var s strings.Builder
	s.WriteString(`<border>`)
	for _, side := range []struct {
		name string
		line layout.Line
	}{{"left", b.Left}, {"right", b.Right}, {"top", b.Top}, {"bottom", b.Bottom}} {
		switch side.line {
		case layout.Thin:
			s.WriteString(`<` + side.name + ` style="thin"><color rgb="FF000000"></color></` + side.name + `>`)
		case layout.Thick:
			s.WriteString(`<` + side.name + ` style="thick"><color rgb="FF000000"></color></` + side.name + `>`)
		}
	}
	s.WriteString(`</border>`)
	return s.String()
}
