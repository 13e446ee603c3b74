#!/usr/bin/env bash
# peers.sh builds the solvers and generator we measure ourselves against
# (tdoku and fsss2 through tdoku's own run_benchmark, and QQWing) outside the
# repository, then runs them and xlsudoku side by side, interleaved, and
# prints a Markdown table of medians and of the fastest rounds. None of the
# peers' code enters ours: they are cloned and built under DIR.
#
#	scripts/peers.sh [--dir DIR] [--time SECS] [--rounds N] [--count N]
#
# DIR defaults to ~/.cache/xlsudoku-peers. The sources are cloned from GitHub
# unless TDOKU_SRC, FSSS2_SRC or QQWING_SRC name local clones. The puzzle sets
# are read from ../shared/data beside the repository, as the benchmarks do.
# Needs git, cmake, g++ and go. Run it on a quiet machine: the figures are
# rates of one thread, and anything else running moves them.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
dir=${XDG_CACHE_HOME:-$HOME/.cache}/xlsudoku-peers
secs=3
rounds=3
count=300
data=$repo/../shared/data

while [ $# -gt 0 ]; do
	case $1 in
	--dir) dir=$2; shift 2 ;;
	--time) secs=$2; shift 2 ;;
	--rounds) rounds=$2; shift 2 ;;
	--count) count=$2; shift 2 ;;
	-h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "peers.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
	esac
done

sets="17-clue magictour-top1465 forum-hardest-1905-11plus serg-benchmark"
for s in $sets; do
	[ -f "$data/$s.txt" ] || { echo "peers.sh: $data/$s.txt not found (the sets are read from ../shared/data beside the repository)" >&2; exit 2; }
done
mkdir -p "$dir"
log=$dir/build.log
: >"$log"

# fetch SRCVAR URL NAME: a local clone when SRCVAR is set, else a clone from GitHub.
fetch() {
	local src=${!1:-} url=$2 name=$3
	if [ -n "$src" ]; then
		rm -rf "${dir:?}/$name"
		cp -a "$src" "$dir/$name"
	elif [ ! -d "$dir/$name" ]; then
		git clone -q --depth 1 "$url" "$dir/$name"
	fi
}

echo "building the peers in $dir (log: $log)" >&2
fetch TDOKU_SRC https://github.com/t-dillon/tdoku tdoku
fetch FSSS2_SRC https://github.com/t-dillon/fsss2_bench fsss2
rm -rf "$dir/tdoku/other/module_fsss2"
cp -a "$dir/fsss2" "$dir/tdoku/other/module_fsss2"
(
	mkdir -p "$dir/tdoku/build" && cd "$dir/tdoku/build"
	rm -f CMakeCache.txt
	CC=gcc CXX=g++ cmake .. -DCMAKE_BUILD_TYPE=Release -DFSSS2=on -DOPT=O3 -DARCH=native
	make -j"$(nproc)" run_benchmark
) >>"$log" 2>&1
tdoku=$dir/tdoku/build/run_benchmark

fetch QQWING_SRC https://github.com/stephenostermiller/qqwing qqwing
# QQWing's autotools build only adds config.h; two definitions stand in for it.
mkdir -p "$dir/qqwing-inc"
printf '#define VERSION "peers"\n#define PACKAGE_STRING "qqwing"\n' >"$dir/qqwing-inc/config.h"
g++ -O3 -march=native -I"$dir/qqwing-inc" -o "$dir/qqwing-bin" \
	"$dir/qqwing/src/cpp/main.cpp" "$dir/qqwing/src/cpp/qqwing.cpp" >>"$log" 2>&1
qqwing=$dir/qqwing-bin

(cd "$repo" && go build -o "$dir/xlsudoku" ./cmd/xlsudoku && go test -c -o "$dir/solve.test" ./solve) >>"$log" 2>&1
xl=$dir/xlsudoku

median() { sort -g | awk '{v[NR] = $1} END {if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2)}'; }
bench_name() {
	case $1 in
	17-clue) echo Count17Clue ;;
	magictour-top1465) echo CountMagicTour ;;
	forum-hardest-1905-11plus) echo CountForumHardest ;;
	serg-benchmark) echo CountSerg ;;
	esac
}

