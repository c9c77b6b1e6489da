// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// share() and publish().autoconnect() over a synchronous source: when the
// last subscriber leaves, the source stops at once, even in the middle of its
// synchronous send loop. The infinite cases run under a watchdog thread, so a
// source that does not stop fails the test instead of hanging it.

import LazySeq
import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct SynchronousShareConcurrencyTests {
  /// The first `count` values of a shared counting source, and how many
  /// elements the source evaluated.
  private func firstValues(
    _ count: Int, _ sharing: (Signal<Int>) -> Signal<Int>
  ) -> (recorded: [Recorded<Int>], evaluated: Int) {
    let evaluated = Counter()
    let source = Signal(
      Seq(0..<100_000).map { value in
        evaluated.increment()
        return value
      })
    let recorded = recorded(sharing(source).take(count))
    return (recorded, evaluated.value)
  }

  @Test func shareStopsAFiniteSourceWhenTheLastSubscriberLeaves() {
    let plain = firstValues(3) { $0 }
    let shared = firstValues(3) { $0.share() }
    #expect(shared.recorded == marbles("0 1 2 |"))
    #expect(shared.evaluated == plain.evaluated)
    #expect(shared.evaluated == 3)
  }

  @Test func autoconnectStopsAFiniteSourceWhenTheLastSubscriberLeaves() {
    let shared = firstValues(3) { $0.publish().autoconnect() }
    #expect(shared.recorded == marbles("0 1 2 |"))
    #expect(shared.evaluated == 3)
  }

  @Test func shareStopsAnInfiniteSourceWhenTheLastSubscriberLeaves() {
    let naturals = Signal(Seq.iterate(0) { $0 + 1 })
    let result = withinTimeout(seconds: 30) { recorded(naturals.share().take(3)) }
    #expect(result == marbles("0 1 2 |"))
  }

  @Test func autoconnectStopsAnInfiniteSourceWhenTheLastSubscriberLeaves() {
    let naturals = Signal(Seq.iterate(0) { $0 + 1 })
    let result = withinTimeout(seconds: 30) { recorded(naturals.publish().autoconnect().take(3)) }
    #expect(result == marbles("0 1 2 |"))
  }
}
