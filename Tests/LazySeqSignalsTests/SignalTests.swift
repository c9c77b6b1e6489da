import LazySeqSignals
import Testing

/// RAC's RACSignalSpec checklist (G2–G44, G51–G59), on synchronous signals
/// and subjects.
@Suite struct SignalTests {
  // MARK: bind (G2–G5)

  @Test func g2BindNilDisposesSourceButInnerKeepsFlowing() {
    let source = Subject<Int>()
    let inner = Subject<Int>()
    var sourceDisposed = false
    let guarded = Signal<Int> { subscriber in
      source.signal.subscribe(subscriber)
      return AnyDisposable { sourceDisposed = true }
    }
    let bound = guarded.bind {
      { (value: Int, _) -> Signal<Int>? in value == 0 ? inner.signal : nil }
    }
    let recorder = Recorder(bound)
    source.sendNext(0)
    #expect(!sourceDisposed)
    source.sendNext(1)
    #expect(sourceDisposed)
    inner.sendNext(10)
    inner.sendCompleted()
    #expect(recorder.history == ["next(10)", "completed"])
  }

  @Test func g3BindStopDisposesSourceAndStillDelivers() {
    let source = Subject<Int>()
    let first = Subject<Int>()
    let second = Subject<Int>()
    var sourceDisposed = false
    let guarded = Signal<Int> { subscriber in
      source.signal.subscribe(subscriber)
      return AnyDisposable { sourceDisposed = true }
    }
    let bound = guarded.bind {
      { (value: Int, stop: inout Bool) -> Signal<Int>? in
        if value == 1 { stop = true }
        return value == 0 ? first.signal : second.signal
      }
    }
    let recorder = Recorder(bound)
    source.sendNext(0)
    source.sendNext(1)
    #expect(sourceDisposed)
    second.sendNext(1)
    first.sendNext(2)
    first.sendCompleted()
    second.sendCompleted()
    #expect(recorder.history == ["next(1)", "next(2)", "completed"])
  }

  @Test func g4BindStopsSubscribingAfterInnerError() {
    var subscribedLater = false
    let bound = signal([0, 1]).bind {
      { (value: Int, _) -> Signal<Int>? in
        value == 0
          ? .error(TestError.boom)
          : .defer {
            subscribedLater = true
            return .empty
          }
      }
    }
    #expect(history(bound) == ["error(boom)"])
    #expect(!subscribedLater)
  }

  @Test func g5MergeDoesNotSubscribeAfterSynchronousError() {
    var subscribedLater = false
    let later = Signal<Int>.defer {
      subscribedLater = true
      return .just(1)
    }
    #expect(history(Signal.merge([.error(TestError.boom), later])) == ["error(boom)"])
    #expect(!subscribedLater)
  }

  // MARK: subscribing and disposal (G6–G12)

  @Test func g6SynchronousSignalDeliversNextAndCompleted() {
    #expect(history(Signal.just(1)) == ["next(1)", "completed"])
  }

  @Test func g7NothingAfterDisposal() {
    let scheduler = TestScheduler()
    let recorder = Recorder(Signal.just(1).delay(.seconds(1), on: scheduler))
    recorder.disposable?.dispose()
    scheduler.run()
    #expect(recorder.history == [])
  }

  @Test func g9DisposingOuterDisposesInnerSubscriptions() {
    var innerDisposed = false
    let inner = Signal<Int> { _ in AnyDisposable { innerDisposed = true } }
    let outer = Signal<Int> { subscriber in
      inner.subscribe(subscriber)
      return nil
    }
    outer.subscribe().dispose()
    #expect(innerDisposed)
  }

  @Test func g10DisposingDisposesDidSubscribeDisposable() {
    var disposed = 0
    let signal = Signal<Int> { _ in AnyDisposable { disposed += 1 } }
    let subscription = signal.subscribe()
    #expect(disposed == 0)
    subscription.dispose()
    subscription.dispose()
    #expect(disposed == 1)
  }

