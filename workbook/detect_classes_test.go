package workbook

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// sparse is a puzzle with 17 givens, the fewest a 9x9 can have.
const sparse = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

// TestDetectBadCellInSparseGrid: a sparse 9x9 with one cell that is not a
// digit (text, a fraction, a boolean, a number past 9) is never taken for
// a smaller grid inside it, wherever the cell and the grid are: the bad
// cell is named.
func TestDetectBadCellInSparseGrid(t *testing.T) {
	g := grid(t, sparse)
	places := []layout.Pos{layoutB2, {Col: 3, Row: 3}, {Col: 1, Row: 1}, {Col: 5, Row: 2}}
	for k, tt := range []struct {
		name, cell, shown string
		onBlank           bool // in a blank cell of the puzzle rather than a given's
	}{
		{"text", `<c r="%s" t="inlineStr"><is><t>x</t></is></c>`, `"x"`, false},
		{"5.5", `<c r="%s"><v>5.5</v></c>`, "5.5", false},
		{"TRUE", `<c r="%s" t="b"><v>1</v></c>`, "TRUE", false},
		{"10", `<c r="%s"><v>10</v></c>`, "10", false},
		{"16", `<c r="%s" t="inlineStr"><is><t>16</t></is></c>`, `"16"`, false},
		{"letter", `<c r="%s" t="inlineStr"><is><t>G</t></is></c>`, `"G"`, false},
		{"in a blank", `<c r="%s" t="inlineStr"><is><t>?</t></is></c>`, `"?"`, true},
	} {
		for _, at := range []layout.Pos{places[k%len(places)]} {
			t.Run(fmt.Sprintf("%s at %s", tt.name, at), func(t *testing.T) {
				for i, d := range g.Cells[:81] {
					if (d == 0) != tt.onBlank || tt.onBlank && i%5 != 0 {
						continue
					}
					ref := at.Add(i/9, i%9).String()
					path := save(t, newBook(t, "Sheet1"), "p.xlsx")
					setSheetData(t, path, gridRows(g, at, map[string]string{ref: fmt.Sprintf(tt.cell, ref)}))
					_, err := Read(path, Options{})
					var ce *CellErrors
					require.ErrorAs(t, err, &ce, "%s at %s", tt.name, ref)
					require.Len(t, ce.Cells, 1)
					assert.Equal(t, ref, ce.Cells[0].Cell)
					assert.Equal(t, tt.shown, ce.Cells[0].Value)
					assert.Contains(t, ce.Cells[0].Reason, "is not a digit 1-9")
				}
			})
		}
	}
}

// sheetOf builds a workbook whose sheet "Game" has fill's cells.
func sheetOf(t *testing.T, fill func(f *excelize.File)) string {
	f := newBook(t, "Game")
	fill(f)
	return save(t, f, "game.xlsx")
}

func put(t *testing.T, f *excelize.File, cell string, v any) {
	require.NoError(t, f.SetCellValue("Game", cell, v))
}

