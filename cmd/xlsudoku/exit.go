package main

import (
	"errors"
	"fmt"

	"github.com/xlsudoku/xlsudoku/solve"
	"github.com/xlsudoku/xlsudoku/workbook"
)

// Exit codes, documented in the README and in "xlsudoku help".
const (
	exitOK         = 0
	exitFailure    = 1 // writing the output failed, or a bug
	exitUsage      = 2 // bad flags or arguments
	exitInput      = 3 // the input cannot be read: missing, unreadable, not a workbook
	exitInvalid    = 4 // a puzzle is malformed or its givens contradict each other
	exitNoSolution = 5 // a puzzle has no solution
	exitNotUnique  = 6 // a puzzle has several solutions, with --strict
)

// usageError is a mistake in the command line.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// errUnreadable marks errors about reading the input itself.
var errUnreadable = errors.New("unreadable input")

// inputError is an input that cannot be read at all.
type inputError struct{ err error }

func (e *inputError) Error() string   { return e.err.Error() }
func (e *inputError) Unwrap() []error { return []error{e.err, errUnreadable} }

// reportedError says the messages are already on stderr (one per failed
// puzzle); only the exit code is left to give.
type reportedError struct{ code int }

func (e *reportedError) Error() string { return fmt.Sprintf("failed with exit code %d", e.code) }

// exitCode maps an error to the exit code that names its kind. This is the
// one place where errors become exit codes.
func exitCode(err error) int {
	var usage *usageError
	var reported *reportedError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &reported):
		return reported.code
	case errors.As(err, &usage) || isWorkbookUsage(err):
		return exitUsage
	case errors.Is(err, errUnreadable) || isWorkbookUnreadable(err):
		return exitInput
	case errors.Is(err, solve.ErrBadChar), errors.Is(err, solve.ErrDigitRange),
		errors.Is(err, solve.ErrCellCount), errors.Is(err, solve.ErrConflict),
		errors.Is(err, solve.ErrShape), isWorkbookInvalid(err):
		return exitInvalid
	case errors.Is(err, solve.ErrNoSolution):
		return exitNoSolution
	case errors.Is(err, solve.ErrNotUnique):
		return exitNotUnique
	}
	return exitFailure
}

// report prints err of command cmd (unless it was reported already) and
// returns its exit code.
func report(e *env, cmd string, err error) int {
	code := exitCode(err)
	var reported *reportedError
	if err != nil && !errors.As(err, &reported) {
		fmt.Fprintf(e.stderr, "xlsudoku: %v\n", err)
		if code == exitUsage && !errors.Is(err, workbook.ErrAmbiguous) {
			// (An ambiguous puzzle lists the flags that pick each.)
			fmt.Fprintf(e.stderr, "Run \"xlsudoku help %s\" for usage.\n", cmd)
		}
	}
	return code
}
