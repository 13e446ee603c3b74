// Package workbook reads a Sudoku puzzle from an .xlsx or .xlsm workbook
// and writes the workbook back with a Solution and a Candidates sheet.
//
//	p, err := workbook.Read("book.xlsx", workbook.Options{})
//	// p.Notes: "using the puzzle at Sheet1!B2:J10"
//	sol, err := p.Solve() // *ConflictError, solve.ErrNoSolution, *NotUniqueError (with a solution)
//	notes, err := workbook.Write(p, sol, "out.xlsx", workbook.Options{})
//
// # Finding the puzzle
//
// With Options.Sheet and Options.Range, the puzzle is exactly there. With a
// range only, it is on the first worksheet where that range holds more
// digits than other values. With neither, it is at B2:J10 on the first
// worksheet where B2:J10 holds a puzzle with no digits right around it (a
// side of labels 1, 2, 3, ... or a row of checks aside); failing that,
// detection looks for a square block of 4, 6, 8, 9, 12 or 16 cells a side
// holding digits and blanks (see detect for how it weighs them). The size
// of the range gives the size of the puzzle (B2:E5 is 4x4, B2:Q17 16x16);
// Options.Box picks the box shape ("3x2") where there are two, and limits
// detection to the sizes it fits. Sheets made by xlsudoku are skipped.
//
// A cell holds a digit when it stores a number 1..n (8, 8.0) or text
// spelling one (" 8 ", "8.0"), and is blank when it is empty, 0, ".", "-",
// whitespace, or a formula with no value. Formulas count by the value the
// workbook stored for them. Everything else (other text, other numbers,
// booleans, error values, dates) is a *CellErrors listing the bad cells.
//
// ReadEntries finds the puzzle the same way and tells its givens from a
// student's entries by how they look: bold, locked, shaded or plain-coloured
// digits are the givens.
//
// Reading parses the zip package itself, read-only (package opc, beneath
// this one, does the package mechanics: parts, relationships, bounded
// reads, byte splices, saving), streaming each sheet it looks at only as
// far as it needs: a worksheet that is not read is never decompressed.
// Nothing here loads a workbook into a spreadsheet library, which would
// rewrite it on save: excelize is only the tests' independent reader.
// No part may unpack to more than Options.MaxPartSize (see partlimit.go),
// so a decompression bomb is refused, not read. This package gives the
// parts their meaning: the workbook part's sheets and defined names, shared
// strings, cell formats, cells, puzzles.
//
// # Writing
//
// Write splices the output from the input: every part it need not change
// is copied byte for byte, still compressed (sheets, VBA projects, images,
// charts, comments, shared strings, theme, calculation chain). It changes
// only the workbook part (our <sheet> entries and defined names inserted),
// its relationships and [Content_Types].xml (entries inserted), the styles
// part (our fonts, fills, borders and cell formats inserted at the ends of
// its lists, written by styletable.go; see opc.AppendStyles; a part that
// lacks a list they need gets it, opc.CompleteStyles), and adds our
// two worksheet parts, written from package layout's description, page
// setup included (sheetpart.go). Every sheet we
// write prints on Options.Paper.
// docProps/app.xml is left as it was; spreadsheet apps rebuild it.
// Replacing a sheet of an earlier run leaves out the calculation chain,
// which would list formula cells that are gone (Excel rebuilds it).
//
// WriteExtras adds to that: a Steps sheet listing a human-style solve
// (solve.Explain), one row per step, and a Candidates sheet drawn from other
// sets than the givens' pencil marks (solve.LogicCandidates: the marks
// before the first guess).
//
// Our sheets are marked in the workbook with a hidden sheet-scoped defined
// name (see markerName), and those that show the answer also in a hidden
// cell of their row 1 (markCellPrefix), so a second run replaces them in
// place, and a sheet called Solution that xlsudoku did not make is never
// touched. A generated book's answer sheets carry the name only, so that
// a worksheet of one of its puzzles empties them in its copy.
//
// # Errors
//
// Errors wrap sentinels for exit codes: ErrOpen (unreadable input),
// ErrUsage and ErrSameFile (options), ErrInvalid (bad cells: ErrCell and
// *CellErrors; contradicting givens: *ConflictError, which also matches
// solve.ErrConflict), ErrNoPuzzle, ErrAmbiguous, solve.ErrNoSolution,
// solve.ErrNotUnique (*NotUniqueError) and ErrWrite. Messages name sheet
// cells ("Week 3!D4") and say what to do.
//
// # Goroutines
//
// Read, Write and the other functions may run in several goroutines at
// once, and share a *Puzzle, which they only read; two writes to one
// output file leave one of them whole, never a mix (each is written
// beside it and renamed over it).
package workbook
