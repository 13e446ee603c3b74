package solve

import (
	"reflect"
	"regexp"
	"strconv"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStepReset: reset leaves no field of a used step as it was, but the
// memory of its slices; a field added to Step and forgotten in reset
// fails it.
func TestStepReset(t *testing.T) {
	var s Step
	v := reflect.ValueOf(&s).Elem()
	field := func(i int) reflect.Value {
		f := v.Field(i)
		return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem() // unexported too
	}
	for i := range v.NumField() {
		f := field(i)
		switch f.Kind() {
		case reflect.Int:
			f.SetInt(7)
		case reflect.Uint16, reflect.Uint32, reflect.Uint64:
			f.SetUint(7)
		case reflect.String:
			f.SetString("x")
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		default:
			require.Failf(t, "a field of a kind the test does not fill", "%s: %s", v.Type().Field(i).Name, f.Kind())
		}
	}
	s.reset(XWing)
	for i := range v.NumField() {
		name, f := v.Type().Field(i).Name, field(i)
		switch name {
		case "Technique":
			assert.Equal(t, XWing, s.Technique)
		case "Difficulty":
			assert.Equal(t, XWing.Weight(), s.Difficulty)
		default:
			if f.Kind() == reflect.Slice {
				assert.Zero(t, f.Len(), name)
				assert.Equal(t, 1, f.Cap(), "%s keeps its memory", name)
				continue
			}
			assert.True(t, f.IsZero(), "%s is reset", name)
		}
	}
}

// TestHandMadeStepsDoNotPanic: a Step made by hand, with none of what
// its technique records, prints with placeholders; Hidden Rectangle's
// Text and ALS Chain's Hint panicked (a library walk of 2 December).
func TestHandMadeStepsDoNotPanic(t *testing.T) {
	for tech := Technique(0); tech < numTechniques; tech++ {
		s := Step{Technique: tech}
		require.NotPanics(t, func() {
			_ = s.Text()
			for level := 0; level <= 4; level++ {
				_ = s.Hint(level)
			}
		}, "%v", tech)
	}
	s := Step{Technique: HiddenRectangle}
	assert.Contains(t, s.Text(), "row ? and column ?")
}

// TestTextWithNamesEveryDigit: TextWith and HintWith write every digit a
// step names by the namer given (a 12x12's Steps sheet said "C fits only
// in r7c1" above pictures of 12s: a walk of 3 December), and Text and
// Hint as the text format does. Notes and nets are written when a step is
// found, so a digit written there unmarked would stay a letter.
func TestTextWithNamesEveryDigit(t *testing.T) {
	keep := 2 // of the sound puzzles: enough to show most techniques
	if raceEnabled || testing.Short() {
		keep = 8
	}
	puzzles := readPuzzles(t, "testdata/human_sound.txt", keep, 0, false)
	for _, file := range []string{"testdata/human_shapes.txt", "testdata/human_shapes_3x2.txt"} {
		puzzles = append(puzzles, readPuzzles(t, file, 1, 0, false)...)
	}
	puzzles = append(puzzles, knownFilePuzzles(t, "known-forum-hardest.txt", 125)[0]) // nets, nested
	// The numbers of a step's text that are no digit: cells, units,
	// counts, labels and names.
	other := regexp.MustCompile(`r\d+c\d+|(rows?|columns?|box(es)?) \d+((, | and )\d+)*|round \d+|\(\d+ placements\)|\d+ forcing nets|and \d+ more|\d+ almost locked sets|A\d+|These \d+ cells hold \d+ digits|Type \d|2-String|BUG\+1`)
	named := regexp.MustCompile(`<(\d+)>`)
	bracket := func(d int) string { return "<" + strconv.Itoa(d) + ">" }
	asText := func(s string) string {
		return named.ReplaceAllStringFunc(s, func(m string) string {
			d, _ := strconv.Atoi(m[1 : len(m)-1])
			return DigitString(d)
		})
	}
	techniques := map[Technique]bool{}
	for _, p := range puzzles {
		ex, err := Explain(p)
		require.NoError(t, err, "%v", p)
		for i := range ex.Steps {
			s := &ex.Steps[i]
			techniques[s.Technique] = true
			for level := 1; level <= 3; level++ {
				text := s.HintWith(level, bracket)
				if s.Technique > HiddenSingle || level == 3 && i%10 == 0 { // singles are many and alike
					rest := other.ReplaceAllString(named.ReplaceAllString(text, "#"), "#")
					require.NotRegexp(t, `[0-9\x00]`, rest, "%v step %d: a digit not named in %q", p.Shape, i+1, text)
				}
				require.Equal(t, s.Hint(level), asText(text), "%v step %d", p.Shape, i+1)
			}
			require.Equal(t, s.Hint(3), s.Text())
		}
	}
	assert.GreaterOrEqual(t, len(techniques), 30, "the puzzles show most techniques")
	assert.True(t, techniques[ForcingNet] && techniques[ForcingNetNested], "and nets")
}