// TestDetectNotRivals: blocks that are not puzzles do not compete with
// the puzzle on the same sheet: an answer key, a 0/1 mask, labels around
// the grid, a row of checks under it, a second copy of the puzzle.
func TestDetectNotRivals(t *testing.T) {
	classicAt := layout.Pos{Col: 3, Row: 3} // C3:K11
	sol, err := solve.Solve(grid(t, classic))
	require.NoError(t, err)
	for _, tt := range []struct {
		name   string
		fill   func(f *excelize.File)
		puzzle solve.Grid
		where  string
		notes  []string
	}{
		{"answer key after", func(f *excelize.File) {
			putGrid(t, f, "Game", classicAt, grid(t, classic))
			putGrid(t, f, "Game", layout.Pos{Col: 14, Row: 3}, sol)
		}, grid(t, classic), "Game!C3:K11", nil},
		{"answer key before", func(f *excelize.File) {
			putGrid(t, f, "Game", layout.Pos{Col: 3, Row: 15}, grid(t, classic))
			putGrid(t, f, "Game", classicAt, sol)
		}, grid(t, classic), "Game!C15:K23", nil},
		{"answer key at B2:J10", func(f *excelize.File) {
			putGrid(t, f, "Game", layoutB2, sol)
			putGrid(t, f, "Game", layout.Pos{Col: 13, Row: 2}, grid(t, classic))
		}, grid(t, classic), "Game!M2:U10", nil},
		{"0/1 mask", func(f *excelize.File) {
			putGrid(t, f, "Game", classicAt, grid(t, classic))
			for r := range 9 {
				for c := range 9 {
					put(t, f, layout.Pos{Col: 14 + c, Row: 3 + r}.String(), (r+c)%3/2)
				}
			}
		}, grid(t, classic), "Game!C3:K11", nil},
		{"0/1 mask, sparse puzzle", func(f *excelize.File) {
			putGrid(t, f, "Game", classicAt, grid(t, sparse))
			for r := range 12 {
				for c := range 12 {
					put(t, f, layout.Pos{Col: 14 + c, Row: 1 + r}.String(), (r*c+1)%2)
				}
			}
		}, grid(t, sparse), "Game!C3:K11", nil},
		{"labels", func(f *excelize.File) {
			putGrid(t, f, "Game", classicAt, grid(t, sparse))
			for i := 1; i <= 9; i++ {
				put(t, f, layout.Pos{Col: 2 + i, Row: 2}.String(), i)
				put(t, f, layout.Pos{Col: 2, Row: 2 + i}.String(), i)
			}
		}, grid(t, sparse), "Game!C3:K11", nil},
		{"labels below and right", func(f *excelize.File) {
			putGrid(t, f, "Game", classicAt, grid(t, sparse))
			for i := 1; i <= 9; i++ {
				put(t, f, layout.Pos{Col: 2 + i, Row: 12}.String(), i)
				put(t, f, layout.Pos{Col: 12, Row: 2 + i}.String(), i)
			}
		}, grid(t, sparse), "Game!C3:K11", nil},
		{"row of checks", func(f *excelize.File) {
			putGrid(t, f, "Game", classicAt, grid(t, sparse))
			for c := range 9 {
				put(t, f, layout.Pos{Col: 3 + c, Row: 12}.String(), 9)
			}
		}, grid(t, sparse), "Game!C3:K11", nil},
		{"row of checks under B2:J10", func(f *excelize.File) {
			putGrid(t, f, "Game", layoutB2, grid(t, classic))
			for c := range 9 {
				put(t, f, layout.Pos{Col: 2 + c, Row: 11}.String(), 9)
				put(t, f, layout.Pos{Col: 11, Row: 2 + c}.String(), 1)
			}
		}, grid(t, classic), "Game!B2:J10", nil},
		{"a copy", func(f *excelize.File) {
			putGrid(t, f, "Game", classicAt, grid(t, classic))
			putGrid(t, f, "Game", layout.Pos{Col: 3, Row: 14}, grid(t, classic))
		}, grid(t, classic), "Game!C3:K11", []string{"Game!C14:K22 holds a copy of it, left alone"}},
		{"a copy beside the default place", func(f *excelize.File) {
			putGrid(t, f, "Game", layout.Pos{Col: 13, Row: 2}, grid(t, sparse))
			putGrid(t, f, "Game", layoutB2, grid(t, sparse))
			put(t, f, "K5", 7)
		}, grid(t, sparse), "Game!B2:J10", []string{"Game!M2:U10 holds a copy of it, left alone"}},
		{"a column of digits beside C3:K11", func(f *excelize.File) {
			putGrid(t, f, "Game", classicAt, grid(t, classic))
			for r, d := range []int{3, 1, 4, 1, 5, 9, 2, 6, 5} {
				put(t, f, layout.Pos{Col: 12, Row: 3 + r}.String(), d)
			}
		}, grid(t, classic), "Game!C3:K11", nil},
		{"a stray digit beside B2:J10", func(f *excelize.File) {
			putGrid(t, f, "Game", layoutB2, grid(t, sparse))
			put(t, f, "K6", 3)
		}, grid(t, sparse), "Game!B2:J10", nil},
		{"a stray digit above B2:J10", func(f *excelize.File) {
			putGrid(t, f, "Game", layoutB2, grid(t, sparse))
			put(t, f, "E1", 2)
		}, grid(t, sparse), "Game!B2:J10", nil},
		{"0/1 mask at B2:J10", func(f *excelize.File) {
			for r := range 9 {
				for c := range 9 {
					put(t, f, layoutB2.Add(r, c).String(), (r+2*c)%3%2)
				}
			}
			putGrid(t, f, "Game", layout.Pos{Col: 2, Row: 14}, grid(t, sparse))
		}, grid(t, sparse), "Game!B14:J22", nil},
		{"a puzzle breaking the rules", func(f *excelize.File) {
			putGrid(t, f, "Game", classicAt, grid(t, classic))
			broken := relabelled(grid(t, sparse))
			broken.Set(0, 8, broken.At(0, 0))
			putGrid(t, f, "Game", layout.Pos{Col: 3, Row: 15}, broken)
		}, grid(t, classic), "Game!C3:K11", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Read(sheetOf(t, tt.fill), Options{})
			require.NoError(t, err)
			assert.Equal(t, tt.where, p.Where())
			assert.Equal(t, tt.puzzle, p.Grid)
			for _, n := range tt.notes {
				assert.Contains(t, p.Notes, n)
			}
			// No copy is noted but the ones there are.
			var copies, want []string
			for _, n := range p.Notes {
				if strings.Contains(n, "holds a copy") {
					copies = append(copies, n)
				}
			}
			for _, n := range tt.notes {
				if strings.Contains(n, "holds a copy") {
					want = append(want, n)
				}
			}
			assert.ElementsMatch(t, want, copies)
		})
	}
}

