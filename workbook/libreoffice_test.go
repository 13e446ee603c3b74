package workbook

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLibreOfficeOpensOutput has a real spreadsheet app load what Write
// made and export every sheet to CSV. soffice exits 0 even when it cannot
// load a file, so the test checks the CSV it wrote.
func TestLibreOfficeOpensOutput(t *testing.T) {
	soffice, err := exec.LookPath("soffice")
	if err != nil {
		t.Skip("soffice is not on PATH (install libreoffice-calc)")
	}
	if testing.Short() {
		t.Skip("slow: starts LibreOffice")
	}
	for _, name := range []string{"teacher.xlsx", "macros.xlsm", "excel-made.xlsx"} {
		t.Run(name, func(t *testing.T) {
			in := richBook(t, name)
			if name == "excel-made.xlsx" {
				rezip(t, in, excelMade(t))
			}
			dir := t.TempDir()
			out := filepath.Join(dir, "solved"+filepath.Ext(name))
			_, sol, _ := solveFile(t, in, out, Options{})

			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			csvDir := filepath.Join(dir, "csv")
			// Filter options: comma, quote, UTF-8, from line 1, ..., -1 = every sheet to its own file.
			cmd := exec.CommandContext(ctx, soffice, "--headless",
				"-env:UserInstallation=file://"+filepath.Join(dir, "profile"),
				"--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1",
				"--outdir", csvDir, out)
			outp, err := cmd.CombinedOutput()
			require.NoError(t, err, string(outp))
			data, err := os.ReadFile(filepath.Join(csvDir, "solved-Solution.csv"))
			require.NoError(t, err, "LibreOffice wrote no Solution sheet: %s", outp)
			lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
			var rows []string
			for _, l := range lines {
				if strings.HasPrefix(l, ",") && len(l) > 2 && l[1] >= '1' && l[1] <= '9' {
					rows = append(rows, strings.TrimRight(strings.TrimPrefix(l, ","), ",")) // the hidden mark's column
				}
			}
			require.Len(t, rows, 9, string(data))
			for r, row := range rows {
				var want []string
				for c := range 9 {
					want = append(want, strconv.Itoa(sol.At(r, c)))
				}
				assert.Equal(t, strings.Join(want, ","), row)
			}
			cands, err := os.ReadFile(filepath.Join(csvDir, "solved-Candidates.csv"))
			require.NoError(t, err)
			assert.Contains(t, string(cands), "Candidates of "+name)
			puzzle, err := os.ReadFile(filepath.Join(csvDir, "solved-Puzzle.csv"))
			require.NoError(t, err)
			assert.Contains(t, string(puzzle), "Solve me!")
		})
	}
}
