# Sourced by Playgrounds/run.sh and .ci/doc-examples.sh: builds the package
# (incrementally) and sets `modules` (the directory of the built
# .swiftmodule files) and `objects` (the object files of LazySeq and
# LazySeqSignals), so a single-file program can be compiled against them
# with `swiftc -I "$modules" main.swift "${objects[@]}"`.
echo "==> swift build"
swift build
bin="$(swift build --show-bin-path)"
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"  # older toolchains put .swiftmodule files in the bin dir
objects=()
for target in LazySeq LazySeqSignals; do
  while IFS= read -r -d '' object; do objects+=("$object"); done \
    < <(find "$bin/$target.build" -name '*.swift.o' -print0)
done
