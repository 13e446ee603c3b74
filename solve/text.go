package solve

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The text formats.
//
// One line per puzzle: Size*Size characters, givens as 1-9 then A-G for
// 10-16, blanks as '.', '0', '-', '_' or '*'. Whatever follows the puzzle on
// its line after a space, tab, ',', ';' or '#' (a rating, a comment) is
// ignored.
//
// A grid over Size lines, one row a line, as other tools print it: spaces
// and '|' between cells are ignored, and lines drawn with '-', '+', '=' and
// '|' between boxes are skipped, and so are blank lines between bands when
// the first band ends with one. .sdk files read the same way. A grid
// short of rows ends before a line as long as a one-line puzzle, which is
// read as one, and at a blank line anywhere else: an error costs one
// puzzle, not the ones after it.
//
// Lines that start with '#' are comments everywhere, and so are blank lines
// and section headers such as "[Puzzle]" between puzzles.

// Sentinel errors wrapped by ParseError; ErrDigitRange also by Grid.Check
// and Solve, for a cell that holds no digit of its grid.
var (
	ErrBadChar    = errors.New("not a digit or a blank")
	ErrDigitRange = errors.New("digit out of range")
	ErrCellCount  = errors.New("wrong number of cells")
)

// ParseError is a puzzle that could not be read. Line and Column are
// 1-based; Column counts characters, not bytes, and is 0 when the error is
// about a whole line.
type ParseError struct {
	File   string // the name of the input, if the Reader was given one
	Line   int
	Column int
	Msg    string // what was wrong and what was expected
	Err    error  // one of ErrBadChar, ErrDigitRange, ErrCellCount
}

func (e *ParseError) Error() string {
	var pos string
	switch {
	case e.File != "" && e.Column > 0:
		pos = fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Column)
	case e.File != "":
		pos = fmt.Sprintf("%s:%d", e.File, e.Line)
	case e.Column > 0:
		pos = fmt.Sprintf("line %d, column %d", e.Line, e.Column)
	default:
		pos = fmt.Sprintf("line %d", e.Line)
	}
	return pos + ": " + e.Msg
}

func (e *ParseError) Unwrap() error { return e.Err }

// Puzzle is a grid read from text, with the line it starts on.
type Puzzle struct {
	Grid Grid
	Line int
}

// A Reader reads puzzles from text, in any of the formats above, mixed
// freely. After a *ParseError, Read goes on with the next puzzle. Any other
// error ends the input: Read returns it once, and io.EOF after it. Those
// are an error of the io.Reader, a Shape that is not supported (ErrShape),
// and a line of 1 MiB (1,048,576 bytes, a '\r' before its '\n' counted) or
// longer, whose error wraps bufio.ErrTooLong.
type Reader struct {
	// Name is the name of the input, used in errors ("puzzles.txt:12:40").
	Name string
	// Shape, when set, is the shape every puzzle must have. Without it the
	// shape follows from the number of cells, with the default boxes. A
	// Shape that is not supported (see Shape.Valid) ends the input with an
	// error wrapping ErrShape.
	Shape Shape

	sc    *bufio.Scanner // the lines of an io.Reader; nil for a byte slice
	data  []byte         // the lines of a byte slice (see ResetBytes)
	off   int            // how far into data the lines were read
	line  int
	raw   []byte    // the current line as read, before trimming
	text  []byte    // the current line as next returned it
	cells []rowCell // rowCells' scratch
	// again is set when a grid ended at a line that is a puzzle of its
	// own: next returns that line again. lineStart is where it starts in
	// data.
	again     bool
	lineStart int
	// clean is, for a byte slice, the offset of the end of the last line
	// read while between puzzles (see Boundary); cutGrid is set when the
	// input ended inside a grid.
	clean   int
	cutGrid bool
	// strict takes a title for no comment (isTitle): ParseLine's text
	// holds one puzzle, and nothing else.
	strict bool
	// ended is set once the input ended early or the scanner stopped: it
	// is not called again, as after an error it returns what is left in
	// its buffer as a line. err is the error that ended it, until Read
	// returns it.
	ended bool
	err   error
	// maybe4x4: the grid being read started with a line of sixteen
	// characters, no size given, which a 4x4 puzzle would be but for a
	// digit above 4 (its message says so if the grid ends there).
	maybe4x4 bool
}