  @Test func terminalEventDisposesDidSubscribeDisposableFirst() {
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

  @Test func g11TakeUntilTrigger() {
    let source = Subject<Int>()
    let trigger = Subject<Void>()
    let recorder = Recorder(source.signal.take(until: trigger.signal))
    source.sendNext(1)
    source.sendNext(2)
    trigger.sendNext(())
    source.sendNext(3)
    #expect(recorder.history == ["next(1)", "next(2)", "completed"])

    let completing = Subject<Void>()
    let second = Recorder(source.signal.take(until: completing.signal))
    source.sendNext(4)
    completing.sendCompleted()
    source.sendNext(5)
    #expect(second.history == ["next(4)", "completed"])

    #expect(history(signal([1, 2]).take(until: Signal<Void>.empty)) == ["completed"])
  }

  @Test func g12TakeUntilReplacement() {
    let receiver = Subject<Int>()
    let replacement = Subject<Int>()
    let recorder = Recorder(receiver.signal.take(untilReplacement: replacement.signal))
    receiver.sendNext(1)
    receiver.sendNext(2)
    replacement.sendNext(3)
    receiver.sendNext(4)
    replacement.sendNext(5)
    replacement.sendCompleted()
    #expect(recorder.history == expectHistory([1, 2, 3, 5]))

    let receiverCompletes = Recorder(signal([1]).take(untilReplacement: .never))
    #expect(receiverCompletes.history == ["next(1)"])
    #expect(history(Signal<Int>.error(TestError.boom).take(untilReplacement: .never)) == ["error(boom)"])
    #expect(
      history(signal([1, 2, 3]).take(untilReplacement: signal([4, 5, 6]))) == expectHistory([4, 5, 6]))
    #expect(history(Signal<Int>.never.take(untilReplacement: .error(TestError.boom))) == ["error(boom)"])

    var receiverDisposed = false
    var replacementDisposed = false
    let both = Signal<Int> { _ in AnyDisposable { receiverDisposed = true } }
      .take(untilReplacement: Signal { _ in AnyDisposable { replacementDisposed = true } })
    both.subscribe().dispose()
    #expect(receiverDisposed && replacementDisposed)
  }

  // MARK: repetition (G21, G22)

  @Test func g21RepeatResubscribesUntilError() {
    var subscriptions = 0
    let source = Signal<Int> { subscriber in
      subscriptions += 1
      if subscriptions == 4 {
        subscriber.sendError(TestError.boom)
      } else {
        subscriber.sendNext(subscriptions)
        subscriber.sendCompleted()
        subscriber.sendError(TestError.other)
      }
      return nil
    }
    #expect(history(source.repeat()) == ["next(1)", "next(2)", "next(3)", "error(boom)"])
  }

  @Test func g22RepeatStopsOnDisposalAndWithTake() {
    var count = 0
    var subscriber: Subscriber<Int>?
    subscriber = Subscriber(next: { _ in
      count += 1
      if count == 2 { subscriber?.dispose() }
    })
    Signal.just(1).repeat().subscribe(subscriber!)
    #expect(count == 2)
    #expect(subscriber?.isDisposed == true)
    subscriber = nil
    #expect(history(Signal.just(1).repeat().take(1)) == expectHistory([1]))
    #expect(history(Signal.just(7).repeat().take(100_000)).count == 100_001)
  }

  @Test func retryResubscribesAtMostNTimes() {
    var attempts = 0
    let failing = Signal<Int> { subscriber in
      attempts += 1
      subscriber.sendNext(attempts)
      subscriber.sendError(TestError.boom)
      return nil
    }
    #expect(history(failing.retry(2)) == ["next(1)", "next(2)", "next(3)", "error(boom)"])
    attempts = 0
    #expect(history(failing.retry(0)) == ["next(1)", "error(boom)"])
    attempts = 0
    #expect(history(failing.retry().take(5)) == expectHistory([1, 2, 3, 4, 5]))
  }

  // MARK: combining (G23–G42)

  @Test func g23CombineLatestWith() {
    let left = Subject<String>()
    let right = Subject<String>()
    let recorder = Recorder(left.signal.combineLatest(with: right.signal).map { "\($0)\($1)" })
    left.sendNext("1")
    right.sendNext("2")
    left.sendNext("3")
    right.sendNext("4")
    left.sendCompleted()
    #expect(recorder.history == ["next(12)", "next(32)", "next(34)"])
    right.sendCompleted()
    #expect(recorder.history.last == "completed")

    let failing = Subject<String>()
    let errors = Recorder(failing.signal.combineLatest(with: Signal<String>.never))
    failing.sendError(TestError.boom)
    #expect(errors.history == ["error(boom)"])
  }

