package solve

import (
	"reflect"
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
