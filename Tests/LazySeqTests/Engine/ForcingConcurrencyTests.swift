// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The lock-free forcing path of a memo (Locking.swift, "The memory-ordering
// rule"): one compare-and-swap claims the element, and a thread that loses
// the race waits for the publishing store (spinning, then yielding, then
// sleeping). These tests drive each phase of that wait and the head/tail
// fast path while other threads are still evaluating; the threads share
// each sequence through `Seq.Shared`. They run under ThreadSanitizer
// (`.ci/tsan-filter` matches `ConcurrencyTests`).

import Foundation
import LazySeq
import LazySeqTestSupport
import Testing

@Suite("Forcing concurrency: claims and waits", .serialized)
struct ForcingConcurrencyTests {
  @Test("Threads waiting for a slow element (past spinning and yielding) see it computed once")
  func slowElementsAreComputedOnce() async {
    let calls = ConcurrentCounter()
    let shared = Seq.Shared(
      Seq(0..<12).map { x -> Int in
        calls.increment(x)
        // Long enough that a waiting thread goes through all three phases.
        Thread.sleep(forTimeInterval: 0.003)
        return x * 10
      })
    let walks = await runConcurrently(threads: 4) { _ in Array(shared) }
    let expected = (0..<12).map { $0 * 10 }
    for (thread, walk) in walks.enumerated() {
      #expect(walk == expected, "thread \(thread) saw different values")
    }
    #expect(calls.snapshot.count == 12)
    #expect(calls.snapshot.values.allSatisfy { $0 == 1 }, "an element was computed twice")
  }

  @Test("uncons and for-in walks race over a memo being evaluated", arguments: 0..<3)
  func mixedWalksOverAFreshMemo(round: Int) async {
    let count = 20_000  // many segments: the walks cross segment links while they are made
    let calls = ConcurrentCounter()
    let shared = Seq.Shared(
      Seq(Array(0..<count)).map { x -> Int in
        calls.increment(x)
        return x &* 3 &+ 1
      })
    let expected = (0..<count).map { $0 &* 3 &+ 1 }
    let walks = await runConcurrently(threads: 8) { thread -> [Int] in
      var collected: [Int] = []
      collected.reserveCapacity(count)
      if (thread + round) % 2 == 0 {
        var s = shared.seq
        while let (h, t) = s.uncons {
          collected.append(h)
          s = t
        }
      } else {
        for x in shared { collected.append(x) }
      }
      return collected
    }
    for (thread, walk) in walks.enumerated() {
      #expect(walk == expected, "thread \(thread) saw different values")
    }
    #expect(calls.snapshot.count == count)
    #expect(calls.snapshot.values.allSatisfy { $0 == 1 }, "an element was computed twice")
  }

  @Test("A filter whose rejected runs are long: waiters see each kept element once")
  func longRejectedRuns() async {
    let calls = ConcurrentCounter()
    let shared = Seq.Shared(
      Seq(0..<50_000).filter { x in
        calls.increment(x)
        return x % 1_000 == 0
      })
    let walks = await runConcurrently(threads: 6) { _ in shared.array }
    #expect(walks.allSatisfy { $0 == Array(stride(from: 0, to: 50_000, by: 1_000)) })
    #expect(calls.snapshot.count == 50_000)
    #expect(calls.snapshot.values.allSatisfy { $0 == 1 }, "the predicate ran twice for an element")
  }
}
