package workbook

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

// The Calc harness: testdata/calc.py drives a real LibreOffice Calc over
// UNO the way a student uses a worksheet (type into cells, recalculate,
// save as .xlsx) and reports what Calc computed and how it holds cell
// protection. The scripting API writes into locked cells of protected
// sheets, so protection is read back, not tested by typing: the script
// refuses input into locked cells itself, from the flags it reports.

// calcPython is the interpreter that has the uno module (python3-uno).
const calcPython = "/usr/bin/python3"

// calcScript is relative to the package directory, where go test runs.
const calcScript = "testdata/calc.py"

// calcJob is the job calc.py reads on stdin.
type calcJob struct {
	// Set is typed in order, parsed as XCell.setFormula parses input: "5"
	// is a number, "A" text, "=..." a formula (English function names),
	// "" deletes the contents. No automatic format or data validation is
	// applied. Into a locked cell of a protected sheet it is refused, as
	// Calc's window refuses it, and listed in calcResult.Refused.
	Set []calcSet `json:"set,omitempty"`
	// Read reports each cell's shown string and type after recalculation.
	Read []calcRange `json:"read,omitempty"`
	// Protection reports each cell's locked and formula-hidden flags.
	Protection []calcRange `json:"protection,omitempty"`
	// Timeout bounds the script's run in seconds; 0 means runCalc picks
	// one (120 s, less when the test's deadline is nearer).
	Timeout float64 `json:"timeout,omitempty"`
}

// calcSet types Input into one cell.
type calcSet struct {
	Sheet string `json:"sheet"`
	Cell  string `json:"cell"`
	Input string `json:"input"`
}

// calcRange names a cell or a rectangle such as "B2:J10".
type calcRange struct {
	Sheet string `json:"sheet"`
	Range string `json:"range"`
}

// calcResult is what calc.py prints. Cell keys are "Sheet!A1".
type calcResult struct {
	Values        map[string]string `json:"values"`         // shown text (getString)
	Types         map[string]string `json:"types"`          // empty, number, text or error
	Formulas      map[string]string `json:"formulas"`       // formula cells among those read
	Locked        map[string]bool   `json:"locked"`         // CellProtection.IsLocked
	FormulaHidden map[string]bool   `json:"formula_hidden"` // CellProtection.IsFormulaHidden
	Protected     map[string]bool   `json:"protected"`      // every sheet, by name
	Sheets        []string          `json:"sheets"`         // in workbook order
	Refused       []string          `json:"refused"`        // sets into locked cells of protected sheets, not typed
	LoadErrors    []string          `json:"load_errors"`    // what loading asked or warned
	Repaired      bool              `json:"repaired"`       // Calc repaired a broken package
}

var calcAvail = sync.OnceValue(func() error {
	if _, err := exec.LookPath("soffice"); err != nil {
		return errors.New("soffice is not on PATH (install libreoffice-calc)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if out, err := exec.CommandContext(ctx, calcPython, "-c", "import uno").CombinedOutput(); err != nil {
		return errors.New(calcPython + " cannot import uno (install python3-uno): " + string(out))
	}
	return nil
})

// runCalc has LibreOffice Calc load in, apply job and, unless out is "",
// save the workbook to out as Calc's .xlsx. It skips the test under -short
// or when soffice or python3-uno is missing, and fails it with the
// script's stderr when the run fails. Each run starts its own soffice, so
// parallel tests do not share state; one run takes a few seconds.
func runCalc(t *testing.T, in, out string, job calcJob) calcResult {
	t.Helper()
	skipWithoutCalc(t)
	if job.Timeout == 0 {
		job.Timeout = 120
		if dl, ok := t.Deadline(); ok {
			// Leave time for the script to clean up and for the report.
			if left := time.Until(dl).Seconds() - 30; left < job.Timeout {
				job.Timeout = max(left, 10)
			}
		}
	}
	stdin, err := json.Marshal(job)
	require.NoError(t, err)
	stdout, stderr, err := execCalc(t, in, out, stdin, job.Timeout)
	if err != nil {
		t.Fatalf("calc.py %s %q: %v\n%s", in, out, err, stderr)
	}
	var res calcResult
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.DisallowUnknownFields() // keep this mirror of the script's output complete
	require.NoError(t, dec.Decode(&res), "calc.py output; stderr: %s", stderr)
	return res
}

// skipWithoutCalc skips tests that drive Calc under -short or when
// soffice or python3-uno is missing.
func skipWithoutCalc(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("slow: starts LibreOffice")
	}
	if err := calcAvail(); err != nil {
		t.Skip(err)
	}
}

