package solve

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// colCells lists the cells of the given columns in the given rows.
func gridCells(rows, cols []int) []string {
	var out []string
	for _, r := range rows {
		for _, c := range cols {
			out = append(out, Cell{r - 1, c - 1}.String())
		}
	}
	return out
}

func TestFish(t *testing.T) {
	others := func(base ...int) []int {
		var out []int
	next:
		for r := 1; r <= 9; r++ {
			for _, b := range base {
				if r == b {
					continue next
				}
			}
			out = append(out, r)
		}
		return out
	}
	cases := []struct {
		name   string
		t      Technique
		k      int
		finned bool
		digit  int
		lines  map[int][]string // row -> the only cells that keep the digit
		broken map[int][]string // the same rows, with no fish
		elims  []string
	}{
		{"x-wing", XWing, 2, false, 4,
			map[int][]string{2: {"r2c3", "r2c8"}, 7: {"r7c3", "r7c8"}},
			map[int][]string{2: {"r2c3", "r2c8"}, 7: {"r7c3", "r7c5", "r7c8"}},
			gridCells(others(2, 7), []int{3, 8})},
		{"swordfish", Swordfish, 3, false, 5,
			map[int][]string{1: {"r1c2", "r1c5"}, 4: {"r4c5", "r4c8"}, 7: {"r7c2", "r7c8"}},
			map[int][]string{1: {"r1c2", "r1c5"}, 4: {"r4c5", "r4c8"}, 7: {"r7c2", "r7c9"}},
			gridCells(others(1, 4, 7), []int{2, 5, 8})},
		{"jellyfish", Jellyfish, 4, false, 6,
			map[int][]string{1: {"r1c1", "r1c3"}, 3: {"r3c3", "r3c5"}, 5: {"r5c5", "r5c7"}, 7: {"r7c7", "r7c1"}},
			map[int][]string{1: {"r1c1", "r1c3"}, 3: {"r3c3", "r3c5"}, 5: {"r5c5", "r5c7"}, 7: {"r7c7", "r7c9"}},
			gridCells(others(1, 3, 5, 7), []int{1, 3, 5, 7})},
		// the fin r7c9 is in box 9: of the cover cells, only those in box 9
		// see it
		{"finned x-wing", FinnedXWing, 2, true, 4,
			map[int][]string{2: {"r2c3", "r2c8"}, 7: {"r7c3", "r7c8", "r7c9"}},
			map[int][]string{2: {"r2c3", "r2c8"}, 7: {"r7c3", "r7c6", "r7c8"}},
			[]string{"(4)r8c8", "(4)r9c8"}},
		{"finned swordfish", FinnedSwordfish, 3, true, 5,
			map[int][]string{1: {"r1c2", "r1c5"}, 4: {"r4c5", "r4c8"}, 7: {"r7c2", "r7c8", "r7c9"}},
			map[int][]string{1: {"r1c2", "r1c5"}, 4: {"r4c5", "r4c8"}, 7: {"r7c1", "r7c2", "r7c8", "r7c9"}}, // fins in two boxes
			[]string{"(5)r8c8", "(5)r9c8"}},
		// the fin r7c9 is in box 9; and leaving column 3 out of the cover,
		// the fins r1c3 and r3c3 are in box 1, where r2c1 sees both: a
		// second finned jellyfish
		{"finned jellyfish", FinnedJellyfish, 4, true, 6,
			map[int][]string{1: {"r1c1", "r1c3"}, 3: {"r3c3", "r3c5"}, 5: {"r5c5", "r5c7"}, 7: {"r7c7", "r7c1", "r7c9"}},
			map[int][]string{1: {"r1c1", "r1c3"}, 3: {"r3c3", "r3c5"}, 5: {"r5c5", "r5c7", "r5c2"}, 7: {"r7c7", "r7c1", "r7c9"}},
			[]string{"(6)r8c7", "(6)r9c7"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			find := func(h *human) { h.fish(tc.t, tc.k, tc.finned) }
			h := newHuman(t, Shape9, "")
			for r, cells := range tc.lines {
				h.keepDigit(Unit{Row, r - 1}, tc.digit, cells...)
			}
			steps := h.findAll(find)
			n := 1
			if tc.t == FinnedJellyfish {
				n = 2
				require.NotNil(t, withEffect(steps, nil, []string{"(6)r2c1"}))
			}
			require.Len(t, steps, n, "%v", steps)
			var want []string
			for _, c := range tc.elims {
				if c[0] == '(' {
					want = append(want, c)
				} else {
					want = append(want, elimsOf(tc.digit, c)...)
				}
			}
			s := withEffect(steps, nil, want)
			require.NotNil(t, s, "%v", steps)
			assert.Len(t, s.Units, 2*tc.k)
			assert.Equal(t, tc.finned, len(s.Fins) > 0)
			assert.Contains(t, s.Text(), fmt.Sprintf("%s: %d in rows ", tc.t.ShortName(), tc.digit))

			// the same on the transposed grid: columns as base lines
			h = newHuman(t, Shape9, "")
			for r, cells := range tc.lines {
				var tr []string
				for _, c := range cells {
					x := rc(c)
					tr = append(tr, Cell{x.Col, x.Row}.String())
				}
				h.keepDigit(Unit{Col, r - 1}, tc.digit, tr...)
			}
			steps = h.findAll(find)
			require.Len(t, steps, n)
			var tw []string
			for _, e := range want {
				c := rc(e[3:])
				tw = append(tw, Candidate{Cell{c.Col, c.Row}, tc.digit}.String())
			}
			require.NotNil(t, withEffect(steps, nil, tw))

			h = newHuman(t, Shape9, "")
			for r, cells := range tc.broken {
				h.keepDigit(Unit{Row, r - 1}, tc.digit, cells...)
			}
			assert.Empty(t, h.findAll(find))
		})
	}
}

