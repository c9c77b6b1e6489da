// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeq

extension Tour {
  /// Infinite sequences, bounded by take.
  static func infinite() {
    chapter("Infinite sequences")
    let naturals = Seq.iterate(1) { $0 + 1 }
    show("let naturals = Seq.iterate(1) { $0 + 1 }", naturals)
    show("naturals.take(10)", naturals.take(10).array)
    show("naturals.filter { $0 % 7 == 0 }.take(3)", naturals.filter { $0 % 7 == 0 }.take(3).array)
    show("naturals.take(while: { $0 * $0 < 50 })", naturals.take(while: { $0 * $0 < 50 }).array)
    show("naturals.skip(1_000).head", naturals.skip(1_000).head!)

    print()
    say("Fibonacci: iterate on pairs, keep the first of each.")
    let fibonacci = Seq<(Int, Int)>.iterate((0, 1)) { ($0.1, $0.0 + $0.1) }.map(\.0)
    show("fibonacci.take(12)", fibonacci.take(12).array)

    print()
    say("Primes by trial division; all(_:) stops at the first divisor.")
    let primes = naturals.skip(1).filter { n in
      Seq(2...n).take(while: { $0 * $0 <= n }).all { n % $0 != 0 }
    }
    show("primes.take(10)", primes.take(10).array)

    print()
    let letters = Seq(["a", "b", "c"])
    let labelled = letters.zip(with: naturals).map { "\($0)\($1)" }
    show("letters.zip(with: naturals)", labelled.array)
    show(
      "Seq<Int>.zip([naturals, naturals.map { $0 * 10 }]).take(3)",
      Seq<Int>.zip([naturals, naturals.map { $0 * 10 }]).take(3).array)
    show("naturals.scan(start: 0, reduce: +).take(5)", naturals.scan(start: 0, reduce: +).take(5).array)
    show("(Seq([0]) + naturals).take(3)", (Seq([0]) + naturals).take(3).array)
    show(
      "naturals.flatMap { Seq.repeating($0, count: $0) }.take(6)",
      naturals.flatMap { Seq.repeating($0, count: $0) }.take(6).array)
  }
}
