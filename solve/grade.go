package solve

import (
	"fmt"
	"strings"
)

// Grade is the named difficulty of a puzzle: the level of the hardest
// technique the human-style solver needed to finish it.
type Grade int

// The grades, easiest first.
const (
	Easy    Grade = iota // singles only
	Medium               // locked candidates, naked and hidden pairs and triples
	Hard                 // quads, fish, wings, coloring, uniqueness
	Expert               // chains
	Extreme              // needs the last resort (forcing nets or a guess)
)

// Grades lists every grade, easiest first.
var Grades = []Grade{Easy, Medium, Hard, Expert, Extreme}

func (g Grade) String() string {
	switch g {
	case Easy:
		return "Easy"
	case Medium:
		return "Medium"
	case Hard:
		return "Hard"
	case Expert:
		return "Expert"
	case Extreme:
		return "Extreme"
	}
	return fmt.Sprintf("Grade(%d)", int(g))
}

// ParseGrade reads a grade name, in any case.
func ParseGrade(s string) (Grade, error) {
	for _, g := range Grades {
		if strings.EqualFold(s, g.String()) {
			return g, nil
		}
	}
	return 0, fmt.Errorf("unknown grade %q (Easy, Medium, Hard, Expert, Extreme)", s)
}

// Technique is one solving technique of the human-style solver. The
// techniques are numbered in the order the solver tries them: the easiest
// first. The zero Technique is NoTechnique, the Hardest of a puzzle that is
// already complete.
type Technique int

// The techniques, in the order the solver tries them. The names (String)
// are HoDoKu's.
const (
	NoTechnique Technique = iota
	FullHouse
	NakedSingle
	HiddenSingle
	Pointing // Locked Candidates Type 1
	Claiming // Locked Candidates Type 2
	NakedPair
	HiddenPair
	NakedTriple
	HiddenTriple
	XWing
	Skyscraper
	TwoStringKite
	EmptyRectangle
	XYWing
	XYZWing
	WWing
	Swordfish
	SimpleColors
	UniqueRectangle1
	UniqueRectangle2
	UniqueRectangle3
	UniqueRectangle4
	UniqueRectangle5
	UniqueRectangle6
	HiddenRectangle
	AvoidableRect1
	AvoidableRect2
	BUGPlus1
	BUGPlusN
	NakedQuad
	HiddenQuad
	Jellyfish
	FinnedXWing
	FinnedSwordfish
	FinnedJellyfish
	SueDeCoq
	XChain
	XYChain
	AIC
	GroupedAIC
	ALSXZ
	ALSXYWing
	ALSChain
	DeathBlossom
	ForcingNet
	ForcingNetVerity
	ForcingNetNested
	BruteForce
	numTechniques
)

type techniqueInfo struct {
	name   string
	short  string // the name used at the start of a step's text
	level  Grade
	weight int
}