// execCalc runs calc.py with stdin as its job and checks that it left no
// process running. timeout is the job's (the script's default is 120 s).
// env adds to the script's environment.
func execCalc(t *testing.T, in, out string, stdin []byte, timeout float64, env ...string) (stdout, stderr string, err error) {
	t.Helper()
	// The script enforces the timeout itself and kills its soffice; the
	// context is a backstop. Cancelling sends SIGTERM so the script can
	// still kill soffice, and SIGKILL only if it has not exited by then.
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(timeout*float64(time.Second))+30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, calcPython, calcScript, in, out)
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 20 * time.Second
	cmd.Stdin = bytes.NewReader(stdin)
	// The script's temporary directory (soffice profile) goes under tmp, so
	// that processes left behind can be told from those of other runs.
	tmp := t.TempDir()
	cmd.Env = append(append(os.Environ(), "TMPDIR="+tmp), env...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	assert.Empty(t, calcProcsUnder(tmp), "processes left running by calc.py")
	return o.String(), e.String(), err
}

// TestCalcHarness checks the harness itself on a small protected sheet:
// a 3x3 block with two blank unlocked cells and formulas over it. Two runs
// go in parallel, one typing into the blanks and saving, one only reading.
func TestCalcHarness(t *testing.T) {
	skipWithoutCalc(t)
	const sheet = "Puzzle 1"
	dir := t.TempDir()
	in := filepath.Join(dir, "in.xlsx")
	f := newBook(t, sheet)
	givens := map[string]int{"B2": 1, "C2": 2, "D2": 3, "B3": 4, "D3": 6, "B4": 7, "C4": 8}
	for cell, v := range givens {
		require.NoError(t, f.SetCellInt(sheet, cell, int64(v)))
	}
	unlocked, err := f.NewStyle(&excelize.Style{Protection: &excelize.Protection{Locked: false}})
	require.NoError(t, err)
	require.NoError(t, f.SetCellStyle(sheet, "C3", "C3", unlocked))
	require.NoError(t, f.SetCellStyle(sheet, "D4", "D4", unlocked))
	require.NoError(t, f.SetCellFormula(sheet, "B6", `COUNTBLANK(B2:D4)&" to go"`))
	require.NoError(t, f.SetCellFormula(sheet, "B7", "SUM(B2:D4)"))
	require.NoError(t, f.ProtectSheet(sheet, &excelize.SheetProtectionOptions{SelectLockedCells: true, SelectUnlockedCells: true}))
	_, err = f.NewSheet("Notes")
	require.NoError(t, err)
	require.NoError(t, f.SaveAs(in))
	require.NoError(t, f.Close())

	read := []calcRange{{sheet, "B2:D4"}, {sheet, "B6:B7"}}
	// What every run must see of the sheet's protection.
	checkProtection := func(t *testing.T, res calcResult) {
		assert.Equal(t, []string{sheet, "Notes"}, res.Sheets)
		assert.Equal(t, map[string]bool{sheet: true, "Notes": false}, res.Protected)
		require.Len(t, res.Locked, 9)
		for _, cell := range []string{"B2", "C2", "D2", "B3", "C3", "D3", "B4", "C4", "D4"} {
			unlocked := cell == "C3" || cell == "D4"
			assert.Equal(t, !unlocked, res.Locked[sheet+"!"+cell], cell)
			assert.Contains(t, res.FormulaHidden, sheet+"!"+cell)
			assert.False(t, res.FormulaHidden[sheet+"!"+cell], cell)
		}
		assert.Empty(t, res.LoadErrors)
		assert.False(t, res.Repaired)
	}

	t.Run("typed", func(t *testing.T) {
		t.Parallel()
		out := filepath.Join(t.TempDir(), "out.xlsx")
		res := runCalc(t, in, out, calcJob{
			Set: []calcSet{
				{Sheet: sheet, Cell: "D4", Input: "4"},
				{Sheet: sheet, Cell: "B2", Input: "9"}, // a given: refused
				{Sheet: sheet, Cell: "D4", Input: ""},
				{Sheet: sheet, Cell: "C3", Input: "5"},
				{Sheet: sheet, Cell: "B3", Input: ""}, // a given: refused
				{Sheet: sheet, Cell: "D4", Input: "9"},
			},
			Read:       read,
			Protection: []calcRange{{sheet, "B2:D4"}},
		})
		assert.Equal(t, "0 to go", res.Values[sheet+"!B6"])
		assert.Equal(t, "text", res.Types[sheet+"!B6"])
		assert.Equal(t, `=COUNTBLANK(B2:D4)&" to go"`, res.Formulas[sheet+"!B6"])
		assert.Equal(t, "45", res.Values[sheet+"!B7"], "typed digits must count as numbers")
		assert.Equal(t, "number", res.Types[sheet+"!B7"])
		for cell, want := range map[string]string{"C3": "5", "D4": "9", "B2": "1", "B3": "4", "C4": "8"} {
			assert.Equal(t, want, res.Values[sheet+"!"+cell], cell)
			assert.Equal(t, "number", res.Types[sheet+"!"+cell], cell)
		}
		assert.Len(t, res.Values, 11)
		assert.Equal(t, []string{sheet + "!B2", sheet + "!B3"}, res.Refused)
		checkProtection(t, res)

		// Calc's .xlsx holds the typed numbers, the values it computed,
		// the unlocked cells and the sheet's protection.
		g, err := excelize.OpenFile(out)
		require.NoError(t, err)
		defer func() { assert.NoError(t, g.Close()) }()
		for cell, want := range map[string]string{"C3": "5", "D4": "9", "B2": "1", "B6": "0 to go", "B7": "45"} {
			got, err := g.GetCellValue(sheet, cell)
			require.NoError(t, err)
			assert.Equal(t, want, got, cell)
		}
		for cell, want := range map[string]bool{"C3": false, "D4": false, "B2": true} {
			assert.Equal(t, want, calcCellLocked(t, g, sheet, cell), cell)
		}
		assert.Regexp(t, `<sheetProtection[^>]* sheet="(1|true)"`, string(calcZipPart(t, out, "xl/worksheets/sheet1.xml")))
		assert.NotContains(t, string(calcZipPart(t, out, "xl/worksheets/sheet2.xml")), "<sheetProtection")
	})

	t.Run("untouched", func(t *testing.T) {
		t.Parallel()
		res := runCalc(t, in, "", calcJob{Read: read, Protection: []calcRange{{sheet, "B2:D4"}}})
		assert.Equal(t, "2 to go", res.Values[sheet+"!B6"])
		assert.Equal(t, "31", res.Values[sheet+"!B7"])
		for _, cell := range []string{"C3", "D4"} {
			assert.Equal(t, "", res.Values[sheet+"!"+cell], cell)
			assert.Equal(t, "empty", res.Types[sheet+"!"+cell], cell)
		}
		assert.Empty(t, res.Refused)
		checkProtection(t, res)
	})
}

