package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/xlsudoku/xlsudoku/generate"
	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook"
)

const generateHelp = `Usage: xlsudoku generate [flags]

Make puzzles with exactly one solution (proved by the exact solver), of the
grade asked for (the grade "xlsudoku" itself gives: easy = singles only,
medium = locked candidates and subsets, hard = fish, wings, uniqueness,
expert = chains, extreme = forcing nets or guessing), with symmetric givens.

Without -o, the puzzles are printed as text, one line each followed by its
grade and score ("53..7....6..195... easy 412"), the format "xlsudoku solve"
reads. With -o FILE.xlsx, a workbook ready to print: a Puzzles sheet with
--per-page puzzles on each page, an Answers sheet with the solutions, and a
Catalogue sheet listing every puzzle (grade, score, givens, hardest
technique, the puzzle as one line, its seed, a link to it). One puzzle
(-n 1) comes as a sheet with the grid at B2:J10 followed by its Solution
and Candidates sheets, as "xlsudoku solve -o" writes them.

--se asks for puzzles by their estimate of Sudoku Explainer's rating (the
ER of the puzzle forums, as "xlsudoku rate --scale se" prints it): a band
such as 8.5-9.0, or one rating such as 7.0 (exactly 7.0). With -d, the
puzzles have that grade too (a grade whose puzzles cannot rate in the band
is refused); without it, any grade the band allows. The text output then
gives the rating in place of the score ("... extreme 8.9"). Bands up to
9.0 give tens of puzzles a second, 9.1 and 9.2 some five a second on one
worker; above that (the nets that need many waves, or nets within nets)
random digging seldom finds any: bound the search with --timeout.
A band may start at 10.0 at most.

The same --seed and flags give the same puzzles, whatever --workers; puzzle
i of seed S is the first puzzle of seed S+i-1. Without --seed a random one
is chosen and printed on stderr.

Examples:
  xlsudoku generate -n 10 --difficulty easy
  xlsudoku generate -n 100 --difficulty hard --seed 42 -o hard.xlsx --title "Hard puzzles" --per-page 4
  xlsudoku generate -n 1 --difficulty medium -o puzzle.xlsx
  xlsudoku generate -n 20 --size 6 --difficulty easy --symmetry mirror -o kids.xlsx --per-page 6
  xlsudoku generate -n 50 --sheet-per-puzzle -o book.xlsx
  xlsudoku generate -n 1000 --difficulty any -o puzzles.txt
  xlsudoku generate -n 20 --se 8.5-9.0 --seed 7

Flags:
`

// generateOptions are the flags of the generate command.
type generateOptions struct {
	count          int
	difficulty     string
	se             string
	symmetry       string
	size           int
	box            string
	minimal        bool
	seed           uint64
	seedSet        bool
	workers        int
	output         string
	format         string
	perPage        int
	paper          string
	title          string
	sheetPerPuzzle bool
	showSeed       bool
	worksheet      bool
	variants       int
	sheetOptions
	attempts int
	timeout  time.Duration
}

