// Command ratings compares our ratings with those of HoDoKu and Sudoku
// Explainer (SE) on the same puzzles, as the README reports them:
//
//	xlsudoku rate puzzles.txt > ours.txt
//	xlsudoku rate --scale se puzzles.txt > ours-se.txt
//	go run ./scripts/ratings -ours ours.txt -ours-se ours-se.txt -hodoku h.txt -se s.txt
//
// ours.txt and ours-se.txt are rate's output, a line a puzzle. h.txt is
// HoDoKu's batch output, optional (java sudoku.Main /bs FILE /vs): a line a puzzle,
// "#N" its number and its score in parentheses. s.txt is SE's serate
// output: the puzzle and "ED=9.0/1.2/1.2", the first number its rating.
// The peers' files are not in the repository: build the raters from their
// public source and run them on the same puzzles.
//
// It prints Spearman's rank correlation of our score with HoDoKu's score
// and with SE's rating, the same among the puzzles we grade Extreme, and
// for our SE estimate its correlation with SE's rating and the mean
// absolute difference.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

func main() {
	ours := flag.String("ours", "", "our rate output (score)")
	oursSE := flag.String("ours-se", "", "our rate --scale se output")
	hodoku := flag.String("hodoku", "", "HoDoKu's batch output")
	se := flag.String("se", "", "SE's serate output")
	flag.Parse()
	if *ours == "" || *se == "" {
		fmt.Fprintln(os.Stderr, "peers: -ours and -se are needed")
		os.Exit(2)
	}
	score, grade := readOurs(*ours)
	s := readSE(*se)
	n := min(len(score), len(s))
	h := make([]float64, n) // no HoDoKu: every score missing
	for i := range h {
		h[i] = -1
	}
	if *hodoku != "" {
		h = readHoDoKu(*hodoku)
		n = min(n, len(h))
	}
	fmt.Printf("puzzles: %d\n", n)
	var a, b, c []float64
	for i := range n {
		if h[i] >= 0 {
			a = append(a, score[i])
			b = append(b, h[i])
		}
	}
	if len(a) > 0 {
		fmt.Printf("score with HoDoKu: %.3f (%d puzzles)\n", spearman(a, b), len(a))
		fmt.Printf("HoDoKu with SE: %.3f\n", spearman(pick(h[:n], h[:n]), pick(s[:n], h[:n])))
	}
	fmt.Printf("score with SE: %.3f\n", spearman(score[:n], s[:n]))
	a, c = nil, nil
	for i := range n {
		if grade[i] == "extreme" {
			a = append(a, score[i])
			c = append(c, s[i])
		}
	}
	fmt.Printf("score with SE among our Extreme: %.3f (%d puzzles)\n", spearman(a, c), len(a))
	if *oursSE != "" {
		est, _ := readOurs(*oursSE)
		m := min(n, len(est))
		mad := 0.0
		for i := range m {
			mad += math.Abs(est[i] - s[i])
		}
		fmt.Printf("SE estimate with SE: %.3f, mean absolute difference %.3f\n", spearman(est[:m], s[:m]), mad/float64(m))
		a, c = nil, nil
		for i := range m {
			if grade[i] == "extreme" {
				a = append(a, est[i])
				c = append(c, s[i])
			}
		}
		fmt.Printf("SE estimate with SE among our Extreme: %.3f\n", spearman(a, c))
	}
}

// pick keeps the values of xs where keep is not negative.
func pick(xs, keep []float64) []float64 {
	var out []float64
	for i, x := range xs {
		if keep[i] >= 0 {
			out = append(out, x)
		}
	}
	return out
}

func lines(path string) []string {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "peers:", err)
		os.Exit(1)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if t := strings.TrimSpace(sc.Text()); t != "" && !strings.HasPrefix(t, "#") {
			out = append(out, t)
		}
	}
	return out
}

// readOurs reads rate's lines: puzzle grade number technique.
func readOurs(path string) (vals []float64, grades []string) {
	for _, l := range lines(path) {
		f := strings.Fields(l)
		if len(f) < 3 {
			vals, grades = append(vals, math.NaN()), append(grades, "")
			continue
		}
		v, err := strconv.ParseFloat(f[2], 64)
		if err != nil {
			v = math.NaN()
		}
		vals, grades = append(vals, v), append(grades, f[1])
	}
	return vals, grades
}

var hodokuRe = regexp.MustCompile(`#(\d+) \S+ \((\d+)\)`)

// readHoDoKu reads the scores by puzzle number (-1 where one is missing).
func readHoDoKu(path string) []float64 {
	var out []float64
	for _, l := range lines(path) {
		m := hodokuRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		k, _ := strconv.Atoi(m[1])
		v, _ := strconv.ParseFloat(m[2], 64)
		for len(out) < k {
			out = append(out, -1)
		}
		out[k-1] = v
	}
	return out
}

var seRe = regexp.MustCompile(`ED=([0-9.]+)/`)

func readSE(path string) []float64 {
	var out []float64
	for _, l := range lines(path) {
		m := seRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		v, _ := strconv.ParseFloat(m[1], 64)
		out = append(out, v)
	}
	return out
}

// ranks gives each value its rank, ties the mean of their ranks.
func ranks(xs []float64) []float64 {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return xs[idx[a]] < xs[idx[b]] })
	r := make([]float64, len(xs))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && xs[idx[j+1]] == xs[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			r[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return r
}

// spearman is Pearson's correlation of the ranks.
func spearman(a, b []float64) float64 {
	ra, rb := ranks(a), ranks(b)
	n := float64(len(a))
	var ma, mb float64
	for i := range ra {
		ma += ra[i]
		mb += rb[i]
	}
	ma, mb = ma/n, mb/n
	var sab, saa, sbb float64
	for i := range ra {
		sab += (ra[i] - ma) * (rb[i] - mb)
		saa += (ra[i] - ma) * (ra[i] - ma)
		sbb += (rb[i] - mb) * (rb[i] - mb)
	}
	return sab / math.Sqrt(saa*sbb)
}
