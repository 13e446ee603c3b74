package workbook

import (
	"bytes"
	"encoding/xml"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook/opc"
)

// prefixAll binds the main namespace of a part to the prefix sx on every
// unprefixed element, as the OpenXML SDK writes parts (with x, which the
// classic book's styles part binds to another namespace already).
func prefixAll(s string) string {
	s = strings.Replace(s, ` xmlns="`+nsMain+`"`, ` xmlns:sx="`+nsMain+`"`, 1)
	return regexp.MustCompile(`<(/?)([A-Za-z][A-Za-z0-9_.-]*)([\s/>])`).ReplaceAllString(s, "<${1}sx:$2$3")
}

// list is a regexp for a whole list of a styles part, by name.
func list(name string) *regexp.Regexp {
	return regexp.MustCompile(`<` + name + `(\s[^>]*)?/>|<` + name + `[\s>](?s:.*?)</` + name + `>`)
}

// TestWriteUnusualStyles: styles parts that writers other than Excel
// leave, prefixed or lacking lists that a cell format needs, take our
// styles: solve -o writes a workbook whose Solution sheet reads back in
// our styles, keeps the part's own entries, and solves again without
// adding styles; LibreOffice opens the odd ones.
func TestWriteUnusualStyles(t *testing.T) {
	for _, tt := range []struct {
		name   string
		fix    func(string) string // nil: no styles part at all
		office bool
	}{
		{"prefixed", func(s string) string { return prefixAll(s) }, true},
		{"no fills, borders or cell styles", func(s string) string {
			for _, l := range []string{"fills", "borders", "cellStyleXfs"} {
				s = list(l).ReplaceAllString(s, "")
			}
			return s
		}, false},
		{"self-closed fonts and borders", func(s string) string {
			s = list("fonts").ReplaceAllString(s, "<fonts/>")
			return list("borders").ReplaceAllString(s, `<borders count="0"></borders>`)
		}, false},
		{"prefixed, no cell formats", func(s string) string {
			return prefixAll(list("cellXfs").ReplaceAllString(s, ""))
		}, false},
		{"an empty styles part", func(string) string { return `<styleSheet xmlns="` + nsMain + `"/>` }, true},
		{"no styles part", nil, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := classicBook(t)
			var before []byte
			rezip(t, in, func(name string, data []byte) []byte {
				switch {
				case name == "xl/styles.xml" && tt.fix != nil:
					before = []byte(tt.fix(string(data)))
					return before
				case name == "xl/styles.xml":
					return nil
				case tt.fix == nil && (name == "xl/_rels/workbook.xml.rels" || name == "[Content_Types].xml"):
					return regexp.MustCompile(`<(Relationship|Override)[^>]*styles[^>]*>(</(Relationship|Override)>)?`).ReplaceAll(data, nil)
				}
				return data
			})
			out := filepath.Join(t.TempDir(), "out.xlsx")
			_, sol, _ := solveFile(t, in, out, Options{})
			parts := unzip(t, out)
			styles := parts["xl/styles.xml"]
			require.NotNil(t, styles, "the output has a styles part")
			require.NoError(t, wellFormed(styles))
			lists, ok := opc.StyleLists(styles)
			require.True(t, ok)
			for _, name := range []string{"fonts", "fills", "borders", "cellStyleXfs", "cellXfs"} {
				require.NotNil(t, lists[name], name)
				assert.NotEmpty(t, lists[name].Items, name)
			}
			if before != nil {
				// The part's own entries are all still there, in order.
				inLists, ok := opc.StyleLists(before)
				require.True(t, ok)
				for name, l := range inLists {
					for i, it := range l.Items {
						o := lists[name].Items[i]
						assert.Equal(t, string(before[it[0]:it[1]]), string(styles[o[0]:o[1]]), "%s %d", name, i)
					}
				}
			}
			if strings.HasPrefix(tt.name, "prefixed") {
				assertAllPrefixed(t, styles, "sx")
			}

			// Our styles, as a spreadsheet reads them: a given bold and
			// black, a digit the solver filled in blue, both large and
			// with borders.
			f, err := excelize.OpenFile(out)
			require.NoError(t, err)
			defer f.Close()
			assert.Equal(t, sol, readGridAt(t, f, "Solution", layoutB2, sol.Shape))
			sheet := layout.SolutionSheet("Solution", grid(t, classic), sol)
			checked := 0
			for _, c := range sheet.Cells {
				if c.Number == 0 {
					continue
				}
				id, err := f.GetCellStyle("Solution", c.Pos.String())
				require.NoError(t, err)
				st, err := f.GetStyle(id)
				require.NoError(t, err)
				require.NotNil(t, st.Font, c.Pos)
				assert.Equal(t, c.Style.Bold, st.Font.Bold, c.Pos)
				assert.Equal(t, c.Style.FontSize, st.Font.Size, c.Pos)
				assert.Equal(t, c.Style.Color, strings.TrimPrefix(strings.ToUpper(st.Font.Color), "FF"), c.Pos)
				assert.NotEmpty(t, st.Border, c.Pos)
				checked++
			}
			assert.Equal(t, 81, checked)

			// Solving the output again adds no style.
			out2 := filepath.Join(t.TempDir(), "again.xlsx")
			solveFile(t, out, out2, Options{})
			again, ok := opc.StyleLists(unzip(t, out2)["xl/styles.xml"])
			require.True(t, ok)
			for _, name := range []string{"fonts", "fills", "borders", "cellXfs"} {
				assert.Len(t, again[name].Items, len(lists[name].Items), name)
			}
			if tt.office {
				libreOfficeSolution(t, out, solve.FormatLine(&sol))
			}
		})
	}
}

