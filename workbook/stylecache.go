package workbook

import (
	"math"

	"github.com/xlsudoku/xlsudoku/layout"
)

// styleCache remembers a number for each of a sheet's styles in front of
// a map: hashing a whole Style, its strings included, for each of the
// hundreds of thousands of cells of a book cost more than laying them
// out. A style is looked up by a cheap hash of its plain fields in a small
// table, in either of two slots, and only a style that misses there goes
// to the map.
type styleCache struct {
	slots [styleSlots]styleSlot
}

const (
	styleBits  = 8
	styleSlots = 1 << styleBits
)

type styleSlot struct {
	used bool
	st   layout.Style
	id   int
}

// slots2 returns the two places where s may be in the table.
func (c *styleCache) slots2(s *layout.Style) (*styleSlot, *styleSlot) {
	b := s.Border
	h := uint64(b.Left) | uint64(b.Top)<<2 | uint64(b.Right)<<4 | uint64(b.Bottom)<<6 |
		uint64(s.HAlign)<<8 | uint64(s.VAlign)<<11 |
		bit(s.Bold)<<14 | bit(s.Underline)<<15 | bit(s.Strike)<<16 | bit(s.Wrap)<<17 | bit(s.Unlocked)<<18 | bit(s.Hide)<<19 |
		uint64(len(s.Font)&0xff)<<20 | uint64(len(s.Color)&0xff)<<28 | uint64(len(s.Fill)&0xff)<<36
	if n := len(s.Color); n > 0 {
		h ^= uint64(s.Color[0])<<44 ^ uint64(s.Color[n-1])<<52
	}
	if n := len(s.Fill); n > 0 {
		h ^= uint64(s.Fill[n-1]) << 56
	}
	if n := len(s.Font); n > 0 {
		h ^= uint64(s.Font[0]) << 48
	}
	h ^= math.Float64bits(s.FontSize) * 0x9E3779B97F4A7C15
	// Mixed (splitmix64's finish) so that styles a bit apart fall apart.
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	return &c.slots[h&(styleSlots-1)], &c.slots[(h>>styleBits)&(styleSlots-1)]
}

func bit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// get returns the number remembered for s.
func (c *styleCache) get(s *layout.Style) (int, bool) {
	a, b := c.slots2(s)
	if a.used && a.st == *s {
		return a.id, true
	}
	if b.used && b.st == *s {
		return b.id, true
	}
	return 0, false
}

// put remembers id for s, in a free slot of its two or else in place of
// the style in its second.
func (c *styleCache) put(s *layout.Style, id int) {
	e, b := c.slots2(s)
	if e.used && e.st != *s {
		e = b
	}
	*e = styleSlot{used: true, st: *s, id: id}
}