func runGenerate(e *env, args []string) error {
	var o generateOptions
	fs := pflag.NewFlagSet("generate", pflag.ContinueOnError)
	intFlag(fs, &o.count, "count", "n", 1, 1, maxCount, "make `N` puzzles (up to 100000)")
	fs.StringVarP(&o.difficulty, "difficulty", "d", "any", "the grade of every puzzle: easy, medium, hard, expert, extreme, or any")
	fs.StringVar(&o.se, "se", "", "puzzles whose estimated Sudoku Explainer rating is in the `BAND`, such as 8.5-9.0, or is one rating, such as 7.0")
	fs.StringVar(&o.symmetry, "symmetry", "rotational", "the pattern of the givens: none, rotational (180°), rotational90, mirror (left-right), vertical (top-bottom), diagonal, anti-diagonal, dihedral")
	sizeFlag(fs, &o.size, 9, "the grid is `N`xN: 4, 6, 8, 9, 12 or 16")
	fs.StringVar(&o.box, "box", "", "box shape `RxC` where the size allows two, such as 3x2 for 6x6")
	fs.BoolVar(&o.minimal, "minimal", false, "no given can be removed without a second solution appearing")
	fs.Uint64Var(&o.seed, "seed", 0, "make the set of seed `S` (default: a random seed, printed on stderr)")
	workersFlag(fs, &o.workers, "make puzzles on `N` goroutines (the puzzles do not depend on it)")
	fs.StringVarP(&o.output, "output", "o", "", "write to `FILE`: a workbook (.xlsx) or text (any other name); default: text on stdout")
	fs.StringVar(&o.format, "format", "", "the output's `KIND`, text or xlsx (default: from the name given to -o; text without -o)")
	setFlag(fs, &o.perPage, "per-page", 0, []int{1, 2, 4, 6, 9, 12}, "workbook: `N` puzzles on each printed page, 1, 2, 4 or 6, and 9 or 12 up to 6x6 (default 4; 2 for 12x12, 1 for 16x16)")
	paperFlag(fs, &o.paper)
	fs.StringVar(&o.title, "title", "", "workbook: the title printed in each page's header (default: \"Sudoku\")")
	fs.BoolVar(&o.showSeed, "show-seed", false, "workbook: print each puzzle's seed in its caption (the Catalogue lists it anyway)")
	fs.BoolVar(&o.sheetPerPuzzle, "sheet-per-puzzle", false, "workbook: one sheet per puzzle (grid at B2:J10) and one per solution, instead of tiled pages")
	fs.BoolVar(&o.worksheet, "worksheet", false, "workbook: fillable worksheets for students, a sheet per puzzle (see \"xlsudoku help worksheet\")")
	o.sheetOptions.add(fs)
	intFlag(fs, &o.variants, "variants", "", 0, 1, maxVariants, "workbook: write `N` workbooks (OUT-1.xlsx ... OUT-N.xlsx, zero-padded to N's digits) of look-alike copies of the puzzles, one per student, each with its own identity")
	intFlag(fs, &o.attempts, "attempts", "", 0, 1, maxAttempts, "give up on a puzzle after `N` digs (default 50000 up to 9x9, 2000 for 12x12, 200 for 16x16)")
	fs.Var(&durationValue{p: &o.timeout, max: maxTimeout, text: maxTimeoutText}, "timeout", "stop after `D` in all, such as 30s or 5m, up to "+maxTimeoutText+", writing the puzzles made by then (default: no limit but --attempts)")
	if done, err := parseCommon(e, fs, generateHelp, args); done {
		return err
	}
	if fs.NArg() != 0 {
		return usagef("generate: unexpected argument %s (the output goes to -o FILE)", quote(fs.Arg(0)))
	}
	o.seedSet = fs.Changed("seed")
	opts, err := o.check(fs)
	if err != nil {
		return err
	}
	if !opts.AnyGrade {
		// Before the seed is printed: there is nothing to make again.
		if err := generate.Feasible(opts.Shape, opts.Grade); err != nil {
			return usagef("generate: %v", err)
		}
	}
	if opts.SE.Set() {
		if _, err := generate.New(opts); err != nil {
			return usagef("generate: --se %s: %v", o.se, err)
		}
	}
	if o.output != "" && o.output != "-" {
		// Before any puzzle is made: a long run should not end in "cannot
		// write". The folder is that of the file a link leads to.
		if strings.HasSuffix(o.output, string(filepath.Separator)) {
			return usagef("generate: -o %s ends in %c, as a folder's name does; give a file name", o.output, filepath.Separator)
		}
		if dir := workbook.Folder(workbook.LinkTarget(o.output)); !isDir(dir) {
			return fmt.Errorf("generate: cannot write %s: the folder %s does not exist", o.output, dir)
		}
		if isDir(o.output) {
			return usagef("generate: -o %s is a folder; give a file name", o.output)
		}
		if err := writableOutput(o.output); err != nil {
			return fmt.Errorf("generate: %w", err)
		}
		if o.format == "xlsx" {
			for _, out := range outputFiles(o.output, o.variants) {
				if err := workbook.CheckTarget(out); err != nil {
					return err
				}
			}
		}
	}
	if !o.seedSet {
		o.seed = rand.Uint64() >> 11 // short enough to type
		opts.Seed = o.seed
		e.note("seed %d", o.seed)
	}

	ctx := context.Background()
	var timedOut error
	if o.timeout > 0 {
		var cancel context.CancelFunc
		timedOut = fmt.Errorf("--timeout %v reached", o.timeout)
		ctx, cancel = context.WithTimeoutCause(ctx, o.timeout, timedOut)
		defer cancel()
	}
	bar := newProgress(e)
	defer bar.done()
	puzzles, err := generate.Generate(ctx, opts, o.count, o.workers, func(done int) {
		bar.show(done, o.count, float64(done)/float64(o.count))
	})
	bar.clear()
	var bug *generate.PanicError
	if errors.As(err, &bug) {
		return &internalError{bug.Value, bug.Stack}
	}
	if errors.Is(err, generate.ErrImpossible) {
		return usagef("generate: %v", err)
	}
	var partial error
	if timedOut != nil && errors.Is(err, timedOut) {
		// More attempts would not help: time ran out, not the attempts.
		if len(puzzles) == 0 {
			return fmt.Errorf("generate: --timeout %v reached with 0 of %d puzzle%s made; nothing written: allow a longer --timeout or ask for fewer",
				o.timeout, o.count, plural(o.count))
		}
		// The puzzles made first are as good as any: written, not lost
		// (a walk of 3 December: a band's 58 of 300). Puzzle i is made
		// from seed S+i, so the rest can be made later.
		partial = fmt.Errorf("generate: --timeout %v reached with %d of %d puzzles made; wrote those %s",
			o.timeout, len(puzzles), o.count, o.rest(len(puzzles)))
		err = nil
	}
	if err != nil {
		try := "try more --attempts"
		if opts.Symmetry != generate.None {
			try += " or another --symmetry"
		}
		if o.minimal {
			try += ", or without --minimal"
		}
		if !errors.Is(err, generate.ErrNotFound) || len(puzzles) == 0 {
			return fmt.Errorf("generate: %w; %s", err, try)
		}
		// A puzzle that ran out of --attempts leaves the ones made
		// before it as good as any: written, as --timeout writes them (a
		// walk of 3 December: 12 of 20 Extreme puzzles were thrown away).
		partial = fmt.Errorf("generate: %w; wrote the %d of %d puzzles made before it; %s %s",
			err, len(puzzles), o.count, try, o.rest(len(puzzles)))
		err = nil
	}
	// Writing a big workbook takes a while too: say so on the progress line.
	bar.status(fmt.Sprintf("writing %d puzzle%s to %s", len(puzzles), plural(len(puzzles)), outName(o.output)))
	if o.format == "xlsx" {
		err = writeGeneratedBook(e, puzzles, o)
	} else {
		err = writeGeneratedText(e, puzzles, o)
	}
	bar.done()
	if def, _ := solve.ShapeOf(opts.Shape.Size); err == nil && o.format != "xlsx" && opts.Shape != def {
		// A line of text does not say its boxes; read without --box, the
		// puzzles are others, with no solution or several.
		e.note("the puzzles have %dx%d boxes, which text does not record: read them back with --box %dx%d",
			opts.Shape.BoxRows, opts.Shape.BoxCols, opts.Shape.BoxRows, opts.Shape.BoxCols)
	}
	if err == nil && o.output != "" && o.output != "-" {
		if o.variants > 0 {
			copies := "copies"
			if o.variants == 1 {
				copies = "copy"
			}
			e.note("wrote %d look-alike %s of %d puzzle%s: %s", o.variants, copies, len(puzzles), plural(len(puzzles)),
				variantFiles(o.output, o.variants))
		} else {
			e.note("wrote %d puzzle%s to %s", len(puzzles), plural(len(puzzles)), o.output)
		}
	}
	if err == nil {
		err = partial
	}
	return err
}

