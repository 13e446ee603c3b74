package solve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Candidate is one digit in one cell: a placement ("r5c2 is 7") or an
// elimination ("7 is removed from r5c2"). Row and Col are 0-based like
// Cell's; in JSON they are 1-based: {"row":5,"col":2,"digit":7}.
type Candidate struct {
	Cell
	Digit int
}

// String writes the candidate in Eureka notation: "(7)r5c2".
func (c Candidate) String() string { return "(" + DigitString(c.Digit) + ")" + c.Cell.String() }

type jsonCell struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

type jsonCandidate struct {
	Row   int `json:"row"`
	Col   int `json:"col"`
	Digit int `json:"digit"`
}

type jsonUnit struct {
	Kind  string `json:"kind"`  // "row", "column" or "box"
	Index int    `json:"index"` // 1-based
}

// MarshalJSON writes {"row":5,"col":2,"digit":7}, 1-based.
func (c Candidate) MarshalJSON() ([]byte, error) {
	return json.Marshal(jsonCandidate{c.Row + 1, c.Col + 1, c.Digit})
}

// UnmarshalJSON reads what MarshalJSON writes: row, col and digit, each
// from 1 to MaxSize; anything else (a 0, a field left out) is an error.
func (c *Candidate) UnmarshalJSON(b []byte) error {
	var j jsonCandidate
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	for _, v := range []struct {
		name string
		v    int
	}{{"row", j.Row}, {"col", j.Col}, {"digit", j.Digit}} {
		if v.v < 1 || v.v > MaxSize {
			return fmt.Errorf("solve: a candidate's %s is from 1 to %d, not %d, in %s", v.name, MaxSize, v.v, b)
		}
	}
	*c = Candidate{Cell{j.Row - 1, j.Col - 1}, j.Digit}
	return nil
}

// Step is one deduction of the human-style solver: the technique, the
// pattern that makes it (Cells, Units, Digits, and for some techniques Fins
// or Chain) and what it does (Placements, Eliminations). Steps are only
// recorded when they do something.
//
// What Cells and Units hold depends on the technique; Text puts it in words
// and every technique's doc comment (techniques_*.go) says what it stores.
// In JSON (MarshalJSON) rows, columns, unit indexes and digits are 1-based:
//
//	{"technique":"Hidden Single","level":"Easy","text":"...",
//	 "placements":[{"row":5,"col":2,"digit":7}],"eliminations":[],
//	 "cells":[{"row":5,"col":2}],"units":[{"kind":"box","index":4}],"digits":[7]}
type Step struct {
	Technique Technique
	// Difficulty is the weight of the technique, more for a long chain or
	// net; the hardest step's decides the puzzle's score.
	Difficulty int
	Round      int // steps of one round were all found on the same candidate grid
	// RoundStart is set when an earlier step of the round took a
	// candidate the step's pattern stands on: its pattern, and its text,
	// are read on the candidates as the round began, from which its
	// eliminations follow still (the board now holds fewer).
	RoundStart   bool
	Placements   []Candidate
	Eliminations []Candidate
	Cells        []Cell      // the cells of the pattern
	Units        []Unit      // the units of the pattern
	Digits       Digits      // the digits of the pattern
	Fins         []Cell      // finned fish: the fins
	Chain        []Candidate // chains: the nodes; links alternate strong, weak, strong, ... and end strong
	// ChainCells, for a chain with group nodes, holds the cells of each
	// node of Chain that is a group (nil for a single candidate); a group
	// is in Chain by its first cell.
	ChainCells [][]Cell
	// Forced, for a forcing net (not a verity) that Explain wrote out,
	// holds the digits its assumption forces on the way to the
	// contradiction, in the order found (the premise is Cells[0]).
	Forced []Candidate

	cc   []Digits // for some techniques: the candidates of Cells[i] when the step was found
	note string   // for some techniques: the text, written when the step was found
	net  string   // forcing nets: the branches in Eureka notation (Eureka), written with the note
	loop bool     // chains: the chain closes into a continuous nice loop
	// direct: locked candidates or a hidden pair or triple whose
	// eliminations left a digit a single place in a unit (a hidden
	// single), which Sudoku Explainer rates as its "direct" technique
	direct bool
}

// Level is the grade of the step's technique.
func (s *Step) Level() Grade { return s.Technique.Level() }

