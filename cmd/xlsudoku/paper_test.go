package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
)

// TestPaperEveryWorkbook: every command that writes a workbook takes
// --paper, and every sheet it writes prints on it; the sheets of the
// user's workbook are left as they were.
func TestPaperEveryWorkbook(t *testing.T) {
	dir := t.TempDir()
	classic := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), dir)
	ws := filepath.Join(dir, "ws.xlsx")
	marked := filepath.Join(dir, "marked")
	require.NoError(t, os.Mkdir(marked, 0o755))
	runs := []struct {
		args []string
		outs []string
	}{
		{[]string{"solve", classic, "-o", filepath.Join(dir, "solved.xlsx")}, []string{"solved.xlsx"}},
		{[]string{"explain", classic, "-o", filepath.Join(dir, "explained.xlsx")}, []string{"explained.xlsx"}},
		{[]string{"worksheet", classic, "--self-check", "--live-candidates", "-o", ws}, []string{"ws.xlsx"}},
		{[]string{"generate", "-n", "3", "--seed", "2", "-o", filepath.Join(dir, "tiled.xlsx")}, []string{"tiled.xlsx"}},
		{[]string{"generate", "-n", "2", "--seed", "2", "--sheet-per-puzzle", "-o", filepath.Join(dir, "each.xlsx")}, []string{"each.xlsx"}},
		{[]string{"generate", "-n", "1", "--seed", "2", "-o", filepath.Join(dir, "one.xlsx")}, []string{"one.xlsx"}},
		{[]string{"generate", "-n", "2", "--seed", "2", "--worksheet", "-o", filepath.Join(dir, "class.xlsx")}, []string{"class.xlsx"}},
		{[]string{"grade", ws, "--outdir", marked, "--summary", filepath.Join(dir, "summary.xlsx")}, []string{"marked/ws.xlsx", "summary.xlsx"}},
	}
	userSheets := []string{"Puzzle"} // classic.xlsx's own
	for _, paper := range []layout.Paper{layout.Letter, layout.A4} {
		for _, run := range runs {
			t.Run(paper.Name+" "+strings.Join(run.args[:2], " "), func(t *testing.T) {
				args := append(slices.Clone(run.args), "--paper", strings.ToUpper(paper.Name))
				code, _, errOut := runCLI(t, "", args...)
				require.Equal(t, exitOK, code, errOut)
				for _, name := range run.outs {
					f, err := excelize.OpenFile(filepath.Join(dir, name))
					require.NoError(t, err)
					for _, sheet := range f.GetSheetList() {
						if slices.Contains(userSheets, sheet) && run.args[0] != "generate" {
							continue
						}
						pl, err := f.GetPageLayout(sheet)
						require.NoError(t, err)
						require.NotNil(t, pl.Size, "%s: %s", name, sheet)
						assert.Equal(t, paper.Code, *pl.Size, "%s: %s", name, sheet)
					}
					f.Close()
				}
			})
		}
	}
}

func TestPaperErrors(t *testing.T) {
	dir := t.TempDir()
	classic := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), dir)
	text := filepath.Join(dir, "p.txt")
	require.NoError(t, os.WriteFile(text, []byte("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"), 0o644))
	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"solve", classic, "--paper", "a3", "-o", filepath.Join(dir, "o.xlsx")}, `solve: --paper must be a4 or letter, not "a3"`},
		{[]string{"solve", classic, "--paper", "letter"}, "solve: --paper is for the workbook a command writes"},
		{[]string{"solve", text, "--paper", "letter", "-o", filepath.Join(dir, "o.txt")}, "solve: --paper is for the workbook"},
		{[]string{"explain", classic, "--json", "--paper", "letter"}, "explain: --paper is for the workbook"},
		{[]string{"grade", classic, "--paper", "letter"}, "grade: --paper is for the workbook"},
		{[]string{"worksheet", classic, "-o", filepath.Join(dir, "w.xlsx"), "--paper", "legal"}, "worksheet: --paper must be a4 or letter"},
		{[]string{"generate", "-n", "2", "--paper", "letter"}, "generate: --paper is for workbooks"},
	} {
		t.Run(strings.Join(tt.args[:1], " ")+" "+tt.msg, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tt.args...)
			assert.Equal(t, exitUsage, code, errOut)
			assert.Contains(t, errOut, tt.msg)
			assert.Empty(t, out)
		})
	}
}
