package generate

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/xlsudoku/xlsudoku/solve"
)

// DefaultMaxAttempts is how many digs a puzzle of shape may take when
// Options.MaxAttempts is 0: 50,000 up to 9x9 (a dig takes well under a
// millisecond: rare kinds, such as an Extreme puzzle with dihedral
// symmetry, can need thousands), fewer for the big grids, whose digs take
// from milliseconds (12x12) to a second (16x16).
func DefaultMaxAttempts(shape solve.Shape) int {
	switch {
	case shape.Size >= 16:
		return 200
	case shape.Size >= 12:
		return 2000
	}
	return 50000
}

// ErrNotFound: no puzzle with the options was found within the attempts
// allowed (or the time given).
var ErrNotFound = errors.New("no puzzle found")

// ErrImpossible: no puzzle of the shape can have the grade asked for.
var ErrImpossible = errors.New("no such puzzle exists")

// Options choose the puzzles to make.
type Options struct {
	Shape    solve.Shape // the grid; the zero Shape is 9x9
	Grade    solve.Grade // the grade every puzzle must have, unless AnyGrade
	AnyGrade bool        // take puzzles of every grade, as they come
	Symmetry Symmetry
	// Minimal asks for puzzles from which no given can be removed without
	// a second solution appearing.
	Minimal bool
	// Seed: puzzle i of a set is made from the random source seeded with
	// Seed+i.
	Seed uint64
	// SE, when set, asks for puzzles whose estimate of Sudoku Explainer's
	// rating lies in the band, of Grade (or of any grade the band allows
	// with AnyGrade).
	SE SEBand
	// MaxAttempts bounds the digs for one puzzle (each from a fresh order
	// of the cells, a fresh grid every few); 0 is DefaultMaxAttempts.
	MaxAttempts int
}

// Puzzle is one generated puzzle with its rating.
type Puzzle struct {
	Index    int    // its place in the set, from 0
	Seed     uint64 // the seed it was made from: Options.Seed + Index
	Givens   solve.Grid
	Solution solve.Grid
	Grade    solve.Grade
	Score    int
	SE       int // the estimate of Sudoku Explainer's rating, in tenths (solve.Rating.SE)
	Hardest  solve.Technique
	Attempts int // the digs it took
}

// Clues is the number of givens.
func (p *Puzzle) Clues() int { return p.Givens.Filled() }

// Generator makes the puzzles of one set of options. It is not safe for
// concurrent use: give each goroutine its own (New is cheap). It keeps its
// solver and tables between puzzles.
type Generator struct {
	opts    Options
	solver  solve.Solver
	orbits  [][]int
	order   []int
	removed []int
	in      []int                 // neighbour's orbits given, shuffled
	near    nearby                // what neighbour knows of the puzzle it moves from
	rates   map[solve.Grid]rating // what a hard climb's rate said of its moves
	singles *singles
	seen    witnesses       // the unavoidable sets met in the current grid
	sols    [2]solve.Grid   // the solutions a count finds
	easiest solve.Grade     // the easiest grade a puzzle may have
	stop    <-chan struct{} // closed: give up between attempts

	// A puzzle counted to two solutions, and the guesses its count took:
	// the last that counted proved unique, or that searchHard counted.
	lastCounted solve.Grid
	lastGuesses int
}

// New checks the options and returns a Generator. A grade that no puzzle
// of the shape can have is ErrImpossible at once, rather than a search
// that cannot end.
func New(opts Options) (*Generator, error) {
	if opts.Shape == (solve.Shape{}) {
		opts.Shape = solve.Shape9
	}
	if !opts.Shape.Valid() {
		return nil, fmt.Errorf("%w: %v", solve.ErrShape, opts.Shape)
	}
	if opts.Symmetry < 0 || opts.Symmetry >= numSymmetries {
		return nil, fmt.Errorf("unknown symmetry %d", int(opts.Symmetry))
	}
	if !opts.AnyGrade {
		if opts.Grade < solve.Easy || opts.Grade > solve.Extreme {
			return nil, fmt.Errorf("unknown grade %d", int(opts.Grade))
		}
		if err := Feasible(opts.Shape, opts.Grade); err != nil {
			return nil, err
		}
	}
	if err := checkBand(&opts); err != nil {
		return nil, err
	}
	if opts.MaxAttempts <= 0 {
		opts.MaxAttempts = DefaultMaxAttempts(opts.Shape)
	}
	g := &Generator{opts: opts, orbits: opts.Symmetry.Orbits(opts.Shape), singles: newSingles(opts.Shape)}
	if !opts.AnyGrade {
		g.easiest = opts.Grade
	}
	if opts.SE.Set() {
		g.easiest, _, _ = bandGrades(&opts)
	}
	g.order = make([]int, len(g.orbits))
	g.removed = make([]int, 0, len(g.orbits))
	return g, nil
}

// Options returns the options of g, with the defaults filled in.
func (g *Generator) Options() Options { return g.opts }

// rngFor returns the random source of the puzzle made from seed.
func rngFor(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(mix(seed), mix(seed^0x9e3779b97f4a7c15)))
}

// mix is SplitMix64's finaliser: nearby seeds give unrelated states.
func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// digsPerGrid is how many orders of the cells are dug from one grid before
// a new grid is made.
const digsPerGrid = 4

// Puzzle makes puzzle i of the set: the same options and i always give the
// same puzzle. It returns an error wrapping ErrNotFound when the attempts
// run out.
func (g *Generator) Puzzle(i int) (Puzzle, error) {
	seed := g.opts.Seed + uint64(i)
	rng := rngFor(seed)
	var sol solve.Grid
	for attempt := 1; attempt <= g.opts.MaxAttempts; attempt++ {
		select {
		case <-g.stop:
			return Puzzle{}, errStopped
		default:
		}
		if (attempt-1)%digsPerGrid == 0 {
			var err error
			if sol, err = fullGrid(&g.solver, g.opts.Shape, rng); err != nil {
				return Puzzle{}, err
			}
			g.seen.reset(&sol, g.singles)
		}
		p, ok, err := g.dig(&sol, rng)
		if err != nil {
			return Puzzle{}, err
		}
		if ok {
			p.Index, p.Seed, p.Attempts, p.Solution = i, seed, attempt, sol
			return p, nil
		}
	}
	return Puzzle{}, fmt.Errorf("%w: %s after %d attempt%s (seed %d)", ErrNotFound, g.describe(), g.opts.MaxAttempts, plural(g.opts.MaxAttempts), seed)
}

// describe names the puzzle asked for: "a minimal Extreme 6x6 puzzle with
// diagonal symmetry".
func (g *Generator) describe() string {
	o := g.opts
	s := ""
	if o.Minimal {
		s += "minimal "
	}
	if !o.AnyGrade {
		s += o.Grade.String() + " "
	}
	s += o.Shape.String() + " puzzle"
	if o.SE.Set() {
		s += " rated " + o.SE.String()
	}
	if strings.ContainsRune("aeiouAEIOU8", rune(s[0])) { // "an 8x8", "an Easy"
		s = "an " + s
	} else {
		s = "a " + s
	}
	if o.Symmetry != None {
		s += " with " + o.Symmetry.String() + " symmetry"
	}
	return s
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
