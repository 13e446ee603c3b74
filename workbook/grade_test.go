package workbook

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestShownSize: what a student typed fits its marked cell, smaller the
// longer it is, wrapped past the least size ("TRUE" printed as "RU" and
// a date as "4-0" at the digits' size: a walk of 3 December).
func TestShownSize(t *testing.T) {
	for _, tt := range []struct {
		text string
		size float64
		wrap bool
	}{
		{"x", 24, false},
		{"12", 20, false},
		{"TRUE", 10, false},
		{"5.0 ", 10, false},
		{"2024-03-06", 7, true},
		{"x", 15, false}, // a 16x16's size, kept
	} {
		in := 24.0
		if tt.size == 15 {
			in = 15
		}
		size, wrap := shownSize(tt.text, in)
		assert.Equal(t, tt.size, size, tt.text)
		assert.Equal(t, tt.wrap, wrap, tt.text)
	}
}