// clone returns a copy of s that shares no memory with it.
func (s *Step) clone() Step {
	c := *s
	c.Placements = append([]Candidate(nil), s.Placements...)
	c.Eliminations = append([]Candidate(nil), s.Eliminations...)
	c.Cells = append([]Cell(nil), s.Cells...)
	c.Units = append([]Unit(nil), s.Units...)
	c.Fins = append([]Cell(nil), s.Fins...)
	c.Chain = append([]Candidate(nil), s.Chain...)
	c.Forced = append([]Candidate(nil), s.Forced...)
	if len(s.ChainCells) > 0 {
		c.ChainCells = make([][]Cell, len(s.ChainCells))
		for k, cs := range s.ChainCells {
			c.ChainCells[k] = append([]Cell(nil), cs...)
		}
	}
	c.cc = append([]Digits(nil), s.cc...)
	if len(c.Fins) == 0 {
		c.Fins = nil
	}
	if len(c.Chain) == 0 {
		c.Chain = nil
	}
	if len(c.Forced) == 0 {
		c.Forced = nil
	}
	if len(c.cc) == 0 {
		c.cc = nil
	}
	return c
}

// reset empties s for reuse, keeping the memory of its slices. It sets the
// fields one by one, where a composite literal would build a whole Step
// and copy it over: five times the instructions, for every instance a
// rating finds. TestStepReset checks that every field is reset.
func (s *Step) reset(t Technique) {
	s.Technique = t
	s.Difficulty = t.Weight()
	s.Round = 0
	s.RoundStart = false
	s.Placements = s.Placements[:0]
	s.Eliminations = s.Eliminations[:0]
	s.Cells = s.Cells[:0]
	s.Units = s.Units[:0]
	s.Digits = 0
	s.Fins = s.Fins[:0]
	s.Chain = s.Chain[:0]
	s.ChainCells = s.ChainCells[:0]
	s.Forced = s.Forced[:0]
	s.cc = s.cc[:0]
	s.note = ""
	s.net = ""
	s.loop = false
	s.direct = false
}

// MarshalJSON writes the step with 1-based rows, columns, units and digits,
// the technique's name and grade, and its text.
func (s Step) MarshalJSON() ([]byte, error) {
	type out struct {
		Technique    string          `json:"technique"`
		Level        string          `json:"level"`
		Difficulty   int             `json:"difficulty"`
		Round        int             `json:"round"`
		RoundStart   bool            `json:"round_start,omitempty"`
		Text         string          `json:"text"`
		Placements   []Candidate     `json:"placements"`
		Eliminations []Candidate     `json:"eliminations"`
		Cells        []jsonCell      `json:"cells"`
		Units        []jsonUnit      `json:"units"`
		Digits       []int           `json:"digits"`
		Fins         []jsonCell      `json:"fins,omitempty"`
		Chain        []jsonCandidate `json:"chain,omitempty"`
		Forced       []Candidate     `json:"forced,omitempty"`
	}
	o := out{
		Technique:    s.Technique.String(),
		Level:        s.Technique.Level().String(),
		Difficulty:   s.Difficulty,
		Round:        s.Round,
		RoundStart:   s.RoundStart,
		Text:         s.Text(),
		Placements:   append([]Candidate{}, s.Placements...),
		Eliminations: append([]Candidate{}, s.Eliminations...),
		Cells:        []jsonCell{},
		Units:        []jsonUnit{},
		Digits:       s.Digits.List(),
	}
	for _, c := range s.Cells {
		o.Cells = append(o.Cells, jsonCell{c.Row + 1, c.Col + 1})
	}
	for _, u := range s.Units {
		o.Units = append(o.Units, jsonUnit{u.Kind.String(), u.Index + 1})
	}
	for _, c := range s.Fins {
		o.Fins = append(o.Fins, jsonCell{c.Row + 1, c.Col + 1})
	}
	for _, c := range s.Chain {
		o.Chain = append(o.Chain, jsonCandidate{c.Row + 1, c.Col + 1, c.Digit})
	}
	o.Forced = s.Forced
	return marshalPlain(o)
}