// maxLine is the length of the shortest line refused (see Reader).
const maxLine = 1 << 20

// NewReader returns a Reader that reads from r.
func NewReader(r io.Reader) *Reader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	return &Reader{sc: sc}
}

// Read returns the next puzzle, or io.EOF after the last one. A puzzle that
// cannot be read gives a *ParseError; an error of any other type ends the
// input (see Reader).
func (r *Reader) Read() (Puzzle, error) {
	if !r.ended && r.Shape != (Shape{}) && !r.Shape.Valid() {
		r.ended, r.err = true, fmt.Errorf("%w: %v", ErrShape, r.Shape)
	}
	for {
		if !r.cutGrid {
			r.clean = r.off
			if r.again {
				r.clean = r.lineStart
			}
		}
		text, ok := r.next()
		if !ok {
			if err := r.err; err != nil {
				r.err = nil // once: the input ends with it
				return Puzzle{}, fmt.Errorf("%s: %w", r.nameOr("input"), err)
			}
			return Puzzle{}, io.EOF
		}
		if skipLine(text) || isSeparator(text, 0) {
			continue
		}
		tok := firstToken(text)
		if r.isOneLine(tok) {
			return r.readOneLine(tok)
		}
		if r.isTitleLine(text) {
			continue
		}
		// Sixteen characters that isOneLine took for a 16x16 row for a
		// digit above 4, the size not given: a 4x4 puzzle, mistyped?
		r.maybe4x4 = r.Shape.Size == 0 && utf8.RuneCount(tok) == 16 && bytes.IndexByte(tok, '|') < 0
		return r.readGrid(text)
	}
}

// ReadAll reads every puzzle. It stops at the first error.
func (r *Reader) ReadAll() ([]Puzzle, error) {
	var out []Puzzle
	for {
		p, err := r.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, p)
	}
}

// ParseLine reads a one-line puzzle (or a whole grid in a string). As for
// a Reader, a line of 1 MiB or longer, even when most of it is a comment,
// gives an error that wraps bufio.ErrTooLong. Anything after the puzzle
// but blank lines and comments (a title too, which a Reader skips) is an
// error wrapping ErrCellCount: s holds one puzzle (a Reader reads
// several).
func ParseLine(s string) (Grid, error) {
	r := NewReader(strings.NewReader(s))
	r.strict = true
	p, err := r.Read()
	if err == io.EOF {
		return Grid{}, &ParseError{Line: 1, Msg: "no puzzle found", Err: ErrCellCount}
	}
	if err != nil {
		return p.Grid, err
	}
	if q, err := r.Read(); err != io.EOF {
		line := q.Line
		var pe *ParseError
		if errors.As(err, &pe) {
			line = pe.Line
		} else if err != nil {
			return Grid{}, err // a line of 1 MiB
		}
		return Grid{}, &ParseError{Line: line, Msg: fmt.Sprintf("more follows the puzzle of line %d; give one puzzle (a Reader reads several)", p.Line), Err: ErrCellCount}
	}
	return p.Grid, nil
}

func (r *Reader) nameOr(s string) string {
	if r.Name != "" {
		return r.Name
	}
	return s
}

// next returns the next line, without its line end and a byte order
// mark. It stays valid until the next call.
func (r *Reader) next() ([]byte, bool) {
	if r.ended {
		return nil, false
	}
	if r.again {
		r.again = false
		return r.text, true
	}
	r.lineStart = r.off
	if r.sc == nil {
		if r.off >= len(r.data) {
			return nil, false
		}
		rest := r.data[r.off:]
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			r.raw, r.off = rest[:i], r.off+i+1
		} else {
			r.raw, r.off = rest, len(r.data)
		}
		if len(r.raw) >= maxLine {
			// As the scanner of NewReader refuses it.
			r.ended, r.err = true, bufio.ErrTooLong
			return nil, false
		}
		// bufio.ScanLines drops one '\r' before the '\n'; the rest go below.
		r.raw = bytes.TrimSuffix(r.raw, []byte{'\r'})
	} else {
		if !r.sc.Scan() {
			r.ended, r.err = true, r.sc.Err()
			return nil, false
		}
		r.raw = r.sc.Bytes()
	}
	r.line++
	// A byte order mark starts line 1 of a file saved by Notepad, and any
	// line of such files put together (cat a.txt b.txt): unseen, it had
	// made "82 cells" of a line of 81 (a walk of 3 December). It leaves
	// raw too, whose characters count a message's columns.
	r.raw = bytes.TrimPrefix(r.raw, []byte("\uFEFF"))
	text := bytes.TrimRight(r.raw, "\r")
	r.text = text
	return text, true
}

