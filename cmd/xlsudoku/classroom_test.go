package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/generate"
	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook"
)

// studentFill types digits into sheet of path as a student would, saving
// the result (through excelize, as another app rewrites the file) as name.
func studentFill(t *testing.T, path, sheet, name string, cells map[string]int) string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	require.NoError(t, err)
	for ref, d := range cells {
		require.NoError(t, f.SetCellInt(sheet, ref, int64(d)))
	}
	out := filepath.Join(filepath.Dir(path), name)
	require.NoError(t, f.SaveAs(out))
	require.NoError(t, f.Close())
	return out
}

// blanksOf lists the sheet cells of the blanks of g at B2, and the
// solution's digit for each.
func blanksOf(t *testing.T, g solve.Grid) (refs []string, right map[string]int) {
	t.Helper()
	sol, err := solve.Solve(g)
	require.NoError(t, err)
	right = map[string]int{}
	n := g.Shape.Size
	for i := range n * n {
		if g.Cells[i] == 0 {
			ref, err := excelize.CoordinatesToCellName(2+i%n, 2+i/n)
			require.NoError(t, err)
			refs = append(refs, ref)
			right[ref] = int(sol.Cells[i])
		}
	}
	return refs, right
}

// easyWorksheetBook generates n easy puzzles from seed as a book of
// worksheets in a new folder, and returns its path, the grid of its
// Puzzle 1, and that puzzle's blanks with their right digits (blanksOf).
func easyWorksheetBook(t *testing.T, n, seed int) (book string, g solve.Grid, refs []string, right map[string]int) {
	t.Helper()
	book = filepath.Join(t.TempDir(), "book.xlsx")
	code, _, errOut := runCLI(t, "", "generate", "-n", strconv.Itoa(n), "-d", "easy", "--seed", strconv.Itoa(seed), "--worksheet", "-o", book)
	require.Equal(t, exitOK, code, errOut)
	p, err := workbook.Read(book, workbook.Options{Sheet: "Puzzle 1"})
	require.NoError(t, err)
	refs, right = blanksOf(t, p.Grid)
	return book, p.Grid, refs, right
}

func TestClassroomLoop(t *testing.T) {
	dir := t.TempDir()
	in := copyFile(t, filepath.Join("..", "..", "samples", "teacher.xlsx"), dir)
	ws := filepath.Join(dir, "week3-worksheet.xlsx")
	code, _, errOut := runCLI(t, "", "worksheet", in, "-o", ws, "--self-check")
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "made a worksheet of Week 3!C3:K11")

	p, err := workbook.Read(ws, workbook.Options{Sheet: "Worksheet"})
	require.NoError(t, err)
	refs, right := blanksOf(t, p.Grid)

	// Ana fills three right and one wrong; Ben fills every cell right.
	ana := map[string]int{refs[0]: right[refs[0]], refs[1]: right[refs[1]], refs[2]: right[refs[2]], refs[3]: right[refs[3]]%9 + 1}
	ben := map[string]int{}
	for _, ref := range refs {
		ben[ref] = right[ref]
	}
	returned := filepath.Join(dir, "returned")
	require.NoError(t, os.Mkdir(returned, 0o755))
	anaFile := studentFill(t, ws, "Worksheet", filepath.Join("returned", "ana.xlsx"), ana)
	benFile := studentFill(t, ws, "Worksheet", filepath.Join("returned", "ben.xlsx"), ben)

	code, stdout, errOut := runCLI(t, "", "grade", anaFile, benFile)
	require.Equal(t, exitOK, code, errOut)
	want := "ana.xlsx: Worksheet: 3 of 51 right, 1 wrong (Worksheet!" + refs[3] + "), 47 empty\n" +
		"ben.xlsx: Worksheet: 51 of 51 right, 0 wrong, 0 empty\n"
	assert.Equal(t, want, stdout)

	// JSON, with the key names others build on.
	code, stdout, errOut = runCLI(t, "", "grade", "--json", anaFile)
	require.Equal(t, exitOK, code, errOut)
	var g map[string]any
	require.NoError(t, json.Unmarshal([]byte(stdout), &g))
	assert.Equal(t, anaFile, g["file"])
	assert.EqualValues(t, 3, g["correct"])
	assert.EqualValues(t, 1, g["wrong"])
	assert.EqualValues(t, 47, g["empty"])
	puzzles := g["puzzles"].([]any)
	require.Len(t, puzzles, 1)
	// No summary of failures only: it would replace a class's summary
	// with nothing (found by a hunt).
	none := filepath.Join(dir, "none.xlsx")
	code, _, errOut = runCLI(t, "", "grade", "--summary", none, filepath.Join(dir, "missing.xlsx"))
	assert.Equal(t, exitInput, code)
	assert.Contains(t, errOut, "no file was graded; the summary "+none+" is not written")
	assert.NoFileExists(t, none)
	// A file that cannot be graded still gets its line (found by a hunt).
	missing := filepath.Join(dir, "missing.xlsx")
	code, lines, _ := runCLI(t, "", "grade", "--json", missing, anaFile)
	assert.Equal(t, exitInput, code)
	ls := strings.Split(strings.TrimSpace(lines), "\n")
	require.Len(t, ls, 2)
	var bad map[string]any
	require.NoError(t, json.Unmarshal([]byte(ls[0]), &bad))
	assert.Equal(t, missing, bad["file"])
	assert.Contains(t, bad["error"], "missing.xlsx")
	assert.Equal(t, strings.TrimSpace(stdout), ls[1])
	pz := puzzles[0].(map[string]any)
	for _, key := range []string{"sheet", "range", "correct", "wrong", "empty", "changed_givens", "wrong_cells"} {
		assert.Contains(t, pz, key)
	}
	assert.Equal(t, []any{"Worksheet!" + refs[3]}, pz["wrong_cells"])

	// Marked copies and a class summary.
	marked := filepath.Join(dir, "marked")
	require.NoError(t, os.Mkdir(marked, 0o755))
	summary := filepath.Join(dir, "class.xlsx")
	code, _, errOut = runCLI(t, "", "grade", "--outdir", marked, "--summary", summary, anaFile, benFile)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "wrote the summary of 2 files to")
	code, _, errOut = runCLI(t, "", "grade", "--summary", filepath.Join(dir, "one.xlsx"), anaFile)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "wrote the summary of 1 file to", "not \"1 files\"")
	f, err := excelize.OpenFile(filepath.Join(marked, "ana.xlsx"))
	require.NoError(t, err)
	assert.Contains(t, f.GetSheetList(), "Marked")
	require.NoError(t, f.Close())
	s, err := excelize.OpenFile(summary)
	require.NoError(t, err)
	defer s.Close()
	rows, err := s.GetRows("Summary")
	require.NoError(t, err)
	require.Len(t, rows, 3)
	assert.Equal(t, []string{"ana.xlsx", "3/51", "3", "51"}, rows[1][:4])
	assert.Equal(t, []string{"ben.xlsx", "51/51", "51", "51"}, rows[2][:4])
	charts := 0
	for name := range unzipNames(t, summary) {
		if strings.HasPrefix(name, "xl/charts/chart") {
			charts++
		}
	}
	assert.Equal(t, 1, charts, "the summary has its bar chart")

	// solve on Ana's file solves the puzzle, not puzzle plus entries, and
	// names her wrong entry; hint names it too. Without --sheet, the
	// worksheet is read, not the teacher's sheet kept before it (found by
	// a hunt: solve read the Puzzle sheet and named nothing).
	for _, args := range [][]string{{anaFile}, {"--sheet", "Worksheet", anaFile}} {
		code, _, errOut = runCLI(t, "", append([]string{"solve"}, args...)...)
		require.Equal(t, exitOK, code, errOut)
		assert.Contains(t, errOut, "using the puzzle of worksheet Worksheet!B2:J10")
		assert.Contains(t, errOut, "1 entry on the worksheet is wrong: Worksheet!"+refs[3])
		code, stdout, _ = runCLI(t, "", append([]string{"hint"}, args...)...)
		assert.Equal(t, exitInvalid, code)
		assert.Contains(t, stdout, "Worksheet!"+refs[3])
	}
}

// Students' files of one name, downloaded a folder each, are marked each
// under its folder's name, and the report tells them apart.
func TestGradeSameNames(t *testing.T) {
	dir := t.TempDir()
	ws, refs, right := sampleWorksheet(t, "teacher.xlsx", dir)
	for _, who := range []string{"ana", "ben"} {
		require.NoError(t, os.Mkdir(filepath.Join(dir, who), 0o755))
	}
	ana := studentFill(t, ws, "Worksheet", filepath.Join("ana", "sudoku.xlsx"), map[string]int{refs[0]: right[refs[0]]})
	ben := studentFill(t, ws, "Worksheet", filepath.Join("ben", "Sudoku.xlsx"), map[string]int{refs[0]: right[refs[0]]%9 + 1})
	marked := filepath.Join(dir, "marked")
	require.NoError(t, os.Mkdir(marked, 0o755))
	code, stdout, errOut := runCLI(t, "", "grade", "--outdir", marked, ana, ben)
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, ana+": Worksheet: 1 of 51 right, 0 wrong, 50 empty\n"+
		ben+": Worksheet: 0 of 51 right, 1 wrong (Worksheet!"+refs[0]+"), 50 empty\n", stdout)
	for file, title := range map[string]string{"ana-sudoku.xlsx": "1 of 51", "ben-Sudoku.xlsx": "0 of 51"} {
		f, err := excelize.OpenFile(filepath.Join(marked, file))
		require.NoError(t, err, file)
		v, err := f.GetCellValue("Marked", "B1")
		require.NoError(t, err)
		assert.Contains(t, v, title, file)
		require.NoError(t, f.Close())
	}
	// The same file twice is graded once, with any outputs (a walk of 2
	// December: the summary had it twice; --outdir refused it).
	again := filepath.Join(dir, "ana", "..", "ana", "sudoku.xlsx")
	summary := filepath.Join(dir, "class.xlsx")
	code, stdout, errOut = runCLI(t, "", "grade", "--outdir", marked, "--summary", summary, ana, again)
	assert.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "warning: "+again+" is "+ana+" again: graded once")
	assert.Equal(t, 1, strings.Count(stdout, ": Worksheet: "), stdout)
	sf, err := excelize.OpenFile(summary)
	require.NoError(t, err)
	rows, err := sf.GetRows("Summary")
	require.NoError(t, err)
	require.NoError(t, sf.Close())
	assert.Len(t, rows, 2, "a header and one row")
	code, _, errOut = runCLI(t, "", "grade", "--outdir", filepath.Join(dir, "ana"), ana)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "holds "+ana+" itself")
	code, _, errOut = runCLI(t, "", "grade", "-o", ana, ana)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "is the returned file itself")
	assert.NotContains(t, errOut, "--in-place", "grade has no --in-place")
}

