package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook"
)

const gradeHelp = `Usage: xlsudoku grade [flags] FILE...

Grade the workbooks students handed back: every entry is compared with
the puzzle's unique solution. A file may have been saved by Excel,
LibreOffice Calc or Google Sheets; it is read as that app left it.

The givens come from the puzzle's identity, stored in every worksheet
that "xlsudoku worksheet" and "generate --worksheet" make (so a given a
student changed is still known, and reported); else from --key (the
original workbook, or a text file of puzzles: the one that fits each
file best is used); else from the cells' looks (locked or bold givens).

One line per puzzle:
  ana.xlsx: Puzzle 1: 41 of 51 right, 3 wrong (Puzzle 1!D4, ...), 7 empty
and a total line for a book of several puzzles. Mistakes are not errors:
the exit code is 0 when every file was graded. A file that cannot be
graded is named on stderr and skipped; the run then ends with its exit
code (the first such file's).

Examples:
  xlsudoku grade returned/*.xlsx
  xlsudoku grade --json returned/*.xlsx > grades.jsonl
  xlsudoku grade --outdir marked --summary summary.xlsx returned/*.xlsx
  xlsudoku grade --key week3.xlsx ana.xlsx -o ana-marked.xlsx

Flags:
`

type gradeOptions struct {
	inputFlags
	key     string
	json    bool
	output  string
	outdir  string
	summary string
	paper   string
	marked  map[string]string // with outdir: each file's marked copy
}

