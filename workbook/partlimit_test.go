package workbook

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

// TestSheetsAsBigAsStreamed: a sheet may unpack to MaxPartSize, as the
// README says, wherever it is read: a walk of 3 December found four
// places that read a sheet whole held to the sixteenth of it that parts
// read whole get (the styles...). A 40 MB sheet of data, beside the
// puzzle or on the sheet the workbook opens at, made solve or worksheet
// fail. Here parts read whole may unpack to 64 KiB, and the sheets
// unpack to more.
func TestSheetsAsBigAsStreamed(t *testing.T) {
	opts := Options{MaxPartSize: 1 << 20}
	f := newBook(t, "Attendance")
	fill := func(sheet string, fromRow int) {
		for r := fromRow; r < fromRow+2500; r++ {
			require.NoError(t, f.SetSheetRow(sheet, fmt.Sprintf("L%d", r), &[]any{"student", r, r * 7, "present"}))
		}
	}
	fill("Attendance", 1)
	_, err := f.NewSheet("Puzzle")
	require.NoError(t, err)
	putGrid(t, f, "Puzzle", layoutB2, grid(t, classic))
	fill("Puzzle", 20)
	f.SetActiveSheet(0) // the workbook opens at the big sheet, selected
	in := save(t, f, "big.xlsx")
	for _, part := range []string{"xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml"} {
		require.Greater(t, len(unzip(t, in)[part]), 64<<10, "%s is bigger than a part read whole may be", part)
	}

	p, err := Read(in, opts)
	require.NoError(t, err, "the puzzle's sheet is big")
	sol, err := p.Solve()
	require.NoError(t, err)
	solved := filepath.Join(t.TempDir(), "solved.xlsx")
	_, err = Write(p, sol, solved, opts)
	require.NoError(t, err)
	_, err = WriteWorksheet(p, sol, filepath.Join(t.TempDir(), "worksheet.xlsx"), opts, WorksheetOptions{})
	require.NoError(t, err, "the sheet selected is big")

	// A worksheet of the solved workbook clears what its sheets saved of
	// the answer: every sheet is read.
	p2, err := Read(solved, opts)
	require.NoError(t, err)
	ws := filepath.Join(t.TempDir(), "worksheet2.xlsx")
	_, err = WriteWorksheet(p2, sol, ws, opts, WorksheetOptions{})
	require.NoError(t, err, "a sheet of the solved workbook is big")

	out, err := excelize.OpenFile(ws)
	require.NoError(t, err)
	defer out.Close()
	for _, sheet := range []string{"Attendance", "Puzzle"} {
		v, err := out.GetCellValue(sheet, "M2019")
		require.NoError(t, err)
		assert.Equal(t, "2019", v, sheet)
	}
}
