package solve

import (
	"math/bits"
	"sync"
)

// This file holds the candidate grid the human-style solver works on: the
// pencil marks of every cell, kept together with two redundant views that
// make the techniques cheap:
//
//   - for every digit, the set of cells that still have it as a candidate
//     (a 256-bit cellset), so "cells seeing both A and B that hold 5" is three
//     word-wise ANDs;
//   - for every unit and digit, the positions inside the unit (0..Size-1)
//     that still hold the digit, so hidden singles, subsets, fish and
//     conjugate pairs are popcounts.
//
// Solved cells have no candidates: cand[i] == 0 and value[i] != 0.

// cellset is a set of cell indexes 0..255 (row-major, r*Size+c).
type cellset [4]uint64

func (s *cellset) add(i int)     { s[i>>6] |= 1 << (i & 63) }
func (s *cellset) del(i int)     { s[i>>6] &^= 1 << (i & 63) }
func (s cellset) has(i int) bool { return s[i>>6]&(1<<(i&63)) != 0 }
func (s cellset) empty() bool    { return s[0]|s[1]|s[2]|s[3] == 0 }
func (s cellset) and(t cellset) cellset {
	return cellset{s[0] & t[0], s[1] & t[1], s[2] & t[2], s[3] & t[3]}
}
func (s cellset) or(t cellset) cellset {
	return cellset{s[0] | t[0], s[1] | t[1], s[2] | t[2], s[3] | t[3]}
}
func (s cellset) andNot(t cellset) cellset {
	return cellset{s[0] &^ t[0], s[1] &^ t[1], s[2] &^ t[2], s[3] &^ t[3]}
}
func (s cellset) count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

// first returns the smallest cell of s, or -1 when s is empty.
func (s cellset) first() int {
	for w, x := range s {
		if x != 0 {
			return w<<6 + bits.TrailingZeros64(x)
		}
	}
	return -1
}

// appendTo appends the cells of s, smallest first, to out.
func (s cellset) appendTo(out []int) []int {
	for w, x := range s {
		for ; x != 0; x &= x - 1 {
			out = append(out, w<<6+bits.TrailingZeros64(x))
		}
	}
	return out
}

// hgeo is the geometry of one shape as the human solver needs it. Units are
// numbered as Shape.Units lists them: rows 0..n-1, columns n..2n-1, boxes
// 2n..3n-1.
type hgeo struct {
	shape    Shape
	n, cells int
	all      Digits
	unit     [3 * MaxSize]Unit
	unitCell [3 * MaxSize][MaxSize]uint8  // the cells of each unit, in reading order
	unitSet  [3 * MaxSize]cellset         // the same, as a set
	cellUnit [MaxSize * MaxSize][3]uint8  // row, column and box unit of each cell
	cellPos  [MaxSize * MaxSize][3]uint8  // the cell's index inside each of them
	unitBits [MaxSize * MaxSize]uint64    // the cell's three units, a bit each
	peers    [MaxSize * MaxSize]cellset   // the cells sharing a unit with each cell
	boxOf    [MaxSize * MaxSize]uint8     // box index 0..n-1 of each cell
	lineBox  [2 * MaxSize][MaxSize]uint16 // for a row/column and a box: positions of the line inside the box
	boxLine  [MaxSize][2 * MaxSize]uint16 // for a box and a row/column: positions of the box inside the line
	rowsOf   [MaxSize]uint16              // rows a box covers (bit r)
	colsOf   [MaxSize]uint16              // columns a box covers (bit c)

	// Segments: the cells a line shares with a box it crosses, where the
	// group nodes of grouped chains live.
	segs     []lineBox
	lineSeg  [2 * MaxSize][MaxSize]int16 // segment of a line (row, then column) in a box, or -1
	cellSegs [MaxSize * MaxSize][]int16  // the segments all of whose cells see a cell
	segSegs  [][]int16                   // the other segments sharing a line or box with a segment
	unitSegs [3 * MaxSize][]int16        // the segments of each unit

	fins [2]finGeo // finned fish with rows, then columns, as base lines
}

// lineBox is the intersection of a line and a box.
type lineBox struct {
	line, box int // line: 0..n-1 a row, n..2n-1 a column
	cells     cellset
}

var hgeos sync.Map // Shape -> *hgeo