func runGrade(e *env, args []string) error {
	var o gradeOptions
	fs := pflag.NewFlagSet("grade", pflag.ContinueOnError)
	fs.StringVar(&o.key, "key", "", "the puzzles' givens, for files that are not xlsudoku's worksheets: a workbook or a text `FILE` of puzzles")
	fs.BoolVar(&o.json, "json", false, "one JSON object per file and line")
	fs.StringVarP(&o.output, "output", "o", "", "write the one FILE graded, marked, to `OUT.xlsx`")
	fs.StringVar(&o.outdir, "outdir", "", "write each file marked into `DIR`, under its own name (files of one name from different folders: FOLDER-NAME)")
	fs.StringVar(&o.summary, "summary", "", "write a class summary (a row per file, a chart of the scores) to `FILE.xlsx`")
	paperFlag(fs, &o.paper)
	o.inputFlags.add(fs, false)
	if done, err := parseCommon(e, fs, gradeHelp, args); done {
		return err
	}
	if err := checkPaper("grade", fs, &o.paper, o.output != "" || o.outdir != "" || o.summary != ""); err != nil {
		return err
	}
	files := skipLockFiles(e, fs.Args())
	switch {
	case len(files) == 0 && fs.NArg() > 0:
		// (Not "only lock files": a class summary is skipped too, and was
		// the only file given in a walk of 3 December.)
		return usagef("grade: no returned workbook to grade: every file given was skipped, as the warnings above say")
	case len(files) == 0:
		return usagef("grade: give the returned workbooks to grade")
	case o.output != "" && o.outdir != "":
		return usagef("grade: give -o for one file or --outdir for several, not both")
	case o.output != "" && len(files) > 1:
		return usagef("grade: -o writes one marked file; for %d files use --outdir DIR", len(files))
	}
	if o.output != "" {
		if err := markedName(files[0], o.output); err != nil {
			return err
		}
	}
	if err := o.checkSummary(); err != nil {
		return err
	}
	// The report goes to stdout: "grade ana.xlsx >> ana.xlsx" appended
	// it to the student's workbook.
	for _, f := range append(slices.Clip(files), o.key) {
		if f == "" {
			continue
		}
		if err := checkStdoutNotInput(e, f); err != nil {
			return err
		}
	}
	if o.output != "" && sameFile(files[0], o.output) {
		return usagef("grade: -o %s is the returned file itself; write the marked copy to another file", o.output)
	}
	// The report names each file by its name, or by its path when files
	// of one name come from different folders.
	names := nameCounts(files)
	shown := map[string]string{}
	for i, s := range workbook.ShownNames(files) {
		shown[files[i]] = s
	}
	// A missing --outdir is made, as soffice --outdir makes its folder,
	// once every check has passed; but only in a folder that is there,
	// so that a typo grows no tree.
	makeOutdir := false
	if o.outdir != "" {
		if st, err := os.Stat(o.outdir); errors.Is(err, os.ErrNotExist) {
			parent := filepath.Dir(filepath.Clean(o.outdir))
			if st, err := os.Stat(parent); err != nil || !st.IsDir() {
				// The output cannot be written (exit 1), as for -o and
				// --summary in a folder that is not there.
				return fmt.Errorf("grade: --outdir %s does not exist and cannot be made, as %s is no folder; make the folder first", o.outdir, parent)
			}
			makeOutdir = true
		} else if err != nil || !st.IsDir() {
			return usagef("grade: --outdir %s is not a folder", o.outdir)
		}
		var err error
		if o.marked, err = markedNames(files, names, o.outdir); err != nil {
			return err
		}
	}
	if err := o.checkOutputs(files); err != nil {
		return err
	}
	if o.summary != "" && workbook.HoldsWorksheet(o.summary) {
		// "grade --summary returned/*.xlsx", --summary taken for a switch,
		// made the first student's file the summary's name: it was lost.
		return usagef("grade: --summary %s is a worksheet, or a student's copy of one, which the summary would replace; give the summary a file name of its own, such as --summary %s", o.summary, otherName(o.summary, "summary"))
	}
	if o.output != "" && workbook.HoldsWorksheet(o.output) && !workbook.IsMarkedCopy(o.output) {
		// "grade -o returned/ana.xlsx returned/ben.xlsx" wrote Ben's
		// marks over Ana's work (a walk of 3 December); a marked copy
		// is written again.
		return usagef("grade: -o %s is a worksheet, or a student's copy of one, which the marked copy would replace; give it a file name of its own, such as -o %s", o.output, otherName(o.output, "marked"))
	}
	var key []solve.Grid
	if o.key != "" {
		var err error
		if key, err = readKey(e, o.key, o.workbookOptions(false)); err != nil {
			return err
		}
	}
	sameBytes(e, files)
	var rows []workbook.SummaryRow
	first := exitOK
	for _, file := range files {
		marks, err := gradeFile(file, o, key)
		if err == nil && key != nil {
			err = keyOfAnother(file, marks)
		}
		row := workbook.SummaryRow{File: file, Marks: marks}
		if err == nil && makeOutdir {
			// Made for the first marked copy: a run that grades no file
			// leaves no empty folder behind.
			if err := os.Mkdir(o.outdir, 0o777); err != nil {
				return fmt.Errorf("cannot make --outdir %s: %w", o.outdir, unwrapPath(err))
			}
			e.note("made the folder %s", o.outdir)
			makeOutdir = false
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "xlsudoku: %v\n", inBook(file, err))
			if first == exitOK {
				first = exitCode(err)
			}
			row.Error = "not graded"
			row.Reason = summaryReason(file, inBook(file, err))
			rows = append(rows, row)
			if o.json {
				// One line per file still: the file, and why it was not graded.
				b, _ := json.Marshal(struct {
					File  string `json:"file"`
					Error string `json:"error"`
				}{file, inBook(file, err).Error()})
				fmt.Fprintf(e.stdout, "%s\n", b)
			}
			continue
		}
		rows = append(rows, row)
		if len(marks) > 0 && marks[0].IdentityLost {
			givens := "the cells' looks, so a given the student changed is taken for the puzzle's own; give --key (the original workbook) to see it"
			if key != nil {
				givens = "--key"
			}
			fmt.Fprintf(e.stderr, "warning: %s: the puzzle identities xlsudoku stored in the file are gone (an app that saved it dropped them): its worksheets were found by their sheets' names, their givens by %s\n", file, givens)
		}
		for _, m := range marks {
			for _, c := range m.Copies {
				fmt.Fprintf(e.stderr, "warning: %s: sheet %q holds the same puzzle as %s and is not graded (of the sheets of one puzzle, only the worksheet handed out is, or, when it is empty, the one with the most entries); to grade it instead, give --sheet %s (which grades that sheet alone)\n", file, c, m.Puzzle.Sheet, workbook.ShellWord(c))
			}
			for _, w := range m.Elsewhere {
				fmt.Fprintf(e.stderr, "warning: %s: %s has no entries, but %s\n", file, m.Puzzle.Where(), w)
			}
		}
		if key != nil {
			for _, m := range marks {
				if m.By == "stored identity" && m.Missing == 0 && !keyHolds(key, m.Puzzle.Grid) {
					// The stored puzzle comes first, but one that --key
					// does not hold is worth a word: another puzzle's
					// file, or a variant's.
					fmt.Fprintf(e.stderr, "warning: %s: %s holds a puzzle of its own (stored in the file: %s, %d givens) that is not --key's, and is graded against it: a variant, or another puzzle's worksheet\n",
						file, m.Puzzle.Where(), m.Puzzle.Grid.Shape, m.Puzzle.Grid.Filled())
					continue
				}
				// A student changes a given or two, not most of them.
				if givens := m.Puzzle.Grid.Filled(); m.Changed*2 > givens {
					fmt.Fprintf(e.stderr, "warning: %s: %d of the %d givens of --key are not on %s as given: is --key this file's puzzle?\n", file, m.Changed, givens, m.Puzzle.Sheet)
				}
			}
		}
		if o.json {
			if err := writeGradeJSON(e.stdout, file, marks); err != nil {
				return err
			}
		} else {
			name := shown[file]
			right, blanks, wrong, empty := 0, 0, 0, 0
			for _, m := range marks {
				fmt.Fprintf(e.stdout, "%s: %s\n", name, m.Summary())
				right, blanks, wrong, empty = right+m.Correct, blanks+m.Blanks(), wrong+m.Wrong, empty+m.Empty
			}
			if len(marks) > 1 {
				fmt.Fprintf(e.stdout, "%s: total: %d of %d right, %d wrong, %d empty\n", name, right, blanks, wrong, empty)
			}
		}
		// After the grades: a marked copy that cannot be written (a full
		// disk) fails the run, but the file was graded, and its grades
		// are reported (they were left out).
		if err := o.writeMarked(e, file, marks); err != nil {
			fmt.Fprintf(e.stderr, "xlsudoku: %v\n", inBook(file, err))
			if first == exitOK {
				first = exitCode(err)
			}
			rows[len(rows)-1].Reason = "its marked copy was not written"
		}
	}
	graded := slices.ContainsFunc(rows, func(r workbook.SummaryRow) bool { return r.Error == "" })
	if o.summary != "" && !graded {
		// A summary of failures only would replace a class's summary
		// with nothing to show.
		fmt.Fprintf(e.stderr, "xlsudoku: no file was graded; the summary %s is not written\n", o.summary)
	}
	if o.summary != "" && graded {
		done := e.guardWorkbook(o.summary)
		err := workbook.WriteSummary(o.summary, rows, o.paper)
		done()
		if err != nil {
			return err
		}
		e.note("wrote the summary of %d file%s to %s", len(rows), plural(len(rows)), o.summary)
	}
	if first != exitOK {
		return &reportedError{first}
	}
	return nil
}