// TestDetectAcrossSheets: a puzzle on a later sheet wins over a mask or an
// answer key on an earlier one; among puzzles, the first sheet's.
func TestDetectAcrossSheets(t *testing.T) {
	sol, err := solve.Solve(grid(t, classic))
	require.NoError(t, err)
	f := newBook(t, "Mask")
	for r := range 12 {
		for c := range 12 {
			require.NoError(t, f.SetCellValue("Mask", layout.Pos{Col: 3 + c, Row: 3 + r}.String(), (r+c)%2))
		}
	}
	for i, name := range []string{"Key", "Week 1", "Week 2"} {
		_, err := f.NewSheet(name)
		require.NoError(t, err)
		g := []solve.Grid{sol, grid(t, sparse), grid(t, classic)}[i]
		putGrid(t, f, name, layout.Pos{Col: 4, Row: 4}, g)
	}
	p, err := Read(save(t, f, "sheets.xlsx"), Options{})
	require.NoError(t, err)
	assert.Equal(t, "Week 1!D4:L12", p.Where())
	assert.Equal(t, grid(t, sparse), p.Grid)
}

// TestDetectRuleBreakerAlone: a block that breaks the rules is taken when
// nothing else fits, and the error says where it was found.
func TestDetectRuleBreakerAlone(t *testing.T) {
	g := grid(t, classic)
	g.Set(0, 2, 5) // E3: row 3 now holds 5 at C3 and E3
	path := sheetOf(t, func(f *excelize.File) { putGrid(t, f, "Game", layout.Pos{Col: 3, Row: 3}, g) })
	_, err := Read(path, Options{})
	var ce *ConflictError
	require.ErrorAs(t, err, &ce)
	assert.ErrorIs(t, err, ErrInvalid)
	assert.Equal(t, "found a 9x9 puzzle at Game!C3:K11, but its givens break the rules:\nGame!C3 and Game!E3 both hold 5 (row 3)\nthe givens contradict each other: correct them and run again", err.Error())

	// A 0/1 mask alone: many clashes, the first ten named.
	path = sheetOf(t, func(f *excelize.File) {
		for r := range 9 {
			for c := range 9 {
				put(t, f, layout.Pos{Col: 3 + c, Row: 3 + r}.String(), (r+c+1)%3%2)
			}
		}
	})
	_, err = Read(path, Options{})
	require.ErrorAs(t, err, &ce)
	lines := strings.Split(err.Error(), "\n")
	assert.Equal(t, "found a 9x9 puzzle at Game!C3:K11, but its givens break the rules:", lines[0])
	assert.Len(t, lines, 13)
	assert.Equal(t, fmt.Sprintf("... and %d more", len(ce.Conflicts)-10), lines[11])

	// Several: listed, and said to break the rules.
	path = sheetOf(t, func(f *excelize.File) {
		putGrid(t, f, "Game", layout.Pos{Col: 3, Row: 3}, g)
		putGrid(t, f, "Game", layout.Pos{Col: 14, Row: 3}, relabelled(g))
	})
	_, err = Read(path, Options{})
	require.ErrorIs(t, err, ErrAmbiguous)
	assert.Contains(t, err.Error(), "no block fits the rules, and these blocks, each with a digit twice in a row, column or box, could each be the puzzle")
	assert.Contains(t, err.Error(), "--range C3:K11   (9x9, 31 givens)")
}