func hgeoOf(s Shape) *hgeo {
	if g, ok := hgeos.Load(s); ok {
		return g.(*hgeo)
	}
	g := &hgeo{shape: s, n: s.Size, cells: s.Cells(), all: s.All()}
	for u, unit := range s.Units() {
		g.unit[u] = unit
		for k, c := range unit.Cells(s) {
			i := c.Row*s.Size + c.Col
			g.unitCell[u][k] = uint8(i)
			g.unitSet[u].add(i)
			g.cellUnit[i][unit.Kind] = uint8(u)
			g.unitBits[i] |= 1 << u
			g.cellPos[i][unit.Kind] = uint8(k)
		}
	}
	for i := range g.cells {
		r, c := i/s.Size, i%s.Size
		b := s.Box(r, c)
		g.boxOf[i] = uint8(b)
		g.rowsOf[b] |= 1 << r
		g.colsOf[b] |= 1 << c
		for k := range 3 {
			g.peers[i] = g.peers[i].or(g.unitSet[g.cellUnit[i][k]])
		}
		g.peers[i].del(i)
		g.lineBox[r][b] |= 1 << g.cellPos[i][Box]
		g.lineBox[s.Size+c][b] |= 1 << g.cellPos[i][Box]
		g.boxLine[b][r] |= 1 << c
		g.boxLine[b][s.Size+c] |= 1 << r
	}
	for l := range 2 * s.Size {
		for b := range s.Size {
			g.lineSeg[l][b] = -1
			if x := g.unitSet[l].and(g.unitSet[2*s.Size+b]); !x.empty() {
				g.lineSeg[l][b] = int16(len(g.segs))
				g.unitSegs[l] = append(g.unitSegs[l], int16(len(g.segs)))
				g.unitSegs[2*s.Size+b] = append(g.unitSegs[2*s.Size+b], int16(len(g.segs)))
				g.segs = append(g.segs, lineBox{line: l, box: b, cells: x})
			}
		}
	}
	g.segSegs = make([][]int16, len(g.segs))
	for si, sg := range g.segs {
		for ti, tg := range g.segs {
			if ti != si && (tg.line == sg.line || tg.box == sg.box) {
				g.segSegs[si] = append(g.segSegs[si], int16(ti))
			}
		}
		for i := range g.cells {
			if tg := sg.cells; !tg.has(i) && tg.andNot(g.peers[i]).empty() {
				g.cellSegs[i] = append(g.cellSegs[i], int16(si))
			}
		}
	}
	g.fins = [2]finGeo{newFinGeo(g, 0), newFinGeo(g, 1)}
	actual, _ := hgeos.LoadOrStore(s, g)
	return actual.(*hgeo)
}

// cell returns the Cell of index i.
func (g *hgeo) cell(i int) Cell { return Cell{i / g.n, i % g.n} }

// sees reports whether cells i and j share a unit (and are different).
func (g *hgeo) sees(i, j int) bool { return g.peers[i].has(j) }

// board is the candidate grid: the digits placed so far and the pencil
// marks of the empty cells. Digits are 0-based inside the board (bit d of a
// Digits is digit d+1).
type board struct {
	g      *hgeo
	value  [MaxSize * MaxSize]uint8  // placed digit 1..n, 0 when empty
	cand   [MaxSize * MaxSize]Digits // candidates of empty cells; 0 for solved cells
	dcells [MaxSize]cellset          // empty cells that have digit d as a candidate
	pos    [3 * MaxSize][MaxSize]uint16
	free   [3 * MaxSize]uint16 // positions of the empty cells of each unit
	placed [3 * MaxSize]Digits // digits placed in each unit
	left   int                 // empty cells
	waves  int                 // propagate: the rounds of singles it took
	most   int                 // propagate: give up after this many waves (0: never)
	// The digits whose places changed in each unit since lockedCandidates
	// last looked (or propagate began): only those can make a new pointing
	// or claiming.
	touched [3 * MaxSize]Digits
	// The cells whose candidates changed, and the digits whose places
	// changed in each unit, since settle's last wave looked: only those
	// can be new singles.
	waveCells  cellset
	waveDigits [3 * MaxSize]Digits
	// The units whose touched and waveDigits are not empty, a bit each.
	lockUnits, waveUnits uint64
}

