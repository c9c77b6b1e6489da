// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Lifetimes, proved with live-instance counters and weak references: a
// sequence and everything it evaluated are freed when the last copy goes away
// (no retain cycles, also for `cycled()` and self-feeding sequences), and a
// block's captured state is released once the block has run.

import LazySeq
import LazySeqTestSupport
import Testing

/// Builds a chain over tracked elements, walks it, and drops everything.
private func walkAndDrop(_ tracker: LifetimeTracker, _ build: (Seq<Tracked>) -> Seq<Tracked>) -> Int {
  let source = Seq((0..<50).map { Tracked($0, tracker: tracker) })
  let result = build(source)
  return result.array.count
}

/// An object that only records whether it is still alive.
private final class Token {}

@Suite("Lifetimes")
struct LifetimeTests {
  @Test("Elements are freed with the last copy of the sequence, whatever the operators")
  func elementsFreed() {
    let tracker = LifetimeTracker()
    let builders: [(String, (Seq<Tracked>) -> Seq<Tracked>)] = [
      ("identity", { $0 }),
      ("map", { $0.map { $0 } }),
      ("filter", { $0.filter { $0.value.isMultiple(of: 2) } }),
      ("flatMap", { $0.flatMap { Seq([$0, $0]) } }),
      (
        "bind with stop",
        {
          $0.bind {
            { x, stop in
              stop = x.value == 20
              return .just(x)
            }
          }
        }
      ),
      ("zip", { s in s.zip(with: s.tail).map { $0.0 } }),
      ("concat", { $0 + $0 }),
      ("scan", { s in s.scan(start: s.head!) { _, x in x } }),
      ("skip and take", { $0.skip(3).take(10) }),
      ("take while", { $0.take(while: { $0.value < 30 }) }),
      ("cycled", { $0.cycled().take(120) }),
      ("eager", { $0.eager.map { $0 } }),
      ("startWith", { s in s.startWith(s.head!) }),
      ("dynamic", { s in Seq(head: { s.head }, tail: { s.tail }) }),
    ]
    for (name, build) in builders {
      let count = walkAndDrop(tracker, build)
      #expect(count > 0, "\(name)")
      #expect(tracker.liveCount == 0, "\(name) kept \(tracker.liveCount) elements alive")
    }
  }

  @Test("Generated sequences free what they made")
  func generatedFreed() {
    let tracker = LifetimeTracker()
    do {
      let made = Seq.iterate(Tracked(0, tracker: tracker)) { Tracked($0.value + 1, tracker: tracker) }.take(
        100)
      #expect(made.array.count == 100)
      let unfolded = Seq<Tracked>.unfold(0) { (index: inout Int) -> Tracked? in
        defer { index += 1 }
        return index < 100 ? Tracked(index, tracker: tracker) : nil
      }
      #expect(unfolded.array.count == 100)
      let repeated = Seq.repeating(Tracked(-1, tracker: tracker)).take(5)
      #expect(repeated.array.count == 5)
    }
    #expect(tracker.liveCount == 0)
  }

  @Test("A sequence whose tail refers back to itself is freed")
  func selfReferenceFreed() {
    let tracker = LifetimeTracker()
    do {
      let cycled = Seq([Tracked(1, tracker: tracker), Tracked(2, tracker: tracker)]).cycled()
      #expect(cycled.take(7).array.map(\.value) == [1, 2, 1, 2, 1, 2, 1])
    }
    #expect(tracker.liveCount == 0)
  }

  @Test("A dynamic sequence's blocks release what they captured once they have run")
  func blocksReleasedAfterRunning() {
    weak var headCapture: Token?
    weak var tailCapture: Token?
    let seq: Seq<Int>
    do {
      let headToken = Token()
      let tailToken = Token()
      headCapture = headToken
      tailCapture = tailToken
      seq = Seq(
        head: { withExtendedLifetime(headToken) { 1 } },
        tail: { withExtendedLifetime(tailToken) { .just(2) } })
    }
    #expect(headCapture != nil, "the head block is needed until it runs")
    #expect(seq.head == 1)
    #expect(headCapture == nil, "the head block still holds its captures after running")
    #expect(tailCapture != nil, "the tail block is needed until it runs")
    #expect(seq.array == [1, 2])
    #expect(tailCapture == nil, "the tail block still holds its captures after running")
  }

  @Test("An operator's block is released with its result")
  func operatorBlockReleased() {
    weak var capture: Token?
    do {
      let token = Token()
      capture = token
      let mapped: Seq<Int> = Seq([1, 2, 3]).map { x in withExtendedLifetime(token) { x * 2 } }
      #expect(mapped.take(2).array == [2, 4])
    }
    #expect(capture == nil)
  }

  @Test("Abandoning a for-in loop early leaks nothing")
  func earlyExit() {
    let tracker = LifetimeTracker()
    do {
      let seq = Seq<Tracked>.unfold(0) { (index: inout Int) -> Tracked? in
        defer { index += 1 }
        return Tracked(index, tracker: tracker)
      }
      for element in seq where element.value == 10 {
        break
      }
    }
    #expect(tracker.liveCount == 0)
  }
}