// sameBytes warns of each file that is byte for byte one given before
// it: handed in twice, or one student's file copied by another (a walk of
// 3 December: two such files graded alike, without a word). Both are
// graded; a file that cannot be read, or is empty, is left to the
// grading's message.
func sameBytes(e *env, files []string) {
	seen := map[[sha256.Size]byte]string{}
	for _, f := range files {
		r, err := os.Open(f)
		if err != nil {
			continue
		}
		h := sha256.New()
		n, err := io.Copy(h, r)
		r.Close()
		if err != nil || n == 0 {
			continue
		}
		sum := [sha256.Size]byte(h.Sum(nil))
		if first, ok := seen[sum]; ok {
			fmt.Fprintf(e.stderr, "warning: %s is byte for byte the same file as %s (handed in twice, or copied): both are graded\n", f, first)
			continue
		}
		seen[sum] = f
	}
}

// summaryReason is why file was not graded, as the report says it, less
// the file's name, which the summary's row has: "cannot read the
// workbook: ana.xlsx is empty" is "the file is empty" (the name had been
// left in, the prefix looked for never matching: a walk of 3 December).
func summaryReason(file string, err error) string {
	msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "xlsudoku: "), file+": ")
	if rest, ok := strings.CutPrefix(msg, workbook.ErrOpen.Error()+": "+file+" "); ok {
		return "the file " + rest
	}
	return msg
}