func TestFinnedFishOblongBoxes(t *testing.T) {
	// 8x8 with 2x4 boxes: rows 1 and 5, digit 2 in columns 2 and 6, the fin
	// r5c7 in box 6 (rows 5-6, columns 5-8): r6c6 sees the fin and is in a
	// cover column.
	h := newHuman(t, Shape8, "")
	h.keepDigit(Unit{Row, 0}, 2, "r1c2", "r1c6")
	h.keepDigit(Unit{Row, 4}, 2, "r5c2", "r5c6", "r5c7")
	steps := h.findAll(func(h *human) { h.fish(FinnedXWing, 2, true) })
	require.Len(t, steps, 1)
	assert.Equal(t, []string{"(2)r6c6"}, candStrings(steps[0].Eliminations))
	assert.Equal(t, []Cell{rc("r5c7")}, steps[0].Fins)
	assert.Equal(t, "Finned X-Wing: 2 in rows 1, 5 lies only in columns 2, 6 or in the fin r5c7, and the cells removed see every fin, so 2 is removed from r6c6.", steps[0].Text())
}

// stepsWith solves g with every technique, the shortcuts on or off
// (noShortcut), and returns the steps.
func stepsWith(g Grid, noShortcut bool) ([]Step, error) {
	h := getHuman()
	defer putHuman(h)
	if err := h.prepare(&g, &g); err != nil {
		return nil, err
	}
	h.noShortcut = noShortcut
	defer func() { h.noShortcut = false }()
	var out []Step
	err := h.run(BruteForce, func(s *Step) {
		c := s.clone()
		if len(c.ChainCells) == 0 {
			c.ChainCells = nil // a reused step's empty list is no difference
		}
		out = append(out, c)
	})
	return out, err
}

// TestShortcuts: skipping the digits whose candidates a fish or
// single-digit search (Skyscraper, 2-String Kite, Empty Rectangle, Simple
// Colors) has already seen find nothing, the patterns of almost locked
// sets none of which changed since ALS-XZ, ALS-XY-Wing or Death Blossom
// found nothing, the units unchanged since a naked or hidden subset search
// found nothing, the chain starts that reach nothing new
// since a chain search found nothing (chainMemo), the Sue de Coq
// intersections whose line and box have not changed since (sdcMemo), and
// the digits open in too few lines for a basic fish (complementFish) and
// the units with too few empty cells for a subset (complementSubsets)
// changes no step, on
// puzzles of every shape (a human reused from the pool starts with empty
// memos) and on the hard puzzles where fish and chains are tried round
// after round. Seeding no group in chainStarts fails it, and so do
// skipping every intersection in sueDeCoq and taking any of the
// complements' bounds one higher.
func TestShortcuts(t *testing.T) {
	var puzzles []Grid
	for _, file := range []string{"human_sound.txt", "human_shapes.txt", "human_shapes_3x2.txt"} {
		puzzles = append(puzzles, readPuzzles(t, "testdata/"+file, 1, 0, false)...)
	}
	if sampled() {
		puzzles = puzzles[:len(puzzles)/4]
	}
	// From the forum's hardest: a Death Blossom whose stem lost a candidate
	// since the last search, with petals that had not changed (taking the
	// stem as unchanged loses it).
	// And one that needs nested forcing nets, whose inner nets skip the
	// candidates an earlier inner net placed (markFree).
	for _, line := range []string{
		"98.7..6..75.....9...6......4...3...6..76...5......21....89...6.....4...2.....13..",
		"98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
	} {
		g, err := ParseLine(line)
		require.NoError(t, err)
		puzzles = append(puzzles, g)
	}
	steps := stepsWith
	finned := 0
	for _, g := range puzzles {
		want, err := steps(g, true)
		require.NoError(t, err, "%s", FormatLine(&g))
		got, err := steps(g, false)
		require.NoError(t, err, "%s", FormatLine(&g))
		require.Equal(t, want, got, "%s", FormatLine(&g))
		for _, s := range got {
			if s.Technique >= FinnedXWing && s.Technique <= FinnedJellyfish {
				finned++
			}
		}
	}
	assert.Positive(t, finned, "the puzzles need finned fish, so the memo meets rounds where fish found something")
}