// TestReturnedBeforeTeachersSheet: a worksheet made of a puzzle at B2:J10
// (the worksheet at B2:J10 too, after the teacher's sheet) is read, not
// the teacher's sheet, by solve and hint without --sheet (found by a hunt:
// solve read the teacher's Puzzle sheet and named no wrong entry).
func TestReturnedBeforeTeachersSheet(t *testing.T) {
	dir := t.TempDir()
	ws, refs, right := sampleWorksheet(t, "classic.xlsx", dir)
	ana := studentFill(t, ws, "Worksheet", "ana.xlsx", map[string]int{refs[0]: right[refs[0]], refs[1]: right[refs[1]]%9 + 1})
	code, _, errOut := runCLI(t, "", "solve", ana)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "using the puzzle of worksheet Worksheet!B2:J10")
	assert.Contains(t, errOut, "1 entry on the worksheet is wrong: Worksheet!"+refs[1])
	code, stdout, _ := runCLI(t, "", "hint", ana)
	assert.Equal(t, exitInvalid, code)
	assert.Contains(t, stdout, "Worksheet!"+refs[1])
	code, _, errOut = runCLI(t, "", "solve", "--sheet", "Puzzle", ana)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "using the puzzle at Puzzle!B2:J10", "--sheet still picks the teacher's")
}

// TestHintFinishedButWrong: in a book, hint reads the first worksheet not
// solved right, a full one with a wrong entry too (found by a hunt: it
// skipped a full Puzzle 1 with wrong entries and hinted Puzzle 2); a given
// overwritten is named first, not taken as a finished puzzle.
func TestHintFinishedButWrong(t *testing.T) {
	book, g, refs, right := easyWorksheetBook(t, 2, 3)
	all := map[string]int{}
	for _, ref := range refs {
		all[ref] = right[ref]
	}
	allRight := studentFill(t, book, "Puzzle 1", "right.xlsx", all)
	all[refs[0]] = right[refs[0]]%9 + 1
	oneWrong := studentFill(t, book, "Puzzle 1", "wrong.xlsx", all)

	code, stdout, errOut := runCLI(t, "", "hint", oneWrong)
	assert.Equal(t, exitInvalid, code, errOut)
	assert.Contains(t, stdout, "Puzzle 1!"+refs[0])
	assert.Contains(t, errOut, "reading Puzzle 1, the first worksheet not yet solved right (2 of 2 are not; --sheet picks another)")
	code, _, errOut = runCLI(t, "", "hint", allRight)
	assert.Equal(t, exitOK, code, errOut)
	// A walk of 2 December: "the first of 2 not yet solved right", of 1.
	assert.Contains(t, errOut, "reading Puzzle 2, the first worksheet not yet solved right (1 of 2 are not;")
	all2 := map[string]int{}
	p2, err := workbook.Read(allRight, workbook.Options{Sheet: "Puzzle 2"})
	require.NoError(t, err)
	sol2, err := solve.Solve(p2.Grid)
	require.NoError(t, err)
	for i, d := range p2.Grid.Cells[:81] {
		if d == 0 {
			all2[p2.Cell(i/9, i%9)] = int(sol2.Cells[i])
		}
	}
	bothRight := studentFill(t, allRight, "Puzzle 2", "both.xlsx", all2)
	code, _, errOut = runCLI(t, "", "hint", bothRight)
	assert.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "all 2 worksheets are solved right; reading Puzzle 1")

	// A given overwritten on a full, right worksheet.
	given := ""
	for i, d := range g.Cells[:81] {
		if d != 0 {
			var err error
			given, err = excelize.CoordinatesToCellName(2+i%9, 2+i/9)
			require.NoError(t, err)
			all = map[string]int{given: int(d)%9 + 1}
			break
		}
	}
	changed := studentFill(t, allRight, "Puzzle 1", "changed.xlsx", all)
	code, stdout, errOut = runCLI(t, "", "hint", changed)
	assert.Equal(t, exitInvalid, code, errOut)
	assert.Contains(t, stdout, "Puzzle 1!"+given+" (the given ")
	assert.Contains(t, stdout, "put the given back; nothing else is hinted until it is back\n")
	code, stdout, _ = runCLI(t, "", "hint", "--all", changed)
	assert.Equal(t, exitInvalid, code)
	assert.Contains(t, stdout, "1 entry is wrong: Puzzle 1!"+given)
}

// TestGradeBookSheetsDeletedOrCopied: a student cannot raise a book's
// score by deleting a puzzle's sheet (its cells count empty) or copying
// one (the copy is not graded). Found by a hunt: 32% became 47% and 48%.
func TestGradeBookSheetsDeletedOrCopied(t *testing.T) {
	book, _, refs, right := easyWorksheetBook(t, 3, 4)
	dir := filepath.Dir(book)
	filled := studentFill(t, book, "Puzzle 1", "filled.xlsx", map[string]int{refs[0]: right[refs[0]], refs[1]: right[refs[1]]})
	code, honest, errOut := runCLI(t, "", "grade", filled)
	require.Equal(t, exitOK, code, errOut)
	total := honest[strings.Index(honest, "total: "):]
	assert.Contains(t, total, "total: 2 of ")

	edit := func(name string, change func(f *excelize.File)) string {
		f, err := excelize.OpenFile(filled)
		require.NoError(t, err)
		change(f)
		out := filepath.Join(dir, name)
		require.NoError(t, f.SaveAs(out))
		require.NoError(t, f.Close())
		return out
	}
	deleted := edit("deleted.xlsx", func(f *excelize.File) { require.NoError(t, f.DeleteSheet("Puzzle 2")) })
	code, stdout, errOut := runCLI(t, "", "grade", deleted)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, stdout, "Puzzle 2: not in the file (its sheet was deleted): 0 of ")
	assert.Contains(t, stdout, total, "the same total as the whole book")
	// In the book's order (a walk of 2 December: the deleted puzzle came last).
	one, two, three := strings.Index(stdout, "Puzzle 1:"), strings.Index(stdout, "Puzzle 2:"), strings.Index(stdout, "Puzzle 3:")
	assert.True(t, one < two && two < three, "puzzles in order:\n%s", stdout)

	copied := edit("copied.xlsx", func(f *excelize.File) {
		from, err := f.GetSheetIndex("Puzzle 1")
		require.NoError(t, err)
		to, err := f.NewSheet("Puzzle 1 (2)")
		require.NoError(t, err)
		require.NoError(t, f.CopySheet(from, to))
		for _, n := range f.GetDefinedName() {
			if n.Scope == "Puzzle 1" {
				n.Scope = "Puzzle 1 (2)"
				n.RefersTo = strings.ReplaceAll(n.RefersTo, "'Puzzle 1'!", "'Puzzle 1 (2)'!")
				require.NoError(t, f.SetDefinedName(&n))
			}
		}
	})
	code, stdout, errOut = runCLI(t, "", "grade", copied)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, `sheet "Puzzle 1 (2)" holds the same puzzle as Puzzle 1 and is not graded (of the sheets of one puzzle, only the worksheet handed out is, or, when it is empty, the one with the most entries); to grade it instead, give --sheet 'Puzzle 1 (2)' (which grades that sheet alone)`)
	assert.NotContains(t, stdout, "Puzzle 1 (2):")
	assert.Contains(t, stdout, total)

	code, stdout, errOut = runCLI(t, "", "grade", "--json", deleted)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, stdout, `"sheet":"Puzzle 2","range":"","correct":0,"wrong":0,"empty":`)
	assert.Contains(t, stdout, `"missing":true`)
	code, stdout, errOut = runCLI(t, "", "hint", deleted)
	assert.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "reading Puzzle 1, the first worksheet not yet solved right (2 of 2 are not;", "no hint for a deleted sheet")
	assert.NotEmpty(t, stdout)
	marked := filepath.Join(dir, "marked.xlsx")
	code, _, errOut = runCLI(t, "", "grade", "-o", marked, deleted)
	require.Equal(t, exitOK, code, errOut)
	f, err := excelize.OpenFile(marked)
	require.NoError(t, err)
	defer f.Close()
	assert.Subset(t, f.GetSheetList(), []string{"Marked 1", "Marked 3"}, "puzzle N on Marked N")
	assert.NotContains(t, f.GetSheetList(), "Marked 2", "no sheet for the missing puzzle")
	title, err := f.GetCellValue("Marked 3", "B1")
	require.NoError(t, err)
	assert.Contains(t, title, "Puzzle 3")
}

// TestGradeRowsInsertedInside: a row inserted or deleted inside a
// worksheet's board (the app stretches its grid name) is refused with what
// to do, not graded as nonsense (found by a hunt: 29 wrong, 20 givens
// changed, exit 0).
func TestGradeRowsInsertedInside(t *testing.T) {
	dir := t.TempDir()
	ws, _, _ := sampleWorksheet(t, "classic.xlsx", dir)
	for _, tt := range []struct{ name, ref, want string }{
		{"inserted.xlsx", "'Worksheet'!$B$2:$J$11", "a row was inserted inside its 9x9 board, which now spans B2:J11; undo that (or delete what was inserted) and save again"},
		// Nothing was inserted to delete (a walk of 3 December).
		{"deleted.xlsx", "'Worksheet'!$B$2:$J$9", "a row was deleted inside its 9x9 board, which now spans B2:J9; undo that and save again (what was deleted took its cells' entries with it)"},
		{"both.xlsx", "'Worksheet'!$B$2:$L$8", "2 rows were deleted and 2 columns were inserted inside its 9x9 board, which now spans B2:L8; undo that and save again"},
	} {
		f, err := excelize.OpenFile(ws)
		require.NoError(t, err)
		for _, n := range f.GetDefinedName() {
			if n.Name == "xlsudoku_grid" && n.Scope == "Worksheet" {
				require.NoError(t, f.DeleteDefinedName(&excelize.DefinedName{Name: n.Name, Scope: n.Scope}))
				n.RefersTo = tt.ref
				require.NoError(t, f.SetDefinedName(&n))
			}
		}
		out := filepath.Join(dir, tt.name)
		require.NoError(t, f.SaveAs(out))
		require.NoError(t, f.Close())
		code, stdout, errOut := runCLI(t, "", "grade", out)
		assert.Equal(t, exitInput, code, errOut)
		assert.Empty(t, stdout)
		assert.Contains(t, errOut, `sheet "Worksheet": `+tt.want)
	}
}

// TestGradeSkipsExcelLockFiles: returned/*.xlsx takes in the lock file
// Excel keeps beside a workbook it has open (~$ana.xlsx); it was graded,
// failed the run (exit code 3, "save it as .xlsx") and took a row of the
// summary. It is skipped with a warning.
func TestGradeSkipsExcelLockFiles(t *testing.T) {
	dir := t.TempDir()
	ws, refs, right := sampleWorksheet(t, "classic.xlsx", dir)
	ana := studentFill(t, ws, "Worksheet", "ana.xlsx", map[string]int{refs[0]: right[refs[0]]})
	owner := append([]byte{5}, []byte("Alice")...)
	owner = append(owner, bytes.Repeat([]byte{' '}, 159)...)
	lock := filepath.Join(dir, "~$ana.xlsx")
	require.NoError(t, os.WriteFile(lock, owner, 0o644))
	summary := filepath.Join(dir, "class.xlsx")
	code, out, errOut := runCLI(t, "", "grade", "--summary", summary, ana, lock)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "warning: "+lock+" is a lock file Excel keeps beside a workbook it has open")
	assert.Contains(t, errOut, "wrote the summary of 1 file to")
	assert.Contains(t, out, "ana.xlsx: Worksheet: 1 of")
	code, _, errOut = runCLI(t, "", "grade", lock)
	assert.Equal(t, exitUsage, code, errOut)
	assert.Contains(t, errOut, "grade: no returned workbook to grade: every file given was skipped, as the warnings above say")
}