// gradeFile reads and grades every puzzle of one returned file.
func gradeFile(file string, o gradeOptions, key []solve.Grid) ([]*workbook.Marking, error) {
	if isBook, err := isWorkbook(file); err != nil {
		return nil, err
	} else if !isBook {
		if st, err := os.Stat(file); err == nil && st.IsDir() {
			return nil, &inputError{fmt.Errorf("%s is a folder, not a workbook; grade reads the .xlsx files students hand back", file)}
		}
		// (A CSV, say: saved as .xlsx, as .ods and .xls are told, it is
		// graded.)
		return nil, &inputError{fmt.Errorf("%s is not a workbook; grade reads the .xlsx files students hand back: have it saved as .xlsx", file)}
	}
	rs, err := workbook.ReadReturned(file, o.workbookOptions(false), key)
	if err != nil {
		return nil, err
	}
	var marks []*workbook.Marking
	for _, r := range rs {
		m, err := workbook.GradeReturned(r)
		if err != nil {
			return nil, needsOneSolution(err)
		}
		marks = append(marks, m)
	}
	return marks, nil
}

// writeMarked writes the marked copy of file, if asked to.
func (o *gradeOptions) writeMarked(e *env, file string, marks []*workbook.Marking) error {
	out := o.output
	if o.outdir != "" {
		out = o.marked[file]
	}
	if out == "" {
		return nil
	}
	done := e.guardWorkbook(out)
	notes, err := workbook.WriteMarked(marks, out, o.paper)
	done()
	printNotes(e, notes)
	if err == nil {
		e.note("wrote the marked copy of %s to %s", file, out)
	}
	return err
}

// checkOutputs refuses a run whose marked copy or summary would replace a
// returned file, the --key file or another of its outputs: a student's
// work or the teacher's key lost, or one output written over another.
func (o *gradeOptions) checkOutputs(files []string) error {
	type output struct{ flag, path string }
	var outs []output
	if o.output != "" {
		outs = append(outs, output{"-o", o.output})
	}
	for _, f := range files {
		if m := o.marked[f]; m != "" {
			outs = append(outs, output{"the marked copy of " + f, m})
		}
	}
	if o.summary != "" {
		outs = append(outs, output{"--summary", o.summary})
	}
	for i, out := range outs {
		if o.key != "" && samePath(out.path, o.key) {
			return usagef("grade: %s %s is the --key file; write it to another file", out.flag, out.path)
		}
		for _, f := range files {
			if samePath(out.path, f) {
				return usagef("grade: %s %s is one of the returned files; write it to another file", out.flag, out.path)
			}
		}
		for _, other := range outs[:i] {
			if samePath(out.path, other.path) {
				return usagef("grade: %s %s is also %s; give each its own file", out.flag, out.path, other.flag)
			}
		}
	}
	return nil
}

