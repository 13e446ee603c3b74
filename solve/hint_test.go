package solve

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hintPositions are grids (the puzzle, and the puzzle with a student's
// correct entries) where NextStep's step uses the technique named. They
// were found by walking the explanations of the puzzles of testdata.
var hintPositions = []struct{ technique, givens, current string }{
	{"Full House", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", "..3.....2..2.....14.7..2.367.6..3.252.164...73.5....68.3....674.743862.962.4.7..."},
	{"Naked Single", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."},
	{"Hidden Single", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", ".................1.....2.3......3.2...1.4......5....6..3......4.74.8...962...7..."},
	{"Pointing", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", "..3.....2..2.....1..7..2.36..6..3.2...1.4......5....6..3......4.74.8...962.4.7..."},
	{"Claiming", "..............1.23..4.5...6.....2......7......35...4......3.8..2....6...7.1......", "...62.......471.23.24.5.7.6.....2.....27......35...472..9237861283..6..7761...23."},
	{"Naked Pair", "................12..3..4..5.....36...2..6.7...8..........2.1..8..6........9...4..", "..2....46.48....12.63.24.75..5..3624321465789684972153437291568856347291219...437"},
	{"Hidden Pair", "..3...6.......1.9..7..5.....18....5..2..7.1..6.9....72...83..1....2.....4...673..", "..37..6.......1.9..7..5....718....5..2497.1..6.9....72...83..1....2.....4...673.."},
	{"Naked Triple", "................12..3.45......6......1....3..7..1........7.8..6.3........49...5..", "4769..8.....3..4121238456..3..6..7.1.1....36.76.1.32..251738946637...1288492..5.."},
	{"Hidden Triple", "....714.2.........2.7....3..4.19.25..8.......7....3.4...3..7...5.4....9.....2....", "....714.24......7.2.7....3.346198257.8.7.....7....3.4...3..7.2.524..679..7..2...."},
	{"X-Wing", "3..5..1...7.....8...8..4..66..4..9...3..6..5...7..1..48..1..3......2..6...2..9...", "3..5..1...7.....8...8..4..66..4..9...3..6..5...7..16.48..1..3....3.2..6...2..9..."},
	{"Skyscraper", "..............1..2..3..4.5......3....6......787......9....5.4......6..3..9.7.....", "...5.7..3...3.1..2..36.4.51...873564364915287875246319.3815.4.6...46..38496738125"},
	{"2-String Kite", "..3...6.......1.9..7..5.....18....5..2..7.1..6.9....72...83..1....2.....4...673..", "..3...6.......1.9..7..5....718....5..2..7.1..6.9....72...83..1....2.....4...673.."},
	{"Empty Rectangle", ".......42581.........86.......4..9.5.....3....68..7....53.2..84........72.....1..", "6....5842581....96...869......4..9.5..5..3..8.68..7....53.2168481......72.....1.9"},
	{"XY-Wing", "................12..3.45......6......1....3..7..1........7.8..6.3........49...5..", "4769128..5983764121238456..38.62.7.1912.8736.76.1.328.251738946637...1288492615.."},
	{"W-Wing", "...4...8...7..92......3...52...7.1....19.....76...1...5...9..4...6..29.....8....3", "...4.6789..7..923.....3.4.52...7.1....19...7.76...1...5...9..4...6..29.....8...23"},
	{"Swordfish", "5..7.........3..7...8..5..36..1..4...8..2..9...9..8..1...4..3...6..9..4...2..6..9", "5..7.........3..7...8..5..36..1.94...8..2..9...9..8..1...4..3...6..9..4...2..6..9"},
	{"Finned X-Wing", "98.7..6..7..5..48.....8....5...9..64.7....9.....6...5.4..9..5....3...........2..1", "98.7..6..7..5..48.....8....5...9..64.7....9....96...5.4..9..5....3....4.8..4.23.1"},
	{"Finned Swordfish", "98.7..6..7...5..9...4..9..74....8..3..8...2....31......4...7..8...5..1......6..2.", "9857..6..7...5..9...4..9..74....8..3..8...2....31......4...7..8...5..1......6..2."},
	{"Hidden Rectangle", "98.7.....6.....8....7.5..9.4....3..2..89..6......4..1..1.....3...95..7.......2..9", "98.7.....6.....8....7.5..9.4....3..2..89..6......4..1..1.....3...95..7.......2..9"},
	{"Unique Rectangle Type 3", "98.76.5..7..5......45.8.6..8..4.63..6...3..9..3........9..4.8.....3....2.....1.5.", "98.76.5..76.51..89.4598.6..8.94.63..6...37.9..3...9....9.2458.....3.8..2.286.1.5."},
	{"Avoidable Rectangle Type 1", "5..2..3......8..9...2..4..66..1..9...1.....4...7..3..87..3..4...9..7..2...5..6..9", "5..2..3......8..9...2.341.66..1..9...1.75.64...7..3.187..3..465396475821..58.6739"},
	{"Avoidable Rectangle Type 2", "98.76.5..5....8.....7.5....4.8..76....6..97......3..4..2......1..9..52.....2...9.", "98.76.5..5....8.....7.5....498517623..64.97......3..4..2.....51..9..52.....2...9."},
	{"Sue de Coq", "...7.....12.....84....8.....945.....3....2..67....45........16.6.1..73.5....5...7", "...72.6..12.635.84..648.....94563...31587249676.91453....348169681297345...156827"},
	{"XY-Chain", ".2..316.......938.9.35....1......8...1.6...4.2.6.97....9....56..........5....2.38", ".2.731695...2493879735..421..912.876.1.6..249286497153.9.3.4562.328..9145..9.2738"},
	{"AIC", ".2...3..48..7..39...7....61..3.7...8..6..213.5.........4.8....6..8.1..2..5...9...", ".2...3..48..7..39...7....61..3.7...8..6..213.5.........4.8....6..8.1..2..5...9..."},
	{"Grouped AIC", "98.7..6..5..6.......6.8..4.3...7......85..9.......8.3..2...1.7...54..8......2...1", "98.7..62.5.26.......6.8..4.3...7......85..9.......8.3..2...1.7...54..8.2....2...1"},
	{"ALS-XZ", "98.76.5..7.43..9....6......4......95.7.5...34......7..3..9..4....2...........8.1.", "98376.5..7.43..9....6......4......95.7.5...34......7..3..9..4....2...........8.1."},
	{"ALS-XY-Wing", "98.7..6..5...9..7...7..6...45.3.......8.6.9..........4.2.1.......5.8.7.......2.13", "98.7.46.55...9..7...7..6...45.3.......846.9..........4.2.1.......5.8.7.......2.13"},
	{"Death Blossom", "98.7..6....7.5..9......8...6.......4.3.4..9....9.2..3.5......1..9..1...7..15.23..", "98.73.6....7.5..9......8...6.......4.3.4..9....9.2..3.5......1..9..1...7..15.23.."},
	{"Forcing Net", "98.7.....6...9.7....7.65...4....3.2...86..5.........34.1.........65..9......2...1", "98.7.....6...9.7....7.65.9.4....3.2...86..5.9.......34.1.........65..9......2...1"},
	{"Nested Forcing Net", "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2", "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2"},
}

var (
	cellRef  = regexp.MustCompile(`r[0-9]+c[0-9]+`)
	unitRefs = regexp.MustCompile(`(rows?|columns?|box(es)?) [0-9]+((, | and )[0-9]+)*`)
	digitRef = regexp.MustCompile(`digit [0-9]+`)
	anyDigit = regexp.MustCompile(`[0-9]`)
)

// where returns what level 1 of a hint for s must name: the unit, row or
// digit to look at, or "" for the techniques that span the grid.
func where(s *Step) string {
	switch s.Technique {
	case NakedSingle, XYWing, XYZWing, ForcingNet, ForcingNetNested, BruteForce, DeathBlossom:
		return Unit{Row, s.Cells[0].Row}.String()
	case XWing, Swordfish, Jellyfish, FinnedXWing, FinnedSwordfish, FinnedJellyfish,
		Skyscraper, TwoStringKite, SimpleColors, XChain:
		return "digit " + DigitString(s.Digits.List()[0])
	case EmptyRectangle:
		return "digit " + DigitString(s.Digits.List()[0]) + " in " + s.Units[0].String()
	case UniqueRectangle1, UniqueRectangle2, UniqueRectangle3, UniqueRectangle4, UniqueRectangle5, UniqueRectangle6, HiddenRectangle, AvoidableRect1, AvoidableRect2:
		return "rows " + itoa(s.Cells[0].Row+1) + " and " + itoa(s.Cells[3].Row+1)
	case XYChain, AIC, GroupedAIC, BUGPlus1, BUGPlusN:
		return ""
	case ALSXZ:
		return s.Units[0].String() + " and " + s.Units[1].String()
	case ALSXYWing:
		return s.Units[0].String() + ", " + s.Units[1].String() + " and " + s.Units[2].String()
	case SueDeCoq:
		return s.Units[0].String() + " crosses " + s.Units[1].String()
	}
	return s.Units[0].String()
}

func itoa(n int) string { return string(rune('0' + n)) }

// checkHint checks the three levels of the hint of s.
func checkHint(t *testing.T, s *Step) {
	t.Helper()
	one, two, three := s.Hint(1), s.Hint(2), s.Hint(3)
	name := s.Technique.ShortName()

	// level 1: the technique and where, no cell and nothing the step does
	assert.True(t, strings.HasPrefix(one, "Look for "), one)
	assert.Contains(t, one, name)
	assert.Contains(t, one, where(s))
	assert.False(t, cellRef.MatchString(one), "level 1 names a cell: %s", one)
	rest := unitRefs.ReplaceAllString(strings.Replace(one, name, "", 1), "")
	if len(s.Placements) == 0 {
		for _, m := range digitRef.FindAllString(rest, -1) {
			d := int(m[len(m)-1] - '0')
			assert.True(t, s.Digits.Has(d), "%s: digit %d is not the pattern's", one, d)
		}
		rest = digitRef.ReplaceAllString(rest, "")
	}
	assert.False(t, anyDigit.MatchString(rest), "level 1 gives a digit away: %s", one)
	for _, e := range s.Eliminations {
		assert.NotContains(t, one, e.Cell.String())
	}

	// level 2: the cells of the pattern too, still not the digit placed
	assert.Contains(t, two, name)
	cells := append(append([]Cell(nil), s.Cells...), s.Fins...)
	if s.Technique == ForcingNet {
		cells = s.Cells[:1] // Cells[1] is where the contradiction shows
	}
	for _, c := range cells {
		assert.Contains(t, two, c.String(), "level 2 names the pattern")
	}
	for _, c := range s.Chain {
		assert.Contains(t, two, c.Cell.String(), "level 2 names the chain")
	}
	if len(s.Placements) > 0 && len(s.Eliminations) == 0 {
		rest := unitRefs.ReplaceAllString(cellRef.ReplaceAllString(strings.Replace(two, name, "", 1), ""), "")
		assert.False(t, anyDigit.MatchString(rest), "level 2 gives the digit away: %s", two)
	}
	assert.True(t, strings.HasSuffix(two, "."), two)

	// level 3: the whole step; out of range levels clamp
	assert.Equal(t, s.Text(), three)
	assert.Equal(t, one, s.Hint(0))
	assert.Equal(t, one, s.Hint(-3))
	assert.Equal(t, three, s.Hint(4))
}

func TestHintFromNextStep(t *testing.T) {
	for _, p := range hintPositions {
		t.Run(p.technique, func(t *testing.T) {
			want, err := ParseTechnique(p.technique)
			require.NoError(t, err)
			givens, err := ParseLine(p.givens)
			require.NoError(t, err)
			current, err := ParseLine(p.current)
			require.NoError(t, err)
			s, err := NextStep(givens, current)
			require.NoError(t, err)
			require.Equal(t, want, s.Technique)
			checkHint(t, &s)
		})
	}
}

// Techniques that no position of testdata gives first, on positions made
// by hand as in their own tests.
func TestHintBuiltSteps(t *testing.T) {
	cases := []struct {
		name string
		make func(t *testing.T) []Step
	}{
		{"Unique Rectangle Type 1", func(t *testing.T) []Step {
			h := newHuman(t, Shape9, "")
			h.setCands("r1c1", 4, 7)
			h.setCands("r1c4", 4, 7)
			h.setCands("r3c1", 4, 7)
			h.setCands("r3c4", 4, 7, 9)
			return h.findAll((*human).uniqueRectangle1)
		}},
		{"XYZ-Wing", func(t *testing.T) []Step {
			h := newHuman(t, Shape9, "")
			h.setCands("r1c1", 1, 2, 3)
			h.setCands("r1c5", 1, 3)
			h.setCands("r2c2", 2, 3)
			return h.findAll((*human).xyzWing)
		}},
		{"Simple Colors", func(t *testing.T) []Step {
			h := newHuman(t, Shape9, "")
			h.keepDigit(Unit{Row, 0}, 8, "r1c1", "r1c5")
			h.keepDigit(Unit{Col, 4}, 8, "r1c5", "r5c5")
			h.keepDigit(Unit{Box, 4}, 8, "r5c5", "r4c4")
			return h.findAll((*human).simpleColors)
		}},
		{"Brute Force", func(t *testing.T) []Step {
			g := readPuzzles(t, "testdata/human_sound.txt", 1, 1, false)[0]
			h := &human{}
			require.NoError(t, h.prepare(&g, &g))
			h.text = true
			return h.findAll((*human).bruteForce)
		}},
		{"X-Chain", func(t *testing.T) []Step {
			h := newHuman(t, Shape9, "")
			h.keepDigit(Unit{Row, 0}, 5, "r1c1", "r1c5")
			h.keepDigit(Unit{Row, 3}, 5, "r4c5", "r4c8")
			h.keepDigit(Unit{Row, 6}, 5, "r7c8", "r7c3")
			return h.findAll(func(h *human) { h.chains(XChain) })
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			steps := tc.make(t)
			require.NotEmpty(t, steps)
			for k := range steps {
				checkHint(t, &steps[k])
			}
		})
	}
}

func TestHintWording(t *testing.T) {
	// r5c2 is the only place for 7 in box 4 (as in TestStepJSONAndText)
	h := hiddenSingleBox4(t)
	var s *Step
	for k := range h.found {
		if h.found[k].Units[0] == (Unit{Box, 3}) {
			s = &h.found[k]
		}
	}
	require.NotNil(t, s)
	assert.Equal(t, "Look for a Hidden Single in box 4.", s.Hint(1))
	assert.Equal(t, "A Hidden Single in box 4: look at r5c2.", s.Hint(2))

	// an X-Wing on 7 in rows 2 and 5, columns 3 and 8
	h = newHuman(t, Shape9, "")
	h.keepDigit(Unit{Row, 1}, 7, "r2c3", "r2c8")
	h.keepDigit(Unit{Row, 4}, 7, "r5c3", "r5c8")
	steps := h.findAll(func(h *human) { h.fish(XWing, 2, false) })
	var x *Step
	for k := range steps {
		if steps[k].Units[0] == (Unit{Row, 1}) {
			x = &steps[k]
		}
	}
	require.NotNil(t, x, "%v", steps)
	assert.Equal(t, "Look for an X-Wing on digit 7.", x.Hint(1))
	assert.Equal(t, "An X-Wing on digit 7 in rows 2 and 5: look at r2c3, r2c8, r5c3 and r5c8.", x.Hint(2))

	// a naked pair in row 3
	h = newHuman(t, Shape9, "")
	h.setCands("r3c1", 1, 2)
	h.setCands("r3c7", 1, 2)
	steps = h.findAll(func(h *human) { h.nakedSubset(NakedPair, 2) })
	var pair *Step
	for k := range steps {
		if steps[k].Units[0] == (Unit{Row, 2}) {
			pair = &steps[k]
		}
	}
	require.NotNil(t, pair)
	assert.Equal(t, "Look for a Naked Pair in row 3.", pair.Hint(1))

	// "a Unique Rectangle", not "an"
	h = newHuman(t, Shape9, "")
	h.setCands("r1c1", 4, 7)
	h.setCands("r1c4", 4, 7)
	h.setCands("r3c1", 4, 7)
	h.setCands("r3c4", 4, 7, 9)
	steps = h.findAll((*human).uniqueRectangle1)
	require.NotEmpty(t, steps)
	assert.Equal(t, "Look for a Unique Rectangle Type 1 in rows 1 and 3.", steps[0].Hint(1))
	assert.Equal(t, "A Naked Pair in row 3: look at r3c1 and r3c7.", pair.Hint(2))
}