// TestGradeOutputsCollide: no output of grade replaces a returned file,
// the key or another output (found by a hunt: --summary naming a student's
// file replaced it).
func TestGradeOutputsCollide(t *testing.T) {
	dir := t.TempDir()
	ws, refs, right := sampleWorksheet(t, "teacher.xlsx", dir)
	ana := studentFill(t, ws, "Worksheet", "ana.xlsx", map[string]int{refs[0]: right[refs[0]]})
	ben := studentFill(t, ws, "Worksheet", "ben.xlsx", map[string]int{refs[0]: right[refs[0]]})
	marked := filepath.Join(dir, "marked")
	require.NoError(t, os.Mkdir(marked, 0o755))
	summary := filepath.Join(dir, "class.xlsx")
	folder := filepath.Join(dir, "folder.xlsx")
	require.NoError(t, os.Mkdir(folder, 0o755))
	linkToSummary := filepath.Join(dir, "link.xlsx")
	require.NoError(t, os.Symlink("class.xlsx", linkToSummary))
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"summary over a returned file", []string{"--summary", ben, ana, ben}, "--summary " + ben + " is one of the returned files"},
		{"summary over the key", []string{"--key", ws, "--summary", ws, ana}, "--summary " + ws + " is the --key file"},
		{"marked copy over the key", []string{"--key", ws, "-o", ws, ana}, "-o " + ws + " is the --key file"},
		{"summary over the marked copy", []string{"-o", summary, "--summary", summary, ana}, "--summary " + summary + " is also -o"},
		{"summary over a marked copy in outdir", []string{"--outdir", marked, "--summary", filepath.Join(marked, "ana.xlsx"), ana, ben}, "is also the marked copy of " + ana},
		{"summary taken for a switch", []string{"--summary", ana, ben}, "--summary " + ana + " is a worksheet, or a student's copy of one"},
		// The name advised is another than the one refused (a walk of 3
		// December: "such as --summary class.xlsx", refusing class.xlsx).
		{"summary named as the worksheet", []string{"--summary", ws, ana, ben}, "such as --summary " + strings.TrimSuffix(ws, ".xlsx") + "-summary.xlsx"},
		// A marked copy over another student's work (it was written: a
		// walk of 3 December).
		{"marked copy over another's work", []string{"-o", ana, ben}, "-o " + ana + " is a worksheet, or a student's copy of one, which the marked copy would replace; give it a file name of its own, such as -o " + strings.TrimSuffix(ana, ".xlsx") + "-marked.xlsx"},
		{"summary over the worksheet", []string{"--summary", ws, ana, ben}, "--summary " + ws + " is a worksheet"},
		{"summary not a workbook's name", []string{"--outdir", marked, "--summary", filepath.Join(dir, "class.txt"), ana, ben}, "--summary " + filepath.Join(dir, "class.txt") + ": the summary is written as .xlsx"},
		// Refused before the files were marked, and named "-o" (the review
		// of 2 December).
		{"summary a folder", []string{"--outdir", marked, "--summary", folder, ana, ben}, "--summary " + folder + " is a folder"},
		// A link to a file not there yet is that file (the third review).
		{"summary a link to the marked copy", []string{"-o", summary, "--summary", linkToSummary, ana}, "--summary " + linkToSummary + " is also -o"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before := map[string][]byte{}
			for _, f := range []string{ana, ben, ws} {
				b, err := os.ReadFile(f)
				require.NoError(t, err)
				before[f] = b
			}
			code, _, errOut := runCLI(t, "", append([]string{"grade"}, tt.args...)...)
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, errOut, tt.want)
			for f, b := range before {
				after, err := os.ReadFile(f)
				require.NoError(t, err)
				assert.Equal(t, b, after, "%s is untouched", f)
			}
			_, err := os.Stat(summary)
			assert.ErrorIs(t, err, os.ErrNotExist)
			entries, err := os.ReadDir(marked)
			require.NoError(t, err)
			assert.Empty(t, entries)
		})
	}
}

func TestGradeErrors(t *testing.T) {
	dir := t.TempDir()
	// A workbook whose digits all look alike: no identity, no key.
	f := excelize.NewFile()
	for i, d := range "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79" {
		if d != '.' {
			ref, _ := excelize.CoordinatesToCellName(2+i%9, 2+i/9)
			require.NoError(t, f.SetCellInt("Sheet1", ref, int64(d-'0')))
		}
	}
	plain := filepath.Join(dir, "plain.xlsx")
	require.NoError(t, f.SaveAs(plain))
	good := filepath.Join(dir, "good.xlsx")
	code, _, errOut := runCLI(t, "", "worksheet", plain, "-o", good)
	require.Equal(t, exitOK, code, errOut)

	// -o that is no .xlsx is refused before anything is graded, as
	// --summary is: the report had come first (a walk of 3 December).
	code, stdout, errOut := runCLI(t, "", "grade", good, "-o", filepath.Join(dir, "m.txt"))
	assert.Equal(t, exitUsage, code, errOut)
	assert.Empty(t, stdout, "no report")
	assert.Contains(t, errOut, "-o "+filepath.Join(dir, "m.txt")+": the marked copy of "+good+" is written as .xlsx; name it "+filepath.Join(dir, "m.xlsx"))
	assert.NoFileExists(t, filepath.Join(dir, "m.txt"))
	code, _, errOut = runCLI(t, "", "grade", good, "-o", filepath.Join(dir, "m.xlsx"))
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "wrote the marked copy of "+good+" to "+filepath.Join(dir, "m.xlsx"), "said, as other outputs are")

	code, stdout, errOut = runCLI(t, "", "grade", plain, good)
	assert.Equal(t, exitUsage, code, "the file that could not be graded gives the exit code")
	assert.Contains(t, errOut, "plain.xlsx")
	assert.Contains(t, errOut, "--key")
	assert.Contains(t, stdout, "good.xlsx: Worksheet: 0 of 51 right", "the other file is still graded")

	// With --key it is graded: as a text file, and as the original workbook.
	key := filepath.Join(dir, "key.txt")
	require.NoError(t, os.WriteFile(key, []byte("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"), 0o644))
	for _, k := range []string{key, good} {
		code, stdout, errOut = runCLI(t, "", "grade", "--key", k, plain)
		require.Equal(t, exitOK, code, errOut)
		assert.Equal(t, "plain.xlsx: Sheet1: 0 of 51 right, 0 wrong, 51 empty\n", stdout)
		assert.NotContains(t, errOut, "warning")
	}
	// A key most of whose givens are off grades, with a warning: here the
	// puzzle with its digits 1 to 6 relabelled in a cycle.
	relabel := func(line string, to func(d byte) byte) string {
		b := []byte(line)
		for i, c := range b {
			if c >= '1' && c <= '9' {
				b[i] = to(c)
			}
		}
		return string(b)
	}
	puzzle := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	most := filepath.Join(dir, "most.txt")
	require.NoError(t, os.WriteFile(most, []byte(relabel(puzzle, func(c byte) byte {
		if c <= '6' {
			return '1' + (c-'1'+1)%6
		}
		return c
	})+"\n"), 0o644))
	code, _, errOut = runCLI(t, "", "grade", "--key", most, plain)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "givens of --key are not on Sheet1 as given: is --key this file's puzzle?")
	// A key none of whose givens is there is another puzzle's: not graded
	// (it was, with the same warning, every count meaningless).
	for _, line := range []string{
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
		relabel(puzzle, func(c byte) byte { return '1' + (c-'1'+1)%9 }),
	} {
		other := filepath.Join(dir, "other.txt")
		require.NoError(t, os.WriteFile(other, []byte(line+"\n"), 0o644))
		code, stdout, errOut := runCLI(t, "", "grade", "--key", other, plain)
		assert.Equal(t, exitUsage, code, errOut)
		assert.Contains(t, errOut, "plain.xlsx: none of the ")
		assert.Contains(t, errOut, "givens of --key is on Sheet1 as given: --key is another puzzle; give this file's puzzle")
		assert.Empty(t, stdout)
	}

	code, _, _ = runCLI(t, "", "grade", "-o", filepath.Join(dir, "m.xlsx"), plain, good)
	assert.Equal(t, exitUsage, code)
	code, _, errOut = runCLI(t, "", "grade", filepath.Join(dir, "missing.xlsx"))
	assert.Equal(t, exitInput, code, errOut)
}

func TestGenerateWorksheetBook(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "class.xlsx")
	code, _, errOut := runCLI(t, "", "generate", "-n", "3", "-d", "easy", "--seed", "5", "--worksheet", "--live-candidates", "-o", book)
	require.Equal(t, exitOK, code, errOut)
	f, err := excelize.OpenFile(book)
	require.NoError(t, err)
	assert.Equal(t, []string{"Instructions", "Puzzle 1", "Candidates 1", "Puzzle 2", "Candidates 2", "Puzzle 3", "Candidates 3"}, f.GetSheetList())
	require.NoError(t, f.Close())

	// The same seed gives the same puzzles as text; --puzzle reads each.
	code, text, errOut := runCLI(t, "", "generate", "-n", "3", "-d", "easy", "--seed", "5")
	require.Equal(t, exitOK, code, errOut)
	lines := strings.Split(strings.TrimSpace(text), "\n")
	require.Len(t, lines, 3)
	for i, line := range lines {
		code, got, errOut := runCLI(t, "", "rate", "--puzzle", string(rune('1'+i)), book)
		require.Equal(t, exitOK, code, errOut)
		assert.Equal(t, strings.Fields(line)[0], strings.Fields(got)[0], "puzzle %d", i+1)
	}
	code, stdout, errOut := runCLI(t, "", "grade", book)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, stdout, "class.xlsx: total: 0 of ")

	code, _, errOut = runCLI(t, "", "generate", "-n", "2", "--worksheet", "--sheet-per-puzzle", "-o", book)
	assert.Equal(t, exitUsage, code, errOut)
	code, _, errOut = runCLI(t, "", "generate", "-n", "2", "--self-check")
	assert.Equal(t, exitUsage, code, errOut)
}

// unzipNames lists the parts of the zip at path.
func unzipNames(t *testing.T, path string) map[string]bool {
	t.Helper()
	zr, err := zip.OpenReader(path)
	require.NoError(t, err)
	defer zr.Close()
	out := map[string]bool{}
	for _, f := range zr.File {
		out[f.Name] = true
	}
	return out
}

