package solve

import (
	"fmt"
	"slices"
	"strings"
)

// Hint tells the step in stages, so that a teacher can give as little
// away as a student needs:
//
//   - level 1 names the technique and where to look, without a cell of the
//     pattern or what the step places or removes: "Look for a Hidden Single
//     in box 4.", "Look for an X-Wing on digit 7."
//   - level 2 adds the cells of the pattern: "A Hidden Single in box 4: look
//     at r5c2.", "A Naked Pair in row 3: look at r3c1 and r3c7."
//   - level 3 is the whole step, Text.
//
// Levels below 1 give level 1, above 3 level 3.
func (s *Step) Hint(level int) string { return s.HintWith(level, DigitString) }

// HintWith is Hint with each digit written by name, as TextWith.
func (s *Step) HintWith(level int, name func(d int) string) string {
	if level >= 3 {
		return s.TextWith(name)
	}
	if level <= 1 {
		return nameDigits("Look for "+s.hintPhrase(false)+".", name)
	}
	what := s.hintPhrase(true)
	return nameDigits(strings.ToUpper(what[:1])+what[1:]+": "+s.hintCells()+".", name)
}

// hintPhrase is the technique with its article and where to look: "a
// Hidden Single in box 4". With more, fish name their base lines too.
func (s *Step) hintPhrase(more bool) string {
	name := withArticle(s.Technique)
	d := lowDigit(s.Digits)
	switch s.Technique {
	case FullHouse, HiddenSingle, Pointing, Claiming,
		NakedPair, NakedTriple, NakedQuad, HiddenPair, HiddenTriple, HiddenQuad:
		return name + " in " + s.unit(0)
	case NakedSingle:
		return name + " in " + s.rowOf(0)
	case XWing, Swordfish, Jellyfish, FinnedXWing, FinnedSwordfish, FinnedJellyfish:
		if k := len(s.Units) / 2; more && k > 0 {
			return fmt.Sprintf("%s on digit %s in %s", name, d, unitsAnd(s.Units[:k]))
		}
		return name + " on digit " + d
	case Skyscraper, TwoStringKite, SimpleColors, XChain:
		return name + " on digit " + d
	case EmptyRectangle:
		return fmt.Sprintf("%s on digit %s in %s", name, d, s.unit(0))
	case XYWing, XYZWing:
		return name + " with its pivot in " + s.rowOf(0)
	case WWing:
		return name + " linked through " + s.unit(0)
	case UniqueRectangle1, UniqueRectangle2, UniqueRectangle3, UniqueRectangle4, UniqueRectangle5, UniqueRectangle6, HiddenRectangle, AvoidableRect1, AvoidableRect2:
		return name + " in " + s.rowsOf()
	case BUGPlus1:
		return name + ": every empty cell but one has two candidates"
	case BUGPlusN:
		return name + ": almost every empty cell has two candidates"
	case XYChain:
		if more {
			return name
		}
		return name + " through cells with two candidates"
	case ALSXZ:
		return fmt.Sprintf("%s: two almost locked sets, in %s and %s", name, s.unit(0), s.unit(1))
	case ALSXYWing:
		return fmt.Sprintf("%s: three almost locked sets, in %s, %s and %s", name, s.unit(0), s.unit(1), s.unit(2))
	case ALSChain:
		return fmt.Sprintf("%s: a chain of %d almost locked sets, from %s to %s", name, len(s.Units), s.unit(0), s.unit(len(s.Units)-1))
	case SueDeCoq:
		return fmt.Sprintf("%s where %s crosses %s", name, s.unit(0), s.unit(1))
	case DeathBlossom:
		return name + " with its stem in " + s.rowOf(0)
	case ForcingNet, ForcingNetNested:
		return name + " from a cell in " + s.rowOf(0)
	case ForcingNetVerity:
		if len(s.Units) > 0 {
			return name + " from the places of a digit in " + s.unit(0)
		}
		return name + " from the candidates of a cell in " + s.rowOf(0)
	case BruteForce:
		return "a Brute Force guess in " + s.rowOf(0)
	}
	return name
}

