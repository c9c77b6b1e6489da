// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeq

extension Tour {
  /// RAC's collection-transform example, and head/tail.
  static func sequences() {
    chapter("Sequences: a lazy list you can pull from")
    say("ReactiveCocoa's README: keep the strings of length 2 or more, append \"foobar\".")
    let strings: Seq<String> = ["A", "BB", "CCC", "D", "EE"]
    let results =
      strings
      .filter { $0.count >= 2 }
      .map { $0 + "foobar" }
    show("results", results)
    show("results.array", results.array)
    show("results", results)
    say("Nothing ran until .array asked; the description never evaluates anything.")

    print()
    say("A Seq is a head and a tail; the tail of the empty sequence is empty, never nil.")
    let numbers: Seq<Int> = [1, 2, 3]
    show("numbers.head", numbers.head as Any)
    show("numbers.tail", numbers.tail)
    show("numbers.tail.tail.tail", numbers.tail.tail.tail)
    show("numbers.tail.tail.tail.tail.isEmpty", numbers.tail.tail.tail.tail.isEmpty)
    if let (head, tail) = numbers.uncons {
      show("numbers.uncons", "(head: \(head), tail: \(tail))")
    }
    var walked: [Int] = []
    for number in numbers { walked.append(number) }
    show("for number in numbers", walked)
    show("numbers.reduce(0, +)", numbers.reduce(0, +))
  }
}
