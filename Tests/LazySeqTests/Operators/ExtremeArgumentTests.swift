// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Every count parameter of `Seq`, called with the counts of `extremeCounts`
// (-1, 0, 1, 1 << 40, 1 << 62, Int.max - 1, Int.max) over several kinds of
// sequence. A count the operator accepts gives the right answer at once,
// however large (nothing is allocated or walked from a count alone); a count
// it rejects stops the program with a message that names the operator. Each
// case runs in a child process (an exit test), so that a crash or a hang
// names its case.
//
// `.ci/argument-sweep.py` fails CI when a public member of `Seq` with an
// `Int` parameter has no row in `sweeps` below (the API and the parameter,
// as written there). The `Signal` rows are in
// Tests/LazySeqSignalsTests/Contracts/ExtremeArgumentTests.swift.

import Foundation
import LazySeq
import LazySeqTestSupport
import Testing

/// The elements of every finite source.
private let elements = [1, 2, 3, 4, 5]

/// `elements` as each kind of finite sequence, made afresh: an array, a
/// range (whose positions are known, so `skip` moves by index), an iterator
/// read once (a memo), a chain of dynamic nodes, a generated sequence, and an
/// iterator read in batches (`evaluatingAhead`: the operators' batch paths).
private func finiteSources() -> [(kind: String, seq: Seq<Int>)] {
  [
    ("an array", Seq(elements)),
    ("a range", Seq(1...5)),
    ("an iterator", Seq(AnyIterator(elements.makeIterator()))),
    ("dynamic nodes", dynamicSeq(elements)),
    ("Seq.iterate taken while", Seq.iterate(1) { $0 + 1 }.take(while: { $0 <= 5 })),
    ("an iterator evaluated ahead", Seq(AnyIterator(elements.makeIterator())).evaluatingAhead(3)),
  ]
}

/// The positive integers, 1, 2, 3, …, generated on demand; `generated`
/// counts the elements generated after the first.
private func naturals(_ generated: CallCounter) -> Seq<Int> {
  Seq.iterate(1) { number in
    generated.increment()
    return number + 1
  }
}

/// One count parameter of one `Seq` API and the check of a call with a
/// count, which runs in a child process.
private struct Sweep: Sendable {
  /// The API as its precondition message names it: `Seq.take(_:)`.
  let api: String
  /// The parameter swept, by its name in the declaration.
  let parameter: String
  /// The smallest count the API's precondition accepts.
  let minimum: Int
  /// Calls the API with the case's count and stops the process
  /// (`require`) on a wrong answer. With a rejected count, the API's
  /// precondition must stop it first: call the API before computing the
  /// expected answer.
  let check: @Sendable (ExtremeCase) -> Void

  init(
    _ api: String, parameter: String, minimum: Int, check: @escaping @Sendable (ExtremeCase) -> Void
  ) {
    self.api = api
    self.parameter = parameter
    self.minimum = minimum
    self.check = check
  }

  var cases: [ExtremeCase] {
    extremeCounts.map { count in
      ExtremeCase(api: api, parameter: parameter, argument: .count(count), isRejected: count < minimum)
    }
  }
}

