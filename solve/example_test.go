package solve_test

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/xlsudoku/xlsudoku/solve"
)

func ExampleSolve() {
	g, err := solve.ParseLine("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	if err != nil {
		panic(err)
	}
	sol, err := solve.Solve(g)
	if err != nil {
		panic(err)
	}
	fmt.Print(solve.FormatGrid(&sol))
	// Output:
	// 4 6 8 | 9 3 1 | 5 2 7
	// 7 5 1 | 6 2 4 | 8 3 9
	// 3 9 2 | 5 7 8 | 4 6 1
	// ------+-------+------
	// 1 3 4 | 7 5 6 | 2 9 8
	// 2 8 9 | 4 1 3 | 6 7 5
	// 6 7 5 | 2 8 9 | 3 1 4
	// ------+-------+------
	// 8 4 6 | 1 9 2 | 7 5 3
	// 5 1 3 | 8 6 7 | 9 4 2
	// 9 2 7 | 3 4 5 | 1 8 6
}

func ExampleSolve_conflict() {
	g, _ := solve.ParseLine("4.4.3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	_, err := solve.Solve(g)
	fmt.Println(errors.Is(err, solve.ErrConflict), err)
	// Output: true r1c1 and r1c3 both hold 4 in row 1
}

// A puzzle that cannot be read gives a *ParseError, and reading goes on
// with the next line; io.EOF ends the input.
func ExampleReader() {
	input := "# three puzzles\n1.....3..4.....2 easy\n12x.\n4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n"
	r := solve.NewReader(strings.NewReader(input))
	r.Name = "puzzles.txt"
	for {
		p, err := r.Read()
		var bad *solve.ParseError
		switch {
		case err == io.EOF:
			return
		case errors.As(err, &bad):
			fmt.Println("line", bad.Line, "skipped")
			continue
		case err != nil:
			panic(err) // the input itself failed
		}
		fmt.Println(p.Line, p.Grid.Shape, p.Grid.Filled())
	}
	// Output:
	// 2 4x4 4
	// line 3 skipped
	// 4 9x9 18
}

func ExampleSolver_Count() {
	var s solve.Solver
	empty := solve.NewGrid(solve.Shape4)
	fmt.Println(s.Count(&empty, 1000, nil))
	// Output: 288
}
