#!/usr/bin/env bash
# Compile-time concurrency checks: small programs in .ci/probes/ compiled
# against the built modules in Swift 6 mode.
#
#   .ci/probes/reject/*.swift  must NOT compile, and every error it gets must
#                              be a concurrency diagnostic (a probe rejected
#                              for another reason, such as a typo or a
#                              missing API, is a broken probe and fails the
#                              step);
#   .ci/probes/accept/*.swift  must compile.
#
# Each probe is one standalone program whose header comment says what it
# checks and why; a reject probe marks its offending line `// rejected: …`.
#
# Each probe is compiled with `swiftc -swift-version 6 -emit-sil`: type
# checking alone (-typecheck) misses the region-based isolation errors
# (`sending`), which are diagnosed on SIL.
#
# PROBE_MODULES=<dir> compiles against the .swiftmodule files in <dir>
# instead of building the package (to try the probes against another build).
#
# Prints one line per probe and a summary; exits 1 if any probe failed.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

if [ -n "${PROBE_MODULES:-}" ]; then
  modules="$PROBE_MODULES"
else
  # shellcheck source=../.ci/built-modules.sh
  source "$root/.ci/built-modules.sh"
fi

# An error counts as a concurrency diagnostic if it matches this. A reject
# probe passes only if every error it gets does (one violation per probe).
concurrency='Sendable|sending|isolat|data race|concurrently|global actor|main actor|MainActor'

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
failures=()

# Compiles one probe; its error lines, without their file:line:col prefix,
# go to $work/errors. Returns swiftc's status.
compile() {
  local status=0
  swiftc -swift-version 6 -emit-sil -o /dev/null -module-name Probe -I "$modules" "$1" \
    > "$work/out" 2>&1 || status=$?
  { grep -E '(^|: )error: ' "$work/out" || true; } | sed -E 's/^([^ ]*: )?error: //' > "$work/errors"
  return "$status"
}

pass() {
  printf 'ok   %s\n' "$1"
  passed=$((passed + 1))
}

fail() {
  printf 'FAIL %s\n' "$1"
  failed=$((failed + 1))
  failures+=("$2")
}

echo "==> compile probes (swiftc -swift-version 6 -emit-sil)"
shopt -s nullglob
for probe in .ci/probes/reject/*.swift; do
  name="${probe#.ci/probes/}"
  if compile "$probe"; then
    fail "$name: compiled (it must be rejected)" "$name"
  elif [ -s "$work/errors" ] && ! grep -q -v -E -- "$concurrency" "$work/errors"; then
    pass "$name: rejected ($(head -n 1 "$work/errors"))"
  else
    other="$(grep -v -E -- "$concurrency" "$work/errors" | head -n 1 || true)"
    fail "$name: broken probe, rejected for another reason (${other:-no error line})" "$name"
    sed 's/^/       /' "$work/errors"
  fi
done

for probe in .ci/probes/accept/*.swift; do
  name="${probe#.ci/probes/}"
  if compile "$probe"; then
    pass "$name: compiled"
  else
    fail "$name: rejected ($(head -n 1 "$work/errors"))" "$name"
    sed 's/^/       /' "$work/errors"
  fi
done

echo
echo "$passed passed, $failed failed"
if [ "$failed" -gt 0 ]; then
  printf 'failed: %s\n' "${failures[@]}" >&2
  exit 1
fi