// TestDetectListsTheLikeliest: many places that could be the puzzle are
// listed five at most, the likeliest (here: bordered) first, with how
// many more there are.
func TestDetectListsTheLikeliest(t *testing.T) {
	path := sheetOf(t, func(f *excelize.File) {
		var bs []excelize.Border
		for _, side := range []string{"left", "top", "right", "bottom"} {
			bs = append(bs, excelize.Border{Type: side, Color: "000000", Style: 1})
		}
		id, err := f.NewStyle(&excelize.Style{Border: bs})
		require.NoError(t, err)
		g := grid(t, classic)
		for k := range 8 {
			at := layout.Pos{Col: 2 + 11*(k%4), Row: 13 + 11*(k/4)}
			h := g
			for i, d := range h.Cells[:81] {
				if d != 0 {
					h.Cells[i] = uint8((int(d)+k-1)%9 + 1) // another puzzle each time
				}
			}
			putGrid(t, f, "Game", at, h)
			if k == 6 {
				require.NoError(t, f.SetCellStyle("Game", at.String(), at.Add(8, 8).String(), id))
			}
		}
	})
	_, err := Read(path, Options{})
	require.ErrorIs(t, err, ErrAmbiguous)
	msg := err.Error()
	assert.Contains(t, msg, "(the likeliest 5 of 8)")
	assert.Equal(t, 5, strings.Count(msg, "\n  --sheet Game --range "), msg)
	assert.Contains(t, msg, "pick one with\n  --sheet Game --range X24:AF32   (9x9, 30 givens)\n", "the bordered one first")
}

// TestDetectBoxByItsLines: a 6x6 whose digits fit both box shapes and
// have one solution with each (generate -n 1 --size 6 --box 3x2 --seed 12
// makes one) is read with the boxes the sheet draws with heavy lines; with
// none drawn, with the default ones.
func TestDetectBoxByItsLines(t *testing.T) {
	const line = "6..13.........6..43..5.........23..6"
	tall := solve.Shape{Size: 6, BoxRows: 3, BoxCols: 2}
	for _, s := range []solve.Shape{solve.Shape6, tall} {
		g, err := solve.ParseLine(line)
		require.NoError(t, err)
		g.Shape = s
		var sv solve.Solver
		require.Equal(t, 1, sv.Count(&g, 2, nil), "the test needs a puzzle with one solution with %v boxes", s)
	}
	at := layout.Pos{Col: 3, Row: 3} // C3:H8
	where := "Game!" + layout.RectAt(at, 6, 6).String()
	for _, tc := range []struct {
		name  string
		drawn solve.Shape // zero: no lines
		style int         // excelize's border style: 2 medium, 5 thick, 6 double
		want  solve.Shape
		note  string
	}{
		{"thick tall boxes", tall, 5, tall, "found a 6x6 puzzle with 3x2 boxes at " + where},
		{"medium tall boxes", tall, 2, tall, "found a 6x6 puzzle with 3x2 boxes at " + where},
		{"double tall boxes", tall, 6, tall, "found a 6x6 puzzle with 3x2 boxes at " + where},
		{"thick wide boxes", solve.Shape6, 5, solve.Shape6, "found a 6x6 puzzle at " + where},
		{"thin lines only", tall, 1, solve.Shape6, "found a 6x6 puzzle at " + where},
		{"no lines", solve.Shape{}, 0, solve.Shape6, "found a 6x6 puzzle at " + where},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := solve.ParseLine(line)
			require.NoError(t, err)
			path := sheetOf(t, func(f *excelize.File) {
				putGrid(t, f, "Game", at, g)
				drawBoxes(t, f, at, tc.drawn, tc.style)
			})
			p, err := Read(path, Options{})
			require.NoError(t, err)
			assert.Equal(t, tc.want, p.Grid.Shape)
			assert.Equal(t, []string{tc.note}, p.Notes)
		})
	}
}

