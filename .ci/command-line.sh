#!/usr/bin/env bash
# Compiles each program of .ci/programs against the package's built modules
# and runs it as a command-line tool: behaviour that needs the main thread
# (which Swift Testing never runs tests on). Fails if a program fails to
# compile, exits non-zero, or hangs (each program has its own watchdog).
# LAZYSEQ_SCRATCH_PATH=<dir> builds and uses the modules of that scratch path
# instead of the default .build (.ci/built-modules.sh).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

# shellcheck source=../.ci/built-modules.sh
source "$root/.ci/built-modules.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for program in .ci/programs/*.swift; do
  echo "==> $program"
  swiftc -swift-version 6 -g -Onone -module-name Program -I "$modules" \
    "$program" "${objects[@]}" -o "$work/program"
  "$work/program"
done