// hintCells names the cells of the pattern.
func (s *Step) hintCells() string {
	switch s.Technique {
	case XWing, Swordfish, Jellyfish, FinnedXWing, FinnedSwordfish, FinnedJellyfish:
		switch len(s.Fins) {
		case 0:
		case 1:
			return "look at " + cellsAnd(s.Cells) + ", and the fin " + cellsAnd(s.Fins)
		default:
			return "look at " + cellsAnd(s.Cells) + ", and the fins " + cellsAnd(s.Fins)
		}
	case XYWing, XYZWing:
		if len(s.Cells) >= 3 {
			return fmt.Sprintf("the pivot %v sees %s", s.Cells[0], cellsAnd(s.Cells[1:3]))
		}
	case WWing:
		if len(s.Cells) >= 4 {
			return fmt.Sprintf("look at %s, linked by %s", cellsAnd(s.Cells[:2]), cellsAnd(s.Cells[2:4]))
		}
	case ALSXZ:
		// an almost locked set has one cell fewer than digits
		if len(s.cc) == 2 {
			if na := s.cc[0].Len() - 1; na > 0 && na < len(s.Cells) {
				return fmt.Sprintf("look at the set %s and the set %s", cellList(s.Cells[:na]), cellList(s.Cells[na:]))
			}
		}
	case XChain, XYChain, AIC, GroupedAIC:
		var cells []Cell
		for _, c := range s.Chain {
			if len(cells) == 0 || cells[len(cells)-1] != c.Cell {
				cells = append(cells, c.Cell)
			}
		}
		return "follow " + cellsAnd(cells)
	case ForcingNet, ForcingNetNested:
		return "start from " + s.cell(0)
	case ForcingNetVerity:
		if len(s.Units) > 0 {
			return "try every place of " + lowDigit(s.Digits) + " in " + s.unit(0)
		}
		return "try every candidate of " + s.cell(0)
	}
	if len(s.Cells) == 0 {
		return "look at the whole grid"
	}
	return "look at " + cellsAnd(s.Cells)
}

// withArticle writes the technique's short name as a thing to look for:
// "a Hidden Single", "an X-Wing", "Pointing".
func withArticle(t Technique) string {
	name := t.ShortName()
	switch t {
	case Pointing, Claiming, SimpleColors:
		return name
	}
	if strings.HasPrefix(name, "Uni") { // "a Unique Rectangle"
		return "a " + name
	}
	switch name[0] {
	case 'A', 'E', 'I', 'O', 'U', 'X':
		return "an " + name
	}
	return "a " + name
}

func (s *Step) unit(i int) string {
	if i >= 0 && i < len(s.Units) {
		return s.Units[i].String()
	}
	return "the grid"
}

func (s *Step) cell(i int) string {
	if i >= 0 && i < len(s.Cells) {
		return s.Cells[i].String()
	}
	return "a cell"
}

// rowOf names the row of Cells[i]. Hints name rows rather than boxes for
// a lone cell: a Step does not keep the grid's shape, which numbers boxes.
func (s *Step) rowOf(i int) string {
	if i < 0 || i >= len(s.Cells) {
		return "the grid"
	}
	return Unit{Row, s.Cells[i].Row}.String()
}

// rowsOf names the rows of the cells: "rows 2 and 5".
func (s *Step) rowsOf() string {
	var rows []string
	for _, c := range s.Cells[:min(len(s.Cells), 4)] { // a rectangle's corners
		r := fmt.Sprint(c.Row + 1)
		if !slices.Contains(rows, r) {
			rows = append(rows, r)
		}
	}
	if len(rows) == 1 {
		return "row " + rows[0]
	}
	return "rows " + andList(rows)
}

// unitsAnd writes units of one kind as "rows 2 and 5".
func unitsAnd(us []Unit) string {
	parts := make([]string, len(us))
	for i, u := range us {
		parts[i] = fmt.Sprint(u.Index + 1)
	}
	return us[0].Kind.String() + "s " + andList(parts)
}

// cellsAnd writes "r1c1, r1c5 and r3c2".
func cellsAnd(cs []Cell) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return andList(parts)
}

func andList(parts []string) string {
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
