#!/usr/bin/env bash
# A deterministic instruction budget for the signal engine, the properties
# built on it, the first walks of a memoized Seq, and the scripts rows of
# cheap closures (map/filter/sum), windows, chunks and flatMap (CI quick mode).
#
# For each case, runs the release benchmark binary under
# `valgrind --tool=callgrind` at two sizes and takes the difference, so
# start-up and one-time costs cancel out: the result is instructions per
# value (per subscription for subscribe-dispose). It fails when a case
# exceeds its budget — a regression of the engine, not noise: instruction
# counts do not depend on the machine's load.
#
# Budgets are about 1.5× the counts measured when they were set (see
# Docs/Performance.md); lower them when the engine gets faster.
#
# Needs valgrind (skips with a message when it is missing; installs nothing)
# and the benchmark built in release mode (`.ci/run` builds it just before).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v valgrind > /dev/null 2>&1; then
  echo "callgrind budget: SKIPPED — valgrind is not installed (nothing was installed)."
  exit 0
fi

bin="$(swift build -c release --package-path Benchmarks --show-bin-path)/LazySeqBenchmarks"
if [ ! -x "$bin" ]; then
  swift build -c release --package-path Benchmarks
fi

# case budget(instructions per unit)
budgets=(
  "signal-pump 450"
  "seq-signal-toarray 135"
  "signal-sequence-array 575"
  "signal-subscribe-dispose 4200"
  "property-set 750"
  "signal-main-actor-delivery 900"
  "signal-main-thread-delivery 2400"
  "signal-combinelatest-pump 1000"
  "scoreboard-flatmap-pump 5300"
  "scoreboard-flatmaplatest-pump 6100"
  "seq-first-walk 255"
  "seq-ahead-first-walk 125"
  "seq-flatmap-walk 2100"
  "seq-flatmap-memo-walk 7500"
  "seq-uncons-memo-walk 550"
  "seq-temporary-reduce 130"
  "script-cheap-seq 125"
  "script-windows-seq 280"
  "script-chunks-seq 30"
  "script-flatmap-seq 500"
)
small=5000
large=15000
failed=0
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

instructions() {  # case n
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bin" --instructions "$1" --n "$2" \
    > /dev/null 2> "$out/log"
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out/log"
}

for entry in "${budgets[@]}"; do
  read -r name budget <<< "$entry"
  a=$(instructions "$name" "$small")
  b=$(instructions "$name" "$large")
  per=$(( (b - a) / (large - small) ))
  if [ "$per" -le "$budget" ]; then
    printf 'callgrind budget: %-26s %6d instructions per unit (budget %d) ok\n' "$name" "$per" "$budget"
  else
    printf 'callgrind budget: %-26s %6d instructions per unit (budget %d) OVER BUDGET\n' "$name" "$per" "$budget" >&2
    failed=1
  fi
done

# Linear head/tail walks: `uncons` over a fresh map memo costs the same per
# step at 10^6 as at 10^4 (within 10 %; it was quadratic when positions
# stayed anchored to the segment they started in).
a=$(instructions seq-uncons-memo-walk 10000)
b=$(instructions seq-uncons-memo-walk 20000)
c=$(instructions seq-uncons-memo-walk 1000000)
d=$(instructions seq-uncons-memo-walk 1010000)
near=$(( (b - a) / 10000 ))
far=$(( (d - c) / 10000 ))
if [ $(( far * 10 )) -le $(( near * 11 )) ]; then
  printf 'callgrind linearity: seq-uncons-memo-walk %d instructions per step at 10^4, %d at 10^6 ok\n' "$near" "$far"
else
  printf 'callgrind linearity: seq-uncons-memo-walk %d instructions per step at 10^4, %d at 10^6 NOT LINEAR\n' "$near" "$far" >&2
  failed=1
fi
# A main-actor subscriber fed from a background thread, against the same
# subscriber written in nonisolated code (which runs on the sending thread):
# reported as a ratio per value; the budget above bounds it.
a=$(instructions signal-nonisolated-delivery "$small")
b=$(instructions signal-nonisolated-delivery "$large")
plain=$(( (b - a) / (large - small) ))
a=$(instructions signal-main-actor-delivery "$small")
b=$(instructions signal-main-actor-delivery "$large")
isolated=$(( (b - a) / (large - small) ))
printf 'callgrind ratio: main-actor delivery %d instructions per value, nonisolated %d (%d.%02d x)\n' \
  "$isolated" "$plain" $(( isolated / plain )) $(( isolated * 100 / plain % 100 ))
exit "$failed"
