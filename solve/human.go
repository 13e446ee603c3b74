package solve

import (
	"errors"
	"fmt"
	"sync"
)

// The human-style solver.
//
// It starts from the basic pencil marks of a grid (every empty cell holds the
// digits its row, column and box do not have yet) and works in rounds: try
// the techniques from the easiest (Full House) to the hardest (the nested
// forcing net, then Brute Force when a guess is allowed) in the order of the
// Technique constants; the first technique that finds something is applied
// with every instance of it that the candidate grid shows at that moment,
// one Step per instance; then the next round starts again from the
// easiest. Placing a digit removes
// it from the candidates of the cell's row, column and box, as a person
// updating pencil marks does. The instances of a round are applied one
// after the other, each to the board as the one before left it: a step
// lists only what it changes there (no candidate is eliminated twice), and
// an instance that has nothing left to do is no step. Steps of one round
// share their Round number.
//
// Taking every instance of the easiest technique at once, rather than the
// first one in reading order, makes the path through a puzzle independent
// of the order of its rows, columns and digits: a relabelled, rotated or
// transposed puzzle gets the same grade, and the same score, counts and
// hardest technique unless the solve needed a Brute Force guess (the
// guessed cell depends on the reading order). Chains take all the shortest
// chains that eliminate something; the Forcing Net every candidate whose
// assumption leads to a contradiction.
//
// Every step is checked against the solution found by the exact solver
// before it is applied; a step that would contradict it is a bug and ends
// the solve with ErrUnsound.
//
// The grade is the level of the hardest technique used; the score is
// decided by the hardest step and then by the work (Rating.Score).
// GradeTable prints the scale.

var (
	// ErrWrongEntry: an entry of a partly filled grid is not the solution's
	// digit. NextStep and ExplainFrom return it wrapped in a *WrongEntryError.
	ErrWrongEntry = errors.New("an entry disagrees with the solution")
	// ErrSolved: the grid has no empty cell, so there is no next step.
	ErrSolved = errors.New("the grid is already complete")
	// ErrGivenChanged: the current grid does not hold a given of the puzzle.
	ErrGivenChanged = errors.New("the grid does not keep the puzzle's givens")
	// ErrUnsound: a technique made a deduction the solution contradicts (a
	// bug in the solver; please report it with the puzzle).
	ErrUnsound = errors.New("internal error: unsound step")
)

// WrongEntryError names the first entry (in reading order) of a partly
// filled grid that is not the solution's digit. It does not tell the right
// digit.
type WrongEntryError struct {
	Cell  Cell
	Digit int
}

func (e *WrongEntryError) Error() string {
	return fmt.Sprintf("%v: the entry %s is wrong", e.Cell, DigitString(e.Digit))
}

func (e *WrongEntryError) Unwrap() error { return ErrWrongEntry }

// Explanation is a full human-style solve of a puzzle.
type Explanation struct {
	Steps      []Step            // in the order they are applied
	Grade      Grade             // the level of the hardest technique used
	Score      int               // orders puzzles: see Rating.Score
	Difficulty int               // the difficulty of the hardest round (Rating.Difficulty)
	Work       int               // the weights of the techniques of every round
	Hardest    Technique         // the technique of the hardest round
	Counts     map[Technique]int // how many steps each technique made
	Solved     Grid              // the grid at the end: the solution
}

// MarshalJSON writes the explanation with lower-case keys, the solution
// as a one-line grid and the counts keyed by technique name:
//
//	{"grade":"Hard","score":1234,"hardest":"X-Wing","counts":{"Hidden Single":40,...},
//	 "solution":"534678912...","steps":[...]}
func (e Explanation) MarshalJSON() ([]byte, error) {
	steps := e.Steps
	if steps == nil {
		steps = []Step{}
	}
	return marshalPlain(struct {
		Grade      Grade             `json:"grade"`
		Score      int               `json:"score"`
		Difficulty int               `json:"difficulty"`
		Work       int               `json:"work"`
		Hardest    Technique         `json:"hardest"`
		Counts     map[Technique]int `json:"counts"`
		Solution   string            `json:"solution"`
		Steps      []Step            `json:"steps"`
	}{e.Grade, e.Score, e.Difficulty, e.Work, e.Hardest, e.Counts, FormatLine(&e.Solved), steps})
}

