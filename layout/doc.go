// Package layout decides how xlsudoku's sheets look, without touching a file.
//
// A Board is a block of styled sheet cells positioned at an origin cell: the
// values, the style of every cell (font, fill, border per side, alignment),
// the widths and heights of the columns and rows it spans and its merged
// ranges. A Sheet is one or more boards plus the sheet's view and print
// setup. Package workbook turns a Sheet into a worksheet; other commands can
// place several boards on one sheet (a page of puzzles, a Steps sheet).
//
// # The Solution board
//
// The classic printable grid: one sheet cell per puzzle cell, the digit as a
// number, big and centred; a thin border on every cell, a thick one around
// each box and around the whole grid. Givens are bold black, the digits the
// solver filled in are blue and not bold.
//
// # The Candidates board
//
// The pencil marks of the starting position, drawn as the "valid values"
// board of the Excel formula solvers. Each puzzle cell becomes a block of
// box-height x box-width small squares (3x3 for 9x9, 2x3 for 6x6, 4x4 for
// 16x16), and digit d has its own square in every block, at block row
// (d-1) div box-width, block column (d-1) mod box-width. The square shows d
// while d is still a candidate of the cell and is empty when it is not. For a
// 9x9 puzzle at B2 the board is B2:AB28; puzzle cell r1c1 (0-based r=0,
// c=0) is B2:D4, r1c2 is E2:G4, r2c1 is B5:D7:
//
//	    B  C  D    E  F  G    H ...
//	2   1  2  3 |  1     3 |  ...   r1c1: candidates 1 2 3 5 9
//	3      5    |     5  6 |        r1c2: candidates 1 3 5 6 7
//	4         9 |  7       |
//	   ---------+----------+        thin line between blocks,
//	5           |  1  2    |        thick line every 3 blocks
//	6      8    |     5    |        r2c1: the given 8, B5:D7 merged
//	7           |          |        r2c2: candidates 1 2 5
//
// A given fills its block: the block is merged into one cell that shows
// the digit large, bold and centred, on a light fill, as solving guides
// and HoDoKu print it; on a board of the sets left after logic, a solved
// cell fills its block the same way in blue. There are no lines inside a
// block, thin lines between blocks and thick lines around each box and
// the whole board. The squares are small and square (18 points a side,
// font 9).
//
// # The step pictures
//
// The Steps sheet (StepsSheet) draws every step of an explanation past the
// singles as a small Candidates board of the position the step was found
// on (ReplaySteps, StepPicture), its pattern, links, eliminations and
// placements in colour; steppicture.go says which. Its columns are a
// picture's squares, PictureUnit points wide, and the table's columns
// span several of them.
//
// # Sizes
//
// Every length is in points, column widths too: package workbook turns
// widths into the spreadsheet's units, which depend on the workbook's
// default font, so that the boards' cells come out square.
package layout
