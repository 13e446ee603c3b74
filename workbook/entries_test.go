package workbook

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// withEntries returns the classic puzzle with the solution's digits in its
// first n blank cells.
func withEntries(t *testing.T, n int) (givens, current solve.Grid) {
	t.Helper()
	givens = grid(t, classic)
	sol, err := solve.Solve(givens)
	require.NoError(t, err)
	current = givens
	for i := range current.Cells {
		if n > 0 && current.Cells[i] == 0 {
			current.Cells[i] = sol.Cells[i]
			n--
		}
	}
	return givens, current
}

// entryBook writes current at B2 of sheet "Week 3": the cells that are
// givens with style given, the others with style entry (0: no style), and
// then lets extra style the workbook further.
func entryBook(t *testing.T, givens, current solve.Grid, given, entry *excelize.Style, extra func(*excelize.File)) string {
	t.Helper()
	f := newBook(t, "Week 3")
	putGrid(t, f, "Week 3", layoutB2, current)
	id := func(s *excelize.Style) int {
		if s == nil {
			return 0
		}
		n, err := f.NewStyle(s)
		require.NoError(t, err)
		return n
	}
	g, e := id(given), id(entry)
	for i, d := range current.Cells[:81] {
		if d == 0 {
			continue
		}
		ref := layoutB2.Add(i/9, i%9).String()
		st := e
		if givens.Cells[i] != 0 {
			st = g
		}
		require.NoError(t, f.SetCellStyle("Week 3", ref, ref, st))
	}
	if extra != nil {
		extra(f)
	}
	return save(t, f, "student.xlsx")
}

func TestReadEntries(t *testing.T) {
	givens, current := withEntries(t, 12)
	bold := &excelize.Style{Font: &excelize.Font{Bold: true}}
	plain := &excelize.Style{Font: &excelize.Font{Bold: false}}
	unlocked := &excelize.Style{Protection: &excelize.Protection{Locked: false}}
	shaded := &excelize.Style{Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"E3E3E3"}}}
	blue := &excelize.Style{Font: &excelize.Font{Color: "1F4FD1"}}
	black := &excelize.Style{Font: &excelize.Font{Color: "000000"}}
	// Boxes 1, 3, 5, 7 and 9 shaded, blank cells too: the fill tells
	// nothing.
	shadeBoxes := func(f *excelize.File) {
		st, err := f.NewStyle(shaded)
		require.NoError(t, err)
		for _, box := range []int{0, 2, 4, 6, 8} {
			r, c := box/3*3, box%3*3
			from, to := layoutB2.Add(r, c).String(), layoutB2.Add(r+2, c+2).String()
			require.NoError(t, f.SetCellStyle("Week 3", from, to, st))
		}
	}
	tests := []struct {
		name         string
		given, entry *excelize.Style
		extra        func(*excelize.File)
		by           string // "" when entries cannot be told apart
	}{
		{"bold givens, plain entries", bold, nil, nil, "bold"},
		{"bold givens, entries with a plain font", bold, plain, nil, "bold"},
		{"locked givens, unlocked entries", nil, unlocked, nil, "cell protection (locked givens, unlocked entries)"},
		{"shaded givens", shaded, nil, nil, "fill"},
		{"blue entries", black, blue, nil, "font colour"},
		{"shaded boxes", nil, nil, shadeBoxes, ""},
		{"all alike", nil, nil, nil, ""},
		{"all bold", bold, bold, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := entryBook(t, givens, current, tt.given, tt.entry, tt.extra)
			p, cur, err := ReadEntries(in, Options{})
			require.NoError(t, err)
			assert.Equal(t, "Week 3", p.Sheet)
			assert.Equal(t, current, cur, "current holds givens and entries")
			if tt.by == "" {
				assert.Equal(t, current, p.Grid, "every digit is a given")
				want := "every digit looks the same"
				if tt.name == "all bold" {
					want = "all 42 digits are bold givens; no entries yet"
				}
				assert.Contains(t, p.Notes[len(p.Notes)-1], want)
				return
			}
			assert.Equal(t, givens, p.Grid)
			assert.Equal(t, "Week 3!B2:J10: told givens from entries by "+tt.by+": 30 givens, 12 entries", p.Notes[len(p.Notes)-1])

			// Read reads every digit as a given, as before.
			q, err := Read(in, Options{})
			require.NoError(t, err)
			assert.Equal(t, current, q.Grid)
		})
	}
}

func TestReadEntriesConflicts(t *testing.T) {
	bold := &excelize.Style{Font: &excelize.Font{Bold: true}}
	givens, current := withEntries(t, 5)
	// A wrong entry: 5 in r2c2 repeats r2c6's given.
	require.Zero(t, current.At(1, 1))
	current.Set(1, 1, 5)
	in := entryBook(t, givens, current, bold, nil, nil)
	p, cur, err := ReadEntries(in, Options{})
	require.NoError(t, err, "an entry that contradicts a given is the hint command's to report")
	assert.Equal(t, givens, p.Grid)
	assert.Equal(t, 5, cur.At(1, 1))
	_, err = solve.ExplainFrom(p.Grid, cur)
	assert.Error(t, err)

	// Givens that contradict each other are an error, as with Read.
	bad := givens
	bad.Set(0, 2, 5)
	in = entryBook(t, bad, bad, bold, nil, nil)
	_, _, err = ReadEntries(in, Options{})
	var ce *ConflictError
	require.ErrorAs(t, err, &ce)
	assert.ErrorIs(t, err, solve.ErrConflict)
	assert.Contains(t, err.Error(), "Week 3!")
	assert.Contains(t, err.Error(), "the givens contradict each other")

	// Every digit alike (all bold), a wrong entry among them: the clash
	// may be the entry's, and the advice says so (found by a hunt: it
	// said only that the givens contradict each other).
	in = entryBook(t, givens, current, bold, bold, nil)
	_, _, err = ReadEntries(in, Options{})
	require.ErrorAs(t, err, &ce)
	assert.ErrorIs(t, err, ErrInvalid)
	assert.Contains(t, err.Error(), "as every digit looks the same and all were read as givens, an entry among them is wrong")
}

func TestReadEntriesOptions(t *testing.T) {
	// The same options and detection as Read: a puzzle elsewhere, on a
	// named sheet.
	givens, current := withEntries(t, 3)
	f := newBook(t, "Cover")
	_, err := f.NewSheet("Puzzle")
	require.NoError(t, err)
	at := layout.Pos{Col: 4, Row: 5}
	putGrid(t, f, "Puzzle", at, current)
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	require.NoError(t, err)
	for i, d := range givens.Cells[:81] {
		if d != 0 {
			ref := at.Add(i/9, i%9).String()
			require.NoError(t, f.SetCellStyle("Puzzle", ref, ref, bold))
		}
	}
	in := save(t, f, "elsewhere.xlsx")
	for _, opts := range []Options{{}, {Sheet: "Puzzle", Range: "D5:L13"}} {
		p, cur, err := ReadEntries(in, opts)
		require.NoError(t, err)
		assert.Equal(t, "D5:L13", p.Range)
		assert.Equal(t, givens, p.Grid)
		assert.Equal(t, current, cur)
		assert.Equal(t, "Puzzle!E6", p.CellName(1, 1))
	}
	_, _, err = ReadEntries(in, Options{Sheet: "Nope"})
	assert.ErrorIs(t, err, ErrUsage)
}

func TestCountNouns(t *testing.T) {
	for n, want := range map[int]string{0: "0 entries", 1: "1 entry", 2: "2 entries"} {
		assert.Equal(t, want, count(n, "entry", "entries"))
	}
}