// rest says how to make the puzzles of a run that made the first made:
// puzzle i is made from seed S+i, whatever the run.
func (o *generateOptions) rest(made int) string {
	n := o.count - made
	return fmt.Sprintf("(-n %d --seed %d makes the other %d)", n, o.seed+uint64(made), n)
}

// check validates the flags and returns the generator's options.
func (o *generateOptions) check(fs *pflag.FlagSet) (generate.Options, error) {
	var opts generate.Options
	var err error
	switch {
	case o.box == "":
		opts.Shape, err = solve.ShapeOf(o.size)
	case !fs.Changed("size"):
		// The boxes give the size, as for solve: 3x2 boxes make a 6x6.
		if opts.Shape, err = solve.ShapeOfBox(clip(o.box, clipLen)); err == nil {
			o.size = opts.Shape.Size
		}
	default:
		opts.Shape, err = solve.ParseBox(o.size, clip(o.box, clipLen)) // clipped: the message quotes it
	}
	if err != nil {
		return opts, usagef("generate: %v", err)
	}
	if strings.EqualFold(o.difficulty, "any") {
		opts.AnyGrade = true
	} else if opts.Grade, err = solve.ParseGrade(clip(o.difficulty, clipLen)); err != nil { // clipped: the message quotes it
		return opts, usagef("generate: --difficulty: %v, or any", err)
	}
	if o.se != "" {
		if opts.SE, err = parseSEBand(clip(o.se, clipLen)); err != nil { // clipped: the message quotes it
			return opts, usagef("generate: --se: %v", err)
		}
	}
	if opts.Symmetry, err = generate.ParseSymmetry(clip(o.symmetry, clipLen)); err != nil {
		return opts, usagef("generate: --symmetry: %v", err)
	}
	opts.Minimal, opts.Seed, opts.MaxAttempts = o.minimal, o.seed, o.attempts

	switch o.format {
	case "":
		o.format = "text"
		if ext := strings.ToLower(filepath.Ext(o.output)); ext == ".xlsx" {
			o.format = "xlsx"
		} else if ext != "" && slices.Contains(workbookExts, ext) {
			return opts, usagef("generate: a workbook is written as .xlsx, not %s (which Excel, LibreOffice Calc and Google Sheets all open)", ext)
		}
	case "text", "xlsx":
	default:
		return opts, usagef("generate: --format must be text or xlsx, not %s", quote(o.format))
	}
	if o.format == "xlsx" && o.output == "" {
		return opts, usagef("generate: a workbook needs -o FILE.xlsx")
	}
	if o.format == "text" && o.output != "" && o.output != "-" {
		if err := checkTextName(o.output); err != nil {
			return opts, err
		}
	}
	if o.format == "xlsx" && o.output == "-" {
		// ("name it -.xlsx", said as below, made a file of that name: a
		// walk of 3 December.)
		return opts, usagef("generate: -o -: a workbook is written to a file, not to standard output; give -o FILE.xlsx")
	}
	if o.format == "xlsx" && isStreamOutput(o.output) {
		return opts, usagef("generate: -o %s: a workbook cannot be written to a stream; give a file name such as book.xlsx", o.output)
	}
	if o.format == "xlsx" && !strings.EqualFold(filepath.Ext(o.output), ".xlsx") {
		return opts, usagef("generate: a workbook is written as .xlsx; name it %s", withExt(o.output, ".xlsx"))
	}
	if st, err := os.Stat(o.output); o.format == "xlsx" && err == nil && st.IsDir() {
		return opts, usagef("generate: -o %s is a folder; give the workbook's file name", o.output)
	}
	book := []string{"per-page", "paper", "title", "show-seed", "sheet-per-puzzle", "worksheet", "self-check", "live-candidates", "password", "variants"}
	if o.format == "text" {
		for _, name := range book {
			if fs.Changed(name) {
				return opts, usagef("generate: --%s is for workbooks; give -o FILE.xlsx", name)
			}
		}
	}
	switch o.perPage {
	case 0:
		o.perPage = 4
		switch {
		case o.size == 16:
			o.perPage = 1
		case o.size == 12:
			o.perPage = 2
		}
	}
	if err := checkPaper("generate", fs, &o.paper, o.format == "xlsx"); err != nil {
		return opts, err
	}
	if fs.Changed("per-page") {
		switch {
		case o.sheetPerPuzzle:
			return opts, usagef("generate: --per-page tiles puzzles on a Puzzles sheet; --sheet-per-puzzle gives each its own page")
		case o.worksheet:
			return opts, usagef("generate: --per-page tiles puzzles on a Puzzles sheet; --worksheet gives each its own sheet")
		case o.count == 1:
			return opts, usagef("generate: --per-page tiles several puzzles; one puzzle (-n 1) gets a sheet of its own")
		case o.perPage > 6 && o.size > 6:
			return opts, usagef("generate: --per-page %d is for grids up to 6x6; %s grid takes 1, 2, 4 or 6 to a page", o.perPage, solve.Sized(o.size))
		}
	}
	if err := checkVariants("generate", o.variants, fs.Changed("variants"), o.output, ""); err != nil {
		return opts, err
	}
	if o.worksheet && o.sheetPerPuzzle {
		return opts, usagef("generate: --worksheet already gives each puzzle a sheet; leave out --sheet-per-puzzle")
	}
	if !o.worksheet && (o.selfCheck || o.liveCandidates || o.password != "") {
		return opts, usagef("generate: --self-check, --live-candidates and --password go with --worksheet")
	}
	if max := workbook.MaxTiledPuzzles(o.perPage, o.size); o.format == "xlsx" && !o.sheetPerPuzzle && !o.worksheet && o.count > max {
		return opts, usagef("generate: a tiled book prints at most %d pages to a sheet (Excel opens no sheet with more page breaks), so a book of %dx%d puzzles at %d a page holds at most %d (its Puzzles and its Answers sheets each within %d pages); make books of %d or fewer (-n %d --seed S, then --seed S+%d, ... make the same puzzles as one run), or write text",
			workbook.MaxBookPages, o.size, o.size, o.perPage, max, workbook.MaxBookPages, max, max, max)
	}
	if o.sheetPerPuzzle && 2*o.count+1 > workbook.MaxGeneratedSheets {
		return opts, usagef("generate: --sheet-per-puzzle makes two sheets per puzzle and a Catalogue; at most %d puzzles", (workbook.MaxGeneratedSheets-1)/2)
	}
	return opts, nil
}