// TestVariantsKeepSymmetry: the variants of a symmetric puzzle follow its
// symmetry (they moved single rows within bands, which broke it). The
// transforms themselves: generate's TestVariantTransformKeepsSymmetry.
func TestVariantsKeepSymmetry(t *testing.T) {
	dir := t.TempDir()
	for _, sym := range []string{"rotational", "mirror", "diagonal", "dihedral"} {
		out := filepath.Join(dir, sym+".xlsx")
		code, _, errOut := runCLI(t, "", "generate", "-q", "-n", "3", "-d", "medium", "--seed", "9", "--symmetry", sym, "--variants", "2", "-o", out)
		require.Equal(t, exitOK, code, errOut)
		s, err := generate.ParseSymmetry(sym)
		require.NoError(t, err)
		for _, f := range []string{sym + "-1.xlsx", sym + "-2.xlsx"} {
			for n := 1; n <= 3; n++ {
				p, err := workbook.Read(filepath.Join(dir, f), workbook.Options{Puzzle: n})
				require.NoError(t, err)
				assert.True(t, s.Holds(&p.Grid), "%s puzzle %d follows %s symmetry", f, n, sym)
			}
		}
	}
}

func TestVariants(t *testing.T) {
	dir := t.TempDir()
	in := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), dir)
	out := filepath.Join(dir, "class.xlsx")
	code, _, errOut := runCLI(t, "", "worksheet", in, "--variants", "12", "--seed", "3", "-o", out)
	require.Equal(t, exitOK, code, errOut)
	orig, err := workbook.Read(in, workbook.Options{})
	require.NoError(t, err)
	origGrade, _, _, err := solve.Rate(orig.Grid)
	require.NoError(t, err)
	seen := map[solve.Grid]bool{}
	for k := 1; k <= 12; k++ {
		file := filepath.Join(dir, "class-"+[]string{"01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"}[k-1]+".xlsx")
		p, err := workbook.Read(file, workbook.Options{Sheet: "Worksheet"})
		require.NoError(t, err, file)
		assert.False(t, seen[p.Grid], "variant %d repeats another", k)
		seen[p.Grid] = true
		assert.Equal(t, orig.Grid.Filled(), p.Grid.Filled())
		grade, _, _, err := solve.Rate(p.Grid)
		require.NoError(t, err)
		assert.Equal(t, origGrade, grade, "variant %d has the puzzle's grade", k)

		// Each is graded against its own identity: its own solution is all right.
		refs, right := blanksOf(t, p.Grid)
		cells := map[string]int{}
		for _, ref := range refs {
			cells[ref] = right[ref]
		}
		done := studentFill(t, file, "Worksheet", "done.xlsx", cells)
		code, stdout, errOut := runCLI(t, "", "grade", done)
		require.Equal(t, exitOK, code, errOut)
		assert.Contains(t, stdout, "Worksheet: 51 of 51 right, 0 wrong, 0 empty")
	}

	// The same seed makes the same variants; generate makes variants too.
	again := filepath.Join(dir, "again.xlsx")
	code, _, errOut = runCLI(t, "", "worksheet", in, "--variants", "2", "--seed", "3", "-o", again)
	require.Equal(t, exitOK, code, errOut)
	a, err := workbook.Read(filepath.Join(dir, "again-2.xlsx"), workbook.Options{Sheet: "Worksheet"})
	require.NoError(t, err)
	b, err := workbook.Read(filepath.Join(dir, "class-02.xlsx"), workbook.Options{Sheet: "Worksheet"})
	require.NoError(t, err)
	assert.Equal(t, a.Grid, b.Grid)

	code, _, errOut = runCLI(t, "", "generate", "-n", "2", "-d", "easy", "--seed", "1", "--worksheet", "--variants", "2", "-o", filepath.Join(dir, "gen.xlsx"))
	require.Equal(t, exitOK, code, errOut)
	for _, f := range []string{"gen-1.xlsx", "gen-2.xlsx"} {
		code, stdout, errOut := runCLI(t, "", "grade", filepath.Join(dir, f))
		require.Equal(t, exitOK, code, errOut)
		assert.Contains(t, stdout, "total: 0 of")
	}
	code, _, _ = runCLI(t, "", "worksheet", in, "--variants", "2", "-o", filepath.Join(dir, "x.txt"))
	assert.Equal(t, exitUsage, code)

	// A macro workbook's variants are macro workbooks, each with its
	// macros: -o FILE.xlsm (it asked for .xlsx, then refused each .xlsx).
	f, err := excelize.OpenFile(in)
	require.NoError(t, err)
	vba := append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, bytes.Repeat([]byte("VBA!"), 64)...)
	require.NoError(t, f.AddVBAProject(vba))
	macros := filepath.Join(dir, "macros.xlsm")
	require.NoError(t, f.SaveAs(macros))
	require.NoError(t, f.Close())
	code, _, errOut = runCLI(t, "", "worksheet", macros, "--variants", "2", "--seed", "3", "-o", filepath.Join(dir, "mv.xlsx"))
	assert.Equal(t, exitUsage, code)
	// Why: the macros, not "one workbook per variant" (a walk of 3 December).
	assert.Contains(t, errOut, "worksheet: "+macros+" holds macros, and so do its copies; give -o FILE.xlsm")
	code, _, errOut = runCLI(t, "", "worksheet", macros, "--variants", "2", "--seed", "3", "-o", filepath.Join(dir, "mv.xlsm"))
	require.Equal(t, exitOK, code, errOut)
	for _, name := range []string{"mv-1.xlsm", "mv-2.xlsm"} {
		p, err := workbook.Read(filepath.Join(dir, name), workbook.Options{Sheet: "Worksheet"})
		require.NoError(t, err, name)
		assert.Equal(t, orig.Grid.Filled(), p.Grid.Filled(), name)
		zr, err := zip.OpenReader(filepath.Join(dir, name))
		require.NoError(t, err)
		has := slices.ContainsFunc(zr.File, func(f *zip.File) bool { return f.Name == "xl/vbaProject.bin" })
		zr.Close()
		assert.True(t, has, "%s keeps the macros", name)
	}

	// A student's macro workbook is marked into an .xlsm, refused before
	// grading as .xlsx or stdout (a review of 3 December: the early check
	// took only .xlsx, the writing only .xlsm, so nothing could be).
	mv := filepath.Join(dir, "mv-1.xlsm")
	code, _, errOut = runCLI(t, "", "grade", mv, "-o", filepath.Join(dir, "marked.xlsm"))
	require.Equal(t, exitOK, code, errOut)
	assert.FileExists(t, filepath.Join(dir, "marked.xlsm"))
	for out, want := range map[string]string{
		filepath.Join(dir, "marked.xlsx"): "grade: -o " + filepath.Join(dir, "marked.xlsx") + ": the marked copy of " + mv + " is written as .xlsm; name it " + filepath.Join(dir, "marked.xlsm"),
		"-":                               "grade: -o -: the marked copy is a workbook, written to a file; give -o FILE.xlsm",
	} {
		code, stdout, errOut := runCLI(t, "", "grade", mv, "-o", out)
		assert.Equal(t, exitUsage, code, out)
		assert.Empty(t, stdout, "refused before grading: %s", out)
		assert.Contains(t, errOut, want)
	}
	code, stdout, errOut := runCLI(t, "", "grade", mv, "--summary", "-")
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, stdout)
	assert.Contains(t, errOut, "grade: --summary -: the summary is a workbook, written to a file")

	// Found by a hunt: --variants 0 made a plain worksheet; one variant
	// was "worksheets", written "to" itself; -o naming the input offered
	// an --in-place that worksheet does not have.
	// And a walk of 2 December: --variants 1.5 printed strconv's error.
	for _, cmd := range [][]string{{"worksheet", in}, {"generate", "-n", "1", "--worksheet"}} {
		for _, n := range []string{"0", "1.5", "x", "501", "99999999999999999999"} {
			code, _, errOut = runCLI(t, "", append(cmd, "--variants", n, "-o", filepath.Join(dir, "zero.xlsx"))...)
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, errOut, `--variants must be a whole number from 1 to 500, not "`+n+`"`)
			assert.NotContains(t, errOut, "strconv")
		}
	}
	code, _, errOut = runCLI(t, "", "worksheet", in, "--variants", "1", "--seed", "3", "-o", filepath.Join(dir, "one.xlsx"))
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "made 1 look-alike worksheet of Puzzle!B2:J10 (Easy); wrote "+filepath.Join(dir, "one-1.xlsx")+"\n")
	code, _, errOut = runCLI(t, "", "worksheet", in, "-o", in)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "is the input workbook; write the worksheet to another file")
	assert.NotContains(t, errOut, "--in-place")
	code, _, errOut = runCLI(t, "", "worksheet", in, "--variants", "2", "--seed", "3", "-o", in)
	require.Equal(t, exitOK, code, "with --variants, -o is the files' pattern: %s", errOut)

	// A variant's name that is the input's is refused before any variant
	// is written (week3-1.xlsx was written, then week3-2.xlsx refused).
	sub := t.TempDir()
	week := copyFile(t, in, sub)
	week2 := filepath.Join(sub, "week3-2.xlsx")
	require.NoError(t, os.Rename(week, week2))
	code, _, errOut = runCLI(t, "", "worksheet", week2, "--variants", "3", "--seed", "3", "-o", filepath.Join(sub, "week3.xlsx"))
	assert.Equal(t, exitUsage, code, errOut)
	assert.Contains(t, errOut, "variant 2 would be written to "+week2+", the input workbook")
	entries, err := os.ReadDir(sub)
	require.NoError(t, err)
	require.Len(t, entries, 1, "nothing is written")
}

func TestHintOnSampleAndLevels(t *testing.T) {
	dir := t.TempDir()
	in := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), dir)
	p, err := workbook.Read(in, workbook.Options{})
	require.NoError(t, err)
	refs, right := blanksOf(t, p.Grid)
	// A student types two wrong digits and one right into the sample.
	cells := map[string]int{refs[0]: right[refs[0]]%9 + 1, refs[5]: right[refs[5]]%9 + 1, refs[9]: right[refs[9]]}
	homework := studentFill(t, in, "Puzzle", "homework.xlsx", cells)

	code, stdout, errOut := runCLI(t, "", "hint", homework)
	assert.Equal(t, exitInvalid, code, errOut)
	assert.Contains(t, errOut, "told givens from entries by bold")
	assert.Contains(t, stdout, "Puzzle!"+refs[0])
	assert.Contains(t, stdout, "is wrong")
	assert.NotContains(t, stdout, "Puzzle!"+refs[5], "without --all, the first only")

	code, stdout, _ = runCLI(t, "", "hint", "--all", homework)
	assert.Equal(t, exitInvalid, code)
	assert.Contains(t, stdout, "2 entries are wrong: Puzzle!"+refs[0])
	assert.Contains(t, stdout, "Puzzle!"+refs[5])

	// Staged hints on the puzzle itself.
	var levels []string
	for _, l := range []string{"1", "2", "3"} {
		code, stdout, errOut := runCLI(t, "", "hint", "--level", l, in)
		require.Equal(t, exitOK, code, errOut)
		levels = append(levels, stdout)
	}
	assert.True(t, strings.HasPrefix(levels[0], "Look for a "), levels[0])
	assert.NotContains(t, levels[0], "=", "level 1 names no cell")
	assert.Contains(t, levels[1], "look at r")
	assert.NotEqual(t, levels[1], levels[2])
	for _, l := range []string{"4", "abc"} {
		code, _, errOut := runCLI(t, "", "hint", "--level", l, in)
		assert.Equal(t, exitUsage, code)
		// Not Go's "strconv.ParseInt: parsing ..." (a walk of 3 December).
		assert.Contains(t, errOut, `hint: --level must be 1, 2 or 3, not "`+l+`"`)
	}
}

