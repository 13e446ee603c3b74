package workbook

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// TestLibreOfficePrintsEveryWorkbook has LibreOffice print each kind of
// workbook xlsudoku writes to PDF and checks the pages, as a reader of
// the printout would: the paper of every page, boards centred across the
// page (left and right margins equal within 3 mm) and down it, the digits
// growing from 6 to 4 to 2 to 1 puzzle per page, no seed on the puzzle
// pages, "Page n of N" counting each sheet's own pages, and the hidden
// answer key left off.
func TestLibreOfficePrintsEveryWorkbook(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: starts LibreOffice")
	}
	tools := map[string]string{}
	for _, tool := range []string{"soffice", "pdfinfo", "pdftotext", "pdftoppm"} {
		path, err := exec.LookPath(tool)
		if err != nil {
			t.Skipf("%s is not on PATH (install libreoffice-calc and poppler-utils)", tool)
		}
		tools[tool] = path
	}
	dir := t.TempDir()
	books := printedBooks(t, dir)

	var files []string
	for _, b := range books {
		files = append(files, b.path)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	args := append([]string{"--headless", "-env:UserInstallation=file://" + filepath.Join(dir, "profile"),
		"--convert-to", "pdf", "--outdir", filepath.Join(dir, "pdf")}, files...)
	outp, err := exec.CommandContext(ctx, tools["soffice"], args...).CombinedOutput()
	require.NoError(t, err, string(outp))

	digits := map[int]float64{} // puzzles per page -> digit height on the puzzle pages
	for _, b := range books {
		t.Run(b.name, func(t *testing.T) {
			pdf := filepath.Join(dir, "pdf", strings.TrimSuffix(filepath.Base(b.path), ".xlsx")+".pdf")
			pages := readPDF(t, tools, pdf)
			require.Len(t, pages, b.pages, "pages of %s", b.name)
			for i, p := range pages {
				// Portrait or landscape, the paper asked for.
				assert.InDelta(t, b.paper.Width, min(p.width, p.height), 1.5, "page %d: %.0fx%.0f is not %s", i+1, p.width, p.height, b.paper.Name)
				assert.InDelta(t, b.paper.Height, max(p.width, p.height), 1.5, "page %d: %.0fx%.0f is not %s", i+1, p.width, p.height, b.paper.Name)
			}
			assertPageNumbers(t, pages)
			for _, k := range b.boards {
				left, right, top, bottom := margins(t, tools, pdf, k)
				assert.InDelta(t, left, right, 3, "page %d: left and right margins, mm", k)
				assert.InDelta(t, top, bottom, 4, "page %d: top and bottom margins, mm", k)
			}
			for _, k := range b.rows {
				left, right, _, _ := margins(t, tools, pdf, k)
				assert.InDelta(t, left, right, 3, "page %d: left and right margins, mm", k)
			}
			for _, k := range b.puzzlePages {
				assert.NotContains(t, strings.ToLower(pages[k-1].text), "seed", "page %d shows a seed", k)
			}
			for _, want := range b.contains {
				assert.True(t, slices.ContainsFunc(pages, func(p pdfPage) bool { return strings.Contains(p.text, want) }), "no page shows %q", want)
			}
			for _, not := range b.absent {
				for i, p := range pages {
					assert.NotContains(t, p.text, not, "page %d", i+1)
				}
			}
			if b.perPage > 0 {
				digits[b.perPage] = digitHeight(t, tools, pdf, 1)
			}
			if b.square > 0 {
				w, h := gridSize(t, tools, pdf, b.square)
				assert.InDelta(t, 1, w/h, 0.01, "page %d: a grid %.1f by %.1f points is not square", b.square, w, h)
			}
		})
	}
	// The fewer puzzles to a page, the larger their digits.
	t.Logf("digit heights by puzzles to a page: %v", digits)
	require.Len(t, digits, 4)
	assert.Less(t, digits[6], digits[4], "6 to a page vs 4: %v", digits)
	assert.Less(t, digits[4], digits[2], "4 to a page vs 2: %v", digits)
	assert.Less(t, digits[2], digits[1], "2 to a page vs 1: %v", digits)
}

