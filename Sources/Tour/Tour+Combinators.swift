// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeq

extension Tour {
  /// LazyList's combinators: grouping, sliding, partitioning, both ends.
  static func combinators() {
    chapter("Combinators")
    say("Scala LazyList's vocabulary, lazy and memoized; fine on infinite sequences.")
    let naturals = Seq.iterate(1) { $0 + 1 }
    show("let naturals = Seq.iterate(1) { $0 + 1 }", naturals)
    show("Seq(1...7).chunks(ofCount: 3)", Seq(1...7).chunks(ofCount: 3).array)
    show("naturals.windows(ofCount: 3).take(2)", naturals.windows(ofCount: 3).take(2).array)
    show(
      "naturals.windows(ofCount: 3, step: 2).take(2)", naturals.windows(ofCount: 3, step: 2).take(2).array)
    say("A window is a Seq.Window: a view of a buffer its neighbours share (no copy), indexed from 0.")
    show(
      "naturals.windows(ofCount: 2).map { $0[1] * $0[0] }.take(3)",
      naturals.windows(ofCount: 2).map { $0[1] * $0[0] }.take(3).array)
    show(
      "Seq([\"a\", \"b\"]).enumerated()",
      Seq(["a", "b"]).enumerated().array.map { "\($0.offset):\($0.element)" })
    show(
      "Seq([1, 2, 3]).zipLongest(with: Seq([10]))",
      Seq([1, 2, 3]).zipLongest(with: Seq([10])).array.map { "(\($0 ?? 0), \($1 ?? 0))" })
    show("Seq([1, 2, 3]).interspersed(with: 0)", Seq([1, 2, 3]).interspersed(with: 0).array)
    show("Seq([3, 1, 3, 2, 1]).uniqued()", Seq([3, 1, 3, 2, 1]).uniqued().array)
    show("naturals.dropLast(3).take(4)", naturals.dropLast(3).take(4).array)
    show("Seq(1...10).takeLast(3)", Seq(1...10).takeLast(3).array)
    show("Seq([1, 2]).cycled(times: 3)", Seq([1, 2]).cycled(times: 3).array)

    print()
    say("partitioned(by:): two lazy sides, one evaluation; the predicate runs once per element.")
    var tested = 0
    let (odd, even) = naturals.take(10).partitioned(by: { value in
      tested += 1
      return value.isMultiple(of: 2)
    })
    show("even", even.array)
    show("odd", odd.array)
    show("predicate calls", tested)
  }
}
