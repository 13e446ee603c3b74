package solve

import (
	"fmt"
	"math/bits"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Helpers for the technique tests: positions are built from an empty (or
// given) grid by removing candidates, and written in r1c1 notation.

// rc parses "r5c2" into Cell{4, 1}.
func rc(s string) Cell {
	var r, c int
	if _, err := fmt.Sscanf(s, "r%dc%d", &r, &c); err != nil {
		panic(s)
	}
	return Cell{r - 1, c - 1}
}

// newHuman returns a solver on the basic pencil marks of line, a one-line
// grid of shape s; a short line is padded with blanks.
func newHuman(t *testing.T, s Shape, line string) *human {
	t.Helper()
	for len(line) < s.Cells() {
		line += "."
	}
	rd := NewReader(strings.NewReader(line))
	rd.Shape = s
	p, err := rd.Read()
	require.NoError(t, err)
	g := p.Grid
	h := &human{}
	h.b.init(&g)
	return h
}

func (h *human) idx(c Cell) int { return c.Row*h.b.g.n + c.Col }

// keepDigit removes digit d from every cell of unit u but the given ones.
func (h *human) keepDigit(u Unit, d int, cells ...string) {
	keep := map[Cell]bool{}
	for _, c := range cells {
		keep[rc(c)] = true
	}
	for _, c := range u.Cells(h.b.g.shape) {
		if !keep[c] {
			h.b.remove(h.idx(c), d-1)
		}
	}
}

// setCands leaves cell c with the given candidates only.
func (h *human) setCands(c string, ds ...int) {
	i := h.idx(rc(c))
	want := DigitsOf(ds...)
	for x := h.b.cand[i] &^ want; x != 0; x &= x - 1 {
		h.b.remove(i, bits.TrailingZeros32(uint32(x)))
	}
}

// findAll runs a technique's finder on the position and returns what it
// found.
func (h *human) findAll(f func(*human)) []Step {
	h.found = h.found[:0]
	h.alsOK, h.rccOK = false, false
	f(h)
	out := make([]Step, len(h.found))
	for k := range h.found {
		out[k] = h.found[k].clone()
	}
	return out
}

func candStrings(cs []Candidate) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	sort.Strings(out)
	return out
}

// withEffect returns the first step that eliminates exactly want (in
// Eureka notation, "(4)r1c3") and places exactly place.
func withEffect(steps []Step, place, want []string) *Step {
	sort.Strings(want)
	sort.Strings(place)
	for k := range steps {
		if fmt.Sprint(candStrings(steps[k].Eliminations)) == fmt.Sprint(want) &&
			fmt.Sprint(candStrings(steps[k].Placements)) == fmt.Sprint(place) {
			return &steps[k]
		}
	}
	return nil
}

// elimsOf lists "(d)rXcY" for digit d in each of the cells.
func elimsOf(d int, cells ...string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = Candidate{rc(c), d}.String()
	}
	return out
}

// consistent checks that the redundant views of the board agree with its
// cells.
func consistent(t *testing.T, b *board) {
	t.Helper()
	g := b.g
	left := 0
	for i := range g.cells {
		if b.value[i] == 0 {
			left++
		} else {
			require.Zero(t, b.cand[i], "a solved cell has no candidates")
		}
		for d := range g.n {
			require.Equal(t, b.has(i, d), b.dcells[d].has(i))
		}
	}
	require.Equal(t, left, b.left)
	for u := range 3 * g.n {
		var free uint16
		var placed Digits
		for p, i := range g.unit[u].Cells(g.shape) {
			j := h0(g, i)
			if b.value[j] == 0 {
				free |= 1 << p
			} else {
				placed |= 1 << (b.value[j] - 1)
			}
			for d := range g.n {
				require.Equal(t, b.has(j, d), b.pos[u][d]&(1<<p) != 0, "unit %v digit %d pos %d", g.unit[u], d+1, p)
			}
		}
		require.Equal(t, free, b.free[u])
		require.Equal(t, placed, b.placed[u])
	}
}

func h0(g *hgeo, c Cell) int { return c.Row*g.n + c.Col }

func TestBoardInitMatchesGridCandidates(t *testing.T) {
	puzzles := readPuzzles(t, "testdata/human_shapes.txt", 1, 0, false)
	puzzles = append(puzzles, readPuzzles(t, "testdata/human_sound.txt", 40, 0, false)...)
	for _, g := range puzzles {
		var b board
		b.init(&g)
		assert.Equal(t, g.Candidates(), b.candidates())
		consistent(t, &b)
		got := b.grid()
		assert.Equal(t, g, got)
	}
}

func TestBoardPlaceRemoveKeepViews(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, s := range append(Shapes, Shape{6, 3, 2}, Shape{12, 4, 3}) {
		var b board
		g := NewGrid(s)
		b.init(&g)
		consistent(t, &b)
		sol, _ := Solve(g) // an empty grid has many solutions; take the first
		for step := 0; step < 3*s.Size; step++ {
			i := rng.Intn(s.Cells())
			if b.value[i] != 0 {
				continue
			}
			if rng.Intn(2) == 0 {
				b.place(i, int(sol.Cells[i])-1)
				// the peers lose the digit
				for _, j := range b.g.peers[i].appendTo(nil) {
					assert.False(t, b.has(j, int(sol.Cells[i])-1))
				}
			} else {
				for d := range s.Size {
					if d+1 != int(sol.Cells[i]) && rng.Intn(3) == 0 {
						b.remove(i, d)
					}
				}
			}
			consistent(t, &b)
		}
	}
}

func TestGeometry(t *testing.T) {
	for _, s := range append(Shapes, Shape{6, 3, 2}, Shape{8, 4, 2}, Shape{12, 4, 3}) {
		g := hgeoOf(s)
		for i := range g.cells {
			c := g.cell(i)
			peers := peersOf(s, c)
			assert.Equal(t, len(peers), g.peers[i].count(), "%v %v", s, c)
			for _, p := range peers {
				assert.True(t, g.sees(i, h0(g, p)))
			}
			assert.Equal(t, s.Box(c.Row, c.Col), int(g.boxOf[i]))
		}
		assert.Same(t, g, hgeoOf(s))
	}
}
