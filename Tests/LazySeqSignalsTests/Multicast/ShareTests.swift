// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// share(replay:): one upstream subscription while anyone is subscribed,
// reconnecting after the last one leaves; late subscribers get the last
// `count` values.

import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct ShareTests {
  /// A source that counts its subscriptions and disposals and sends what
  /// the test pushes into its subject.
  final class Source: Sendable {
    let subject = Subject<Int>()
    let subscriptions = Guarded(0)
    let disposals = Guarded(0)

    var signal: Signal<Int> {
      Signal { [self] subscriber in
        subscriptions.mutate { $0 += 1 }
        let inner = subject.signal.subscribe(subscriber)
        return AnyDisposable { [self] in
          inner.dispose()
          disposals.mutate { $0 += 1 }
        }
      }
    }
  }

  @Test func subscribersShareOneUpstreamSubscription() {
    let source = Source()
    let shared = source.signal.share()
    let first = Recorder(shared)
    let second = Recorder(shared)
    source.subject.sendNext(1)
    source.subject.sendNext(2)
    #expect(source.subscriptions.value == 1)
    #expect(first.recorded == marbles("1 2"))
    #expect(second.recorded == marbles("1 2"))
  }

  @Test func aLateSubscriberGetsOnlyLaterValuesWithoutReplay() {
    let source = Source()
    let shared = source.signal.share()
    let first = Recorder(shared)
    source.subject.sendNext(1)
    let second = Recorder(shared)
    source.subject.sendNext(2)
    source.subject.sendCompleted()
    #expect(first.recorded == marbles("1 2 |"))
    #expect(second.recorded == marbles("2 |"))
  }

  @Test func aLateSubscriberGetsTheLastCountValuesFirst() {
    let source = Source()
    let shared = source.signal.share(replay: 2)
    let first = Recorder(shared)
    for value in 1...4 { source.subject.sendNext(value) }
    let second = Recorder(shared)
    source.subject.sendNext(5)
    #expect(first.recorded == marbles("1 2 3 4 5"))
    #expect(second.recorded == marbles("3 4 5"))
    #expect(source.subscriptions.value == 1)
  }

  @Test func theLastSubscriberLeavingDisposesTheUpstreamAndTheNextReconnects() {
    let source = Source()
    let shared = source.signal.share(replay: 1)
    let first = Recorder(shared)
    let second = Recorder(shared)
    source.subject.sendNext(1)
    first.disposable?.dispose()
    #expect(source.disposals.value == 0)
    second.disposable?.dispose()
    #expect(source.disposals.value == 1)
    source.subject.sendNext(2)  // nobody is subscribed
    let third = Recorder(shared)
    #expect(source.subscriptions.value == 2)
    source.subject.sendNext(3)
    // The replay buffer started afresh with the new subscription.
    #expect(third.recorded == marbles("3"))
    #expect(first.recorded == marbles("1"))
  }

  @Test func aTerminalReachesEverySubscriberAndTheNextSubscriberReconnects() {
    let source = Source()
    let shared = source.signal.share(replay: 1)
    let first = Recorder(shared)
    let second = Recorder(shared)
    source.subject.sendNext(1)
    source.subject.sendError(TestError.boom)
    #expect(first.recorded == marbles("1 #"))
    #expect(second.recorded == marbles("1 #"))
    let third = Recorder(signal([7, 8]).share(replay: 1))
    #expect(third.recorded == marbles("7 8 |"))
    // A cold synchronous source runs again for each subscriber after it ended.
    let cold = signal([1, 2]).share()
    #expect(recorded(cold) == marbles("1 2 |"))
    #expect(recorded(cold) == marbles("1 2 |"))
  }

  @Test func aTickingSourceOnVirtualTime() {
    let scheduler = TestScheduler()
    let subscriptions = Guarded(0)
    let ticks = Signal<Int> { subscriber in
      subscriptions.mutate { $0 += 1 }
      let count = Guarded(0)
      return scheduler.schedule(after: .seconds(1), repeatingEvery: .seconds(1)) {
        subscriber.sendNext(
          count.mutate { count in
            count += 1
            return count
          })
      }
    }.share(replay: 1)
    let first = Recorder(ticks)
    scheduler.advance(by: .seconds(2))
    let second = Recorder(ticks)
    scheduler.advance(by: .seconds(1))
    first.disposable?.dispose()
    second.disposable?.dispose()
    #expect(scheduler.pendingCount <= 1)
    let third = Recorder(ticks)
    scheduler.advance(by: .seconds(1))
    #expect(first.recorded == marbles("1 2 3"))
    #expect(second.recorded == marbles("2 3"))
    #expect(third.recorded == marbles("1"))
    #expect(subscriptions.value == 2)
  }

  @Test func aNegativeReplayCountIsAPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      _ = Signal<Int>.never.share(replay: -1)
    }
  }
}

/// `share(replay:)` fed and subscribed from several threads at once.
@Suite struct ShareConcurrencyTests {
  @Test func concurrentSubscribersShareOneSubscriptionAtATime() {
    let source = ShareTests.Source()
    let shared = source.signal.share()
    let keeper = Recorder(shared)
    onThreads(8) { _ in
      for _ in 0..<200 { Recorder(shared).disposable?.dispose() }
    }
    #expect(source.subscriptions.value == 1)
    keeper.disposable?.dispose()
    #expect(source.disposals.value == 1)
  }
}
