package solve

// boardMemo remembers the pencil marks on which a search last found
// nothing. Rounds retry every technique from the easiest, and a round
// changes few cells: a pattern that lies in cells that have not changed
// since was there, with more to eliminate, when the search found nothing,
// so only patterns touching a changed cell need a look. The board only
// ever loses candidates between two searches of one puzzle; prepare
// forgets every memo.
type boardMemo struct {
	ok   bool
	cand [MaxSize * MaxSize]Digits
}

// keep remembers b's pencil marks when the search found nothing, and
// forgets them otherwise.
func (m *boardMemo) keep(b *board, found bool) {
	m.ok = !found
	if m.ok {
		m.cand = b.cand
	}
}

// changedUnits returns the units, a bit each, that hold a cell whose
// candidates changed since the memo's board.
func (m *boardMemo) changedUnits(b *board) uint64 {
	var units uint64
	for i := range b.g.cells {
		if m.cand[i] != b.cand[i] {
			u := &b.g.cellUnit[i]
			units |= 1<<u[0] | 1<<u[1] | 1<<u[2]
		}
	}
	return units
}

// changedCells returns the cells whose candidates changed since the
// memo's board.
func (m *boardMemo) changedCells(b *board) cellset {
	var cells cellset
	for i := range b.g.cells {
		if m.cand[i] != b.cand[i] {
			cells.add(i)
		}
	}
	return cells
}

// unitsSince returns the units, a bit each, that hold a cell whose
// candidates changed since m's board, or every unit when m holds none (or
// the shortcuts are off). A pattern that lies in units none of whose cells
// changed since the search found nothing finds nothing again.
func (h *human) unitsSince(m *boardMemo) uint64 {
	if !m.ok || h.noShortcut {
		return ^uint64(0)
	}
	return m.changedUnits(&h.b)
}
