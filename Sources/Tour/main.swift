// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// `swift run Tour`: a guided, printed walk through LazySeq. Each chapter
// lives in its own file, `Tour+<Chapter>.swift`; the output is deterministic.

print("LazySeq tour")
print("Every line shows a piece of code, then what it printed.")

Tour.sequences()
Tour.laziness()
Tour.kinds()
Tour.infinite()
Tour.combinators()
Tour.folds()
Tour.equality()
Tour.signals()
Tour.commands()
await Tour.conversions()
await Tour.virtualTime()

print()
print("End of the tour. Guides: Docs/README.md")
