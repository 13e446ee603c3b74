package layout

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/solve"
)

// A worksheet is a puzzle for a student to fill in a spreadsheet app: the
// classic board at GridOrigin with the givens bold and locked, the blanks
// unlocked and shaded, the sheet protected, and formulas only (no macros)
// that check the entries as they are typed:
//
//   - data validation on every blank (a digit, or for 12x12 and 16x16 a
//     digit or a letter A-G as the text format writes 10-16);
//   - hidden helper columns right of the board, one block per check: "x"
//     where a digit repeats in its row, column or box ("v" where a cell
//     holds no digit at all: pasted text, which validation does not
//     guard), and with self-check "w" where an entry differs from the
//     answer (on a hidden sheet);
//   - conditional formats that shade the cells the helpers flag;
//   - a status cell under the board: "51 cells to go", "a digit repeats",
//     "an entry is not a digit", "Solved!".
//
// Only COUNTIF, COUNTBLANK, IF, AND, OR, ISERROR, ISNUMBER, ISTEXT, LEN,
// INT, FIND and UPPER are used, which Excel, LibreOffice Calc and Google Sheets
// evaluate alike, and conditional formats refer only to their own sheet
// (Google Sheets allows nothing else).

// The worksheet's colours.
const (
	BlankFill   = "FFF7D6" // cells to fill in: pale yellow
	RepeatFill  = "FFC7CE" // a digit that repeats: light red
	RepeatColor = "9C0006"
	WrongFill   = "F8CBAD" // an entry that differs from the answer: orange
	WrongColor  = "833C0B"
)

// Status texts of a worksheet, as its formula writes them.
const (
	StatusSolved   = "Solved!"
	StatusRepeats  = "a digit repeats"
	StatusNotDigit = "an entry is not a digit" // pasted text, 5.5: a cell validation did not guard
)

// WorksheetOptions choose what a worksheet checks.
type WorksheetOptions struct {
	Title  string
	Header string // printed atop the page: the title of a set of worksheets; "" for none
	// AnswerSheet names the (hidden) sheet holding the solution at
	// GridOrigin, as AnswerSheet draws it: with it, the worksheet has a
	// "Check my work" cell that shades wrong entries when set to Yes.
	AnswerSheet string
	// Identity, when set, is written into a hidden cell right of the
	// board (IdentityCell): a copy of what the workbook stores in a
	// defined name, for when an app that saves the file drops its names.
	Identity string
}

// Worksheet is a fillable sheet and where its parts are.
type Worksheet struct {
	Sheet
	Grid   Rect // the puzzle's cells
	Status Pos  // the status cell
	Check  Pos  // the "Check my work" cell; zero without an answer sheet
}

// IdentityCell is where a worksheet of side n at GridOrigin holds its
// Identity: in the hidden column just left of its helper columns.
func IdentityCell(n int) Pos {
	return Pos{GridOrigin.Col + n + helperGap - 1, GridOrigin.Row}
}

// helperGap is how far right of the board the hidden helper columns
// start: out of the printed area and out of sight.
const helperGap = 16

