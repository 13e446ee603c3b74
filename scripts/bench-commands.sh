#!/usr/bin/env bash
# Whole-process timings of xlsudoku, as the README's Speed section gives
# them: the built binary, each command run several times, interleaved
# with the others so that a change in the machine's load touches them all
# alike, and the median and the fastest run printed.
#
#   scripts/bench-commands.sh            # start-up and text solving
#   RUNS=31 scripts/bench-commands.sh    # more runs (default 21, and 7 for solving)
#   FORUM=1 scripts/bench-commands.sh    # also the 48,765 hardest puzzles (slow)
#   RT=1 scripts/bench-commands.sh       # at real-time priority (root only)
#
# On a machine shared with other work, RT=1 runs each command with
# chrt -f 10, so that other processes do not take the cores from it while
# it runs (they still share caches and memory, so the figures stay above
# those of an idle machine). Use it for short runs only: for as long as a
# command runs, nothing else gets the cores it uses.
#
# It builds xlsudoku twice (as go build makes it, and with CGO_ENABLED=0,
# which links statically) and a hello world, in a temporary folder; the
# puzzle sets are read from ../shared/data. The load of the machine
# (uptime) is printed before and after: figures taken while other work
# runs are slower and spread wider.
set -euo pipefail

cd "$(dirname "$0")/.."
data=${DATA:-../shared/data}
runs=${RUNS:-21}
solve_runs=${SOLVE_RUNS:-7}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/xlsudoku" ./cmd/xlsudoku
CGO_ENABLED=0 go build -o "$tmp/xlsudoku-static" ./cmd/xlsudoku
mkdir "$tmp/hello"
cat >"$tmp/hello/main.go" <<'GO'
package main

import "fmt"

func main() { fmt.Println("hello, world") }
GO
printf 'module hello\n\ngo 1.26\n' >"$tmp/hello/go.mod"
(cd "$tmp/hello" && go build -o "$tmp/hello-world" .)

# bench N CMD...: runs each CMD N times, round after round, and prints the
# median and the minimum wall-clock time of each, in milliseconds.
bench() {
	local n=$1
	shift
	local -a times=()
	local i r s e
	for ((r = 0; r < n; r++)); do
		for ((i = 0; i < $#; i++)); do
			local cmd=${*:i+1:1}
			s=$EPOCHREALTIME
			eval "$cmd" >/dev/null 2>&1
			e=$EPOCHREALTIME
			times[i]+="$(((${e/./} - ${s/./}))) "
		done
	done
	for ((i = 0; i < $#; i++)); do
		tr ' ' '\n' <<<"${times[i]}" | grep . | sort -n | awk -v cmd="${*:i+1:1}" -v tmp="$tmp/" '
			{ t[NR] = $1 }
			END {
				m = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
				gsub(tmp, "", cmd)
				printf "  median %9.1f ms   min %9.1f ms   %s\n", m / 1000, t[1] / 1000, cmd
			}'
	done
}

# From here on (the builds are done), this shell and what it runs are
# real-time with RT=1.
rt=
if [[ ${RT:-} == 1 ]]; then
	chrt -f -p 10 $$
	rt=" (commands run at real-time priority, chrt -f 10)"
fi
echo "load before: $(uptime)$rt"
echo "start-up ($runs runs each):"
bench "$runs" "$tmp/hello-world" "$tmp/xlsudoku version" "$tmp/xlsudoku-static version"

set17="$data/17-clue.txt"
if [[ -f $set17 ]]; then
	echo "solve $set17 -o out.txt ($solve_runs runs each):"
	bench "$solve_runs" \
		"$tmp/xlsudoku solve $set17 -o $tmp/out1.txt --workers 1" \
		"$tmp/xlsudoku solve $set17 -o $tmp/out2.txt --workers 2" \
		"$tmp/xlsudoku-static solve $set17 -o $tmp/out3.txt --workers 1" \
		"$tmp/xlsudoku-static solve $set17 -o $tmp/out4.txt --workers 2"
	cmp "$tmp/out1.txt" "$tmp/out2.txt"
	cmp "$tmp/out1.txt" "$tmp/out4.txt"
else
	echo "($set17 not found: no solving figures)"
fi
forum="$data/forum-hardest-1905-11plus.txt"
if [[ ${FORUM:-} == 1 && -f $forum ]]; then
	echo "solve $forum -o out.txt (3 runs each):"
	bench 3 \
		"$tmp/xlsudoku solve $forum -o $tmp/out1.txt --workers 1" \
		"$tmp/xlsudoku solve $forum -o $tmp/out2.txt --workers 2"
	echo "  memory of one run (--workers 2): $(/usr/bin/time -f '%M KB max RSS' "$tmp/xlsudoku" solve "$forum" -o "$tmp/out2.txt" --workers 2 2>&1 >/dev/null | tail -1)"
fi
echo "load after: $(uptime)"