// drawBoxes draws the lines between the boxes of shape s (none for the
// zero Shape) on sheet Game from at, in excelize's border style: each cell
// the right and bottom sides that end a box, as a spreadsheet user would.
func drawBoxes(t *testing.T, f *excelize.File, at layout.Pos, s solve.Shape, style int) {
	t.Helper()
	for r := range s.Size {
		for c := range s.Size {
			var borders []excelize.Border
			if c < s.Size-1 && (c+1)%s.BoxCols == 0 {
				borders = append(borders, excelize.Border{Type: "right", Style: style, Color: "000000"})
			}
			if r < s.Size-1 && (r+1)%s.BoxRows == 0 {
				borders = append(borders, excelize.Border{Type: "bottom", Style: style, Color: "000000"})
			}
			if borders == nil {
				continue
			}
			id, err := f.NewStyle(&excelize.Style{Border: borders})
			require.NoError(t, err)
			cell := at.Add(r, c).String()
			require.NoError(t, f.SetCellStyle("Game", cell, cell, id))
		}
	}
}

// TestBoxesOtherThanDrawn: a 6x6 read with boxes (by --box, or the
// default ones of a --range) other than those the sheet draws, or than
// those with which it is a puzzle, says so. With one solution either way
// (a walk of 2 December: it printed the other solution, exit 0) it warns;
// breaking the rules, or with no solution or several, the error gives the
// --box that makes it a puzzle rather than calling the givens wrong.
func TestBoxesOtherThanDrawn(t *testing.T) {
	tall := solve.Shape{Size: 6, BoxRows: 3, BoxCols: 2}
	at := layout.Pos{Col: 3, Row: 3}
	rng := layout.RectAt(at, 6, 6).String()
	// Each line has exactly one solution with 3x2 boxes, and with 2x3
	// boxes as the name says.
	const (
		both      = "6..13.........6..43..5.........23..6"
		clash     = "5.3..4.4..15............25..3.4..3.1"
		none      = "5..326......32.4....5.62......653..4"
		several   = "..36..2....54..........25....3..64.."
		same      = "3..6..4...5...3.......321......5...6" // one solution, the same, with either boxes
		drawnNote = " (the boxes the sheet draws with heavy lines)"
	)
	lineAs := func(line string, s solve.Shape) solve.Grid {
		g, err := solve.ParseLine(line)
		require.NoError(t, err)
		g.Shape = s
		return g
	}
	for line, wide := range map[string]int{both: 1, clash: -1, none: 0, several: 2} {
		require.Equal(t, 1, solve.CountSolutions(lineAs(line, tall), 2), line)
		if wide < 0 {
			g := lineAs(line, solve.Shape6)
			require.NotEmpty(t, g.Conflicts(), line)
		} else {
			require.Equal(t, wide, solve.CountSolutions(lineAs(line, solve.Shape6), 2), line)
		}
	}
	a, err := solve.Solve(lineAs(same, tall))
	require.NoError(t, err)
	b, err := solve.Solve(lineAs(same, solve.Shape6))
	require.NoError(t, err)
	require.Equal(t, a.Cells, b.Cells, "the test needs a puzzle solved alike with either boxes")
	warning := "warning: Game!" + rng + " was read with 2x3 boxes, but the sheet draws 3x2 boxes with heavy lines, with which the puzzle has another solution: if those are its boxes, give --box 3x2"
	for _, tc := range []struct {
		name  string
		line  string
		drawn solve.Shape
		opts  Options
		warn  bool   // the read warns
		err   error  // the read (Read, and Solve after it) fails so
		msg   string // ... with this in its message
	}{
		{"range, tall drawn", both, tall, Options{Range: rng}, true, nil, ""},
		{"range and box, tall drawn", both, tall, Options{Range: rng, Box: "2x3"}, true, nil, ""},
		{"box alone, tall drawn", both, tall, Options{Box: "2x3"}, true, nil, ""},
		{"range, wide drawn", both, solve.Shape6, Options{Range: rng}, false, nil, ""},
		{"range, tall drawn, the same solution", same, tall, Options{Range: rng}, false, nil, ""},
		{"range, none drawn", both, solve.Shape{}, Options{Range: rng}, false, nil, ""},
		{"detected, tall drawn", both, tall, Options{}, false, nil, ""},
		{"clash, tall drawn", clash, tall, Options{Range: rng}, false, solve.ErrConflict,
			"the givens contradict each other with these boxes, but with 3x2 boxes" + drawnNote + " it breaks no rule and has exactly one solution: give --box 3x2"},
		{"clash, none drawn", clash, solve.Shape{}, Options{Range: rng}, false, solve.ErrConflict,
			"but with 3x2 boxes it breaks no rule and has exactly one solution: give --box 3x2"},
		{"no solution", none, tall, Options{Range: rng}, false, solve.ErrNoSolution,
			"no digit fits some blank cell whatever the others hold; with 3x2 boxes" + drawnNote + " it breaks no rule and has exactly one solution: give --box 3x2"},
		{"several", several, solve.Shape{}, Options{Range: rng}, false, solve.ErrNotUnique,
			"; with 3x2 boxes it breaks no rule and has exactly one solution: give --box 3x2; or add "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := sheetOf(t, func(f *excelize.File) {
				putGrid(t, f, "Game", at, lineAs(tc.line, solve.Shape6))
				drawBoxes(t, f, at, tc.drawn, 5)
			})
			p, err := Read(path, tc.opts)
			if err == nil {
				_, err = p.Solve()
				assert.Equal(t, tc.warn, slices.Contains(p.Notes, warning), "%q", p.Notes)
			}
			if tc.err == nil {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, tc.err)
			assert.Contains(t, err.Error(), tc.msg)
		})
	}
}

