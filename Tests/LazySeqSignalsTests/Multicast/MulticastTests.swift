// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Dispatch
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// Multicasting (G63–G65, G88, G89).
@Suite struct MulticastTests {
  func counted() -> (Signal<Int>, Counter, Counter) {
    let subscriptions = Counter()
    let disposals = Counter()
    let subject = Subject<Int>()
    let source = Signal<Int> { subscriber in
      subscriptions.increment()
      let inner = subject.signal.subscribe(subscriber)
      return AnyDisposable {
        inner.dispose()
        disposals.increment()
      }
    }
    return (source, subscriptions, disposals)
  }

  @Test("G88: connect subscribes once and never reconnects") func connectSubscribesOnceAndNeverReconnects() {
    let (source, subscriptions, disposals) = counted()
    let connection = source.publish()
    #expect(subscriptions.value == 0)
    let first = connection.connect()
    let second = connection.connect()
    #expect(first === second)
    #expect(subscriptions.value == 1)
    first.dispose()
    #expect(disposals.value == 1)
    connection.connect()
    #expect(subscriptions.value == 1)
  }

  @Test func publishSharesOneRun() {
    let runs = Guarded(0)
    let source = Signal<Int> { subscriber in
      runs.value += 1
      subscriber.sendNext(runs.value)
      subscriber.sendCompleted()
      return nil
    }
    let connection = source.publish()
    let a = Recorder(connection.signal)
    let b = Recorder(connection.signal)
    connection.connect()
    #expect(runs.value == 1)
    #expect(a.recorded == [.next(1), .completed])
    #expect(b.recorded == a.recorded)
  }

  @Test("G89: autoconnect disposes when last subscriber leaves")
  func autoconnectDisposesWhenLastSubscriberLeaves() {
    let (source, subscriptions, disposals) = counted()
    let auto = source.publish().autoconnect()
    #expect(subscriptions.value == 0)
    let first = auto.subscribe()
    let second = auto.subscribe()
    #expect(subscriptions.value == 1)
    first.dispose()
    #expect(disposals.value == 0)
    second.dispose()
    #expect(disposals.value == 1)
    auto.subscribe()
    #expect(subscriptions.value == 1)
  }

  @Test("G89: autoconnect with replay subject keeps replaying")
  func autoconnectWithReplaySubjectKeepsReplaying() {
    let source = signal([1, 2]).concat(.never)
    let auto = source.multicast(ReplaySubject()).autoconnect()
    let first = Recorder(auto)
    first.disposable?.dispose()
    #expect(Recorder(auto).recorded == [.next(1), .next(2)])
  }

  @Test("G65: replay lazily") func replayLazily() {
    let subscriptions = Guarded(0)
    let source = Signal<Int> { subscriber in
      subscriptions.value += 1
      subscriber.sendNext(1)
      subscriber.sendNext(2)
      subscriber.sendCompleted()
      return nil
    }
    let lazy = source.replayLazily()
    #expect(subscriptions.value == 0)
    let first = Recorder(lazy.materialize())
    let second = Recorder(lazy.materialize())
    #expect(subscriptions.value == 1)
    #expect(first.history == second.history)
    #expect(first.values.count == 3)

    let subject = Subject<Int>()
    let trigger = Subject<Void>()
    let cut = subject.signal.take(until: trigger.signal).replayLazily()
    cut.subscribe()
    subject.sendNext(1)
    trigger.sendNext(())
    #expect(Recorder(cut).recorded == [.next(1), .completed])
  }

  @Test("G63, G64: start lazily and eagerly") func startLazilyAndEagerly() {
    let scheduler = TestScheduler()
    let runs = Guarded(0)
    let lazy = Signal<Int>.startLazily(on: scheduler) { subscriber in
      runs.value += 1
      subscriber.sendNext(runs.value)
      subscriber.sendCompleted()
    }
    scheduler.run()
    #expect(runs.value == 0)
    let first = Recorder(lazy)
    let second = Recorder(lazy)
    #expect(runs.value == 0)  // runs.value on the scheduler, not inline
    scheduler.run()
    #expect(runs.value == 1)
    #expect(first.recorded == [.next(1), .completed])
    #expect(second.recorded == [.next(1), .completed])
    #expect(Recorder(lazy).recorded == [.next(1), .completed])

    let eagerRuns = Guarded(0)
    let eager = Signal<Int>.startEagerly(on: scheduler) { subscriber in
      eagerRuns.value += 1
      subscriber.sendNext(eagerRuns.value)
    }
    scheduler.run()
    #expect(eagerRuns.value == 1)
    #expect(Recorder(eager).recorded == [.next(1)])
    #expect(eagerRuns.value == 1)
  }

  @Test func replayAndReplayLastConnectAtOnce() {
    let runs = Guarded(0)
    let source = Signal<Int> { subscriber in
      runs.value += 1
      for value in 1...3 { subscriber.sendNext(value) }
      return nil
    }
    let all = source.replay()
    #expect(runs.value == 1)
    #expect(Recorder(all).recorded == [.next(1), .next(2), .next(3)])
    let last = source.replayLast()
    #expect(runs.value == 2)
    #expect(Recorder(last).recorded == [.next(3)])
    #expect(Recorder(last).recorded == [.next(3)])
    #expect(runs.value == 2)
  }
}

/// Multicasting from several threads at once (G88).
@Suite struct MulticastConcurrencyTests {
  @Test("G88: concurrent connects subscribe once") func concurrentConnectsSubscribeOnce() {
    for _ in 0..<100 {
      let (source, subscriptions, _) = MulticastTests().counted()
      let connection = source.publish()
      DispatchQueue.concurrentPerform(iterations: 4) { _ in connection.connect() }
      #expect(subscriptions.value == 1)
    }
  }
}
