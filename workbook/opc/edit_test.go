package opc

import (
	"encoding/xml"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestApplyEdits(t *testing.T) {
	data := []byte("<a><b/></a>")
	// Given out of order: applied by position.
	out := ApplyEdits(data, []Edit{{7, 7, "<d/>"}, {3, 7, "<c/>"}, {0, 0, "<?x?>"}})
	assert.Equal(t, "<?x?><a><c/><d/></a>", string(out))
	assert.Equal(t, "<a><b/></a>", string(data), "the input is left as it was")

	// An insertion where a replacement starts goes before it, whichever
	// is given first; insertions at one place keep their order.
	for _, edits := range [][]Edit{
		{{3, 7, "<c/>"}, {3, 3, "<x/>"}, {3, 3, "<y/>"}},
		{{3, 3, "<x/>"}, {3, 7, "<c/>"}, {3, 3, "<y/>"}},
		{{3, 3, "<x/>"}, {3, 3, "<y/>"}, {3, 7, "<c/>"}},
	} {
		assert.Equal(t, "<a><x/><y/><c/></a>", string(ApplyEdits(data, edits)))
	}

	// Edits that overlap, or fall outside the part, panic saying so: they
	// cut slices wrong (a library walk of 3 December).
	for _, edits := range [][]Edit{
		{{2, 5, "x"}, {4, 6, "y"}},
		{{3, 7, "x"}, {3, 7, "y"}},
		{{5, 4, "x"}},
		{{9, 12, "x"}},
	} {
		assert.PanicsWithValue(t, fmt.Sprintf("opc: edit of bytes %d to %d overlaps another or falls outside the 11 bytes of the part", edits[len(edits)-1].Start, edits[len(edits)-1].End),
			func() { ApplyEdits(data, edits) }, "%v", edits)
	}
}

func TestInsertBeforeRootEnd(t *testing.T) {
	out, err := InsertBeforeRootEnd([]byte(`<Types><Default/></Types>`+"\n"), OverrideElement("xl/a&b.xml", "ct"))
	require.NoError(t, err)
	assert.Equal(t, `<Types><Default/><Override PartName="/xl/a&amp;b.xml" ContentType="ct"/></Types>`+"\n", string(out))
	_, err = InsertBeforeRootEnd([]byte(`<Types/>`), "x")
	assert.Error(t, err)

	// A prefixed root: ours take its prefix (a walk of 2 December: they
	// were in no namespace, and the sheets they added were not there).
	out, err = InsertBeforeRootEnd([]byte(`<pr:Relationships xmlns:pr="urn:r"><pr:Relationship Id="rId1"/></pr:Relationships>`),
		RelationshipElement("rId2", "urn:t", "a.xml")+OverrideElement("b.xml", "ct"))
	require.NoError(t, err)
	assert.Equal(t, `<pr:Relationships xmlns:pr="urn:r"><pr:Relationship Id="rId1"/><pr:Relationship Id="rId2" Type="urn:t" Target="a.xml"/><pr:Override PartName="/b.xml" ContentType="ct"/></pr:Relationships>`, string(out))
}

func TestEscapeXML(t *testing.T) {
	assert.Equal(t, `Tom&apos;s &lt;&quot;b&quot;&gt; &amp; ü`, EscapeXML(`Tom's <"b"> & ü`))
}

func TestDropChildren(t *testing.T) {
	calc := func(se xml.StartElement) bool { return attr(se, "Type") == "urn:calc" }
	for _, tc := range []struct {
		name, in, want string
		n              int
	}{
		{"empty element", `<Rs><R Id="1" Type="urn:s"/><R Id="2" Type="urn:calc"/><R Id="3" Type="urn:s"/></Rs>`,
			`<Rs><R Id="1" Type="urn:s"/><R Id="3" Type="urn:s"/></Rs>`, 1},
		{"with content, and two", `<?xml version="1.0"?>` + "\n" + `<Rs><R Type="urn:calc"><x Type="urn:calc"/></R><R Type="urn:s"/><R Type="urn:calc" /></Rs>`,
			`<?xml version="1.0"?>` + "\n" + `<Rs><R Type="urn:s"/></Rs>`, 2},
		{"prefixed", `<p:Rs xmlns:p="urn:p"><p:R Type="urn:calc"/></p:Rs>`, `<p:Rs xmlns:p="urn:p"></p:Rs>`, 1},
		{"the root and deeper elements are not children", `<R Type="urn:calc"><a><R Type="urn:calc"/></a></R>`, `<R Type="urn:calc"><a><R Type="urn:calc"/></a></R>`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, n, err := DropChildren([]byte(tc.in), calc)
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(out))
			assert.Equal(t, tc.n, n)
		})
	}
	for _, bad := range []string{`<Rs><R Type="urn:calc">`, `<Rs><R Type="urn:calc"/>`, `<Rs><R Type="urn:calc"/></Rs></R>`, `<Rs><R Type="urn:calc></Rs>`} {
		_, _, err := DropChildren([]byte(bad), calc)
		assert.Error(t, err, "not well-formed: %s", bad)
	}
}