// writeGeneratedText writes one line per puzzle: the puzzle, its grade and
// its score.
func writeGeneratedText(e *env, puzzles []generate.Puzzle, o generateOptions) error {
	out, err := openOutput(e, "", o.output)
	if err != nil {
		return err
	}
	out.said = true // "wrote 5 puzzles to ...
	defer out.discard()
	w := bufio.NewWriterSize(out, 1<<16)
	for i := range puzzles {
		p := &puzzles[i]
		w.WriteString(solve.FormatLine(&p.Givens))
		w.WriteByte(' ')
		w.WriteString(strings.ToLower(p.Grade.String()))
		w.WriteByte(' ')
		if o.se != "" {
			fmt.Fprintf(w, "%d.%d", p.SE/10, p.SE%10)
		} else {
			w.WriteString(strconv.Itoa(p.Score))
		}
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("cannot write %s: %w", outName(o.output), unwrapPath(err))
	}
	return out.commit()
}

// writeGeneratedBook writes the puzzles as a workbook.
func writeGeneratedBook(e *env, puzzles []generate.Puzzle, o generateOptions) error {
	book := make([]workbook.GeneratedPuzzle, len(puzzles))
	for i, p := range puzzles {
		book[i] = workbook.GeneratedPuzzle{
			Number: i + 1, Givens: p.Givens, Solution: p.Solution,
			Grade: p.Grade, Score: p.Score, Hardest: p.Hardest, Seed: p.Seed, SE: p.SE,
		}
	}
	opts := workbook.BookOptions{
		Title: o.title, PerPage: o.perPage, Paper: o.paper, SheetPerPuzzle: o.sheetPerPuzzle, ShowSeed: o.showSeed,
		Book: o.count > 1, // a run cut short by --timeout makes the book asked for, of fewer
	}
	write := func(out string, book []workbook.GeneratedPuzzle, opts workbook.BookOptions) error {
		defer e.guardWorkbook(out)()
		if o.worksheet {
			return workbook.WriteWorksheetBook(out, book, opts, o.options())
		}
		return workbook.WriteGenerated(out, book, opts)
	}
	if o.variants == 0 {
		return write(o.output, book, opts)
	}
	for k := 1; k <= o.variants; k++ {
		variant := make([]workbook.GeneratedPuzzle, len(book))
		for i, p := range book {
			t := variantTransform(p.Givens, o.seed, k, i)
			p.Givens, p.Solution = t.Apply(p.Givens), t.Apply(p.Solution)
			variant[i] = p
		}
		if err := write(variantPath(o.output, k, o.variants), variant, opts); err != nil {
			return err
		}
	}
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// maxDugSE is the highest lower end of an SE band that generate takes,
// in tenths: bands above 9.2 are already seldom reached (see the help).
const maxDugSE = 100

// parseSEBand reads an SE band: "8.5-9.0", or one rating "7.0" (or "7"),
// meaning exactly that rating. Ratings have at most one decimal, from 1.0
// to 12.0.
func parseSEBand(s string) (generate.SEBand, error) {
	lo, hi, found := strings.Cut(s, "-")
	if !found {
		hi = lo
	}
	a, err := parseTenths(lo)
	if err != nil {
		return generate.SEBand{}, fmt.Errorf("%s: %w", quote(s), err)
	}
	b, err := parseTenths(hi)
	if err != nil {
		return generate.SEBand{}, fmt.Errorf("%s: %w", quote(s), err)
	}
	if a > b {
		return generate.SEBand{}, fmt.Errorf("%s: the band runs from the lower rating to the higher, such as 8.5-9.0", quote(s))
	}
	if a > maxDugSE {
		// Above it lie the hardest known puzzles, found by years of
		// searching, not by digging: a dig would run out of attempts.
		return generate.SEBand{}, fmt.Errorf("%s: digging does not reach ratings above %d.%d; ask for %d.%d or less", quote(s), maxDugSE/10, maxDugSE%10, maxDugSE/10, maxDugSE%10)
	}
	return generate.SEBand{Min: a, Max: b}, nil
}

// parseTenths reads a rating such as "8.5" as 85.
func parseTenths(s string) (int, error) {
	s = strings.TrimSpace(s)
	whole, frac, _ := strings.Cut(s, ".")
	w, err := strconv.Atoi(whole)
	if err != nil || whole == "" || whole[0] == '+' || whole[0] == '-' || len(frac) > 1 {
		return 0, fmt.Errorf("a rating is a number with at most one decimal, such as 8.5 or 8.5-9.0")
	}
	t := 0
	if frac != "" {
		if frac[0] < '0' || frac[0] > '9' {
			return 0, fmt.Errorf("a rating is a number with at most one decimal, such as 8.5 or 8.5-9.0")
		}
		t = int(frac[0] - '0')
	}
	v := 10*w + t
	if v < 10 || v > 120 {
		return 0, fmt.Errorf("ratings run from 1.0 to 12.0, as Sudoku Explainer's do")
	}
	return v, nil
}
