// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The Sendable policy at run time: a `Seq` belongs to one isolation domain
// (it is not `Sendable`; a fresh one can be sent to another task), and
// `Seq.Shared` shares one memo between threads. What the compiler must
// reject or accept is checked by the CI probe programs; invariant I1, which
// `Seq.Shared` rests on, by `SharedConcurrencyTests`.

import LazySeq
import LazySeqTestSupport
import Testing

private func requireSendable<T: Sendable>(_: T.Type) {}

/// Builds a sequence in a nonisolated function: what it captures belongs to
/// the caller's new region, so the result can be sent or shared.
private func countedSquares(upTo count: Int, calls: ConcurrentCounter) -> Seq<Int> {
  Seq(0..<count).map { x in
    calls.increment(x)
    return x * x
  }
}

@Suite("Sendable policy")
struct SendableConcurrencyTests {
  @Test("A fresh sequence, and the state its closures mutate, can move to another task")
  func freshSequenceMovesToAnotherTask() async {
    let counter = CallCounter()  // not Sendable: it moves with the sequence
    let squares = Seq(0..<1_000).map { counter.tick($0 * $0) }
    let (sum, calls) = await Task.detached {
      let sum = squares.reduce(0, +)
      _ = squares.array  // memoized: no further calls
      return (sum, counter.count)
    }.value
    #expect(sum == (0..<1_000).reduce(0) { $0 + $1 * $1 })
    #expect(calls == 1_000)
  }

  @Test("Seq.Shared is Sendable; walked by several tasks it evaluates each element once")
  func sharedWalkedByTasks() async {
    requireSendable(Seq<Int>.Shared.self)
    requireSendable(Seq<[String]>.Shared.self)
    let calls = ConcurrentCounter()
    let squares = Seq.Shared(countedSquares(upTo: 1_000, calls: calls))
    let sums = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<4 { group.addTask { squares.reduce(0, +) } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(sums == Array(repeating: (0..<1_000).reduce(0) { $0 + $1 * $1 }, count: 4))
    #expect(calls.snapshot.count == 1_000)
    #expect(calls.snapshot.values.allSatisfy { $0 == 1 }, "an element was computed twice")
  }

  @Test("head, isEmpty, array and description read the shared memo; description evaluates nothing")
  func sharedQueries() {
    let calls = ConcurrentCounter()
    let shared = Seq.Shared(countedSquares(upTo: 5, calls: calls))
    #expect(shared.description == "Seq(…)")
    #expect(calls.total == 0)
    #expect(shared.head == 0)
    #expect(!shared.isEmpty)
    #expect(calls.total == 1)
    #expect(shared.description == "Seq(0, …)")
    #expect(shared.array == [0, 1, 4, 9, 16])
    #expect(shared.underestimatedCount == 5)
    #expect(shared.description == "Seq(0, 1, 4, 9, 16)")
    #expect(calls.total == 5)
    #expect(Seq<Int>.Shared(Seq()).isEmpty)
    #expect(Seq<Int>.Shared(Seq()).head == nil)
  }

  @Test("seq is a handle on the same memo: what one handle evaluates, every walker reuses")
  func sharedHandles() async {
    let calls = ConcurrentCounter()
    let shared = Seq.Shared(countedSquares(upTo: 2_000, calls: calls))
    #expect(shared.seq.skip(10).head == 100)
    #expect(calls.total == 11)
    let walks = await runConcurrently(threads: 4) { _ -> [Int] in
      // Each thread builds its own operators on a handle.
      let local = CallCounter()
      let halves = shared.seq.map { local.tick($0 / 2) }.array
      return halves.count == local.count ? halves : []
    }
    let expected = (0..<2_000).map { $0 * $0 / 2 }
    #expect(walks.allSatisfy { $0 == expected })
    #expect(calls.snapshot.count == 2_000)
    #expect(calls.snapshot.values.allSatisfy { $0 == 1 }, "an element was computed twice")
  }

  @Test("Both sides of a shared partition walked from several threads share one evaluation")
  func partitionedConcurrently() async {
    let calls = ConcurrentCounter()
    let (odd, even) = Seq.Shared(Seq(0..<20_000)).partitioned(by: { value in
      calls.increment(value)
      return value.isMultiple(of: 2)
    })
    let sums = await runConcurrently(threads: 4) { index in
      (index.isMultiple(of: 2) ? even : odd).reduce(0, +)
    }
    let evenSum = stride(from: 0, to: 20_000, by: 2).reduce(0, +)
    let oddSum = stride(from: 1, to: 20_000, by: 2).reduce(0, +)
    #expect(sums == [evenSum, oddSum, evenSum, oddSum])
    #expect(calls.snapshot.count == 20_000)
    #expect(calls.snapshot.values.allSatisfy { $0 == 1 }, "the predicate ran twice for an element")
  }
}
