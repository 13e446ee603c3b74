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
# milliseconds apart in one thread can tell a change of 3% or more.
#
# How: REV's solve package is checked out in a temporary worktree, and the
# working tree's exact9*.go files are copied beside it, every name they
# declare at the top level given a B (solver9B, state9B, the tables), so
# that the two engines share nothing but the rest of the package. The
# puzzle sets are read from ../shared/data beside the repository.
#
# Where the code lands in the binary moves its speed by a few percent:
# two copies of one commit, both renamed, came out 0.6% to 4.2% apart;
# the original against a renamed copy of itself, as here, 0.5% to 1.9%
# (the copy slower; median chunk, twice each). So read a B/A within 2% of
# 1 as no change.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
rev=${1:-HEAD}
tmp=$(mktemp -d)
wt=$tmp/wt
trap 'git -C "$repo" worktree remove --force "$wt" 2>/dev/null || true; rm -rf "$tmp"' EXIT
git -C "$repo" worktree add -f -q --detach "$wt" "$rev"

# copy DIR SUFFIX: DIR/solve/exact9*.go into the worktree, every name they
# declare at the top level given SUFFIX (solver9B, state9B, settleB, the
# tables...), so that the two engines share nothing but the rest of the
# package.
copy() {
	local files names f
	files=$(ls "$1"/solve/exact9*.go | grep -v '_test\.go$')
	names=$(awk '
		/^func [A-Za-z_][A-Za-z0-9_]*\(/ { n = $2; sub(/\(.*/, "", n); if (n != "init") print n }
		/^(type|var|const) [A-Za-z_]/ { print $2 }
		/^(var|const) \($/ { block = 1; next }
		block && /^\)/ { block = 0 }
		block && /^\t[A-Za-z_][A-Za-z0-9_]*/ { n = $1; sub(/,$/, "", n); print n }
	' $files | sort -u | paste -sd'|')
	for f in $files; do
		sed -E "s/\b($names)\b/\1$2/g" "$f" >"$wt/solve/zz_$2_$(basename "$f")"
	done
}
copy "$repo" B

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
		var b solver9B
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