// TestBoxesAdviceDropsBox: a puzzle of the default boxes read with a
// --box of the other ones is told to drop --box, not to give the default.
func TestBoxesAdviceDropsBox(t *testing.T) {
	const wide = "14.5....3.1..3........4..5.3....6.52" // one solution with 2x3 boxes, none with 3x2
	g, err := solve.ParseLine(wide)
	require.NoError(t, err)
	require.Equal(t, 1, solve.CountSolutions(g, 2))
	at := layout.Pos{Col: 3, Row: 3}
	path := sheetOf(t, func(f *excelize.File) { putGrid(t, f, "Game", at, g) })
	p, err := Read(path, Options{Range: layout.RectAt(at, 6, 6).String(), Box: "3x2"})
	if err == nil {
		_, err = p.Solve()
	}
	require.ErrorIs(t, err, solve.ErrNoSolution)
	assert.ErrorContains(t, err, "with 2x3 boxes it breaks no rule and has exactly one solution: drop --box (its boxes are the default ones)")
}

// TestBoxesAdviceOfEntries: hint's reading (ReadEntries), whose clash
// advice speaks of entries read as givens, keeps the --box advice too.
func TestBoxesAdviceOfEntries(t *testing.T) {
	const clash = "5.3..4.4..15............25..3.4..3.1" // clashes with 2x3 boxes; one solution with 3x2
	g, err := solve.ParseLine(clash)
	require.NoError(t, err)
	at := layout.Pos{Col: 3, Row: 3}
	path := sheetOf(t, func(f *excelize.File) { putGrid(t, f, "Game", at, g) })
	_, _, err = ReadEntries(path, Options{Range: layout.RectAt(at, 6, 6).String()})
	require.ErrorIs(t, err, solve.ErrConflict)
	assert.ErrorContains(t, err, "an entry among them is wrong")
	assert.ErrorContains(t, err, "; or, with 3x2 boxes it breaks no rule and has exactly one solution: give --box 3x2")
}

