package solve

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBandCounts checks the loop-free counts of a band's digits per cell
// (oneTwo, twoThree), pickPair's score (placesSeen) and a cell's digits
// (digitsAt) against counting one cell and one digit at a time, on random
// bands of every density.
func TestBandCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 20000 {
		var w [9]uint32
		density := n%8 + 1 // one word bit in 2 to 9 set, about
		for k := range w {
			for range density {
				w[k] |= rng.Uint32() & band
			}
			if n%3 == 0 {
				w[k] &= rng.Uint32()
			}
		}
		var ones, twos, threes uint32
		for cell := range 27 {
			count := 0
			for _, x := range w {
				count += int(x >> cell & 1)
			}
			bit := uint32(1) << cell
			if count >= 1 {
				ones |= bit
			}
			if count >= 2 {
				twos |= bit
			}
			if count >= 3 {
				threes |= bit
			}
		}
		bs := bandState{cand: w, unsolved: rng.Uint32() & band}
		o, tw := oneTwo(&bs)
		require.Equal(t, ones, o, "ones of %x", w)
		require.Equal(t, twos, tw, "twos of %x", w)
		tw, th := twoThree(&bs)
		require.Equal(t, twos, tw, "twos of %x", w)
		require.Equal(t, threes, th, "threes of %x", w)

		at := rng.IntN(27)
		peers := bandPeers[at]
		want := 0
		for _, x := range w {
			if x>>at&1 != 0 {
				want += bits.OnesCount32(x & peers)
			}
		}
		require.Equal(t, want, placesSeen(&bs, peers, at), "score of cell %d in %x", at, w)
		var digits uint32
		for d, x := range w {
			digits |= x >> at & 1 << d
		}
		require.Equal(t, digits, digitsAt(&bs, at), "digits of cell %d in %x", at, w)
	}
}

// TestByteWords checks start's eight-cells-at-a-time tests (nonzeroBytes,
// aboveNine) against looking at one byte at a time, on words of digits,
// blanks and bytes out of range.
func TestByteWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	special := []uint8{0, 1, 9, 10, 11, 127, 128, 129, 137, 138, 255}
	for n := range 20000 {
		var w uint64
		var nonzero uint32
		var above bool
		for i := range 8 {
			var c uint8
			switch n % 3 {
			case 0:
				c = uint8(rng.IntN(10)) // a puzzle's cells
			case 1:
				c = special[rng.IntN(len(special))]
			default:
				c = uint8(rng.Uint32())
			}
			w |= uint64(c) << (8 * i)
			if c != 0 {
				nonzero |= 1 << i
			}
			above = above || c > 9
		}
		require.Equal(t, nonzero, nonzeroBytes(w), "%016x", w)
		require.Equal(t, above, aboveNine(w) != 0, "%016x", w)
	}
}

// TestLostDigits checks settle's and stackRules' flags of the digits whose
// words lost cells (lostDigits, lostPairs), two words to a 64-bit word, in
// both orders a machine may pair them (lowFirst), against looking at one
// digit at a time.
func TestLostDigits(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := range 20000 {
		var w [9]uint32
		for k := range w {
			w[k] = rng.Uint32() & band
			if n%2 == 0 {
				w[k] &= rng.Uint32() & rng.Uint32()
			}
		}
		cells := uint32(1) << rng.IntN(27)
		for range n % 3 {
			cells |= 1 << rng.IntN(27)
		}
		var want uint32
		for d, x := range w {
			if x&cells != 0 {
				want |= 1 << d
			}
		}
		pair := func(first, second uint32, low bool) uint64 {
			if low {
				return uint64(first&cells) | uint64(second&cells)<<32
			}
			return uint64(first&cells)<<32 | uint64(second&cells)
		}
		for _, low := range []bool{true, false} {
			got := lostDigits(pair(w[0], w[1], low), pair(w[2], w[3], low), pair(w[4], w[5], low),
				pair(w[6], w[7], low), w[8]&cells, low)
			require.Equal(t, want, got, "cells %x of %x, low first %v", cells, w, low)
			for k := range 4 {
				require.Equal(t, want>>(2*k)&3, lostPairs(pair(w[2*k], w[2*k+1], low), low),
					"digits %d and %d, cells %x of %x, low first %v", 2*k+1, 2*k+2, cells, w, low)
			}
		}
	}
}

