package solve

import (
	"strings"
)

// Eureka notation, as players write chains on the forums.
//
// An alternating inference chain is its nodes joined by "=" (a strong
// link: at least one is true) and "-" (a weak link: at most one is true),
// two candidates of one cell written together: "(5)r3c1=(5-8)r3c6=(8)r7c6".
// A continuous nice loop comes back to its first node. A forcing chain or
// net is written branch by branch, each from its premise, with "->"
// between deductions that each follow from the premise and the deductions
// before it in the branch: "r1c2=4 -> r1c5<>4 -> r1c5=7 -> r5c5<>7".
// Branches are joined by " ; ", and the conclusion follows "=>":
// "=> r7c1<>5", "=> r5c5=3".

// Eureka writes the step's chain or net and its conclusion in Eureka
// notation, or "" for a step that is no chain.
func (s *Step) Eureka() string { return nameDigits(s.eureka(), DigitString) }

// eureka is Eureka with its digits marked (markDigit).
func (s *Step) eureka() string {
	var chain string
	switch {
	case s.net != "":
		chain = s.net
	case len(s.Chain) > 0:
		chain = eurekaChain(s.Chain, s.ChainCells, s.loop)
	default:
		return ""
	}
	return chain + " => " + conclusion(s)
}

// conclusion writes what the step does: "r7c1<>5, r8c1<>5" or "r5c5=3".
func conclusion(s *Step) string {
	var parts []string
	for _, p := range s.Placements {
		parts = append(parts, p.Cell.String()+"="+markDigit(p.Digit))
	}
	for _, e := range s.Eliminations {
		parts = append(parts, e.Cell.String()+"<>"+markDigit(e.Digit))
	}
	return strings.Join(parts, ", ")
}

// eurekaChain writes an alternating chain whose links go strong, weak,
// strong, ... (nodes ch, groups as in Step.ChainCells); a loop closes
// with a weak link back to the first node.
func eurekaChain(ch []Candidate, groups [][]Cell, loop bool) string {
	node := func(k int) string {
		if k < len(groups) && len(groups[k]) > 1 {
			return "(" + markDigit(ch[k].Digit) + ")" + groupText(groups[k])
		}
		return markCandidate(ch[k])
	}
	single := func(k int) bool { return k >= len(groups) || len(groups[k]) <= 1 }
	link := func(k int) string { // the link from node k-1 to node k
		if k%2 == 1 {
			return "="
		}
		return "-"
	}
	var b strings.Builder
	for k := 0; k < len(ch); k++ {
		if k > 0 {
			b.WriteString(link(k))
		}
		if k+1 < len(ch) && single(k) && single(k+1) && ch[k].Cell == ch[k+1].Cell && ch[k].Digit != ch[k+1].Digit {
			// two candidates of one cell: "(5-8)r3c6"
			b.WriteString("(" + markDigit(ch[k].Digit) + link(k+1) + markDigit(ch[k+1].Digit) + ")" + ch[k].Cell.String())
			k++
			continue
		}
		b.WriteString(node(k))
	}
	if loop {
		b.WriteString("-" + node(0))
	}
	return b.String()
}
