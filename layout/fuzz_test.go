package layout

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParseRect: a range either fails to parse or prints as a range that
// parses back to itself, inside the sheet's limits.
func FuzzParseRect(f *testing.F) {
	for _, s := range []string{"B2:J10", "b2", "$B$2:$J$10", "J10:B2", "XFD1048576", "A0", "AAAA1", "B2:", ":"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRect(s)
		if err != nil {
			return
		}
		if r.Min.Col < 1 || r.Min.Row < 1 || r.Max.Col > MaxCol || r.Max.Row > MaxRow ||
			r.Min.Col > r.Max.Col || r.Min.Row > r.Max.Row {
			t.Fatalf("%q parsed to an impossible range %+v", s, r)
		}
		back, err := ParseRect(r.String())
		if err != nil || back != r {
			t.Fatalf("%q -> %v -> %v, %v", s, r, back, err)
		}
	})
}

// FuzzSplitText: a step's text cut to fit rows ends, each piece within
// its lines, and loses no character but the spaces it cuts at.
func FuzzSplitText(f *testing.F) {
	f.Add("r1c2=4 -> r3c4<>5 -> r5c6=7 ; r1c2=4 -> r2c2<>4 => r1c2<>4", uint8(10), uint8(2))
	f.Add("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", uint8(3), uint8(3))
	f.Add("a\nb\nc\nd\ne", uint8(1), uint8(8))
	f.Fuzz(func(t *testing.T, text string, perLine, maxLines uint8) {
		if !utf8.ValidString(text) || strings.Contains(text, "…") || perLine == 0 || maxLines == 0 { // step texts are UTF-8, without "…"
			return
		}
		p, m := int(perLine), int(maxLines)
		pieces := splitText(text, p, m)
		if p*m < 8 {
			if len(pieces) != 1 || pieces[0] != text {
				t.Fatalf("%q cut with no room for it: %q", text, pieces)
			}
			return
		}
		for _, piece := range pieces {
			if n := textLines(piece, p); n > m {
				t.Fatalf("%q: piece %q takes %d lines, more than %d", text, piece, n, m)
			}
		}
		squeeze := func(s string) string { return strings.NewReplacer(" ", "", "…", "").Replace(s) }
		if got := squeeze(strings.Join(pieces, "\n")); got != squeeze(text) && strings.ReplaceAll(got, "\n", "") != strings.ReplaceAll(squeeze(text), "\n", "") {
			t.Fatalf("%q came back as %q", text, pieces)
		}
	})
}