// marshalPlain is json.Marshal without the escaping of <, > and & for
// HTML: the chains' "r1c2<>4 -> ..." stay as they read, and a fifth of
// the size.
func marshalPlain(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// Text puts the step in a sentence a person understands, such as
// "Hidden Single: in box 4, 7 fits only in r5c2." or
// "Pointing: in box 1, 3 lies only in row 2, so 3 is removed from r2c5, r2c7."
func (s *Step) Text() string { return s.TextWith(DigitString) }

// TextWith is Text with each digit the step names written by name: Text
// names 10 to 16 as the text format does (A to G), and a spreadsheet,
// whose boards show them as numbers, passes strconv.Itoa.
func (s *Step) TextWith(name func(d int) string) string {
	t := s.text()
	if s.RoundStart {
		t += fmt.Sprintf(" (Read on the candidates as round %d began; an earlier step of the round has since removed some of them.)", s.Round)
	}
	return nameDigits(t, name)
}

func (s *Step) text() string {
	name := s.Technique.ShortName()
	if s.note != "" {
		if s.net != "" {
			return name + ": " + s.expandNote() + " " + s.eureka()
		}
		return name + ": " + s.expandNote()
	}
	d := lowDigit(s.Digits)
	unit := func(i int) string {
		if i < len(s.Units) {
			return s.Units[i].String()
		}
		return "?"
	}
	cell := func(i int) string {
		if i < len(s.Cells) {
			return s.Cells[i].String()
		}
		return "?"
	}
	cands := func(i int) string {
		if i < len(s.cc) {
			return digitList(s.cc[i], ",")
		}
		return "?"
	}
	var p string
	if len(s.Placements) > 0 {
		p = s.Placements[0].Cell.String()
	}
	var pd string
	if len(s.Placements) > 0 {
		pd = markDigit(s.Placements[0].Digit)
	}
	elim := eliminationText(s.Eliminations)
	switch s.Technique {
	case FullHouse:
		return fmt.Sprintf("%s: %s is the last empty cell of %s, so it is %s.", name, p, unit(0), pd)
	case NakedSingle:
		return fmt.Sprintf("%s: %s can only be %s.", name, p, pd)
	case HiddenSingle:
		return fmt.Sprintf("%s: in %s, %s fits only in %s.", name, unit(0), pd, p)
	case Pointing, Claiming:
		return fmt.Sprintf("%s: in %s, %s lies only in %s, so %s.", name, unit(0), d, unit(1), elim)
	case NakedPair, NakedTriple, NakedQuad:
		return fmt.Sprintf("%s: in %s, %s hold only %s, so %s.", name, unit(0), cellList(s.Cells), digitList(s.Digits, " and "), elim)
	case HiddenPair, HiddenTriple, HiddenQuad:
		return fmt.Sprintf("%s: in %s, %s fit only in %s, so %s.", name, unit(0), digitList(s.Digits, " and "), cellList(s.Cells), elim)
	case XWing, Swordfish, Jellyfish, FinnedXWing, FinnedSwordfish, FinnedJellyfish:
		k := len(s.Units) / 2
		base, cover := unitList(s.Units[:k]), unitList(s.Units[k:])
		fins := ""
		if len(s.Fins) > 0 {
			fins = fmt.Sprintf(" or in the fin %s", cellList(s.Fins))
			if len(s.Fins) > 1 {
				fins = fmt.Sprintf(" or in the fins %s", cellList(s.Fins))
			}
			return fmt.Sprintf("%s: %s in %s lies only in %s%s, and the cells removed see every fin, so %s.", name, d, base, cover, fins, elim)
		}
		// The digit first: "in columns 3, 6, 4 lies..." read as three columns.
		return fmt.Sprintf("%s: %s in %s lies only in %s, so %s.", name, d, base, cover, elim)
	case Skyscraper:
		return fmt.Sprintf("%s: %s in %s lies only in %s, %s and in %s only in %s, %s; %s and %s share %s, so %s or %s is %s, and %s.",
			name, d, unit(0), cell(0), cell(1), unit(1), cell(2), cell(3), cell(0), cell(2), sharedLine(s.Cells), cell(1), cell(3), d, elim)
	case TwoStringKite:
		return fmt.Sprintf("%s: %s in %s lies only in %s, %s and in %s only in %s, %s; %s and %s share %s, so %s or %s is %s, and %s.",
			name, d, unit(0), cell(0), cell(1), unit(1), cell(2), cell(3), cell(1), cell(2), unit(2), cell(0), cell(3), d, elim)
	case EmptyRectangle:
		return fmt.Sprintf("%s: in %s, %s lies only in %s and %s; with %s only in %s, %s, %s.",
			name, unit(0), d, unit(1), unit(2), d+" in "+unit(3), cell(0), cell(1), elim)
	case XYWing:
		return fmt.Sprintf("%s: pivot %s {%s} sees %s {%s} and %s {%s}; one of these two is %s, so %s.",
			name, cell(0), cands(0), cell(1), cands(1), cell(2), cands(2), d, elim)
	case XYZWing:
		return fmt.Sprintf("%s: pivot %s {%s} sees %s {%s} and %s {%s}; one of the three is %s, so %s.",
			name, cell(0), cands(0), cell(1), cands(1), cell(2), cands(2), d, elim)
	case WWing:
		return fmt.Sprintf("%s: %s and %s hold only {%s}, and %s in %s lies only in %s and %s, which see them; so one of %s, %s is %s, and %s.",
			name, cell(0), cell(1), cands(0), markDigit(highOther(s.cc, s.Digits)), unit(0), cell(2), cell(3), cell(0), cell(1), d, elim)
	case SimpleColors:
		return fmt.Sprintf("%s: the conjugate pairs of %s link %s in two colors, one of which is %s, so %s.",
			name, d, cellList(s.Cells), d, elim)
	case UniqueRectangle1:
		return fmt.Sprintf("%s: %s would be a deadly pattern on %s (two solutions), so %s.",
			name, cellList(s.Cells), digitList(s.Digits, " and "), elim)
	case UniqueRectangle2:
		return fmt.Sprintf("%s: %s would be a deadly pattern on %s (two solutions), so %s or %s is %s, and %s.",
			name, cellList(s.Cells), digitList(s.Digits, " and "), cell(2), cell(3), markDigit(firstElimDigit(s.Eliminations)), elim)
	case UniqueRectangle4:
		return fmt.Sprintf("%s: %s would be a deadly pattern on %s (two solutions); in %s, %s lies only in %s and %s, so one of them is %s and neither can be %s: %s.",
			name, cellList(s.Cells), digitList(s.Digits, " and "), unit(0), cands(0), cell(2), cell(3), cands(0), markDigit(firstElimDigit(s.Eliminations)), elim)
	case UniqueRectangle3:
		k := len(s.Cells)
		return fmt.Sprintf("%s: %s would be a deadly pattern on %s (two solutions), so %s or %s holds %s; with %s they hold only %s in %s, so %s.",
			name, cellList(s.Cells[:min(k, 4)]), digitList(s.Digits, " and "), cell(2), cell(3), digitList(s.extraOf(), " or "),
			cellList(s.Cells[min(k, 4):]), cands(0), unit(0), elim)
	case UniqueRectangle5:
		var extra []Cell
		var x Digits
		for k, c := range s.Cells {
			if k < len(s.cc) && s.cc[k] != s.Digits {
				extra = append(extra, c)
				x = s.cc[k] &^ s.Digits
			}
		}
		return fmt.Sprintf("%s: %s would be a deadly pattern on %s (two solutions), so one of %s is %s: %s.",
			name, cellList(s.Cells), digitList(s.Digits, " and "), cellList(extra), lowDigit(x), elim)
	case UniqueRectangle6:
		return fmt.Sprintf("%s: %s would be a deadly pattern on %s (two solutions); %s lies in %s only in the rectangle, so it is in %s and %s, not in %s or %s: %s.",
			name, cellList(s.Cells), digitList(s.Digits, " and "), lowDigit(s.cc0()), unitsAnd2(s.Units), cell(0), cell(1), cell(2), cell(3), elim)
	case HiddenRectangle:
		x := lowDigit(s.cc0())
		row, col := "?", "?" // (a Step made by hand, without its cells)
		if n := len(s.Cells); n > 0 {
			row, col = strconv.Itoa(s.Cells[n-1].Row+1), strconv.Itoa(s.Cells[n-1].Col+1)
		}
		return fmt.Sprintf("%s: %s would be a deadly pattern on %s (two solutions); %s lies in row %s and column %s only in the rectangle, so %s cannot be %s: %s.",
			name, cellList(s.Cells), digitList(s.Digits, " and "), x, row, col,
			cell(3), markDigit(firstElimDigit(s.Eliminations)), elim)
	case AvoidableRect1:
		return fmt.Sprintf("%s: %s were solved, not given, so %s cannot be %s (%s could swap %s): %s.",
			name, cellList(s.Cells[:min(3, len(s.Cells))]), cell(3), markDigit(firstElimDigit(s.Eliminations)),
			cellList(s.Cells), digitList(s.Digits, " and "), elim)
	case AvoidableRect2:
		return fmt.Sprintf("%s: %s were solved, not given; %s and %s cannot be %s and %s (the four could swap %s), so one is %s: %s.",
			name, cellList(s.Cells[:min(2, len(s.Cells))]), cell(2), cell(3), s.valueName(1), s.valueName(0),
			digitList(s.Digits, " and "), lowDigit(s.cc0()), elim)
	case BUGPlusN:
		var bugs []string
		for k, c := range s.Cells {
			if k < len(s.cc) {
				for _, d := range s.cc[k].List() {
					bugs = append(bugs, markCandidate(Candidate{c, d}))
				}
			}
		}
		return fmt.Sprintf("%s: without %s the grid would be a deadly pattern (every empty cell with two candidates, every digit twice in its units), so one of them is true: %s.",
			name, strings.Join(bugs, ", "), elim)
	case BUGPlus1:
		return fmt.Sprintf("%s: every empty cell but %s has two candidates; without %s in %s the grid would be a deadly pattern, so %s is %s.",
			name, p, pd, p, p, pd)
	case XChain, XYChain, AIC, GroupedAIC:
		if s.loop {
			return fmt.Sprintf("%s: %s. The chain closes into a loop in which every weak link holds one true candidate, so %s.",
				name, s.eureka(), elim)
		}
		if len(s.Placements) > 0 {
			return fmt.Sprintf("%s: %s. If the first candidate were false, the chain would make it true, so %s is %s.",
				name, s.eureka(), p, pd)
		}
		return fmt.Sprintf("%s: %s. One end is true, so %s.", name, s.eureka(), elim)
	case BruteForce:
		return fmt.Sprintf("%s: no technique above applies; the exact solver's solution has %s in %s.", name, pd, p)
	}
	var parts []string
	if len(s.Placements) > 0 {
		for _, pl := range s.Placements {
			parts = append(parts, fmt.Sprintf("%v is %s", pl.Cell, markDigit(pl.Digit)))
		}
	}
	if len(s.Eliminations) > 0 {
		parts = append(parts, elim)
	}
	return name + ": " + strings.Join(parts, "; ") + "."
}

// Notes are written when a step is found, before it is applied; what the
// step finally places and eliminates is known only once the steps before it
// in its round are applied, so a note marks where it goes.
const (
	elimMark  = "\x00E" // eliminationText of the step's eliminations
	placeMark = "\x00P" // the step's placements, "7 in r5c2, 3 in r1c1"
	digitMark = "\x00D" // before a digit, as DigitString writes it
)

// markDigit writes digit d for a step's text, marked so that TextWith names
// it as its caller asks: notes and nets are written when a step is found,
// long before.
func markDigit(d int) string { return digitMark + DigitString(d) }

// markCandidate is Candidate.String with its digit marked.
func markCandidate(c Candidate) string { return "(" + markDigit(c.Digit) + ")" + c.Cell.String() }

// nameDigits writes each marked digit of t by name.
func nameDigits(t string, name func(d int) string) string {
	if !strings.Contains(t, digitMark) {
		return t
	}
	var b strings.Builder
	b.Grow(len(t))
	for {
		i := strings.Index(t, digitMark)
		if i < 0 || i+len(digitMark) >= len(t) {
			b.WriteString(t)
			return b.String()
		}
		b.WriteString(t[:i])
		t = t[i+len(digitMark):]
		switch c := t[0]; {
		case c >= '1' && c <= '9':
			b.WriteString(name(int(c - '0')))
		case c >= 'A' && c <= 'G':
			b.WriteString(name(int(c-'A') + 10))
		default: // DigitString's "?" for no digit
			b.WriteByte(c)
		}
		t = t[1:]
	}
}

// expandNote writes the step's effect into its note.
func (s *Step) expandNote() string {
	t := strings.ReplaceAll(s.note, elimMark, eliminationText(s.Eliminations))
	if strings.Contains(t, placeMark) {
		places := make([]string, len(s.Placements))
		for i, p := range s.Placements {
			places[i] = fmt.Sprintf("%s in %v", markDigit(p.Digit), p.Cell)
		}
		t = strings.ReplaceAll(t, placeMark, strings.Join(places, ", "))
	}
	return t
}

// valueName is, for an avoidable rectangle, the digit of the solved
// corner Cells[k]: the one of Digits that is not the other corner's.
func (s *Step) valueName(k int) string {
	if len(s.cc) < 2 {
		return "?"
	}
	return lowDigit(s.cc[1+k])
}

// unitsAnd2 names two units of a kind: "rows 1 and 3".
func unitsAnd2(us []Unit) string {
	if len(us) < 2 {
		return "?"
	}
	return fmt.Sprintf("%ss %d and %d", us[0].Kind, us[0].Index+1, us[1].Index+1)
}

// cc0 is cc[0], or no digit.
func (s *Step) cc0() Digits {
	if len(s.cc) == 0 {
		return 0
	}
	return s.cc[0]
}

// extraOf is, for a Unique Rectangle Type 3, the extra digits of the
// rectangle's two last corners (cc[1]).
func (s *Step) extraOf() Digits {
	if len(s.cc) < 2 {
		return 0
	}
	return s.cc[1]
}

func lowDigit(d Digits) string {
	if d == 0 {
		return "?"
	}
	return markDigit(bits.TrailingZeros32(uint32(d)) + 1)
}

func digitList(d Digits, lastSep string) string {
	l := d.List()
	s := make([]string, len(l))
	for i, v := range l {
		s[i] = markDigit(v)
	}
	if len(s) <= 1 || lastSep == "," {
		return strings.Join(s, ",")
	}
	return strings.Join(s[:len(s)-1], ", ") + lastSep + s[len(s)-1]
}

func cellList(cs []Cell) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.String()
	}
	return strings.Join(s, ", ")
}

