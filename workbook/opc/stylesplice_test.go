package opc

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// plainStyles is a small styles part with what a rewrite loses: a
// prefixed attribute, single quotes, an empty list written self-closed.
const plainStyles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="` + nsMain + `" xmlns:mc="urn:mc" xmlns:x14ac="urn:x14ac" mc:Ignorable="x14ac">` +
	`<fonts count="1" x14ac:knownFonts="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
	`<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
	`<borders count='1'><border/></borders>` +
	`<cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs>` +
	`<cellXfs count="1"><xf numFmtId="0" xfId="0"/></cellXfs>` +
	`<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>` +
	`<tableStyles count="0"/></styleSheet>`

// rewritten is plainStyles as a writer that adds a font, a border, a cell
// format and a conditional format's style writes it: its own spelling,
// the prefixed attribute and the empty list lost.
const rewritten = `<styleSheet xmlns="` + nsMain + `">` +
	`<fonts count="2"><font><sz val="11"></sz><name val="Calibri"></name></font><font><b/><sz val="24"/></font></fonts>` +
	`<fills count="2"><fill><patternFill patternType="none"></patternFill></fill><fill><patternFill patternType="gray125"></patternFill></fill></fills>` +
	`<borders count="2"><border></border><border><left style="thin"/></border></borders>` +
	`<cellStyleXfs count="1"><xf numFmtId="0"></xf></cellStyleXfs>` +
	`<cellXfs count="2"><xf numFmtId="0" xfId="0"></xf><xf fontId="1" borderId="1" xfId="0"/></cellXfs>` +
	`<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"></cellStyle></cellStyles>` +
	`<dxfs count="1"><dxf><font><b/></font></dxf></dxfs></styleSheet>`

func TestSpliceStylesInsertsAtEnds(t *testing.T) {
	out, ok := SpliceStyles([]byte(plainStyles), []byte(rewritten))
	require.True(t, ok)
	want := strings.NewReplacer(
		`<fonts count="1" x14ac:knownFonts="1">`, `<fonts count="2" x14ac:knownFonts="1">`,
		`</font></fonts>`, `</font><font><b/><sz val="24"/></font></fonts>`,
		`<borders count='1'><border/></borders>`, `<borders count="2"><border/><border><left style="thin"/></border></borders>`,
		`<cellXfs count="1"><xf numFmtId="0" xfId="0"/></cellXfs>`, `<cellXfs count="2"><xf numFmtId="0" xfId="0"/><xf fontId="1" borderId="1" xfId="0"/></cellXfs>`,
		`</cellStyles>`, `</cellStyles><dxfs count="1"><dxf><font><b/></font></dxf></dxfs>`,
	).Replace(plainStyles)
	assert.Equal(t, want, string(out))
	assertStylesSpliced(t, []byte(plainStyles), out)
}

func TestSpliceStylesRefuses(t *testing.T) {
	excel, err := os.ReadFile("testdata/excel-styles.xml")
	require.NoError(t, err)
	for _, tc := range []struct {
		name     string
		in       string
		rendered string
	}{
		{"prefixed", `<x:styleSheet xmlns:x="` + nsMain + `"><x:fonts count="1"><x:font><x:sz val="11"/><x:name val="Calibri"/></x:font></x:fonts><x:fills count="2"><x:fill><x:patternFill patternType="none"/></x:fill><x:fill><x:patternFill patternType="gray125"/></x:fill></x:fills><x:borders count="1"><x:border/></x:borders><x:cellXfs count="1"><x:xf/></x:cellXfs></x:styleSheet>`, string(excel)},
		{"another namespace", `<styleSheet xmlns="urn:other"><fonts count="1"><font/></fonts></styleSheet>`, string(excel)},
		{"not well formed", string(excel[:len(excel)-20]), string(excel)},
		{"rendered not well formed", plainStyles, rewritten[:len(rewritten)-20]},
		{"entries dropped", plainStyles, strings.Replace(rewritten, `<fonts count="2"><font><sz val="11"></sz><name val="Calibri"></name></font><font><b/><sz val="24"/></font></fonts>`, `<fonts count="0"/>`, 1)},
		{"a prefixed entry", plainStyles, strings.Replace(rewritten, `<font><b/><sz val="24"/></font>`, `<font><b/><sz x:val="24" xmlns:x="urn:x"/></font>`, 1)},
		{"no cell styles", strings.Replace(plainStyles, `<cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs>`, "", 1), rewritten},
		{"a list without end tag", strings.Replace(plainStyles, `<borders count='1'><border/></borders>`, `<borders/>`, 1), strings.Replace(rewritten, `<borders count="2"><border></border>`, `<borders count="1">`, 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, ok := SpliceStyles([]byte(tc.in), []byte(tc.rendered))
			assert.False(t, ok)
		})
	}
}

// assertStylesSpliced checks that out is in with entries added at the ends
// of the lists: take the added entries out and set the counts back, and in
// comes back byte for byte.
func assertStylesSpliced(t testing.TB, in, out []byte) {
	t.Helper()
	inLists, ok := StyleLists(in)
	require.True(t, ok)
	outLists, ok := StyleLists(out)
	require.True(t, ok)
	var edits, inEdits []Edit
	for name, l := range outLists {
		il := inLists[name]
		if il == nil {
			assert.Equal(t, "dxfs", name, "the one list that may be new")
			edits = append(edits, Edit{l.StartTag[0], l.After, ""})
			continue
		}
		if len(l.Items) > len(il.Items) {
			assert.Contains(t, SplicedLists(), name)
			edits = append(edits, Edit{l.Items[len(il.Items)][0], l.Items[len(l.Items)-1][1], ""})
		}
		edits = append(edits, Edit{l.StartTag[0], l.StartTag[1], string(countAttr().ReplaceAll(out[l.StartTag[0]:l.StartTag[1]], nil))})
		inEdits = append(inEdits, Edit{il.StartTag[0], il.StartTag[1], string(countAttr().ReplaceAll(in[il.StartTag[0]:il.StartTag[1]], nil))})
	}
	assert.Equal(t, string(ApplyEdits(in, inEdits)), string(ApplyEdits(out, edits)))
}

func TestPrefixed(t *testing.T) {
	for _, tc := range []struct{ in, prefix, want string }{
		{`<font><b/><sz val="1"></sz></font>`, "x", `<x:font><x:b/><x:sz val="1"></x:sz></x:font>`},
		{`<xf applyFont="true"><alignment horizontal="center"/></xf>`, "s", `<s:xf applyFont="true"><s:alignment horizontal="center"/></s:xf>`},
		{`<font><b/></font>`, "", `<font><b/></font>`},
	} {
		assert.Equal(t, tc.want, Prefixed(tc.in, tc.prefix))
	}
}