// Rating is the grade of a puzzle without the steps; see Rate.
type Rating struct {
	Grade Grade
	// Score orders puzzles as the community's raters do: the hardest step
	// decides, the amount of work breaks ties. It is
	// 10000 x (1000 x Grade + Difficulty) + Work, Work counted up to 9999,
	// so a harder grade always scores more, then a harder hardest step,
	// then more work.
	Score int
	// Difficulty is that of the hardest round: the least difficulty
	// (Step.Difficulty: the weight of the technique, more for a long chain
	// or net) of the steps of the round, the easiest step the solver could
	// take there. As Sudoku Explainer rates a puzzle by the hardest step it
	// cannot avoid.
	Difficulty int
	// Work adds, for every round, the weight of the round's technique: how
	// often the solver had to reach for each technique, and how hard each
	// was.
	Work    int
	Hardest Technique // the technique of the hardest round
	Counts  [numTechniques]int
	// SE estimates Sudoku Explainer's rating (ER) in tenths (91 is 9.1):
	// that of the hardest round, each round rated by its easiest step.
	SE int

	round     int       // the round of the last step added
	roundTech Technique // its technique
	roundMin  int       // the least difficulty of its steps
	doneTech  Technique // the hardest of the rounds before it
	done      int       // and its difficulty
	roundSE   int       // the least SE rating of the round's steps
	doneSE    int       // the highest of the rounds before it
}

// scoreOf is the score of a grade, hardest step difficulty and work.
func scoreOf(g Grade, difficulty, work int) int {
	return 10000*(1000*int(g)+difficulty) + min(work, 9999)
}

type human struct {
	b          board
	given      cellset // the puzzle's givens (a student's entries are not)
	sol        Grid
	found      []Step // the instances found by the current technique
	text       bool   // write the notes of steps that need them
	ex         Solver
	scratch    []int
	chain      *chainScratch // allocated when chains are first needed
	chainPath  []int32       // the states of the chain being recorded, end first
	loopRm     [MaxSize]cellset
	trial      board   // the forcing net's copy of b
	deep       board   // the nested forcing net's inner copy
	inner      []int32 // the candidates the inner nets removed
	passes     int     // the passes of inner nets the nested net took
	pick       [4]int
	common     [MaxSize * MaxSize]uint8 // the verity net's placements common to all branches
	alsBuf     []als                    // the almost locked sets of the current position
	alsOK      bool                     // alsBuf is the board's as it stands (find resets it)
	alsPrev    alsList                  // how alsBuf was listed, for the next list
	alsSpare   []als                    // the next list's buffer
	alsNew     []bool                   // setsSince's flags
	alsNewList []int32                  // and the sets it flags
	alsMemo    [3]boardMemo             // ALS-XZ, ALS-XY-Wing, Death Blossom: the board they last found nothing on
	rccOK      bool                     // and so are the restricted commons
	alsByFirst []int32                  // the sets by their first cell holding a digit,
	alsFirstAt []int32                  // from alsFirstAt[cell*n+digit] on
	rccBuf     []rcc                    // the restricted common digits of the sets, by set
	rccStart   []int32                  // where each set's begin in rccBuf
	rccFill    []int32
	rccPairs   []rccPair
	sdcBuf     [2][]sdcSide // Sue de Coq: the candidate sets A and B
	sdcSorted  []int32      // Sue de Coq: the B sets by excess
	dbBuf      [3][]int32   // Death Blossom: the petals of each digit of the stem
	acSeen     []uint32     // ALS chains: the states seen, by length
	acStamp    uint32
	acNotAt    []int32 // ALS chains: where each set's links of all digits but one start in acNot
	acNot      []int32
	acFirst    []int32  // ALS chains: the first set's links of the first digit
	acEnds     []Digits // the digits each set can end a chain with
	acLayers   [maxALSChain][]alsState
	netEnds    []uint8      // the values each candidate's net left (cell*n + digit, then cell)
	rects      []rect       // the board's rectangles (listRectangles), when rectsOK
	rectsOK    bool         // (find resets it)
	endsOK     bool         // netEnds holds the candidates' marked known: the Forcing Net search found nothing
	netFree    []bool       // a net search's candidates whose nets cannot fail (cell*n + digit)
	netKnown   []bool       // the candidates whose ends netEnds holds
	innerFree  []bool       // netFree for the inner nets of a nested net
	fishMemo   [6]digitMemo // X-Wing, Swordfish, Jellyfish, then the finned ones
	digitMemo  [4]digitMemo // Skyscraper, 2-String Kite, Empty Rectangle, Simple Colors
	chainMemo  [GroupedAIC - XChain + 1]chainMemo
	sdcMemo    boardMemo
	subsetMemo [6]boardMemo // naked and hidden pairs, triples, quads
	noShortcut bool         // tests: no memo (nor alsPrev's copies) and no netEnds: search everything
}

