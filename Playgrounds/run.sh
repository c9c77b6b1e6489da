#!/usr/bin/env bash
# Compiles and runs every page of Playgrounds/LazySeq.playground on Linux (or
# macOS) against the package's modules, in the order of contents.xcplayground.
# Fails (non-zero) if any page fails to compile (warnings are errors) or to run.
#
#   Playgrounds/run.sh             # build the package, run every enabled page
#   RUN_PENDING=1 Playgrounds/run.sh   # also run the pages marked pending
#
# A page whose first line starts with `// run.sh: pending` is skipped (and
# listed) unless RUN_PENDING=1: it is written against an API that has not
# landed on main yet. Delete that line once it has.
#
# How: `swift build` builds the modules once (incrementally); each page is
# then compiled as a single-file program with `swiftc`, importing the built
# .swiftmodule files and linking the modules' object files. No temporary
# package, no second build of the library.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
playground="$root/Playgrounds/LazySeq.playground"
cd "$root"

# shellcheck source=../.ci/built-modules.sh
source "$root/.ci/built-modules.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Page names, in order, from contents.xcplayground (XML-unescaped).
pages=()
while IFS= read -r name; do pages+=("$name"); done < <(
  sed -n "s/.*<page name='\([^']*\)'.*/\1/p" "$playground/contents.xcplayground" \
    | sed -e 's/&amp;/\&/g' -e "s/&apos;/'/g" -e 's/&quot;/"/g' -e 's/&lt;/</g' -e 's/&gt;/>/g')
[ "${#pages[@]}" -gt 0 ] || { echo "error: no pages in contents.xcplayground" >&2; exit 1; }

# The READMEs say how many pages there are ("nine pages"): they must agree.
words=(zero one two three four five six seven eight nine ten eleven twelve)
count_word="${words[${#pages[@]}]:-${#pages[@]}}"
for readme in README.md Docs/README.md Playgrounds/README.md; do
  if grep -oiE "\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[0-9]+) pages\b" "$readme" \
    | grep -viq "^$count_word pages$"; then
    echo "error: $readme gives a page count other than \"$count_word pages\" (contents.xcplayground has ${#pages[@]})" >&2
    exit 1
  fi
done

passed=()
failed=()
skipped=()
for page in "${pages[@]}"; do
  source="$playground/Pages/$page.xcplaygroundpage/Contents.swift"
  if [ ! -f "$source" ]; then
    echo "error: missing $source" >&2
    failed+=("$page (missing)")
    continue
  fi
  if head -n 1 "$source" | grep -q '^// run.sh: pending' && [ "${RUN_PENDING:-0}" != 1 ]; then
    skipped+=("$page")
    continue
  fi
  echo "==> $page"
  executable="$work/page"
  cp "$source" "$work/main.swift"
  if ! swiftc -swift-version 6 -warnings-as-errors -g -Onone -module-name Page \
    -I "$modules" "$work/main.swift" "${objects[@]}" -o "$executable"; then
    failed+=("$page (compile)")
    continue
  fi
  if ! "$executable"; then
    failed+=("$page (run)")
    continue
  fi
  passed+=("$page")
done

echo
echo "passed: ${#passed[@]} page(s)"
if [ "${#skipped[@]}" -gt 0 ]; then
  printf 'skipped (pending, run with RUN_PENDING=1): %s\n' "${skipped[@]}"
fi
if [ "${#failed[@]}" -gt 0 ]; then
  printf 'FAILED: %s\n' "${failed[@]}" >&2
  exit 1
fi