// TestCalcHarnessErrors checks that the script fails loudly, naming what
// is wrong, and leaves no process behind.
func TestCalcHarnessErrors(t *testing.T) {
	skipWithoutCalc(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "in.xlsx")
	f := newBook(t, "Puzzle 1")
	require.NoError(t, f.SaveAs(in))
	require.NoError(t, f.Close())
	garbage := filepath.Join(dir, "garbage.xlsx")
	require.NoError(t, os.WriteFile(garbage, []byte("not a workbook"), 0o644))
	// A package cut before its central directory: Calc offers a repair,
	// which fails for .xlsx.
	data, err := os.ReadFile(in)
	require.NoError(t, err)
	cut := filepath.Join(dir, "cut.xlsx")
	require.NoError(t, os.WriteFile(cut, data[:bytes.Index(data, []byte("PK\x01\x02"))], 0o644))

	for _, tc := range []struct {
		name, in, job string
		code          int // 1: the run failed, 2: the job is malformed
		want          string
	}{
		{"no such sheet", in, `{"read":[{"sheet":"Week 3","range":"A1"}]}`, 1, `no sheet 'Week 3' in the document (sheets: Puzzle 1)`},
		{"not a workbook", garbage, `{}`, 1, `Calc could not load ` + garbage + `: NoSuchFilterRequest`},
		{"corrupt package", cut, `{}`, 1, `BrokenPackageRequest: cut.xlsx is corrupt; repair approved; BrokenPackageRequest: the file is corrupt; repair failed`},
		{"job not JSON", in, `{"set":`, 2, `job on stdin is not JSON`},
		{"input missing", in, `{"set":[{"sheet":"Puzzle 1","cell":"B2"}]}`, 2, `set[0]: want {"sheet", "cell", "input"} with strings`},
		{"no input file", filepath.Join(dir, "missing.xlsx"), `{}`, 1, `missing.xlsx: no such file`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			stdout, stderr, err := execCalc(t, tc.in, "", []byte(tc.job), 120)
			var exit *exec.ExitError
			require.ErrorAs(t, err, &exit, stderr)
			assert.Equal(t, tc.code, exit.ExitCode(), stderr)
			assert.Contains(t, stderr, tc.want)
			assert.Empty(t, stdout)
		})
	}
}

