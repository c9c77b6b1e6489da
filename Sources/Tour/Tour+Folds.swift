// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeq

extension Tour {
  /// Left and right folds, any and all.
  static func folds() {
    chapter("Folds")
    let numbers = Seq(1...5)
    show("numbers.foldLeft(start: 0, reduce: +)", numbers.foldLeft(start: 0, reduce: +))
    show(
      "numbers.foldLeft(start: \"\") { \"(\\($0) \\($1))\" }",
      numbers.foldLeft(start: "") { "(\($0) \($1))" })
    show(
      "numbers.foldRight(start: \"\") { \"(\\($0) \\($1()))\" }",
      numbers.foldRight(start: "") { "(\($0) \($1()))" })

    print()
    say("foldRight is lazy: rest() is the fold of the tail, run only if called.")
    let seen = Counter()
    let naturals = Seq.iterate(1) { $0 + 1 }.map { seen.tick($0) }
    show("let naturals = Seq.iterate(1) { $0 + 1 }.map { seen.tick($0) }", naturals)
    let firstOver10 = naturals.foldRight(start: 0) { x, rest in x * x > 10 ? x : rest() }
    show("first natural whose square is over 10 (infinite source)", firstOver10)
    show("elements evaluated", seen.calls)
    let allPositive = naturals.take(100).foldRight(start: true) { x, rest in x > 0 && rest() }
    show("naturals.take(100) all positive, by foldRight", allPositive)

    print()
    let checked = Counter()
    let values = Seq([2, 4, 5, 6, 8]).map { checked.tick($0) }
    show("values.all { $0.isMultiple(of: 2) }", values.all { $0.isMultiple(of: 2) })
    show("elements evaluated (stops at the first failure)", checked.calls)
    show("values.any { $0 > 5 }", values.any { $0 > 5 })
    show("values.first(where: { $0 > 4 })", values.first(where: { $0 > 4 })!)
    show("values.contains(6)", values.contains(6))
  }
}
