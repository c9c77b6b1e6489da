// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeq
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// `Signal(_:on:)` and `Seq.Shared.signal(on:)`: every subscription walks one
/// memo, so concurrent subscriptions evaluate each element once.
@Suite struct SequenceSignalSharingConcurrencyTests {
  @Test("Signal(seq) subscribed from 8 threads evaluates each element once")
  func sentSequenceIsEvaluatedOnce() {
    let calls = Counter()
    let squares = Signal(
      Seq(0..<1_000).map { value -> Int in
        calls.increment()
        return value * value
      })
    let results = Guarded<[[Int]]>([])
    onThreads(8) { _ in
      let values = (try? squares.toArray()) ?? []
      results.mutate { $0.append(values) }
    }
    let expected = (0..<1_000).map { $0 * $0 }
    #expect(results.value.count == 8)
    #expect(results.value.allSatisfy { $0 == expected })
    #expect(calls.value == 1_000)
  }

  @Test("Seq.Shared.signal() shares its memo with the shared sequence")
  func sharedSequenceSignalSharesTheMemo() throws {
    let calls = Counter()
    let shared = Seq.Shared(
      Seq(1...5).map { value -> Int in
        calls.increment()
        return value * 10
      })
    #expect(try shared.signal().toArray() == [10, 20, 30, 40, 50])
    #expect(shared.array == [10, 20, 30, 40, 50])
    #expect(try shared.signal(on: QueueScheduler()).toArray() == [10, 20, 30, 40, 50])
    #expect(calls.value == 5)
  }

  @Test("Disposing a subscription stops the walk of an infinite shared sequence")
  func infiniteSharedSequenceStopsOnDisposal() throws {
    let naturals = Seq.Shared(Seq.iterate(0) { $0 + 1 })
    #expect(try naturals.signal().take(3).toArray() == [0, 1, 2])
    #expect(try naturals.signal(on: QueueScheduler()).take(4).toArray() == [0, 1, 2, 3])
  }
}