// samePath reports whether a and b name one file, whether it exists yet
// or not.
func samePath(a, b string) bool {
	if sameFile(a, b) {
		return true
	}
	// The files writing each would make (a link to a file not there yet,
	// a folder reached through a link), by their real folders.
	ta, tb := workbook.LinkTarget(a), workbook.LinkTarget(b)
	if sameFile(ta, tb) {
		return true
	}
	aa, err1 := filepath.Abs(ta)
	ab, err2 := filepath.Abs(tb)
	return err1 == nil && err2 == nil && aa == ab
}

// markedName refuses, before any file is graded, an -o that the marked
// copy of in cannot be written to: the report printed, then the refusal
// (a walk of 3 December). The copy is a workbook like in: .xlsx, or
// .xlsm for one with macros, which the writing checks by its contents.
func markedName(in, out string) error {
	want := ".xlsx"
	if strings.EqualFold(filepath.Ext(in), ".xlsm") {
		want = ".xlsm"
	}
	switch {
	case out == "-":
		return usagef("grade: -o -: the marked copy is a workbook, written to a file; give -o FILE%s", want)
	case !strings.EqualFold(filepath.Ext(out), want):
		return usagef("grade: -o %s: the marked copy of %s is written as %s; name it %s", out, in, want, withExt(out, want))
	}
	return nil
}

// withExt is path with the extension ext in place of its own.
func withExt(path, ext string) string { return strings.TrimSuffix(path, filepath.Ext(path)) + ext }

// checkSummary refuses a --summary that could not be written, before any
// file is graded and marked, not after: a name that is not .xlsx, a
// folder, a FIFO or a device, a file the system would not let us write.
func (o *gradeOptions) checkSummary() error {
	if o.summary == "" {
		return nil
	}
	switch {
	case o.summary == "-":
		return usagef("grade: --summary -: the summary is a workbook, written to a file; give a file name, such as --summary summary.xlsx")
	case !strings.EqualFold(filepath.Ext(o.summary), ".xlsx"):
		return usagef("grade: --summary %s: the summary is written as .xlsx; name it %s", o.summary, withExt(o.summary, ".xlsx"))
	}
	st, err := os.Stat(o.summary)
	switch {
	case err == nil && st.IsDir():
		return usagef("grade: --summary %s is a folder; give the summary a file name, such as --summary summary.xlsx", o.summary)
	case err == nil && !st.Mode().IsRegular():
		return usagef("grade: --summary %s is not a file (a FIFO or a device): the summary is written to a file; give a file name", o.summary)
	case err != nil && !errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("grade: cannot write --summary %s: %w", o.summary, unwrapPath(err)) // a loop of links
	}
	target := workbook.LinkTarget(o.summary)
	dir := workbook.Folder(target)
	if !isDir(dir) && o.outdir != "" && samePath(dir, o.outdir) {
		// In the --outdir that grade makes (checked before): made by
		// the time the summary is written, as a summary is written only
		// when a file was graded.
		return nil
	}
	if !isDir(dir) {
		return fmt.Errorf("grade: cannot write --summary %s: the folder %s does not exist", o.summary, dir)
	}
	if err := workbook.CheckTarget(target); err != nil {
		return fmt.Errorf("grade: --summary %w", err)
	}
	if err := writableOutput(o.summary); err != nil {
		return fmt.Errorf("grade: --summary: %w", err)
	}
	return nil
}

