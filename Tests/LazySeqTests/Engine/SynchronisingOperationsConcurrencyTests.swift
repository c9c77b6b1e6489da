// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// What a shared walk costs on many cores, counted rather than timed: the
// synchronising operations (atomic read-modify-writes and lock
// acquisitions) each thread performs while 1, 2, 4 or 8 threads walk one
// fresh `Seq.Shared` together. The count needs no many-core machine: each
// such operation on a word other threads read is a cache-line transfer
// there. Counted only in the invariants build (`-DLAZYSEQ_INVARIANTS`,
// `.ci/run`); the test is skipped elsewhere.

import Foundation
import LazySeq
import LazySeqTestSupport
import Synchronization
import Testing

/// The synchronising operations per element per thread of `threads`
/// threads walking one fresh shared `map`+`filter` of `count` inputs to
/// its end, and the elements each walked. The threads start walking
/// together (a barrier), so that they contend for the memo's frontier.
/// Evaluating `ahead` elements per demand (1: exactly lazy). With
/// `idleHolder`, thread 0 walks first (so it holds the memo's claim),
/// stops after 100 elements until all the others have walked to the end
/// (so they must take the claim over), then walks on.
private func synchronisingOperations(
  threads: Int, count: Int, ahead: Int = 1, idleHolder: Bool = false
) async -> (perElementPerThread: Double, walked: [Int], total: Int) {
  let source = ahead > 1 ? Seq(Array(0..<count)).evaluatingAhead(ahead) : Seq(Array(0..<count))
  let shared = Seq.Shared(source.map { $0 &* 3 &+ 1 }.filter { $0 & 2 == 0 })
  let ready = Atomic<Int>(0)
  let holderStopped = DispatchSemaphore(value: 0)
  let othersDone = DispatchSemaphore(value: 0)
  let results = await runConcurrently(threads: threads) { thread in
    ready.add(1, ordering: .relaxed)
    while ready.load(ordering: .relaxed) < threads {}
    let before = synchronisingOperationsOnThisThread() ?? 0
    var walked = 0
    if idleHolder {
      if thread == 0 {
        var iterator = shared.makeIterator()
        while walked < 100, iterator.next() != nil { walked += 1 }
        for _ in 1..<threads { holderStopped.signal() }
        for _ in 1..<threads { _ = othersDone.wait(timeout: .now() + .seconds(60)) }
        while iterator.next() != nil { walked += 1 }
      } else {
        holderStopped.wait()
        for _ in shared { walked += 1 }
        othersDone.signal()
      }
    } else {
      for _ in shared { walked += 1 }
    }
    let after = synchronisingOperationsOnThisThread() ?? 0
    return (operations: after - before, walked: walked)
  }
  let operations = results.reduce(0) { $0 + $1.operations }
  let elements = results.reduce(0) { $0 + $1.walked }
  return (Double(operations) / Double(max(elements, 1)), results.map(\.walked), operations)
}

@Suite("Synchronising operations of a shared walk")
struct SynchronisingOperationsConcurrencyTests {
  @Test(
    "Threads walking one fresh Seq.Shared synchronise at most once per 32 elements each",
    .enabled(if: synchronisingOperationsOnThisThread() != nil, "counted in the invariants build"),
    arguments: [1, 2, 4, 8])
  func perElementPerThread(threads: Int) async {
    let count = 1 << 15
    let (perElement, walked, _) = await synchronisingOperations(threads: threads, count: count)
    #expect(walked == Array(repeating: count / 2, count: threads))
    print("synchronising operations per element per thread, \(threads) threads: \(perElement)")
    // The claim stays with the thread that holds it from element to
    // element: a thread synchronises to add its claim record, to take
    // the claim over from an idle holder and to park behind a descheduled
    // one, not per element.
    #expect(perElement <= 1.0 / 32, "\(perElement) per element per thread")
  }

  @Test(
    "Under evaluatingAhead(64) they synchronise at most once per 32 elements each",
    .enabled(if: synchronisingOperationsOnThisThread() != nil, "counted in the invariants build"),
    arguments: [1, 2, 4, 8])
  func perElementPerThreadAhead(threads: Int) async {
    let count = 1 << 15
    let (perElement, walked, _) = await synchronisingOperations(
      threads: threads, count: count, ahead: 64)
    #expect(walked == Array(repeating: count / 2, count: threads))
    print("evaluatingAhead(64), \(threads) threads: \(perElement) per element per thread")
    #expect(perElement <= 1.0 / 32, "\(perElement) per element per thread")
  }

  @Test(
    "Taking the claim over from an idle holder is counted, and stays under once per 32 elements",
    .enabled(if: synchronisingOperationsOnThisThread() != nil, "counted in the invariants build"),
    arguments: [2, 4])
  func perElementPerThreadWithAnIdleHolder(threads: Int) async {
    let count = 1 << 15
    let (perElement, walked, total) = await synchronisingOperations(
      threads: threads, count: count, idleHolder: true)
    #expect(walked == Array(repeating: count / 2, count: threads))
    print("with an idle holder, \(threads) threads: \(perElement) per element per thread, \(total) in all")
    // Thread 0 added its record and claimed (2); the others could only walk
    // on by taking the claim over (at least one more record and claim).
    #expect(total >= 4, "the claim was never taken over")
    #expect(perElement <= 1.0 / 32, "\(perElement) per element per thread")
  }
}
