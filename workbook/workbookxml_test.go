package workbook

import (
	"archive/zip"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// withWorkbookXML is the classic book with its workbook part passed
// through fix.
func withWorkbookXML(t *testing.T, fix func(string) string) string {
	t.Helper()
	path := classicBook(t)
	rezip(t, path, func(name string, data []byte) []byte {
		if name == "xl/workbook.xml" {
			return []byte(fix(string(data)))
		}
		return data
	})
	return path
}

// prefixed writes the workbook part with the main namespace bound to the
// prefix x on every element, as some tools do.
func prefixed(s string) string {
	s = strings.Replace(s, `<workbook xmlns="`+nsMain+`"`, `<workbook xmlns:x="`+nsMain+`"`, 1)
	return regexp.MustCompile(`<(/?)([a-zA-Z])`).ReplaceAllString(s, "<${1}x:$2")
}

// TestWriteUnusualWorkbookXML: valid workbook parts written in ways we do
// not write ourselves round-trip: solve -o works, the output reads back
// with one <definedNames> holding our names, and solving the output again
// replaces our sheets.
func TestWriteUnusualWorkbookXML(t *testing.T) {
	beforeCalc := func(el string) func(string) string {
		return func(s string) string { return strings.Replace(s, "<calcPr", el+"<calcPr", 1) }
	}
	for _, tt := range []struct {
		name   string
		fix    func(string) string
		office bool // have LibreOffice open the output (slow)
	}{
		{"self-closed definedNames", beforeCalc("<definedNames/>"), true},
		{"self-closed definedNames with a space", beforeCalc("<definedNames />"), false},
		{"empty definedNames", beforeCalc("<definedNames></definedNames>"), false},
		{"definedNames at the end", func(s string) string {
			return strings.Replace(strings.Replace(s, "<calcPr calcId=\"122211\"></calcPr>", "", 1), "</workbook>", "<definedNames/></workbook>", 1)
		}, false},
		{"prefixed", func(s string) string {
			return prefixed(beforeCalc(`<definedName name="Givens">'Week 3'!$B$2:$J$10</definedName>`)(s))
		}, false},
		{"prefixed, self-closed definedNames", func(s string) string { return prefixed(beforeCalc("<definedNames/>")(s)) }, true},
		{"self-closed elements everywhere", func(s string) string {
			s = strings.ReplaceAll(s, `"></fileVersion>`, `"/>`)
			s = strings.ReplaceAll(s, `"></workbookView>`, `"/>`)
			s = strings.ReplaceAll(s, `"></sheet>`, `"/>`)
			return beforeCalc("<definedNames/>")(s)
		}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := withWorkbookXML(t, tt.fix)
			out := filepath.Join(t.TempDir(), "out.xlsx")
			p, sol, _ := solveFile(t, in, out, Options{})
			assert.Equal(t, "Week 3!B2:J10", p.Where())

			wb := string(unzip(t, out)["xl/workbook.xml"])
			assert.Len(t, regexp.MustCompile(`<(x:)?definedNames[\s>/]`).FindAllString(wb, -1), 1, wb)
			names := regexp.MustCompile(`(?s)<(x:)?definedNames[^>]*>(.*)</(x:)?definedNames>`).FindStringSubmatch(wb)
			require.NotNil(t, names, wb)
			assert.Contains(t, names[2], markerName)
			assert.Contains(t, names[2], "_xlnm.Print_Area")

			// The output reads back, and a second run replaces our sheets.
			out2 := filepath.Join(t.TempDir(), "again.xlsx")
			_, _, notes := solveFile(t, out, out2, Options{})
			assert.Contains(t, notes, `replaced sheet "Solution" of an earlier run`)
			sheetsOf(t, out2, "Week 3", "Solution", "Candidates")
			if tt.office {
				libreOfficeSolution(t, out2, solve.FormatLine(&sol))
			}
		})
	}
}

// sheetsOf asserts the names of the worksheets of the workbook at path.
func sheetsOf(t *testing.T, path string, want ...string) {
	t.Helper()
	pk, err := openPackage(path, 0)
	require.NoError(t, err)
	defer pk.Close()
	var got []string
	for _, s := range pk.worksheets() {
		got = append(got, s.name)
	}
	assert.Equal(t, want, got)
}

// libreOfficeSolution has LibreOffice open the workbook at path and checks
// that its Solution sheet at B2 holds the 9x9 solution written as a line.
// It skips when soffice is not installed, and with -short.
func libreOfficeSolution(t *testing.T, path, solution string) {
	t.Helper()
	soffice, err := exec.LookPath("soffice")
	if err != nil || testing.Short() {
		return
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, soffice, "--headless", "-env:UserInstallation=file://"+filepath.Join(dir, "profile"),
		"--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1", "--outdir", dir, path)
	outp, err := cmd.CombinedOutput()
	require.NoError(t, err, string(outp))
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	data, err := os.ReadFile(filepath.Join(dir, base+"-Solution.csv"))
	require.NoError(t, err, "LibreOffice wrote no Solution sheet: %s", outp)
	var digits strings.Builder
	for _, l := range strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n") {
		if f := strings.Split(l, ","); len(f) >= 10 && len(f[1]) == 1 && f[1] >= "1" && f[1] <= "9" {
			digits.WriteString(strings.Join(f[1:10], ""))
		}
	}
	assert.Equal(t, solution, digits.String())
}

