package generate

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/xlsudoku/xlsudoku/solve"
)

// scaled is n puzzles, fewer with -short and fewer still under -race.
func scaled(n, short, race int) int {
	switch {
	case raceEnabled:
		return race
	case testing.Short():
		return short
	}
	return n
}

// checkPuzzle asserts everything a generated puzzle promises.
func checkPuzzle(t *testing.T, opts Options, p *Puzzle) {
	t.Helper()
	var s solve.Solver
	var sols [2]solve.Grid
	line := solve.FormatLine(&p.Givens)
	require.Equal(t, 1, s.Count(&p.Givens, 2, sols[:]), "not unique: %s", line)
	require.Equal(t, sols[0], p.Solution, "%s", line)
	for i, d := range p.Givens.Cells[:p.Givens.Shape.Cells()] {
		if d != 0 {
			require.Equal(t, p.Solution.Cells[i], d, "%s: a given differs from the solution", line)
		}
	}
	grade, score, hardest, err := solve.Rate(p.Givens)
	require.NoError(t, err, line)
	if !opts.AnyGrade {
		require.Equal(t, opts.Grade, grade, "%s", line)
	}
	assert.Equal(t, grade, p.Grade, line)
	assert.Equal(t, score, p.Score, line)
	assert.Equal(t, hardest, p.Hardest, line)
	require.True(t, opts.Symmetry.Holds(&p.Givens), "%s is not %v", line, opts.Symmetry)
	assert.Equal(t, opts.Seed+uint64(p.Index), p.Seed)
	if opts.Minimal {
		for i := range p.Givens.Shape.Cells() {
			if d := p.Givens.Cells[i]; d != 0 {
				q := p.Givens
				q.Cells[i] = 0
				require.Equal(t, 2, s.Count(&q, 2, nil), "%s: the given at %d can go", line, i)
			}
		}
	}
}

func TestGradesAreTheOnesAskedFor(t *testing.T) {
	tests := []struct {
		grade solve.Grade
		any   bool
		n     int
	}{
		{any: true, n: scaled(1000, 100, 20)},
		{grade: solve.Easy, n: scaled(1000, 100, 20)},
		{grade: solve.Medium, n: scaled(1000, 50, 10)},
		{grade: solve.Hard, n: scaled(1000, 50, 10)},
		{grade: solve.Expert, n: scaled(1000, 50, 10)},
		{grade: solve.Extreme, n: scaled(100, 10, 3)},
	}
	for _, tt := range tests {
		name := tt.grade.String()
		if tt.any {
			name = "Any"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			opts := Options{Grade: tt.grade, AnyGrade: tt.any, Symmetry: Rotational, Seed: 2024}
			ps, err := Generate(context.Background(), opts, tt.n, runtime.NumCPU(), nil)
			require.NoError(t, err)
			require.Len(t, ps, tt.n)
			seen := map[solve.Grid]bool{}
			for i := range ps {
				require.Equal(t, i, ps[i].Index)
				checkPuzzle(t, opts, &ps[i])
				require.False(t, seen[ps[i].Givens], "puzzle %d repeats an earlier one", i)
				seen[ps[i].Givens] = true
			}
		})
	}
}

func TestEveryShape(t *testing.T) {
	shapes := append([]solve.Shape{}, solve.Shapes...)
	for _, box := range []struct {
		size int
		box  string
	}{{6, "3x2"}, {8, "4x2"}, {12, "4x3"}} {
		s, err := solve.ParseBox(box.size, box.box)
		require.NoError(t, err)
		shapes = append(shapes, s)
	}
	for _, shape := range shapes {
		for _, grade := range []solve.Grade{solve.Easy, solve.Hard} {
			if Feasible(shape, grade) != nil {
				continue
			}
			t.Run(fmt.Sprintf("%v/%v", shape, grade), func(t *testing.T) {
				n := scaled(20, 5, 2)
				if shape.Size >= 12 {
					n = scaled(3, 1, 1)
				}
				opts := Options{Shape: shape, Grade: grade, Symmetry: Rotational, Seed: 7}
				ps, err := Generate(context.Background(), opts, n, runtime.NumCPU(), nil)
				require.NoError(t, err)
				for i := range ps {
					require.Equal(t, shape, ps[i].Givens.Shape)
					checkPuzzle(t, opts, &ps[i])
				}
			})
		}
	}
}