// printedBook is a workbook to print and what its printout must show.
type printedBook struct {
	name        string
	path        string
	paper       layout.Paper
	pages       int
	boards      []int // pages with boards centred on them, from 1
	rows        []int // pages centred across only (a tiled sheet's last page, not full but with a full first row)
	puzzlePages []int // pages that students get: no seed
	perPage     int   // for a tiled book: puzzles to a page
	square      int   // a new workbook, in our font: this page's grids print square (from 1; 0: none)
	contains    []string
	absent      []string
}

// printedBooks writes one workbook of each kind.
func printedBooks(t *testing.T, dir string) []printedBook {
	var books []printedBook
	path := func(name string) string { return filepath.Join(dir, name+".xlsx") }

	// solve -o and explain -o on a user's workbook (on letter, its own
	// sheet too), a long explanation to run to several pages.
	base := func(paper layout.Paper, puzzle string) string {
		f := newBook(t, "Week 3")
		putGrid(t, f, "Week 3", layoutB2, grid(t, puzzle))
		one, yes := 1, true
		require.NoError(t, f.SetPageLayout("Week 3", &excelize.PageLayoutOptions{Size: &paper.Code, FitToWidth: &one, FitToHeight: &one}))
		require.NoError(t, f.SetSheetProps("Week 3", &excelize.SheetPropsOptions{FitToPage: &yes}))
		return save(t, f, "week3.xlsx")
	}
	in := base(layout.Letter, classic)
	p, err := Read(in, Options{})
	require.NoError(t, err)
	sol, err := p.Solve()
	require.NoError(t, err)
	_, err = Write(p, sol, path("solved"), Options{Paper: "letter"})
	require.NoError(t, err)
	books = append(books, printedBook{name: "solve", path: path("solved"), paper: layout.Letter, pages: 3, boards: []int{2, 3},
		contains: []string{"Solution of week3.xlsx", "'Week 3'!B2:J10", "Candidates of week3.xlsx"}})

	// The steps of extreme, over and over: its own puzzle, as WriteExtras
	// asks.
	hard, err := Read(base(layout.Letter, extreme), Options{})
	require.NoError(t, err)
	hardSol, err := hard.Solve()
	require.NoError(t, err)
	_, err = WriteExtras(hard, hardSol, path("explained"), Options{Paper: "letter"}, Extras{Explanation: longExplanation(t, 120)})
	require.NoError(t, err)
	books = append(books, printedBook{name: "explain", path: path("explained"), paper: layout.Letter, pages: 3 + stepsPages(t, path("explained")),
		boards: []int{2, 3}, contains: []string{"Steps of week3.xlsx", "('Week 3'!"}})

	// Tiled books, 9x9 at 1, 2, 4 and 6 to a page, 6x6 at 9 and 12.
	nine := testPuzzles(t, 12)
	tiled := func(name string, puzzles []GeneratedPuzzle, opts BookOptions, paper layout.Paper, contains ...string) {
		require.NoError(t, WriteGenerated(path(name), puzzles, opts))
		b := printedBook{name: name, path: path(name), paper: paper, contains: contains, square: 1}
		if opts.Paper == "" {
			b.perPage = opts.PerPage
		}
		at := 1
		for i, per := range []int{opts.PerPage, answersPer(opts.PerPage, puzzles[0].Givens.Shape.Size)} {
			cols := layout.TileLayouts[per][0]
			for left := len(puzzles); left > 0; left -= per {
				switch {
				case left >= per:
					b.boards = append(b.boards, at)
				case left >= cols:
					b.rows = append(b.rows, at)
				}
				if i == 0 {
					b.puzzlePages = append(b.puzzlePages, at)
				}
				at++
			}
		}
		b.pages = at // and the Catalogue's
		books = append(books, b)
	}
	for _, per := range []int{6, 4, 2, 1} {
		tiled(fmt.Sprintf("tiled-%d", per), nine, BookOptions{Title: "Week 3 & 4", PerPage: per}, layout.A4,
			"Week 3 & 4", "No. 12 · "+nine[11].Grade.String(), "Week 3 & 4 – answers", "Seed")
	}
	six := make([]GeneratedPuzzle, 13)
	for i := range six {
		g, s := solvedPuzzle(t, solve.Shape6)
		six[i] = GeneratedPuzzle{Number: i + 1, Givens: g, Solution: s, Grade: solve.Easy, Seed: uint64(77 + i)}
	}
	for _, per := range []int{9, 12} {
		tiled(fmt.Sprintf("six-%d", per), six, BookOptions{PerPage: per, Paper: "letter"}, layout.Letter, "No. 13 · Easy")
	}
	// The answers of 12x12 and 16x16 grids, at most 6 to a page: 9 to a
	// page printed 10 to 16 as ### (a walk of 2 December).
	for _, s := range []solve.Shape{solve.Shape12, solve.Shape16} {
		big := make([]GeneratedPuzzle, 4)
		for i := range big {
			g, sol := solvedPuzzle(t, s)
			big[i] = GeneratedPuzzle{Number: i + 1, Givens: g, Solution: sol, Grade: solve.Easy, Seed: uint64(5 + i)}
		}
		tiled(fmt.Sprintf("big-%d", s.Size), big, BookOptions{PerPage: 4, Paper: "letter"}, layout.Letter, "No. 4 · Easy")
		books[len(books)-1].absent = []string{"###"}
	}

	// A sheet per puzzle, one puzzle, worksheets.
	require.NoError(t, WriteGenerated(path("each"), nine[:3], BookOptions{SheetPerPuzzle: true, Title: "Daily"}))
	books = append(books, printedBook{name: "sheet-per-puzzle", path: path("each"), paper: layout.A4, pages: 7, square: 1,
		boards: seq(1, 6), puzzlePages: []int{1, 3, 5}, contains: []string{"Daily", "Daily – answers", "Solution of puzzle 3", "Daily – catalogue", "'Puzzle 3'!B1"}})
	require.NoError(t, WriteGenerated(path("one"), nine[:1], BookOptions{Title: "Daily", Paper: "letter"}))
	books = append(books, printedBook{name: "one puzzle", path: path("one"), paper: layout.Letter, pages: 3, square: 1,
		boards: seq(1, 3), puzzlePages: []int{1}, contains: []string{"Daily", "No. 1 · "}})

	a4 := base(layout.A4, classic)
	p, err = Read(a4, Options{})
	require.NoError(t, err)
	_, err = WriteWorksheet(p, sol, path("worksheet"), Options{}, WorksheetOptions{SelfCheck: true, LiveCandidates: true})
	require.NoError(t, err)
	books = append(books, printedBook{name: "worksheet", path: path("worksheet"), paper: layout.A4, pages: 3,
		boards: []int{2, 3}, contains: []string{"Check my work"}, absent: []string{"Answers"}})
	require.NoError(t, WriteWorksheetBook(path("class"), nine[:2], BookOptions{Title: "Class 3b", Paper: "letter"}, WorksheetOptions{SelfCheck: true}))
	books = append(books, printedBook{name: "worksheets", path: path("class"), paper: layout.Letter, pages: 3, square: 2,
		boards: []int{2, 3}, puzzlePages: []int{1, 2, 3}, contains: []string{"Class 3b", "This workbook holds 2 puzzles"}, absent: []string{"Answers"}})

	// grade: a marked copy and a class summary.
	rs, err := ReadReturned(path("worksheet"), Options{}, nil)
	require.NoError(t, err)
	m, err := GradeReturned(rs[0])
	require.NoError(t, err)
	_, err = WriteMarked([]*Marking{m}, path("marked"), "a4")
	require.NoError(t, err)
	// The Marked sheet's four-line title is given room for the narrowest
	// rendering of its text; where the text fits in fewer lines the page
	// is centred with that room in it: measured across only.
	books = append(books, printedBook{name: "marked", path: path("marked"), paper: layout.A4, pages: 4,
		boards: []int{2, 3}, rows: []int{4}, contains: []string{"Marked: Worksheet!B2:J10"}, absent: []string{"Answers"}})
	rows := make([]SummaryRow, 40)
	for i := range rows {
		rows[i] = SummaryRow{File: fmt.Sprintf("student-%02d.xlsx", i+1), Marks: []*Marking{m}}
	}
	require.NoError(t, WriteSummary(path("summary"), rows, "letter"))
	books = append(books, printedBook{name: "summary", path: path("summary"), paper: layout.Letter, pages: 3,
		contains: []string{"Class summary", "student-40.xlsx", "Score by student"}})
	return books
}

