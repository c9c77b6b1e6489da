// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeq

extension Tour {
  /// Equality, hashing and descriptions.
  static func equality() {
    chapter("Equality and descriptions")
    let fromArray = Seq([1, 2, 3])
    let generated = Seq.iterate(1) { $0 + 1 }.take(3)
    func dynamic(_ n: Int) -> Seq<Int> {
      Seq(head: { n <= 3 ? n : nil }, tail: { dynamic(n + 1) })
    }
    show("Seq([1, 2, 3]) == Seq.iterate(1) { $0 + 1 }.take(3)", fromArray == generated)
    show("Seq([1, 2, 3]) == dynamic(1)", fromArray == dynamic(1))
    show("dynamic(1) == Seq([1, 2, 3])", dynamic(1) == fromArray)
    show("Seq([1, 2, 3]) == Seq([1, 2])", fromArray == Seq([1, 2]))
    show("Set([fromArray, generated, dynamic(1)]).count", Set([fromArray, generated, dynamic(1)]).count)
    say("Equality stops at the first difference, even against an infinite sequence:")
    show("Seq([1, 2, 9]) == Seq.iterate(1) { $0 + 1 }", Seq([1, 2, 9]) == Seq.iterate(1) { $0 + 1 })

    print()
    say("description shows what is evaluated and never evaluates more.")
    let squares = Seq.iterate(1) { $0 + 1 }.map { $0 * $0 }
    show("squares", squares)
    _ = squares.take(3).array
    show("squares after take(3).array", squares)
    show("String(reflecting: squares)", String(reflecting: squares))
    show("Seq(1...3)", Seq(1...3))
    show("Seq.repeating(0)", Seq.repeating(0))
  }
}
