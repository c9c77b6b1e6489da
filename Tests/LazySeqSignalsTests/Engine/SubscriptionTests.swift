// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeqSignals
import LazySeqTestSupport
import Testing

/// RAC's RACSignalSpec checklist: subscription basics: delivery, disposal, defer, shared subscribers and re-entrancy (G6–G10).
@Suite struct SubscriptionTests {
  @Test("G6: Synchronous signal delivers next and completed")
  func synchronousSignalDeliversNextAndCompleted() {
    #expect(recorded(Signal.just(1)) == [.next(1), .completed])
  }

  @Test("G7: nothing is delivered after disposal") func nothingAfterDisposal() {
    let scheduler = TestScheduler()
    let recorder = Recorder(Signal.just(1).delay(.seconds(1), on: scheduler))
    recorder.disposable?.dispose()
    scheduler.run()
    #expect(recorder.recorded == [])
  }

  @Test("G9: Disposing outer disposes inner subscriptions") func disposingOuterDisposesInnerSubscriptions() {
    let innerDisposed = Guarded(false)
    let inner = Signal<Int> { _ in AnyDisposable { innerDisposed.value = true } }
    let outer = Signal<Int> { subscriber in
      inner.subscribe(subscriber)
      return nil
    }
    outer.subscribe().dispose()
    #expect(innerDisposed.value)
  }

  @Test("G10: Disposing disposes did subscribe disposable") func disposingDisposesDidSubscribeDisposable() {
    let disposed = Guarded(0)
    let signal = Signal<Int> { _ in AnyDisposable { disposed.value += 1 } }
    let subscription = signal.subscribe()
    #expect(disposed.value == 0)
    subscription.dispose()
    subscription.dispose()
    #expect(disposed.value == 1)
  }

  @Test("Terminal event disposes did subscribe disposable first")
  func terminalEventDisposesDidSubscribeDisposableFirst() {
    let log = Guarded<[String]>([])
    let signal = Signal<Int> { subscriber in
      subscriber.sendNext(1)
      subscriber.sendCompleted()
      subscriber.sendNext(2)
      subscriber.sendError(TestError.boom)
      return AnyDisposable { log.value.append("disposed") }
    }
    signal.subscribe(
      next: { log.value.append("next \($0)") }, error: { _ in log.value.append("error") },
      completed: { log.value.append("completed") })
    #expect(log.value == ["next 1", "completed", "disposed"])
  }

  @Test("Defer runs factory per subscription") func deferRunsFactoryPerSubscription() {
    let calls = Guarded(0)
    let deferred = Signal<Int>.defer {
      calls.value += 1
      return .just(calls.value)
    }
    #expect(calls.value == 0)
    #expect(recorded(deferred) == [.next(1), .completed])
    #expect(recorded(deferred) == [.next(2), .completed])
  }

  @Test("Shared subscriber terminates all its subscriptions")
  func sharedSubscriberTerminatesAllItsSubscriptions() {
    // G69, G70: a subscriber attached to two subjects.
    let a = Subject<Int>()
    let b = Subject<Int>()
    let recorder = Recorder<Int>()
    let subscriber = Subscriber<Int>(
      next: { recorder.append(.next($0)) }, error: { recorder.append(.error($0)) },
      completed: { recorder.append(.completed) })
    a.signal.subscribe(subscriber)
    b.signal.subscribe(subscriber)
    a.sendNext(1)
    b.sendNext(2)
    a.sendCompleted()
    b.sendNext(3)
    #expect(recorder.recorded == [.next(1), .next(2), .completed])
    // A later subscription of the terminated subscriber is disposed at once
    // (its side effects never run).
    let subscribedLater = Guarded(false)
    let later = Signal<Int> { _ in
      subscribedLater.value = true
      return nil
    }.subscribe(subscriber)
    #expect(later.isDisposed)
    #expect(!subscribedLater.value)
  }

  @Test("Disposing one subscription of a shared subscriber keeps the others")
  func disposingOneSubscriptionOfASharedSubscriberKeepsTheOthers() {
    let a = Subject<Int>()
    let b = Subject<Int>()
    let recorder = Recorder<Int>()
    let subscriber = Subscriber<Int>(next: { recorder.append(.next($0)) })
    let fromA = a.signal.subscribe(subscriber)
    b.signal.subscribe(subscriber)
    fromA.dispose()
    a.sendNext(1)
    b.sendNext(2)
    #expect(recorder.recorded == [.next(2)])
  }

  @Test("Reentrant send is queued after the current value") func reentrantSendIsQueuedAfterTheCurrentValue() {
    let log = Guarded<[String]>([])
    let signal = Signal<Int> { subscriber in
      subscriber.sendNext(0)
      subscriber.sendCompleted()
      return nil
    }
    let captured = Guarded<Subscriber<Int>?>(nil)
    let capturing = Signal<Int> { subscriber in
      captured.value = subscriber
      return signal.subscribe(subscriber)
    }
    capturing.subscribe(
      next: { value in
        log.value.append("begin \(value)")
        if value < 3 { captured.value?.sendNext(value + 1) }
        log.value.append("end \(value)")
      }, completed: { log.value.append("completed") })
    #expect(
      log.value == [
        "begin 0", "end 0", "begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3", "completed",
      ])
  }
}
