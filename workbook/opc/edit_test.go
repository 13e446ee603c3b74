package opc

import (
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
}

func TestInsertBeforeRootEnd(t *testing.T) {
	out, err := InsertBeforeRootEnd([]byte(`<Types><Default/></Types>`+"\n"), OverrideElement("xl/a&b.xml", "ct"))
	require.NoError(t, err)
	assert.Equal(t, `<Types><Default/><Override PartName="/xl/a&amp;b.xml" ContentType="ct"/></Types>`+"\n", string(out))
	_, err = InsertBeforeRootEnd([]byte(`<Types/>`), "x")
	assert.Error(t, err)
}

func TestEscapeXML(t *testing.T) {
	assert.Equal(t, `Tom&apos;s &lt;&quot;b&quot;&gt; &amp; ü`, EscapeXML(`Tom's <"b"> & ü`))
}
