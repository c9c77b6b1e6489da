// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Foundation
import LazySeq

extension Tour {
  /// Every way to make a sequence.
  static func kinds() {
    chapter("Kinds of sequence")
    show("Seq<Int>.empty", Seq<Int>.empty)
    show("Seq<Int>()", Seq<Int>())
    show("Seq.just(42)", Seq.just(42))
    show("Seq([1, 2, 3])", Seq([1, 2, 3]))
    let literal: Seq<Int> = [4, 5, 6]
    show("let literal: Seq<Int> = [4, 5, 6]", literal)
    show("(1..<4).seq", (1..<4).seq)

    print()
    say("A collection is snapshotted: later changes to it are not seen.")
    var source = [1, 2, 3]
    let snapshot = source.seq
    source.append(4)
    show("snapshot after source.append(4)", snapshot)

    print()
    say("A single-pass source is pulled one element per demand and memoized.")
    let pulls = Counter()
    var next = 0
    let iterator = AnyIterator<Int> {
      next += 1
      return pulls.tick(next <= 3 ? next : nil)
    }
    let once = Seq(IteratorSequence(iterator))
    show("once.head", once.head!)
    show("pulls", pulls.calls)
    show("once.array", once.array)
    show("once.array again", once.array)
    show("pulls (3 values and the end)", pulls.calls)

    print()
    say("Strings are walked by grapheme cluster, the same way everywhere.")
    let flags = "🇫🇷🇯🇵é!".seq
    show("\"🇫🇷🇯🇵é!\".seq.array", flags.array)
    show("head, tail", "\(flags.head!), \(flags.tail.array)")

    print()
    show("Seq(tuple: (1, 2, 3))", Seq(tuple: (1, 2, 3)))
    show("Seq<Any>(tuple: (1, \"two\", 3.0))", Seq<Any>(tuple: (1, "two", 3.0)))

    print()
    var indexes = IndexSet(0..<3)
    indexes.insert(integersIn: 1_000_000..<1_000_000_000)
    let fromIndexSet = indexes.seq
    show("IndexSet {0..<3, 1_000_000..<1_000_000_000}.seq.take(5)", fromIndexSet.take(5).array)
    say("Walked range by range: nearly a billion integers, memory for two ranges.")

    print()
    say("A dynamic sequence: a closure for the head, one for the tail, each run at most once.")
    let heads = Counter()
    func countdown(from n: Int) -> Seq<Int> {
      Seq(head: { heads.tick(n > 0 ? n : nil) }, tail: { countdown(from: n - 1) })
    }
    let rocket = countdown(from: 3)
    show("head calls after countdown(from: 3)", heads.calls)
    show("rocket.array", rocket.array)
    show("rocket.array again; head calls (3, 2, 1, end)", (rocket.array, heads.calls))

    print()
    say("Generated sequences.")
    show("Seq.iterate(1) { $0 * 3 }.take(5)", Seq.iterate(1) { $0 * 3 }.take(5).array)
    let digits = Seq<Int>.unfold(2_026) { n in
      guard n > 0 else { return nil }
      defer { n /= 10 }
      return n % 10
    }
    show("Seq<Int>.unfold(2_026) { next digit }", digits.array)
    show("Seq.repeating(\"ho\", count: 3)", Seq.repeating("ho", count: 3).array)
    show("Seq.repeating(7).take(4)", Seq.repeating(7).take(4).array)
    show("Seq([\"tick\", \"tock\"]).cycled().take(5)", Seq(["tick", "tock"]).cycled().take(5).array)
  }
}