// TestCalcHarnessRestartsAFailedStart: an soffice that dies before it
// accepts a connection (seen in CI, aborting as it started on a busy
// machine) is started again, up to three times in all, and then the run
// fails saying so. A stand-in soffice first on PATH exits with status 134
// the first (or every) time, and otherwise runs the real one.
func TestCalcHarnessRestartsAFailedStart(t *testing.T) {
	skipWithoutCalc(t)
	soffice, err := exec.LookPath("soffice")
	if err != nil {
		t.Skip(err)
	}
	in := filepath.Join(t.TempDir(), "in.xlsx")
	f := newBook(t, "Puzzle 1")
	require.NoError(t, f.SetCellInt("Puzzle 1", "B2", 7))
	require.NoError(t, f.SaveAs(in))
	require.NoError(t, f.Close())

	for _, tc := range []struct {
		name    string
		crashes int // starts that die: -1 every one
	}{
		{"first start dies", 1},
		{"every start dies", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			bin := t.TempDir()
			starts := filepath.Join(bin, "starts")
			// Each start adds a line to starts. The first tc.crashes starts
			// (every one, for -1) exit as an aborted soffice does.
			script := fmt.Sprintf("#!/bin/sh\necho start >> %q\nn=$(wc -l < %q)\nif [ %d -lt 0 ] || [ \"$n\" -le %d ]; then exit 134; fi\nexec %q \"$@\"\n",
				starts, starts, tc.crashes, tc.crashes, soffice)
			require.NoError(t, os.WriteFile(filepath.Join(bin, "soffice"), []byte(script), 0o755))
			path := "PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH")
			stdout, stderr, err := execCalc(t, in, "", []byte(`{"read":[{"sheet":"Puzzle 1","range":"B2"}]}`), 120, path)
			lines, rerr := os.ReadFile(starts)
			require.NoError(t, rerr)
			assert.Contains(t, stderr, "soffice exited with status 134 before accepting a connection")
			if tc.crashes < 0 {
				var exit *exec.ExitError
				require.ErrorAs(t, err, &exit, stderr)
				assert.Equal(t, 1, exit.ExitCode(), stderr)
				assert.Equal(t, 3, bytes.Count(lines, []byte("\n")), "starts")
				assert.Empty(t, stdout)
				return
			}
			require.NoError(t, err, stderr)
			assert.Equal(t, 2, bytes.Count(lines, []byte("\n")), "starts")
			assert.Contains(t, stderr, "(start 1 of 3; starting again)")
			var res calcResult
			require.NoError(t, json.Unmarshal([]byte(stdout), &res), stderr)
			assert.Equal(t, "7", res.Values["Puzzle 1!B2"])
		})
	}
}