/// Every count parameter of `Seq`, operators and evaluation policies alike.
private let sweeps: [Sweep] = [
  Sweep("Seq.take(_:)", parameter: "count", minimum: 0) { c in
    let n = c.count
    for (kind, seq) in finiteSources() {
      require(seq.take(n).array == Array(elements.prefix(n)), c, "over \(kind)")
    }
    let generated = CallCounter()
    let taken = naturals(generated).take(n).take(7).array
    require(taken == Array((1...7).prefix(n)), c, "over Seq.iterate: \(taken)")
    require(generated.count <= 6, c, "Seq.iterate generated \(generated.count) elements for 7")
  },
  Sweep("Seq.skip(_:)", parameter: "count", minimum: 0) { c in
    let n = c.count
    for (kind, seq) in finiteSources() {
      require(seq.skip(n).array == Array(elements.dropFirst(n)), c, "over \(kind)")
    }
    // By index over a range of Int.max elements.
    let head = Seq(0..<Int.max).skip(n).head
    require(head == (0..<Int.max).dropFirst(n).first, c, "over 0..<Int.max: \(head as Any)")
    // Lazy over an infinite sequence: nothing is generated before use.
    let generated = CallCounter()
    let skipped = naturals(generated).skip(n)
    require(generated.count == 0, c, "Seq.iterate generated \(generated.count) elements before use")
    if n <= 5 { require(skipped.head == n + 1, c, "over Seq.iterate: \(skipped.head as Any)") }
  },
  Sweep("Seq.dropLast(_:)", parameter: "count", minimum: 0) { c in
    let n = c.count
    for (kind, seq) in finiteSources() {
      require(seq.dropLast(n).array == Array(elements.dropLast(n)), c, "over \(kind)")
    }
    let generated = CallCounter()
    let dropped = naturals(generated).dropLast(n)
    require(generated.count == 0, c, "Seq.iterate generated \(generated.count) elements before use")
    if n <= 5 { require(dropped.take(3).array == [1, 2, 3], c, "over Seq.iterate") }
  },
  Sweep("Seq.takeLast(_:)", parameter: "count", minimum: 0) { c in
    let n = c.count
    for (kind, seq) in finiteSources() {
      require(seq.takeLast(n).array == Array(elements.suffix(n)), c, "over \(kind)")
    }
    let generated = CallCounter()
    _ = naturals(generated).takeLast(n)
    require(generated.count == 0, c, "Seq.iterate generated \(generated.count) elements before use")
  },
  Sweep("Seq.chunks(ofCount:)", parameter: "count", minimum: 1) { c in
    let n = c.count
    for (kind, seq) in finiteSources() {
      require(
        seq.chunks(ofCount: n).array.map(Array.init) == referenceChunks(elements, count: n), c, "over \(kind)"
      )
    }
    let generated = CallCounter()
    let chunks = naturals(generated).chunks(ofCount: n)
    require(generated.count == 0, c, "Seq.iterate generated \(generated.count) elements before use")
    if n <= 5 {
      require(chunks.head.map(Array.init) == Array(1...n), c, "over Seq.iterate: \(chunks.head as Any)")
    }
  },
  Sweep("Seq.windows(ofCount:step:)", parameter: "count", minimum: 1) { c in
    let n = c.count
    for (kind, seq) in finiteSources() {
      require(
        seq.windows(ofCount: n).array.map(Array.init) == referenceWindows(elements, count: n, step: 1), c,
        "over \(kind)")
    }
    let generated = CallCounter()
    let windows = naturals(generated).windows(ofCount: n)
    require(generated.count == 0, c, "Seq.iterate generated \(generated.count) elements before use")
    if n <= 5 {
      require(windows.head.map(Array.init) == Array(1...n), c, "over Seq.iterate: \(windows.head as Any)")
    }
  },
  Sweep("Seq.windows(ofCount:step:)", parameter: "step", minimum: 1) { c in
    let n = c.count
    for (kind, seq) in finiteSources() {
      require(
        seq.windows(ofCount: 2, step: n).array.map(Array.init)
          == referenceWindows(elements, count: 2, step: n), c,
        "over \(kind)")
    }
    // The first window needs no step.
    let generated = CallCounter()
    let windows = naturals(generated).windows(ofCount: 2, step: n)
    require(windows.head == [1, 2], c, "over Seq.iterate: \(windows.head as Any)")
    require(generated.count == 1, c, "Seq.iterate generated \(generated.count) elements for the first window")
  },
  Sweep("Seq.cycled(times:)", parameter: "times", minimum: 0) { c in
    let n = c.count
    for (kind, seq) in finiteSources() {
      let cycled = seq.cycled(times: n).take(12).array
      require(cycled == Array(repeatElement(elements, count: n).joined().prefix(12)), c, "over \(kind)")
    }
    // An empty sequence repeated is empty at once, however many times.
    require(Seq<Int>.empty.cycled(times: n).isEmpty, c, "over an empty sequence")
    require(Seq(AnyIterator<Int> { nil }).cycled(times: n).isEmpty, c, "over an empty iterator")
    let generated = CallCounter()
    let cycled = naturals(generated).cycled(times: n).take(3).array
    require(cycled == (n == 0 ? [] : [1, 2, 3]), c, "over Seq.iterate: \(cycled)")
  },
  Sweep("Seq.repeating(_:count:)", parameter: "count", minimum: 0) { c in
    let n = c.count
    let repeated = Seq.repeating(7, count: n)
    let expected = repeatElement(7, count: n)
    require(repeated.take(3).array == Array(expected.prefix(3)), c, "the first three")
    require(repeated.isEmpty == expected.isEmpty, c, "isEmpty")
    // `skip` moves by index: the last element at once.
    require(repeated.skip(max(n - 1, 0)).array == Array(expected.suffix(1)), c, "the last")
    require(repeated.skip(n).isEmpty, c, "past the end")
  },
  Sweep(
    "Seq.evaluatingAhead(_:)", parameter: "count", minimum: 1
  ) { c in
    let n = c.count
    for (kind, seq) in finiteSources() {
      require(seq.evaluatingAhead(n).map { $0 * 10 }.array == elements.map { $0 * 10 }, c, "over \(kind)")
    }
    // The first demand evaluates up to `n` elements, all five here.
    var calls = 0
    let mapped = Seq(AnyIterator(elements.makeIterator())).evaluatingAhead(n).map { element in
      calls += 1
      return element
    }
    require(mapped.head == 1, c, "the head")
    require(calls == min(n, elements.count), c, "the first demand evaluated \(calls) elements")
    let generated = CallCounter()
    let ahead = naturals(generated).evaluatingAhead(n).map { $0 }.take(3).array
    require(ahead == [1, 2, 3], c, "over Seq.iterate: \(ahead)")
  },
]

