package workbook

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestEntryDigit: an entry on one of our worksheets is a digit when the
// worksheet's formulas take it as one (layout's validEntry), and only
// then; puzzleDigit, for the puzzle's own cells, reads more kindly.
func TestEntryDigit(t *testing.T) {
	num := func(n float64) value { return value{number: n, isNum: true} }
	tests := []struct {
		name   string
		v      value
		size   int
		entry  int
		puzzle int
	}{
		{"empty", value{blank: true}, 9, 0, 0},
		{"a number", num(7), 9, 7, 7},
		{"text of one digit", textValue("7"), 9, 7, 7},
		{"text with a space", textValue("7 "), 9, -1, 7},
		{"text with a space before", textValue(" 7"), 9, -1, 7},
		{"a space", textValue(" "), 9, -1, 0},
		{"a dot", textValue("."), 9, -1, 0},
		{"text 0", textValue("0"), 9, -1, 0},
		{"the number 0", value{blank: true, zero: true}, 9, -1, 0},
		{"text 7.0", textValue("7.0"), 9, -1, 7},
		{"5.5", num(5.5), 9, -1, -1},
		{"a letter on 16x16", textValue("c"), 16, 12, 12},
		{"12 as a number on 16x16", num(12), 16, -1, 12},
		{"12 as text on 16x16", textValue("12"), 16, -1, 12},
		{"a letter past the size", textValue("D"), 12, -1, -1},
		{"a letter on 9x9", textValue("A"), 9, -1, -1},
		{"empty text", textValue(""), 9, 0, 0},
		// The formulas read a date's number (a walk of 3 December: 5 as
		// a date was "Solved!" on the sheet and wrong in grade); the
		// puzzle's own cells take no date for a digit.
		{"5 shown as a date", value{kind: "a date", number: 5, shown: "1900-01-05"}, 9, 5, -1},
		{"a date past 9", value{kind: "a date", number: 45000, shown: "2023-03-15"}, 9, -1, -1},
		{"a date and time", value{kind: "a date", number: 5.5, shown: "1900-01-05 12:00"}, 9, -1, -1},
		{"12 as a date on 16x16", value{kind: "a date", number: 12, shown: "1900-01-12"}, 16, -1, -1},
		// TRUE is no number in Excel or Google Sheets (Calc takes it for 1).
		{"a boolean", value{kind: "a boolean", shown: "TRUE"}, 9, -1, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.entry, tt.v.entryDigit(tt.size))
			assert.Equal(t, tt.puzzle, tt.v.puzzleDigit(tt.size))
		})
	}
}

// TestExcelDate: a date cell is named as Excel shows it, in its 1900 date
// system, whose day 60 is 29 February 1900 (serial 5 was named a day
// early).
func TestExcelDate(t *testing.T) {
	for serial, want := range map[float64]string{
		1: "1900-01-01", 5: "1900-01-05", 59: "1900-02-28", 60: "1900-02-29", 61: "1900-03-01",
		46027: "2026-01-05", 46027.5: "2026-01-05 12:00", 0.25: "06:00",
	} {
		assert.Equal(t, want, excelDate(serial, false), "%v", serial)
	}
	// A workbook in the 1904 date system (workbookPr date1904) counts
	// from 1 January 1904, without the 1900 system's 29 February.
	for serial, want := range map[float64]string{
		1: "1904-01-02", 60: "1904-03-01", 45292: "2028-01-02", 45292.5: "2028-01-02 12:00",
	} {
		assert.Equal(t, want, excelDate(serial, true), "%v (1904)", serial)
	}
}