var humans = sync.Pool{New: func() any { return new(human) }}

func getHuman() *human { return humans.Get().(*human) }

func putHuman(h *human) { humans.Put(h) }

// add starts a new instance of technique t and returns it.
func (h *human) add(t Technique) *Step {
	n := len(h.found)
	if n < cap(h.found) {
		h.found = h.found[:n+1]
	} else {
		h.found = append(h.found, Step{})
	}
	s := &h.found[n]
	s.reset(t)
	return s
}

// drop forgets the instance add returned last.
func (h *human) drop() { h.found = h.found[:len(h.found)-1] }

// elim adds the elimination of the 0-based digit d from cell i to s.
func (h *human) elim(s *Step, i, d int) {
	s.Eliminations = append(s.Eliminations, Candidate{h.b.g.cell(i), d + 1})
}

// placeIn adds the placement of the 0-based digit d in cell i to s.
func (h *human) placeIn(s *Step, i, d int) {
	s.Placements = append(s.Placements, Candidate{h.b.g.cell(i), d + 1})
}

// elimSet adds to s the elimination of d from every cell of set that has
// it, and reports whether there was any.
func (h *human) elimSet(s *Step, set cellset, d int) bool {
	set = set.and(h.b.dcells[d])
	if set.empty() {
		return false
	}
	h.scratch = set.appendTo(h.scratch[:0])
	for _, i := range h.scratch {
		h.elim(s, i, d)
	}
	return true
}

// keepIf keeps the instance s when it eliminates or places something, and
// drops it otherwise. It reports whether it kept it.
func (h *human) keepIf(s *Step) bool {
	if len(s.Eliminations) == 0 && len(s.Placements) == 0 {
		h.drop()
		return false
	}
	return true
}

func (h *human) cellOf(i int) Cell { return h.b.g.cell(i) }

// finders[t] appends the instances of technique t to h.found.
var finders [numTechniques]func(h *human)

func init() {
	finders = [numTechniques]func(h *human){
		NoTechnique:      func(*human) {},
		FullHouse:        (*human).fullHouse,
		NakedSingle:      (*human).nakedSingle,
		HiddenSingle:     (*human).hiddenSingle,
		Pointing:         (*human).pointing,
		Claiming:         (*human).claiming,
		NakedPair:        func(h *human) { h.nakedSubset(NakedPair, 2) },
		HiddenPair:       func(h *human) { h.hiddenSubset(HiddenPair, 2) },
		NakedTriple:      func(h *human) { h.nakedSubset(NakedTriple, 3) },
		HiddenTriple:     func(h *human) { h.hiddenSubset(HiddenTriple, 3) },
		XWing:            func(h *human) { h.fish(XWing, 2, false) },
		Skyscraper:       (*human).skyscraper,
		TwoStringKite:    (*human).twoStringKite,
		EmptyRectangle:   (*human).emptyRectangle,
		XYWing:           (*human).xyWing,
		XYZWing:          (*human).xyzWing,
		WWing:            (*human).wWing,
		Swordfish:        func(h *human) { h.fish(Swordfish, 3, false) },
		SimpleColors:     (*human).simpleColors,
		UniqueRectangle1: (*human).uniqueRectangle1,
		UniqueRectangle2: (*human).uniqueRectangle2,
		UniqueRectangle3: (*human).uniqueRectangle3,
		UniqueRectangle4: (*human).uniqueRectangle4,
		UniqueRectangle5: (*human).uniqueRectangle5,
		UniqueRectangle6: (*human).uniqueRectangle6,
		HiddenRectangle:  (*human).hiddenRectangle,
		AvoidableRect1:   (*human).avoidableRectangle1,
		AvoidableRect2:   (*human).avoidableRectangle2,
		BUGPlus1:         (*human).bugPlus1,
		BUGPlusN:         (*human).bugPlusN,
		NakedQuad:        func(h *human) { h.nakedSubset(NakedQuad, 4) },
		HiddenQuad:       func(h *human) { h.hiddenSubset(HiddenQuad, 4) },
		Jellyfish:        func(h *human) { h.fish(Jellyfish, 4, false) },
		FinnedXWing:      func(h *human) { h.fish(FinnedXWing, 2, true) },
		FinnedSwordfish:  func(h *human) { h.fish(FinnedSwordfish, 3, true) },
		FinnedJellyfish:  func(h *human) { h.fish(FinnedJellyfish, 4, true) },
		SueDeCoq:         (*human).sueDeCoq,
		XChain:           func(h *human) { h.chains(XChain) },
		XYChain:          func(h *human) { h.chains(XYChain) },
		AIC:              func(h *human) { h.chains(AIC) },
		GroupedAIC:       func(h *human) { h.chains(GroupedAIC) },
		ALSXZ:            (*human).alsXZ,
		ALSXYWing:        (*human).alsXYWing,
		ALSChain:         (*human).alsChain,
		DeathBlossom:     (*human).deathBlossom,
		ForcingNet:       (*human).forcingNet,
		ForcingNetVerity: (*human).forcingNetVerity,
		ForcingNetNested: (*human).forcingNetNested,
		BruteForce:       (*human).bruteForce,
	}
}

