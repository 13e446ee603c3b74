// Package solve is the Sudoku model of xlsudoku: grid shapes (4x4 to
// 16x16, see Shape), the text formats (ParseLine, Reader, FormatLine), the
// exact solver that counts solutions and proves uniqueness (Solver, Solve,
// CountSolutions), and the human-style solver: techniques, steps,
// explanations, hints and grades (Explain, Rate, NextStep). It uses the
// standard library only.
//
//	g, err := solve.ParseLine("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
//	sol, err := solve.Solve(g)  // the one solution, or an error saying why not
//	x, err := solve.Explain(g)  // the steps, the grade and its score
//
// # The text formats
//
// One line per puzzle: Size*Size characters, givens as 1-9 then A-G for
// 10-16, blanks as '.', '0', '-', '_' or '*'. Whatever follows the puzzle
// on its line after a space, tab, ',', ';' or '#' (a rating, a comment) is
// ignored. A grid over Size lines, one row a line, as other tools print
// it, reads too, and so do .sdk files; see Reader.
//
// # Errors
//
// A grid whose Shape is not supported gives errors wrapping ErrShape; a
// cell that holds no digit of its grid, ErrDigitRange; givens that repeat a
// digit in a unit, a *ConflictError (ErrConflict); a puzzle with no
// solution ErrNoSolution, with several a *NotUniqueError (ErrNotUnique).
// Solve, Check, Explain and Rate return these, whatever a grid holds,
// rather than panic.
//
// # Goroutines
//
// The package's functions may be called from any number of goroutines at
// once: Grids are values, and each call works on its own. A Solver or a
// Reader is one goroutine's at a time; give each goroutine its own.
package solve