// WorksheetSheet draws givens as a worksheet; see the top of this file.
func WorksheetSheet(givens solve.Grid, opts WorksheetOptions) Worksheet {
	s := givens.Shape
	n := s.Size
	at := GridOrigin
	ws := Worksheet{Grid: RectAt(at, n, n)}
	board := SolutionBoard(givens, givens, at)
	for i := range board.Cells {
		c := &board.Cells[i]
		r, col := c.Pos.Row-at.Row, c.Pos.Col-at.Col
		if d := givens.At(r, col); d != 0 {
			c.Number, c.Text = DigitValue(d, n)
			continue
		}
		c.Style.Unlocked, c.Style.Fill, c.Style.Color = true, BlankFill, FilledColor
	}
	width := 0.0
	for _, w := range board.ColWidths {
		width += w
	}
	row := func(r int) Rect { return Rect{Pos{at.Col, r}, Pos{at.Col + n - 1, r}} }
	var sh Sheet
	sh.Add(Title(opts.Title, row(at.Row-1), width))
	sh.Add(board)
	sh.ColWidths[1] = MarginColWidth

	// Helper blocks: repeats, then (with an answer sheet) wrong entries.
	repeats := RectAt(Pos{at.Col + n + helperGap, at.Row}, n, n)
	wrong := RectAt(Pos{repeats.Max.Col + 2, at.Row}, n, n)
	ws.Status = Pos{at.Col, at.Row + n + 1}
	if opts.AnswerSheet != "" {
		// Yes or No fits a column of a small board, whose label then has
		// the rest: three columns of 4x4 hold "Check my work:" where one
		// printed "work:".
		answerCols := 3
		if n <= 6 {
			answerCols = 1
		}
		ws.Check = Pos{at.Col + n - answerCols, at.Row + n + 3}
	}
	box := func(r, c int) Rect {
		r0, c0 := r-r%s.BoxRows, c-c%s.BoxCols
		return RectAt(at.Add(r0, c0), s.BoxRows, s.BoxCols)
	}
	hidden := Style{Hide: true}
	for r := range n {
		for c := range n {
			x := at.Add(r, c).String()
			// An error value (=1/0, a pasted #N/A) is no digit: tested
			// first, as x="" on it is an error too, which COUNTIF skips.
			f := fmt.Sprintf(`IF(ISERROR(%s),"v",IF(%s="","",IF(%s,IF(OR(COUNTIF(%s,%s)>1,COUNTIF(%s,%s)>1,COUNTIF(%s,%s)>1),"x",""),"v")))`,
				x, x, validEntry(x, n), row(at.Row+r).Absolute(), x, RectAt(Pos{at.Col + c, at.Row}, n, 1).Absolute(), x, box(r, c).Absolute(), x)
			sh.Cells = append(sh.Cells, Cell{Pos: repeats.Min.Add(r, c), Formula: f, Style: hidden})
			if opts.AnswerSheet == "" || givens.At(r, c) != 0 {
				continue
			}
			f = fmt.Sprintf(`IF(ISERROR(%s),"",IF(OR(%s="",%s<>"Yes"),"",IF(%s=%s!%s,"","w")))`,
				x, x, ws.Check.absolute(), entryValue(x), quoteSheet(opts.AnswerSheet), x)
			sh.Cells = append(sh.Cells, Cell{Pos: wrong.Min.Add(r, c), Formula: f, Style: hidden})
		}
	}
	for c := repeats.Min.Col; c <= repeats.Max.Col; c++ {
		sh.HiddenCols = append(sh.HiddenCols, c)
	}
	if opts.Identity != "" {
		id := Pos{repeats.Min.Col - 1, at.Row}
		sh.Cells = append(sh.Cells, Cell{Pos: id, Text: opts.Identity, Style: hidden})
		sh.HiddenCols = append(sh.HiddenCols, id.Col)
	}
	if opts.AnswerSheet != "" {
		for c := wrong.Min.Col - 1; c <= wrong.Max.Col; c++ {
			sh.HiddenCols = append(sh.HiddenCols, c)
		}
	}

	// The status line, and the instructions under it.
	grid := ws.Grid.Absolute()
	blanks := "COUNTBLANK(" + grid + ")"
	status := fmt.Sprintf(`IF(COUNTIF(%s,"v")>0,"%s",IF(COUNTIF(%s,"x")>0,"%s",`, repeats.Absolute(), StatusNotDigit, repeats.Absolute(), StatusRepeats)
	closing := "))"
	if opts.AnswerSheet != "" {
		wrongs := fmt.Sprintf(`COUNTIF(%s,"w")`, wrong.Absolute())
		status += fmt.Sprintf(`IF(%s>0,IF(%s=1,"1 entry is wrong",%s&" entries are wrong"),`, wrongs, wrongs, wrongs)
		closing += ")"
	}
	status += fmt.Sprintf(`IF(%s=0,"%s",IF(%s=1,"1 cell to go",%s&" cells to go"))`, blanks, StatusSolved, blanks, blanks) + closing
	// Wrapped, in a row as tall as its longest text needs: on a 4x4 or a
	// 6x6 it ran past the board's width, and printed cut at both ends
	// ("n entry is not a digi": a walk of 3 December).
	statusStyle := Style{FontSize: 14, Bold: true, HAlign: AlignCenter, VAlign: AlignCenter, Hide: true, Wrap: true}
	statusHeight := max(24, TextHeight(StatusNotDigit, width, 14))
	sh.Add(Board{Area: row(ws.Status.Row), RowHeights: map[int]float64{ws.Status.Row: statusHeight},
		Cells:  []Cell{{Pos: ws.Status, Formula: status, Style: statusStyle}},
		Merges: []Rect{row(ws.Status.Row)}})
	note := instructions(n, opts.AnswerSheet != "")
	sh.Add(Board{Area: row(ws.Status.Row + 1), RowHeights: map[int]float64{ws.Status.Row + 1: TextHeight(note, width, 9)},
		Cells: []Cell{{Pos: Pos{at.Col, ws.Status.Row + 1}, Text: note,
			Style: Style{FontSize: 9, HAlign: AlignCenter, VAlign: AlignCenter, Wrap: true}}},
		Merges: []Rect{row(ws.Status.Row + 1)}})
	if opts.AnswerSheet != "" {
		label := Rect{Pos{at.Col, ws.Check.Row}, Pos{ws.Check.Col - 1, ws.Check.Row}}
		answer := Rect{ws.Check, Pos{at.Col + n - 1, ws.Check.Row}}
		const checkLabel = "Check my work:"
		labelWidth := 0.0
		for c := label.Min.Col; c <= label.Max.Col; c++ {
			labelWidth += board.ColWidths[c]
		}
		// On 4x4 the label takes two lines rather than run off the page.
		height := max(20, TextHeight(checkLabel, labelWidth, 11))
		cells := []Cell{{Pos: label.Min, Text: checkLabel, Style: Style{Bold: true, HAlign: AlignEnd, VAlign: AlignCenter, Wrap: true}}}
		for c := answer.Min.Col; c <= answer.Max.Col; c++ {
			// Every cell of the merged answer carries its part of the
			// frame, or its right side is not drawn.
			st := Style{Bold: true, HAlign: AlignCenter, VAlign: AlignCenter, Unlocked: true, Fill: BlankFill, Border: Borders{Top: Thin, Bottom: Thin}}
			if c == answer.Min.Col {
				st.Border.Left = Thin
			}
			if c == answer.Max.Col {
				st.Border.Right = Thin
			}
			cell := Cell{Pos: Pos{c, ws.Check.Row}, Style: st}
			if c == answer.Min.Col {
				cell.Text = "No"
			}
			cells = append(cells, cell)
		}
		var merges []Rect
		for _, m := range []Rect{label, answer} {
			if m.Min != m.Max {
				merges = append(merges, m)
			}
		}
		sh.Add(Board{Area: label.Union(answer), RowHeights: map[int]float64{ws.Check.Row: height}, Cells: cells, Merges: merges})
		sh.Validations = append(sh.Validations, Validation{
			Ranges: []Rect{{ws.Check, ws.Check}}, Kind: "list", List: []string{"Yes", "No"},
			InputTitle: "Check my work", Input: "Choose Yes to shade the entries that are wrong.",
			ErrorTitle: "Yes or No", Message: "Choose Yes or No from the list.",
		})
	}

	// What may be typed into the blanks, and the shading.
	for _, run := range blankRuns(givens, at) {
		sh.Validations = append(sh.Validations, entryValidation(run, n))
	}
	sh.CondFormats = append(sh.CondFormats, CondFormat{
		Range: ws.Grid, Formula: `OR(` + repeats.Min.String() + `="x",` + repeats.Min.String() + `="v")`,
		Style: Style{Fill: RepeatFill, Color: RepeatColor, Bold: true},
	})
	if opts.AnswerSheet != "" {
		sh.CondFormats = append(sh.CondFormats, CondFormat{
			Range: ws.Grid, Formula: wrong.Min.String() + `="w"`,
			Style: Style{Fill: WrongFill, Color: WrongColor, Bold: true},
		})
	}
	sh.Protect = true
	sh.Print = OnePage(sh.Area)
	sh.Print.Header = opts.Header
	// The helpers lie right of the printed area; keep Area to what shows.
	ws.Sheet = sh
	return ws
}