// find runs the techniques from the easiest up to max and stops at the
// first that finds an instance; it returns that technique, or NoTechnique.
func (h *human) find(max Technique) Technique {
	h.alsOK, h.rccOK, h.endsOK, h.rectsOK = false, false, false, false // the board changed since the last find
	for t := FullHouse; t <= max; t++ {
		h.found = h.found[:0]
		finders[t](h)
		if len(h.found) > 0 {
			return t
		}
	}
	h.found = h.found[:0]
	return NoTechnique
}

// check verifies s against the solution: every placement is the
// solution's digit and no elimination removes it.
func (h *human) check(s *Step) error {
	n := h.b.g.n
	for _, p := range s.Placements {
		if int(h.sol.Cells[p.Row*n+p.Col]) != p.Digit {
			return fmt.Errorf("%w: %s places %s in %v", ErrUnsound, s.Technique, DigitString(p.Digit), p.Cell)
		}
	}
	for _, e := range s.Eliminations {
		if int(h.sol.Cells[e.Row*n+e.Col]) == e.Digit {
			return fmt.Errorf("%w: %s removes %s from %v", ErrUnsound, s.Technique, DigitString(e.Digit), e.Cell)
		}
	}
	return nil
}

// applyNew does what s says on the board as it stands and keeps in s only
// what that changed: placements in cells still empty, eliminations of
// candidates still there (not already removed by an earlier step, nor by a
// placement of s itself). It reports whether s changed anything.
func (h *human) applyNew(s *Step) bool {
	b := &h.b
	n := b.g.n
	h.endsOK = false // the board changes
	ps := s.Placements[:0]
	for _, p := range s.Placements {
		if i := p.Row*n + p.Col; b.value[i] == 0 {
			b.place(i, p.Digit-1)
			ps = append(ps, p)
		}
	}
	s.Placements = ps
	es := s.Eliminations[:0]
	for _, e := range s.Eliminations {
		if b.remove(e.Row*n+e.Col, e.Digit-1) {
			es = append(es, e)
		}
	}
	s.Eliminations = es
	return len(ps)+len(es) > 0
}

// direct reports, for locked candidates and hidden pairs and triples
// just applied, whether an elimination left its digit a single place in a
// unit of its cell: the hidden single that Sudoku Explainer's "direct"
// techniques (Direct Pointing, Direct Hidden Pair, ...) take with them.
func (h *human) direct(s *Step) bool {
	switch s.Technique {
	case Pointing, Claiming, HiddenPair, HiddenTriple:
	default:
		return false
	}
	b := &h.b
	g := b.g
	for _, e := range s.Eliminations {
		i, d := e.Row*g.n+e.Col, e.Digit-1
		for k := range 3 {
			u := g.cellUnit[i][k]
			if p := b.pos[u][d]; b.placed[u]&(1<<d) == 0 && p != 0 && p&(p-1) == 0 {
				return true
			}
		}
	}
	return false
}

