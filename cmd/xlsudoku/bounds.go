package main

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/pflag"
)

// Bounds of the numeric flags. Every one is checked as it is parsed, so
// that a mistake is a usage error naming the range, not a panic or an
// exhausted memory later: --workers 100000000 would start a hundred
// million goroutines, and -n sizes the slice of puzzles.
const (
	maxWorkers     = 1024
	maxCount       = 100_000     // generate -n: puzzles are held in memory until written
	maxAttempts    = 100_000_000 // generate --attempts
	maxTimeout     = 24 * time.Hour
	maxTimeoutText = "24h"
)

// sizes are the grid sizes xlsudoku knows.
var sizes = []int{4, 6, 8, 9, 12, 16}

// rangeError is a numeric flag's value out of its bounds; want says what
// the flag takes.
type rangeError struct{ want string }

func (e *rangeError) Error() string { return "must be " + e.want }

// intValue is an int flag that takes the values from min to max, or only
// those of set when it is not nil.
type intValue struct {
	p        *int
	min, max int
	set      []int
}

func (v *intValue) String() string { return strconv.Itoa(*v.p) }
func (v *intValue) Type() string   { return "int" }

func (v *intValue) Set(s string) error {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	ok := err == nil && n >= v.min && n <= v.max
	if v.set != nil {
		ok = err == nil && slices.Contains(v.set, n)
	}
	if !ok {
		return &rangeError{v.want()}
	}
	*v.p = n
	return nil
}

func (v *intValue) want() string {
	if v.set == nil {
		return fmt.Sprintf("a whole number from %d to %d", v.min, v.max)
	}
	parts := make([]string, len(v.set))
	for i, n := range v.set {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// intFlag registers an int flag bounded from min to max; def is its value
// when not given, which may lie outside (0 for "chosen for you").
func intFlag(fs *pflag.FlagSet, p *int, name, short string, def, min, max int, usage string) {
	*p = def
	fs.VarPF(&intValue{p: p, min: min, max: max}, name, short, usage).DefValue = strconv.Itoa(def)
}

// setFlag registers an int flag that takes only the values of set.
func setFlag(fs *pflag.FlagSet, p *int, name string, def int, set []int, usage string) {
	*p = def
	fs.VarPF(&intValue{p: p, set: set}, name, "", usage).DefValue = strconv.Itoa(def)
}

// sizeFlag registers --size.
func sizeFlag(fs *pflag.FlagSet, p *int, def int, usage string) {
	setFlag(fs, p, "size", def, sizes, usage)
}

// workersFlag registers --workers (-w), by default one per core.
func workersFlag(fs *pflag.FlagSet, p *int, usage string) {
	intFlag(fs, p, "workers", "w", min(runtime.NumCPU(), maxWorkers), 1, maxWorkers, usage)
}

// durationValue is a duration flag from 1ms to max, or 0 for none.
type durationValue struct {
	p    *time.Duration
	max  time.Duration
	text string // max as people write it: 24h, not 24h0m0s
}

// String is "0" for no limit, which pflag's help takes for a zero value
// (it would print "(default 0s)" after the usage's own default).
func (v *durationValue) String() string {
	if *v.p == 0 {
		return "0"
	}
	return v.p.String()
}
func (v *durationValue) Type() string { return "duration" }

func (v *durationValue) Set(s string) error {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil || d < 0 || (d > 0 && d < time.Millisecond) || d > v.max {
		return &rangeError{"a duration from 1ms to " + v.text + ", such as 30s or 5m, or 0 for no limit"}
	}
	*v.p = d
	return nil
}

// flagError turns pflag's error into a usage error that names the flag,
// what it takes and the value given (clipped, when it is very long).
func flagError(fs *pflag.FlagSet, err error) error {
	cmd := fs.Name()
	var iv *pflag.InvalidValueError
	if !errors.As(err, &iv) {
		msg := clip(err.Error(), 200)
		if name, ok := strings.CutPrefix(err.Error(), "unknown flag: --"); ok {
			var names []string
			fs.VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
			if near := closest(name, names); near != "" {
				msg += "; did you mean --" + near + "?"
			}
		}
		return usagef("%s: %s", cmd, msg)
	}
	name := "--" + iv.GetFlag().Name
	if sh := iv.GetFlag().Shorthand; sh != "" {
		name = "-" + sh + "/" + name
	}
	var r *rangeError
	switch {
	case errors.As(err, &r):
		return usagef("%s: %s %v, not %s", cmd, name, r, quote(iv.GetValue()))
	case iv.GetFlag().Value.Type() == "uint64":
		return usagef("%s: %s must be a whole number from 0 to 18446744073709551615, not %s", cmd, name, quote(iv.GetValue()))
	case iv.GetFlag().Value.Type() == "bool":
		return usagef("%s: %s takes true or false, not %s", cmd, name, quote(iv.GetValue()))
	}
	return usagef("%s: %s %s: %v", cmd, name, quote(iv.GetValue()), errors.Unwrap(err))
}

// clipLen is how much of a value messages quote: enough to recognize it.
const clipLen = 40

// clip shortens s to n characters, marking the cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + fmt.Sprintf("... (%d characters)", len(r))
}

// quote quotes a value given on the command line for a message, clipped.
func quote(s string) string { return strconv.Quote(clip(s, clipLen)) }
