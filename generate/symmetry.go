package generate

import (
	"fmt"
	"strings"
	"sync"

	"github.com/xlsudoku/xlsudoku/solve"
)

// Symmetry is the pattern the givens of a puzzle follow: a cell is a given
// exactly when its images under the symmetry are.
type Symmetry int

// The symmetries.
const (
	None         Symmetry = iota
	Rotational            // 180° turn about the centre: the newspaper convention
	Rotational90          // quarter turns: all four rotations of a given are givens
	Mirror                // left-right mirror, about the vertical centre line
	Vertical              // top-bottom mirror, about the horizontal centre line
	Diagonal              // mirror about the main diagonal (r1c1 to r9c9)
	AntiDiagonal          // mirror about the anti-diagonal (r1c9 to r9c1)
	Dihedral              // every rotation and mirror at once
	numSymmetries
)

var symmetryNames = [numSymmetries][]string{
	None:         {"none", "no", "off"},
	Rotational:   {"rotational", "rotational180", "rot180", "180", "rotate"},
	Rotational90: {"rotational90", "rot90", "90", "quarter"},
	Mirror:       {"mirror", "horizontal", "left-right"},
	Vertical:     {"vertical", "top-bottom", "flip"},
	Diagonal:     {"diagonal", "main-diagonal"},
	AntiDiagonal: {"anti-diagonal", "antidiagonal"},
	Dihedral:     {"dihedral", "full", "all"},
}

// Symmetries lists every symmetry.
func Symmetries() []Symmetry {
	out := make([]Symmetry, 0, numSymmetries)
	for s := None; s < numSymmetries; s++ {
		out = append(out, s)
	}
	return out
}

func (s Symmetry) String() string {
	if s < 0 || s >= numSymmetries {
		return fmt.Sprintf("Symmetry(%d)", int(s))
	}
	return symmetryNames[s][0]
}

// ParseSymmetry reads a symmetry by its name (or an alias: "rot90",
// "180", "horizontal"), in any case.
func ParseSymmetry(name string) (Symmetry, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	for s, names := range symmetryNames {
		for _, a := range names {
			if n == a {
				return Symmetry(s), nil
			}
		}
	}
	var all []string
	for _, s := range Symmetries() {
		all = append(all, s.String())
	}
	return None, fmt.Errorf("unknown symmetry %q (%s)", name, strings.Join(all, ", "))
}

// images returns the cells (as row-major indexes) that the transformations
// of s map cell (r, c) of an n x n grid to, (r, c) included.
func (s Symmetry) images(n, r, c int) []int {
	m := n - 1
	pts := [][2]int{{r, c}}
	switch s {
	case Rotational:
		pts = append(pts, [2]int{m - r, m - c})
	case Rotational90:
		pts = append(pts, [2]int{c, m - r}, [2]int{m - r, m - c}, [2]int{m - c, r})
	case Mirror:
		pts = append(pts, [2]int{r, m - c})
	case Vertical:
		pts = append(pts, [2]int{m - r, c})
	case Diagonal:
		pts = append(pts, [2]int{c, r})
	case AntiDiagonal:
		pts = append(pts, [2]int{m - c, m - r})
	case Dihedral:
		pts = append(pts, [2]int{c, m - r}, [2]int{m - r, m - c}, [2]int{m - c, r},
			[2]int{r, m - c}, [2]int{m - r, c}, [2]int{c, r}, [2]int{m - c, m - r})
	}
	out := make([]int, 0, len(pts))
	for _, p := range pts {
		i := p[0]*n + p[1]
		dup := false
		for _, j := range out {
			dup = dup || i == j
		}
		if !dup {
			out = append(out, i)
		}
	}
	return out
}

// Orbits splits the cells of shape into the groups the symmetry keeps
// together: each orbit is a cell (the first in reading order) and its
// images. Every cell is in exactly one orbit.
func (s Symmetry) Orbits(shape solve.Shape) [][]int {
	n := shape.Size
	seen := make([]bool, n*n)
	var out [][]int
	for i := range n * n {
		if seen[i] {
			continue
		}
		orbit := s.images(n, i/n, i%n)
		for _, j := range orbit {
			seen[j] = true
		}
		out = append(out, orbit)
	}
	return out
}

// orbitCache holds the orbits of each symmetry and grid size, worked out
// once: Holds and VariantTransform ask for those of every symmetry for
// each puzzle of a class set, which took half a millisecond a 9x9 puzzle.
var orbitCache sync.Map // [2]int{symmetry, size} -> [][]int

// sharedOrbits is Orbits for the cells of shape, shared: not to be
// changed.
func (s Symmetry) sharedOrbits(shape solve.Shape) [][]int {
	key := [2]int{int(s), shape.Size}
	if o, ok := orbitCache.Load(key); ok {
		return o.([][]int)
	}
	o, _ := orbitCache.LoadOrStore(key, s.Orbits(shape))
	return o.([][]int)
}

// Holds reports whether the givens of g follow the symmetry: never for a
// Symmetry that is none of the package's or a grid of a shape that is not
// supported.
func (s Symmetry) Holds(g *solve.Grid) bool {
	if s < 0 || s >= numSymmetries || !g.Shape.Valid() {
		return false // no such symmetry, or no such grid
	}
	return inOrbits(g, s.sharedOrbits(g.Shape))
}

// inOrbits reports whether the givens of g lie in whole orbits: in each,
// all cells given or none.
func inOrbits(g *solve.Grid, orbits [][]int) bool {
	for _, orbit := range orbits {
		given := g.Cells[orbit[0]] != 0
		for _, j := range orbit[1:] {
			if (g.Cells[j] != 0) != given {
				return false
			}
		}
	}
	return true
}