// aPuzzle reports whether text, a line of cells read where a grid of
// side size goes on, can only be a puzzle of its own: it has not size
// cells, and its first word, without a '|', is as long as a one-line
// puzzle (or longer than any grid row). A grid ends before such a line,
// which is then read alone: a line of the wrong size among one-line
// puzzles, or a grid short of rows, does not take the puzzles after it.
func aPuzzle(text []byte, cells, size int) bool {
	if cells == size {
		return false
	}
	tok := firstToken(text)
	if bytes.IndexByte(tok, '|') >= 0 {
		return false
	}
	n := utf8.RuneCount(tok)
	_, ok := oneLineShape(n)
	return ok || n > MaxSize
}

func (r *Reader) errorf(col int, sentinel error, format string, args ...any) *ParseError {
	return &ParseError{File: r.Name, Line: r.line, Column: col, Msg: fmt.Sprintf(format, args...), Err: sentinel}
}

// skipLine reports whether a line holds no puzzle: blank, a comment, or a
// section header.
func skipLine(text []byte) bool {
	t := bytes.TrimSpace(text)
	return len(t) == 0 || t[0] == '#' || t[0] == '['
}

// isTitle reports whether tok, the first word of a line that is no
// one-line puzzle, is a word of text: two letters in a row that are no
// cells, and no digit or blank, which a grid row always has. Such a line
// is a title ("Grid 01", as Project Euler's file heads each grid,
// "Sudoku", "Medium") or a CSV file's header, skipped as a comment is. A
// row with mistyped cells ("4..xy....") is no title, but an error. (A walk
// of 3 December: "Sudoku" was read as the first row of a 6x6 grid, which
// took five rows of the 9x9 grid under it, and both were lost.)
func isTitle(tok []byte) bool {
	run, word := 0, false
	for k := 0; k < len(tok); {
		ch, w := utf8.DecodeRune(tok[k:])
		k += w
		if d, ok := cellValue(ch); ok && d <= 9 {
			return false // a digit or a blank
		}
		if !unicode.IsLetter(ch) || isCellChar(ch) {
			run = 0
			continue
		}
		if run++; run == 2 {
			word = true
		}
	}
	return word
}

// isTitleLine reports whether the line text is a title to skip (isTitle,
// and no puzzle in it), unless r is strict.
func (r *Reader) isTitleLine(text []byte) bool {
	return !r.strict && isTitle(firstToken(text)) && !holdsPuzzle(text)
}

// holdsPuzzle reports whether text holds 16 digits and blanks or more,
// spaced or not, as many as a 4x4 puzzle has cells: "Puzzle 1:
// 4...3..." or "Puzzle one: 4 . . . 3 ..." is no title to skip, but a
// puzzle whose line says what is wrong with it.
func holdsPuzzle(text []byte) bool {
	n := 0
	for _, b := range text {
		if b < 0x80 && asciiCells[b] != 0 && asciiCells[b] <= 10 { // a blank or 1 to 9
			if n++; n == 16 {
				return true
			}
		}
	}
	return false
}

// firstToken is the text up to the first space, tab, ',', ';' or '#'.
func firstToken(text []byte) []byte {
	t := bytes.TrimLeft(text, " \t")
	if i := bytes.IndexAny(t, " \t,;#"); i >= 0 {
		t = t[:i]
	}
	return t
}

