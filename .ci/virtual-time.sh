#!/usr/bin/env bash
# One outcome per program on virtual time, under load: runs the Tour's
# virtual-time chapter and the suites that await TestScheduler.advance(by:)
# (the async one, which waits for tasks, mailbox deliveries and observation
# reads) 20 times each beside a CPU hog on every core, and fails if any run
# differs from the first or fails.
#
# Needs the default debug build (`swift build --build-tests`). The suites'
# own repetitions (the search box 1,000 times, observations 20 and 40 times)
# run in `swift test`; here the search box runs 100 times per run.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
runs=${VIRTUAL_TIME_RUNS:-20}
bin="$(swift build --show-bin-path)"

hogs=()
cleanup() { for pid in "${hogs[@]}"; do kill "$pid" 2> /dev/null || true; done; }
trap cleanup EXIT
for _ in $(seq "$(nproc)"); do
  sh -c 'while :; do :; done' &
  hogs+=($!)
done

# The chapter: from its heading to the end of the tour.
chapter() { "$bin/Tour" | sed -n '/Virtual time for async code/,$p'; }

first="$(chapter)"
if ! grep -q 'found' <<< "$first"; then
  echo "error: the Tour printed no virtual-time chapter" >&2
  exit 1
fi
differing=0
for run in $(seq 2 "$runs"); do
  output="$(chapter)"
  if [ "$output" != "$first" ]; then
    differing=$((differing + 1))
    echo "Tour run $run differs:" >&2
    diff <(echo "$first") <(echo "$output") >&2 || true
  fi
done
echo "Tour virtual-time chapter: $runs runs, $differing differing"

failed=0
for run in $(seq "$runs"); do
  if ! swift test --skip-build --filter 'TestClockTests|ObservingConcurrencyTests/.*VirtualTime' \
    --skip 'ThousandTimes' > "$root/.ci-virtual-time.log" 2>&1; then
    failed=$((failed + 1))
    echo "virtual-time suites run $run failed:" >&2
    grep -E '✘|Expectation failed' "$root/.ci-virtual-time.log" >&2 || tail -20 "$root/.ci-virtual-time.log" >&2
  fi
done
tail -1 "$root/.ci-virtual-time.log"
rm -f "$root/.ci-virtual-time.log"
echo "virtual-time suites: $runs runs, $failed failed"

[ "$differing" -eq 0 ] && [ "$failed" -eq 0 ]