  @Test func g25CombineLatestWithItselfSubscribesTwice() {
    var counter = 0
    let sideEffect = Signal<Int>.defer {
      counter += 1
      return .just(counter)
    }
    let pairs = sideEffect.combineLatest(with: sideEffect).map { "\($0),\($1)" }
    #expect(history(pairs) == ["next(1,2)", "completed"])
    #expect(counter == 2)
  }

  @Test func g26CombineLatestArrays() {
    #expect(history(Signal.combineLatest([signal([1, 2])])) == ["next([1])", "next([2])", "completed"])
    #expect(history(Signal<Int>.combineLatest([])) == ["completed"])
    let subjects = [Subject<Int>(), Subject<Int>(), Subject<Int>()]
    let recorder = Recorder(Signal.combineLatest(subjects.map(\.signal)))
    for (index, subject) in subjects.enumerated() { subject.sendNext(index) }
    subjects[0].sendCompleted()
    subjects[1].sendCompleted()
    #expect(recorder.history == ["next([0, 1, 2])"])
    subjects[2].sendCompleted()
    #expect(recorder.history == ["next([0, 1, 2])", "completed"])
  }

  @Test func g28DistinctUntilChanged() {
    #expect(history(signal([1, 2, 2, 1, 1]).distinctUntilChanged()) == expectHistory([1, 2, 1]))
    let optionals: [Int?] = [1, nil, nil, nil, 1]
    #expect(
      history(signal(optionals).distinctUntilChanged())
        == ["next(Optional(1))", "next(nil)", "next(Optional(1))", "completed"])
    #expect(
      history(signal([nil, nil, 1] as [Int?]).distinctUntilChanged())
        == ["next(nil)", "next(Optional(1))", "completed"])
  }

  @Test func g29Merge() {
    let first = Subject<Int>()
    let second = Subject<Int>()
    let merged = first.signal.merge(with: second.signal)
    let a = Recorder(merged)
    let b = Recorder(merged)
    first.sendNext(1)
    second.sendNext(2)
    first.sendNext(3)
    first.sendCompleted()
    #expect(a.history == ["next(1)", "next(2)", "next(3)"])
    second.sendCompleted()
    #expect(a.history == expectHistory([1, 2, 3]))
    #expect(b.history == a.history)
    #expect(history(Signal<Int>.merge([])) == ["completed"])
    let failing = Subject<Int>()
    let errors = Recorder(Signal.merge([failing.signal, Subject<Int>().signal]))
    failing.sendError(TestError.boom)
    #expect(errors.history == ["error(boom)"])
  }

  @Test func g30FlattenWithLimits() {
    let outer = Subject<Signal<Int>>()
    let inners = [Subject<Int>(), Subject<Int>(), Subject<Int>()]
    let unlimited = Recorder(outer.signal.flatten(maxConcurrent: 0))
    let serial = Recorder(outer.signal.flatten(maxConcurrent: 1))
    for inner in inners { outer.sendNext(inner.signal) }
    inners[1].sendNext(10)
    inners[0].sendNext(1)
    outer.sendCompleted()
    inners[0].sendCompleted()
    inners[1].sendNext(11)
    inners[2].sendNext(20)
    inners[1].sendCompleted()
    #expect(unlimited.history == ["next(10)", "next(1)", "next(11)", "next(20)"])
    #expect(serial.history == ["next(1)", "next(11)"])
    inners[2].sendNext(21)
    inners[2].sendCompleted()
    #expect(unlimited.history == expectHistory([10, 1, 11, 20, 21]))
    #expect(serial.history == expectHistory([1, 11, 21]))
  }

  @Test func g31FlattenDisposedDuringInnerSubscription() {
    for _ in 0..<100 {
      let trigger = Subject<Void>()
      let inner = Signal<Int> { subscriber in
        subscriber.sendNext(1)
        trigger.sendNext(())
        subscriber.sendNext(2)
        return nil
      }
      let recorder = Recorder(Signal.just(inner).flatten().take(until: trigger.signal))
      #expect(recorder.history == ["next(1)", "completed"])
    }
  }

  @Test func concatOfManySynchronousSignalsUsesConstantStack() {
    let parts = (0..<100_000).map { Signal.just($0) }
    onThread(stackSize: 512 * 1024) {
      let recorder = Recorder(Signal.concat(parts).collect().map(\.count))
      precondition(recorder.history == ["next(100000)", "completed"])
    }
  }

  @Test func g32SwitchToLatest() {
    let outer = Subject<Signal<Int>>()
    let first = Subject<Int>()
    let second = Subject<Int>()
    let recorder = Recorder(outer.signal.switchToLatest())
    outer.sendNext(first.signal)
    first.sendNext(1)
    outer.sendNext(second.signal)
    first.sendNext(2)
    second.sendNext(3)
    outer.sendCompleted()
    #expect(recorder.history == ["next(1)", "next(3)"])
    second.sendCompleted()
    #expect(recorder.history == expectHistory([1, 3]))

    let failing = Subject<Signal<Int>>()
    let errors = Recorder(failing.signal.switchToLatest())
    failing.sendNext(.error(TestError.boom))
    #expect(errors.history == ["error(boom)"])

    var subscriptions = 0
    let cold = Signal<Signal<Int>>.defer {
      subscriptions += 1
      return .just(.just(subscriptions))
    }.switchToLatest()
    #expect(history(cold) == expectHistory([1]))
    #expect(history(cold) == expectHistory([2]))
  }

  @Test func g35ZipCompletesWhenNoFurtherTupleIsPossible() {
    let a = Subject<Int>()
    let b = Subject<Int>()
    let recorder = Recorder(Signal.zip([a.signal, b.signal]))
    a.sendNext(1)
    a.sendNext(2)
    b.sendNext(1)
    a.sendCompleted()
    #expect(recorder.history == ["next([1, 1])"])
    b.sendNext(2)
    #expect(recorder.history == ["next([1, 1])", "next([2, 2])", "completed"])
    #expect(history(Signal.zip([Signal<Int>.empty, .never])) == ["completed"])
  }

  @Test func g36ZipWithUnevenSenders() {
    let (a, b, c) = (Subject<Int>(), Subject<Int>(), Subject<Int>())
    let recorder = Recorder(Signal.zip([a.signal, b.signal, c.signal]).map { $0.map(String.init).joined() })
    for value in [1, 2, 3] { a.sendNext(value) }
    b.sendNext(1)
    c.sendNext(1)
    c.sendNext(2)
    #expect(recorder.values == ["111"])
    for value in [2, 3, 4] { b.sendNext(value) }
    b.sendCompleted()
    #expect(recorder.values == ["111", "222"])
    for value in [3, 4, 5] { c.sendNext(value) }
    c.sendError(TestError.boom)
    a.sendNext(4)
    // b completed with a value still buffered; the error arrives first.
    #expect(recorder.history == ["next(111)", "next(222)", "next(333)", "error(boom)"])
  }

  @Test func g37ZipOfTheSameSignalSubscribesTwice() {
    var counter = 0
    let sideEffect = Signal<Int>.defer {
      counter += 1
      return .just(counter)
    }
    #expect(history(Signal.zip([sideEffect, sideEffect])) == ["next([1, 2])", "completed"])
  }

  @Test func g38Sample() {
    let source = Subject<Int>()
    let sampler = Subject<Void>()
    let recorder = Recorder(source.signal.sample(sampler.signal))
    sampler.sendNext(())
    source.sendNext(1)
    source.sendNext(2)
    sampler.sendNext(())
    source.sendNext(3)
    sampler.sendNext(())
    sampler.sendNext(())
    sampler.sendCompleted()
    #expect(recorder.history == expectHistory([2, 3, 3]))
  }

  @Test func g39Collect() {
    #expect(history(signal([1, 2, 3]).collect()) == ["next([1, 2, 3])", "completed"])
    #expect(history(Signal<Int>.empty.collect()) == ["next([])", "completed"])
  }

  @Test func g40ConcatOfSignalOfSignals() {
    let outer = ReplaySubject<Signal<Int>>()
    let first = Subject<Int>()
    let later = Subject<Int>()
    outer.sendNext(first.signal)
    outer.sendNext(.empty)
    outer.sendNext(later.signal)
    let recorder = Recorder(outer.signal.concat())
    later.sendNext(99)  // not subscribed yet
    first.sendNext(1)
    first.sendCompleted()
    later.sendNext(2)
    outer.sendCompleted()
    #expect(recorder.history == ["next(1)", "next(2)"])
    later.sendCompleted()
    #expect(recorder.history == expectHistory([1, 2]))

    let errors = Recorder(Signal.just(Signal<Int>.error(TestError.boom)).concat())
    #expect(errors.history == ["error(boom)"])

    var laterSubscribed = false
    let pending = Subject<Int>()
    let guarded = Signal.concat([
      pending.signal,
      .defer {
        laterSubscribed = true
        return .empty
      },
    ])
    guarded.subscribe().dispose()
    pending.sendCompleted()
    #expect(!laterSubscribed)
  }

  @Test func g41Then() {
    #expect(history(signal([1, 2]).then { Signal.just("x") }) == ["next(x)", "completed"])
    #expect(history(Signal<Int>.empty.then { Signal.just("x") }) == ["next(x)", "completed"])
    #expect(history(Signal<Int>.error(TestError.boom).then { Signal.just("x") }) == ["error(boom)"])
  }

  @Test func g42TakeOnRecursivelySendingSubject() {
    let subject = Subject<Int>()
    var received: [String] = []
    var next = 0
    subject.signal.take(3).subscribe(
      next: { value in
        received.append("\(value)")
        next += 1
        if next < 5 { subject.sendNext(next) } else { subject.sendError(TestError.boom) }
      },
      error: { _ in received.append("error") },
      completed: { received.append("completed") })
    subject.sendNext(0)
    #expect(received == ["0", "1", "2", "completed"])
  }

  @Test func g42TakeCompletesWithoutSourceCompletion() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.take(1))
    subject.sendNext(1)
    #expect(recorder.history == expectHistory([1]))
  }

  // MARK: error handling and misc (G51–G59)

  @Test func g51Catch() {
    let caught = Signal<Int>.error(TestError.boom).catch { _ in .just(41) }
    #expect(history(caught) == expectHistory([41]))
    #expect(
      history(Signal<Int>.error(TestError.boom).catch { _ in .error(TestError.other) }) == ["error(other)"])
    #expect(history(Signal<Int>.error(TestError.boom).catchTo(.just(1))) == expectHistory([1]))
    var disposed = false
    let replacement = Signal<Int> { _ in AnyDisposable { disposed = true } }
    Signal<Int>.error(TestError.boom).catchTo(replacement).subscribe().dispose()
    #expect(disposed)
  }

  @Test func g54Initially() {
    var count = 0
    let signal = Signal.just(1).initially { count += 1 }
    #expect(count == 0)
    signal.subscribe()
    signal.subscribe()
    #expect(count == 2)
  }

  @Test func g55Finally() {
    var count = 0
    let subject = Subject<Int>()
    let signal = subject.signal.finally { count += 1 }
    #expect(count == 0)
    signal.subscribe()
    subject.sendNext(1)
    #expect(count == 0)
    subject.sendCompleted()
    #expect(count == 1)
    Signal<Int>.error(TestError.boom).finally { count += 1 }.subscribe()
    #expect(count == 2)
  }

  @Test func sideEffectOperatorsRunBeforeForwarding() {
    var log: [String] = []
    let signal = signal([1]).doNext { log.append("doNext \($0)") }.doCompleted { log.append("doCompleted") }
    signal.subscribe(next: { log.append("next \($0)") }, completed: { log.append("completed") })
    #expect(log == ["doNext 1", "next 1", "doCompleted", "completed"])
    var errors: [String] = []
    Signal<Int>.error(TestError.boom).doError { errors.append("\($0)") }.subscribe(error: {
      errors.append("got \($0)")
    })
    #expect(errors == ["boom", "got boom"])
  }

  @Test func g56IgnoreValues() {
    #expect(history(signal([1, 2]).ignoreValues()) == ["completed"])
    #expect(history(Signal<Int>.error(TestError.boom).ignoreValues()) == ["error(boom)"])
  }

  @Test func g57MaterializeAndDematerialize() {
    #expect(history(Signal.just(1).materialize()) == ["next(next(1))", "next(completed)", "completed"])
    #expect(history(Signal<Int>.error(TestError.boom).materialize()) == ["next(error(boom))", "completed"])
    #expect(history(signal([1, 2]).materialize().dematerialize()) == expectHistory([1, 2]))
    let events: [Event<Int>] = [.next(1), .error(TestError.boom), .next(2)]
    #expect(history(signal(events).dematerialize()) == ["next(1)", "error(boom)"])
    #expect(history(signal([Event<Int>.completed, .next(1)]).dematerialize()) == ["completed"])
  }

  @Test func g58NotAndOr() {
    #expect(history(signal([true, false]).not()) == expectHistory([false, true]))
    let rows: [[Bool]] = [[true, true], [true, false], [false, false], []]
    #expect(history(signal(rows).and()) == expectHistory([true, false, false, true]))
    #expect(history(signal(rows).or()) == expectHistory([true, true, false, false]))
  }

  @Test func g59GroupBy() {
    var log: [String] = []
    let grouped = signal([1, 2, 3, 4, 5]).groupBy({ $0 % 2 == 0 ? "even" : "odd" }, transform: { $0 * 10 })
    grouped.subscribe(
      next: { group in
        group.signal.subscribe(
          next: { log.append("\(group.key) \($0)") }, completed: { log.append("\(group.key) done") })
      }, completed: { log.append("done") })
    #expect(
      log == ["odd 10", "even 20", "odd 30", "even 40", "odd 50", "odd done", "even done", "done"])
    var errors: [String] = []
    Signal<Int>.error(TestError.boom).startWith(1).groupBy { $0 }.subscribe(next: { group in
      group.signal.subscribe(error: { errors.append("group \(group.key) \($0)") })
    })
    #expect(errors == ["group 1 boom"])
  }

  @Test func aggregateAnyAll() {
    #expect(history(signal([1, 2, 3]).aggregate(start: 0, reduce: +)) == expectHistory([6]))
    #expect(history(Signal<Int>.empty.aggregate(start: 5, reduce: +)) == expectHistory([5]))
    #expect(
      history(signal([1, 2, 3]).aggregate(start: 0) { $0 + $1 * $2 }) == expectHistory([0 + 2 + 6]))
    #expect(history(signal([1, 2, 3]).any { $0 == 2 }) == expectHistory([true]))
    #expect(history(signal([1, 2, 3]).any { $0 == 5 }) == expectHistory([false]))
    #expect(history(Signal<Int>.empty.any()) == expectHistory([false]))
    #expect(history(infinite(1).any()) == expectHistory([true]))
    #expect(history(signal([1, 2, 3]).all { $0 > 0 }) == expectHistory([true]))
    #expect(history(infinite(1).all { $0 > 1 }) == expectHistory([false]))
    #expect(history(Signal<Int>.error(TestError.boom).all { $0 > 0 }) == ["error(boom)"])
  }

  @Test func compactMapAndStartWith() {
    #expect(history(signal(["1", "x", "3"]).compactMap { Int($0) }) == expectHistory([1, 3]))
    #expect(history(Signal<Int>.empty.startWith(0)) == expectHistory([0]))
  }

  @Test func deferRunsFactoryPerSubscription() {
    var calls = 0
    let deferred = Signal<Int>.defer {
      calls += 1
      return .just(calls)
    }
    #expect(calls == 0)
    #expect(history(deferred) == expectHistory([1]))
    #expect(history(deferred) == expectHistory([2]))
  }

  @Test func sharedSubscriberTerminatesAllItsSubscriptions() {
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

  @Test func disposingOneSubscriptionOfASharedSubscriberKeepsTheOthers() {
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

  @Test func reentrantSendIsQueuedAfterTheCurrentValue() {
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