// TestWorksheetOfText: text given to worksheet is "not a workbook", exit
// 3 as for grade and every command (it was 2: a walk of 3 December), with
// the command that makes worksheets of new puzzles.
func TestWorksheetOfText(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "w.xlsx")
	for name, data := range map[string]string{"p.txt": puzzle + "\n", "empty.txt": "", "junk.bin": "\x00\x01\x02junk"} {
		in := writeFile(t, name, data)
		code, _, errOut := runCLI(t, "", "worksheet", in, "-o", out)
		assert.Equal(t, exitInput, code, name)
		assert.Contains(t, errOut, "worksheet: "+in+" is not a workbook; to make worksheets of new puzzles use \"xlsudoku generate --worksheet\"", name)
		assert.NoFileExists(t, out, name)
	}
}

func TestWorksheetBookMode(t *testing.T) {
	book := filepath.Join(t.TempDir(), "class.xlsx")
	code, _, errOut := runCLI(t, "", "generate", "-n", "1", "--seed", "2", "--worksheet", "-o", book)
	require.Equal(t, exitOK, code, errOut)
	st, err := os.Stat(book)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), st.Mode().Perm(), "a new workbook is not executable")
}

func TestPuzzleOfABook(t *testing.T) {
	// Every kind of book, for the default boxes and for tall ones, which
	// a tiled book's Catalogue names (a puzzle line gives only its size).
	for _, shape := range [][]string{nil, {"--size", "6", "--box", "3x2"}, {"--size", "8", "--box", "4x2"}, {"--size", "12", "--box", "4x3"}} {
		t.Run(strings.Join(shape, " "), func(t *testing.T) {
			dir := t.TempDir()
			gen := append([]string{"generate", "-n", "3", "-d", "medium", "--seed", "8"}, shape...)
			code, text, errOut := runCLI(t, "", gen...)
			require.Equal(t, exitOK, code, errOut)
			lines := strings.Split(strings.TrimSpace(text), "\n")
			for _, kind := range [][]string{{"tiled.xlsx"}, {"spp.xlsx", "--sheet-per-puzzle"}, {"ws.xlsx", "--worksheet"}} {
				book := filepath.Join(dir, kind[0])
				args := append(append([]string{}, gen...), "-o", book)
				code, _, errOut := runCLI(t, "", append(args, kind[1:]...)...)
				require.Equal(t, exitOK, code, errOut)
				for i, line := range lines {
					code, sol, errOut := runCLI(t, strings.Fields(line)[0]+"\n", append([]string{"solve", "-q", "-"}, shape...)...)
					require.Equal(t, exitOK, code, errOut)
					n := string(rune('1' + i))
					code, got, errOut := runCLI(t, "", "solve", "--puzzle", n, "--format", "line", book)
					require.Equal(t, exitOK, code, "%s puzzle %s: %s", kind[0], n, errOut)
					assert.Equal(t, sol, got, "%s puzzle %s", kind[0], n)
				}
				code, _, errOut = runCLI(t, "", "solve", "--puzzle", "4", book)
				assert.Equal(t, exitUsage, code, "%s: there is no puzzle 4: %s", kind[0], errOut)
				assert.Contains(t, errOut, "4")
			}
			// A worksheet of a tiled book's puzzle has the book's boxes.
			ws := filepath.Join(dir, "one.xlsx")
			code, _, errOut = runCLI(t, "", "worksheet", "--puzzle", "2", filepath.Join(dir, "tiled.xlsx"), "-o", ws)
			require.Equal(t, exitOK, code, errOut)
			p, err := workbook.Read(ws, workbook.Options{Sheet: "Worksheet"})
			require.NoError(t, err)
			want, err := solve.ParseLine(strings.Fields(lines[1])[0])
			require.NoError(t, err)
			if len(shape) > 0 {
				want.Shape, err = solve.ParseBox(want.Shape.Size, shape[3])
				require.NoError(t, err)
			}
			assert.Equal(t, want, p.Grid)
		})
	}
	book := filepath.Join(t.TempDir(), "tiled.xlsx")
	code, _, errOut := runCLI(t, "", "generate", "-n", "1", "-o", book)
	require.Equal(t, exitOK, code, errOut)
	code, _, errOut = runCLI(t, "", "solve", "--puzzle", "1", "--sheet", "Puzzles", book)
	assert.Equal(t, exitUsage, code, errOut)
}

// TestBooksOfAnAmbiguousPuzzle: seed 12 makes a 6x6 puzzle of tall boxes
// that has one solution with wide boxes too. A book of one puzzle, whose
// sheet draws the boxes, and a book of a sheet per puzzle, whose Catalogue
// names them, give it back with its own boxes, as a tiled book does: its
// own solution, not the other one.
func TestBooksOfAnAmbiguousPuzzle(t *testing.T) {
	dir := t.TempDir()
	gen := []string{"generate", "-q", "-n", "1", "--size", "6", "--box", "3x2", "-d", "medium", "--seed", "12"}
	code, text, errOut := runCLI(t, "", gen...)
	require.Equal(t, exitOK, code, errOut)
	line := strings.Fields(text)[0]
	code, wide, errOut := runCLI(t, line+"\n", "solve", "-q", "-")
	require.Equal(t, exitOK, code, "the test needs a puzzle with one solution with 2x3 boxes too: %s", errOut)
	code, sol, errOut := runCLI(t, line+"\n", "solve", "-q", "--box", "3x2", "-")
	require.Equal(t, exitOK, code, errOut)
	require.NotEqual(t, wide, sol, "the two box shapes give two solutions")

	one := filepath.Join(dir, "one.xlsx")
	code, _, errOut = runCLI(t, "", append(gen, "-o", one)...)
	require.Equal(t, exitOK, code, errOut)
	spp := filepath.Join(dir, "spp.xlsx")
	code, _, errOut = runCLI(t, "", append(gen[:len(gen):len(gen)], "-n", "2", "--sheet-per-puzzle", "-o", spp)...)
	require.Equal(t, exitOK, code, errOut)
	for _, args := range [][]string{{one}, {"--puzzle", "1", one}, {"--puzzle", "1", spp}} {
		code, got, errOut := runCLI(t, "", append([]string{"solve", "--format", "line"}, args...)...)
		require.Equal(t, exitOK, code, errOut)
		assert.Equal(t, sol, got, "%v", args)
		code, grade, errOut := runCLI(t, "", append([]string{"rate"}, args...)...)
		require.Equal(t, exitOK, code, errOut)
		assert.Contains(t, grade, " medium ", "%v", args)
	}
}

// TestWorksheetOfABookEmptiesItsAnswers: a worksheet of puzzle 3 of a
// tiled book kept the book's Answers sheet, which holds puzzle 3's answer
// among the others, and a book of a sheet per puzzle its Solution N
// sheets. generate now marks them, and the worksheet's copy has them all
// emptied to a note (the book keeps them); a book without the marks (made
// before them, or saved by an app that dropped them) still gets a warning
// of the Answers sheet and of the puzzle's own Solution N, with that
// reason, and not of the other puzzles' sheets.
func TestWorksheetOfABookEmptiesItsAnswers(t *testing.T) {
	dir := t.TempDir()
	for _, kind := range []struct {
		file    string
		flags   []string
		answers []string
		note    string
	}{
		{"tiled.xlsx", nil, []string{"Answers"}, `emptied sheet "Answers", which holds the book's answers`},
		{"spp.xlsx", []string{"--sheet-per-puzzle"}, []string{"Solution 1", "Solution 2", "Solution 3", "Solution 4"},
			`emptied the 4 sheets "Solution 1" to "Solution 4", which hold the book's answers`},
	} {
		book := filepath.Join(dir, kind.file)
		code, _, errOut := runCLI(t, "", append([]string{"generate", "-q", "-n", "4", "-d", "medium", "--seed", "3", "-o", book}, kind.flags...)...)
		require.Equal(t, exitOK, code, errOut)
		before, err := os.ReadFile(book)
		require.NoError(t, err)
		ws := filepath.Join(dir, "ws-"+kind.file)
		code, _, errOut = runCLI(t, "", "worksheet", "--puzzle", "3", book, "-o", ws)
		require.Equal(t, exitOK, code, errOut)
		assert.Contains(t, errOut, kind.note, kind.file)
		assert.NotContains(t, errOut, "warning:", kind.file)
		after, err := os.ReadFile(book)
		require.NoError(t, err)
		assert.Equal(t, before, after, "%s: the book keeps its answers", kind.file)

		f, err := excelize.OpenFile(ws)
		require.NoError(t, err)
		for _, sheet := range kind.answers {
			rows, err := f.GetRows(sheet)
			require.NoError(t, err, sheet)
			var digits int
			for _, row := range rows {
				for _, v := range row {
					if _, err := strconv.Atoi(v); err == nil {
						digits++
					}
				}
			}
			assert.Zero(t, digits, "%s: sheet %q keeps no answer", kind.file, sheet)
			b1, err := f.GetCellValue(sheet, "B1")
			require.NoError(t, err)
			assert.Contains(t, b1, "are left out of this worksheet", "%s %s", kind.file, sheet)
		}
		puzzles, err := f.GetRows(map[string]string{"tiled.xlsx": "Puzzles", "spp.xlsx": "Puzzle 1"}[kind.file])
		require.NoError(t, err)
		assert.NotEmpty(t, puzzles, "%s: the puzzles stay", kind.file)
		require.NoError(t, f.Close())

		// The same book without its marks.
		old := filepath.Join(dir, "old-"+kind.file)
		rewriteZip(t, book, old, func(name string, data []byte) []byte {
			if name == "xl/workbook.xml" {
				data = regexp.MustCompile(`<definedName name="xlsudoku_sheet"[^>]*>[^<]*</definedName>`).ReplaceAll(data, nil)
			}
			return data
		})
		code, _, errOut = runCLI(t, "", "worksheet", "-q", "--puzzle", "3", old, "-o", filepath.Join(dir, "ws-old-"+kind.file))
		require.Equal(t, exitOK, code, errOut)
		sheet := kind.answers[0]
		if len(kind.answers) > 1 {
			sheet = kind.answers[2]
		}
		assert.Contains(t, errOut, fmt.Sprintf("warning: sheet %q ", sheet), kind.file)
		assert.Contains(t, errOut, "(books xlsudoku made before the evening of 2 December 2026 carry no marks, and an app that saved the book may have dropped them): students would see it", kind.file)
		assert.Equal(t, 1, strings.Count(errOut, "warning:"), "%s: the other puzzles' answers are not this worksheet's: %s", kind.file, errOut)
	}
}

