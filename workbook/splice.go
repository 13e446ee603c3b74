package workbook

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"path"
	"slices"
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
//   - our own sheets' parts, new or replacing those of an earlier run;
//   - the calculation chain, left out when a sheet of an earlier run is
//     replaced (dropCalcChain).
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
// that the package does not use yet: no part, no relationships part and
// no content type override of that name (a tool that deleted a sheet may
// have left its override, and a second one for the name makes the
// package invalid).
func (p *pkg) freeSheetPart(taken map[string]bool) string {
	dir := path.Dir(p.wbPath)
	for n := len(p.wb.sheets) + 1; ; n++ {
		name := strings.TrimPrefix(path.Join(dir, "worksheets", fmt.Sprintf("sheet%d.xml", n)), "/")
		lower := strings.ToLower(name)
		if !p.Has(name) && !p.Has(opc.RelsPath(name)) && !p.overridden[lower] && !taken[lower] {
			taken[lower] = true
			return name
		}
	}
}

// overriddenParts returns the parts that contentTypes, the
// [Content_Types].xml part, gives a content type of their own: their
// names lower-cased, without the leading /.
func overriddenParts(contentTypes []byte) map[string]bool {
	var doc struct {
		Overrides []struct {
			Part string `xml:"PartName,attr"`
		} `xml:"Override"`
	}
	_ = xml.Unmarshal(contentTypes, &doc) // checked well formed before writing
	out := make(map[string]bool, len(doc.Overrides))
	for _, o := range doc.Overrides {
		out[strings.ToLower(strings.TrimPrefix(o.Part, "/"))] = true
	}
	return out
}

// relTarget returns the target of part name relative to the workbook part.
func (p *pkg) relTarget(name string) string { return opc.RelTarget(p.wbPath, name) }

// dropCalcChain leaves the calculation chain (xl/calcChain.xml, which
// Excel writes) out of the output, with its relationship and content
// type, when a sheet of an earlier run is replaced: the chain lists every
// formula cell, and one listed that no longer holds a formula (a sheet
// written without --self-check over one with) makes Excel repair the
// file. Without a chain Excel builds one on load. A run that only adds
// sheets changes no cell of the input and keeps the chain as it was.
func (p *pkg) dropCalcChain(sheets []*ourSheet, out *outParts, contentTypes []byte) error {
	if !slices.ContainsFunc(sheets, func(s *ourSheet) bool { return s.existing }) {
		return nil
	}
	isChain := func(typ string) bool { return strings.HasSuffix(typ, "/calcChain") }
	var chains []string
	for _, r := range p.rels.List {
		if isChain(r.Type) && !r.External {
			chains = append(chains, r.Target)
		}
	}
	if len(chains) == 0 {
		return nil
	}
	// Edit what splice made of the parts, or the input's.
	edit := func(name string, data []byte, drop func(xml.StartElement) bool) error {
		if done, ok := out.replace[strings.ToLower(name)]; ok {
			data = done
		}
		data, _, err := opc.DropChildren(data, drop)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		out.replace[strings.ToLower(name)] = data
		return nil
	}
	rp := opc.RelsPath(p.wbPath)
	rels, err := p.Read(rp)
	if err != nil {
		return err
	}
	if err := edit(rp, rels, func(se xml.StartElement) bool {
		return se.Name.Local == "Relationship" && isChain(attr(se, "Type"))
	}); err != nil {
		return err
	}
	// Only a part whose content type says it is a chain goes: a
	// relationship that names another part must not lose it.
	if err := edit("[Content_Types].xml", contentTypes, func(se xml.StartElement) bool {
		name := strings.ToLower(strings.TrimPrefix(attr(se, "PartName"), "/"))
		if se.Name.Local != "Override" || !strings.HasSuffix(attr(se, "ContentType"), ".calcChain+xml") ||
			!slices.ContainsFunc(chains, func(c string) bool { return strings.ToLower(c) == name }) {
			return false
		}
		if out.drop == nil {
			out.drop = map[string]bool{}
		}
		out.drop[name] = true
		out.drop[strings.ToLower(opc.RelsPath(name))] = true
		return true
	}); err != nil {
		return err
	}
	return nil
}

// codeNameOf returns the name by which a workbook's VBA project knows the
// sheet in part (<sheetPr codeName="Sheet2">, which Excel gives every
// sheet of a workbook with macros), "" when it has none or the part
// cannot be read.
func (p *pkg) codeNameOf(part string) string {
	t, err := p.Stream(part) // a sheet: only its first element is read
	if err != nil {
		return ""
	}
	defer t.Close()
	for {
		tok, err := t.Next()
		if err != nil {
			return ""
		}
		if se, ok := tok.(xml.StartElement); ok {
			switch se.Name.Local {
			case "worksheet":
				continue
			case "sheetPr":
				return attr(se, "codeName")
			}
			return "" // sheetPr comes first, or not at all
		}
	}
}

// withCodeName gives content, a sheet part of ours, the VBA code name
// name, so that a sheet replacing one an app gave a code name keeps it:
// without it Excel gives the sheet a new one, and the module of the old
// name, with any code the user wrote there, is left without its sheet.
func withCodeName(content []byte, name string) []byte {
	attr := ` codeName="` + opc.EscapeXML(name) + `"`
	for from := 0; ; {
		// <sheetPr itself, not <sheetProtection.
		i := bytes.Index(content[from:], []byte("<sheetPr"))
		if i < 0 {
			break
		}
		i += from + len("<sheetPr")
		if i < len(content) && (content[i] == ' ' || content[i] == '>' || content[i] == '/') {
			return slices.Concat(content[:i], []byte(attr), content[i:])
		}
		from = i
	}
	start := bytes.Index(content, []byte("<worksheet"))
	end := bytes.IndexByte(content[start:], '>') + start + 1
	return slices.Concat(content[:end], []byte("<sheetPr"+attr+"/>"), content[end:])
}
