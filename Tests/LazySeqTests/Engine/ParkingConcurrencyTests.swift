// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Threads waiting for a slow producer: a thread that finds the claim's
// holder still producing after spinning and yielding parks on the memo's
// lot, and the holder wakes it when it goes on producing or ends (a
// timeout covers a holder that stops walking). What must hold: every
// thread gets every element, each produced once, and nobody waits for an
// element that is already published. The parks and wakes themselves are
// counted in the invariants build (`-DLAZYSEQ_INVARIANTS`, `.ci/run`).

import Foundation
import LazySeq
import LazySeqTestSupport
import Testing

/// A shared sequence of `count` elements (`0, 3, 6, …`) whose producer
/// runs `slowly` before each element, counting its runs in `produced`.
private func slowShared(
  count: Int, produced: ConcurrentCounter, slowly: @escaping @Sendable (Int) -> Void
) -> Seq<Int>.Shared {
  Seq<Int>.Shared(
    Seq(Array(0..<count)).map { x in
      produced.increment()
      slowly(x)
      return x &* 3
    })
}

/// What one thread of `parksAndIsWoken` walked, and how often it parked
/// and woke others meanwhile.
private struct Parking: Sendable {
  var walked: [Int]
  var parks: Int
  var wakes: Int
}

@Suite("Threads waiting for a slow producer")
struct ParkingConcurrencyTests {
  @Test(
    "Threads walking a shared sequence of slow elements each get every element, produced once",
    arguments: [2, 4, 8])
  func slowElements(threads: Int) async {
    let count = 24
    let produced = ConcurrentCounter()
    let shared = slowShared(count: count, produced: produced) { _ in usleep(2_000) }
    let walked = await runConcurrently(threads: threads) { _ in Array(shared) }
    let expected = (0..<count).map { $0 &* 3 }
    #expect(walked == Array(repeating: expected, count: threads))
    #expect(produced.count() == count)
  }

  @Test("A thread that waits for a slow element and for the end gets both")
  func slowLastElement() async {
    // The last element is slow: the waiters park behind it, and the
    // holder's end (no production follows) is what wakes them.
    let count = 6
    let produced = ConcurrentCounter()
    let shared = slowShared(count: count, produced: produced) { x in
      if x == count - 1 { usleep(50_000) }
    }
    let walked = await runConcurrently(threads: 3) { _ in Array(shared) }
    #expect(walked == Array(repeating: (0..<count).map { $0 &* 3 }, count: 3))
    #expect(produced.count() == count)
  }

  @Test(
    "A thread behind a producing holder parks, and the holder's next production wakes it",
    .enabled(if: parkingOnThisThread() != nil, "counted in the invariants build"))
  func parksAndIsWoken() async {
    let count = 100
    let produced = ConcurrentCounter()
    // Set once the holder is inside the producer of the first element.
    let producing = Guarded(false)
    let parkedSeen = Guarded(false)
    let sharedBox = Guarded<Seq<Int>.Shared?>(nil)
    let shared = slowShared(count: count, produced: produced) { x in
      guard x == 0 else { return }
      producing.value = true
      // Holds the first element until the other thread has parked (at
      // most 60 s: the test then fails instead of hanging).
      let deadline = Date(timeIntervalSinceNow: 60)
      while Date() < deadline {
        if sharedBox.value?.hasParkedThread == true {
          parkedSeen.value = true
          return
        }
        usleep(200)
      }
    }
    sharedBox.value = shared
    let results = await runConcurrently(threads: 2) { thread in
      if thread == 1 {
        while !producing.value { usleep(100) }
      }
      let before = parkingOnThisThread() ?? (0, 0)
      let walked = Array(shared)
      let after = parkingOnThisThread() ?? (0, 0)
      return Parking(walked: walked, parks: after.parks - before.parks, wakes: after.wakes - before.wakes)
    }
    let expected = (0..<count).map { $0 &* 3 }
    #expect(results.map(\.walked) == [expected, expected])
    #expect(produced.count() == count)
    #expect(parkedSeen.value, "the waiting thread never parked")
    // Thread 0 holds the claim from the first element on; thread 1 waits
    // for that element, parks, and is woken when thread 0 produces the
    // next one.
    #expect(results[1].parks >= 1)
    #expect(results[0].wakes >= 1)
  }
}