// TestGradeABookByItsCatalogue: a puzzle of a tiled book, or of a book of
// a sheet per puzzle, is graded by the givens its Catalogue lists: handed
// back untouched, every blank is empty (grade asked for --key, its
// digits all bold); with entries, they are marked.
func TestGradeABookByItsCatalogue(t *testing.T) {
	for _, kind := range [][]string{{"tiled.xlsx"}, {"spp.xlsx", "--sheet-per-puzzle"}} {
		t.Run(kind[0], func(t *testing.T) {
			book := filepath.Join(t.TempDir(), kind[0])
			code, _, errOut := runCLI(t, "", append([]string{"generate", "-n", "3", "-d", "easy", "--seed", "21", "-o", book}, kind[1:]...)...)
			require.Equal(t, exitOK, code, errOut)
			p, err := workbook.Read(book, workbook.Options{Puzzle: 2})
			require.NoError(t, err)
			sol, err := solve.Solve(p.Grid)
			require.NoError(t, err)
			blanks := p.Grid.Shape.Cells() - p.Grid.Filled()

			code, out, errOut := runCLI(t, "", "grade", "--puzzle", "2", book)
			require.Equal(t, exitOK, code, errOut)
			assert.Contains(t, out, fmt.Sprintf(": 0 of %d right, 0 wrong, %d empty", blanks, blanks))

			// One blank right, one wrong.
			var cells []int
			for i, d := range p.Grid.Cells[:p.Grid.Shape.Cells()] {
				if d == 0 {
					cells = append(cells, i)
				}
			}
			n := p.Grid.Shape.Size
			right, wrong := cells[0], cells[1]
			wrongDigit := int(sol.Cells[wrong])%n + 1
			filled := studentFill(t, book, p.Sheet, "back.xlsx", map[string]int{
				p.Cell(right/n, right%n): int(sol.Cells[right]),
				p.Cell(wrong/n, wrong%n): wrongDigit,
			})
			code, out, errOut = runCLI(t, "", "grade", "--puzzle", "2", filled)
			require.Equal(t, exitOK, code, errOut)
			assert.Contains(t, out, fmt.Sprintf(": 1 of %d right, 1 wrong (%s), %d empty", blanks, p.CellName(wrong/n, wrong%n), blanks-2))
		})
	}
}

// TestBookPuzzleMessages: what --puzzle and --outdir say when the puzzle
// or the folder is not there; --outdir makes a folder whose parent is.
func TestBookPuzzleMessages(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "class.xlsx")
	code, _, errOut := runCLI(t, "", "generate", "-n", "3", "--seed", "2", "--worksheet", "-o", book)
	require.Equal(t, exitOK, code, errOut)
	code, _, errOut = runCLI(t, "", "solve", "--puzzle", "4", book)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, `has sheets Puzzle 1 to Puzzle 3, not "Puzzle 4"`)
	// --puzzle 0 is no puzzle of a book, not the first (it read puzzle 1).
	for _, n := range []string{"0", "-1", "100001"} {
		code, _, errOut = runCLI(t, "", "solve", "--puzzle", n, book)
		assert.Equal(t, exitUsage, code, n)
		assert.Contains(t, errOut, `--puzzle must be a whole number from 1 to 100000, not "`+n+`"`)
	}
	// A folder whose parent is missing is not made (a typo grows no tree)...
	// It is an output that cannot be written (1), as -o's and --summary's
	// missing folders are; it was a usage error (2).
	code, _, errOut = runCLI(t, "", "grade", "--outdir", filepath.Join(dir, "no", "such"), book)
	assert.Equal(t, exitFailure, code)
	assert.Contains(t, errOut, "does not exist and cannot be made")
	assert.Contains(t, errOut, "make the folder first")
	assert.NoDirExists(t, filepath.Join(dir, "no"))
	for _, flag := range []string{"-o", "--summary"} {
		code, _, errOut = runCLI(t, "", "grade", flag, filepath.Join(dir, "no", "out.xlsx"), book)
		assert.Equal(t, exitFailure, code, "%s: %s", flag, errOut)
		assert.Contains(t, errOut, filepath.Join(dir, "no"), flag)
	}
	// ...one in a folder that is there is, as the README's example needs,
	// once the other checks pass: not when the key cannot be read.
	ws, _, _ := sampleWorksheet(t, "classic.xlsx", dir)
	marked := filepath.Join(dir, "marked")
	code, _, errOut = runCLI(t, "", "grade", "--outdir", marked, "--key", filepath.Join(dir, "no-key.txt"), ws)
	require.NotEqual(t, exitOK, code, errOut)
	assert.NoDirExists(t, marked)
	// ...nor when no file could be graded: it was left behind, empty.
	code, _, errOut = runCLI(t, "", "grade", "--outdir", marked, filepath.Join(dir, "missing.xlsx"))
	require.Equal(t, exitInput, code, errOut)
	assert.NotContains(t, errOut, "made the folder")
	assert.NoDirExists(t, marked)
	code, _, errOut = runCLI(t, "", "grade", "--outdir", marked, ws)
	require.NotEqual(t, exitUsage, code, errOut)
	assert.Contains(t, errOut, "made the folder "+marked)
	assert.FileExists(t, filepath.Join(marked, filepath.Base(ws)))
}

// TestHintNotDigit: an entry that is no digit (pasted text) is wrong
// whatever the solution, for hint as for grade.
func TestHintNotDigit(t *testing.T) {
	dir := t.TempDir()
	ws, refs, right := sampleWorksheet(t, "classic.xlsx", dir)
	f, err := excelize.OpenFile(ws)
	require.NoError(t, err)
	require.NoError(t, f.SetCellValue("Worksheet", refs[2], "five"))
	require.NoError(t, f.SetCellInt("Worksheet", refs[4], int64(right[refs[4]]%9+1)))
	homework := filepath.Join(dir, "homework.xlsx")
	require.NoError(t, f.SaveAs(homework))
	require.NoError(t, f.Close())

	code, stdout, errOut := runCLI(t, "", "hint", homework)
	assert.Equal(t, exitInvalid, code, errOut)
	assert.Equal(t, `Worksheet!`+refs[2]+` ("five") is not a digit; nothing else is hinted until it is fixed`+"\n", stdout)
	assert.Contains(t, errOut, "30 givens, 2 entries", "the text typed is an entry too")
	code, stdout, _ = runCLI(t, "", "hint", "--all", homework)
	assert.Equal(t, exitInvalid, code)
	assert.Contains(t, stdout, `2 entries are wrong: Worksheet!`+refs[2]+` ("five"), Worksheet!`+refs[4])
	code, stdout, errOut = runCLI(t, "", "grade", homework)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, stdout, "2 wrong")
}

// sampleWorksheet makes, in dir, a worksheet of the sample workbook name
// and returns it with its blanks and their right digits (blanksOf).
func sampleWorksheet(t *testing.T, name, dir string) (ws string, refs []string, right map[string]int) {
	t.Helper()
	in := copyFile(t, filepath.Join("..", "..", "samples", name), dir)
	ws = filepath.Join(dir, "ws.xlsx")
	code, _, errOut := runCLI(t, "", "worksheet", in, "-o", ws)
	require.Equal(t, exitOK, code, errOut)
	p, err := workbook.Read(ws, workbook.Options{Sheet: "Worksheet"})
	require.NoError(t, err)
	refs, right = blanksOf(t, p.Grid)
	return ws, refs, right
}

// TestGradeWorkElsewhere: a grade of nothing says where the student's
// work may be (a walk of 2 December: each graded 0% in silence). A book
// graded without --puzzle names --puzzle, not --key; a plain workbook
// whose puzzle sheet the student copied and filled names the copy; a
// worksheet whose source sheet the student filled names that sheet.
func TestGradeWorkElsewhere(t *testing.T) {
	dir := t.TempDir()
	for _, kind := range [][]string{{"tiled.xlsx"}, {"spp.xlsx", "--sheet-per-puzzle"}} {
		book := filepath.Join(dir, kind[0])
		code, _, errOut := runCLI(t, "", append([]string{"generate", "-n", "3", "-d", "easy", "--seed", "21", "-o", book}, kind[1:]...)...)
		require.Equal(t, exitOK, code, errOut)
		p, err := workbook.Read(book, workbook.Options{Puzzle: 2})
		require.NoError(t, err)
		sol, err := solve.Solve(p.Grid)
		require.NoError(t, err)
		n := p.Grid.Shape.Size
		cells := map[string]int{}
		for i, d := range p.Grid.Cells[:n*n] {
			if d == 0 {
				cells[p.Cell(i/n, i%n)] = int(sol.Cells[i])
			}
		}
		filled := studentFill(t, book, p.Sheet, "did-2-"+kind[0], cells)

		code, _, errOut = runCLI(t, "", "grade", filled)
		assert.Equal(t, exitUsage, code)
		assert.Contains(t, errOut, "is in a book of 3 puzzles that xlsudoku generated, and its givens look like the entries; choose the puzzle the student did with --puzzle N (1 to 3)")
		assert.NotContains(t, errOut, "--key")

		code, out, errOut := runCLI(t, "", "grade", "--key", book, filled)
		require.Equal(t, exitOK, code, errOut)
		assert.Contains(t, out, " 0 wrong, ")
		assert.Contains(t, errOut, "has no entries, but the file is a book of 3 puzzles (its Catalogue sheet lists them); if the student did another, grade it with --puzzle N")
		assert.NotContains(t, errOut, `sheet "Answers"`, "the book's answers are no student's work")
		assert.NotContains(t, errOut, `sheet "Solution`)

		code, out, errOut = runCLI(t, "", "grade", "--puzzle", "2", filled)
		require.Equal(t, exitOK, code, errOut)
		assert.Contains(t, out, fmt.Sprintf(": %d of %d right, 0 wrong, 0 empty", len(cells), len(cells)))
		assert.NotContains(t, errOut, "warning")
	}

	// A copy of the puzzle's sheet, filled.
	in := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), dir)
	givens, err := workbook.Read(in, workbook.Options{})
	require.NoError(t, err)
	refs, right := blanksOf(t, givens.Grid)
	f, err := excelize.OpenFile(in)
	require.NoError(t, err)
	k, err := f.NewSheet("My try")
	require.NoError(t, err)
	require.NoError(t, f.CopySheet(0, k))
	for _, ref := range refs {
		require.NoError(t, f.SetCellInt("My try", ref, int64(right[ref])))
	}
	copied := filepath.Join(dir, "copied.xlsx")
	require.NoError(t, f.SaveAs(copied))
	require.NoError(t, f.Close())
	code, _, errOut := runCLI(t, "", "grade", "--key", in, copied)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, fmt.Sprintf(`warning: %s: Puzzle!B2:J10 has no entries, but sheet "My try" holds this puzzle with %d entries: to grade it, give --sheet 'My try' and the same --key`, copied, len(refs)))
	code, out, errOut := runCLI(t, "", "grade", "--key", in, "--sheet", "My try", copied)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, fmt.Sprintf("My try: %d of %d right", len(refs), len(refs)))
	assert.NotContains(t, errOut, "warning")

	// A worksheet whose source sheet the student filled.
	ws := filepath.Join(dir, "ws.xlsx")
	code, _, errOut = runCLI(t, "", "worksheet", in, "-o", ws)
	require.Equal(t, exitOK, code, errOut)
	wrong := studentFill(t, ws, "Puzzle", "source-filled.xlsx", map[string]int{refs[0]: right[refs[0]]})
	code, _, errOut = runCLI(t, "", "grade", wrong)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, `Worksheet!B2:J10 has no entries, but sheet "Puzzle" holds this puzzle with 1 entry: to grade it, give --sheet Puzzle and --key`)
}

