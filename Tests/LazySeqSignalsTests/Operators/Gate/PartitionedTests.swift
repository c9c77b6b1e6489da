// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// partitioned(by:) on signals: both sides share one subscription of the
// source while either is subscribed, and end with it.

import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct PartitionedTests {
  @Test func eachSideGetsItsValuesAndEndsWithTheSource() {
    let source = Subject<Int>()
    let (odd, even) = source.signal.partitioned(by: { $0.isMultiple(of: 2) })
    let odds = Recorder(odd)
    let evens = Recorder(even)
    for value in 1...5 { source.sendNext(value) }
    source.sendCompleted()
    #expect(odds.recorded == completion(after: [1, 3, 5]))
    #expect(evens.recorded == completion(after: [2, 4]))
  }

  @Test func bothSidesShareOneSubscription() {
    let subscriptions = Counter()
    let disposals = Counter()
    let source = Subject<Int>()
    let counted = Signal<Int> { subscriber in
      subscriptions.increment()
      let inner = source.signal.subscribe(subscriber)
      return AnyDisposable {
        disposals.increment()
        inner.dispose()
      }
    }
    let (falseElements, trueElements) = counted.partitioned(by: { $0 > 2 })
    let low = Recorder(falseElements)
    let high = Recorder(trueElements)
    #expect(subscriptions.value == 1)
    source.sendNext(1)
    source.sendNext(3)
    low.disposable?.dispose()
    #expect(disposals.value == 0)
    source.sendNext(4)
    high.disposable?.dispose()
    #expect(disposals.value == 1)
    #expect(low.recorded == [.next(1)])
    #expect(high.recorded == [.next(3), .next(4)])
  }

  @Test func thePredicateRunsOncePerValueForBothSides() {
    let calls = Counter()
    let source = Subject<Int>()
    let (odd, even) = source.signal.partitioned(by: { value in
      calls.increment()
      return value.isMultiple(of: 2)
    })
    let odds = Recorder(odd)
    let evens = Recorder(even)
    for value in 1...6 { source.sendNext(value) }
    source.sendCompleted()
    #expect(calls.value == 6)
    #expect(odds.recorded == completion(after: [1, 3, 5]))
    #expect(evens.recorded == completion(after: [2, 4, 6]))
  }

  @Test func anErrorReachesBothSidesOnce() {
    let source = Subject<Int>()
    let (odd, even) = source.signal.partitioned(by: { $0.isMultiple(of: 2) })
    let odds = Recorder(odd)
    let evens = Recorder(even)
    source.sendNext(1)
    source.sendError(TestError.boom)
    source.sendError(TestError.other)
    #expect(odds.recorded == [.next(1), .failed("boom")])
    #expect(evens.recorded == [.failed("boom")])
  }

  @Test func aSideSubscribedAfterASynchronousSourceEndedRunsItAgain() {
    let (odd, even) = signal(Array(1...6)).partitioned(by: { $0.isMultiple(of: 2) })
    #expect(recorded(odd) == completion(after: [1, 3, 5]))
    #expect(recorded(even) == completion(after: [2, 4, 6]))
  }
}
