package solve

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A checker of the Eureka notation of steps: it reads the chain or net
// back from the step's text and checks every link on the board the step
// was found on, with nothing of the solver's.

// eNode is a node of a chain: a digit (1-based) in one cell or a group.
type eNode struct {
	digit int
	cells []int
}

var eNodeRe = regexp.MustCompile(`^\((\d)(?:([=-])(\d))?\)r(\d+)c(\d+)`)

// parseAIC reads "(5)r3c1=(5-8)r3c6=(8)r7c6" as nodes and the links
// between them (true: strong).
func parseAIC(t *testing.T, s string) (nodes []eNode, strong []bool) {
	t.Helper()
	for s != "" {
		m := eNodeRe.FindStringSubmatch(s)
		require.NotNil(t, m, "not a node: %q", s)
		var cells []int
		for _, r := range m[4] {
			for _, c := range m[5] {
				cells = append(cells, int(r-'1')*9+int(c-'1'))
			}
		}
		d, _ := strconv.Atoi(m[1])
		nodes = append(nodes, eNode{d, cells})
		if m[2] != "" {
			require.Len(t, cells, 1, "two digits of one cell: %q", m[0])
			d2, _ := strconv.Atoi(m[3])
			strong = append(strong, m[2] == "=")
			nodes = append(nodes, eNode{d2, cells})
		}
		s = s[len(m[0]):]
		if s != "" {
			require.Contains(t, "=-", s[:1], "a link: %q", s)
			strong = append(strong, s[0] == '=')
			s = s[1:]
		}
	}
	return nodes, strong
}

func sees(a, b int) bool {
	return a != b && (a/9 == b/9 || a%9 == b%9 || (a/27 == b/27 && a%9/3 == b%9/3))
}

// unitsOf9 lists the 27 units of a 9x9 grid as cells.
func unitsOf9() [][]int {
	var us [][]int
	for k := range 9 {
		var r, c, b []int
		for j := range 9 {
			r = append(r, k*9+j)
			c = append(c, j*9+k)
			b = append(b, (k/3*3+j/3)*9+k%3*3+j%3)
		}
		us = append(us, r, c, b)
	}
	return us
}

// weakLink: at most one of p, q is true.
func weakLink(p, q eNode) bool {
	if len(p.cells) == 1 && len(q.cells) == 1 && p.cells[0] == q.cells[0] {
		return p.digit != q.digit
	}
	if p.digit != q.digit {
		return false
	}
	for _, a := range p.cells {
		for _, b := range q.cells {
			if !sees(a, b) {
				return false
			}
		}
	}
	return true
}

// strongLink: at least one of p, q is true on the candidates cand.
func strongLink(cand []Digits, p, q eNode) bool {
	if len(p.cells) == 1 && len(q.cells) == 1 && p.cells[0] == q.cells[0] {
		return p.digit != q.digit && cand[p.cells[0]] == Digits(1<<(p.digit-1)|1<<(q.digit-1))
	}
	if p.digit != q.digit || !weakLink(p, q) {
		return false
	}
	both := append(slices.Clone(p.cells), q.cells...)
	for _, u := range unitsOf9() {
		in, out := true, false
		for _, c := range both {
			in = in && slices.Contains(u, c)
		}
		for _, c := range u {
			out = out || (!slices.Contains(both, c) && cand[c].Has(p.digit))
		}
		if in && !out {
			return true // a conjugate pair (or groups) in u
		}
	}
	return false
}

var eventRe = regexp.MustCompile(`^r(\d)c(\d)(=|<>)(\d)(\[net\])?$`)

type eEvent struct {
	cell, digit int
	on, net     bool
}

func parseEvent(t *testing.T, s string) eEvent {
	t.Helper()
	m := eventRe.FindStringSubmatch(s)
	require.NotNil(t, m, "not an event: %q", s)
	r, _ := strconv.Atoi(m[1])
	c, _ := strconv.Atoi(m[2])
	d, _ := strconv.Atoi(m[4])
	return eEvent{(r-1)*9 + c - 1, d, m[3] == "=", m[5] != ""}
}