// nearSize says how a line of n cells, no puzzle size, misses the one
// nearest it by three cells or fewer (": one short of a 9x9's 81"),
// which is most often a cell lost or added by hand; "" when none is.
func nearSize(n int) string {
	for _, size := range []int{4, 6, 8, 9, 12, 16} {
		cells := size * size
		d := n - cells
		switch {
		case d < -3 || d > 3 || d == 0:
			continue
		case d == -1:
			return fmt.Sprintf(": one short of %s's %d", Sized(size), cells)
		case d == 1:
			return fmt.Sprintf(": one more than %s's %d", Sized(size), cells)
		case d < 0:
			return fmt.Sprintf(": %d short of %s's %d", -d, Sized(size), cells)
		}
		return fmt.Sprintf(": %d more than %s's %d", d, Sized(size), cells)
	}
	return ""
}

// oneLineShape is the shape of a one-line puzzle of n cells (a switch, not
// a map built when the program starts).
func oneLineShape(n int) (Shape, bool) {
	switch n {
	case 16:
		return Shape4, true
	case 36:
		return Shape6, true
	case 64:
		return Shape8, true
	case 81:
		return Shape9, true
	case 144:
		return Shape12, true
	case 256:
		return Shape16, true
	}
	return Shape{}, false
}

func (r *Reader) isOneLine(tok []byte) bool {
	n := utf8.RuneCount(tok)
	if bytes.IndexByte(tok, '|') >= 0 {
		return false
	}
	if r.Shape.Size != 0 {
		return n == r.Shape.Cells()
	}
	if _, ok := oneLineShape(n); !ok {
		return n > MaxSize // too long for a row: report it as a bad one-liner
	}
	if n == 16 {
		// Sixteen characters are a 4x4 puzzle or a row of a 16x16 grid: a
		// digit above 4 says which.
		for _, b := range tok { // a byte of a longer rune is no cell
			if d, ok := cellValue(rune(b)); ok && d > 4 {
				return false
			}
		}
	}
	return true
}

func (r *Reader) readOneLine(tok []byte) (Puzzle, error) {
	n := utf8.RuneCount(tok)
	shape := r.Shape
	if shape.Size == 0 {
		var ok bool
		if shape, ok = oneLineShape(n); !ok {
			if bytes.IndexByte(tok, '\r') >= 0 {
				// Lines that end in a bare CR read as one.
				return Puzzle{}, r.errorf(0, ErrCellCount,
					"%d cells is not a puzzle size: the lines end in a carriage return alone (CR, as old Mac files do); convert them to newlines, such as with tr '\\r' '\\n'", n)
			}
			if s, ok := oneLineShape(n - 1); ok {
				// A puzzle and a character stuck to it ("...79x"): that
				// character, by its column, rather than "82 cells" (a
				// walk of 3 December).
				if last, _ := utf8.DecodeLastRune(tok); !isCellChar(last) {
					col := utf8.RuneCount(r.raw[:bytes.Index(r.raw, tok)]) + n
					return Puzzle{}, r.errorf(col, ErrBadChar, "%q is not a digit or a blank: it follows the %d cells of %s puzzle (a comment follows a space)", last, n-1, Sized(s.Size))
				}
			}
			return Puzzle{}, r.errorf(0, ErrCellCount,
				"%d cells is not a puzzle size%s (one line holds 16, 36, 64, 81, 144 or 256 cells)", n, nearSize(n))
		}
	}
	if zero, blank := hexZero(tok, shape); zero >= 0 && blank >= 0 {
		// Both 0 and another blank, and no 16: digits written 0 to F, as
		// some 16x16 files do, whose 0s would be read as blanks and
		// another puzzle solved (a walk of 3 December).
		col := utf8.RuneCount(r.raw[:bytes.Index(r.raw, tok)]) + utf8.RuneCount(tok[:zero]) + 1
		return Puzzle{}, r.errorf(col, ErrBadChar, "'0' stands for a blank here, and so does %q: if this 16x16's digits run 0 to F, write 0 as G (the digits run 1 to 9 and A to G)",
			tok[blank])
	}
	p := Puzzle{Grid: NewGrid(shape), Line: r.line}
	if len(tok) == n { // ASCII: a table for each byte; errors are told below
		ok := true
		for i, b := range tok {
			c := asciiCells[b&0x7f]
			ok = ok && b < 0x80 && c != 0 && int(c) <= shape.Size+1
			p.Grid.Cells[i] = c - 1
		}
		if ok {
			return p, nil
		}
	}
	col := bytes.Index(r.raw, tok) // tok starts after leading blanks
	col = utf8.RuneCount(r.raw[:col])
	i := 0
	for k := 0; k < len(tok); {
		ch, w := utf8.DecodeRune(tok[k:])
		k += w
		col++
		d, ok := cellValue(ch)
		if err := r.checkCell(ch, d, ok, shape, col); err != nil {
			return Puzzle{}, err
		}
		p.Grid.Cells[i] = uint8(d)
		i++
	}
	return p, nil
}

