package workbook

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
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
	last := 0 // the largest N of a sheet "Puzzle N"
	for _, s := range sheets {
		if strings.EqualFold(s.name, want) {
			opts.Sheet = s.name
			// A book of a sheet per puzzle lists it in its Catalogue too
			// (not one from before 25 November 2026, nor worksheets).
			if c := slices.IndexFunc(sheets, func(c sheetRef) bool { return c.name == SheetCatalogue }); c >= 0 {
				if rows, _, box, err := pk.catalogue(sheets[c]); err == nil {
					if sheet, _, ok := splitRef(rows[n][1]); ok && sheet == s.name {
						opts.bookLine = rows[n][0]
						if opts.Box == "" {
							opts.Box = box // "" for the size's default boxes
						}
					}
				}
			}
			return opts, nil
		}
		if k, err := strconv.Atoi(strings.TrimPrefix(s.name, "Puzzle ")); err == nil && strings.HasPrefix(s.name, "Puzzle ") {
			last = max(last, k)
		}
	}
	for _, s := range sheets {
		if s.name != SheetCatalogue {
			continue
		}
		rows, last, box, err := pk.catalogue(s)
		if err != nil {
			return opts, err
		}
		row, ok := rows[n]
		if !ok {
			return opts, fmt.Errorf("%w: %s has puzzles 1 to %d in its Catalogue, not %d", ErrUsage, pk.file, last, n)
		}
		line, where := row[0], row[1]
		side := int(math.Round(math.Sqrt(float64(len([]rune(line))))))
		sheet, cell, ok := splitRef(where)
		head, err := layout.ParsePos(cell)
		if !ok || err != nil || side*side != len([]rune(line)) {
			return opts, fmt.Errorf("%w: %s: row %d of the Catalogue is damaged (%q, %q)", ErrOpen, pk.file, n+1, line, where)
		}
		opts.Sheet = sheet
		opts.Range = layout.RectAt(head.Add(1, 0), side, side).String()
		opts.bookLine = line
		if opts.Box == "" {
			// A book from before the Catalogue named its boxes leaves
			// them to the puzzle's digits (guessBox).
			opts.Box, opts.guessBox = box, box == ""
		}
		return opts, nil
	}
	if last > 0 {
		return opts, fmt.Errorf("%w: %s has sheets Puzzle 1 to Puzzle %d, not %q", ErrUsage, pk.file, last, want)
	}
	// A book of one puzzle (generate -n 1) has a sheet "Puzzle" and no
	// Catalogue: its puzzle 1 is there.
	if i := slices.IndexFunc(sheets, func(s sheetRef) bool { return strings.EqualFold(s.name, "Puzzle") }); i >= 0 {
		if n == 1 {
			opts.Sheet = sheets[i].name
			return opts, nil
		}
		return opts, fmt.Errorf("%w: %s holds one puzzle, on its sheet %q, not %d; give --puzzle 1, or leave --puzzle out", ErrUsage, pk.file, sheets[i].name, n)
	}
	return opts, fmt.Errorf("%w: %s is not a book made by xlsudoku generate: it has no sheet %q and no Catalogue; give --sheet and --range instead", ErrUsage, pk.file, want)
}

// splitRef splits a Catalogue's "Where", such as 'Puzzle 2'!B1, into
// its sheet, unquoted, and its cell.
func splitRef(where string) (sheet, cell string, ok bool) {
	i := strings.LastIndex(where, "!")
	if i < 0 {
		return "", "", false
	}
	return strings.Trim(where[:i], "'"), where[i+1:], true
}

// catalogue reads the Catalogue: for each number (column A), the puzzle
// line (column F) and where it is (column H); last is the largest number;
// box is the box shape its puzzle column's header names ("Puzzle, 3x2
// boxes"), or "" for the default.
func (pk *pkg) catalogue(s sheetRef) (rows map[int][2]string, last int, box string, err error) {
	scan, err := pk.scanSheet(s, layout.Rect{Min: layout.Pos{Col: 1, Row: 1}, Max: layout.Pos{Col: 8, Row: layout.MaxRow}}, false)
	if err != nil {
		return nil, 0, "", err
	}
	text := map[layout.Pos]string{}
	for _, c := range scan.cells {
		v, err := pk.valueOf(s.name, c)
		if err != nil {
			return nil, 0, "", err
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
	if h := text[layout.Pos{Col: cataloguePuzzle, Row: 1}]; strings.HasSuffix(h, " boxes") {
		if _, after, ok := strings.Cut(strings.TrimSuffix(h, " boxes"), ", "); ok {
			box = after
		}
	}
	rows = map[int][2]string{}
	for pos, t := range text {
		if pos.Col != 1 || pos.Row == 1 {
			continue
		}
		n, err := strconv.Atoi(t)
		if err != nil || n < 1 {
			continue
		}
		rows[n] = [2]string{text[layout.Pos{Col: 6, Row: pos.Row}], text[layout.Pos{Col: 8, Row: pos.Row}]}
		last = max(last, n)
	}
	return rows, last, box, nil
}

// bookShape is the box shape to read puzzle pz of a book with (pz read
// with its size's default boxes) when the book does not name it: of the
// default and its transpose, the one whose rules its digits fit and, when
// both do, the one that gives it one solution, then several, then none,
// as detection chooses. ok is false when both give it one solution: only
// the user can say which is meant.
func bookShape(pz solve.Grid) (s solve.Shape, ok bool) {
	def := pz.Shape
	alt := solve.Shape{Size: def.Size, BoxRows: def.BoxCols, BoxCols: def.BoxRows}
	if alt == def {
		return def, true
	}
	rank := func(s solve.Shape) int {
		q := pz
		q.Shape = s
		if len(q.Conflicts()) > 0 {
			return 3
		}
		var sv solve.Solver
		return solutionRank(sv.Count(&q, 2, nil))
	}
	rd, ra := rank(def), rank(alt)
	if ra < rd {
		return alt, true
	}
	return def, rd < ra || rd != solutionRank(1)
}