// checkBranch replays a branch of a forcing net on the board b: the
// premise, then every event must follow from the premise and the events
// before it (a placement or the cell's other digits for a removal, a
// naked or hidden single for a placement, locked candidates, or for a
// nested net a candidate whose own net fails). It returns the events.
func checkBranch(t *testing.T, b *board, branch string) []eEvent {
	t.Helper()
	cand := b.candidates()
	placed := map[int]int{}
	for i := range 81 {
		if b.value[i] != 0 {
			placed[i] = int(b.value[i])
		}
	}
	bd := *b // for the inner nets: with every consequence
	var evs []eEvent
	for k, s := range strings.Split(branch, " -> ") {
		e := parseEvent(t, s)
		evs = append(evs, e)
		ok := k == 0 && e.on
		switch {
		case ok:
		case e.on:
			ok = cand[e.cell] == Digits(1<<(e.digit-1)) // naked single
			for _, u := range unitsOf9() {
				if !slices.Contains(u, e.cell) {
					continue
				}
				alone := true
				for _, c := range u {
					alone = alone && (c == e.cell || !cand[c].Has(e.digit) || placed[c] != 0)
				}
				ok = ok || alone
			}
		case e.net:
			deep := bd
			cell, unit, _, _ := deep.propagate(e.cell, e.digit-1)
			ok = cell >= 0 || unit >= 0
		default:
			if v, in := placed[e.cell]; in && v != e.digit && b.value[e.cell] == 0 {
				ok = true
			}
			for c, v := range placed {
				ok = ok || (v == e.digit && sees(c, e.cell) && b.value[c] == 0)
			}
			// locked candidates: in unit a, the digit lies only where a
			// crosses unit u, which holds the cell
			for _, a := range unitsOf9() {
				if slices.Contains(a, e.cell) {
					continue
				}
				for _, u := range unitsOf9() {
					if !slices.Contains(u, e.cell) {
						continue
					}
					inside, outside := false, false
					for _, c := range a {
						if cand[c].Has(e.digit) && placed[c] == 0 {
							if slices.Contains(u, c) {
								inside = true
							} else {
								outside = true
							}
						}
					}
					ok = ok || (inside && !outside)
				}
			}
		}
		require.True(t, ok, "%s does not follow in %s", s, branch)
		if e.on {
			placed[e.cell] = e.digit
			cand[e.cell] = Digits(1 << (e.digit - 1))
			bd.place(e.cell, e.digit-1)
		} else {
			cand[e.cell] &^= 1 << (e.digit - 1)
			bd.remove(e.cell, e.digit-1)
		}
	}
	return evs
}

// checkEureka checks the step s, found on the board b, by its text.
func checkEureka(t *testing.T, b *board, s *Step) {
	t.Helper()
	eu := s.Eureka()
	require.NotEmpty(t, eu, s.Text())
	assert.Contains(t, s.Text(), eu)
	chain, concl, ok := strings.Cut(eu, " => ")
	require.True(t, ok, eu)
	require.Equal(t, nameDigits(conclusion(s), DigitString), concl)
	cand := b.candidates()
	for i := range 81 {
		if b.value[i] != 0 {
			cand[i] = 0
		}
	}
	var out []eEvent
	for _, c := range strings.Split(concl, ", ") {
		out = append(out, parseEvent(t, c))
	}
	if strings.Contains(chain, "->") {
		checkNet(t, b, s, chain, out)
		return
	}
	nodes, strong := parseAIC(t, chain)
	require.True(t, strong[0], "a chain starts with a strong link: %s", eu)
	for k, st := range strong {
		p, q := nodes[k], nodes[k+1]
		for _, n := range []eNode{p, q} {
			for _, c := range n.cells {
				require.True(t, cand[c].Has(n.digit), "%v is no candidate in %s", n, eu)
			}
		}
		if st {
			require.True(t, strongLink(cand, p, q), "%v=%v is no strong link in %s", p, q, eu)
		} else {
			require.True(t, weakLink(p, q), "%v-%v is no weak link in %s", p, q, eu)
		}
		if k > 0 {
			require.NotEqual(t, strong[k-1], st, "links alternate: %s", eu)
		}
	}
	first, last := nodes[0], nodes[len(nodes)-1]
	loop := !strong[len(strong)-1]
	for _, e := range out {
		en := eNode{e.digit, []int{e.cell}}
		if e.on {
			// a discontinuous loop: the first node is true
			require.Equal(t, first, en, eu)
			require.Equal(t, first, last, eu)
			continue
		}
		if !loop {
			require.True(t, weakLink(en, first) && weakLink(en, last), "%v does not see both ends of %s", e, eu)
			continue
		}
		found := false
		for k, st := range strong {
			found = found || (!st && weakLink(en, nodes[k]) && weakLink(en, nodes[k+1]))
		}
		require.True(t, found, "%v sees the two ends of no weak link of %s", e, eu)
	}
}

