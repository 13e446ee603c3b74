package generate

import (
	"fmt"

	"github.com/xlsudoku/xlsudoku/solve"
)

// hardest is the hardest grade a puzzle of each size can have, where that
// is known to be below Extreme. Every 4x4 puzzle falls to singles: the
// test TestEvery4x4PuzzleIsEasy goes through all of them.
var hardest = map[int]solve.Grade{4: solve.Easy}

// Feasible returns nil when puzzles of shape can have grade g, and an
// error wrapping ErrImpossible when none can. Grades that are merely rare
// (a 6x6 Extreme) are feasible: their search is bounded by the attempts.
func Feasible(shape solve.Shape, g solve.Grade) error {
	if h, ok := hardest[shape.Size]; ok && g > h {
		return fmt.Errorf("%w: every %s puzzle is %s (solved by singles alone); no %s one exists",
			ErrImpossible, shape, h, g)
	}
	return nil
}
