package main

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/xlsudoku/xlsudoku/generate"
	"github.com/xlsudoku/xlsudoku/solve"
)

// maxVariants bounds --variants: a class set, not a corpus.
const maxVariants = 500

// checkVariants checks --variants for a command writing to out from in
// ("" for none): the copies of a macro workbook (.xlsm) are .xlsm too.
func checkVariants(cmd string, n int, changed bool, out, in string) error {
	want := ".xlsx"
	if strings.EqualFold(filepath.Ext(in), ".xlsm") {
		want = ".xlsm"
	}
	switch {
	case n < 0 || n > maxVariants || (changed && n == 0):
		return usagef("%s: --variants must be from 1 to %d, not %d", cmd, maxVariants, n)
	case n > 0 && want == ".xlsm" && !strings.EqualFold(filepath.Ext(out), want):
		// Not "one workbook per variant", which -o mv.xlsx is too (a
		// walk of 3 December).
		return usagef("%s: %s holds macros, and so do its copies; give -o FILE.xlsm", cmd, in)
	case n > 0 && !strings.EqualFold(filepath.Ext(out), want):
		return usagef("%s: --variants writes one workbook per variant; give -o FILE%s", cmd, want)
	}
	return nil
}

// outputFiles lists the files a run writes to out: out itself, or with
// variants, each variant's file.
func outputFiles(out string, variants int) []string {
	if variants == 0 {
		return []string{out}
	}
	outs := make([]string, variants)
	for k := range outs {
		outs[k] = variantPath(out, k+1, variants)
	}
	return outs
}

// variantFiles names the n variant files of out for a message: the one,
// or the first and the last.
func variantFiles(out string, n int) string {
	if n == 1 {
		return variantPath(out, 1, 1)
	}
	return variantPath(out, 1, n) + " to " + variantPath(out, n, n)
}

// variantPath names the k-th (from 1) of n variant files of out:
// class.xlsx gives class-01.xlsx ... class-30.xlsx.
func variantPath(out string, k, n int) string {
	ext := filepath.Ext(out)
	width := len(strconv.Itoa(n))
	return fmt.Sprintf("%s-%0*d%s", strings.TrimSuffix(out, ext), width, k, ext)
}

// variantTransform is the transform of puzzle i of variant k (from 1) of
// a set made with seed: the same seed, the same variants. It keeps the
// symmetries the givens follow (generate.VariantTransform).
func variantTransform(givens solve.Grid, seed uint64, k, i int) solve.Transform {
	return generate.VariantTransform(givens, rand.New(rand.NewPCG(seed, uint64(k)<<32|uint64(i))))
}