// instructions is the line under the status.
func instructions(n int, check bool) string {
	what := fmt.Sprintf("a digit 1-%d", n)
	if n > 9 {
		what = fmt.Sprintf("a digit 1-9 or a letter A-%c (A is 10)", 'A'+n-10)
	}
	text := fmt.Sprintf("Type %s in each shaded cell so that every row, column and box holds each once. A digit that repeats turns red.", what)
	if check {
		text += " Set Check my work to Yes to see wrong entries."
	}
	return text
}

// entryValidation is the rule for the blanks of run.
func entryValidation(run Rect, n int) Validation {
	v := Validation{Ranges: []Rect{run}, InputTitle: "Your entry", ErrorTitle: "Not a digit"}
	if n <= 9 {
		v.Kind, v.Min, v.Max = "whole", 1, n
		v.Input = fmt.Sprintf("Type a digit from 1 to %d.", n)
		v.Message = fmt.Sprintf("Type a whole number from 1 to %d, or press Delete to empty the cell.", n)
		return v
	}
	x := run.Min.String()
	letters := solve.DigitString(10)
	for d := 11; d <= n; d++ {
		letters += solve.DigitString(d)
	}
	v.Kind = "custom"
	v.Formula = fmt.Sprintf(`OR(AND(ISNUMBER(%s),%s>=1,%s<=9,INT(%s)=%s),AND(ISTEXT(%s),LEN(%s)=1,ISNUMBER(FIND(UPPER(%s),"%s"))))`,
		x, x, x, x, x, x, x, x, letters)
	v.Input = fmt.Sprintf("Type a digit 1-9, or a letter from A to %s for 10 to %d.", solve.DigitString(n), n)
	v.Message = fmt.Sprintf("Type a digit 1-9 or a letter A-%s (A is 10), or press Delete to empty the cell.", solve.DigitString(n))
	return v
}

