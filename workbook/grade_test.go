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
		text     string
		in, size float64
		wrap     bool
	}{
		{"x", 24, 24, false},
		{"12", 24, 20, false},
		{"TRUE", 24, 10, false},
		{"5.0 ", 24, 10, false},
		{"2024-03-06", 24, 7, true},
		{"x", 15, 15, false}, // a 16x16's size, kept
		{"TRUE", 15, 10, false},
	} {
		size, wrap := shownSize(tt.text, tt.in)
		assert.Equal(t, tt.size, size, tt.text)
		assert.Equal(t, tt.wrap, wrap, tt.text)
		// What shows fits the cell's 26.25 points, or wraps: about
		// half an em a character, a margin aside.
		assert.True(t, wrap || float64(len([]rune(tt.text)))*size*0.5 <= 24, tt.text)
	}
}
