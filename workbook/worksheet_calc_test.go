package workbook

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// A worksheet as a student uses it in LibreOffice Calc: typed into,
// recalculated by Calc, saved by Calc, and graded from what Calc saved.

// blankRefs lists the sheet cells of the blanks of g at B2.
func blankRefs(g solve.Grid) []string {
	n := g.Shape.Size
	var out []string
	for i := range n * n {
		if g.Cells[i] == 0 {
			out = append(out, layoutB2.Add(i/n, i%n).String())
		}
	}
	return out
}

// digitAt is the digit of g at sheet cell ref of a board at B2.
func digitAt(t *testing.T, g solve.Grid, ref string) int {
	t.Helper()
	p, err := layout.ParsePos(ref)
	require.NoError(t, err)
	return g.At(p.Row-layoutB2.Row, p.Col-layoutB2.Col)
}

func TestWorksheetInCalc(t *testing.T) {
	skipWithoutCalc(t)
	ws, p, sol := writeWorksheet(t, classicBook(t), WorksheetOptions{SelfCheck: true, LiveCandidates: true})
	blanks := blankRefs(p.Grid)
	const sheet = "Worksheet"

	t.Run("entries, a wrong one, and Check my work", func(t *testing.T) {
		current := p.Grid
		var set []calcSet
		for k, ref := range blanks[:4] {
			d := digitAt(t, sol, ref)
			if k == 3 {
				// Wrong, but repeating nothing: a digit the cell still allows.
				cands := current.Candidates()
				pos, _ := layout.ParsePos(ref)
				i := (pos.Row-2)*9 + pos.Col - 2
				for _, c := range cands[i].List() {
					if c != d {
						d = c
						break
					}
				}
				require.NotEqual(t, digitAt(t, sol, ref), d)
			}
			pos, _ := layout.ParsePos(ref)
			current.Set(pos.Row-2, pos.Col-2, d)
			set = append(set, calcSet{Sheet: sheet, Cell: ref, Input: strconv.Itoa(d)})
		}
		given := layoutB2.String() // B2 holds the given 5
		set = append(set, calcSet{Sheet: sheet, Cell: given, Input: "9"})
		set = append(set, calcSet{Sheet: sheet, Cell: "H14", Input: "Yes"})
		out := filepath.Join(t.TempDir(), "saved-by-calc.xlsx")
		res := runCalc(t, ws, out, calcJob{
			Set:        set,
			Read:       []calcRange{{Sheet: sheet, Range: "B12"}, {Sheet: sheet, Range: "AK2:AS10"}, {Sheet: "Candidates", Range: "B2:AB28"}},
			Protection: []calcRange{{Sheet: sheet, Range: "B2:J10"}, {Sheet: sheet, Range: "H14"}},
		})
		assert.False(t, res.Repaired, "the worksheet opens without repair")
		assert.Empty(t, res.LoadErrors)
		assert.True(t, res.Protected[sheet], "the worksheet is protected")
		assert.True(t, res.Protected["Answers"], "the answers are protected")
		assert.Equal(t, []string{sheet + "!" + given}, res.Refused, "a given cannot be typed over")

		// The status and the wrong-entry flags, as Calc computed them.
		assert.Equal(t, "1 entry is wrong", res.Values[sheet+"!B12"])
		for r := range 9 {
			for c := range 9 {
				ref := layout.Pos{Col: 37 + c, Row: 2 + r}.String()
				want := ""
				if ref2 := layoutB2.Add(r, c).String(); ref2 == blanks[3] {
					want = "w"
				}
				assert.Equal(t, want, res.Values[sheet+"!"+ref], "helper %s", ref)
			}
		}
		// Locked givens, unlocked blanks and the Check cell.
		for r := range 9 {
			for c := range 9 {
				ref := sheet + "!" + layoutB2.Add(r, c).String()
				assert.Equal(t, p.Grid.At(r, c) != 0, res.Locked[ref], ref)
			}
		}
		assert.False(t, res.Locked[sheet+"!H14"])

		assertLiveCandidates(t, res, current)

		// What Calc saved grades as typed, by the identity Calc kept.
		rs, err := ReadReturned(out, Options{}, nil)
		require.NoError(t, err)
		var m *Marking
		for _, r := range rs {
			if r.Puzzle.Sheet == sheet {
				m, err = GradeReturned(r)
				require.NoError(t, err)
			}
		}
		require.NotNil(t, m, "the worksheet keeps its identity when Calc saves it")
		assert.Equal(t, "stored identity", m.By)
		assert.Equal(t, 3, m.Correct)
		assert.Equal(t, 1, m.Wrong)
		assert.Equal(t, []string{sheet + "!" + blanks[3]}, m.Cells(Wrong))
		assert.Equal(t, 0, m.Changed)
	})

	t.Run("a digit typed as text", func(t *testing.T) {
		// '4 in Calc (or a pasted "4") is a digit to the sheet: Check my
		// work does not call it wrong, and the live candidates take it (a
		// walk of 3 December: "1 entry is wrong", and its block empty).
		current := p.Grid
		d := digitAt(t, sol, blanks[0])
		pos, _ := layout.ParsePos(blanks[0])
		current.Set(pos.Row-2, pos.Col-2, d)
		res := runCalc(t, ws, "", calcJob{
			Set: []calcSet{{Sheet: sheet, Cell: blanks[0], Input: "'" + strconv.Itoa(d)}, {Sheet: sheet, Cell: "H14", Input: "Yes"}},
			Read: []calcRange{{Sheet: sheet, Range: "B12"}, {Sheet: sheet, Range: "AK2:AS10"}, {Sheet: sheet, Range: blanks[0]},
				{Sheet: "Candidates", Range: "B2:AB28"}},
		})
		require.Equal(t, "text", res.Types[sheet+"!"+blanks[0]], "typed as text")
		assert.Equal(t, fmt.Sprintf("%d cells to go", len(blanks)-1), res.Values[sheet+"!B12"])
		for r := range 9 {
			for c := range 9 {
				ref := layout.Pos{Col: 37 + c, Row: 2 + r}.String()
				assert.Empty(t, res.Values[sheet+"!"+ref], "wrong-entry helper %s", ref)
			}
		}
		assertLiveCandidates(t, res, current)
	})

	t.Run("solved", func(t *testing.T) {
		var set []calcSet
		for _, ref := range blanks {
			set = append(set, calcSet{Sheet: sheet, Cell: ref, Input: strconv.Itoa(digitAt(t, sol, ref))})
		}
		out := filepath.Join(t.TempDir(), "solved.xlsx")
		res := runCalc(t, ws, out, calcJob{Set: set, Read: []calcRange{{Sheet: sheet, Range: "B12"}}})
		assert.Equal(t, StatusSolvedText, res.Values[sheet+"!B12"])
		rs, err := ReadReturned(out, Options{Sheet: sheet}, nil)
		require.NoError(t, err)
		m, err := GradeReturned(rs[0])
		require.NoError(t, err)
		assert.Equal(t, len(blanks), m.Correct)
	})

	t.Run("pasted text is not a digit", func(t *testing.T) {
		// Every blank right but one, which holds what validation would
		// have refused had it been typed: the grid is not solved, and
		// grading counts that entry wrong, as the sheet shows it, even
		// when it is the right digit with a space (grade and hint read
		// "9 " as 9, and gave full marks to a sheet that said "an entry
		// is not a digit").
		last := blanks[len(blanks)-1]
		right := strconv.Itoa(digitAt(t, sol, last))
		// An error value, whose helper formulas were errors that the
		// status did not count: it said "Solved!" (a walk of 3 December).
		for _, bad := range []string{"five", "5.5", "x", `="` + right + ` "`, `=" ` + right + `"`, "=1/0", "=NA()"} {
			var set []calcSet
			for k, ref := range blanks {
				in := strconv.Itoa(digitAt(t, sol, ref))
				if k == len(blanks)-1 {
					in = bad
				}
				set = append(set, calcSet{Sheet: sheet, Cell: ref, Input: in})
			}
			out := filepath.Join(t.TempDir(), "pasted.xlsx")
			res := runCalc(t, ws, out, calcJob{Set: set, Read: []calcRange{{Sheet: sheet, Range: "B12"}}})
			assert.Equal(t, layout.StatusNotDigit, res.Values[sheet+"!B12"], "%q", bad)
			rs, err := ReadReturned(out, Options{Sheet: sheet}, nil)
			require.NoError(t, err)
			m, err := GradeReturned(rs[0])
			require.NoError(t, err)
			assert.Equal(t, len(blanks)-1, m.Correct, "%q", bad)
			assert.Equal(t, []string{sheet + "!" + last}, m.Cells(Wrong), "%q", bad)
		}
	})

	t.Run("a repeat and the count", func(t *testing.T) {
		// Two of the first row's blanks get the same digit.
		d := digitAt(t, sol, blanks[0])
		res := runCalc(t, ws, "", calcJob{
			Set:  []calcSet{{Sheet: sheet, Cell: blanks[0], Input: strconv.Itoa(d)}, {Sheet: sheet, Cell: blanks[1], Input: strconv.Itoa(d)}},
			Read: []calcRange{{Sheet: sheet, Range: "B12"}, {Sheet: sheet, Range: "AA2:AI2"}},
		})
		assert.Equal(t, "a digit repeats", res.Values[sheet+"!B12"])
		flagged := 0
		for c := range 9 {
			if res.Values[fmt.Sprintf("%s!%s2", sheet, layout.ColumnName(27+c))] == "x" {
				flagged++
			}
		}
		assert.Equal(t, 2, flagged)

		res = runCalc(t, ws, "", calcJob{Set: []calcSet{{Sheet: sheet, Cell: blanks[0], Input: strconv.Itoa(d)}}, Read: []calcRange{{Sheet: sheet, Range: "B12"}}})
		assert.Equal(t, fmt.Sprintf("%d cells to go", len(blanks)-1), res.Values[sheet+"!B12"])
	})
}