// TestWriteFolderEntries: a zip that lists its folders, stored compressed
// as some zip tools do, round-trips; the folder entries stay, empty.
func TestWriteFolderEntries(t *testing.T) {
	in := classicBook(t)
	folders := []string{"xl/worksheets/", "xl/theme/", "docProps/"}
	zr, err := zip.OpenReader(in)
	require.NoError(t, err)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, dir := range folders {
		// Written as a file with a stand-in name and an empty deflate
		// stream, then renamed in place: Go's zip writer stores folders
		// uncompressed.
		w, err := zw.CreateHeader(&zip.FileHeader{Name: strings.TrimSuffix(dir, "/") + "\x7f", Method: zip.Deflate})
		require.NoError(t, err)
		_, err = w.Write(nil)
		require.NoError(t, err)
	}
	for _, f := range zr.File {
		require.NoError(t, zw.Copy(f))
	}
	require.NoError(t, zw.Close())
	zr.Close()
	data := buf.Bytes()
	for _, dir := range folders {
		stand := []byte(strings.TrimSuffix(dir, "/") + "\x7f")
		require.Equal(t, 2, bytes.Count(data, stand), "local header and directory")
		data = bytes.ReplaceAll(data, stand, []byte(dir))
	}
	require.NoError(t, os.WriteFile(in, data, 0o644))
	zr, err = zip.OpenReader(in)
	require.NoError(t, err)
	require.Equal(t, folders[0], zr.File[0].Name)
	require.NotZero(t, zr.File[0].CompressedSize64, "the folder entry is stored compressed")
	zr.Close()

	out := filepath.Join(t.TempDir(), "out.xlsx")
	_, sol, _ := solveFile(t, in, out, Options{})
	zr, err = zip.OpenReader(out)
	require.NoError(t, err)
	defer zr.Close()
	for i, dir := range folders {
		assert.Equal(t, dir, zr.File[i].Name)
		assert.Zero(t, zr.File[i].UncompressedSize64)
	}
	sheetsOf(t, out, "Week 3", "Solution", "Candidates")
	libreOfficeSolution(t, out, solve.FormatLine(&sol))
}

// TestReadWorkbookWithoutSheets: a workbook part with an empty <sheets/>
// is refused as damaged, not misread.
func TestReadWorkbookWithoutSheets(t *testing.T) {
	for _, sheets := range []string{"<sheets/>", "<sheets></sheets>"} {
		in := withWorkbookXML(t, func(s string) string {
			return regexp.MustCompile(`<sheets>.*</sheets>`).ReplaceAllString(s, sheets)
		})
		_, err := Read(in, Options{})
		require.ErrorIs(t, err, ErrOpen, sheets)
		assert.Contains(t, err.Error(), "lists no sheets")
	}
}

// TestFullCalcEdit: the workbook part asks for a full calculation on
// opening, its calcPr's other attributes kept, a new one where the schema
// puts it.
func TestFullCalcEdit(t *testing.T) {
	const sheets = `<sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets>`
	const names = `<definedNames><definedName name="n">A!$A$1</definedName></definedNames>`
	for _, tt := range []struct{ name, in, want string }{
		{"none, after the names", sheets + names + `<extLst/>`, sheets + names + `<calcPr fullCalcOnLoad="1"/><extLst/>`},
		{"none, no names", sheets, sheets + `<calcPr fullCalcOnLoad="1"/>`},
		{"self-closed", sheets + `<calcPr calcId="191029"/>`, sheets + `<calcPr calcId="191029" fullCalcOnLoad="1"/>`},
		{"open", sheets + `<calcPr calcId="122211" ></calcPr>`, sheets + `<calcPr calcId="122211" fullCalcOnLoad="1"></calcPr>`},
		{"off", sheets + `<calcPr fullCalcOnLoad='0' calcId="1"/>`, sheets + `<calcPr fullCalcOnLoad='1' calcId="1"/>`},
		{"on already", sheets + `<calcPr fullCalcOnLoad="true"/>`, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data := []byte(`<workbook xmlns="` + nsMain + `" xmlns:r="` + nsRelationships + `">` + tt.in + `</workbook>`)
			wb, err := parseWorkbook(data)
			require.NoError(t, err)
			e, ok := wb.fullCalcEdit(func(s string) string { return s })
			if tt.want == "" {
				assert.False(t, ok)
				return
			}
			require.True(t, ok)
			out := opc.ApplyEdits(wb.data, []opc.Edit{e})
			require.NoError(t, wellFormed(out))
			assert.Equal(t, `<workbook xmlns="`+nsMain+`" xmlns:r="`+nsRelationships+`">`+tt.want+`</workbook>`, string(out))
		})
	}
}

// TestFullCalcOnLoad: a workbook whose sheets of ours have formulas, or
// replace an earlier run's (which the user's formulas may refer to, their
// stored results stale), asks the app to calculate on opening; a first
// solve, which changes no result of the user's, leaves calcPr as it was.
// Found by a hunt: =Solution!B2 on a teacher's sheet showed the old answer.
func TestFullCalcOnLoad(t *testing.T) {
	in := classicBook(t)
	dir := t.TempDir()
	p, err := Read(in, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	calc := func(path string) string {
		m := regexp.MustCompile(`<calcPr[^>]*>`).Find(unzip(t, path)["xl/workbook.xml"])
		return string(m)
	}
	before := calc(in)
	first := filepath.Join(dir, "first.xlsx")
	_, err = Write(p, sol, first, Options{})
	require.NoError(t, err)
	assert.Equal(t, before, calc(first))
	p2, err := Read(first, Options{})
	require.NoError(t, err)
	again := filepath.Join(dir, "again.xlsx")
	_, err = Write(p2, sol, again, Options{})
	require.NoError(t, err)
	assert.Contains(t, calc(again), `fullCalcOnLoad="1"`)
	ws := filepath.Join(dir, "ws.xlsx")
	_, err = WriteWorksheet(p, sol, ws, Options{}, WorksheetOptions{})
	require.NoError(t, err)
	assert.Contains(t, calc(ws), `fullCalcOnLoad="1"`)
}