# rate SECONDS N CMD...: N divided by the wall time of CMD.
rate() {
	local n=$1
	shift
	local t0 t1
	t0=$(date +%s.%N)
	"$@" >/dev/null 2>&1
	t1=$(date +%s.%N)
	awk -v n="$n" -v a="$t0" -v b="$t1" 'BEGIN {printf "%.0f\n", n / (b - a)}'
}

res=$dir/results
rm -rf "$res" && mkdir -p "$res"
for r in $(seq "$rounds"); do
	echo "round $r of $rounds" >&2
	for s in $sets; do
		"$tdoku" -s tdoku,fsss2 -r0 -t "$secs" -w 1 "$data/$s.txt" 2>/dev/null |
			awk -F'|' -v o="$res/$s" '$2 ~ /^(tdoku|fsss2) / {split($2, w, " "); gsub(/ /, "", $3); printf "%.0f\n", $3 >> (o "." w[1])}'
		# the benchmark binary runs in its package folder, where ../../shared/data is found
		(cd "$repo/solve" && "$dir/solve.test" -test.run '^$' -test.bench "$(bench_name "$s")\$" -test.benchtime "${secs}s" -test.cpu 1) |
			awk '/puzzles\/s/ {for (i = 1; i < NF; i++) if ($(i + 1) == "puzzles/s") print $i}' >>"$res/$s.xlsudoku"
	done
	for d in easy intermediate expert; do
		rate "$count" "$qqwing" --generate "$count" --difficulty "$d" --one-line >>"$res/gen.qqwing.$d"
	done
	for d in medium expert extreme; do
		n=$count
		[ "$d" = extreme ] && n=$((count / 5))
		rate "$n" "$xl" generate -q -n "$n" -d "$d" --workers 1 --seed "$r" >>"$res/gen.xlsudoku.$d"
	done
done

m() { if [ -s "$res/$1" ]; then median <"$res/$1"; else echo "n/a"; fi; }
# best: the fastest round. Where a machine runs a process at one of two
# speeds (this project's does: docs/speed.md), a median of a few rounds
# takes whichever speed most rounds had, and the fastest rounds compare
# each program at its best.
best() { if [ -s "$res/$1" ]; then sort -n "$res/$1" | tail -n 1; else echo "n/a"; fi; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "n/a"}'; }
cpu=$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null || uname -m)

echo
echo "Measured $(date -u +%Y-%m-%d) on $cpu, $(nproc) cores; $(go version | cut -d' ' -f3); $(g++ --version | head -n 1)."
echo "Exact solving, one thread, counting to two solutions (medians of $rounds interleaved rounds of ${secs} s; tdoku's run_benchmark -r0):"
echo
echo "| set | xlsudoku, puzzles/s | tdoku | fsss2 | xlsudoku / tdoku | fastest rounds: xlsudoku, tdoku, ratio |"
echo "|---|---|---|---|---|---|"
for s in $sets; do
	x=$(m "$s.xlsudoku") t=$(m "$s.tdoku") f=$(m "$s.fsss2")
	bx=$(best "$s.xlsudoku") bt=$(best "$s.tdoku")
	echo "| $s | $x | $t | $f | $(ratio "$x" "$t") | $bx, $bt, $(ratio "$bx" "$bt") |"
done
echo
echo "Generation, one thread (whole process, $count puzzles; extreme $((count / 5))):"
echo
echo "| xlsudoku | puzzles/s | QQWing | puzzles/s | ratio |"
echo "|---|---|---|---|---|"
for pair in medium:easy expert:expert extreme:expert; do
	ours=${pair%%:*} theirs=${pair##*:}
	x=$(m "gen.xlsudoku.$ours") q=$(m "gen.qqwing.$theirs")
	echo "| $ours | $x | $theirs | $q | $(ratio "$x" "$q") |"
done
echo "| | | intermediate | $(m gen.qqwing.intermediate) | |"