// hexZero returns, for a 16x16 line with both a 0 and another blank and
// no G, where the first of each is: its digits may run 0 to F. -1, -1
// for another line (the search is left out of the other sizes' lines).
func hexZero(tok []byte, shape Shape) (zero, blank int) {
	if shape.Size != 16 || bytes.IndexAny(tok, "Gg") >= 0 {
		return -1, -1
	}
	return bytes.IndexByte(tok, '0'), bytes.IndexAny(tok, ".-_*")
}

// isCellChar reports whether ch is a cell of some grid: a digit, a
// letter A-G or a blank.
func isCellChar(ch rune) bool {
	_, ok := cellValue(ch)
	return ok
}

// checkCell returns the error for a character that is not a cell of shape.
func (r *Reader) checkCell(ch rune, d int, ok bool, shape Shape, col int) error {
	if !ok {
		return r.errorf(col, ErrBadChar, "%q is not a digit or a blank (blanks are . 0 - _ *)", ch)
	}
	if d > shape.Size {
		return r.errorf(col, ErrDigitRange, "%q is not a digit of a %s grid (digits %s)",
			ch, shape, digitRange(shape.Size))
	}
	return nil
}

// readGrid reads a grid whose first row is first.
func (r *Reader) readGrid(first []byte) (Puzzle, error) {
	start := r.line
	cells := r.rowCells(first) // valid until the next line's
	size := len(cells)
	shape := r.Shape
	if shape.Size == 0 {
		var err error
		if shape, err = ShapeOf(size); err != nil {
			return Puzzle{}, r.errorf(0, ErrCellCount,
				"%q is neither a one-line puzzle (81 characters) nor a grid row of 4, 6, 8, 9, 12 or 16 cells",
				clip(string(bytes.TrimSpace(first)), 40))
		}
	}
	if aPuzzle(first, size, shape.Size) {
		// The size asked for (Shape), on one line, has another length.
		return Puzzle{}, r.errorf(0, ErrCellCount, "%d cells: a %s puzzle on one line has %d",
			utf8.RuneCount(firstToken(first)), shape, shape.Cells())
	}
	p := Puzzle{Grid: NewGrid(shape), Line: start}
	var firstErr error
	row := 0
	gaps := 0   // blank lines after the first band
	across := 0 // the rows of the first band a line across the grid ends
	barred := drawnBoxCols(first)
	for {
		if firstErr == nil {
			firstErr = r.readRow(&p.Grid, row, cells)
		}
		row++
		if row == shape.Size {
			break
		}
		var text []byte
		var ok bool
		for {
			if text, ok = r.next(); !ok {
				break
			}
			if len(bytes.TrimSpace(text)) == 0 {
				// A blank line between bands, as some print a grid, or
				// the end of a grid short of rows, before the next
				// puzzle: only a band's end, when the first band's had
				// one too, is the first.
				if row%shape.BoxRows != 0 || row > shape.BoxRows && gaps == 0 {
					break
				}
				if row == shape.BoxRows {
					gaps++
				}
				continue
			}
			if !isSeparator(text, shape.Size) {
				break
			}
			if across == 0 {
				across = row
			}
		}
		cells = r.rowCells(text)
		alone := ok && aPuzzle(text, len(cells), shape.Size)
		if !ok || skipLine(text) || r.isTitleLine(text) || alone {
			r.cutGrid = r.cutGrid || !ok
			r.again = alone // read next, by itself
			if firstErr != nil {
				return Puzzle{}, firstErr
			}
			line := r.line // where it ends: as a chunk of the input ending there would say
			if alone {
				line--
			}
			msg := fmt.Sprintf("the %s grid that starts on line %d ends after %d row%s", shape, start, row, plural(row))
			if row == 1 && r.maybe4x4 {
				// Sixteen characters with a digit above 4: no 4x4 puzzle.
				msg += "; as a 4x4 puzzle, its line holds a digit above 4"
			}
			if shape.Size == 16 && row == 15 && start > 1 && r.Shape.Size == 0 {
				// A walk of 3 December: a 16x16 whose first row held no
				// digit above 4 was read as a 4x4 puzzle and the rest as
				// this. Only the rows after it tell, and a chunk of the
				// input read alone (ResetBytes) may end at that line.
				msg += fmt.Sprintf("; if its first row is line %d, without a digit above 4 and so read as a 4x4 puzzle, give --size 16", start-1)
			}
			return Puzzle{}, &ParseError{File: r.Name, Line: line, Err: ErrCellCount, Msg: msg}
		}
	}
	if firstErr != nil {
		return Puzzle{}, firstErr
	}
	if r.Shape.Size == 0 {
		p.Grid.Shape = drawnShape(shape, barred, across)
	}
	return p, nil
}

