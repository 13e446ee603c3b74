// Package generate makes Sudoku puzzles: every puzzle has exactly one
// solution (proved with the exact solver, solve.Solver), the grade the
// human-style grader (solve.Rate) gives it is the one asked for, and its
// givens follow a symmetry.
//
//	g, err := generate.New(generate.Options{Shape: solve.Shape9, Grade: solve.Medium, Symmetry: generate.Rotational, Seed: 42})
//	p, err := g.Puzzle(0) // puzzle 0 of the set of seed 42
//
// # How a puzzle is made
//
// A full grid: a few boxes that share no band or stack are filled with
// random permutations, the exact solver completes the grid, and the grid's
// rows, bands, columns and stacks are shuffled. Then the givens are dug out:
// the cells fall into orbits under the symmetry (a cell and its mirror
// images), visited in random order; an orbit is removed when the puzzle
// stays unique without it. Uniqueness is decided by the cheapest test that
// can: while singles solve the puzzle it is unique (the last order prefix
// they solve is found by bisection); a puzzle with no given in a known
// unavoidable set of the grid (cells whose digits can be rearranged into
// another valid grid: two digits that swap, two rows of a band that swap
// some of their digits, or where a second solution found earlier differs)
// has a second solution; only the rest are counted by the exact solver.
// These tests change no decision, only its cost.
//
// Digging for a grade keeps to it: for Easy a removal is kept only while
// the puzzle still falls to singles; for the
// other grades the dig is rated at the point where it first exceeds the
// grade (found by bisection over the removals, the grade rising as givens
// go; a puzzle that singles solve is known Easy without a rating) and the
// puzzle just before that point is kept; it is then dug
// further, one orbit at a time, as long as the grade stays at most the one
// asked for and does not fall, and kept if it ends at that grade. A dig
// for Medium that ends Easy (two in three do) climbs instead: a given
// orbit is swapped for an empty one and the orbits no longer needed go,
// up to 64 times, until the puzzle is Medium. A dig for Expert that ends
// Easy, Medium or Hard climbs the same way, keeping, once the puzzle is
// no longer Easy, each move that scores at least as much, until the
// puzzle is Expert or 64 moves have been tried. A dig for Extreme that
// ends Hard or Expert climbs too, keeping each move that scores at least
// as much, until the puzzle is Extreme or 384 moves have kept nothing:
// the puzzles near a hard one are Extreme far more often than new digs
// are. So does a dig for an SE band (Options.SE) that rates below the
// band. In these climbs a 9x9 move is rated only when the exact solver
// needs three guesses or more to prove it unique (solve.Solver.Guesses):
// most moves need fewer, and almost no Extreme one does. And the moves
// are drawn 16 at a time, only the one that needed the most guesses
// rated. A 9x9 dig for Extreme that search finds as easy is not rated:
// it climbs from where it is. The test and the draws are left out for
// minimal Extreme puzzles, and for bands that start below 8.5, whose
// climbs rate every move and stop when 128 have kept nothing.
// Every rating stops at the
// grade asked for (solve.RateWithinSolved): a harder puzzle is only "too
// hard", and the techniques above the grade never run; and it is given the
// solution, as every puzzle rated has been proved unique. A dig
// that misses the grade is retried with another order and then another
// grid, up to Options.MaxAttempts.
//
// # Reproducible sets
//
// Puzzle i of the set of seed S is made from its own random source, seeded
// with S+i, so it does not depend on the other puzzles, on the order they
// are made in, or on the number of workers: the same seed and options give
// the same puzzles. Puzzle i of seed S is puzzle 0 of seed S+i.
package generate
