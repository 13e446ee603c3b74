package workbook

import (
	"fmt"
	"path"
	"strings"

	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// Writing splices (package opc does the splicing): the output is the
// input's zip with every part copied as it is (still compressed, byte for
// byte) except
//
//   - the workbook part, its relationships and [Content_Types].xml, where
//     our sheets' entries are inserted and nothing else changes;
//   - the styles part, where our styles are inserted (opc.AppendStyles);
//   - our own sheets' parts, new or replacing those of an earlier run.
//
// Opening the input with excelize and saving it would rewrite more (the
// theme, the calculation chain, any sheet it parsed) and, when asked to
// delete a sheet, parse every sheet of the workbook.

// Relationship and content types of a worksheet and of the styles part,
// and the SpreadsheetML namespace.
const (
	nsMain       = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
	relWorksheet = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"
	relStyles    = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"
	ctWorksheet  = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
	ctStyles     = "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"
)

// quoteSheet writes a sheet name as formulas refer to it: 'Week 3'.
func quoteSheet(name string) string { return "'" + strings.ReplaceAll(name, "'", "''") + "'" }

// freeSheetPart returns a worksheet part name beside the workbook part
// that the package does not use yet.
func (p *pkg) freeSheetPart(taken map[string]bool) string {
	dir := path.Dir(p.wbPath)
	for n := len(p.wb.sheets) + 1; ; n++ {
		name := strings.TrimPrefix(path.Join(dir, "worksheets", fmt.Sprintf("sheet%d.xml", n)), "/")
		if !p.Has(name) && !taken[strings.ToLower(name)] {
			taken[strings.ToLower(name)] = true
			return name
		}
	}
}

// relTarget returns the target of part name relative to the workbook part.
func (p *pkg) relTarget(name string) string { return opc.RelTarget(p.wbPath, name) }