// newEffects counts what s would still change on the board.
func (h *human) newEffects(s *Step) int {
	b := &h.b
	n := b.g.n
	c := 0
	for _, p := range s.Placements {
		if b.value[p.Row*n+p.Col] == 0 {
			c++
		}
	}
	for _, e := range s.Eliminations {
		if b.has(e.Row*n+e.Col, e.Digit-1) {
			c++
		}
	}
	return c
}

// busiest returns the first of h.found[:left] that changes the most on the
// board, or -1 when none changes anything.
func (h *human) busiest(left int) int {
	best, most := -1, 0
	for k := range left {
		if n := h.newEffects(&h.found[k]); n > most {
			best, most = k, n
		}
	}
	return best
}

// run solves with the techniques up to max until the grid is complete or
// no technique applies; every step applied is passed to rec.
//
// A round takes every instance the easiest applicable technique finds on
// the candidate grid as it stands (chains and forcing nets report only
// their shortest, or easiest, ones), and applies them one after the other:
// each is checked against the solution, then applied to the board as the
// steps before it left it, keeping only what it still changes. An instance
// left with nothing to do (an earlier step of the round did all it would)
// is not a step.
func (h *human) run(max Technique, rec func(*Step)) error {
	round := 0
	for h.b.left > 0 {
		if h.find(max) == NoTechnique {
			return nil
		}
		round++
		for k := range h.found {
			if err := h.check(&h.found[k]); err != nil {
				return err
			}
		}
		// The instance that still does the most goes first, so that
		// how the work of a round splits into steps does not depend on
		// the order the instances were found in (a relabelled or rotated
		// puzzle gets the same steps). An instance done goes to the end.
		// One whose pattern an earlier step of the round broke says that
		// it is read on the candidates as the round began (RoundStart).
		start := h.b.cand
		for left := len(h.found); left > 0; left-- {
			best := h.busiest(left)
			if best < 0 {
				break
			}
			s := &h.found[best]
			s.RoundStart = left < len(h.found) && h.brokenSince(s, &start)
			h.applyNew(s)
			s.direct = h.direct(s)
			s.Round = round
			rec(s)
			done := *s
			copy(h.found[best:left], h.found[best+1:left])
			h.found[left-1] = done
		}
	}
	return nil
}

// brokenSince reports whether the steps applied since the board had the
// candidates start took from the cells of s's pattern (its Cells and
// Fins) a candidate it stands on: a digit of s's, or, for the patterns
// whose text gives their cells' candidates whole (wings, rectangles,
// almost locked sets), any. Singles stand on their cell being empty, and
// chains and nets are left as found.
func (h *human) brokenSince(s *Step, start *[MaxSize * MaxSize]Digits) bool {
	var digits Digits
	switch s.Technique {
	case FullHouse, NakedSingle, HiddenSingle, XChain, XYChain, AIC, GroupedAIC, ForcingNet, ForcingNetVerity, ForcingNetNested, BruteForce:
		return false
	case XYWing, XYZWing, WWing, UniqueRectangle1, UniqueRectangle2, UniqueRectangle3, UniqueRectangle4, UniqueRectangle5, UniqueRectangle6,
		HiddenRectangle, AvoidableRect1, AvoidableRect2, BUGPlus1, BUGPlusN, SueDeCoq, ALSXZ, ALSXYWing, ALSChain, DeathBlossom:
		digits = ^Digits(0)
	default:
		digits = s.Digits
	}
	n := h.b.g.n
	for _, cells := range [2][]Cell{s.Cells, s.Fins} {
		for _, c := range cells {
			if i := c.Row*n + c.Col; start[i]&^h.b.cand[i]&digits != 0 {
				return true
			}
		}
	}
	return false
}

// prepare checks the puzzle givens and the grid current (givens plus
// entries), finds the solution, and sets the board to current's pencil
// marks.
func (h *human) prepare(givens, current *Grid) error { return h.prepareSolved(givens, current, nil) }

