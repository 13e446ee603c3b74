package workbook

import (
	"encoding/xml"
	"errors"
	"fmt"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
	"io"
	"math"
	"strconv"
	"strings"
)

// styleInfo is what reading needs of the styles part: which cell formats
// show numbers as dates, and which draw a border (a clue for finding the
// puzzle), and on which sides a heavy one (the lines between boxes, which
// tell a 6x6 of tall boxes from one of wide boxes).
type styleInfo struct {
	date   []bool // by cell format (the s attribute of a cell)
	border []bool
	heavy  []uint8 // the sides with a heavy line: heavyLeft, heavyRight, heavyTop, heavyBottom
	known  bool    // the styles part was read: these are all its cell formats
}

// The sides of a cell, as bits of styleInfo.heavy.
const (
	heavyLeft uint8 = 1 << iota
	heavyRight
	heavyTop
	heavyBottom
)

// heavySide is the bit of a border's side element (start and end are
// left and right in a left-to-right sheet), when its style draws a line
// heavier than the thin default: 0 for a thin or no line.
func heavySide(side, style string) uint8 {
	switch style {
	case "medium", "thick", "double", "mediumDashed", "mediumDashDot", "mediumDashDotDot", "slantDashDot":
	default:
		return 0
	}
	switch side {
	case "left", "start":
		return heavyLeft
	case "right", "end":
		return heavyRight
	case "top":
		return heavyTop
	case "bottom":
		return heavyBottom
	}
	return 0
}

// badStyle is the cell format of a cell whose s attribute is not a number.
const badStyle = math.MinInt

// maxStyles is the most entries a list of the styles part (fonts, cell
// formats, ...) may hold: twice the 64,000 cell formats Excel allows, and
// a bound on what reading and rewriting the part cost.
const maxStyles = 1 << 17

func (s *styleInfo) isDate(xf int) bool { return xf >= 0 && xf < len(s.date) && s.date[xf] }
func (s *styleInfo) hasBorder(xf int) bool {
	return xf >= 0 && xf < len(s.border) && s.border[xf]
}

// heavySides returns the sides on which cell format xf draws a heavy line.
func (s *styleInfo) heavySides(xf int) uint8 {
	if xf < 0 || xf >= len(s.heavy) {
		return 0
	}
	return s.heavy[xf]
}

// checkStyle returns the workbook's styles, or an ErrOpen error when cell
// c names a cell format the styles part does not have.
func (p *pkg) checkStyle(sheet string, c rawCell) (*styleInfo, error) {
	st, err := p.stylesOf()
	if err != nil {
		return nil, err
	}
	switch {
	case c.S == badStyle:
		return nil, fmt.Errorf("%w: %s: cell %s!%s has a cell format (s attribute) that is not a number; the workbook is damaged: open it in a spreadsheet app, save it again, and try again", ErrOpen, p.file, sheet, c.Pos)
	case c.S < 0 || (st.known && c.S > 0 && c.S >= len(st.date)):
		return nil, fmt.Errorf("%w: %s: cell %s!%s uses cell format %d, but %s defines only %s (numbered from 0); the workbook is damaged: open it in a spreadsheet app, save it again, and try again",
			ErrOpen, p.file, sheet, c.Pos, c.S, p.rels.OfType("/styles"), count(len(st.date), "cell format", "cell formats"))
	}
	return st, nil
}

// stylesOf reads the workbook's styles once, streaming them. A workbook
// without a styles part, or with one that is not well formed, has no dates
// and no borders; one too big to read is an ErrOpen error.
func (p *pkg) stylesOf() (*styleInfo, error) {
	if p.styles != nil {
		return p.styles, nil
	}
	name := p.rels.OfType("/styles")
	if name == "" || !p.Has(name) {
		p.styles = &styleInfo{}
		return p.styles, nil
	}
	t, err := p.StreamWhole(name)
	if err != nil {
		return nil, p.partErr(name, err)
	}
	defer t.Close()
	st, err := parseStyles(t)
	var pe *opc.PartError
	switch {
	case errors.As(err, &pe):
		return nil, p.partErr(name, err)
	case err != nil:
		st = &styleInfo{}
	}
	p.styles = st
	return st, nil
}

// parseStyles reads the number formats, borders and cell formats of a
// styles part.
func parseStyles(t tokenSource) (*styleInfo, error) {
	custom := map[int]string{}
	var (
		bordered []bool
		heavy    []uint8
		xfs      [][2]int // number format, border
		path     [4]string
		count    int // entries of the current list
	)
	depth := 0
	for {
		tok, err := t.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			if depth < len(path) {
				path[depth] = tk.Name.Local
			}
			depth++
			switch {
			case depth == 2:
				count = 0
			case depth == 3:
				if count++; count > maxStyles {
					return nil, &opc.PartError{Part: t.Part(), Msg: fmt.Sprintf("lists more than %d %s; Excel allows 64,000 cell formats", maxStyles, path[1])}
				}
				switch {
				case path[1] == "numFmts" && path[2] == "numFmt":
					custom[intAttr(tk, "numFmtId")] = attr(tk, "formatCode")
				case path[1] == "borders" && path[2] == "border":
					bordered = append(bordered, false)
					heavy = append(heavy, 0)
				case path[1] == "cellXfs" && path[2] == "xf":
					xfs = append(xfs, [2]int{intAttr(tk, "numFmtId"), intAttr(tk, "borderId")})
				}
			case depth == 4 && path[1] == "borders" && path[2] == "border" && len(bordered) > 0:
				if s := attr(tk, "style"); s != "" && s != "none" && tk.Name.Local != "diagonal" {
					bordered[len(bordered)-1] = true
					heavy[len(heavy)-1] |= heavySide(tk.Name.Local, s)
				}
			}
		case xml.EndElement:
			if depth == 0 {
				return nil, fmt.Errorf("</%s> closes no element", tk.Name.Local)
			}
			depth--
		}
	}
	st := &styleInfo{known: true}
	for _, xf := range xfs {
		code, isCustom := custom[xf[0]]
		st.date = append(st.date, (isCustom && isDateFormat(code)) || (!isCustom && builtinDate(xf[0])))
		has := xf[1] >= 0 && xf[1] < len(bordered)
		st.border = append(st.border, has && bordered[xf[1]])
		st.heavy = append(st.heavy, 0)
		if has {
			st.heavy[len(st.heavy)-1] = heavy[xf[1]]
		}
	}
	return st, nil
}

// tokenSource gives the raw tokens of a part: opc.Tokens, or
// checkedTokens, which checks that the part is well formed as well.
type tokenSource interface {
	Next() (xml.Token, error)
	Part() string
}

// intAttr is the attribute local of se as a number, or -1.
func intAttr(se xml.StartElement, local string) int {
	n, err := strconv.Atoi(strings.TrimSpace(attr(se, local)))
	if err != nil {
		return -1
	}
	return n
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
