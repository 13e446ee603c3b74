package workbook

import (
	"encoding/xml"
	"strings"
)

// styleInfo is what reading needs of the styles part: which cell formats
// show numbers as dates, and which draw a border (a clue for finding the
// puzzle).
type styleInfo struct {
	date   []bool // by cell format (the s attribute of a cell)
	border []bool
}

func (s *styleInfo) isDate(xf int) bool { return s != nil && xf >= 0 && xf < len(s.date) && s.date[xf] }
func (s *styleInfo) hasBorder(xf int) bool {
	return s != nil && xf >= 0 && xf < len(s.border) && s.border[xf]
}

// stylesOf reads the workbook's styles once. A workbook without a readable
// styles part has no dates and no borders.
func (p *pkg) stylesOf() *styleInfo {
	if p.styles != nil {
		return p.styles
	}
	p.styles = &styleInfo{}
	name := p.relOfType("/styles")
	if name == "" {
		return p.styles
	}
	data, err := p.read(name)
	if err != nil {
		return p.styles
	}
	var doc struct {
		NumFmts []struct {
			ID   int    `xml:"numFmtId,attr"`
			Code string `xml:"formatCode,attr"`
		} `xml:"numFmts>numFmt"`
		Borders []struct {
			Sides []struct {
				XMLName xml.Name
				Style   string `xml:"style,attr"`
			} `xml:",any"`
		} `xml:"borders>border"`
		Xfs []struct {
			NumFmt int `xml:"numFmtId,attr"`
			Border int `xml:"borderId,attr"`
		} `xml:"cellXfs>xf"`
	}
	if xml.Unmarshal(data, &doc) != nil {
		return p.styles
	}
	custom := map[int]string{}
	for _, f := range doc.NumFmts {
		custom[f.ID] = f.Code
	}
	bordered := make([]bool, len(doc.Borders))
	for i, b := range doc.Borders {
		for _, side := range b.Sides {
			if side.Style != "" && side.Style != "none" && side.XMLName.Local != "diagonal" {
				bordered[i] = true
			}
		}
	}
	for _, xf := range doc.Xfs {
		code, isCustom := custom[xf.NumFmt]
		p.styles.date = append(p.styles.date, (isCustom && isDateFormat(code)) || (!isCustom && builtinDate(xf.NumFmt)))
		p.styles.border = append(p.styles.border, xf.Border >= 0 && xf.Border < len(bordered) && bordered[xf.Border])
	}
	return p.styles
}

// builtinDate reports whether a built-in number format shows a date or time.
func builtinDate(id int) bool {
	return (id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58)
}

// isDateFormat reports whether a number format code shows a date or time:
// it uses d, m, y, h or s outside quoted text, escapes and [colour] tags.
func isDateFormat(code string) bool {
	code = strings.ToLower(code)
	for i := 0; i < len(code); i++ {
		switch ch := code[i]; ch {
		case '"':
			for i++; i < len(code) && code[i] != '"'; i++ {
			}
		case '\\', '_', '*':
			i++
		case '[':
			// [h], [mm], [ss] are elapsed times; [Red], [$-409] are not.
			end := strings.IndexByte(code[i:], ']')
			if end < 0 {
				return false
			}
			tag := code[i+1 : i+end]
			if tag != "" && strings.Trim(tag, "hms") == "" {
				return true
			}
			i += end
		case 'd', 'm', 'y', 'h', 's':
			return true
		}
	}
	return false
}
