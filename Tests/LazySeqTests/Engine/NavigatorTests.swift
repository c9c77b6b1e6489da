// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The walks that never evaluate anything (descriptions, `skip`'s move by
// position, `failure`) go through one navigator: these tests check what it
// passes over, where it stops, and that it runs no closure.

import LazySeq
import LazySeqTestSupport
import Testing

/// A dynamic sequence `first..<end` whose closure runs are counted.
private func counted(_ first: Int, _ end: Int, _ runs: CallCounter) -> Seq<Int> {
  guard first < end else { return Seq() }
  return Seq(
    head: {
      runs.increment()
      return first
    },
    tail: {
      runs.increment()
      return counted(first + 1, end, runs)
    })
}

private struct Broken: Error, Equatable {}

@Suite("Walks that evaluate nothing")
struct NavigatorTests {
  @Test("skip moves over evaluated dynamic nodes by position and runs no closure")
  func skipOverEvaluatedNodes() {
    let runs = CallCounter()
    let seq = counted(0, 5, runs)
    #expect(seq.array == [0, 1, 2, 3, 4])
    let before = runs.count
    let rest = seq.skip(3)
    // Reached by position: the rest is known at once, without a walk.
    #expect(rest.description == "Seq(3, 4)")
    #expect(runs.count == before)
    #expect(seq.skip(5).description == "Seq()")
    #expect(seq.skip(9).array == [])
  }

  @Test("skip stops where the nodes are not evaluated, and evaluates the rest on demand")
  func skipStopsAtUnevaluatedNodes() {
    let runs = CallCounter()
    let seq = counted(0, 6, runs)
    #expect(seq.take(2).array == [0, 1])
    let rest = seq.skip(4)
    #expect(rest.description == "Seq(…)")
    #expect(rest.array == [4, 5])
    // Each closure ran once: 6 heads, 6 tails (the last tail is the empty
    // sequence's).
    #expect(runs.count == 12)
  }

  @Test("descriptions step finite cursors, show an infinite one's first element, and stop at a node cycle")
  func descriptionsOfCursorsAndCycles() {
    #expect(Seq(1...3).description == "Seq(1, 2, 3)")
    #expect(Seq.repeating(7).description == "Seq(7, …)")
    #expect("ab".seq.description == "Seq(a, b)")
    final class Box { var seq = Seq<Int>() }
    let box = Box()
    box.seq = Seq(head: { 1 }, tail: { box.seq })
    #expect(box.seq.take(3).array == [1, 1, 1])
    #expect(box.seq.description == "Seq(1, …)")
  }

  @Test("failure is reported at the positions of a failed sequence, and of one that failed at once")
  func failureAtEveryPosition() {
    var remaining = 2
    let seq = Seq<Int>.failable {
      guard remaining > 0 else { throw Broken() }
      remaining -= 1
      return remaining
    }
    #expect(seq.array == [1, 0])
    #expect(seq.failure as? Broken == Broken())
    #expect(seq.tail.failure as? Broken == Broken())
    #expect(seq.skip(1).failure as? Broken == Broken())
    let failedAtOnce = Seq<Int>.failable { throw Broken() }
    #expect(failedAtOnce.array == [])
    #expect(failedAtOnce.failure as? Broken == Broken())
    #expect(failedAtOnce.description == "Seq()")
    #expect(Seq([1, 2]).failure == nil)
    #expect(Seq<Int>().failure == nil)
  }

  @Test("tail evaluates no memo element, and runs a dynamic sequence's closures once")
  func tailEvaluatesLittle() {
    let mapped = CallCounter()
    let seq = Seq(0..<10).map { value -> Int in
      mapped.increment()
      return value * 2
    }
    let third = seq.tail.tail
    #expect(mapped.count == 0)
    #expect(third.head == 4)
    // A memo evaluates in order: the elements before the third, then it.
    #expect(mapped.count == 3)

    let runs = CallCounter()
    let dynamic = counted(0, 3, runs)
    #expect(dynamic.tail.tail.array == [2])
    #expect(dynamic.tail.array == [1, 2])
    #expect(dynamic.array == [0, 1, 2])
    #expect(runs.count == 6)
    #expect(Seq<Int>().tail.array == [])
    #expect(Seq.just(1).tail.array == [])
  }
}