// stepsPages reads the pages the Steps sheet says it has.
func stepsPages(t *testing.T, path string) int {
	f, err := excelize.OpenFile(path)
	require.NoError(t, err)
	defer f.Close()
	hf, err := f.GetHeaderFooter("Steps")
	require.NoError(t, err)
	m := regexp.MustCompile(`Page &P of (\d+)`).FindStringSubmatch(hf.OddFooter)
	require.NotNil(t, m, hf.OddFooter)
	n, _ := strconv.Atoi(m[1])
	require.Greater(t, n, 1, "the long explanation runs to several pages")
	return n
}

func seq(from, to int) []int {
	var out []int
	for i := from; i <= to; i++ {
		out = append(out, i)
	}
	return out
}

// pdfPage is a printed page: its size in points and its text.
type pdfPage struct {
	width, height float64
	text          string
}

func readPDF(t *testing.T, tools map[string]string, pdf string) []pdfPage {
	t.Helper()
	info, err := exec.Command(tools["pdfinfo"], "-f", "1", "-l", "9999", pdf).CombinedOutput()
	require.NoError(t, err, string(info))
	var pages []pdfPage
	for _, m := range regexp.MustCompile(`Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+) pts`).FindAllStringSubmatch(string(info), -1) {
		w, _ := strconv.ParseFloat(m[2], 64)
		h, _ := strconv.ParseFloat(m[3], 64)
		pages = append(pages, pdfPage{width: w, height: h})
	}
	text, err := exec.Command(tools["pdftotext"], "-layout", pdf, "-").Output()
	require.NoError(t, err)
	texts := strings.Split(string(text), "\f")
	for i := range pages {
		if i < len(texts) {
			pages[i].text = texts[i]
		}
	}
	return pages
}

