package workbook

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// value is what a cell shows, as far as a puzzle cares.
type value struct {
	blank   bool    // empty, 0, ".", "-", whitespace, or a formula with no value
	number  float64 // the number, when isNum; a date's serial number
	isNum   bool
	shown   string // the value as people see it, for messages: "x" quoted, 12, TRUE
	kind    string // what else the value is: "a boolean", "an error value", "a date"; "" for text and numbers
	noValue bool   // a formula the workbook stores no value for (never calculated)
	letter  int    // 10..16 for the text "A".."G" (any case), as text puzzles write them
	long    bool   // text of more than 3 characters: a word or a note, never a mistyped digit
	text    bool   // stored as text, raw: for entryDigit, which reads text as a worksheet does
	raw     string
	zero    bool // the number 0
}

// valueOf interprets a stored cell of sheet. Formulas count by the value
// the workbook stored for them. A cell that points past the shared string
// table or the cell formats is an ErrOpen error naming it.
func (p *pkg) valueOf(sheet string, c rawCell) (value, error) {
	styles, err := p.checkStyle(sheet, c)
	if err != nil {
		return value{}, err
	}
	switch c.T {
	case "s":
		if !c.HasV {
			return value{blank: true}, nil
		}
		s, err := p.sharedString(sheet, c)
		if err != nil {
			return value{}, err
		}
		return textValue(s), nil
	case "inlineStr":
		if c.HasText {
			return textValue(c.Inline), nil
		}
		return textValue(c.V), nil
	case "str":
		if c.HasF && !c.HasV {
			return value{blank: true, noValue: true}, nil // excelize writes t="str" for a formula it cannot calculate
		}
		return textValue(c.V), nil
	case "b":
		shown := "FALSE"
		if strings.TrimSpace(c.V) == "1" || strings.EqualFold(strings.TrimSpace(c.V), "true") {
			shown = "TRUE"
		}
		return value{shown: shown, kind: "a boolean"}, nil
	case "e":
		return value{shown: c.V, kind: "an error value"}, nil
	case "d":
		return value{shown: c.V, kind: "a date"}, nil
	}
	v := strings.TrimSpace(c.V)
	if !c.HasV || v == "" {
		return value{blank: true, noValue: c.HasF}, nil // excelize writes an empty <v> for a formula
	}
	n, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
		return value{shown: strconv.Quote(v)}, nil
	}
	if styles.isDate(c.S) {
		return value{shown: excelDate(n, p.wb.date1904), kind: "a date", number: n}, nil
	}
	if n == 0 {
		return value{blank: true, zero: true, shown: v}, nil
	}
	return value{number: n, isNum: true, shown: v}, nil
}

// textValue interprets text: blanks, digits written as text ("7", " 7 ",
// "7.0"), or text that is neither.
func textValue(s string) value {
	v := textDigit(s)
	v.text, v.raw = true, s
	return v
}

// textDigit is textValue but for the text kept as it was (text, raw).
func textDigit(s string) value {
	t := strings.TrimSpace(s)
	switch t {
	case "", ".", "-", "0":
		return value{blank: true}
	}
	if len(t) == 1 {
		if l := t[0] &^ 0x20; l >= 'A' && l <= 'G' {
			return value{letter: int(l-'A') + 10, shown: strconv.Quote(s)}
		}
	}
	whole, frac, _ := strings.Cut(t, ".")
	if whole != "" && strings.Trim(whole, "0123456789") == "" && strings.Trim(frac, "0") == "" && len(whole) <= 6 {
		n, _ := strconv.Atoi(whole)
		if n == 0 {
			return value{blank: true}
		}
		return value{number: float64(n), isNum: true, shown: strconv.Quote(s)}
	}
	return value{shown: strconv.Quote(s), long: utf8.RuneCountInString(t) > 3}
}

// digit returns the digit v stands for in a grid of side size: 0 for a
// blank, -1 when v is not a digit 1..size or a blank.
func (v value) digit(size int) int {
	switch {
	case v.blank:
		return 0
	case v.isNum && v.number == math.Trunc(v.number) && v.number >= 1 && v.number <= float64(size):
		return int(v.number)
	}
	return -1
}

// puzzleDigit is digit for a cell of the puzzle itself, where a grid
// larger than 9x9 may also write 10.. as the letters A.. of the text
// format. Nowhere else do letters count: a column heading "A" near a grid
// is not a digit.
func (v value) puzzleDigit(size int) int {
	if size > 9 && v.letter > 0 {
		if v.letter <= size {
			return v.letter
		}
		return -1
	}
	return v.digit(size)
}

// entryDigit is puzzleDigit for a student's entry on one of our
// worksheets, read as the worksheet's own formulas read it (layout's
// validEntry), so that grading and hints agree with what the student saw:
// a whole number 1-9 (up to size), or text of one character, a digit or,
// past 9x9, a letter for 10 and up; empty is blank. Anything else (" 9",
// 12 typed as a number on a 16x16, 0) the sheet shows in red as "an entry
// is not a digit", and it is not one here either.
func (v value) entryDigit(size int) int {
	switch {
	case v.text && v.raw == "":
		return 0
	case v.text && (utf8.RuneCountInString(v.raw) != 1 || v.blank): // "." or "0" is no blank here
		return -1
	case v.zero, v.isNum && v.number > 9:
		return -1
	case v.kind == "a date":
		// The worksheet's formulas read a number, however it is shown:
		// 5 formatted as a date made the sheet say "Solved!" and grade
		// say wrong (a walk of 3 December).
		if v.number >= 1 && v.number <= min(float64(size), 9) && v.number == math.Trunc(v.number) {
			return int(v.number)
		}
		return -1
	}
	return v.puzzleDigit(size)
}

// reason says why v is not a digit of a grid of side size.
func (v value) reason(size int) string {
	r := fmt.Sprintf("is not a digit 1-%d or a blank", size)
	if size > 9 {
		r = fmt.Sprintf("is not a digit 1-%d (or A-%c) or a blank", size, 'A'+size-10)
	}
	if v.kind != "" {
		r += " (it is " + v.kind + ")"
	}
	return r
}

// excelDate shows a date serial number as a date: in the 1900 date
// system, or in the 1904 one (day 0 is 1 January 1904) when date1904.
func excelDate(serial float64, date1904 bool) string {
	epoch := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)
	switch {
	case date1904:
		epoch = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)
	case serial >= 60 && serial < 61:
		return "1900-02-29" // the day Excel keeps, as Lotus 1-2-3 did, that never was
	case serial >= 1 && serial < 60:
		epoch = epoch.AddDate(0, 0, 1) // before it, Excel's days are one later
	}
	t := epoch.Add(time.Duration(serial * 24 * float64(time.Hour)))
	switch {
	case serial < 1:
		return t.Format("15:04")
	case serial != math.Trunc(serial):
		return t.Format("2006-01-02 15:04")
	}
	return t.Format("2006-01-02")
}
