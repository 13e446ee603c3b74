package workbook

import (
	"cmp"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// Mark is what grading says of one cell.
type Mark uint8

const (
	Given   Mark = iota // a given, as it was
	Right               // an entry that agrees with the solution
	Wrong               // an entry that does not (or is not a digit)
	Empty               // a cell still to fill
	Changed             // a given the student changed or cleared
)

// Marking is the grade of one puzzle of a returned workbook.
type Marking struct {
	*Returned
	Solution solve.Grid
	Marks    []Mark // by cell, row-major
	Correct  int
	Wrong    int
	Empty    int
	Changed  int
}

// Blanks is the number of cells the student had to fill.
func (m *Marking) Blanks() int { return m.Correct + m.Wrong + m.Empty }

// Cells names the cells with mark k ("Puzzle 1!D4").
func (m *Marking) Cells(k Mark) []string {
	var out []string
	for i, mk := range m.Marks {
		if mk == k {
			out = append(out, m.CellName(i))
		}
	}
	return out
}

// byLooks reports whether r's givens were told from its entries by the
// cells' looks, rather than known from the stored identity, the book's
// Catalogue or --key.
func (r *Returned) byLooks() bool {
	return r.By != "" && r.By != "stored identity" && r.By != "the book's Catalogue" && !strings.Contains(r.By, "--key")
}

// GradeReturned marks every cell of a returned puzzle against the unique
// solution of its givens. A puzzle without exactly one solution cannot be
// graded: the error says why, in the sheet's terms; when its givens were
// told by their looks, it asks for --key (ErrNoKey).
func GradeReturned(r *Returned) (*Marking, error) {
	if r.Missing > 0 {
		return &Marking{Returned: r, Empty: r.Missing}, nil
	}
	p := r.Puzzle
	err := p.check()
	var sol solve.Grid
	if err == nil {
		sol, err = solve.Solve(p.Grid)
		err = p.InSheetTerms(err)
	}
	if err != nil && r.byLooks() {
		// Givens told by their looks are the student's too: a given
		// changed, or an entry made to look like one, breaks the puzzle.
		// The original says what they were.
		what, _, _ := strings.Cut(err.Error(), "\n") // not its advice to correct the givens
		return nil, &noKeyError{fmt.Sprintf("%s: %s\nthe givens of %s were told from the entries by %s, and a student may have changed one: grade with --key (the original workbook, or a text file with the puzzle)",
			p.File, what, p.Where(), r.By)}
	}
	if err != nil {
		return nil, err
	}
	m := &Marking{Returned: r, Solution: sol, Marks: make([]Mark, len(r.Sheet))}
	for i, v := range r.Sheet {
		switch given := int(p.Grid.Cells[i]); {
		case given != 0 && v == given:
			m.Marks[i] = Given
		case given != 0:
			m.Marks[i] = Changed
			m.Changed++
		case v == 0:
			m.Marks[i] = Empty
			m.Empty++
		case v == int(sol.Cells[i]):
			m.Marks[i] = Right
			m.Correct++
		default:
			m.Marks[i] = Wrong
			m.Wrong++
		}
	}
	return m, nil
}

// Summary is the line grading prints for the puzzle: "Puzzle 1: 41 of 51
// right, 3 wrong (Puzzle 1!D4, ...), 7 empty".
func (m *Marking) Summary() string {
	if m.Missing > 0 {
		return fmt.Sprintf("%s: not in the file (its sheet was deleted): 0 of %d right, its cells counted empty", m.Puzzle.Sheet, m.Missing)
	}
	s := fmt.Sprintf("%s: %d of %d right", m.Puzzle.Sheet, m.Correct, m.Blanks())
	if m.Wrong > 0 {
		s += fmt.Sprintf(", %d wrong (%s)", m.Wrong, describe(m.Cells(Wrong), 10))
	} else {
		s += ", 0 wrong"
	}
	s += fmt.Sprintf(", %d empty", m.Empty)
	if m.Changed > 0 {
		s += fmt.Sprintf(", %s changed (%s)", count(m.Changed, "given", "givens"), describe(m.Cells(Changed), 10))
	}
	return s
}

// The fills of a marked board.
const (
	RightFill   = "C6EFCE" // green
	WrongFill   = "FFC7CE" // red
	EmptyFill   = "FFEB9C" // yellow
	ChangedFill = "D9C3E9" // purple
	// WrongColor is a wrong entry's digit, struck through as well: the
	// fills alone print as four near greys (206 to 232) in black and white.
	WrongColor = "9C0006"
)

// markLegend says what the marked board's colours and lines mean.
const markLegend = "Green: right. Red, struck through: wrong. Yellow: empty. Purple, underlined: a given that was changed (its own digit shown)."

// markLegendHeight is the height of the legend's row under a board width
// points wide: 9-point text wrapped across it. One height for every size
// cut a 4x4's legend, four lines, in print.
func markLegendHeight(width float64) float64 {
	const charPoints, linePoints = 4.6, 11.5 // 9-point text, generously
	perLine := max(1, int(0.85*width/charPoints))
	lines := (len(markLegend) + perLine - 1) / perLine
	return math.Ceil(float64(lines)*linePoints + 6)
}

// markedSheet draws the marking of m: the board as the student left it,
// each cell filled by its mark, and the score under it.
func (m *Marking) markedSheet() layout.Sheet {
	p := m.Puzzle
	n := p.Grid.Shape.Size
	title := fmt.Sprintf("Marked: %s of %s\n%d of %d right · %d wrong · %d empty", p.Ref(), filepath.Base(p.File), m.Correct, m.Blanks(), m.Wrong, m.Empty)
	if m.Changed > 0 {
		title += fmt.Sprintf(" · %s changed", count(m.Changed, "given", "givens"))
	}
	shown := solve.NewGrid(p.Grid.Shape)
	for i, v := range m.Sheet {
		if v > 0 {
			shown.Cells[i] = uint8(v)
		}
	}
	sh := layout.SolutionSheet(title, p.Grid, shown)
	letters := m.By == "stored identity" // one of our worksheets, which writes 10 and up as letters
	at := layout.GridOrigin
	for i := range sh.Cells {
		c := &sh.Cells[i]
		r, col := c.Pos.Row-at.Row, c.Pos.Col-at.Col
		if r < 0 || r >= n || col < 0 || col >= n {
			continue
		}
		k := r*n + col
		switch m.Marks[k] {
		case Right:
			c.Style.Fill = RightFill
		case Wrong:
			c.Style.Fill, c.Style.Color, c.Style.Strike = WrongFill, WrongColor, true
			if text, ok := m.Shown[k]; ok {
				c.Text = text
				c.Style.FontSize, c.Style.Wrap = shownSize(text, c.Style.FontSize)
			}
		case Empty:
			c.Style.Fill = EmptyFill
		case Changed:
			c.Style.Fill, c.Style.Underline = ChangedFill, true
			c.Number, c.Text = int(p.Grid.Cells[k]), ""
		}
		if letters && c.Number >= 10 {
			// As the worksheet showed it and the student typed it: a
			// wrong "10" typed as a number then stands out from the As.
			c.Number, c.Text = layout.DigitValue(c.Number, n)
		}
	}
	legend := layout.Rect{Min: at.Add(n+1, 0), Max: at.Add(n+1, n-1)}
	sh.Add(layout.Board{Area: legend, RowHeights: map[int]float64{legend.Min.Row: markLegendHeight(float64(n) * layout.SolutionCell(p.Grid.Shape))},
		Cells: []layout.Cell{{Pos: legend.Min, Text: markLegend,
			Style: layout.Style{FontSize: 9, Wrap: true, HAlign: layout.AlignCenter, VAlign: layout.AlignCenter}}},
		Merges: []layout.Rect{legend}})
	sh.Print.Area = sh.Area
	return sh
}

// shownSize is the font size, at most size, at which what a student
// typed fits a marked cell, and whether it wraps: at the digits' size
// "TRUE" printed as "RU" and a date as "4-0" (a walk of 3 December).
func shownSize(text string, size float64) (float64, bool) {
	const room, em, least = 24.0, 0.6, 7.0 // points of the cell's width; a character's width, in its size
	n := utf8.RuneCountInString(text)
	fit := math.Floor(room / (em * float64(max(n, 1))))
	if fit >= size {
		return size, false
	}
	return max(fit, least), fit < least
}

// WriteMarked writes a copy of the returned workbook at marks' file to out
// with a Marked sheet for each of its puzzles (after the student's own
// sheets, which are kept as they are), printed on paper ("a4", the
// default, or "letter"). All marks must come from one file.
func WriteMarked(marks []*Marking, out, paper string) (notes []string, err error) {
	if len(marks) == 0 {
		return nil, fmt.Errorf("%w: nothing to mark", ErrUsage)
	}
	marks = slices.DeleteFunc(slices.Clone(marks), func(m *Marking) bool { return m.Missing > 0 }) // no sheet to mark
	if len(marks) == 0 {
		return nil, fmt.Errorf("%w: nothing to mark", ErrUsage)
	}
	var sheets []*ourSheet
	for k, m := range marks {
		if m.Puzzle.File != marks[0].Puzzle.File {
			return nil, fmt.Errorf("%w: marks of two files", ErrUsage)
		}
		kind, name := "marked", "Marked"
		if len(marks) > 1 {
			// Puzzle N of a book is marked on Marked N, whichever of its
			// sheets are gone.
			n := cmp.Or(m.Index, k+1)
			kind, name = fmt.Sprintf("marked %d", n), fmt.Sprintf("Marked %d", n)
		}
		sheets = append(sheets, &ourSheet{kind: kind, name: name, sheet: m.markedSheet()})
	}
	return writeSheets(marks[0].Puzzle, out, Options{Paper: paper}, sheets, "", func(path string) error {
		pk, err := openPackage(path, 0)
		if err != nil {
			return err
		}
		defer pk.Close()
		found := 0
		for _, s := range pk.worksheets() {
			if strings.HasPrefix(s.ours, "marked") {
				found++
			}
		}
		if found != len(sheets) {
			return fmt.Errorf("%d Marked sheets for %d puzzles", found, len(sheets))
		}
		return pk.wellFormedParts()
	})
}
