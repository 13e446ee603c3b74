package workbook

import (
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// A worksheet carries its puzzle's identity, so that grading knows the
// givens even when a student unprotects the sheet and changes one, and
// whichever app saved the file last. It is a sheet-scoped defined name
// (it follows the sheet when the sheet is renamed or moved) whose value
// is a string constant:
//
//	<definedName name="xlsudoku_puzzle" localSheetId="2" hidden="1">"xlsudoku/1 9x9 3x3 B2:J10 53..7....… grade=Easy seed=42 check=1c2a9f0e"</definedName>
//
// Excel limits a string constant to 255 characters, so a longer value is
// written as constants joined by "&". The check is an FNV-1a hash of the
// rest, so that an identity edited by hand is refused rather than trusted.
// LibreOffice keeps these names when it saves (it drops the hidden flag);
// exceljs drops every hidden name, so the same text is also written into
// a hidden, locked cell right of the board (layout.IdentityCell), read
// where the name is gone (identityInCell).
const identityName = "xlsudoku_puzzle"

const identityVersion = "xlsudoku/1"

// gridName is a second sheet-scoped name of a worksheet, a reference to
// its board ('Puzzle 1'!$B$2:$J$10): spreadsheet apps move a reference
// when rows or columns are inserted above or left of it, so it says where
// the board is now, where the identity's range says where it was made.
const gridName = "xlsudoku_grid"

// Identity is what a worksheet stores about its puzzle.
type Identity struct {
	Givens solve.Grid
	Range  string // the puzzle's cells on its sheet, "B2:J10"
	Grade  string // "" when not known
	Seed   uint64 // 0 when not known
	// Of a worksheet of a book: it is puzzle Index of Of, and the book's
	// puzzles have Blanks cells to fill in all, so that grading can count
	// a puzzle whose sheet was deleted. Zero for a lone worksheet.
	Index, Of, Blanks int
}

// errIdentity: a stored identity that cannot be read or fails its check.
var errIdentity = errors.New("the stored puzzle identity is damaged")

// String writes the identity as stored, without the quoting.
func (id Identity) String() string {
	s := id.Givens.Shape
	var b strings.Builder
	fmt.Fprintf(&b, "%s %dx%d %dx%d %s %s", identityVersion, s.Size, s.Size, s.BoxRows, s.BoxCols, id.Range, solve.FormatLine(&id.Givens))
	if id.Grade != "" {
		b.WriteString(" grade=" + id.Grade)
	}
	if id.Seed != 0 {
		b.WriteString(" seed=" + strconv.FormatUint(id.Seed, 10))
	}
	if id.Of > 0 {
		fmt.Fprintf(&b, " book=%d/%d blanks=%d", id.Index, id.Of, id.Blanks)
	}
	body := b.String()
	return body + " check=" + checkValue(body)
}

func checkValue(body string) string {
	h := fnv.New32a()
	h.Write([]byte(body))
	return fmt.Sprintf("%08x", h.Sum32())
}

// formula writes the identity as a defined name's value.
func (id Identity) formula() string {
	text := id.String()
	var parts []string
	for len(text) > 0 {
		n := min(len(text), 255)
		parts = append(parts, `"`+strings.ReplaceAll(text[:n], `"`, `""`)+`"`)
		text = text[n:]
	}
	return strings.Join(parts, "&")
}

// parseIdentity reads a defined name's value written by formula.
func parseIdentity(value string) (Identity, error) {
	text, err := stringConstants(value)
	if err != nil {
		return Identity{}, err
	}
	return parseIdentityText(text)
}

// parseIdentityText reads an identity as Identity.String writes it.
func parseIdentityText(text string) (Identity, error) {
	body, check, ok := strings.Cut(text, " check=")
	if !ok || checkValue(body) != strings.TrimSpace(check) {
		return Identity{}, fmt.Errorf("%w: its check value does not match", errIdentity)
	}
	f := strings.Fields(body)
	if len(f) < 5 || f[0] != identityVersion {
		return Identity{}, fmt.Errorf("%w: %.40q is not an identity xlsudoku wrote", errIdentity, body)
	}
	var id Identity
	var size, br, bc int
	if _, err := fmt.Sscanf(f[1]+" "+f[2], "%dx%d %dx%d", &size, &size, &br, &bc); err != nil {
		return Identity{}, fmt.Errorf("%w: %v", errIdentity, err)
	}
	shape, err := solve.ParseBox(size, fmt.Sprintf("%dx%d", br, bc))
	if err != nil {
		return Identity{}, fmt.Errorf("%w: %v", errIdentity, err)
	}
	rect, err := layout.ParseRect(f[3])
	if err != nil || rect.Rows() != size || rect.Cols() != size {
		return Identity{}, fmt.Errorf("%w: range %q", errIdentity, f[3])
	}
	id.Range = rect.String()
	r := solve.NewReader(strings.NewReader(f[4]))
	r.Shape = shape
	pz, err := r.Read()
	if err != nil {
		return Identity{}, fmt.Errorf("%w: %v", errIdentity, err)
	}
	id.Givens = pz.Grid
	for _, kv := range f[5:] {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "grade":
			id.Grade = v
		case "seed":
			id.Seed, _ = strconv.ParseUint(v, 10, 64)
		case "book":
			i, of, _ := strings.Cut(v, "/")
			id.Index, _ = strconv.Atoi(i)
			id.Of, _ = strconv.Atoi(of)
		case "blanks":
			id.Blanks, _ = strconv.Atoi(v)
		}
	}
	if id.Of < 0 || id.Of > maxEntries || id.Index < 0 || id.Index > id.Of || (id.Of > 0 && id.Index == 0) || id.Blanks < 0 {
		return Identity{}, fmt.Errorf("%w: book=%d/%d", errIdentity, id.Index, id.Of)
	}
	return id, nil
}