// checkNet checks the branches of a forcing net.
func checkNet(t *testing.T, b *board, s *Step, chain string, out []eEvent) {
	t.Helper()
	var premises []eEvent
	var lasts []eEvent
	var all [][]eEvent
	for _, br := range strings.Split(chain, " ; ") {
		evs := checkBranch(t, b, br)
		premises = append(premises, evs[0])
		last := evs[len(evs)-1]
		last.net = false
		lasts = append(lasts, last)
		all = append(all, evs)
	}
	cand := b.candidates()
	switch s.Technique {
	case ForcingNet, ForcingNetNested:
		// one premise, whose branches end in a contradiction: a cell
		// without candidates or a digit without a place in a unit
		for _, p := range premises {
			require.Equal(t, premises[0], p)
		}
		require.Equal(t, []eEvent{{premises[0].cell, premises[0].digit, false, false}}, out)
		covers := func(cells []int, digit int) bool {
			for _, c := range cells {
				if b.value[c] != 0 || !cand[c].Has(digit) {
					continue
				}
				if !slices.Contains(lasts, eEvent{c, digit, false, false}) {
					return false
				}
			}
			return true
		}
		ok := true
		for _, l := range lasts {
			ok = ok && !l.on && l.cell == lasts[0].cell
		}
		if ok { // a cell
			for _, d := range cand[lasts[0].cell].List() {
				ok = ok && slices.Contains(lasts, eEvent{lasts[0].cell, d, false, false})
			}
		}
		if !ok {
			for _, u := range unitsOf9() {
				ok = ok || (slices.Contains(u, lasts[0].cell) && covers(u, lasts[0].digit) && !slices.ContainsFunc(u, func(c int) bool { return int(b.value[c]) == lasts[0].digit }))
			}
		}
		require.True(t, ok, "no contradiction at the ends of %s", chain)
	case ForcingNetVerity:
		// the premises are every candidate of a cell or every place of a
		// digit in a unit; every branch makes every placement
		ok := true
		for _, p := range premises {
			ok = ok && p.cell == premises[0].cell
		}
		if ok {
			require.Len(t, premises, len(cand[premises[0].cell].List()), chain)
		} else {
			found := false
			for _, u := range unitsOf9() {
				n := 0
				for _, c := range u {
					if b.value[c] == 0 && cand[c].Has(premises[0].digit) {
						n++
					}
				}
				inside := true
				for _, p := range premises {
					inside = inside && slices.Contains(u, p.cell) && p.digit == premises[0].digit
				}
				found = found || (inside && n == len(premises))
			}
			require.True(t, found, "the premises of %s are no unit's places", chain)
		}
		for _, evs := range all {
			for _, o := range out {
				require.Contains(t, evs, o, "every branch of %s places %v", chain, o)
			}
		}
	default:
		t.Fatalf("%v with a net: %s", s.Technique, chain)
	}
}

// checkExplained explains line and checks every chain step's notation
// on the board as its round found it.
func checkExplained(t *testing.T, line string) map[Technique]int {
	t.Helper()
	g, err := ParseLine(line)
	require.NoError(t, err)
	ex, err := Explain(g)
	require.NoError(t, err)
	var b, found board
	b.init(&g)
	round := 0
	seen := map[Technique]int{}
	for k := range ex.Steps {
		s := &ex.Steps[k]
		if s.Round != round {
			round, found = s.Round, b
		}
		if s.Eureka() != "" {
			t.Run(fmt.Sprintf("%d %s", k, s.Technique), func(t *testing.T) { checkEureka(t, &found, s) })
			seen[s.Technique]++
		}
		for _, p := range s.Placements {
			b.place(p.Row*9+p.Col, p.Digit-1)
		}
		for _, e := range s.Eliminations {
			b.remove(e.Row*9+e.Col, e.Digit-1)
		}
	}
	return seen
}