/// The cases of one table, one per parameter and count.
private let cases = sweeps.flatMap(\.cases)

/// The row of `extremeCase`.
private func sweep(of extremeCase: ExtremeCase) -> Sweep {
  guard
    let sweep = sweeps.first(where: { $0.api == extremeCase.api && $0.parameter == extremeCase.parameter })
  else { preconditionFailure("no sweep for \(extremeCase.testDescription)") }
  return sweep
}

/// Runs the check of `extremeCase` (in its child process).
private func run(_ extremeCase: ExtremeCase) async {
  let sweep = sweep(of: extremeCase)
  await runExtremeCase(extremeCase) { sweep.check(extremeCase) }
}

/// Expects the child process of `extremeCase`, an accepted count, to give
/// the right answer; if it does not, runs it again to report what it wrote.
private func expectSuccess(_ extremeCase: ExtremeCase) async {
  let result = await #expect(processExitsWith: .success) { [extremeCase] in
    await run(extremeCase)
  }
  if result == nil {
    let failure = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      [extremeCase] in
      await run(extremeCase)
    }
    reportFailure(failure, extremeCase)
  }
}

/// Each count parameter of `Seq` called with extreme counts, each in a child
/// process (see the top of this file).
@Suite("Extreme arguments of Seq")
struct ExtremeArgumentTests {
  @Test("An accepted count gives the right answer at once", arguments: cases.filter { !$0.isRejected })
  func acceptedCount(_ extremeCase: ExtremeCase) async {
    await expectSuccess(extremeCase)
  }

  @Test(
    "A rejected count stops the program with a message naming the operator",
    arguments: cases.filter(\.isRejected))
  func rejectedCount(_ extremeCase: ExtremeCase) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      [extremeCase] in
      await run(extremeCase)
    }
    expectRejection(result, extremeCase)
  }
}
