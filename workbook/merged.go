package workbook

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"

	"github.com/xlsudoku/xlsudoku/layout"
)

// hiddenByMerges refuses a puzzle with a given under merged cells but
// the first: a merged range shows only its first cell's value, and
// LibreOffice, merging, may keep the others' ("keep the contents of the
// hidden cells"). Solved with it, the puzzle would not be the one the
// sheet shows, which may even have another solution.
func (pk *pkg) hiddenByMerges(p *Puzzle) error {
	if p.stored {
		return nil // a worksheet's givens, whatever its cells show
	}
	sh, err := pk.findSheet(pk.worksheets(), p.Sheet)
	if err != nil {
		return nil // not read from a sheet of cells: nothing merged
	}
	merges, err := pk.mergedRanges(sh)
	if err != nil {
		return err
	}
	e := &CellErrors{File: p.File, Range: p.Where()}
	for _, m := range merges {
		for r := max(m.Min.Row, p.area.Min.Row); r <= min(m.Max.Row, p.area.Max.Row); r++ {
			for c := max(m.Min.Col, p.area.Min.Col); c <= min(m.Max.Col, p.area.Max.Col); c++ {
				at := layout.Pos{Col: c, Row: r}
				d := p.Grid.At(r-p.area.Min.Row, c-p.area.Min.Col)
				if at == m.Min || d == 0 {
					continue
				}
				e.Total++
				if len(e.Cells) < maxCellErrors {
					e.Cells = append(e.Cells, &CellError{File: p.File, Sheet: p.Sheet, Cell: at.String(), Value: p.Digit(d),
						Reason: fmt.Sprintf("is hidden under the merged cells %s, which show only %s's value: unmerge them, or clear %s", m, m.Min, at)})
				}
			}
		}
	}
	if e.Total > 0 {
		return e
	}
	return nil
}

// mergedRanges returns the merged ranges of sheet sh. Most sheets have
// none, and the part is then only searched, not parsed: a megabyte at a
// time, as a sheet may be as big as a streamed part (one of 40 MB was
// refused as more than the 32 MiB of a part read whole, then read whole,
// its size in memory: a walk and a review of 3 December).
func (pk *pkg) mergedRanges(sh sheetRef) ([]layout.Rect, error) {
	r, err := pk.OpenStreamed(sh.part)
	if err != nil {
		return nil, pk.partErr(sh.part, err)
	}
	defer r.Close()
	merges, err := mergesIn(r, 1<<20)
	if err != nil {
		return nil, pk.partErr(sh.part, err)
	}
	return merges, nil
}

// mergesIn reads the merged ranges of the sheet XML of r, searching it
// chunk bytes at a time for the first mention of them.
func mergesIn(r io.Reader, chunk int) ([]layout.Rect, error) {
	mention := []byte("mergeCell")
	buf := make([]byte, 0, chunk+64)
	for {
		// The last bytes of the chunk before go first: a mention, and the
		// '<' of its element, may straddle two chunks.
		keep := buf[max(0, len(buf)-64):]
		buf = append(buf[:0], keep...)
		n, rerr := io.ReadFull(r, buf[len(buf):len(buf)+chunk])
		buf = buf[:len(buf)+n]
		if i := bytes.Index(buf, mention); i >= 0 {
			// From the element before the first mention: <mergeCells>
			// or a prefixed one; what precedes it (the cells) is read
			// already.
			j := bytes.LastIndexByte(buf[:i], '<')
			if j < 0 {
				j = i
			}
			return mergesFrom(io.MultiReader(bytes.NewReader(buf[j:]), r)), nil
		}
		switch {
		case rerr == io.EOF || rerr == io.ErrUnexpectedEOF:
			return nil, nil
		case rerr != nil:
			return nil, rerr
		}
	}
}

// mergesFrom reads the ranges of the <mergeCell> elements of r.
func mergesFrom(r io.Reader) []layout.Rect {
	d := xml.NewDecoder(r)
	var out []layout.Rect
	for {
		tok, err := d.RawToken()
		if err != nil {
			return out // the end, or past the merges: what follows was read before
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "mergeCell" {
			if r, err := layout.ParseRect(attr(se, "ref")); err == nil {
				out = append(out, r)
			}
		}
	}
}