// stringConstants reads a formula made of string constants joined by "&"
// ("abc"&"def", quotes doubled inside) and returns their concatenation.
func stringConstants(f string) (string, error) {
	var b strings.Builder
	f = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(f), "="))
	for {
		if !strings.HasPrefix(f, `"`) {
			return "", fmt.Errorf("%w: not a string constant", errIdentity)
		}
		i := 1
		for {
			j := strings.IndexByte(f[i:], '"')
			if j < 0 {
				return "", fmt.Errorf("%w: an unterminated string", errIdentity)
			}
			b.WriteString(f[i : i+j])
			i += j + 1
			if i < len(f) && f[i] == '"' {
				b.WriteByte('"')
				i++
				continue
			}
			break
		}
		f = strings.TrimSpace(f[i:])
		if f == "" {
			return b.String(), nil
		}
		if f[0] != '&' {
			return "", fmt.Errorf("%w: %q after a string", errIdentity, f[:1])
		}
		f = strings.TrimSpace(f[1:])
	}
}

// identityInCell reads the copy of its identity that worksheet sh holds
// in a hidden cell (layout.IdentityCell): found where an app that saved
// the file dropped its defined names (exceljs drops every hidden one).
func (p *pkg) identityInCell(sh sheetRef) (Identity, bool, error) {
	first, last := layout.IdentityCell(solve.Shapes[0].Size), layout.IdentityCell(solve.MaxSize)
	scan, err := p.scanSheet(sh, layout.Rect{Min: first, Max: last}, false)
	if err != nil {
		return Identity{}, false, nil // no identity to be had; the sheet's own reading says what is wrong
	}
	for _, c := range scan.cells {
		v, err := p.valueOf(sh.name, c)
		if err != nil || !v.text || !strings.HasPrefix(v.raw, identityVersion+" ") {
			continue
		}
		id, err := parseIdentityText(v.raw)
		return id, true, err
	}
	return Identity{}, false, nil
}

// identityOf returns the identity stored for worksheet sh, if any: in its
// defined name, or else in its hidden cell.
func (p *pkg) identityOf(sh sheetRef) (Identity, bool, error) {
	i := sh.index
	n, ok := p.wb.localName(identityName, i)
	if !ok || !p.gridNamesItself(sh) {
		// No name, or names a tool left on the wrong sheet (see
		// gridNamesItself).
		return p.identityInCell(sh)
	}
	id, err := parseIdentity(n.Value)
	if err != nil {
		return id, true, err
	}
	if g, ok := p.wb.localName(gridName, i); ok {
		ref := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(g.Value), "="))
		if k := strings.LastIndex(ref, "!"); k >= 0 {
			ref = ref[k+1:]
		}
		n := id.Givens.Shape.Size
		if rect, err := layout.ParseRect(strings.ReplaceAll(ref, "$", "")); err == nil {
			if rect.Rows() != n || rect.Cols() != n {
				// The app moved the reference's ends apart or together:
				// the board's cells no longer sit where its puzzle's do.
				return id, true, fmt.Errorf("%s inside its %dx%d board, which now spans %s; %s", boardChange(rect, n), n, n, rect, undoAdvice(rect, n))
			}
			id.Range = rect.String()
		}
	}
	return id, true, nil
}

// boardChange says what an app did to a board of side n that now spans
// rect: "a row was deleted", "2 columns were inserted", or both.
func boardChange(rect layout.Rect, n int) string {
	var parts []string
	for _, d := range [2]struct {
		what  string
		delta int
	}{{"row", rect.Rows() - n}, {"column", rect.Cols() - n}} {
		did := "inserted"
		if d.delta < 0 {
			did = "deleted"
		}
		switch k := abs(d.delta); {
		case k == 1:
			parts = append(parts, fmt.Sprintf("a %s was %s", d.what, did))
		case k > 1:
			parts = append(parts, fmt.Sprintf("%d %ss were %s", k, d.what, did))
		}
	}
	return strings.Join(parts, " and ")
}

// undoAdvice says how to put back a board of side n that now spans rect:
// what was inserted can be deleted again; what was deleted took the
// student's entries with it, so only undoing (or an earlier copy) helps.
func undoAdvice(rect layout.Rect, n int) string {
	if rect.Rows() >= n && rect.Cols() >= n {
		return "undo that (or delete what was inserted) and save again"
	}
	return "undo that and save again (what was deleted took its cells' entries with it)"
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