func TestSymmetriesHold(t *testing.T) {
	for _, sym := range Symmetries() {
		for _, shape := range []solve.Shape{solve.Shape6, solve.Shape9} {
			t.Run(fmt.Sprintf("%v/%v", sym, shape), func(t *testing.T) {
				opts := Options{Shape: shape, AnyGrade: true, Symmetry: sym, Seed: 99}
				ps, err := Generate(context.Background(), opts, scaled(30, 10, 3), 2, nil)
				require.NoError(t, err)
				for i := range ps {
					checkPuzzle(t, opts, &ps[i])
				}
			})
		}
	}
}

func TestOrbits(t *testing.T) {
	tests := []struct {
		sym   Symmetry
		cell  int // r1c2 on 9x9
		orbit []int
	}{
		{None, 1, []int{1}},
		{Rotational, 1, []int{1, 79}},
		{Rotational90, 1, []int{1, 17, 79, 63}},
		{Mirror, 1, []int{1, 7}},
		{Vertical, 1, []int{1, 73}},
		{Diagonal, 1, []int{1, 9}},
		{AntiDiagonal, 1, []int{1, 71}},
		{Dihedral, 1, []int{1, 17, 79, 63, 7, 73, 9, 71}},
	}
	for _, tt := range tests {
		t.Run(tt.sym.String(), func(t *testing.T) {
			orbits := tt.sym.Orbits(solve.Shape9)
			seen := map[int]int{}
			for _, o := range orbits {
				for _, i := range o {
					seen[i]++
				}
				if o[0] == tt.cell {
					assert.ElementsMatch(t, tt.orbit, o)
				}
			}
			assert.Len(t, seen, 81, "every cell is in an orbit")
			for i, n := range seen {
				assert.Equal(t, 1, n, "cell %d is in %d orbits", i, n)
			}
			parsed, err := ParseSymmetry(tt.sym.String())
			require.NoError(t, err)
			assert.Equal(t, tt.sym, parsed)
		})
	}
	_, err := ParseSymmetry("spiral")
	assert.ErrorContains(t, err, `unknown symmetry "spiral"`)
}

func TestMinimal(t *testing.T) {
	for _, sym := range []Symmetry{None, Rotational, Mirror} {
		for _, grade := range []solve.Grade{solve.Easy, solve.Medium, solve.Hard} {
			t.Run(fmt.Sprintf("%v/%v", sym, grade), func(t *testing.T) {
				opts := Options{Grade: grade, Symmetry: sym, Minimal: true, Seed: 5}
				ps, err := Generate(context.Background(), opts, scaled(20, 5, 2), runtime.NumCPU(), nil)
				require.NoError(t, err)
				for i := range ps {
					checkPuzzle(t, opts, &ps[i])
				}
			})
		}
	}
}

func TestSeedReproduces(t *testing.T) {
	// Extreme too: its climbs keep state in each worker's generator (the
	// moves rated, the exact solver's guesses), which must not carry over
	// from one puzzle to the next.
	extreme := Options{Grade: solve.Extreme, Symmetry: Rotational, Seed: 4242}
	m := scaled(8, 4, 2)
	one, err := Generate(context.Background(), extreme, m, 1, nil)
	require.NoError(t, err)
	for _, workers := range []int{2, 3} {
		many, err := Generate(context.Background(), extreme, m, workers, nil)
		require.NoError(t, err)
		require.Equal(t, one, many, "Extreme, %d workers", workers)
	}

	opts := Options{Grade: solve.Hard, Symmetry: Rotational, Seed: 31337}
	n := scaled(40, 12, 6)
	one, err = Generate(context.Background(), opts, n, 1, nil)
	require.NoError(t, err)
	for _, workers := range []int{2, 3, 8} {
		many, err := Generate(context.Background(), opts, n, workers, nil)
		require.NoError(t, err)
		require.Equal(t, one, many, "%d workers", workers)
	}
	// Puzzle i of seed S is puzzle 0 of seed S+i.
	g, err := New(Options{Grade: solve.Hard, Symmetry: Rotational, Seed: opts.Seed + 5})
	require.NoError(t, err)
	p, err := g.Puzzle(0)
	require.NoError(t, err)
	assert.Equal(t, one[5].Givens, p.Givens)
	assert.Equal(t, one[5].Seed, p.Seed)
	// Another seed, other puzzles.
	opts.Seed++
	other, err := Generate(context.Background(), opts, 1, 1, nil)
	require.NoError(t, err)
	assert.NotEqual(t, one[0].Givens, other[0].Givens)
}