// drawnShape is shape, or its boxes turned (3x2 for 2x3) when its grid
// draws those: cols cells between the '|'s of a row, rows rows before the
// first line across (0: not drawn). FormatGrid draws a 6x6 of 3x2 boxes
// so, which came back with 2x3 boxes, another puzzle (a library walk of 3
// December); boxes drawn both ways keep the size's own.
func drawnShape(shape Shape, cols, rows int) Shape {
	t := shape.Turned()
	if t == shape || cols == 0 && rows == 0 {
		return shape
	}
	if (cols == 0 || cols == t.BoxCols) && (rows == 0 || rows == t.BoxRows) {
		return t
	}
	return shape
}

// drawnBoxCols is the number of cells between the '|'s of a grid row,
// when the row has some and every group has as many (0 otherwise).
func drawnBoxCols(text []byte) int {
	if bytes.IndexByte(text, '|') < 0 {
		return 0
	}
	width, groups := 0, 0
	for _, part := range bytes.Split(text, []byte{'|'}) {
		n := 0
		for _, ch := range string(part) {
			if ch != ' ' && ch != '\t' {
				n++
			}
		}
		switch {
		case n == 0: // the grid's edge, drawn
		case width == 0:
			width, groups = n, 1
		case n != width:
			return 0
		default:
			groups++
		}
	}
	if groups < 2 {
		return 0
	}
	return width
}

// readRow reads one row of a grid from the cells of the current line.
func (r *Reader) readRow(g *Grid, row int, cells []rowCell) error {
	if len(cells) != g.Shape.Size {
		return r.errorf(0, ErrCellCount, "row %d has %d cells, a %s grid needs %d",
			row+1, len(cells), g.Shape, g.Shape.Size)
	}
	for c, cell := range cells {
		d, ok := cellValue(cell.ch)
		if err := r.checkCell(cell.ch, d, ok, g.Shape, cell.col); err != nil {
			return err
		}
		g.Set(row, c, d)
	}
	return nil
}

type rowCell struct {
	ch  rune
	col int // 1-based column in the line
}

// rowCells returns the cells of a grid row: every character but spaces,
// tabs and '|'. They stay valid until the next call.
func (r *Reader) rowCells(text []byte) []rowCell {
	out := r.cells[:0]
	col := 0
	for k := 0; k < len(text); {
		ch, w := utf8.DecodeRune(text[k:])
		k += w
		col++
		if ch != ' ' && ch != '\t' && ch != '|' {
			out = append(out, rowCell{ch, col})
		}
	}
	r.cells = out
	return out
}

// isSeparator reports whether a line is drawn between boxes rather than
// holding cells: only '-', '+', '=', '|' and spaces, with a '+' or '=', or a
// run of '-' that is not a row of blanks of the grid (size 0: of any grid).
func isSeparator(text []byte, size int) bool {
	dashes := 0
	for _, ch := range text { // every other character, ASCII or not, is no separator
		switch ch {
		case '+', '=':
			dashes = -1 << 20
		case '-':
			dashes++
		case '|', ' ', '\t':
		default:
			return false
		}
	}
	if dashes < 0 {
		return true
	}
	if size != 0 {
		return dashes != size
	}
	_, err := ShapeOf(dashes)
	return err != nil
}

