package workbook

import (
	"fmt"

	"github.com/xlsudoku/xlsudoku/layout"
	"github.com/xlsudoku/xlsudoku/solve"
)

// Options choose where the puzzle is and how the output may be written.
type Options struct {
	Sheet   string // the worksheet holding the puzzle; "" finds it
	Range   string // the puzzle's cells, "B3:J11" or with the sheet "Week 3!B3:J11"; "" is B2:J10, else found by detection
	Box     string // the box shape as ROWSxCOLS, "2x3"; "" is the default for the size
	InPlace bool   // let Write replace the input workbook itself
	Puzzle  int    // the Nth puzzle (from 1) of a book made by xlsudoku generate; 0 for none
	// MaxPartSize is the most bytes a part of the workbook (a sheet, the
	// shared strings) may unpack to; parts read whole may unpack to a
	// sixteenth of it. 0 is DefaultMaxPartSize. A part past it is an
	// ErrOpen error: it guards against decompression bombs.
	MaxPartSize int64
	Paper       string // the paper the sheets written print on: "a4" (the default) or "letter"

	// guessBox: Puzzle names a puzzle of a book whose Catalogue does not
	// say its boxes; its digits choose them, as detection's do.
	guessBox bool
	// bookLine is the puzzle Puzzle names as its book's Catalogue lists
	// it, one line: the givens of a returned book, without --key.
	bookLine string
	// textIsEntry: the file is one a student handed back, so a cell of
	// the puzzle that holds no digit is an entry, graded wrong, not an
	// error of the puzzle that stops the reading.
	textIsEntry bool
}

// paper returns the paper of o.Paper.
func (o Options) paper() (layout.Paper, error) {
	if o.Paper == "" {
		return layout.A4, nil
	}
	p, err := layout.ParsePaper(o.Paper)
	if err != nil {
		return p, fmt.Errorf("%w: --paper: %v", ErrUsage, err)
	}
	return p, nil
}

// DefaultRange is where a puzzle is looked for first.
const DefaultRange = "B2:J10"

var defaultRect, _ = layout.ParseRect(DefaultRange)

// shapeOf returns the shape of a puzzle filling rect, with the box asked for.
func shapeOf(rect layout.Rect, box, sheet string) (solve.Shape, error) {
	if rect.Rows() != rect.Cols() {
		return solve.Shape{}, fmt.Errorf("%w: %s is %s by %s; a puzzle's range is a square of 4, 6, 8, 9, 12 or 16 cells a side, such as --range B2:J10",
			ErrUsage, rect, count(rect.Cols(), "column", "columns"), count(rect.Rows(), "row", "rows"))
	}
	var (
		s   solve.Shape
		err error
	)
	if box == "" {
		s, err = solve.ShapeOf(rect.Rows())
	} else {
		s, err = solve.ParseBox(rect.Rows(), box)
	}
	if err != nil {
		if _, def := solve.ShapeOf(rect.Rows()); box != "" && def == nil {
			// The range is a grid's, the boxes another size's: "such
			// as --range B2:J10" would repeat the range given.
			if shapes, _ := detectShapes(box); len(shapes) > 0 {
				s := shapes[0]
				ref := layout.RectAt(rect.Min, s.Size, s.Size).String()
				if sheet != "" {
					// The sheet given with the range stays in it (a
					// review of 3 December).
					ref = ShellWord(sheet + "!" + ref)
				}
				return solve.Shape{}, fmt.Errorf("%w: range %s: %v; for %s puzzle with %s boxes give its range (from %s, --range %s), or drop --box to read the %dx%d at %s",
					ErrUsage, rect, err, solve.Sized(s.Size), box, rect.Min, ref, rect.Rows(), rect.Rows(), rect)
			}
		}
		return solve.Shape{}, fmt.Errorf("%w: range %s: %v; give the puzzle's square range, such as --range B2:J10", ErrUsage, rect, err)
	}
	return s, nil
}
