package workbook

import (
	_ "embed"
	"strconv"
)

// The parts of a new workbook that are the same in every one: the theme
// (Office's, as excelize writes it: the default font's colour names it),
// the document properties, and the styles part that our styles are added
// to (styleTable), its default font bookFont.

//go:embed template/theme1.xml
var bookTheme []byte

var (
	bookCore = []byte(xmlDecl + `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
		`<dc:creator>xlsudoku</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">2006-09-16T00:00:00Z</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">2006-09-16T00:00:00Z</dcterms:modified></cp:coreProperties>`)
	bookApp = []byte(xmlDecl + `<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><TotalTime>0</TotalTime><Application>xlsudoku</Application></Properties>`)
)

// bookTenths is the number format "0.0" that a new workbook's styles
// define (no built-in one shows one decimal): an SE rating of 7.0 shows as
// 7.0, not 7. Only a new workbook has it: in a user's, 164 may be
// another format.
const bookTenths = 164

// newBookStyles is the styles part of a new workbook before our styles:
// the number format of tenths (bookTenths), the default font, the two
// fills every styles part starts with, no border, the Normal cell style.
var newBookStyles = []byte(xmlDecl + `<styleSheet xmlns="` + nsMain + `">` +
	`<numFmts count="1"><numFmt numFmtId="` + strconv.Itoa(bookTenths) + `" formatCode="0.0"></numFmt></numFmts>` +
	`<fonts count="1"><font><name val="` + bookFont + `"></name><family val="2"></family><color theme="1"></color><sz val="` + strconv.Itoa(bookFontSize) + `"></sz></font></fonts>` +
	`<fills count="2"><fill><patternFill patternType="none"></patternFill></fill><fill><patternFill patternType="gray125"></patternFill></fill></fills>` +
	`<borders count="1"><border><left></left><right></right><top></top><bottom></bottom><diagonal></diagonal></border></borders>` +
	`<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"></xf></cellStyleXfs>` +
	`<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"></xf></cellXfs>` +
	`<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0" customBuiltin="true"></cellStyle></cellStyles>` +
	`<dxfs count="0"></dxfs><tableStyles count="0" defaultPivotStyle="PivotStyleLight16" defaultTableStyle="TableStyleMedium2"></tableStyles></styleSheet>`)
