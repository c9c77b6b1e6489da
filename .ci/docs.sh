#!/usr/bin/env bash
# Builds the DocC documentation of every module that has a catalog
# (Sources/<Module>/<Module>.docc) with warnings as errors, from symbol graphs
# dumped by SwiftPM (no swift-docc-plugin dependency). Output: .docc-build/
# (gitignored): <Module>.doccarchive for each module.
#
# Then checks that every public symbol declared in a module's sources is
# curated in a `## Topics` section of its catalog (needs python3; skipped
# with a notice without it). The check fails the script for the modules in
# CURATION_STRICT (default: both modules, "LazySeq LazySeqSignals"); for any
# other module it lists the uncurated symbols as a notice.
#
#   .ci/docs.sh              # every module with a catalog
#   .ci/docs.sh LazySeq      # only the named modules
#
# Fails (non-zero) on any docc warning, a missing catalog for a named module,
# or an uncurated symbol.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

docc="${DOCC:-}"
if [ -z "$docc" ]; then
  docc="$(command -v docc || true)"
fi
if [ -z "$docc" ] && command -v xcrun > /dev/null; then
  docc="$(xcrun --find docc 2> /dev/null || true)"
fi
if [ -z "$docc" ]; then
  for candidate in /opt/swift/usr/bin/docc "$(dirname "$(command -v swift)")/docc"; do
    if [ -x "$candidate" ]; then docc="$candidate"; break; fi
  done
fi
[ -n "$docc" ] || { echo "error: docc not found (set DOCC=/path/to/docc)" >&2; exit 1; }

if [ "$#" -gt 0 ]; then
  modules=("$@")
else
  modules=()
  for catalog in Sources/*/*.docc; do
    [ -d "$catalog" ] || continue
    modules+=("$(basename "$(dirname "$catalog")")")
  done
fi
[ "${#modules[@]}" -gt 0 ] || { echo "error: no DocC catalog under Sources/" >&2; exit 1; }

out="$root/.docc-build"
rm -rf "$out"
mkdir -p "$out"

echo "==> swift package dump-symbol-graph"
# Stale graphs must not hide a failure: start from an empty directory.
rm -rf .build/*/symbolgraph
# SwiftPM also tries its synthesized test-runner modules (<Package>PackageTests,
# ...DiscoveredTests), which fail to load unless the tests were built, and then
# exits non-zero. That is harmless: what matters is that every documented
# module's graph was written, which is checked below.
if ! swift package dump-symbol-graph --minimum-access-level public --emit-extension-block-symbols \
  > "$out/dump-symbol-graph.log" 2>&1; then
  echo "(dump-symbol-graph exited non-zero; see .docc-build/dump-symbol-graph.log)"
fi
graphs="$(sed -n 's/^Files written to //p' "$out/dump-symbol-graph.log" | tail -n 1)"
[ -d "$graphs" ] || { cat "$out/dump-symbol-graph.log" >&2; echo "error: no symbol graph directory" >&2; exit 1; }
for module in "${modules[@]}"; do
  if [ ! -f "$graphs/$module.symbols.json" ]; then
    cat "$out/dump-symbol-graph.log" >&2
    echo "error: no symbol graph for $module" >&2
    exit 1
  fi
done

status=0
for module in "${modules[@]}"; do
  catalog="Sources/$module/$module.docc"
  if [ ! -d "$catalog" ]; then
    echo "error: $catalog does not exist" >&2
    status=1
    continue
  fi
  symbols="$out/symbol-graphs/$module"
  mkdir -p "$symbols"
  cp "$graphs/$module.symbols.json" "$symbols/"
  for extension in "$graphs/$module"@*.symbols.json; do
    [ -e "$extension" ] && cp "$extension" "$symbols/"
  done

  echo "==> docc convert $catalog"
  archive="$out/$module.doccarchive"
  if ! "$docc" convert "$catalog" \
    --additional-symbol-graph-dir "$symbols" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.lazyseq.$module" \
    --output-path "$archive" \
    --warnings-as-errors; then
    echo "error: docc reported problems in $module (see above)" >&2
    status=1
    continue
  fi

  if ! command -v python3 > /dev/null; then
    echo "notice: python3 not found; curation check skipped for $module"
    continue
  fi
  echo "==> curation check $module"
  strict=0
  for name in ${CURATION_STRICT-LazySeq LazySeqSignals}; do [ "$name" = "$module" ] && strict=1; done
  python3 - "$module" "$symbols" "$archive" "$strict" <<'PY' || status=1
import glob, json, os, sys

module, symbols, archive, strict = sys.argv[1:5]
own = {}
for path in glob.glob(os.path.join(symbols, "*.symbols.json")):
    for symbol in json.load(open(path))["symbols"]:
        uri = symbol.get("location", {}).get("uri", "")
        if f"/Sources/{module}/" in uri and symbol["kind"]["identifier"] != "swift.extension":
            own[symbol["identifier"]["precise"]] = "/".join(symbol["pathComponents"])
curated, pages = set(), {}
for path in glob.glob(os.path.join(archive, "data", "documentation", "**", "*.json"), recursive=True):
    page = json.load(open(path))
    usr = page.get("metadata", {}).get("externalID")
    if usr:
        pages[usr] = page["identifier"]["url"]
    for section in page.get("topicSections", []):
        if not section.get("generated"):
            curated.update(section.get("identifiers", []))
missing = sorted(name for usr, name in own.items() if usr not in pages or pages[usr] not in curated)
if missing:
    kind = "error" if strict == "1" else "notice (not in CURATION_STRICT)"
    print(f"{kind}: {len(missing)} public symbol(s) of {module} not curated in a ## Topics section:")
    for name in missing:
        print(f"  {name}")
    sys.exit(1 if strict == "1" else 0)
print(f"all {len(own)} public symbols of {module} are curated")
PY
done

if [ "$status" -eq 0 ]; then
  echo "docs OK: ${modules[*]} -> .docc-build/"
fi
exit "$status"
