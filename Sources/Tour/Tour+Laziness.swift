// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeq

extension Tour {
  /// Laziness and memoization, made visible by counting closure calls.
  static func laziness() {
    chapter("Laziness and memoization, counted")
    let squares = Counter()
    let evens = Counter()
    let source = Seq(1...1_000_000)
    let pipeline =
      source
      .map { squares.tick($0 * $0) }
      .filter { evens.tick($0.isMultiple(of: 2)) }
    show("calls after building the pipeline (map, filter)", (squares.calls, evens.calls))
    show("pipeline.head", pipeline.head!)
    show("calls after .head", (squares.calls, evens.calls))
    say("Finding the first even square looked at 1 and 4 only.")
    show("pipeline.take(3).array", pipeline.take(3).array)
    show("calls after take(3)", (squares.calls, evens.calls))
    show("pipeline.take(3).array again", pipeline.take(3).array)
    show("calls after walking it again", (squares.calls, evens.calls))
    say("Memoized: the second walk ran no closure at all.")
    show("pipeline", pipeline)
    show("pipeline.take(2) (a new lazy sequence)", pipeline.take(2))

    print()
    say("take(n) never evaluates element n + 1 of its source.")
    let pulled = Counter()
    let naturals = Seq.iterate(1) { pulled.tick($0 + 1) }
    show("let naturals = Seq.iterate(1) { pulled.tick($0 + 1) }", naturals)
    show("naturals.take(5).array", naturals.take(5).array)
    show("next calls (the seed, then 4 calls)", pulled.calls)

    print()
    say("An eager sequence evaluates its operators at call time (RAC's eager sequences).")
    let doubled = Counter()
    let eager = Seq([1, 2, 3]).eager.map { doubled.tick($0 * 2) }
    show("calls right after .eager.map", doubled.calls)
    show("eager", eager)
    show("eager.isEager", eager.isEager)
    let lazyAgain = eager.lazy.map { doubled.tick($0 + 1) }
    show("calls right after .lazy.map", doubled.calls)
    show("lazyAgain.array", lazyAgain.array)
    show("calls", doubled.calls)
  }
}