// TestImpossibleAtOnce: a grade that cannot exist for the size is refused
// before any puzzle is dug: no progress is ever reported. How quickly is
// BenchmarkRefusals' business.
func TestImpossibleAtOnce(t *testing.T) {
	for _, grade := range []solve.Grade{solve.Medium, solve.Hard, solve.Expert, solve.Extreme} {
		made := 0
		_, err := Generate(context.Background(), Options{Shape: solve.Shape4, Grade: grade}, 10, 2, func(int) { made++ })
		require.ErrorIs(t, err, ErrImpossible)
		assert.ErrorContains(t, err, "every 4x4 puzzle is Easy")
		assert.Zero(t, made)
	}
}

// searchForever is a search that would take 2^30 digs per puzzle, for the
// context to end.
var searchForever = Options{Shape: solve.Shape6, Grade: solve.Extreme, Symmetry: Dihedral, MaxAttempts: 1 << 30}

func TestSearchesEnd(t *testing.T) {
	t.Run("attempts", func(t *testing.T) {
		opts := Options{Shape: solve.Shape6, Grade: solve.Extreme, Symmetry: Dihedral, Minimal: true, MaxAttempts: 3, Seed: 1}
		ps, err := Generate(context.Background(), opts, 5, 2, nil)
		require.ErrorIs(t, err, ErrNotFound)
		assert.ErrorContains(t, err, "a minimal Extreme 6x6 puzzle with dihedral symmetry after 3 attempts")
		assert.Empty(t, ps)
	})
	t.Run("attempts, the puzzles before", func(t *testing.T) {
		// A puzzle not found within its attempts gives up the puzzles
		// after it only: those before it are made, the same for any
		// number of workers, and the error is the first failing
		// puzzle's (a review of 3 December: with 8 workers, 1 of the 12
		// before it was kept, and a later puzzle's seed named). Expert
		// in one attempt: puzzle 0 (seed 2) is made, puzzle 1 (seed 3) not.
		opts := Options{Grade: solve.Expert, Symmetry: Rotational, MaxAttempts: 1, Seed: 2}
		one, err1 := Generate(context.Background(), opts, 12, 1, nil)
		require.ErrorIs(t, err1, ErrNotFound)
		require.Len(t, one, 1)
		for _, workers := range []int{2, 4, 8} {
			ps, err := Generate(context.Background(), opts, 12, workers, nil)
			require.ErrorIs(t, err, ErrNotFound, "%d workers", workers)
			assert.Equal(t, err1.Error(), err.Error(), "%d workers", workers)
			assert.Equal(t, one, ps, "%d workers", workers)
		}
		assert.ErrorContains(t, err1, "(seed 3)")
	})
	t.Run("time", func(t *testing.T) {
		// The test returning at all is the point: without the context,
		// the search would outlast the test binary's timeout.
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		ps, err := Generate(ctx, searchForever, 5, 2, nil)
		require.ErrorIs(t, err, ErrNotFound)
		require.True(t, errors.Is(err, context.DeadlineExceeded), err)
		assert.Empty(t, ps)
	})
}

// BenchmarkRefusals measures how long Generate takes to give up: on a grade
// the size cannot have, and on a search whose context is already done.
//
//	go test ./generate -run '^$' -bench Refusals
func BenchmarkRefusals(b *testing.B) {
	b.Run("impossible", func(b *testing.B) {
		for b.Loop() {
			if _, err := Generate(context.Background(), Options{Shape: solve.Shape4, Grade: solve.Extreme}, 10, 2, nil); !errors.Is(err, ErrImpossible) {
				b.Fatal(err)
			}
		}
	})
	b.Run("cancelled", func(b *testing.B) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		for b.Loop() {
			if _, err := Generate(ctx, searchForever, 5, 2, nil); !errors.Is(err, context.Canceled) {
				b.Fatal(err)
			}
		}
	})
}

func TestProgressCounts(t *testing.T) {
	var calls []int
	_, err := Generate(context.Background(), Options{AnyGrade: true, Seed: 3}, 25, 3, func(done int) { calls = append(calls, done) })
	require.NoError(t, err)
	require.Len(t, calls, 25)
	for i, c := range calls {
		assert.Equal(t, i+1, c)
	}
}

