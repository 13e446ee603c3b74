package workbook

import (
	"encoding/xml"
	"fmt"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
	"io"
	"strconv"
	"strings"
)

// sharedStrings holds the entries of the shared string table that cells
// read so far point to. The table is streamed, and only those entries are
// kept, so a huge table costs one pass and little memory.
type sharedStrings struct {
	items map[int]string
	total int // entries in the table; -1 until it was read to its end
}

// sharedIndex is the entry of the shared string table that cell c
// (t="s") points to, or an error naming the cell.
func (p *pkg) sharedIndex(sheet string, c rawCell) (int, error) {
	i, err := strconv.Atoi(strings.TrimSpace(c.V))
	if err != nil || i < 0 {
		return 0, fmt.Errorf("%w: %s: cell %s!%s points to shared string %q, which cannot exist; the workbook is damaged: open it in a spreadsheet app, save it again, and try again",
			ErrOpen, p.file, sheet, c.Pos, c.V)
	}
	return i, nil
}

// loadStrings reads, in one pass over the shared string table, the entries
// that cells point to and that are not read yet.
func (p *pkg) loadStrings(sheet string, cells []rawCell) error {
	if p.sst == nil {
		p.sst = &sharedStrings{items: map[int]string{}, total: -1}
	}
	want := map[int]bool{}
	last := -1
	for _, c := range cells {
		if c.T != "s" || !c.HasV {
			continue
		}
		i, err := p.sharedIndex(sheet, c)
		if err != nil {
			return err
		}
		if _, ok := p.sst.items[i]; !ok && (p.sst.total < 0 || i < p.sst.total) {
			want[i], last = true, max(last, i)
		}
	}
	if len(want) == 0 {
		return nil
	}
	name := p.rels.OfType("/sharedStrings")
	if name == "" {
		p.sst.total = 0
		return nil
	}
	t, err := p.Stream(name)
	if err != nil {
		return p.partErr(name, err)
	}
	defer t.Close()
	for k := 0; k <= last; {
		tok, err := t.Next()
		if err == io.EOF {
			p.sst.total = k
			return nil
		}
		if err != nil {
			return p.partErr(name, err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "si" {
			s, err := richText(t)
			if err != nil {
				return p.partErr(name, err)
			}
			if want[k] {
				p.sst.items[k] = s
			}
			k++
		}
	}
	return nil
}

// sharedString returns the entry of the shared string table that cell c
// points to, or an ErrOpen error naming the table and the cell.
func (p *pkg) sharedString(sheet string, c rawCell) (string, error) {
	i, err := p.sharedIndex(sheet, c)
	if err != nil {
		return "", err
	}
	if err := p.loadStrings(sheet, []rawCell{c}); err != nil { // a no-op once read
		return "", err
	}
	if s, ok := p.sst.items[i]; ok {
		return s, nil
	}
	table := p.rels.OfType("/sharedStrings")
	if table == "" {
		return "", fmt.Errorf("%w: %s: cell %s!%s points to shared string %d, but the workbook has no shared string table; it is damaged: open it in a spreadsheet app, save it again, and try again",
			ErrOpen, p.file, sheet, c.Pos, i)
	}
	return "", fmt.Errorf("%w: %s: cell %s!%s points to shared string %d, but %s holds only %s (numbered from 0); the workbook is damaged: open it in a spreadsheet app, save it again, and try again",
		ErrOpen, p.file, sheet, c.Pos, i, table, count(p.sst.total, "string", "strings"))
}

// richText reads the text of a string item (<si>, <is>) whose start element
// was just read: its <t> and its runs' <t>, without phonetic hints (<rPh>),
// cut at maxText bytes.
func richText(t *opc.Tokens) (string, error) {
	var b textBuilder
	depth, inT, inPh := 1, false, 0
	for depth > 0 {
		tok, err := t.Next()
		if err != nil {
			return "", err
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			depth++
			switch tk.Name.Local {
			case "t":
				inT = true
			case "rPh":
				inPh++
			}
		case xml.EndElement:
			depth--
			switch tk.Name.Local {
			case "t":
				inT = false
			case "rPh":
				inPh--
			}
		case xml.CharData:
			if inT && inPh == 0 {
				b.write(tk)
			}
		}
	}
	return b.String(), nil
}
