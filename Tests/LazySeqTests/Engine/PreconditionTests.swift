// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Bad input stops the process with a precondition failure and a clear
// message: a negative count given to `take` or `skip`, and a block that
// re-enters the evaluation of its own sequence (which must fail, never
// deadlock). Checked with Swift Testing exit tests, which run the body in a
// child process and observe its exit status and standard error.
//
// The exact wording of the messages is the implementation's choice; the tests
// check that standard error names the problem in a few likely words (in debug
// builds only: optimized builds drop precondition messages).

import Foundation
import LazySeq
import LazySeqTestSupport
import Testing

/// Holds a sequence so that its own blocks can refer to it.
private final class SeqBox {
  var seq: Seq<Int> = .empty
}

/// Whether `bytes` (a process's standard error) contains any of `words`,
/// ignoring case. Optimized builds do not print precondition messages, so
/// there the message is not checked.
private func mentions(_ bytes: [UInt8], anyOf words: [String]) -> Bool {
  #if DEBUG
    let text = String(decoding: bytes, as: UTF8.self).lowercased()
    return words.contains { text.contains($0) }
  #else
    return true
  #endif
}

@Suite("Precondition failures")
struct PreconditionTests {
  @Test("take with a negative count is a precondition failure")
  func negativeTake() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Seq([1, 2, 3]).take(-1)
    }
    if let result {
      #expect(
        mentions(result.standardErrorContent, anyOf: ["negative", "take", "count", ">= 0", "-1"]),
        "\(String(decoding: result.standardErrorContent, as: UTF8.self))")
    }
  }

  @Test("skip with a negative count is a precondition failure")
  func negativeSkip() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Seq([1, 2, 3]).skip(-2)
    }
    if let result {
      #expect(
        mentions(result.standardErrorContent, anyOf: ["negative", "skip", "count", ">= 0", "-2"]),
        "\(String(decoding: result.standardErrorContent, as: UTF8.self))")
    }
  }

  @Test("a negative count fails at call time, also on lazy and infinite sequences")
  func negativeTakeOnInfinite() async {
    await #expect(processExitsWith: .failure) {
      _ = Seq.iterate(0) { $0 + 1 }.take(-1)
    }
    await #expect(processExitsWith: .failure) {
      _ = Seq.iterate(0) { $0 + 1 }.map { $0 }.skip(-1)
    }
  }

  @Test("bad counts given to the combinators are precondition failures")
  func combinatorCounts() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Seq([1, 2, 3]).chunks(ofCount: 0)
    }
    if let result {
      #expect(
        mentions(result.standardErrorContent, anyOf: ["chunks", "at least 1"]),
        "\(String(decoding: result.standardErrorContent, as: UTF8.self))")
    }
    await #expect(processExitsWith: .failure) { _ = Seq.iterate(0) { $0 + 1 }.windows(ofCount: 0) }
    let step = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Seq([1, 2, 3]).windows(ofCount: 2, step: 0)
    }
    if let step {
      #expect(
        mentions(
          step.standardErrorContent, anyOf: ["seq.windows(ofcount:step:): the step must be at least 1, got 0"]
        ),
        "\(String(decoding: step.standardErrorContent, as: UTF8.self))")
    }
    await #expect(processExitsWith: .failure) { _ = Seq([1]).dropLast(-1) }
    await #expect(processExitsWith: .failure) { _ = Seq([1]).takeLast(-1) }
    await #expect(processExitsWith: .failure) { _ = Seq([1]).cycled(times: -1) }
  }

  @Test("evaluatingAhead with a count below 1 is a precondition failure")
  func evaluatingAheadCount() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Seq([1, 2, 3]).evaluatingAhead(0)
    }
    if let result {
      #expect(
        mentions(result.standardErrorContent, anyOf: ["evaluatingahead(_:)"]),
        "\(String(decoding: result.standardErrorContent, as: UTF8.self))")
    }
    await #expect(processExitsWith: .failure) { _ = Seq.iterate(0) { $0 + 1 }.evaluatingAhead(-5) }
  }

  @Test("a head block that forces its own head fails instead of deadlocking", .timeLimit(.minutes(1)))
  func reentrantHead() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let box = SeqBox()
      box.seq = Seq(head: { (box.seq.head ?? 0) + 1 })
      _ = box.seq.head
    }
    if let result {
      #expect(
        mentions(
          result.standardErrorContent, anyOf: ["reentr", "re-entr", "recurs", "cycl", "itself", "own"]),
        "\(String(decoding: result.standardErrorContent, as: UTF8.self))")
    }
  }

  @Test("a map block that forces its own result fails instead of deadlocking", .timeLimit(.minutes(1)))
  func reentrantOperator() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let box = SeqBox()
      box.seq = Seq([1, 2, 3]).map { x in x + (box.seq.head ?? 0) }
      _ = box.seq.array
    }
    if let result {
      #expect(
        mentions(result.standardErrorContent, anyOf: ["re-entrant evaluation of a lazy sequence"]),
        "\(String(decoding: result.standardErrorContent, as: UTF8.self))")
    }
  }

  @Test(
    "a filter block that forces a later element of its own result fails, on a secondary thread",
    .timeLimit(.minutes(1)))
  func reentrantOperatorOnThread() async {
    await #expect(processExitsWith: .failure) {
      let thread = Thread {
        let box = SeqBox()
        box.seq = Seq(0..<100).filter { x in x < 5 || box.seq.skip(x).head != nil }
        _ = box.seq.array
      }
      thread.start()
      while true { sleep(1) }
    }
  }
}
