# Sourced by Playgrounds/run.sh and .ci/doc-examples.sh: builds the package
# (incrementally) and sets `modules` (the directory of the built
# .swiftmodule files) and `objects` (the object files of LazySeq and
# LazySeqSignals), so a single-file program can be compiled against them
# with `swiftc -I "$modules" main.swift "${objects[@]}"`.
#
# LAZYSEQ_SCRATCH_PATH, if set, builds in that scratch path instead of the
# default .build (`--scratch-path`), so a separate build's modules can be used.
scratch=()
if [ -n "${LAZYSEQ_SCRATCH_PATH:-}" ]; then
  scratch=(--scratch-path "$LAZYSEQ_SCRATCH_PATH")
fi
# (`${scratch[@]+…}`: an empty array is "unbound" to `set -u` in bash < 4.4.)
echo "==> swift build ${scratch[*]+${scratch[*]}}"
swift build ${scratch[@]+"${scratch[@]}"}
bin="$(swift build ${scratch[@]+"${scratch[@]}"} --show-bin-path)"
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"  # older toolchains put .swiftmodule files in the bin dir
objects=()
# The objects of the current sources only (from the build's output file map):
# objects of files since deleted or renamed may linger in an incremental build.
for target in LazySeq LazySeqSignals; do
  while IFS= read -r object; do objects+=("$object"); done < <(python3 - "$bin/$target.build/output-file-map.json" <<'PY'
import json, sys
for source, outputs in json.load(open(sys.argv[1])).items():
    if source and "object" in outputs:
        print(outputs["object"])
PY
)
done