// TestCalcHarnessCleanup checks that a run cut short by its timeout or by
// SIGTERM (what runCalc sends when its context ends) leaves no process and
// no pipe behind.
func TestCalcHarnessCleanup(t *testing.T) {
	skipWithoutCalc(t)
	in := filepath.Join(t.TempDir(), "in.xlsx")
	f := newBook(t, "Puzzle 1")
	require.NoError(t, f.SaveAs(in))
	require.NoError(t, f.Close())

	t.Run("timeout", func(t *testing.T) {
		t.Parallel()
		// Too short for soffice to start: the run fails on its deadline.
		_, stderr, err := execCalc(t, in, "", []byte(`{"timeout": 0.5}`), 0.5)
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit, stderr)
		assert.Contains(t, []int{1, 3}, exit.ExitCode(), stderr) // 1: connecting gave up, 3: the watchdog fired
		assert.Regexp(t, `did not accept a UNO connection in time|timed out`, stderr)
	})

	t.Run("SIGTERM", func(t *testing.T) {
		t.Parallel()
		tmp := t.TempDir()
		cmd := exec.Command(calcPython, calcScript, in, "")
		cmd.Stdin = strings.NewReader(`{}`)
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		require.NoError(t, cmd.Start())
		defer func() { _ = cmd.Process.Kill() }() // only if an assertion below failed first
		// Signal once soffice listens on its pipe, while the script talks to it.
		pipe := fmt.Sprintf("/tmp/OSL_PIPE_*_xlsudoku-calc-%d-*", cmd.Process.Pid)
		require.Eventually(t, func() bool {
			m, _ := filepath.Glob(pipe)
			return len(m) > 0
		}, 2*time.Minute, 20*time.Millisecond, "soffice did not start")
		require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
		err := cmd.Wait()
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit, stderr.String())
		assert.Equal(t, 128+int(syscall.SIGTERM), exit.ExitCode(), stderr.String())
		assert.Contains(t, stderr.String(), "got signal 15; killing soffice")
		assert.Empty(t, calcProcsUnder(tmp), "processes left running by calc.py")
		pipes, err := filepath.Glob(pipe)
		require.NoError(t, err)
		assert.Empty(t, pipes, "pipes left behind")
	})
}

// calcProcsUnder lists the running processes whose command line mentions
// dir, as "pid: command line". Without /proc it finds none.
func calcProcsUnder(dir string) []string {
	var found []string
	paths, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil || !bytes.Contains(b, []byte(dir)) {
			continue
		}
		found = append(found, filepath.Base(filepath.Dir(p))+": "+string(bytes.ReplaceAll(b, []byte{0}, []byte{' '})))
	}
	return found
}

// calcCellLocked reports whether excelize sees cell as locked: a style without
// a protection element leaves it locked, as in Excel.
func calcCellLocked(t *testing.T, f *excelize.File, sheet, cell string) bool {
	t.Helper()
	idx, err := f.GetCellStyle(sheet, cell)
	require.NoError(t, err)
	st, err := f.GetStyle(idx)
	require.NoError(t, err)
	return st.Protection == nil || st.Protection.Locked
}

// calcZipPart returns one part of the package at path.
func calcZipPart(t *testing.T, path, name string) []byte {
	t.Helper()
	z, err := zip.OpenReader(path)
	require.NoError(t, err)
	defer z.Close()
	for _, zf := range z.File {
		if zf.Name == name {
			r, err := zf.Open()
			require.NoError(t, err)
			defer r.Close()
			data, err := io.ReadAll(r)
			require.NoError(t, err)
			return data
		}
	}
	t.Fatalf("%s has no part %s", path, name)
	return nil
}
