#!/usr/bin/env bash
# Compile-time concurrency checks: small programs in .ci/probes/ compiled
# against the built modules in Swift 6 mode, in three client modes.
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
# The client modes (the ways user code is compiled):
#
#   default       -swift-version 6
#   main-actor    default + -default-isolation MainActor (new Xcode app
#                 targets, SwiftPM targets with .defaultIsolation(MainActor.self))
#   approachable  main-actor + -enable-upcoming-feature
#                 NonisolatedNonsendingByDefault and InferIsolatedConformances
#                 (Xcode's "approachable concurrency")
#
# Every probe is compiled in all three unless a line of its header says
# otherwise:
#
#   // modes: default                  only the default mode
#   // modes: main-actor               main-actor and approachable
#   // modes: approachable             approachable only
#   // modes: default, approachable    a list of the above
#
# A reject probe must be rejected for a concurrency reason in each of its
# modes; an accept probe must compile in each of its modes.
#
# Each probe is compiled with `swiftc -emit-sil`: type checking alone
# (-typecheck) misses the region-based isolation errors (`sending`), which
# are diagnosed on SIL.
#
# PROBE_MODULES=<dir> compiles against the .swiftmodule files in <dir>
# instead of building the package (to try the probes against another build).
# PROBE_JOBS=<n> compiles n probes at a time (default 2).
#
# Prints one line per probe and mode, then `N passed, M failed`; exits 1 if
# any failed.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

if [ -n "${PROBE_MODULES:-}" ]; then
  modules="$PROBE_MODULES"
else
  # shellcheck source=../.ci/built-modules.sh
  source "$root/.ci/built-modules.sh"
fi
export modules

# An error counts as a concurrency diagnostic if it matches this. A reject
# probe passes only if every error it gets does (one violation per probe).
export concurrency='Sendable|sending|isolat|data race|concurrently|global actor|main actor|MainActor'

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export work

# The modes a probe runs in, from its `// modes:` header line (all three
# without one).
modes_of() {
  local line
  line="$(grep -m 1 -E '^// modes:' "$1" || true)"
  if [ -z "$line" ]; then
    echo "default main-actor approachable"
    return
  fi
  local selected=""
  for word in $(echo "${line#// modes:}" | tr ',' ' '); do
    case "$word" in
      default) selected="$selected default" ;;
      main-actor) selected="$selected main-actor approachable" ;;
      approachable) selected="$selected approachable" ;;
      *) echo "unknown mode '$word' in $1" >&2; return 1 ;;
    esac
  done
  echo "$selected"
}

# Compiles one probe in one mode and writes its result line to
# $work/<n>.result ("ok …" or "FAIL …", then the errors, indented).
check() {
  local n="$1" probe="$2" mode="$3"
  local name="${probe#.ci/probes/}" out="$work/$n.out" errors="$work/$n.errors"
  local flags=(-swift-version 6)
  case "$mode" in
    main-actor) flags+=(-default-isolation MainActor) ;;
    approachable)
      flags+=(-default-isolation MainActor
        -enable-upcoming-feature NonisolatedNonsendingByDefault
        -enable-upcoming-feature InferIsolatedConformances) ;;
  esac
  local status=0
  swiftc "${flags[@]}" -emit-sil -o /dev/null -module-name Probe -I "$modules" "$probe" \
    > "$out" 2>&1 || status=$?
  { grep -E '(^|: )error: ' "$out" || true; } | sed -E 's/^([^ ]*: )?error: //' > "$errors"
  local label
  label="$(printf '%-12s %s' "$mode" "$name")"
  {
    case "$name" in
      reject/*)
        if [ "$status" -eq 0 ]; then
          echo "FAIL $label: compiled (it must be rejected)"
        elif [ -s "$errors" ] && ! grep -q -v -E -- "$concurrency" "$errors"; then
          echo "ok   $label: rejected ($(head -n 1 "$errors"))"
        else
          other="$(grep -v -E -- "$concurrency" "$errors" | head -n 1 || true)"
          echo "FAIL $label: broken probe, rejected for another reason (${other:-no error line})"
          sed 's/^/       /' "$errors"
        fi ;;
      *)
        if [ "$status" -eq 0 ]; then
          echo "ok   $label: compiled"
        else
          echo "FAIL $label: rejected ($(head -n 1 "$errors"))"
          sed 's/^/       /' "$errors"
        fi ;;
    esac
  } > "$work/$n.result"
}
export -f check

shopt -s nullglob
jobs=()
n=0
for probe in .ci/probes/reject/*.swift .ci/probes/accept/*.swift; do
  for mode in $(modes_of "$probe"); do
    n=$((n + 1))
    jobs+=("$n" "$probe" "$mode")
  done
done

echo "==> compile probes (swiftc -swift-version 6 -emit-sil; modes: default, main-actor, approachable)"
started=$SECONDS
printf '%s\0' "${jobs[@]}" | xargs -0 -n 3 -P "${PROBE_JOBS:-2}" bash -c 'check "$@"' check

passed=0
failed=0
for ((i = 1; i <= n; i++)); do
  cat "$work/$i.result"
  if head -n 1 "$work/$i.result" | grep -q '^ok '; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
done

echo
echo "($((SECONDS - started))s)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] || exit 1