// clip shortens s to at most n characters for a message.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "..."
}

// digitRange names the digits of a grid of side n: "1-9", "1-9 and A-C".
func digitRange(n int) string {
	if n <= 9 {
		return "1-" + DigitString(n)
	}
	return "1-9 and A-" + DigitString(n)
}

// asciiCells[b] is 1 more than the digit of the ASCII character b (1 for a
// blank), or 0 when b is no cell: cellValue as a table, set when the
// program is built.
var asciiCells = [128]uint8{
	'.': 1, '0': 1, '-': 1, '_': 1, '*': 1,
	'1': 2, '2': 3, '3': 4, '4': 5, '5': 6, '6': 7, '7': 8, '8': 9, '9': 10,
	'A': 11, 'B': 12, 'C': 13, 'D': 14, 'E': 15, 'F': 16, 'G': 17,
	'a': 11, 'b': 12, 'c': 13, 'd': 14, 'e': 15, 'f': 16, 'g': 17,
}

// cellValue returns the digit a character stands for, 0 for a blank.
func cellValue(ch rune) (int, bool) {
	switch {
	case ch >= '1' && ch <= '9':
		return int(ch - '0'), true
	case ch >= 'A' && ch <= 'G':
		return int(ch-'A') + 10, true
	case ch >= 'a' && ch <= 'g':
		return int(ch-'a') + 10, true
	case ch == '.' || ch == '0' || ch == '-' || ch == '_' || ch == '*':
		return 0, true
	}
	return 0, false
}

// digitChars[d] is the character of digit d, '.' for blank.
const digitChars = ".123456789ABCDEFG"

// cellChars[d] is the character AppendLine writes for a cell holding d:
// digitChars[d], or '?' for the values above 16, which are no digit
// (Grid.Cells is exported). Its 256 bytes let a cell's value index it
// without a bounds check.
const cellChars = digitChars + q64 + q64 + q64 + q16 + q16 + "???????????????"

const (
	q16 = "????????????????"
	q64 = q16 + q16 + q16 + q16
)

// FormatLine writes g on one line, '.' for blanks, and '?' for a cell
// holding a value above 16. A grid whose Shape is not supported writes as
// nothing, as in AppendLine and FormatGrid.
func FormatLine(g *Grid) string { return string(AppendLine(nil, g)) }

// AppendLine appends the one-line form of g to dst, as FormatLine writes
// it, and returns the extended slice: batches of puzzles are written
// without a string for each.
func AppendLine(dst []byte, g *Grid) []byte {
	if g.Shape != Shape9 && !g.Shape.Valid() {
		return dst // its cells may lie past the array
	}
	for _, d := range g.Cells[:g.Shape.Cells()] {
		dst = append(dst, cellChars[d])
	}
	return dst
}

// FormatGrid writes g as a grid for people: a row a line, cells apart, with
// lines between boxes.
//
//	5 3 . | . 7 . | . . .
//	6 . . | 1 9 5 | . . .
//	------+-------+------
func FormatGrid(g *Grid) string {
	s := g.Shape
	if !s.Valid() {
		return ""
	}
	rows := make([]string, s.Size)
	for r := range s.Size {
		var b strings.Builder
		for c := range s.Size {
			if c > 0 {
				if c%s.BoxCols == 0 {
					b.WriteString(" | ")
				} else {
					b.WriteByte(' ')
				}
			}
			if d := g.At(r, c); d == 0 {
				b.WriteByte('.')
			} else {
				b.WriteString(DigitString(d))
			}
		}
		rows[r] = b.String()
	}
	// The line between boxes follows a row: '+' under each '|', '-' elsewhere.
	line := strings.Map(func(ch rune) rune {
		if ch == '|' {
			return '+'
		}
		return '-'
	}, rows[0])
	var b strings.Builder
	for r, row := range rows {
		if r > 0 && r%s.BoxRows == 0 {
			b.WriteString(line + "\n")
		}
		b.WriteString(row + "\n")
	}
	return b.String()
}

// String returns the one-line form of g.
func (g Grid) String() string { return FormatLine(&g) }

// plural is "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