// prepareSolved is prepare for a puzzle whose only solution is sol, when
// sol is not nil: it is taken as it is, not worked out again.
func (h *human) prepareSolved(givens, current, sol *Grid) error {
	if givens.Shape != current.Shape {
		return fmt.Errorf("%w: the puzzle is %v, the grid %v", ErrGivenChanged, givens.Shape, current.Shape)
	}
	if !givens.Shape.Valid() {
		return fmt.Errorf("%w: %v", ErrShape, givens.Shape)
	}
	if sol != nil {
		if sol.Shape != givens.Shape {
			return fmt.Errorf("%w: the puzzle is %v, the solution %v", ErrShape, givens.Shape, sol.Shape)
		}
		h.sol = *sol
	} else {
		var err error
		if h.sol, err = h.ex.Solve(givens); err != nil {
			return err
		}
	}
	sol = &h.sol
	n := givens.Shape.Cells()
	for i := range n {
		if g := givens.Cells[i]; g != 0 && current.Cells[i] != g {
			return fmt.Errorf("%w: %v should hold %s", ErrGivenChanged, givens.Shape.cell(i), DigitString(int(g)))
		}
	}
	for i := range n {
		if d := current.Cells[i]; int(d) > givens.Shape.Size {
			return fmt.Errorf("%w: %v holds %d, not a digit of a %v grid (digits %s)",
				ErrDigitRange, givens.Shape.cell(i), d, givens.Shape, digitRange(givens.Shape.Size))
		} else if d != 0 && d != sol.Cells[i] {
			return &WrongEntryError{Cell: givens.Shape.cell(i), Digit: int(d)}
		}
	}
	h.b.init(current)
	h.given = cellset{}
	for i := range n {
		if givens.Cells[i] != 0 {
			h.given.add(i)
		}
	}
	h.found = h.found[:0]
	h.alsOK, h.rccOK, h.endsOK, h.rectsOK = false, false, false, false
	// forget every memo (only the flags: what they hold is then not read)
	h.alsPrev.ok = false
	for k := range h.alsMemo {
		h.alsMemo[k].ok = false
	}
	for k := range h.fishMemo {
		h.fishMemo[k].known = [MaxSize]bool{}
	}
	for k := range h.digitMemo {
		h.digitMemo[k].known = [MaxSize]bool{}
	}
	for k := range h.chainMemo {
		h.chainMemo[k].ok = false
	}
	h.sdcMemo.ok = false
	for k := range h.subsetMemo {
		h.subsetMemo[k].ok = false
	}
	h.text = false
	return nil
}

func (s Shape) cell(i int) Cell { return Cell{i / s.Size, i % s.Size} }

// Explain solves the puzzle g the way a person would and returns every
// step, the grade and the score. It returns the exact solver's error when g
// has conflicting givens (*ConflictError), no solution (ErrNoSolution) or
// several (*NotUniqueError).
func Explain(g Grid) (*Explanation, error) { return ExplainFrom(g, g) }

// ExplainFrom is Explain starting from a partly filled grid: current holds
// the puzzle's givens plus a student's entries. An entry that disagrees
// with the solution gives a *WrongEntryError naming its cell. The grade and
// score are those of the steps from current on.
func ExplainFrom(givens, current Grid) (*Explanation, error) {
	return Options{AllowGuess: true}.ExplainFrom(givens, current)
}

// Options change how the human-style solver works. The zero Options never
// guess; Explain, ExplainFrom, Rate, RateDetail and NextStep allow a guess.
type Options struct {
	// AllowGuess lets the solver end with a Brute Force guess (the exact
	// solver's digit) when no technique applies; without it such a puzzle
	// gives ErrNeedsGuess.
	AllowGuess bool
}

// ErrNeedsGuess: no technique finds the next step, and guessing is not
// allowed (Options.AllowGuess).
var ErrNeedsGuess = errors.New("no technique finds the next step without a guess")

// last is the hardest technique the solver may use.
func (o Options) last() Technique {
	if o.AllowGuess {
		return BruteForce
	}
	return BruteForce - 1
}

// stuck is the error for a board where no technique up to o.last applies.
func (o Options) stuck(h *human) error {
	if h.b.left == 0 {
		return nil
	}
	return fmt.Errorf("%w (%d cells left)", ErrNeedsGuess, h.b.left)
}