// TestDetectBox: --box alone picks the box shape and leaves detection on;
// without it, a grid whose digits fit only the other box shape is read
// with that one.
func TestDetectBox(t *testing.T) {
	tall := solve.Shape{Size: 6, BoxRows: 3, BoxCols: 2}
	g, _ := solvedPuzzle(t, tall)
	wide := g
	wide.Shape = solve.Shape6
	require.NotEmpty(t, wide.Conflicts(), "the test needs digits that clash in 2x3 boxes")
	for _, at := range []layout.Pos{layoutB2, {Col: 4, Row: 3}} {
		path := sheetOf(t, func(f *excelize.File) { putGrid(t, f, "Game", at, g) })
		where := "Game!" + layout.RectAt(at, 6, 6).String()

		p, err := Read(path, Options{Box: "3x2"})
		require.NoError(t, err)
		assert.Equal(t, where, p.Where())
		assert.Equal(t, g, p.Grid)
		assert.Equal(t, []string{"found a 6x6 puzzle at " + where}, p.Notes)

		p, err = Read(path, Options{})
		require.NoError(t, err)
		assert.Equal(t, g, p.Grid)
		assert.Equal(t, []string{"found a 6x6 puzzle with 3x2 boxes at " + where}, p.Notes)

		_, err = Read(path, Options{Box: "2x2"})
		require.ErrorIs(t, err, ErrNoPuzzle)
		assert.Contains(t, err.Error(), "no square block of digits and blanks with 2x2 boxes")
	}
	_, err := Read(classicBook(t), Options{Box: "5x5"})
	require.ErrorIs(t, err, ErrUsage)
	assert.Contains(t, err.Error(), "--box 5x5 fits no grid size")
}

// TestDetectMessagesThatLeadSomewhere: what detection says when it finds
// no puzzle leads to the puzzle, or to its error (a walk of 3 December):
// a table of scores is no puzzle (it was "more than one puzzle found",
// exit 2, listing blocks of scores); --box of another shape names the
// puzzle the sheet holds (it advised --range B2:J10, which then failed
// on the box); an empty workbook says so (it advised --range B2:J10,
// which said "is empty"); and on a workbook of one sheet, --range alone
// names the cells that are not digits (it said "name the sheet with
// --sheet").
func TestDetectMessagesThatLeadSomewhere(t *testing.T) {
	scores := sheetOf(t, func(f *excelize.File) {
		rng := rand.New(rand.NewPCG(1, 2))
		for c, h := range []string{"Name", "Q1", "Q2", "Q3"} {
			put(t, f, layout.Pos{Col: c + 1, Row: 1}.String(), h)
		}
		for r := 2; r <= 30; r++ {
			put(t, f, layout.Pos{Col: 1, Row: r}.String(), fmt.Sprintf("Pupil %d", r))
			for c := 2; c <= 4; c++ {
				put(t, f, layout.Pos{Col: c, Row: r}.String(), 1+rng.IntN(9))
			}
		}
	})
	_, err := Read(scores, Options{})
	require.ErrorIs(t, err, ErrNoPuzzle)
	assert.NotErrorIs(t, err, ErrAmbiguous)
	assert.Contains(t, err.Error(), `sheet "Game" holds blocks of digits (`)
	assert.Contains(t, err.Error(), "repeat in their rows, columns or boxes far more than a typo makes, so none is taken for a puzzle")

	nine := sheetOf(t, func(f *excelize.File) { putGrid(t, f, "Game", layout.Pos{Col: 2, Row: 2}, grid(t, classic)) })
	_, err = Read(nine, Options{Box: "3x2"})
	require.ErrorIs(t, err, ErrNoPuzzle)
	assert.Contains(t, err.Error(), `no square block of digits and blanks with 3x2 boxes was found, but sheet "Game" holds a 9x9 puzzle at B2:J10, with 3x3 boxes: drop --box`)

	dates := sheetOf(t, func(f *excelize.File) {
		g := grid(t, classic)
		date, err := f.NewStyle(&excelize.Style{NumFmt: 14})
		require.NoError(t, err)
		for i, d := range g.Cells[:81] {
			if d != 0 {
				ref := layout.Pos{Col: 2 + i%9, Row: 2 + i/9}.String()
				put(t, f, ref, int(d))
				require.NoError(t, f.SetCellStyle("Game", ref, ref, date))
			}
		}
	})
	// An empty workbook says so: --range B2:J10, which it advised,
	// said "is empty".
	empty := sheetOf(t, func(f *excelize.File) {})
	_, err = Read(empty, Options{})
	require.ErrorIs(t, err, ErrNoPuzzle)
	assert.Contains(t, err.Error(), `sheet "Game" is empty; type the puzzle there (at B2:J10 for a 9x9`)

	_, err = Read(dates, Options{Range: "B2:J10"})
	var ce *CellErrors
	require.ErrorAs(t, err, &ce)
	assert.Contains(t, err.Error(), "Game!B2: ")
	assert.Contains(t, err.Error(), "(it is a date)")
}