func unitList(us []Unit) string {
	if len(us) == 0 {
		return ""
	}
	kind := us[0].Kind.String() + "s"
	s := make([]string, len(us))
	for i, u := range us {
		s[i] = fmt.Sprint(u.Index + 1)
	}
	return kind + " " + strings.Join(s, ", ")
}

// eliminationText writes "3 is removed from r2c5, r2c7" or, for several
// digits, "3 is removed from r1c1; 7 from r1c9, r2c9".
func eliminationText(es []Candidate) string {
	if len(es) == 0 {
		return "nothing is removed"
	}
	var order []int
	by := map[int][]Cell{}
	for _, e := range es {
		if _, ok := by[e.Digit]; !ok {
			order = append(order, e.Digit)
		}
		by[e.Digit] = append(by[e.Digit], e.Cell)
	}
	parts := make([]string, len(order))
	for i, d := range order {
		if i == 0 {
			parts[i] = fmt.Sprintf("%s is removed from %s", markDigit(d), cellList(by[d]))
		} else {
			parts[i] = fmt.Sprintf("%s from %s", markDigit(d), cellList(by[d]))
		}
	}
	return strings.Join(parts, "; ")
}

// groupText names cells of one row or one column: "r1c23", "r23c5".
func groupText(cs []Cell) string {
	var rows, cols strings.Builder
	seenR, seenC := map[int]bool{}, map[int]bool{}
	for _, c := range cs {
		if !seenR[c.Row] {
			seenR[c.Row] = true
			rows.WriteString(strconv.Itoa(c.Row + 1))
		}
		if !seenC[c.Col] {
			seenC[c.Col] = true
			cols.WriteString(strconv.Itoa(c.Col + 1))
		}
	}
	return "r" + rows.String() + "c" + cols.String()
}

func firstElimDigit(es []Candidate) int {
	if len(es) == 0 {
		return 0
	}
	return es[0].Digit
}

// highOther returns the digit of cc[0] that is not in d (the W-Wing's link
// digit).
func highOther(cc []Digits, d Digits) int {
	if len(cc) == 0 {
		return 0
	}
	x := cc[0] &^ d
	if x == 0 {
		return 0
	}
	return bits.TrailingZeros32(uint32(x)) + 1
}

// sharedLine names the line through the first and third of cs (a
// Skyscraper's bases).
func sharedLine(cs []Cell) string {
	if len(cs) < 3 {
		return "?"
	}
	if cs[0].Col == cs[2].Col {
		return Unit{Col, cs[0].Col}.String()
	}
	return Unit{Row, cs[0].Row}.String()
}