// ExplainFrom is the package's ExplainFrom with the options o.
func (o Options) ExplainFrom(givens, current Grid) (*Explanation, error) {
	h := getHuman()
	defer putHuman(h)
	if err := h.prepare(&givens, &current); err != nil {
		return nil, err
	}
	h.text = true
	ex := &Explanation{Counts: map[Technique]int{}}
	var r Rating
	err := h.run(o.last(), func(s *Step) {
		ex.Steps = append(ex.Steps, s.clone())
		r.add(s)
	})
	if err == nil {
		err = o.stuck(h)
	}
	if err != nil {
		return nil, err
	}
	ex.Grade, ex.Score, ex.Difficulty, ex.Work, ex.Hardest = r.Grade, r.Score, r.Difficulty, r.Work, r.Hardest
	for t, n := range r.Counts {
		if n > 0 {
			ex.Counts[Technique(t)] = n
		}
	}
	ex.Solved = h.b.grid()
	return ex, nil
}

// add counts the step s, applied after those added before.
func (r *Rating) add(s *Step) {
	t := s.Technique
	r.Counts[t]++
	if s.Round != r.round {
		// a new round: the last one is done
		r.round = s.Round
		r.Work += t.Weight()
		r.doneTech, r.done = r.hardest()
		r.roundTech, r.roundMin = t, s.Difficulty
		r.doneSE = max(r.doneSE, r.roundSE)
		r.roundSE = seRating(s)
	} else {
		r.roundMin = min(r.roundMin, s.Difficulty)
		r.roundSE = min(r.roundSE, seRating(s))
	}
	r.SE = max(r.doneSE, r.roundSE)
	r.Hardest, r.Difficulty = r.hardest()
	r.Grade = r.Hardest.Level()
	r.Score = scoreOf(r.Grade, r.Difficulty, r.Work)
}

// hardest returns the harder of the rounds done and the round under way
// (by level, then difficulty; the earlier on a tie).
func (r *Rating) hardest() (Technique, int) {
	t, d := r.doneTech, r.done
	if rt := r.roundTech; rt != NoTechnique && (t == NoTechnique || rt.Level() > t.Level() || (rt.Level() == t.Level() && r.roundMin > d)) {
		return rt, r.roundMin
	}
	return t, d
}

// Rate grades the puzzle g as Explain does, without keeping the steps: it
// returns the grade, the score, and the hardest technique used.
func Rate(g Grid) (Grade, int, Technique, error) {
	r, err := RateDetail(g)
	return r.Grade, r.Score, r.Hardest, err
}

// RateDetail is Rate with the number of steps of every technique
// (Counts[t] for technique t).
func RateDetail(g Grid) (Rating, error) { return Options{AllowGuess: true}.Rate(g) }

// Rate is RateDetail with the options o.
func (o Options) Rate(g Grid) (Rating, error) { return o.RateSolved(g, nil) }

// RateSolved is Rate for a puzzle known to have one solution, sol (nil:
// not known), as RateWithinSolved is RateWithin.
func (o Options) RateSolved(g Grid, sol *Grid) (Rating, error) {
	h := getHuman()
	defer putHuman(h)
	var r Rating
	if err := h.prepareSolved(&g, &g, sol); err != nil {
		return r, err
	}
	err := h.run(o.last(), r.add)
	if err == nil {
		err = o.stuck(h)
	}
	if err == nil {
		h.singlesSE(&r, g)
	}
	return r, err
}

// singlesSE puts in the SE estimate r of an Easy puzzle, g, just rated by
// h, what SE's own order of singles gives (seSingles): ours takes naked
// singles first.
func (h *human) singlesSE(r *Rating, g Grid) {
	if r.Grade != Easy {
		return
	}
	h.b.init(&g)
	var se int
	if se, h.scratch = seSingles(&h.b, h.scratch); se > 0 {
		r.SE = se
	}
}

// SETechnique is the technique the SE estimate stands for: Hardest, but
// for an Easy puzzle the single that SE's own order of singles needed
// (singlesSE): Full House 1.0, Hidden Single 1.2 (in a box) and 1.5,
// Naked Single 2.3; "easy 1.2 Naked Single" named ours beside SE's number.
func (r Rating) SETechnique() Technique {
	if r.Grade == Easy {
		switch r.SE {
		case seBase[FullHouse]:
			return FullHouse
		case seBoxHiddenSingle, seBase[HiddenSingle]:
			return HiddenSingle
		case seBase[NakedSingle]:
			return NakedSingle
		}
	}
	return r.Hardest
}