// assertAllPrefixed asserts that every element of a part carries prefix.
func assertAllPrefixed(t *testing.T, part []byte, prefix string) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(part))
	for {
		tok, err := d.RawToken()
		if err == io.EOF {
			return
		}
		require.NoError(t, err)
		if se, ok := tok.(xml.StartElement); ok && se.Name.Space != prefix {
			t.Fatalf("element <%s:%s> is not prefixed %s", se.Name.Space, se.Name.Local, prefix)
		}
	}
}

// TestCompleteStyles: a styles part lacking the lists a cell format needs
// gets them where the schema puts them, every byte of it kept.
func TestCompleteStyles(t *testing.T) {
	const fonts = `<fonts count="1"><font><sz val="10"/><name val="Arial"/></font></fonts>`
	for _, tt := range []struct{ name, in, want string }{
		{"empty", `<styleSheet xmlns="m"/>`, ""},
		{"fonts only", `<styleSheet xmlns="m">` + fonts + `</styleSheet>`, "fonts fills borders cellStyleXfs cellXfs"},
		{"dxfs only", `<styleSheet xmlns="m"><dxfs count="0"/></styleSheet>`, "fonts fills borders cellStyleXfs cellXfs dxfs"},
		{"empty cell style formats first", `<styleSheet xmlns="m"><cellStyleXfs></cellStyleXfs></styleSheet>`, ""}, // found by FuzzRenderStyles: inserts at the start of a replaced list
		{"prefixed, cell formats only", `<x:styleSheet xmlns:x="m"><x:cellXfs count="1"><x:xf/></x:cellXfs></x:styleSheet>`, ""},
		{"prefixed, empty", `<x:styleSheet xmlns:x="m"/>`, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := strings.ReplaceAll(tt.in, `"m"`, `"`+nsMain+`"`)
			out, added := opc.CompleteStyles([]byte(in))
			require.True(t, added)
			require.NoError(t, wellFormed(out))
			var names []string
			d := xml.NewDecoder(bytes.NewReader(out))
			depth := 0
			for {
				tok, err := d.Token()
				if err == io.EOF {
					break
				}
				require.NoError(t, err)
				switch se := tok.(type) {
				case xml.StartElement:
					depth++
					if depth == 2 {
						names = append(names, se.Name.Local)
					}
				case xml.EndElement:
					depth--
				}
			}
			want := tt.want
			if want == "" {
				want = "fonts fills borders cellStyleXfs cellXfs"
			}
			assert.Equal(t, want, strings.Join(names, " "))
			if strings.Contains(in, fonts) {
				assert.Contains(t, string(out), fonts, "its own list as it was")
			}
			if strings.HasPrefix(tt.name, "prefixed") {
				assertAllPrefixed(t, out, "x")
			}
			_, ok := newStyleTable(out)
			assert.True(t, ok)
			_, again := opc.CompleteStyles(out)
			assert.False(t, again, "nothing more to add")
		})
	}
}

// TestStylesDanglingIDs: cell formats that name fills, borders or fonts
// past the ends of their lists (a damaged part, drawn by apps with none)
// keep naming nothing of ours: the lists are padded first. Found by a hunt:
// a user's cells took our grey fill and thick borders.
func TestStylesDanglingIDs(t *testing.T) {
	in := []byte(`<styleSheet xmlns="` + nsMain + `"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
		`<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
		`<borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs>` +
		`<cellXfs count="2"><xf/><xf fontId="2" fillId="3" borderId="2" applyFill="1" applyBorder="1"/></cellXfs></styleSheet>`)
	r, err := render(in, []layout.Sheet{solutionSheetTB(t)}, "", layout.A4)
	require.NoError(t, err)
	require.NoError(t, wellFormed(r.styles))
	lists, ok := opc.StyleLists(r.styles)
	require.True(t, ok)
	entry := func(list string, i int) string {
		it := lists[list].Items[i]
		return string(r.styles[it[0]:it[1]])
	}
	for _, tt := range []struct {
		list string
		ids  []int
		want string
	}{
		{"fonts", []int{1, 2}, `<font><sz val="11"/><name val="Calibri"/></font>`},
		{"fills", []int{2, 3}, `<fill><patternFill patternType="none"/></fill>`},
		{"borders", []int{1, 2}, `<border><left/><right/><top/><bottom/><diagonal/></border>`},
	} {
		for _, i := range tt.ids {
			assert.Equal(t, tt.want, entry(tt.list, i), "%s %d is padding", tt.list, i)
		}
	}
	// Ours come after: the solution's cells name none of the padding.
	n := len(lists["cellXfs"].Items)
	for _, m := range regexp.MustCompile(` s="(\d+)"`).FindAllSubmatch(r.sheets[0], -1) {
		id, _ := strconv.Atoi(string(m[1]))
		require.Less(t, id, n)
		require.GreaterOrEqual(t, id, 2, "a cell of ours takes a format of ours")
		xf := entry("cellXfs", id)
		for a, pad := range map[string][2]int{`fontId="(\d+)"`: {1, 2}, `fillId="(\d+)"`: {2, 3}, `borderId="(\d+)"`: {1, 2}} {
			if m := regexp.MustCompile(a).FindStringSubmatch(xf); m != nil {
				v, _ := strconv.Atoi(m[1])
				assert.True(t, v < pad[0] || v > pad[1], "%s names padding: %s", a, xf)
			}
		}
	}
	again, err := render(r.styles, []layout.Sheet{solutionSheetTB(t)}, "", layout.A4)
	require.NoError(t, err)
	assert.Equal(t, string(r.styles), string(again.styles), "a second run pads nothing more")
}
