package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/workbook"
)

// byteSize is a flag holding a number of bytes, written with an optional
// binary unit: 512MiB, 512M, 64k, 1G, or plain bytes. Zero is the default.
type byteSize int64

var sizeUnits = []struct {
	suffix string
	shift  uint
}{{"k", 10}, {"m", 20}, {"g", 30}, {"t", 40}}

func (b *byteSize) Set(s string) error {
	t := strings.ToLower(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "b"), "i")
	shift := uint(0)
	for _, u := range sizeUnits {
		if rest, ok := strings.CutSuffix(t, u.suffix); ok {
			t, shift = strings.TrimSpace(rest), u.shift
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)>>shift {
		return fmt.Errorf("%q is not a size such as 512MiB, 64k or 1G", s)
	}
	*b = byteSize(n << shift)
	return nil
}

func (b *byteSize) String() string {
	n := int64(*b)
	if n == 0 {
		n = workbook.DefaultMaxPartSize
	}
	for i := len(sizeUnits) - 1; i >= 0; i-- {
		if u := sizeUnits[i]; n%(1<<u.shift) == 0 {
			return fmt.Sprintf("%d%siB", n>>u.shift, strings.ToUpper(u.suffix))
		}
	}
	return strconv.FormatInt(n, 10)
}

func (b *byteSize) Type() string { return "size" }