// TestStackRules checks stackRules, which works on two digits to a word,
// against the permutation rule applied to one digit's stacks at a time,
// on random states: the words it keeps and the words it marks. As in the
// solver, the digits not moved are at the rule's fixed point.
func TestStackRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for n := range 20000 {
		st := randomState(rng, n%2 == 0)
		stackRulesByDigit(&st, 511)
		moved := rng.Uint32() & 511
		for d := range 9 {
			if moved>>d&1 != 0 {
				for b := range st.bands {
					st.bands[b].cand[d] &= rng.Uint32() | rng.Uint32()
				}
			}
		}
		want := st
		wantDirty := stackRulesByDigit(&want, moved)
		s := solver9{moved: moved}
		changed := s.stackRules(&st)
		require.Equal(t, want, st, "moved %b", moved)
		require.Equal(t, wantDirty, s.dirty, "moved %b", moved)
		require.Equal(t, wantDirty != 0, changed)
		require.Zero(t, s.moved)
	}
}

// stackRulesByDigit applies the permutation rule to the stacks of the
// digits moved, one digit, one stack and one cell column at a time, and
// returns the words it changed as dirty bits.
func stackRulesByDigit(st *state9, moved uint32) (dirty uint32) {
	for d := range 9 {
		if moved>>d&1 == 0 {
			continue
		}
		for stack := range 3 {
			var pattern int // bit 3*band + column of the stack
			for b := range 3 {
				for c := range 3 {
					if st.bands[b].cand[d]&(uint32(1)<<(3*stack+c)*rowStarts) != 0 {
						pattern |= 1 << (3*b + c)
					}
				}
			}
			keep := permutationPairs[pattern]
			for b := range 3 {
				for c := range 3 {
					col := uint32(1) << (3*stack + c) * rowStarts
					if keep>>(3*b+c)&1 == 0 && st.bands[b].cand[d]&col != 0 {
						st.bands[b].cand[d] &^= col
						dirty |= 1 << (9*b + d)
					}
				}
			}
		}
	}
	return dirty
}

// TestSettle checks settle, which clears a band's words two to a 64-bit
// word, against clearing them one word at a time, on random states: the
// words it leaves and the words it marks.
func TestSettle(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for n := range 20000 {
		st := randomState(rng, n%2 == 0)
		b, d := rng.IntN(3), rng.IntN(9)
		// One to three cells, no two in a row or box, as settle is given.
		var cells uint32
		rows, boxes := rng.Perm(3), rng.Perm(3)
		for i := range 1 + n%3 {
			cells |= 1 << (9*rows[i] + 3*boxes[i] + rng.IntN(3))
		}
		want := st
		var wantDirty uint32
		w := &want.bands[b]
		for e := range 9 {
			if e != d && w.cand[e]&cells != 0 {
				wantDirty |= 1 << (9*b + e)
			}
			w.cand[e] &^= cells
		}
		w.cand[d] |= cells
		w.unsolved &^= cells
		cols := (cells | cells>>9 | cells>>18) & 511 * rowStarts
		for ob := range 3 {
			if ob != b && want.bands[ob].cand[d]&cols != 0 {
				want.bands[ob].cand[d] &^= cols
				wantDirty |= 1 << (9*ob + d)
			}
		}
		dirty := settle(&st, d, b, cells)
		require.Equal(t, want, st, "digit %d, band %d, cells %x", d+1, b, cells)
		require.Equal(t, wantDirty, dirty, "digit %d, band %d, cells %x", d+1, b, cells)
	}
}

// randomState fills a state with random candidates and unsolved cells:
// each cell in about a quarter of the digits' words, or three quarters
// when dense.
func randomState(rng *rand.Rand, dense bool) state9 {
	var st state9
	for b := range st.bands {
		for d := range 9 {
			x := rng.Uint32() & rng.Uint32()
			if dense {
				x |= rng.Uint32()
			}
			st.bands[b].cand[d] = x & band
		}
		st.bands[b].unsolved = rng.Uint32() & band
	}
	return st
}

// TestFirstPair: firstPair takes the cell pickPair takes when it scores
// one, and finds none when pickPair finds none.
func TestFirstPair(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var inBand [3]int
	none := 0
	for n := range 20000 {
		st := randomState(rng, n%2 == 0)
		if n%3 == 0 { // fewer pairs: some bands have none
			for b := range st.bands {
				st.bands[b].unsolved &= rng.Uint32() & rng.Uint32()
			}
		}
		wb, wbit, wok := pickPair(&st, 1)
		b, bit, ok := firstPair(&st)
		require.Equal(t, wok, ok, "state %d", n)
		if !ok {
			none++
			continue
		}
		require.Equal(t, wb, b, "state %d", n)
		require.Equal(t, wbit, bit, "state %d", n)
		inBand[b]++
	}
	for b, k := range inBand {
		assert.Positive(t, k, "states whose first pair is in band %d", b)
	}
	assert.Positive(t, none, "states with no pair")
}