// TestSinglesIsEasy: the digger's singles check agrees with the grader's
// Easy, on puzzles of every size in every stage of digging.
func TestSinglesIsEasy(t *testing.T) {
	for _, shape := range []solve.Shape{solve.Shape4, solve.Shape6, solve.Shape8, solve.Shape9, solve.Shape12} {
		g, err := New(Options{Shape: shape, AnyGrade: true})
		require.NoError(t, err)
		sg := newSingles(shape)
		rng := rngFor(11)
		for range scaled(30, 10, 3) {
			sol, err := fullGrid(&g.solver, shape, rng)
			require.NoError(t, err)
			p := sol
			for _, i := range rng.Perm(shape.Cells()) {
				p.Cells[i] = 0
				if g.solver.Count(&p, 2, nil) != 1 {
					p.Cells[i] = sol.Cells[i]
					continue
				}
				grade, _, _, err := solve.Rate(p)
				require.NoError(t, err)
				require.Equal(t, grade == solve.Easy, sg.solves(&p), "%s is %v", solve.FormatLine(&p), grade)
			}
		}
	}
}

func TestDescribe(t *testing.T) {
	tests := []struct {
		opts Options
		want string
	}{
		{Options{Grade: solve.Easy}, "an Easy 9x9 puzzle"},
		{Options{Grade: solve.Hard, Symmetry: Mirror}, "a Hard 9x9 puzzle with mirror symmetry"},
		{Options{Shape: solve.Shape8, AnyGrade: true}, "an 8x8 puzzle"},
		{Options{Grade: solve.Extreme, Minimal: true}, "a minimal Extreme 9x9 puzzle"},
	}
	for _, tt := range tests {
		g, err := New(tt.opts)
		require.NoError(t, err)
		assert.Equal(t, tt.want, g.describe())
	}
}

func TestGeneratePanicIsAnError(t *testing.T) {
	testPanic = func(i int) {
		if i == 3 {
			panic("a bug")
		}
	}
	defer func() { testPanic = nil }()
	ps, err := Generate(context.Background(), Options{Shape: solve.Shape4, AnyGrade: true, Seed: 1}, 8, 2, nil)
	var pe *PanicError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "a bug", pe.Value)
	assert.NotEmpty(t, pe.Stack)
	assert.Less(t, len(ps), 8, "the puzzles before the failed one at most")
}

// TestGenerateProgressPanic: a progress callback that panics makes
// Generate return a *PanicError. It used to deadlock: the callback ran with
// the workers' mutex held, and the worker's recover locked it again.
func TestGenerateProgressPanic(t *testing.T) {
	for _, workers := range []int{1, 2} {
		t.Run(fmt.Sprint(workers, " workers"), func(t *testing.T) {
			type result struct {
				ps  []Puzzle
				err error
			}
			res := make(chan result, 1)
			go func() {
				ps, err := Generate(context.Background(), Options{Shape: solve.Shape4, AnyGrade: true, Seed: 1}, 8, workers, func(done int) {
					if done == 3 {
						panic("a broken callback")
					}
				})
				res <- result{ps, err}
			}()
			select {
			case r := <-res:
				var pe *PanicError
				require.ErrorAs(t, r.err, &pe)
				assert.Equal(t, "a broken callback", pe.Value)
				if workers == 1 {
					assert.Len(t, r.ps, 3, "the puzzles made before the callback panicked")
				}
			case <-time.After(30 * time.Second): // only to fail fast: a deadlock never returns
				t.Fatal("Generate did not return after its progress callback panicked")
			}
		})
	}
}

