package workbook

import (
	"archive/zip"
	"bytes"
	"errors"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/xlsudoku/xlsudoku/layout"
)

// FuzzTextValue: text cells read as blanks, as whole numbers that the text
// spells, or as something else, never anything in between.
func FuzzTextValue(f *testing.F) {
	for _, s := range []string{"7", " 7 ", "7.0", "07", ".", "-", "0", "", "x", "1e1", "12", "7.5", "٣"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v := textValue(s)
		d := v.digit(16)
		switch {
		case d == 0:
			if !v.blank {
				t.Fatalf("%q: digit 0 but not blank", s)
			}
		case d > 0:
			whole, _, _ := strings.Cut(strings.TrimSpace(s), ".")
			n, err := strconv.Atoi(whole)
			if err != nil || n != d {
				t.Fatalf("%q read as %d", s, d)
			}
		}
		// In a puzzle's own cells only, one letter A-G stands for 10-16.
		pd := v.puzzleDigit(16)
		if pd != d {
			if l := strings.ToUpper(strings.TrimSpace(s)); len(l) != 1 || int(l[0]-'A')+10 != pd {
				t.Fatalf("%q read as %d in a puzzle, %d elsewhere", s, pd, d)
			}
		}
		// An entry on our worksheet is a digit only as one character, and
		// then the same digit the puzzle's cells read; blank only empty.
		for _, size := range []int{9, 16} {
			switch e := v.entryDigit(size); {
			case e > 0 && (utf8.RuneCountInString(s) != 1 || e != v.puzzleDigit(size)):
				t.Fatalf("%q: entry %d, puzzle digit %d, on %dx%d", s, e, v.puzzleDigit(size), size, size)
			case e == 0 && s != "":
				t.Fatalf("%q: an entry read as blank", s)
			case e < -1 || e > size:
				t.Fatalf("%q: entry %d on %dx%d", s, e, size, size)
			}
		}
	})
}