// TestHintTenAsANumber: on a 12x12 worksheet, 10 typed as a number is not
// the digit the worksheet takes, and hint says what to type (a walk of 2
// December: it said only that "10" is not a digit).
func TestHintTenAsANumber(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "b12.xlsx")
	code, _, errOut := runCLI(t, "", "generate", "-n", "1", "--size", "12", "-d", "easy", "--seed", "5", "--worksheet", "-o", book)
	require.Equal(t, exitOK, code, errOut)
	p, err := workbook.Read(book, workbook.Options{Sheet: "Puzzle 1"})
	require.NoError(t, err)
	sol, err := solve.Solve(p.Grid)
	require.NoError(t, err)
	n := p.Grid.Shape.Size
	ten := slices.IndexFunc(sol.Cells[:n*n], func(d uint8) bool { return d == 10 })
	for ten >= 0 && p.Grid.Cells[ten] != 0 { // a blank whose answer is 10
		next := slices.IndexFunc(sol.Cells[ten+1:n*n], func(d uint8) bool { return d == 10 })
		if next < 0 {
			ten = -1
			break
		}
		ten += 1 + next
	}
	require.GreaterOrEqual(t, ten, 0)
	ref := p.Cell(ten/n, ten%n)
	homework := studentFill(t, book, "Puzzle 1", "homework.xlsx", map[string]int{ref: 10})
	code, stdout, errOut := runCLI(t, "", "hint", homework)
	assert.Equal(t, exitInvalid, code, errOut)
	assert.Equal(t, `Puzzle 1!`+ref+` ("10"; type A for 10) is not a digit; nothing else is hinted until it is fixed`+"\n", stdout)
}

// TestGradeSkipsItsSummary: run again over returned/*.xlsx, grade leaves
// out the class summary its last run wrote there, with a warning, and
// writes it anew (a walk of 2 December: "no puzzle found", exit 3).
func TestGradeSkipsItsSummary(t *testing.T) {
	dir := t.TempDir()
	ws, refs, right := sampleWorksheet(t, "classic.xlsx", dir)
	back := filepath.Join(dir, "returned")
	require.NoError(t, os.Mkdir(back, 0o755))
	ana := studentFill(t, ws, "Worksheet", filepath.Join("returned", "ana.xlsx"), map[string]int{refs[0]: right[refs[0]]})
	summary := filepath.Join(back, "class.xlsx")
	code, _, errOut := runCLI(t, "", "grade", "--summary", summary, ana)
	require.Equal(t, exitOK, code, errOut)
	require.True(t, workbook.IsClassSummary(summary))
	assert.False(t, workbook.IsClassSummary(ana))

	code, stdout, errOut := runCLI(t, "", "grade", "--summary", summary, ana, summary)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "warning: "+summary+" is a class summary that grade wrote, not a returned workbook: skipped")
	assert.Contains(t, stdout, "ana.xlsx: Worksheet: 1 of ")
	assert.NotContains(t, stdout, "class.xlsx")

	// The summary alone: it was said to be "only lock files" (a walk of 3 December).
	code, _, errOut = runCLI(t, "", "grade", summary)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "is a class summary that grade wrote")
	assert.Contains(t, errOut, "grade: no returned workbook to grade: every file given was skipped")
	assert.NotContains(t, errOut, "lock files")
}

// fullWriter fails every write, as /dev/full does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestStdoutThatCannotBeWritten: a report that cannot be written to
// stdout is an error, exit code 1, whichever command prints it (a walk of
// 2 December: solve, solve --count, hint and grade exited 0, their
// output lost).
func TestStdoutThatCannotBeWritten(t *testing.T) {
	dir := t.TempDir()
	classic := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), dir)
	ws, _, _ := sampleWorksheet(t, "classic.xlsx", dir)
	text := writeFile(t, "p.txt", puzzle+"\n")
	for _, args := range [][]string{
		{"solve", classic}, {"solve", "--format", "line", classic}, {"solve", "--count", classic},
		{"hint", classic}, {"grade", ws}, {"grade", "--json", ws}, {"solve", text}, {"rate", text},
	} {
		var stderr bytes.Buffer
		code := run(append(args, "-q"), strings.NewReader(""), fullWriter{}, &stderr)
		assert.Equal(t, exitFailure, code, "%v: %s", args, stderr.String())
		assert.Contains(t, stderr.String(), "cannot write stdout: no space left on device", "%v", args)
	}
}

// TestGradeKeyReadAsSolveReadsText: a text --key is opened as solve
// opens text, its mistakes told alike, exit code 3 (a walk of 2
// December: "bufio.Scanner: token too long" and "read keydir: is a
// directory", exit 1; UTF-16 and binary keys, exit 4).
func TestGradeKeyReadAsSolveReadsText(t *testing.T) {
	dir := t.TempDir()
	ws, _, _ := sampleWorksheet(t, "classic.xlsx", dir)
	folder := filepath.Join(dir, "keydir")
	require.NoError(t, os.Mkdir(folder, 0o755))
	for _, tt := range []struct{ key, want string }{
		{folder, "--key: " + folder + " is a folder, not a puzzle file"},
		{writeFile(t, "u16.txt", "\xff\xfe5\x003\x00"), "is UTF-16 text; save it as UTF-8"},
		{writeFile(t, "nul.txt", puzzle+"\n\x00\n"), "is not a text file (it holds binary data)"},
		{writeFile(t, "long.txt", strings.Repeat("5", 1<<20)+"\n"), "has a line of 1 MiB or more"},
	} {
		code, _, errOut := runCLI(t, "", "grade", "--key", tt.key, ws)
		assert.Equal(t, exitInput, code, errOut)
		assert.Contains(t, errOut, tt.want)
		assert.NotContains(t, errOut, "bufio")
	}
}

// classicAndAnswer copies samples/classic.xlsx into dir and returns its
// path, its puzzle, the puzzle's answer, and a text file of the answer.
func classicAndAnswer(t *testing.T, dir string) (classic string, p *workbook.Puzzle, sol solve.Grid, answer string) {
	t.Helper()
	classic = copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), dir)
	p, err := workbook.Read(classic, workbook.Options{})
	require.NoError(t, err)
	sol, err = solve.Solve(p.Grid)
	require.NoError(t, err)
	return classic, p, sol, writeFile(t, "answer.txt", solve.FormatLine(&sol)+"\n")
}

// TestGradeAnswerKeyNotEnough: an answer key as --key on a plain
// workbook whose givens look like its entries says what --key must be
// instead, not to pass --key (a walk of 2 December).
func TestGradeAnswerKeyNotEnough(t *testing.T) {
	classic, _, _, answer := classicAndAnswer(t, t.TempDir())
	code, _, errOut := runCLI(t, "", "grade", "--key", answer, classic)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--key is an answer key (a complete grid), which says what every cell should hold but not which cells are givens")
	assert.NotContains(t, errOut, "pass the puzzle with --key")
}

// TestGradeReportsAFileWhoseMarkedCopyFails: a file graded whose marked
// copy cannot be written still has its grades reported and its row in
// the summary, with a note; the run fails (a walk of 2 December: its
// grades were left out of the report).
func TestGradeReportsAFileWhoseMarkedCopyFails(t *testing.T) {
	dir := t.TempDir()
	ws, _, _ := sampleWorksheet(t, "classic.xlsx", dir)
	ret := filepath.Join(dir, "ret")
	require.NoError(t, os.Mkdir(ret, 0o755))
	a, b := filepath.Join(ret, "a.xlsx"), filepath.Join(ret, "b.xlsx")
	for _, f := range []string{a, b} {
		require.NoError(t, os.Rename(copyFile(t, ws, ret), f))
	}
	out := filepath.Join(dir, "marked")
	require.NoError(t, os.MkdirAll(filepath.Join(out, "b.xlsx"), 0o755)) // where b's copy would go
	summary := filepath.Join(dir, "class.xlsx")
	code, stdout, errOut := runCLI(t, "", "grade", "--outdir", out, "--summary", summary, a, b)
	assert.NotEqual(t, exitOK, code)
	assert.Contains(t, stdout, "a.xlsx: Worksheet: 0 of 51 right")
	assert.Contains(t, stdout, "b.xlsx: Worksheet: 0 of 51 right", "b was graded")
	assert.Contains(t, errOut, "b.xlsx is a folder")
	f, err := excelize.OpenFile(summary)
	require.NoError(t, err)
	defer f.Close()
	rows, err := f.GetRows("Summary")
	require.NoError(t, err)
	require.Len(t, rows, 3)
	assert.Equal(t, "b.xlsx", rows[2][0])
	assert.Equal(t, "0/51", rows[2][1], "b's score")
	assert.Equal(t, "its marked copy was not written", rows[2][len(rows[2])-1])
}

// TestGradeAFileThatLostItsIdentities: a book of worksheets made before
// their identities were copied into cells, saved by an app that drops our
// hidden defined names and the cells' protection (exceljs), is graded
// whole, with a warning that says so and what --key adds; it was graded
// as its Puzzle 1 alone (a walk of 2 December).
func TestGradeAFileThatLostItsIdentities(t *testing.T) {
	book, _, refs, right := easyWorksheetBook(t, 2, 11)
	returned := studentFill(t, book, "Puzzle 1", "ana.xlsx", map[string]int{refs[0]: right[refs[0]]})
	// Rewrite it as exceljs would: no xlsudoku_ names, no protection;
	// and as a worksheet made before the identities were copied into
	// hidden cells (which exceljs keeps).
	names := regexp.MustCompile(`<definedName [^>]*name="xlsudoku_[^"]*"[^>]*>[^<]*</definedName>`)
	protection := regexp.MustCompile(`<protection[^>]*/>`)
	idText := regexp.MustCompile(`>xlsudoku/1 [^<]*<`)
	rewriteZip(t, returned, returned, func(name string, data []byte) []byte {
		switch name {
		case "xl/workbook.xml":
			return names.ReplaceAll(data, nil)
		case "xl/styles.xml":
			return protection.ReplaceAll(data, nil)
		}
		return idText.ReplaceAll(data, []byte("><"))
	})

	code, out, errOut := runCLI(t, "", "grade", returned)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "warning: "+returned+": the puzzle identities xlsudoku stored in the file are gone")
	assert.Contains(t, errOut, "their givens by the cells' looks, so a given the student changed is taken for the puzzle's own; give --key")
	assert.Contains(t, out, fmt.Sprintf("Puzzle 1: 1 of %d right, 0 wrong", len(refs)))
	assert.Contains(t, out, "Puzzle 2: 0 of ")
	assert.Contains(t, out, "total: 1 of ")
	code, out, errOut = runCLI(t, "", "grade", "--key", book, returned)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "their givens by --key\n")
	assert.Contains(t, out, "total: 1 of ")
}