// assertPageNumbers: the pages that say "Page n of N" come in runs, one
// per sheet, n counting 1 to N.
func assertPageNumbers(t *testing.T, pages []pdfPage) {
	t.Helper()
	re := regexp.MustCompile(`Page (\d+) of (\d+)`)
	want := 1
	for i, p := range pages {
		m := re.FindStringSubmatch(p.text)
		if m == nil {
			assert.Equal(t, 1, want, "page %d: a sheet's pages stop short", i+1)
			want = 1
			continue
		}
		n, _ := strconv.Atoi(m[1])
		total, _ := strconv.Atoi(m[2])
		assert.Equal(t, want, n, "page %d: %q", i+1, m[0])
		if n == total {
			want = 1
		} else {
			want = n + 1
		}
	}
	assert.Equal(t, 1, want, "the last sheet's pages stop short")
}

// margins measures the printed matter of page k (between the header and
// footer bands: the margins less a little) and returns its distance from
// each edge of the paper, in millimetres.
func margins(t *testing.T, tools map[string]string, pdf string, k int) (left, right, top, bottom float64) {
	t.Helper()
	const dpi = 72
	out := filepath.Join(t.TempDir(), "page")
	outp, err := exec.Command(tools["pdftoppm"], "-gray", "-r", strconv.Itoa(dpi), "-f", strconv.Itoa(k), "-l", strconv.Itoa(k),
		"-singlefile", pdf, out).CombinedOutput()
	require.NoError(t, err, string(outp))
	w, h, pix := readPGM(t, out+".pgm")
	band := int(math.Round((layout.MarginTop - 0.1) * dpi)) // the header sits above, the footer below
	minX, maxX, minY, maxY := w, -1, h, -1
	for y := band; y < h-band; y++ {
		for x := range w {
			if pix[y*w+x] < 128 {
				minX, maxX, minY, maxY = min(minX, x), max(maxX, x), min(minY, y), max(maxY, y)
			}
		}
	}
	require.GreaterOrEqual(t, maxX, 0, "page %d is blank", k)
	mm := func(px int) float64 { return float64(px) / dpi * 25.4 }
	return mm(minX), mm(w - 1 - maxX), mm(minY), mm(h - 1 - maxY)
}

