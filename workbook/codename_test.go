package workbook

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestWithCodeName: the code name goes on sheetPr, made when there is
// none, and never into another element whose name starts alike (a sheet
// with sheetProtection and no sheetPr got `<sheetPr codeName="Sheet2"otection
// sheet="true"/>`: the review of 2 December).
func TestWithCodeName(t *testing.T) {
	const ws = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`
	for _, tt := range []struct{ name, in, want string }{
		{"sheetPr with children", ws + `<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr><sheetData/></worksheet>`,
			ws + `<sheetPr codeName="Sheet2"><pageSetUpPr fitToPage="1"/></sheetPr><sheetData/></worksheet>`},
		{"sheetPr with attributes", ws + `<sheetPr filterMode="false"/><sheetData/></worksheet>`,
			ws + `<sheetPr codeName="Sheet2" filterMode="false"/><sheetData/></worksheet>`},
		{"empty sheetPr", ws + `<sheetPr/><sheetData/></worksheet>`,
			ws + `<sheetPr codeName="Sheet2"/><sheetData/></worksheet>`},
		{"no sheetPr, protected", ws + `<sheetData/><sheetProtection sheet="true"/></worksheet>`,
			ws + `<sheetPr codeName="Sheet2"/><sheetData/><sheetProtection sheet="true"/></worksheet>`},
		{"no sheetPr", ws + `<sheetData/></worksheet>`,
			ws + `<sheetPr codeName="Sheet2"/><sheetData/></worksheet>`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, string(withCodeName([]byte(tt.in), "Sheet2")))
		})
	}
	assert.Contains(t, string(withCodeName([]byte(ws+`<sheetData/></worksheet>`), `a"b`)), `codeName="a&quot;b"`)
}
