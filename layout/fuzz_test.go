package layout

import "testing"

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