// validEntry is a formula true when cell x holds what may be typed into
// a blank of an n x n worksheet (entryValidation): a whole number 1-9 (at
// most n), or a one-character text of a digit or, past 9x9, a letter for
// 10 and up, as grading reads them. Built of IFs so that text meets no
// arithmetic, which would be an error, not false.
func validEntry(x string, n int) string {
	chars := ""
	for d := 1; d <= n; d++ {
		chars += solve.DigitString(d)
	}
	return fmt.Sprintf(`IF(ISNUMBER(%s),AND(%s>=1,%s<=%d,INT(%s)=%s),IF(ISTEXT(%s),AND(LEN(%s)=1,ISNUMBER(FIND(UPPER(%s),"%s"))),FALSE))`,
		x, x, x, min(n, 9), x, x, x, x, x, chars)
}

// entryValue is a formula for what cell x holds as the answer sheet and
// the live candidates hold digits (DigitValue): a one-character text of a
// digit 1-9 as its number, other text in upper case, a number as it is.
// A text "4", which the sheet takes for a digit (validEntry), then equals
// the answer's 4, and "a" the answer's "A" however the app compares case.
func entryValue(x string) string {
	return fmt.Sprintf(`IF(ISTEXT(%s),IF(AND(LEN(%s)=1,ISNUMBER(FIND(%s,"123456789"))),FIND(%s,"123456789"),UPPER(%s)),%s)`, x, x, x, x, x, x)
}

// blankRuns returns the blanks of givens as runs of adjacent cells of a row.
func blankRuns(givens solve.Grid, at Pos) []Rect {
	n := givens.Shape.Size
	var out []Rect
	for r := range n {
		for c := 0; c < n; {
			if givens.At(r, c) != 0 {
				c++
				continue
			}
			start := c
			for c < n && givens.At(r, c) == 0 {
				c++
			}
			out = append(out, Rect{at.Add(r, start), at.Add(r, c-1)})
		}
	}
	return out
}

// DigitValue is how a worksheet holds digit d of an n x n puzzle: a
// number, or for 10 and up a letter (as the text format writes them, and
// as a student types them), so that formulas compare like with like.
func DigitValue(d, n int) (number int, text string) {
	if d >= 10 && n > 9 {
		return 0, solve.DigitString(d)
	}
	return d, ""
}

// digitLiteral writes digit d as a formula constant: 7 or "A".
func digitLiteral(d, n int) string {
	if num, text := DigitValue(d, n); text != "" {
		return strconv.Quote(text)
	} else {
		return strconv.Itoa(num)
	}
}