// markedNames names the marked copy of each file in folder dir: the
// file's own name, or, when files of one name (in any case) come from
// different folders, as students' files downloaded a folder each do, the
// name of its folder, a hyphen and its name (ana/sudoku.xlsx as
// ana-sudoku.xlsx). names counts the files by name (nameCounts). It
// refuses a file given twice, names still the same, and a copy that would
// replace its own input.
func markedNames(files []string, names map[string]int, dir string) (map[string]string, error) {
	out := map[string]string{}
	taken := map[string]string{}
	for _, f := range files {
		name := filepath.Base(f)
		if names[strings.ToLower(name)] > 1 {
			abs, err := filepath.Abs(f)
			if err != nil {
				return nil, err
			}
			name = filepath.Base(filepath.Dir(abs)) + "-" + name
		}
		if other, ok := taken[strings.ToLower(name)]; ok {
			if sameFile(other, f) {
				return nil, usagef("grade: %s is given twice", f)
			}
			return nil, usagef("grade: %s and %s would both be marked as %s; grade them in separate runs", other, f, filepath.Join(dir, name))
		}
		taken[strings.ToLower(name)] = f
		out[f] = filepath.Join(dir, name)
		if sameFile(f, out[f]) {
			return nil, usagef("grade: --outdir %s holds %s itself; write the marked copies to another folder", dir, f)
		}
	}
	return out, nil
}

// skipLockFiles leaves out of files the lock files Excel keeps beside a
// workbook it has open (~$ana.xlsx, which returned/*.xlsx takes in too),
// with a warning: graded, each failed the run with "not a workbook" and
// took a row of the summary. A class summary of an earlier run, in the
// same folder, is left out alike, and a file given again.
func skipLockFiles(e *env, files []string) []string {
	var kept []string
	for _, f := range files {
		if isLockFile(f) {
			fmt.Fprintf(e.stderr, "warning: %s is a lock file Excel keeps beside a workbook it has open, not a returned workbook: skipped (a workbook open in Excel is graded as last saved)\n", f)
			continue
		}
		if workbook.IsClassSummary(f) {
			// grade --summary ret/class.xlsx ret/*.xlsx, run again.
			fmt.Fprintf(e.stderr, "warning: %s is a class summary that grade wrote, not a returned workbook: skipped\n", f)
			continue
		}
		if k := slices.IndexFunc(kept, func(g string) bool { return sameFile(g, f) }); k >= 0 {
			// (ret/a.xlsx ./ret/a.xlsx: it took two rows of the summary.)
			fmt.Fprintf(e.stderr, "warning: %s is %s again: graded once\n", f, kept[k])
			continue
		}
		kept = append(kept, f)
	}
	return kept
}

// isLockFile reports an Excel owner file: named ~$..., small, no zip.
func isLockFile(path string) bool {
	if !strings.HasPrefix(filepath.Base(path), "~$") {
		return false
	}
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() || st.Size() > 4096 {
		return false
	}
	data, err := os.ReadFile(path)
	return err == nil && !bytes.HasPrefix(data, []byte("PK\x03\x04"))
}

// nameCounts counts files by their names, in any case.
func nameCounts(files []string) map[string]int {
	n := map[string]int{}
	for _, f := range files {
		n[strings.ToLower(filepath.Base(f))]++
	}
	return n
}

// sameFile reports whether a and b both exist and are one file.
func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}

// readKey reads the puzzles of --key: a workbook (its worksheets'
// identities, or its puzzle as solve reads it) or a text file.
func readKey(e *env, path string, opts workbook.Options) ([]solve.Grid, error) {
	key, err := readKeyAt(e, path, opts)
	if errors.Is(err, workbook.ErrNoSheet) && opts.Sheet != "" {
		// --sheet names the returned files' sheet (a copy a student made
		// of the puzzle's, say): a key without it is read as solve reads it.
		opts.Sheet, opts.Range = "", ""
		return readKeyAt(e, path, opts)
	}
	return key, err
}