// init sets b to the grid g with basic pencil marks: every empty cell has
// the digits not yet seen in its row, column and box.
func (b *board) init(gr *Grid) {
	geo := hgeoOf(gr.Shape)
	*b = board{g: geo}
	var seen [3 * MaxSize]Digits
	for i := range geo.cells {
		if d := gr.Cells[i]; d != 0 {
			b.value[i] = d
			for k := range 3 {
				seen[geo.cellUnit[i][k]] |= 1 << (d - 1)
			}
		}
	}
	b.placed = seen
	for i := range geo.cells {
		if b.value[i] != 0 {
			continue
		}
		u := geo.cellUnit[i]
		b.cand[i] = geo.all &^ (seen[u[0]] | seen[u[1]] | seen[u[2]])
		b.left++
		for k := range 3 {
			b.free[u[k]] |= 1 << geo.cellPos[i][k]
		}
		for c := b.cand[i]; c != 0; c &= c - 1 {
			d := bits.TrailingZeros32(uint32(c))
			b.dcells[d].add(i)
			for k := range 3 {
				b.pos[u[k]][d] |= 1 << geo.cellPos[i][k]
			}
		}
	}
}

// has reports whether empty cell i has the 0-based digit d as a candidate.
func (b *board) has(i, d int) bool { return b.cand[i]&(1<<d) != 0 }

// remove deletes candidate d (0-based) of cell i; it reports whether it was
// there.
func (b *board) remove(i, d int) bool {
	bit := Digits(1) << d
	if b.cand[i]&bit == 0 {
		return false
	}
	b.cand[i] &^= bit
	b.dcells[d].del(i)
	b.waveCells.add(i)
	g := b.g
	for k := range 3 {
		u := g.cellUnit[i][k]
		b.pos[u][d] &^= 1 << g.cellPos[i][k]
		b.touched[u] |= bit
		b.waveDigits[u] |= bit
	}
	b.lockUnits |= g.unitBits[i]
	b.waveUnits |= g.unitBits[i]
	return true
}

// place puts the 0-based digit d in empty cell i and removes d from the
// candidates of the cell's peers, as a person updating pencil marks does.
func (b *board) place(i, d int) {
	if b.value[i] != 0 {
		return
	}
	g := b.g
	// the cell's candidates go, as remove would take each
	c := b.cand[i]
	if c != 0 {
		b.cand[i] = 0
		b.waveCells.add(i)
		for x := c; x != 0; x &= x - 1 {
			b.dcells[bits.TrailingZeros32(uint32(x))].del(i)
		}
		b.lockUnits |= g.unitBits[i]
		b.waveUnits |= g.unitBits[i]
	}
	b.value[i] = uint8(d + 1)
	b.left--
	for k := range 3 {
		u := g.cellUnit[i][k]
		at := uint16(1) << g.cellPos[i][k]
		for x := c; x != 0; x &= x - 1 {
			b.pos[u][bits.TrailingZeros32(uint32(x))] &^= at
		}
		b.touched[u] |= c
		b.waveDigits[u] |= c
		b.free[u] &^= at
		b.placed[u] |= 1 << d
	}
	// d leaves the peers as remove would take it from each: the sets a
	// word at a time, the places a cell at a time, the units' marks once
	hit := b.dcells[d].and(g.peers[i])
	if hit.empty() {
		return
	}
	b.dcells[d] = b.dcells[d].andNot(hit)
	b.waveCells = b.waveCells.or(hit)
	bit := Digits(1) << d
	var units uint64
	for w, x := range hit {
		for ; x != 0; x &= x - 1 {
			j := w<<6 + bits.TrailingZeros64(x)
			b.cand[j] &^= bit
			u, p := &g.cellUnit[j], &g.cellPos[j]
			b.pos[u[0]][d] &^= 1 << p[0]
			b.pos[u[1]][d] &^= 1 << p[1]
			b.pos[u[2]][d] &^= 1 << p[2]
			units |= g.unitBits[j]
		}
	}
	b.lockUnits |= units
	b.waveUnits |= units
	for ; units != 0; units &= units - 1 {
		u := bits.TrailingZeros64(units)
		b.touched[u] |= bit
		b.waveDigits[u] |= bit
	}
}

// candidates returns the pencil marks in the convention of Grid.Candidates:
// a solved cell has just its digit.
func (b *board) candidates() []Digits {
	out := make([]Digits, b.g.cells)
	for i := range out {
		if v := b.value[i]; v != 0 {
			out[i] = 1 << (v - 1)
		} else {
			out[i] = b.cand[i]
		}
	}
	return out
}

// grid returns the digits placed so far.
func (b *board) grid() Grid {
	gr := Grid{Shape: b.g.shape}
	copy(gr.Cells[:b.g.cells], b.value[:b.g.cells])
	return gr
}