// TestClimb: the puzzles climb finds from Easy digs (and for Expert from
// Medium and Hard ones too), climbExtreme from
// Hard and Expert ones and climbBand from those that rate below an SE
// band keep every promise of a generated puzzle of their grade (or band),
// and every orbit of them is needed, as after a dig (digBand may leave
// givens that are not, and so may a climb from its puzzle).
func TestClimb(t *testing.T) {
	for _, tt := range []struct {
		shape   solve.Shape
		sym     Symmetry
		grade   solve.Grade
		minimal bool
		want    int
		band    SEBand // with AnyGrade
	}{
		{solve.Shape9, Rotational, solve.Medium, false, scaled(30, 10, 3), SEBand{}},
		{solve.Shape9, None, solve.Medium, false, scaled(30, 10, 3), SEBand{}},
		{solve.Shape9, Diagonal, solve.Medium, false, scaled(30, 10, 3), SEBand{}},
		{solve.Shape6, Mirror, solve.Medium, false, scaled(3, 2, 1), SEBand{}}, // Medium is rare there: most are Easy
		{solve.Shape9, Rotational, solve.Expert, false, scaled(30, 10, 3), SEBand{}},
		{solve.Shape9, None, solve.Expert, false, scaled(30, 10, 3), SEBand{}},
		{solve.Shape6, Mirror, solve.Expert, false, scaled(2, 1, 1), SEBand{}},
		{solve.Shape9, Rotational, solve.Extreme, false, scaled(10, 3, 1), SEBand{}},
		{solve.Shape9, None, solve.Extreme, false, scaled(10, 3, 1), SEBand{}},
		{solve.Shape9, Mirror, solve.Extreme, true, scaled(3, 1, 1), SEBand{}},
		{solve.Shape9, Rotational, 0, false, scaled(5, 2, 1), SEBand{90, 90}},
		{solve.Shape9, None, 0, false, scaled(5, 2, 1), SEBand{80, 85}},
	} {
		what := tt.grade.String()
		if tt.band.Set() {
			what = tt.band.String()
		}
		t.Run(fmt.Sprintf("%v/%v/%s/minimal=%v", tt.shape, tt.sym, what, tt.minimal), func(t *testing.T) {
			opts := Options{Shape: tt.shape, Grade: tt.grade, Symmetry: tt.sym, Minimal: tt.minimal, SE: tt.band, AnyGrade: tt.band.Set()}
			g, err := New(opts)
			require.NoError(t, err)
			rng := rngFor(9)
			climbed := 0
			for range 20000 {
				if climbed == tt.want {
					break
				}
				sol, err := fullGrid(&g.solver, tt.shape, rng)
				require.NoError(t, err)
				g.seen.reset(&sol, g.singles)
				for i := range g.order {
					g.order[i] = i
				}
				rng.Shuffle(len(g.order), func(i, j int) { g.order[i], g.order[j] = g.order[j], g.order[i] })
				puzzle := sol
				g.removed = g.removed[:0]
				g.digUnique(&puzzle, &sol)
				var p Puzzle
				var ok bool
				switch {
				case tt.band.Set():
					if g.singles.solves(&puzzle) {
						continue
					}
					dug, inBand, err := g.digBand(&sol, puzzle)
					require.NoError(t, err)
					if inBand || dug.SE >= tt.band.Min || dug.Grade < solve.Hard {
						continue
					}
					p, ok, err = g.climbBand(&sol, dug, rng)
				case tt.grade == solve.Medium:
					if !g.singles.solves(&puzzle) {
						continue
					}
					p, ok, err = g.climb(&sol, puzzle, -1, rng)
				case tt.grade == solve.Expert:
					// From Easy digs and from Medium and Hard ones.
					score := -1
					if !g.singles.solves(&puzzle) {
						dug, err := g.rated(puzzle, &sol)
						require.NoError(t, err)
						if dug.Grade >= solve.Expert {
							continue
						}
						score = dug.Score
					}
					p, ok, err = g.climb(&sol, puzzle, score, rng)
				default:
					if g.singles.solves(&puzzle) {
						continue
					}
					dug, err := g.rated(puzzle, &sol)
					require.NoError(t, err)
					if dug.Grade < solve.Hard || dug.Grade == solve.Extreme {
						continue
					}
					p, ok, err = g.climbExtreme(&sol, dug, rng)
				}
				require.NoError(t, err)
				if !ok {
					continue
				}
				climbed++
				p.Solution = sol
				checkPuzzle(t, opts, &p)
				if tt.band.Set() {
					assert.True(t, tt.band.Has(p.SE), "%s rates %d, not in %v", solve.FormatLine(&p.Givens), p.SE, tt.band)
					continue
				}
				for _, orbit := range g.orbits {
					if p.Givens.Cells[orbit[0]] == 0 {
						continue
					}
					q := p.Givens
					for _, i := range orbit {
						q.Cells[i] = 0
					}
					require.Equal(t, 2, g.solver.Count(&q, 2, nil), "%s: orbit %v can go", solve.FormatLine(&p.Givens), orbit)
				}
			}
			require.Equal(t, tt.want, climbed)
		})
	}
}

// TestHoldsOnlyForRealSymmetriesAndGrids: Holds is false for a Symmetry
// that is none of the package's (Symmetry(99) held for every grid) and
// for a grid of a shape that is not supported (a 20x20 panicked).
func TestHoldsOnlyForRealSymmetriesAndGrids(t *testing.T) {
	empty := solve.NewGrid(solve.Shape9)
	assert.True(t, None.Holds(&empty))
	assert.True(t, Dihedral.Holds(&empty))
	assert.False(t, Symmetry(99).Holds(&empty))
	assert.False(t, Symmetry(-1).Holds(&empty))
	for _, s := range []solve.Shape{{}, {Size: 20, BoxRows: 4, BoxCols: 5}, {Size: 9}} {
		g := solve.NewGrid(s)
		assert.NotPanics(t, func() { assert.False(t, None.Holds(&g), "%v", s) })
	}
}