// RateWithin is RateDetail for a puzzle whose grade is at most max; for a
// harder one it stops as soon as only a technique above max would make
// progress, and within is false (the rating is then of no use). It never
// runs the techniques above max, so a generator can ask "is this puzzle
// max or easier?" without paying for forcing nets on the puzzles it throws
// away. Within the cap the steps are those of Rate, which always tries the
// easiest technique first.
func RateWithin(g Grid, max Grade) (r Rating, within bool, err error) {
	return RateWithinSolved(g, nil, max)
}

// RateWithinSolved is RateWithin for a puzzle known to have one solution,
// sol (nil: not known). A generator proves that before it rates, and the
// exact solve that RateWithin starts with would do it again. sol is
// checked against the givens only (and every step against sol, as always):
// one that agrees with them but is not the puzzle's only solution may give
// a wrong rating rather than an error.
func RateWithinSolved(g Grid, sol *Grid, max Grade) (r Rating, within bool, err error) {
	h := getHuman()
	defer putHuman(h)
	if err := h.prepareSolved(&g, &g, sol); err != nil {
		return Rating{}, false, err
	}
	if err := h.run(hardestOf(max), r.add); err != nil {
		return Rating{}, false, err
	}
	if h.b.left > 0 {
		return Rating{}, false, nil
	}
	h.singlesSE(&r, g)
	return r, true, nil
}

// hardestOf is the last technique the solver tries whose level is at most
// g. Techniques come in order of level, so those up to it are exactly the
// techniques of grade g and easier.
func hardestOf(g Grade) Technique {
	last := NoTechnique
	for t := FullHouse; t < numTechniques && t.Level() <= g; t++ {
		last = t
	}
	return last
}

// NextStep returns the next step a person would take from the grid
// current, which holds the givens of the puzzle givens plus a student's
// entries: an instance of the easiest technique that applies to the
// basic pencil marks of current. An entry that disagrees with the solution
// gives a *WrongEntryError naming its cell; a complete grid gives
// ErrSolved. Of the instances of that technique it takes the one that
// does the most, as Explain's first step does.
//
// A grid holds digits, not pencil marks: after a step that only removes
// candidates (a Pointing, a pair), current is as it was and NextStep gives
// the same step again. To go on past it, walk the steps of
// Options.ExplainFrom(givens, current), which keep the candidates.
func NextStep(givens, current Grid) (Step, error) {
	return Options{AllowGuess: true}.NextStep(givens, current)
}

// NextStep is the package's NextStep with the options o.
func (o Options) NextStep(givens, current Grid) (Step, error) {
	h := getHuman()
	defer putHuman(h)
	if err := h.prepare(&givens, &current); err != nil {
		return Step{}, err
	}
	if h.b.left == 0 {
		return Step{}, ErrSolved
	}
	h.text = true
	if h.find(o.last()) == NoTechnique {
		if !o.AllowGuess {
			return Step{}, o.stuck(h)
		}
		return Step{}, fmt.Errorf("%w: no technique applies", ErrUnsound)
	}
	s := &h.found[h.busiest(len(h.found))]
	if err := h.check(s); err != nil {
		return Step{}, err
	}
	s.Round = 1
	return s.clone(), nil
}

// LogicCandidates returns the candidates of every cell (row-major, a solved
// cell holding just its digit, as Grid.Candidates) after every technique
// but the last resort (the forcing nets and Brute Force) has been applied:
// the pencil marks as they stand before the first forcing net.
func LogicCandidates(g Grid) ([]Digits, error) { return LogicCandidatesFrom(g, g) }

// LogicCandidatesFrom is LogicCandidates starting from a partly filled
// grid: current holds the givens of the puzzle givens plus a student's
// entries (an entry that disagrees with the solution gives a
// *WrongEntryError).
func LogicCandidatesFrom(givens, current Grid) ([]Digits, error) {
	h := getHuman()
	defer putHuman(h)
	if err := h.prepare(&givens, &current); err != nil {
		return nil, err
	}
	if err := h.run(ForcingNet-1, func(*Step) {}); err != nil {
		return nil, err
	}
	return h.b.candidates(), nil
}