// techniqueTable: names after HoDoKu; weights follow HoDoKu's scores.
var techniqueTable = [numTechniques]techniqueInfo{
	NoTechnique:      {"None", "None", Easy, 0},
	FullHouse:        {"Full House", "Full House", Easy, 4},
	NakedSingle:      {"Naked Single", "Naked Single", Easy, 4},
	HiddenSingle:     {"Hidden Single", "Hidden Single", Easy, 14},
	Pointing:         {"Locked Candidates Type 1 (Pointing)", "Pointing", Medium, 50},
	Claiming:         {"Locked Candidates Type 2 (Claiming)", "Claiming", Medium, 50},
	NakedPair:        {"Naked Pair", "Naked Pair", Medium, 60},
	HiddenPair:       {"Hidden Pair", "Hidden Pair", Medium, 70},
	NakedTriple:      {"Naked Triple", "Naked Triple", Medium, 80},
	HiddenTriple:     {"Hidden Triple", "Hidden Triple", Medium, 100},
	XWing:            {"X-Wing", "X-Wing", Hard, 140},
	Skyscraper:       {"Skyscraper", "Skyscraper", Hard, 130},
	TwoStringKite:    {"2-String Kite", "2-String Kite", Hard, 150},
	EmptyRectangle:   {"Empty Rectangle", "Empty Rectangle", Hard, 120},
	XYWing:           {"XY-Wing", "XY-Wing", Hard, 160},
	XYZWing:          {"XYZ-Wing", "XYZ-Wing", Hard, 180},
	WWing:            {"W-Wing", "W-Wing", Hard, 150},
	Swordfish:        {"Swordfish", "Swordfish", Hard, 150},
	SimpleColors:     {"Simple Colors", "Simple Colors", Hard, 150},
	UniqueRectangle1: {"Uniqueness Test 1", "Unique Rectangle Type 1", Hard, 100},
	UniqueRectangle2: {"Uniqueness Test 2", "Unique Rectangle Type 2", Hard, 100},
	UniqueRectangle3: {"Uniqueness Test 3", "Unique Rectangle Type 3", Hard, 100},
	UniqueRectangle4: {"Uniqueness Test 4", "Unique Rectangle Type 4", Hard, 100},
	UniqueRectangle5: {"Uniqueness Test 5", "Unique Rectangle Type 5", Hard, 100},
	UniqueRectangle6: {"Uniqueness Test 6", "Unique Rectangle Type 6", Hard, 100},
	HiddenRectangle:  {"Hidden Rectangle", "Hidden Rectangle", Hard, 100},
	AvoidableRect1:   {"Avoidable Rectangle Type 1", "Avoidable Rectangle Type 1", Hard, 100},
	AvoidableRect2:   {"Avoidable Rectangle Type 2", "Avoidable Rectangle Type 2", Hard, 100},
	BUGPlus1:         {"Bivalue Universal Grave + 1", "BUG+1", Hard, 100},
	BUGPlusN:         {"Bivalue Universal Grave + n", "BUG+n", Hard, 110},
	NakedQuad:        {"Naked Quadruple", "Naked Quad", Hard, 120},
	HiddenQuad:       {"Hidden Quadruple", "Hidden Quad", Hard, 150},
	Jellyfish:        {"Jellyfish", "Jellyfish", Hard, 160},
	FinnedXWing:      {"Finned X-Wing", "Finned X-Wing", Hard, 130},
	FinnedSwordfish:  {"Finned Swordfish", "Finned Swordfish", Expert, 200},
	FinnedJellyfish:  {"Finned Jellyfish", "Finned Jellyfish", Expert, 250},
	SueDeCoq:         {"Sue de Coq", "Sue de Coq", Expert, 250},
	XChain:           {"X-Chain", "X-Chain", Expert, 260},
	XYChain:          {"XY-Chain", "XY-Chain", Expert, 260},
	AIC:              {"Alternating Inference Chain", "AIC", Expert, 280},
	GroupedAIC:       {"Grouped AIC", "Grouped AIC", Expert, 300},
	ALSXZ:            {"Almost Locked Set XZ-Rule", "ALS-XZ", Expert, 300},
	ALSXYWing:        {"Almost Locked Set XY-Wing", "ALS-XY-Wing", Expert, 320},
	ALSChain:         {"ALS-XY-Chain", "ALS Chain", Expert, 340},
	DeathBlossom:     {"Death Blossom", "Death Blossom", Expert, 360},
	ForcingNet:       {"Forcing Net", "Forcing Net", Extreme, 500},
	ForcingNetVerity: {"Forcing Net Verity", "Forcing Net Verity", Extreme, 550},
	ForcingNetNested: {"Nested Forcing Net", "Nested Forcing Net", Extreme, 700},
	BruteForce:       {"Brute Force", "Brute Force", Extreme, 10000},
}

// Techniques lists every technique, in the order the solver tries them.
func Techniques() []Technique {
	out := make([]Technique, 0, numTechniques-1)
	for t := FullHouse; t < numTechniques; t++ {
		out = append(out, t)
	}
	return out
}

// String returns HoDoKu's name of the technique ("Hidden Single",
// "Locked Candidates Type 1 (Pointing)", "Uniqueness Test 1").
func (t Technique) String() string {
	if t < 0 || t >= numTechniques {
		return fmt.Sprintf("Technique(%d)", int(t))
	}
	return techniqueTable[t].name
}

// ShortName is the name a step's text starts with ("Pointing",
// "Unique Rectangle Type 1", "BUG+1").
func (t Technique) ShortName() string {
	if t < 0 || t >= numTechniques {
		return t.String()
	}
	return techniqueTable[t].short
}

// Level is the grade of a puzzle whose hardest needed technique is t.
func (t Technique) Level() Grade {
	if t < 0 || t >= numTechniques {
		return Extreme
	}
	return techniqueTable[t].level
}

// Weight is what one step with technique t adds to a puzzle's score.
func (t Technique) Weight() int {
	if t < 0 || t >= numTechniques {
		return 0
	}
	return techniqueTable[t].weight
}

// ParseTechnique finds a technique by its name or short name, in any case.
func ParseTechnique(s string) (Technique, error) {
	for t := FullHouse; t < numTechniques; t++ {
		if strings.EqualFold(s, t.String()) || strings.EqualFold(s, t.ShortName()) {
			return t, nil
		}
	}
	return NoTechnique, fmt.Errorf("unknown technique %q", s)
}

// GradeTable writes the grading scale as a Markdown table, one row per
// technique in the order the solver tries them: technique, short name,
// grade, weight. The README documents the scale with it.
func GradeTable() string {
	var b strings.Builder
	b.WriteString("| technique | in steps | grade | weight |\n|---|---|---|---|\n")
	for _, t := range Techniques() {
		fmt.Fprintf(&b, "| %s | %s | %s | %d |\n", t, t.ShortName(), t.Level(), t.Weight())
	}
	return b.String()
}

// MarshalText writes the grade's name, so JSON shows "Hard".
func (g Grade) MarshalText() ([]byte, error) { return []byte(g.String()), nil }

// UnmarshalText reads a grade's name.
func (g *Grade) UnmarshalText(b []byte) error {
	v, err := ParseGrade(string(b))
	if err == nil {
		*g = v
	}
	return err
}

// MarshalText writes the technique's name, so JSON shows "X-Wing" (also as
// a map key, as in Explanation.Counts).
func (t Technique) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads a technique's name or short name.
func (t *Technique) UnmarshalText(b []byte) error {
	v, err := ParseTechnique(string(b))
	if err == nil {
		*t = v
	}
	return err
}