// TestEurekaOfExplanations: on puzzles that need each kind of chain and
// net, every chain step's notation reads back and every link holds.
func TestEurekaOfExplanations(t *testing.T) {
	seen := map[Technique]int{}
	for _, line := range []string{
		// X-Chain, XY-Chain, AIC, Forcing Net, Nested Forcing Net
		"98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
		// Grouped AIC
		"98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9",
		// Forcing Net Verity (rare: one of 2,000 of the forum's hardest)
		"98.7..6..7...5......48...7.4..3...9..9...7.6...3.9...21....8..6.4.9...1......52..",
		// an XY-Chain that closes into a loop
		"8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........",
	} {
		for k, v := range checkExplained(t, line) {
			seen[k] += v
		}
	}
	for _, tech := range []Technique{XChain, XYChain, AIC, GroupedAIC, ForcingNet, ForcingNetVerity, ForcingNetNested} {
		assert.Positive(t, seen[tech], "no %v was checked", tech)
	}
}

func TestEurekaChainText(t *testing.T) {
	c := func(r, col, d int) Candidate { return Candidate{Cell{r - 1, col - 1}, d} }
	// two candidates of one cell are written together, with their link
	ch := []Candidate{c(3, 1, 5), c(3, 6, 5), c(3, 6, 8), c(7, 6, 8)}
	assert.Equal(t, "(5)r3c1=(5-8)r3c6=(8)r7c6", nameDigits(eurekaChain(ch, nil, false), DigitString))
	// a bivalue cell's strong link, and a loop back to the first node
	ch = []Candidate{c(1, 1, 1), c(1, 1, 2), c(1, 7, 2), c(5, 7, 2), c(5, 7, 1), c(5, 1, 1)}
	assert.Equal(t, "(1=2)r1c1-(2)r1c7=(2-1)r5c7=(1)r5c1-(1)r1c1", nameDigits(eurekaChain(ch, nil, true), DigitString))
	// a group by its rows and columns
	groups := [][]Cell{nil, {{6, 3}, {8, 3}}, {{7, 4}, {7, 5}}, nil}
	ch = []Candidate{c(3, 4, 3), c(7, 4, 3), c(8, 5, 3), c(8, 2, 3)}
	assert.Equal(t, "(3)r3c4=(3)r79c4-(3)r8c56=(3)r8c2", nameDigits(eurekaChain(ch, groups, false), DigitString))
}

// TestJSONKeepsNotation: the steps' JSON writes the notation as it reads,
// without HTML escapes, when the encoder does not add them.
func TestJSONKeepsNotation(t *testing.T) {
	g, err := ParseLine("98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2")
	require.NoError(t, err)
	ex, err := Explain(g)
	require.NoError(t, err)
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(ex))
	assert.Contains(t, b.String(), "<>")
	assert.Contains(t, b.String(), " -> ")
	assert.NotContains(t, b.String(), `\u003c`)
}

// TestForcedOfNets: a forcing net written out lists the digits its
// premise forces: each is written in its branches as placed ("r1c2=4"),
// is not the premise, and is a candidate of an open cell on the board the
// step was found on. Steps of other techniques have none.
func TestForcedOfNets(t *testing.T) {
	g, err := ParseLine("98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2")
	require.NoError(t, err)
	ex, err := Explain(g)
	require.NoError(t, err)
	n := g.Shape.Size
	cur, cands := g, g.Candidates()
	// the steps of a round are found on the board at its start
	start, startCands, round := cur, slices.Clone(cands), 0
	nets := 0
	for _, s := range ex.Steps {
		if s.Round != round {
			start, startCands, round = cur, slices.Clone(cands), s.Round
		}
		switch s.Technique {
		case ForcingNet, ForcingNetNested:
			nets++
			require.NotEmpty(t, s.Forced, "%s", s.Text())
			premise := Candidate{s.Cells[0], s.Digits.List()[0]}
			for _, f := range s.Forced {
				assert.NotEqual(t, premise, f)
				assert.Contains(t, s.Text(), fmt.Sprintf("r%dc%d=%d", f.Row+1, f.Col+1, f.Digit))
				i := f.Row*n + f.Col
				assert.Zero(t, start.Cells[i], "%v is forced in a solved cell", f)
				assert.True(t, startCands[i].Has(f.Digit), "%v is not a candidate", f)
			}
		default:
			assert.Empty(t, s.Forced, "%v", s.Technique)
		}
		for _, p := range s.Placements {
			i := p.Row*n + p.Col
			cur.Cells[i] = uint8(p.Digit)
			cands[i] = 0
			for _, peer := range peersOf(g.Shape, p.Cell) {
				cands[peer.Row*n+peer.Col] &^= 1 << (p.Digit - 1)
			}
		}
		for _, e := range s.Eliminations {
			cands[e.Row*n+e.Col] &^= 1 << (e.Digit - 1)
		}
	}
	assert.Positive(t, nets)
}
