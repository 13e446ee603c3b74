package workbook

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// stylesOfBook is the styles part of a workbook file.
func stylesOfBook(t *testing.T, path string) []byte {
	t.Helper()
	data, ok := unzip(t, path)["xl/styles.xml"]
	require.True(t, ok, path)
	return data
}

// sheetsToStyle are sheets that use every kind of style we make: borders
// thin and thick, fills, fonts of our own (struck through in the step
// pictures), wrapped and aligned text, unlocked and hidden cells, and
// conditional formats.
func sheetsToStyle(t *testing.T) []layout.Sheet {
	g := grid(t, classic)
	var s solve.Solver
	sol, err := s.Solve(&g)
	require.NoError(t, err)
	hard := grid(t, pictured)
	ex, err := solve.Explain(hard)
	require.NoError(t, err)
	ws := layout.WorksheetSheet(g, layout.WorksheetOptions{Title: "Week 3", Header: "Set", AnswerSheet: "Answers"})
	return []layout.Sheet{
		layout.SolutionSheet("Solution of classic.xlsx\nSheet1!B2:J10", g, sol),
		layout.CandidatesSheet("Candidates", g),
		ws.Sheet,
		layout.AnswerSheet(g, sol),
		layout.StepsSheet("Steps of hard.xlsx", "Puzzle", func(r, c int) string { return layout.Pos{Col: c + 2, Row: r + 2}.String() }, hard, ex),
		catalogueSheet(testPuzzles(t, 3), []string{"Puzzles!B2", "Puzzles!B20", "Puzzles!B40"}, "Sudoku"),
	}
}

var (
	cellStyleAttr = regexp.MustCompile(`<c r="([A-Z]+[0-9]+)"[^>]*? s="([0-9]+)"`)
	dxfAttr       = regexp.MustCompile(`dxfId="([0-9]+)"`)
	idAttr        = regexp.MustCompile(`(fontId|fillId|borderId)="([0-9]+)"`)
	anyStyleID    = regexp.MustCompile(` (s|dxfId)="[0-9]+"`)
)

// resolver returns what cell format n of a styles part says, its font,
// fill and border written out in place of their numbers.
func resolver(t *testing.T, styles []byte) func(n int) string {
	lists, ok := opc.StyleLists(styles)
	require.True(t, ok)
	entry := func(list string, i int) string {
		items := lists[list].Items
		require.Less(t, i, len(items), list)
		return string(styles[items[i][0]:items[i][1]])
	}
	return func(n int) string {
		xf := entry("cellXfs", n)
		return idAttr.ReplaceAllStringFunc(xf, func(a string) string {
			m := idAttr.FindStringSubmatch(a)
			i, _ := strconv.Atoi(m[2])
			return m[1] + "=" + entry(map[string]string{"fontId": "fonts", "fillId": "fills", "borderId": "borders"}[m[1]], i)
		})
	}
}

// TestStyleTableMatchesExcelize renders the same sheets with the styles
// written by styleTable and made by excelize, into the styles parts of
// workbooks of several makers: every cell gets the same font, fill,
// border, alignment and protection, every conditional format the same
// look, and the sheets are otherwise byte for byte the same.
func TestStyleTableMatchesExcelize(t *testing.T) {
	lo, err := os.ReadFile("testdata/libreoffice-made.xlsx")
	require.NoError(t, err)
	loPath := t.TempDir() + "/lo.xlsx"
	require.NoError(t, os.WriteFile(loPath, lo, 0o644))
	inputs := map[string][]byte{
		"samples/classic.xlsx":  stylesOfBook(t, "../samples/classic.xlsx"),
		"samples/teacher.xlsx":  stylesOfBook(t, "../samples/teacher.xlsx"),
		"excelize":              stylesOfBook(t, classicBook(t)),
		"excel":                 excelStyles(t),
		"libreoffice":           stylesOfBook(t, loPath),
		"a new book's template": newBookStyles,
	}
	for name, styles := range inputs {
		t.Run(name, func(t *testing.T) {
			sheets := sheetsToStyle(t)
			_, ok := newStyleTable(styles)
			require.True(t, ok, "a plain styles part")
			native, err := render(styles, sheetsToStyle(t), "pw", layout.A4)
			require.NoError(t, err)
			ex, err := renderExcelize(styles, sheets, "pw", layout.A4)
			require.NoError(t, err)
			exStyles, ok := opc.SpliceStyles(styles, ex.styles)
			require.True(t, ok)
			assertStylesSpliced(t, styles, native.styles)
			resolveNative, resolveExcelize := resolver(t, native.styles), resolver(t, exStyles)
			la, _ := opc.StyleLists(native.styles)
			lb, _ := opc.StyleLists(exStyles)
			require.Len(t, native.sheets, len(ex.sheets))
			for i := range native.sheets {
				a, b := string(native.sheets[i]), string(ex.sheets[i])
				assert.Equal(t, anyStyleID.ReplaceAllString(b, ""), anyStyleID.ReplaceAllString(a, ""), "sheet %d apart from style numbers", i)
				ac, bc := cellStyleAttr.FindAllStringSubmatch(a, -1), cellStyleAttr.FindAllStringSubmatch(b, -1)
				require.Len(t, ac, len(bc))
				require.NotEmpty(t, ac)
				for j := range ac {
					require.Equal(t, bc[j][1], ac[j][1])
					na, _ := strconv.Atoi(ac[j][2])
					nb, _ := strconv.Atoi(bc[j][2])
					require.Equal(t, resolveExcelize(nb), resolveNative(na), "sheet %d cell %s", i, ac[j][1])
				}
				ad, bd := dxfAttr.FindAllStringSubmatch(a, -1), dxfAttr.FindAllStringSubmatch(b, -1)
				require.Len(t, ad, len(bd))
				for j := range ad {
					na, _ := strconv.Atoi(ad[j][1])
					nb, _ := strconv.Atoi(bd[j][1])
					ia, ib := la["dxfs"].Items[na], lb["dxfs"].Items[nb]
					assert.Equal(t, string(exStyles[ib[0]:ib[1]]), string(native.styles[ia[0]:ia[1]]))
				}
			}
		})
	}
}

