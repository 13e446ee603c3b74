package solve

// SuspectGivens returns, in reading order, the givens of a puzzle without a
// solution whose removal alone leaves a puzzle with exactly one solution:
// the likely typos of a teacher who copied a puzzle wrongly. It returns nil
// when the puzzle has a solution (one or several) or when no single given
// is to blame, or when its Shape is not supported.
//
// A given is found only when the puzzle stays unique without it, so a typo
// in a given the puzzle needs (one of a minimal puzzle's) cannot be
// pinpointed. When givens repeat a digit in a unit, only the givens of
// those conflicts are tried: removing any other leaves the conflict. The
// cost is one count to two per given tried.
func SuspectGivens(g Grid) []Cell {
	if !g.Shape.Valid() {
		return nil
	}
	var s Solver
	if s.Count(&g, 1, nil) > 0 {
		return nil
	}
	n := g.Shape.Cells()
	try := make([]bool, n)
	if cs := g.Conflicts(); len(cs) > 0 {
		for _, c := range cs {
			try[c.A.Row*g.Shape.Size+c.A.Col] = true
			try[c.B.Row*g.Shape.Size+c.B.Col] = true
		}
	} else {
		for i := range n {
			try[i] = g.Cells[i] != 0
		}
	}
	var out []Cell
	for i := range n {
		if !try[i] {
			continue
		}
		d := g.Cells[i]
		g.Cells[i] = 0
		if s.Count(&g, 2, nil) == 1 {
			out = append(out, g.Shape.cell(i))
		}
		g.Cells[i] = d
	}
	return out
}
