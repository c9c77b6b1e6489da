import LazySeqSignals
import Testing

/// RAC's RACSignalSpec checklist: subscription basics: delivery, disposal, defer, shared subscribers and re-entrancy (G6–G10).
@Suite struct SubscriptionTests {
  @Test("G6: Synchronous signal delivers next and completed")
  func g6SynchronousSignalDeliversNextAndCompleted() {
    #expect(history(Signal.just(1)) == ["next(1)", "completed"])
  }

  @Test("G7: nothing is delivered after disposal") func g7NothingAfterDisposal() {
    let scheduler = TestScheduler()
    let recorder = Recorder(Signal.just(1).delay(.seconds(1), on: scheduler))
    recorder.disposable?.dispose()
    scheduler.run()
    #expect(recorder.history == [])
  }

  @Test("G9: Disposing outer disposes inner subscriptions") func g9DisposingOuterDisposesInnerSubscriptions()
  {
    var innerDisposed = false
    let inner = Signal<Int> { _ in AnyDisposable { innerDisposed = true } }
    let outer = Signal<Int> { subscriber in
      inner.subscribe(subscriber)
      return nil
    }
    outer.subscribe().dispose()
    #expect(innerDisposed)
  }

  @Test("G10: Disposing disposes did subscribe disposable") func g10DisposingDisposesDidSubscribeDisposable()
  {
    var disposed = 0
    let signal = Signal<Int> { _ in AnyDisposable { disposed += 1 } }
    let subscription = signal.subscribe()
    #expect(disposed == 0)
    subscription.dispose()
    subscription.dispose()
    #expect(disposed == 1)
  }

  @Test("Terminal event disposes did subscribe disposable first")
  func terminalEventDisposesDidSubscribeDisposableFirst() {
    var log: [String] = []
    let signal = Signal<Int> { subscriber in
      subscriber.sendNext(1)
      subscriber.sendCompleted()
      subscriber.sendNext(2)
      subscriber.sendError(TestError.boom)
      return AnyDisposable { log.append("disposed") }
    }
    signal.subscribe(
      next: { log.append("next \($0)") }, error: { _ in log.append("error") },
      completed: { log.append("completed") })
    #expect(log == ["next 1", "completed", "disposed"])
  }

  @Test("Defer runs factory per subscription") func deferRunsFactoryPerSubscription() {
    var calls = 0
    let deferred = Signal<Int>.defer {
      calls += 1
      return .just(calls)
    }
    #expect(calls == 0)
    #expect(history(deferred) == expectHistory([1]))
    #expect(history(deferred) == expectHistory([2]))
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
    #expect(recorder.history == expectHistory([1, 2]))
    // A later subscription of the terminated subscriber is disposed at once
    // (its side effects never run).
    var subscribedLater = false
    let later = Signal<Int> { _ in
      subscribedLater = true
      return nil
    }.subscribe(subscriber)
    #expect(later.isDisposed)
    #expect(!subscribedLater)
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
    #expect(recorder.history == ["next(2)"])
  }

  @Test("Reentrant send is queued after the current value") func reentrantSendIsQueuedAfterTheCurrentValue() {
    var log: [String] = []
    let signal = Signal<Int> { subscriber in
      subscriber.sendNext(0)
      subscriber.sendCompleted()
      return nil
    }
    var captured: Subscriber<Int>?
    let capturing = Signal<Int> { subscriber in
      captured = subscriber
      return signal.subscribe(subscriber)
    }
    capturing.subscribe(
      next: { value in
        log.append("begin \(value)")
        if value < 3 { captured?.sendNext(value + 1) }
        log.append("end \(value)")
      }, completed: { log.append("completed") })
    #expect(
      log == [
        "begin 0", "end 0", "begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3", "completed",
      ])
  }
}