// assertLiveCandidates checks the live Candidates sheet of a 9x9
// worksheet as Calc computed it (res read Candidates!B2:AB28) against the
// grid current: a filled cell shows its digit only, an empty one the
// digits its units still allow.
func assertLiveCandidates(t *testing.T, res calcResult, current solve.Grid) {
	t.Helper()
	cands := current.Candidates()
	for r := range 9 {
		for c := range 9 {
			for d := 1; d <= 9; d++ {
				pos := layoutB2.Add(r*3+(d-1)/3, c*3+(d-1)%3)
				want := ""
				if cands[r*9+c].Has(d) {
					want = strconv.Itoa(d)
				}
				assert.Equal(t, want, res.Values["Candidates!"+pos.String()], "r%dc%d digit %d", r+1, c+1, d)
			}
		}
	}
}

// StatusSolvedText is what the status cell shows when the grid is full and
// no digit repeats.
const StatusSolvedText = layout.StatusSolved

func TestWorksheetInCalcSixteen(t *testing.T) {
	skipWithoutCalc(t)
	f := newBook(t, "Big")
	g, err := solve.ParseLine(first16x16(t))
	require.NoError(t, err)
	putGrid(t, f, "Big", layoutB2, g)
	in := save(t, f, "big.xlsx")
	p, err := Read(in, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	ws := filepath.Join(t.TempDir(), "ws.xlsx")
	_, err = WriteWorksheet(p, sol, ws, Options{}, WorksheetOptions{LiveCandidates: true})
	require.NoError(t, err)

	// Type the first two blanks' digits as a student would: letters in
	// lower case for 10 and up, numbers for the rest.
	blanks := blankRefs(p.Grid)
	current := p.Grid
	// One blank whose digit is a letter, one whose digit is a number.
	var typed []string
	for _, letter := range []bool{true, false} {
		for _, ref := range blanks {
			if (digitAt(t, sol, ref) >= 10) == letter {
				typed = append(typed, ref)
				break
			}
		}
	}
	require.Len(t, typed, 2)
	var set []calcSet
	for _, ref := range typed {
		d := digitAt(t, sol, ref)
		in := strings.ToLower(solve.DigitString(d))
		set = append(set, calcSet{Sheet: "Worksheet", Cell: ref, Input: in})
		pos, _ := layout.ParsePos(ref)
		current.Set(pos.Row-2, pos.Col-2, d)
	}
	out := filepath.Join(t.TempDir(), "saved.xlsx")
	res := runCalc(t, ws, out, calcJob{Set: set, Read: []calcRange{{Sheet: "Worksheet", Range: "B19"}, {Sheet: "Candidates", Range: "B2:BM65"}}})
	assert.Equal(t, fmt.Sprintf("%d cells to go", len(blanks)-2), res.Values["Worksheet!B19"])
	cands := current.Candidates()
	for r := range 16 {
		for c := range 16 {
			for d := 1; d <= 16; d++ {
				pos := layoutB2.Add(r*4+(d-1)/4, c*4+(d-1)%4)
				want := ""
				if cands[r*16+c].Has(d) {
					want = solve.DigitString(d)
				}
				got := strings.ToUpper(res.Values["Candidates!"+pos.String()])
				assert.Equal(t, want, got, "r%dc%d digit %d", r+1, c+1, d)
			}
		}
	}
	// What Calc saved grades the lower-case letters as right.
	rs, err := ReadReturned(out, Options{Sheet: "Worksheet"}, nil)
	require.NoError(t, err)
	m, err := GradeReturned(rs[0])
	require.NoError(t, err)
	assert.Equal(t, 2, m.Correct)
	assert.Equal(t, 0, m.Wrong)

	// 10 and up typed as a number (pasted: validation refuses it typed) is
	// no digit on the sheet, which compares letters, nor in its grade.
	number := calcSet{Sheet: "Worksheet", Cell: typed[0], Input: strconv.Itoa(digitAt(t, sol, typed[0]))}
	res = runCalc(t, ws, out, calcJob{Set: []calcSet{number, set[1]}, Read: []calcRange{{Sheet: "Worksheet", Range: "B19"}}})
	assert.Equal(t, layout.StatusNotDigit, res.Values["Worksheet!B19"])
	rs, err = ReadReturned(out, Options{Sheet: "Worksheet"}, nil)
	require.NoError(t, err)
	m, err = GradeReturned(rs[0])
	require.NoError(t, err)
	assert.Equal(t, 1, m.Correct)
	assert.Equal(t, []string{"Worksheet!" + typed[0]}, m.Cells(Wrong))
}