// TestStyleTableReusesItsEntries: a second run on our own output adds no
// style, and the default font is read as excelize reads it.
func TestStyleTableReusesItsEntries(t *testing.T) {
	styles := stylesOfBook(t, "../samples/classic.xlsx")
	tab, ok := newStyleTable(styles)
	require.True(t, ok)
	assert.Equal(t, "Calibri", tab.font)
	assert.Equal(t, 11.0, tab.size)
	first, err := render(styles, sheetsToStyle(t), "", layout.A4)
	require.NoError(t, err)
	assert.Greater(t, len(first.styles), len(styles))
	second, err := render(first.styles, sheetsToStyle(t), "", layout.A4)
	require.NoError(t, err)
	l1, _ := opc.StyleLists(first.styles)
	l2, _ := opc.StyleLists(second.styles)
	for _, name := range []string{"fonts", "fills", "borders", "cellXfs"} {
		assert.Len(t, l2[name].Items, len(l1[name].Items), name)
	}
	assert.Equal(t, first.sheets, second.sheets, "the same numbers")
}

// TestStyleTableDefaultFont reads the family and size of the default font
// as excelize does: the first font's name, Calibri when it has none, the
// size of the font of cell format 0.
func TestStyleTableDefaultFont(t *testing.T) {
	part := func(fonts, xf0 string) []byte {
		return []byte(`<?xml version="1.0"?><styleSheet xmlns="` + nsMain + `"><fonts count="2">` + fonts + `</fonts>` +
			`<fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders>` +
			`<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1">` + xf0 + `</cellXfs></styleSheet>`)
	}
	for _, c := range []struct {
		fonts, xf0 string
		family     string
		size       float64
	}{
		{`<font><sz val="10"/><name val="Arial"/></font><font><sz val="14"/></font>`, `<xf fontId="0"/>`, "Arial", 10},
		{`<font><sz val="10"/><name val="Arial"/></font><font><sz val="14"/></font>`, `<xf fontId="1"/>`, "Arial", 14},
		{`<font><sz val="10"/><name val="Arial"/></font><font><sz val="14"/></font>`, `<xf fontId="1" applyFont="false"/>`, "Arial", 11},
		{`<font><sz val="10"/><name val="Arial"/></font><font><sz val="14"/></font>`, `<xf fontId="1" applyFont="1"/>`, "Arial", 14},
		{`<font><sz val="9"/></font><font/>`, `<xf/>`, "Calibri", 11},
		{`<font><sz val="9"/></font><font/>`, `<xf fontId="0"/>`, "Calibri", 9},
		{`<font/><font/>`, `<xf fontId="7"/>`, "Calibri", 11},
	} {
		tab, ok := newStyleTable(part(c.fonts, c.xf0))
		require.True(t, ok, c.fonts)
		assert.Equal(t, c.family, tab.font, c.fonts)
		assert.Equal(t, c.size, tab.size, c.fonts)
		// As excelize reads it: the same font and digit width.
		f := excelize.NewFile()
		f.Pkg.Store("xl/styles.xml", namedDefaultFont(part(c.fonts, c.xf0)))
		f.Styles = nil
		r, err := newRenderer(f, "")
		require.NoError(t, err)
		assert.Equal(t, r.font, tab.font, c.fonts)
		assert.Equal(t, r.digitPx, digitPixels(tab.font, tab.size), c.fonts+c.xf0)
		f.Close()
	}
}

// TestWellFormed: the check run on the parts we write catches what makes
// XML unreadable.
func TestWellFormed(t *testing.T) {
	for _, c := range []struct {
		xml string
		ok  bool
	}{
		{`<?xml version="1.0"?><a x="1"><b/><c>t &amp; u</c></a>`, true},
		{`<a:r xmlns:a="u"><a:b></a:b></a:r>`, true},
		{"<a/>\n", true},
		{`<a><b></a>`, false},
		{`<a></b>`, false},
		{`<a>`, false},
		{`<a/><b/>`, false},
		{`<a/>text`, false},
		{``, false},
		{`<a x="1" x="2"/>`, false},
		{`<a>&nope;</a>`, false},
		{`<a x=1/>`, false},
		{`<a:r xmlns:a="u"></b:r>`, false},
	} {
		err := wellFormed([]byte(c.xml))
		assert.Equal(t, c.ok, err == nil, "%s: %v", c.xml, err)
	}
}
