package solve

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors. Every error the package returns about a puzzle wraps one
// of these, so callers can tell failures apart with errors.Is.
var (
	// ErrConflict: two givens hold the same digit in one unit.
	ErrConflict = errors.New("givens contradict each other")
	// ErrNoSolution: no unit repeats a digit, yet no grid completes the puzzle.
	ErrNoSolution = errors.New("the puzzle has no solution")
	// ErrNotUnique: the puzzle has more than one solution.
	ErrNotUnique = errors.New("the puzzle has more than one solution")
)

// ConflictError lists the givens that contradict each other.
type ConflictError struct {
	Conflicts []Conflict
}

func (e *ConflictError) Error() string {
	parts := make([]string, len(e.Conflicts))
	for i, c := range e.Conflicts {
		parts[i] = c.String()
	}
	return strings.Join(parts, "; ")
}

func (e *ConflictError) Unwrap() error { return ErrConflict }

// NotUniqueError carries two different solutions of a puzzle.
type NotUniqueError struct {
	First, Second Grid
}

func (e *NotUniqueError) Error() string {
	diff := e.First.Diff(&e.Second)
	names := make([]string, 0, 4)
	for i, c := range diff {
		if i == 4 {
			names = append(names, "...")
			break
		}
		names = append(names, c.String())
	}
	return fmt.Sprintf("%v: two solutions differ at %s", ErrNotUnique, strings.Join(names, ", "))
}

func (e *NotUniqueError) Unwrap() error { return ErrNotUnique }