// readKeyAt is readKey with opts as given.
func readKeyAt(e *env, path string, opts workbook.Options) ([]solve.Grid, error) {
	isBook, err := isWorkbook(path)
	if err != nil {
		return nil, err
	}
	if isBook {
		if rs, err := workbook.ReadReturned(path, opts, nil); err == nil && rs[0].By == "stored identity" {
			var out []solve.Grid
			for _, r := range rs {
				if r.Missing == 0 { // a book's deleted sheets give no puzzle
					out = append(out, r.Puzzle.Grid)
				}
			}
			return out, nil
		}
		p, err := workbook.Read(path, opts)
		if err != nil {
			return nil, fmt.Errorf("--key %s: %w", path, err)
		}
		return []solve.Grid{p.Grid}, nil
	}
	// As solve opens text: a folder, binary data or UTF-16 text is told
	// as such, and - is stdin.
	src, err := openText(e, path)
	if err != nil {
		return nil, fmt.Errorf("--key: %w", err)
	}
	defer src.close()
	r := solve.NewReader(src)
	r.Name = src.name
	ps, err := r.ReadAll()
	if errors.Is(err, bufio.ErrTooLong) {
		return nil, &inputError{fmt.Errorf("--key %s has a line of 1 MiB or more: no puzzle file has; give the puzzles' file", path)}
	}
	if err != nil {
		return nil, err
	}
	if len(ps) == 0 {
		return nil, &inputError{fmt.Errorf("--key %s holds no puzzle", path)}
	}
	out := make([]solve.Grid, len(ps))
	for i, p := range ps {
		out[i] = p.Grid
	}
	return out, nil
}

// gradeJSON is the JSON of one file; others build on these key names.
type gradeJSON struct {
	File    string            `json:"file"`
	Puzzles []gradePuzzleJSON `json:"puzzles"`
	Correct int               `json:"correct"`
	Wrong   int               `json:"wrong"`
	Empty   int               `json:"empty"`
}

type gradePuzzleJSON struct {
	Sheet         string   `json:"sheet"`
	Range         string   `json:"range"`
	Correct       int      `json:"correct"`
	Wrong         int      `json:"wrong"`
	Empty         int      `json:"empty"`
	ChangedGivens int      `json:"changed_givens"`
	WrongCells    []string `json:"wrong_cells"`
	Missing       bool     `json:"missing,omitempty"` // a book's puzzles whose sheets are not in the file
}

func writeGradeJSON(w io.Writer, file string, marks []*workbook.Marking) error {
	g := gradeJSON{File: file, Puzzles: []gradePuzzleJSON{}}
	for _, m := range marks {
		cells := m.Cells(workbook.Wrong)
		if cells == nil {
			cells = []string{}
		}
		g.Puzzles = append(g.Puzzles, gradePuzzleJSON{
			Sheet: m.Puzzle.Sheet, Range: m.Puzzle.Range, Correct: m.Correct, Wrong: m.Wrong,
			Empty: m.Empty, ChangedGivens: m.Changed, WrongCells: cells, Missing: m.Missing > 0,
		})
		g.Correct, g.Wrong, g.Empty = g.Correct+m.Correct, g.Wrong+m.Wrong, g.Empty+m.Empty
	}
	b, err := json.Marshal(g)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// keyHolds reports whether key holds the puzzle givens: as its own
// puzzle, or as an answer key (complete) that its givens agree with.
func keyHolds(key []solve.Grid, givens solve.Grid) bool {
	return slices.ContainsFunc(key, func(g solve.Grid) bool {
		return g == givens || g.Complete() && givens.Within(&g)
	})
}

// keyOfAnother refuses to grade a file against --key when not one given
// of the key is on the sheet as given: the key is another puzzle's, and
// every count would be meaningless. (Some givens off, a student's doing,
// is graded, with a warning past half.)
func keyOfAnother(file string, marks []*workbook.Marking) error {
	for _, m := range marks {
		if givens := m.Puzzle.Grid.Filled(); givens > 0 && m.Changed == givens {
			return usagef("%s: none of the %d givens of --key is on %s as given: --key is another puzzle; give this file's puzzle", file, givens, m.Puzzle.Sheet)
		}
	}
	return nil
}

// otherName is a file name beside path for another file of the run:
// "class.xlsx" gives "class-summary.xlsx".
func otherName(path, what string) string {
	ext := filepath.Ext(path)
	return strings.TrimSuffix(path, ext) + "-" + what + ".xlsx"
}
