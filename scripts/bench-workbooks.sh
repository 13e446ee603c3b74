#!/usr/bin/env bash
# bench-workbooks.sh: the whole commands of issue 12 ("workbooks at the
# floor"), timed on the built binaries, start-up included, as medians of
# interleaved runs (scripts/medians), with the machine's load before and
# after. Run from anywhere in the repository:
#
#   scripts/bench-workbooks.sh            # 30 rounds of the one-puzzle commands, 5 of generate
#   ROUNDS=50 GEN_ROUNDS=9 scripts/bench-workbooks.sh
#
# The targets: solve -o at most 1.1x scripts/floor (the least an excelize
# program does for the same job; solve -o is timed built both as go build
# makes it and static, as the README installs it), explain -o within 10 ms
# of solve -o, and generate -n 1000 to .xlsx at most 1.5x the same to .txt.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
rounds=${ROUNDS:-30}
gen_rounds=${GEN_ROUNDS:-5}
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/xlsudoku" ./cmd/xlsudoku
# static, as the README's install makes it (the floor is static too)
CGO_ENABLED=0 go build -o "$bin/xlsudoku-static" ./cmd/xlsudoku
go build -o "$bin/floor" ./scripts/floor
go build -o "$bin/medians" ./scripts/medians
in=$PWD/samples/classic.xlsx
cd "$bin"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
./medians -n "$rounds" \
	"./floor $in floor.xlsx" \
	"./xlsudoku solve -q $in -o out.xlsx" \
	"./xlsudoku-static solve -q $in -o out-static.xlsx" \
	"./xlsudoku explain -q $in -o explained.xlsx"
./medians -n "$gen_rounds" \
	"./xlsudoku generate -q -n 1000 -d any --seed 1 -o book.xlsx" \
	"./xlsudoku generate -q -n 1000 -d any --seed 1 -o book.txt"
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
