#!/usr/bin/env bash
# Compiles and runs the Swift examples of README.md, Docs/*.md and the DocC
# articles, so that they cannot drift from the API. Each file's ```swift blocks
# become one program (each block in its own `do { }` scope), compiled with
# `swiftc -swift-version 6` against the package's built modules and run.
# Declaration listings (blocks starting with `public`, `extension`, `@`,
# `// Package.swift`, or containing `…`) are not compiled; .ci/doc-listings.py
# checks them against Sources instead (every `public` declaration exists, every
# conformance shown, such as `@unchecked Sendable`, is declared).
#
# A block whose first line starts with `// main.swift` is a whole program of
# its own (a script that awaits at the top level cannot share one with
# scripts that block): it is compiled and run alone.
#
# A file containing `<!-- examples: pending -->` is skipped unless RUN_PENDING=1
# (its API has not landed yet); delete the marker once it has. A file
# containing `<!-- examples: diagnostics -->` (Docs/Diagnostics.md, whose
# examples are meant not to compile) is checked by .ci/diagnostics.py instead.
#
# Needs python3. Fails (non-zero) if an example fails to compile or to run.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
command -v python3 > /dev/null || { echo "error: python3 is needed" >&2; exit 1; }

# shellcheck source=../.ci/built-modules.sh
source "$root/.ci/built-modules.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

failed=()
skipped=()
checked=0

echo "==> declaration listings"
python3 "$root/.ci/doc-listings.py" || failed+=("declaration listings (see above)")
for file in README.md Docs/*.md Sources/*/*.docc/*.md; do
  [ -f "$file" ] || continue
  grep -q '```swift' "$file" || continue
  grep -q '<!-- examples: diagnostics' "$file" && continue
  if grep -q '<!-- examples: pending' "$file" && [ "${RUN_PENDING:-0}" != 1 ]; then
    skipped+=("$file")
    continue
  fi
  rm -f "$work"/standalone-*.swift
  python3 - "$file" "$work/main.swift" <<'PY'
import os, re, sys
source, target = sys.argv[1:3]
text = open(source).read()
listing = ("public ", "extension ", "@", "// Package.swift")
imports = {"import Foundation", "import LazySeq", "import LazySeqSignals"}
body = []
for number, block in enumerate(re.findall(r"```swift\n(.*?)```", text, re.S), 1):
    if block.lstrip().startswith(listing) or "…" in block:
        continue
    if block.lstrip().startswith("// main.swift"):
        own = {"import Foundation", "import LazySeq", "import LazySeqSignals"}
        own.update(line.strip() for line in block.splitlines() if line.startswith("import "))
        rest = [line for line in block.splitlines() if not line.startswith("import ")]
        with open(os.path.join(os.path.dirname(target), f"standalone-{number:03}.swift"), "w") as out:
            out.write("\n".join(sorted(own)) + "\n\n" + "\n".join(rest) + "\n")
        continue
    lines = []
    for line in block.splitlines():
        if line.startswith("import "):
            imports.add(line.strip())
        else:
            lines.append("  " + line)
    body.append(f'print("--- example {number}")\ndo {{\n' + "\n".join(lines) + "\n}")
open(target, "w").write("\n".join(sorted(imports)) + "\n\n" + "\n".join(body) + "\n")
PY
  echo "==> $file"
  if ! swiftc -swift-version 6 -g -Onone -module-name Examples -I "$modules" \
    "$work/main.swift" "${objects[@]}" -o "$work/examples"; then
    failed+=("$file (compile)")
    continue
  fi
  if ! "$work/examples" > "$work/output.txt" 2>&1; then
    cat "$work/output.txt"
    failed+=("$file (run)")
    continue
  fi
  for standalone in "$work"/standalone-*.swift; do
    [ -f "$standalone" ] || continue
    example="$file, program $(basename "$standalone" .swift | sed 's/standalone-0*//')"
    if ! swiftc -swift-version 6 -g -Onone -module-name Examples -I "$modules" \
      "$standalone" "${objects[@]}" -o "$work/standalone"; then
      failed+=("$example (compile)")
    elif ! "$work/standalone" > "$work/output.txt" 2>&1; then
      cat "$work/output.txt"
      failed+=("$example (run)")
    fi
  done
  checked=$((checked + 1))
done

echo
echo "examples OK in $checked file(s)"
if [ "${#skipped[@]}" -gt 0 ]; then
  printf 'skipped (pending, run with RUN_PENDING=1): %s\n' "${skipped[@]}"
fi
if [ "${#failed[@]}" -gt 0 ]; then
  printf 'FAILED: %s\n' "${failed[@]}" >&2
  exit 1
fi
