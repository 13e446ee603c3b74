package generate

import (
	"math/bits"

	"github.com/xlsudoku/xlsudoku/solve"
)

// singles decides whether a puzzle falls to singles alone (Full House,
// Naked Single, Hidden Single): exactly the puzzles solve.Rate grades Easy.
// A puzzle that singles complete has one solution. It keeps its tables
// between calls, so a digger allocates nothing per call.
type singles struct {
	shape solve.Shape
	units [][]int  // every row, column and box, as cell indexes
	of    [][3]int // the three units of every cell
	cells [solve.MaxSize * solve.MaxSize]uint8
	used  [3 * solve.MaxSize]uint32 // digits placed in each unit
}

func newSingles(shape solve.Shape) *singles {
	s := &singles{shape: shape}
	n := shape.Size
	s.of = make([][3]int, n*n)
	for u, unit := range shape.Units() {
		cells := make([]int, 0, n)
		for _, c := range unit.Cells(shape) {
			i := c.Row*n + c.Col
			cells = append(cells, i)
			s.of[i][unit.Kind] = u
		}
		s.units = append(s.units, cells)
	}
	return s
}

// solves reports whether singles alone complete g.
func (s *singles) solves(g *solve.Grid) bool {
	if s.shape == solve.Shape9 {
		return singles9(g)
	}
	return s.solvesAny(g)
}

// solvesAny is solves for a grid of any size.
func (s *singles) solvesAny(g *solve.Grid) bool {
	n := s.shape.Size
	cells := n * n
	all := uint32(1)<<n - 1
	copy(s.cells[:cells], g.Cells[:cells])
	clear(s.used[:3*n])
	left := 0
	for i := range cells {
		d := s.cells[i]
		if d == 0 {
			left++
			continue
		}
		bit := uint32(1) << (d - 1)
		for _, u := range s.of[i] {
			if s.used[u]&bit != 0 {
				return false
			}
			s.used[u] |= bit
		}
	}
	place := func(i int, bit uint32) {
		s.cells[i] = uint8(bits.TrailingZeros32(bit) + 1)
		o := s.of[i]
		s.used[o[0]] |= bit
		s.used[o[1]] |= bit
		s.used[o[2]] |= bit
		left--
	}
	for left > 0 {
		progress := false
		// Naked singles (a Full House is one too).
		for i := range cells {
			if s.cells[i] != 0 {
				continue
			}
			o := s.of[i]
			cand := all &^ (s.used[o[0]] | s.used[o[1]] | s.used[o[2]])
			switch bits.OnesCount32(cand) {
			case 0:
				return false
			case 1:
				place(i, cand)
				progress = true
			}
		}
		if progress {
			continue // naked singles first: they are cheaper to find
		}
		// Hidden singles: a digit with one place left in a unit.
		for u, unit := range s.units {
			missing := all &^ s.used[u]
			if missing == 0 {
				continue
			}
			var once, twice uint32
			for _, i := range unit {
				if s.cells[i] != 0 {
					continue
				}
				o := s.of[i]
				cand := missing &^ (s.used[o[0]] | s.used[o[1]] | s.used[o[2]])
				twice |= once & cand
				once |= cand
			}
			if once != missing {
				return false // a digit has no place left
			}
			hidden := once &^ twice
			if hidden == 0 {
				continue
			}
			for _, i := range unit {
				if s.cells[i] != 0 {
					continue
				}
				o := s.of[i]
				cand := hidden &^ (s.used[o[0]] | s.used[o[1]] | s.used[o[2]])
				if cand == 0 {
					continue
				}
				if bits.OnesCount32(cand) > 1 {
					return false // one cell is the only place of two digits
				}
				place(i, cand)
				hidden &^= cand
				progress = true
			}
		}
		if !progress {
			return false
		}
	}
	return true
}