// AnswerSheet is the hidden, protected sheet a self-checking worksheet
// compares entries with: the solution at GridOrigin, digits held as the
// worksheet holds them. It is kept off the printout: Excel never prints a
// hidden sheet, but LibreOffice does, so its print area is an empty cell,
// and an empty page is not printed.
func AnswerSheet(givens, solution solve.Grid) Sheet {
	n := givens.Shape.Size
	sh := SolutionSheet("Answers", givens, solution)
	for i := range sh.Cells {
		c := &sh.Cells[i]
		if c.Number >= 10 {
			c.Number, c.Text = DigitValue(c.Number, n)
		}
	}
	sh.Hidden, sh.Protect = true, true
	sh.Print.Area = Rect{Pos{1, 1}, Pos{1, 1}} // A1: empty, left of the title
	return sh
}

// LiveCandidatesSheet is a Candidates board (see the package doc) whose
// squares are formulas on the worksheet's cells grid of sheet puzzle: each
// square shows its digit while no entry of the cell's row, column or box
// holds it, and a filled cell shows just its digit, bold, on a light fill.
// The sheet mirrors the worksheet's cells in hidden columns right of the
// board, so that its conditional formats refer only to itself.
func LiveCandidatesSheet(title string, shape solve.Shape, puzzle string, grid Rect) Sheet {
	n := shape.Size
	empty := solve.NewGrid(shape)
	board := CandidateSetsBoard(empty, make([]solve.Digits, shape.Cells()), GridOrigin)
	mirror := RectAt(Pos{board.Area.Max.Col + 3, GridOrigin.Row}, n, n)
	bh, bw := shape.BoxRows, shape.BoxCols
	sheet := quoteSheet(puzzle)
	for i := range board.Cells {
		c := &board.Cells[i]
		y, x := c.Pos.Row-GridOrigin.Row, c.Pos.Col-GridOrigin.Col
		r, col := y/bh, x/bw
		d := digitLiteral((y%bh)*bw+x%bw+1, n)
		m := mirror.Min.Add(r, col).absolute()
		r0, c0 := r-r%shape.BoxRows, col-col%shape.BoxCols
		c.Formula = fmt.Sprintf(`IF(%s<>"",IF(%s=%s,%s,""),IF(COUNTIF(%s,%s)+COUNTIF(%s,%s)+COUNTIF(%s,%s)=0,%s,""))`,
			m, m, d, d,
			Rect{mirror.Min.Add(r, 0), mirror.Min.Add(r, n-1)}.Absolute(), d,
			Rect{mirror.Min.Add(0, col), mirror.Min.Add(n-1, col)}.Absolute(), d,
			RectAt(mirror.Min.Add(r0, c0), shape.BoxRows, shape.BoxCols).Absolute(), d, d)
		c.Style.Hide = true
	}
	sh := boardSheet(title, board)
	for r := range n {
		for c := range n {
			src := sheet + "!" + grid.Min.Add(r, c).String()
			sh.Cells = append(sh.Cells, Cell{Pos: mirror.Min.Add(r, c),
				Formula: fmt.Sprintf(`IF(ISERROR(%s),"",IF(%s="","",%s))`, src, src, entryValue(src)), Style: Style{Hide: true}})
			sh.CondFormats = append(sh.CondFormats, CondFormat{
				Range:   RectAt(GridOrigin.Add(r*bh, c*bw), bh, bw),
				Formula: mirror.Min.Add(r, c).absolute() + `<>""`,
				Style:   Style{Fill: GivenFill, Color: GivenColor, Bold: true},
			})
		}
	}
	for c := mirror.Min.Col; c <= mirror.Max.Col; c++ {
		sh.HiddenCols = append(sh.HiddenCols, c)
	}
	sh.Protect = true
	return sh
}

// absolute names p the way formulas pin it: "$B$2".
func (p Pos) absolute() string { return "$" + ColumnName(p.Col) + "$" + strconv.Itoa(p.Row) }

// quoteSheet writes a sheet name as formulas refer to it: 'Week 3'.
func quoteSheet(name string) string { return "'" + strings.ReplaceAll(name, "'", "''") + "'" }
