package solve

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBandCounts checks the loop-free counts of a band's digits per cell
// (oneTwo, twoThree) and pickPair's score (placesSeen) against counting
// one cell and one digit at a time, on random bands of every density.
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
		o, tw := oneTwo(&w)
		require.Equal(t, ones, o, "ones of %x", w)
		require.Equal(t, twos, tw, "twos of %x", w)
		tw, th := twoThree(&w)
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
		require.Equal(t, want, placesSeen(&w, peers, at), "score of cell %d in %x", at, w)
	}
}