// TestGradeKeyOfPuzzleAndAnswer: a --key file that holds a puzzle and its
// answer, in either order, grades by the puzzle, although the answer
// fits the student's entries better; and an answer key alone takes, for
// a cell whose looks say it is a given, the answer's digit, so that a
// given the student changed is reported as changed rather than breaking
// the puzzle (a walk of 3 December: the answer line was chosen, and
// grade asked for the puzzle that the key held, exit 2; with a changed
// given, "the puzzle has no solution", exit 5).
func TestGradeKeyOfPuzzleAndAnswer(t *testing.T) {
	dir := t.TempDir()
	classic, p, sol, answerFile := classicAndAnswer(t, dir)
	refs, right := blanksOf(t, p.Grid)
	typed := map[string]int{}
	for _, ref := range refs[:30] {
		typed[ref] = right[ref]
	}
	typed[refs[30]] = right[refs[30]]%9 + 1 // one wrong
	// Every cell of the board plain, so that nothing tells the givens.
	f, err := excelize.OpenFile(classic)
	require.NoError(t, err)
	require.NoError(t, f.SetCellStyle("Puzzle", "B2", "J10", 0))
	require.NoError(t, f.Save())
	require.NoError(t, f.Close())
	plain := studentFill(t, classic, "Puzzle", "plain.xlsx", typed)
	line, answer := solve.FormatLine(&p.Grid), solve.FormatLine(&sol)
	for _, key := range []string{line + "\n" + answer + "\n", answer + "\n" + line + "\n"} {
		code, stdout, errOut := runCLI(t, "", "grade", "--key", writeFile(t, "key.txt", key), plain)
		require.Equal(t, exitOK, code, errOut)
		assert.Contains(t, stdout, "plain.xlsx: Puzzle: 30 of 51 right, 1 wrong (Puzzle!"+refs[30]+"), 20 empty")
	}

	// The givens bold, the student's not; B2 (a given 5) changed to 1.
	f, err = excelize.OpenFile(plain)
	require.NoError(t, err)
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	require.NoError(t, err)
	for i, d := range p.Grid.Cells[:81] {
		if d != 0 {
			ref, err := excelize.CoordinatesToCellName(2+i%9, 2+i/9)
			require.NoError(t, err)
			require.NoError(t, f.SetCellStyle("Puzzle", ref, ref, bold))
		}
	}
	require.Equal(t, uint8(5), p.Grid.Cells[0])
	require.NoError(t, f.SetCellInt("Puzzle", "B2", 1))
	changed := filepath.Join(dir, "changed.xlsx")
	require.NoError(t, f.SaveAs(changed))
	require.NoError(t, f.Close())
	code, stdout, errOut := runCLI(t, "", "grade", "--key", answerFile, changed)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, stdout, "changed.xlsx: Puzzle: 30 of 51 right, 1 wrong (Puzzle!"+refs[30]+"), 20 empty, 1 given changed (Puzzle!B2)")
}

// TestGradeSummaryInTheOutdirItMakes: --summary inside the --outdir that
// grade makes is written there (a walk of 3 December: "the folder does not
// exist", exit 1, nothing graded); in a folder that is neither there nor
// the --outdir, it is still refused before anything is graded.
func TestGradeSummaryInTheOutdirItMakes(t *testing.T) {
	dir := t.TempDir()
	ws, refs, right := sampleWorksheet(t, "classic.xlsx", dir)
	ana := studentFill(t, ws, "Worksheet", "ana.xlsx", map[string]int{refs[0]: right[refs[0]]})
	out := filepath.Join(dir, "marked")
	summary := filepath.Join(out, "class.xlsx")
	code, stdout, errOut := runCLI(t, "", "grade", "--outdir", out, "--summary", summary, ana)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, stdout, "ana.xlsx: Worksheet: 1 of 51 right")
	assert.True(t, workbook.IsClassSummary(summary))
	assert.FileExists(t, filepath.Join(out, "ana.xlsx"))

	elsewhere := filepath.Join(dir, "nowhere", "class.xlsx")
	code, stdout, errOut = runCLI(t, "", "grade", "--outdir", filepath.Join(dir, "marked2"), "--summary", elsewhere, ana)
	assert.Equal(t, exitFailure, code)
	assert.Contains(t, errOut, "the folder "+filepath.Join(dir, "nowhere")+" does not exist")
	assert.Empty(t, stdout)
	assert.NoDirExists(t, filepath.Join(dir, "marked2"))
}

// TestGradeVariantFilledOnTheOriginal: a variant's student who filled the
// sheet the variant was made from (the copy keeps it, with the original
// puzzle) gets a warning saying where the work is, as a student of the
// worksheet itself does (a walk of 3 December: 0 of 51, no warning); the
// untouched original of another variant's file warns of nothing.
func TestGradeVariantFilledOnTheOriginal(t *testing.T) {
	dir := t.TempDir()
	in := copyFile(t, filepath.Join("..", "..", "samples", "classic.xlsx"), dir)
	code, _, errOut := runCLI(t, "", "worksheet", in, "--variants", "2", "--seed", "3", "-o", filepath.Join(dir, "week3.xlsx"))
	require.Equal(t, exitOK, code, errOut)
	p, err := workbook.Read(in, workbook.Options{})
	require.NoError(t, err)
	refs, right := blanksOf(t, p.Grid)
	typed := map[string]int{}
	for _, ref := range refs[:20] {
		typed[ref] = right[ref]
	}
	filled := studentFill(t, filepath.Join(dir, "week3-1.xlsx"), "Puzzle", "filled.xlsx", typed)
	code, stdout, errOut := runCLI(t, "", "grade", filled, filepath.Join(dir, "week3-2.xlsx"))
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, stdout, "filled.xlsx: Worksheet: 0 of 51 right")
	assert.Contains(t, errOut, fmt.Sprintf(`warning: %s: Worksheet!B2:J10 has no entries, but sheet "Puzzle" holds another puzzle at B2:J10 with %d digits, 20 more than this one's givens: if the student filled it instead (a variant's file keeps the sheet it was made from, with the original puzzle), grade it with --sheet Puzzle`, filled, p.Grid.Filled()+20))
	assert.NotContains(t, errOut, "week3-2.xlsx")
}

// TestGradeKeyNotTheStoredPuzzle: a file graded against its own stored
// puzzle, which --key does not hold (another puzzle's worksheet, a 4x4
// among 9x9s), says so (a walk of 3 December: graded in silence); one
// whose stored puzzle --key holds, as its puzzle or its answer, does not.
func TestGradeKeyNotTheStoredPuzzle(t *testing.T) {
	nine, _, _ := sampleWorksheet(t, "classic.xlsx", t.TempDir())
	four, _, _ := sampleWorksheet(t, "4x4.xlsx", t.TempDir())
	classic, _, _, answer := classicAndAnswer(t, t.TempDir())
	for _, key := range []string{classic, answer} {
		code, stdout, errOut := runCLI(t, "", "grade", "--key", key, nine, four)
		require.Equal(t, exitOK, code, errOut)
		assert.Contains(t, stdout, "Worksheet: 0 of 51 right")
		assert.Contains(t, stdout, "Worksheet: 0 of ")
		assert.Contains(t, errOut, "warning: "+four+": Worksheet!B2:E5 holds a puzzle of its own (stored in the file: 4x4, ", key)
		assert.Contains(t, errOut, "that is not --key's, and is graded against it", key)
		assert.NotContains(t, errOut, nine, key)
	}
}

// TestGradeTellsWhatToAskFor: a file handed back in another form (a CSV,
// a PDF named .xlsx) is named, and the teacher told what to ask for (a
// walk of 3 December: "save it as .xlsx" for the PDF, nothing for the CSV).
func TestGradeTellsWhatToAskFor(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "quinn.csv")
	require.NoError(t, os.WriteFile(csv, []byte("5,3,,,7,,,,\n"), 0o644))
	pdf := filepath.Join(dir, "wanda.xlsx")
	require.NoError(t, os.WriteFile(pdf, []byte("%PDF-1.7\n1 0 obj\n"), 0o644))
	code, _, errOut := runCLI(t, "", "grade", csv, pdf)
	assert.Equal(t, exitInput, code)
	assert.Contains(t, errOut, csv+" is not a workbook; grade reads the .xlsx files students hand back: have it saved as .xlsx")
	assert.Contains(t, errOut, pdf+" is a PDF document, not a workbook (named .xlsx all the same); the workbook itself is needed: ask for the .xlsx file")
}

// TestSummaryReason: the summary's row says why a file was not graded
// without the file's name, which the row has (it was left in: the prefix
// looked for never matched the "cannot read the workbook: FILE ..." of
// a file that cannot be opened).
func TestSummaryReason(t *testing.T) {
	file := filepath.Join("returned", "ana.xlsx")
	for _, tt := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("%w: %s is empty (0 bytes): get it again", workbook.ErrOpen, file), "the file is empty (0 bytes): get it again"},
		{fmt.Errorf("%s: Worksheet!D4: \"x\" is not a digit", file), "Worksheet!D4: \"x\" is not a digit"},
		{errors.New("something else"), "something else"},
	} {
		assert.Equal(t, tt.want, summaryReason(file, tt.err))
	}
}

// TestGradeSaysWhenFilesAreTheSame: a file handed in twice, or copied from
// another student's, is named as the same file as the first (both are
// graded); files that only look alike are not.
func TestGradeSaysWhenFilesAreTheSame(t *testing.T) {
	dir := t.TempDir()
	ws, refs, right := sampleWorksheet(t, "classic.xlsx", dir)
	tom := studentFill(t, ws, "Worksheet", "tom.xlsx", map[string]int{refs[0]: right[refs[0]]})
	uma := filepath.Join(dir, "uma.xlsx")
	data, err := os.ReadFile(tom)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(uma, data, 0o644))
	vic := studentFill(t, ws, "Worksheet", "vic.xlsx", map[string]int{refs[1]: right[refs[1]]})
	code, out, errOut := runCLI(t, "", "grade", tom, vic, uma)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "warning: "+uma+" is byte for byte the same file as "+tom+" (handed in twice, or copied): both are graded")
	assert.Equal(t, 1, strings.Count(errOut, "byte for byte"), "vic's file is another")
	assert.Contains(t, out, "uma.xlsx: Worksheet: 1 of")
	assert.Contains(t, out, "tom.xlsx: Worksheet: 1 of")
}
