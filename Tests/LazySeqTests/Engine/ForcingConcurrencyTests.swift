// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The lock-free forcing path of a memo (Locking.swift, "The memory-ordering
// rule"; Claim.swift): the thread that holds a memo's claim produces its
// elements, and a thread that finds no element at the count waits for the
// publishing store (spinning, then yielding, then sleeping), or takes the
// claim over from a holder that stopped producing. These tests drive each
// phase of that wait, the take-over, and the head/tail fast path while
// other threads are still evaluating; the threads share each sequence
// through `Seq.Shared`. They run under ThreadSanitizer (`.ci/tsan-filter`
// matches `ConcurrencyTests`).

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

  @Test("A walk that stops while it holds the claim does not stop the others: they take it over")
  func aStoppedHolderIsTakenOver() async {
    let calls = ConcurrentCounter()
    let shared = Seq.Shared(
      Seq(0..<10_000).map { x -> Int in
        calls.increment(x)
        return x &* 7
      })
    let expected: [Int] = (0..<10_000).map { $0 &* 7 }
    let holderStopped = DispatchSemaphore(value: 0)
    let othersDone = DispatchSemaphore(value: 0)
    let results = await runConcurrently(threads: 3) { thread -> (walk: [Int], waitedInVain: Bool) in
      if thread == 0 {
        // Walks five elements (so it holds the claim), then stops until
        // the other two have walked everything.
        var iterator = shared.makeIterator()
        var walk: [Int] = []
        for _ in 0..<5 { walk.append(iterator.next()!) }
        holderStopped.signal()
        holderStopped.signal()
        let waitedInVain = othersDone.wait(timeout: .now() + .seconds(60)) == .timedOut
        while let x = iterator.next() { walk.append(x) }
        return (walk, waitedInVain)
      }
      holderStopped.wait()
      let walk = Array(shared)
      othersDone.signal()
      return (walk, false)
    }
    #expect(results.allSatisfy { $0.walk == expected }, "a walk saw different values")
    #expect(!results[0].waitedInVain, "the other walks waited for the stopped holder")
    #expect(calls.snapshot.count == 10_000)
    #expect(calls.snapshot.values.allSatisfy { $0 == 1 }, "an element was computed twice")
  }

  @Test("Walks that take turns hand the claim back and forth, each element computed once")
  func walksTakingTurns() async {
    let calls = ConcurrentCounter()
    let count = 2_000
    let shared = Seq.Shared(
      Seq(0..<count).map { x -> Int in
        calls.increment(x)
        return x &+ 1
      })
    // Two threads alternate: each walks ten elements further than the
    // other has, then hands over, so the claim changes hands every ten
    // elements while the previous holder is idle, not finished.
    let turn = Guarded(0)
    let walks = await runConcurrently(threads: 2) { thread -> [Int] in
      var iterator = shared.makeIterator()
      var walk: [Int] = []
      var round = 0
      while walk.count < count {
        while turn.value % 2 != thread { usleep(50) }
        let target = Swift.min(count, (round + 1) * 10 + thread * 5)
        while walk.count < target, let x = iterator.next() { walk.append(x) }
        round += 1
        turn.mutate { $0 += 1 }
      }
      return walk
    }
    #expect(walks.allSatisfy { $0 == Array(1...count) })
    #expect(calls.snapshot.count == count)
    #expect(calls.snapshot.values.allSatisfy { $0 == 1 }, "an element was computed twice")
  }

  @Test(
    "Walks that pause at random hand the claim over many times, each element computed once",
    arguments: 0..<3)
  func claimChangesHandsOften(round: Int) async {
    let count = 3_000
    let calls = ConcurrentCounter()
    let shared = Seq.Shared(
      Seq(0..<count).map { x -> Int in
        calls.increment(x)
        // Some productions are slow, so that the claim may change hands
        // (twice or more) while one is under way.
        if x % 37 == 0 { usleep(300) }
        return x &* 5 &+ 3
      })
    let expected: [Int] = (0..<count).map { $0 &* 5 &+ 3 }
    // Each thread pauses after about one element in 40, for about as long
    // as a waiting thread spins and yields, at random: the holder is often
    // idle, so the claim is taken over again and again, sometimes from a
    // thread that took it and is still waiting for a production to end.
    let walks = await runConcurrently(threads: 8) { thread -> [Int] in
      var random = SplitMix64(seed: UInt64(round * 8 + thread + 1))
      var walk: [Int] = []
      walk.reserveCapacity(count)
      for x in shared {
        walk.append(x)
        if random.next() % 40 == 0 { usleep(UInt32(10 + random.next() % 300)) }
      }
      return walk
    }
    for (thread, walk) in walks.enumerated() {
      #expect(walk == expected, "thread \(thread) saw different values")
    }
    #expect(calls.snapshot.count == count)
    #expect(calls.snapshot.values.allSatisfy { $0 == 1 }, "an element was computed twice")
  }
}