// FuzzReadSheet: Read never panics on a damaged worksheet, and every error
// it gives wraps one of the package's sentinels. The fuzzer changes the
// sheet XML of samples/classic.xlsx; the rest of the package stays valid.
func FuzzReadSheet(f *testing.F) {
	zr, err := zip.OpenReader(filepath.Join("..", "samples", "classic.xlsx"))
	if err != nil {
		f.Fatal(err)
	}
	defer zr.Close()
	parts := map[string][]byte{}
	var names []string
	for _, zf := range zr.File {
		rc, err := zf.Open()
		if err != nil {
			f.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			f.Fatal(err)
		}
		parts[zf.Name] = data
		names = append(names, zf.Name)
	}
	const sheet = "xl/worksheets/sheet1.xml"
	f.Add(parts[sheet])
	f.Add([]byte(`<worksheet><sheetData><row r="2"><c r="B2" t="s"><v>0</v></c><c r="C2"><v>5</v></c></row></sheetData></worksheet>`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, xml []byte) {
		path := filepath.Join(dir, strconv.Itoa(os.Getpid())+".xlsx")
		out, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		zw := zip.NewWriter(out)
		for _, name := range names {
			w, err := zw.Create(name)
			if err != nil {
				t.Fatal(err)
			}
			data := parts[name]
			if name == sheet {
				data = xml
			}
			w.Write(data)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		out.Close()
		checkRead(t, path)
	})
}

// FuzzSpliceStyles: splicing our styles into any styles part either gives
// up or keeps every byte of the input apart from the added entries and
// counts.
func FuzzSpliceStyles(f *testing.F) {
	excel := excelStyles(f)
	r, err := render(excel, nil, "", layout.A4)
	if err != nil {
		f.Fatal(err)
	}
	// The entries a Solution sheet adds, spliced into what the fuzzer makes.
	withOurs, err := render(excel, []layout.Sheet{solutionSheetTB(f)}, "", layout.A4)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(excel)
	f.Add(r.styles)
	f.Add([]byte(`<styleSheet xmlns="` + nsMain + `"><fonts><font/></fonts><fills count='2'><fill/><fill/></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="1"><xf/></cellXfs></styleSheet>`))
	f.Fuzz(func(t *testing.T, in []byte) {
		out, ok := opc.SpliceStyles(in, withOurs.styles)
		if ok {
			assertStylesSpliced(t, in, out)
		}
	})
}

// FuzzSheetInRange: a range with a sheet splits into a sheet and a range
// that has no "!" left, or is refused as a bad option; one without a
// sheet is left as it is.
func FuzzSheetInRange(f *testing.F) {
	for _, s := range []string{"B2:J10", "Week 3!C3:K11", "'Week 3'!$C$3:$K$11", "'It''s'!A1:I9", "!A1", "a!b!c", "''!A1"} {
		f.Add(s, "")
		f.Add(s, "Week 3")
	}
	f.Fuzz(func(t *testing.T, rng, sheet string) {
		got, err := sheetInRange(Options{Range: rng, Sheet: sheet})
		switch {
		case err != nil:
			if !errors.Is(err, ErrUsage) {
				t.Fatalf("%q, %q: %v is not a usage error", rng, sheet, err)
			}
		case !strings.Contains(rng, "!"):
			if got.Range != rng || got.Sheet != sheet {
				t.Fatalf("%q, %q changed to %+v", rng, sheet, got)
			}
		default:
			if strings.Contains(got.Range, "!") || got.Sheet == "" || !strings.HasSuffix(rng, got.Range) {
				t.Fatalf("%q, %q split into %+v", rng, sheet, got)
			}
		}
	})
}

// FuzzParseWorkbook: any workbook part parses or is refused, never
// panics; a parsed one has its offsets inside the part, in order, and
// where its sheets and names end, end tags.
func FuzzParseWorkbook(f *testing.F) {
	f.Add([]byte(`<workbook xmlns="` + nsMain + `"><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets><definedNames/><calcPr/></workbook>`))
	f.Add([]byte(`<x:workbook xmlns:x="` + nsMain + `"><x:sheets><x:sheet name="A" sheetId="1"/></x:sheets><x:definedNames><x:definedName name="_xlnm.Print_Area" localSheetId="0">A!$A$1</x:definedName></x:definedNames></x:workbook>`))
	f.Add([]byte(`<workbook><sheets/><definedNames></definedNames></workbook>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		wb, err := parseWorkbook(data)
		if err != nil {
			return
		}
		if len(wb.sheets) == 0 || wb.sheetsEnd < 0 || wb.sheetsEnd > len(wb.data) || !strings.HasPrefix(string(wb.data[wb.sheetsEnd:]), "</") {
			t.Fatalf("sheets end at %d in %q", wb.sheetsEnd, wb.data)
		}
		if wb.namesEnd >= 0 && !strings.HasPrefix(string(wb.data[wb.namesEnd:]), "</") {
			t.Fatalf("names end at %d in %q", wb.namesEnd, wb.data)
		}
		if wb.namesEnd < 0 && (wb.namesAt < 0 || wb.namesAt > len(wb.data)) {
			t.Fatalf("names go at %d in %q", wb.namesAt, wb.data)
		}
		for _, n := range wb.names {
			if n.start < 0 || n.end < n.start || n.end > len(wb.data) || !usedName(n.Name) {
				t.Fatalf("name %+v in %q", n, wb.data)
			}
		}
	})
}

// FuzzParseStyles: any styles part gives what reading needs or an error,
// never a panic, and a cell format for every xf it lists.
func FuzzParseStyles(f *testing.F) {
	f.Add(excelStyles(f))
	f.Add([]byte(`<styleSheet xmlns="` + nsMain + `"><numFmts><numFmt numFmtId="164" formatCode="d/m"/></numFmts><borders><border><left style="thin"/></border></borders><cellXfs><xf numFmtId="164" borderId="0"/><xf/></cellXfs></styleSheet>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := parseStyles(opc.NewTokens(bytes.NewReader(data), "xl/styles.xml", 1<<20))
		if err != nil {
			return
		}
		if !st.known || len(st.date) != len(st.border) || len(st.date) > maxStyles {
			t.Fatalf("%d dates, %d borders", len(st.date), len(st.border))
		}
		for xf := -1; xf <= len(st.date); xf++ {
			st.isDate(xf)
			st.hasBorder(xf)
		}
	})
}

// FuzzReadWorkbook: Read never panics on any file, whatever its zip and
// parts hold, and every error it gives wraps one of the package's
// sentinels. The seeds are whole sample workbooks.
func FuzzReadWorkbook(f *testing.F) {
	for _, name := range []string{"classic.xlsx", "4x4.xlsx", "teacher.xlsx"} {
		data, err := os.ReadFile(filepath.Join("..", "samples", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, strconv.Itoa(os.Getpid())+".xlsx")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		checkRead(t, path)
	})
}

// checkRead reads path: an error must wrap one of the package's sentinels,
// and a puzzle read must have a valid shape.
func checkRead(t *testing.T, path string) {
	p, err := Read(path, Options{})
	if err != nil {
		for _, sentinel := range []error{ErrOpen, ErrUsage, ErrInvalid, ErrNoPuzzle, ErrAmbiguous} {
			if errors.Is(err, sentinel) {
				return
			}
		}
		t.Fatalf("error without a sentinel: %v", err)
	}
	if !p.Grid.Shape.Valid() {
		t.Fatalf("read an invalid shape %v", p.Grid.Shape)
	}
}

// FuzzRenderStyles: whatever the well-formed styles part, rendering our
// sheets into it either refuses it or gives a well-formed part whose lists hold the
// input's entries as they were, then ours, every cell's format among
// them; rendering into that again adds nothing.
func FuzzRenderStyles(f *testing.F) {
	f.Add(excelStyles(f))
	f.Add(emptyStyles)
	f.Add([]byte(`<x:styleSheet xmlns:x="` + nsMain + `"><x:fonts/><x:cellXfs count="1"><x:xf/></x:cellXfs></x:styleSheet>`))
	f.Add([]byte(`<styleSheet xmlns="` + nsMain + `"><numFmts count="0"/><dxfs count="0"></dxfs></styleSheet>`))
	sheets := []layout.Sheet{solutionSheetTB(f)}
	f.Fuzz(func(t *testing.T, in []byte) {
		if wellFormed(in) != nil {
			return // writing refuses it before rendering (openOutput)
		}
		r, err := render(in, sheets, "", layout.A4)
		if err != nil {
			return
		}
		if err := wellFormed(r.styles); err != nil {
			t.Fatalf("not well formed: %v\n%s", err, r.styles)
		}
		out, ok := opc.StyleLists(r.styles)
		if !ok {
			t.Fatalf("its lists cannot be read:\n%s", r.styles)
		}
		if before, ok := opc.StyleLists(in); ok {
			for name, l := range before {
				o := out[name]
				if o == nil || len(o.Items) < len(l.Items) {
					t.Fatalf("%s lost entries:\n%s", name, r.styles)
				}
				for i, it := range l.Items {
					if a, b := in[it[0]:it[1]], r.styles[o.Items[i][0]:o.Items[i][1]]; !bytes.Equal(a, b) {
						t.Fatalf("%s %d: %q became %q", name, i, a, b)
					}
				}
			}
		}
		n := len(out["cellXfs"].Items)
		for _, m := range regexp.MustCompile(` s="(\d+)"`).FindAllSubmatch(r.sheets[0], -1) {
			if id, _ := strconv.Atoi(string(m[1])); id >= n {
				t.Fatalf("a cell names format %d of %d", id, n)
			}
		}
		again, err := render(r.styles, sheets, "", layout.A4)
		if err != nil {
			t.Fatalf("our own part is refused: %v", err)
		}
		if !bytes.Equal(again.styles, r.styles) {
			t.Fatalf("a second run added styles")
		}
	})
}
