#!/usr/bin/env bash
# solver-ab.sh times the working tree's 9x9 exact solver against another
# commit's, in one process: both count the same 50 puzzles in turn, chunk
# after chunk, for 8 seconds on each shared set, and it prints how much
# faster the working tree's is (B/A above 1: faster): the median over the
# chunks of A's time over B's, which a preempted chunk does not move, with
# its quartiles, and the ratio of the total times.
#
#	scripts/solver-ab.sh [REV]      # REV defaults to HEAD
#	RT=1 scripts/solver-ab.sh REV   # at real-time priority (root only)
#
# Why: this machine runs a whole process at one of two speeds some 20%
# apart, and a core can be slower than the other for minutes (docs/speed.md),
# so separate runs cannot tell a 2% change from the noise. Turns a few
# milliseconds apart in one thread can: two copies of one commit come out
# within 1% of each other in the median.
#
# How: REV's solve package is checked out in a temporary worktree, and the
# working tree's solver9 methods, pickPair and the helpers REV lacks are
# copied beside it as solver9b (state9 and the tables are shared, so a
# change to those is not measured). The puzzle sets are read from
# ../shared/data beside the repository.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
rev=${1:-HEAD}
tmp=$(mktemp -d)
wt=$tmp/wt
trap 'git -C "$repo" worktree remove --force "$wt" 2>/dev/null || true; rm -rf "$tmp"' EXIT
git -C "$repo" worktree add -f -q --detach "$wt" "$rev"

# blocks FILE: the working tree's solver9 methods as solver9b's, pickPair as
# pickPairB, and the top-level functions REV does not have.
blocks() {
	awk -v have="$(grep -ho '^func [A-Za-z0-9_]*(' "$wt"/solve/*.go | tr '\n' ' ')" '
		/^func / { keep = 0; name = $0
			if (name ~ /^func \(s \*solver9\) /) { keep = 1; sub(/\*solver9\)/, "*solver9b)", name) }
			else if (name ~ /^func pickPair\(/) { keep = 1 }
			else { fn = name; sub(/^func /, "", fn); sub(/\(.*/, "", fn)
				if (index(have, "func " fn "(") == 0) keep = 1 }
			if (keep) { gsub(/pickPair\(/, "pickPairB(", name); print name }
			next }
		keep { line = $0; gsub(/pickPair\(/, "pickPairB(", line); print line; if ($0 == "}") { keep = 0; print "" } }
	' "$1"
}

{
	echo 'package solve'
	echo
	echo 'import ('
	echo '	"encoding/binary"'
	echo '	"math/bits"'
	echo ')'
	echo
	echo 'var ('
	echo '	_ = binary.LittleEndian'
	echo '	_ = bits.OnesCount32'
	echo ')'
	echo
	# The working tree's solver9 fields, as solver9b.
	sed -n '/^type solver9 struct {/,/^}/p' "$repo/solve/exact9.go" | sed 's/^type solver9 struct/type solver9b struct/'
	echo
	# Constants the working tree has and REV lacks (a const block of its own).
	for name in lows highs; do
		if grep -q "^	$name " "$repo/solve/exact9.go" && ! grep -q "^	$name " "$wt"/solve/*.go; then
			grep "^	$name " "$repo/solve/exact9.go" | sed 's/^\t/const /'
		fi
	done
	for f in "$repo"/solve/exact9*.go; do
		case $f in *_test.go) continue ;; esac
		blocks "$f"
	done
} >"$wt/solve/zz_solver_b.go"

cat >"$wt/solve/zz_solver_ab_test.go" <<'GO'
package solve

import (
	"fmt"
	"sort"
	"testing"
	"time"
)

func TestSolverAB(t *testing.T) {
	for _, name := range []string{"17-clue.txt", "magictour-top1465.txt", "forum-hardest-1905-11plus.txt", "serg-benchmark.txt"} {
		ps := loadShared(t, name)
		var a solver9
		var b solver9b
		var out [2]Grid
		const chunk = 50
		var ta, tb time.Duration
		var ratios []float64
		for k, end := 0, time.Now().Add(8*time.Second); time.Now().Before(end); k++ {
			lo := k * chunk % (len(ps) - chunk)
			var da, db time.Duration
			for turn := range 2 {
				start := time.Now()
				if (k+turn)%2 == 0 {
					for i := lo; i < lo+chunk; i++ {
						a.count((*[81]uint8)(ps[i].Cells[:81]), 2, out[:])
					}
					da = time.Since(start)
				} else {
					for i := lo; i < lo+chunk; i++ {
						b.count((*[81]uint8)(ps[i].Cells[:81]), 2, out[:])
					}
					db = time.Since(start)
				}
			}
			ta, tb = ta+da, tb+db
			ratios = append(ratios, float64(da)/float64(db))
		}
		sort.Float64s(ratios)
		n := len(ratios)
		fmt.Printf("%-30s B/A %.3f the median chunk (quartiles %.3f, %.3f; %d chunks of %d), %.3f in total\n",
			name, ratios[n/2], ratios[n/4], ratios[3*n/4], n, chunk, float64(ta)/float64(tb))
	}
}
GO

(cd "$wt" && go vet ./solve && go test -c -o "$tmp/ab.test" ./solve)
rt=()
if [[ ${RT:-} == 1 ]]; then
	rt=(chrt -f 10)
fi
echo "A: $(git -C "$repo" rev-parse --short "$rev"); B: the working tree of $repo"
(cd "$repo/solve" && "${rt[@]}" "$tmp/ab.test" -test.run '^TestSolverAB$' -test.v | grep 'B/A')
