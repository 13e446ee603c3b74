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
	case n > 0 && !strings.EqualFold(filepath.Ext(out), want):
		return usagef("%s: --variants writes one workbook per variant; give -o FILE%s", cmd, want)
	}
	return nil
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
// a set made with seed: the same seed, the same variants. It keeps every
// symmetry the givens follow (a class set of a symmetric puzzle is as
// symmetric as the puzzle): transforms are drawn until one does, and few
// do (9x9, rotational: one in some 3,000, 4 ms a puzzle; rotational90 and
// dihedral, 20 to 35 ms). After maxSymmetricDraws it relabels the digits
// only, which keeps any pattern; givens that follow no symmetry take the
// first transform drawn, as they did before.
func variantTransform(givens solve.Grid, seed uint64, k, i int) solve.Transform {
	rng := rand.New(rand.NewPCG(seed, uint64(k)<<32|uint64(i)))
	var keep [][][]int // the orbits of each symmetry the givens follow
	for _, s := range generate.Symmetries() {
		if s != generate.None && s.Holds(&givens) {
			keep = append(keep, s.Orbits(givens.Shape))
		}
	}
	draws := maxSymmetricDraws
	if givens.Shape.Size > 9 {
		draws = maxSymmetricDrawsBig
	}
	for range draws {
		t := solve.RandomTransform(givens.Shape, rng)
		if follows(t.Apply(givens), keep) {
			return t
		}
	}
	t := solve.IdentityTransform(givens.Shape)
	t.Digits = solve.RandomTransform(givens.Shape, rng).Digits
	return t
}

// maxSymmetricDraws bounds the transforms variantTransform draws: some
// 65 ms a puzzle at most for 9x9. For 12x12 and 16x16, whose transforms
// keep a symmetry far more rarely (a 16x16 rotational one none in a
// million), 4,096, some 8 ms.
const (
	maxSymmetricDraws    = 1 << 16
	maxSymmetricDrawsBig = 1 << 12
)

// follows reports whether the givens of g follow every symmetry whose
// orbits are listed: in each orbit, all cells given or none.
func follows(g solve.Grid, symmetries [][][]int) bool {
	for _, orbits := range symmetries {
		for _, orbit := range orbits {
			given := g.Cells[orbit[0]] != 0
			for _, j := range orbit[1:] {
				if (g.Cells[j] != 0) != given {
					return false
				}
			}
		}
	}
	return true
}
