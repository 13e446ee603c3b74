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

// slots are the two places where s may be in the table.
func (c *styleCache) slots2(s *layout.Style) (*styleSlot, *styleSlot) {
	b := s.Border
	h := math.Float64bits(s.FontSize)
	h ^= h >> 29
	h = h*31 + (uint64(b.Left) | uint64(b.Top)<<2 | uint64(b.Right)<<4 | uint64(b.Bottom)<<6)
	h = h*31 + (uint64(s.HAlign) | uint64(s.VAlign)<<3)
	h = h*31 + (bit(s.Bold) | bit(s.Underline)<<1 | bit(s.Strike)<<2 | bit(s.Wrap)<<3 | bit(s.Unlocked)<<4 | bit(s.Hide)<<5)
	for _, str := range []string{s.Font, s.Color, s.Fill} {
		h = h*31 + uint64(len(str))
		if len(str) > 0 {
			h = h*31 + uint64(str[0]) + uint64(str[len(str)-1])<<8
		}
	}
	// Mixed (splitmix64's finish) so that styles a bit apart fall apart.
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
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
