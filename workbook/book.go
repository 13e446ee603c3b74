package workbook

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/layout"
)

// A book made by "xlsudoku generate" reads back puzzle by puzzle
// (Options.Puzzle): a book of worksheets or of a sheet per puzzle has a
// sheet "Puzzle N" for each; a tiled book lists each puzzle in its
// Catalogue sheet, with the puzzle as one line and the cell of its
// heading on the Puzzles sheet (the board starts the row below).

// bookPuzzle turns opts.Puzzle into the sheet and range of that puzzle.
func (pk *pkg) bookPuzzle(opts Options) (Options, error) {
	n := opts.Puzzle
	if opts.Sheet != "" || opts.Range != "" {
		return opts, fmt.Errorf("%w: give --puzzle, or --sheet and --range, not both", ErrUsage)
	}
	sheets := pk.worksheets()
	want := fmt.Sprintf("Puzzle %d", n)
	for _, s := range sheets {
		if strings.EqualFold(s.name, want) {
			opts.Sheet = s.name
			return opts, nil
		}
	}
	for _, s := range sheets {
		if s.name != SheetCatalogue {
			continue
		}
		rows, last, err := pk.catalogue(s)
		if err != nil {
			return opts, err
		}
		row, ok := rows[n]
		if !ok {
			return opts, fmt.Errorf("%w: %s has puzzles 1 to %d in its Catalogue, not %d", ErrUsage, pk.file, last, n)
		}
		line, where := row[0], row[1]
		side := int(math.Round(math.Sqrt(float64(len([]rune(line))))))
		i := strings.LastIndex(where, "!")
		head, err := layout.ParsePos(where[i+1:])
		if i < 0 || err != nil || side*side != len([]rune(line)) {
			return opts, fmt.Errorf("%w: %s: row %d of the Catalogue is damaged (%q, %q)", ErrOpen, pk.file, n+1, line, where)
		}
		opts.Sheet = strings.Trim(where[:i], "'")
		opts.Range = layout.RectAt(head.Add(1, 0), side, side).String()
		return opts, nil
	}
	return opts, fmt.Errorf("%w: %s is not a book made by xlsudoku generate: it has no sheet %q and no Catalogue; give --sheet and --range instead", ErrUsage, pk.file, want)
}

// catalogue reads the Catalogue: for each number (column A), the puzzle
// line (column F) and where it is (column H); last is the largest number.
func (pk *pkg) catalogue(s sheetRef) (rows map[int][2]string, last int, err error) {
	scan, err := pk.scanSheet(s, layout.Rect{Min: layout.Pos{Col: 1, Row: 2}, Max: layout.Pos{Col: 8, Row: layout.MaxRow}}, false)
	if err != nil {
		return nil, 0, err
	}
	text := map[layout.Pos]string{}
	for _, c := range scan.cells {
		v, err := pk.valueOf(s.name, c)
		if err != nil {
			return nil, 0, err
		}
		t := v.shown
		if u, err := strconv.Unquote(t); err == nil {
			t = u
		}
		if v.isNum {
			t = strconv.FormatFloat(v.number, 'f', -1, 64)
		}
		text[c.Pos] = strings.TrimSpace(t)
	}
	rows = map[int][2]string{}
	for pos, t := range text {
		if pos.Col != 1 {
			continue
		}
		n, err := strconv.Atoi(t)
		if err != nil || n < 1 {
			continue
		}
		rows[n] = [2]string{text[layout.Pos{Col: 6, Row: pos.Row}], text[layout.Pos{Col: 8, Row: pos.Row}]}
		last = max(last, n)
	}
	return rows, last, nil
}