// readPGM reads a binary grey map (P5) as pdftoppm -gray writes it.
func readPGM(t *testing.T, path string) (w, h int, pix []byte) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	fields := bytes.Fields(data[:min(len(data), 64)])
	require.Equal(t, "P5", string(fields[0]))
	w, _ = strconv.Atoi(string(fields[1]))
	h, _ = strconv.Atoi(string(fields[2]))
	return w, h, data[len(data)-w*h:]
}

// gridSize measures the grids printed on page k: the longest dark line
// across and the longest down (a grid's outer border), in points. A
// page's grids stand apart, so each line is one grid's.
func gridSize(t *testing.T, tools map[string]string, pdf string, k int) (w, h float64) {
	t.Helper()
	const dpi = 144
	out := filepath.Join(t.TempDir(), "page")
	outp, err := exec.Command(tools["pdftoppm"], "-gray", "-r", strconv.Itoa(dpi), "-f", strconv.Itoa(k), "-l", strconv.Itoa(k),
		"-singlefile", pdf, out).CombinedOutput()
	require.NoError(t, err, string(outp))
	pw, ph, pix := readPGM(t, out+".pgm")
	dark := func(x, y int) bool { return pix[y*pw+x] < 100 }
	longest := func(n, m int, at func(i, j int) bool) int {
		best := 0
		for i := range n {
			run := 0
			for j := range m {
				if at(i, j) {
					run++
					best = max(best, run)
				} else {
					run = 0
				}
			}
		}
		return best
	}
	across := longest(ph, pw, func(y, x int) bool { return dark(x, y) })
	down := longest(pw, ph, func(x, y int) bool { return dark(x, y) })
	require.Positive(t, across*down, "no grid on page %d", k)
	return float64(across) * 72 / dpi, float64(down) * 72 / dpi
}

// digitHeight is the median height of the single digits printed on page
// k, in points: the size of the grids' digits.
func digitHeight(t *testing.T, tools map[string]string, pdf string, k int) float64 {
	t.Helper()
	out, err := exec.Command(tools["pdftotext"], "-bbox", "-f", strconv.Itoa(k), "-l", strconv.Itoa(k), pdf, "-").Output()
	require.NoError(t, err)
	var hs []float64
	re := regexp.MustCompile(`<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([1-9])</word>`)
	for _, m := range re.FindAllStringSubmatch(string(out), -1) {
		y0, _ := strconv.ParseFloat(m[1], 64)
		y1, _ := strconv.ParseFloat(m[2], 64)
		hs = append(hs, y1-y0)
	}
	require.NotEmpty(t, hs, "no digits on page %d", k)
	slices.Sort(hs)
	return hs[len(hs)/2]
}
