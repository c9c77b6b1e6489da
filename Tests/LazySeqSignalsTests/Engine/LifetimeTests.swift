// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeqSignals
import LazySeqTestSupport
import Testing

/// Weak-reference lifetime checks (G24, G31, G43, G44, G71).
@Suite struct LifetimeTests {
  final class Token: Sendable {}

  @Test("G43: signal that does nothing is freed") func signalThatDoesNothingIsFreed() {
    weak var weakSignal: Signal<Int>?
    do {
      let signal = Signal<Int> { _ in nil }
      weakSignal = signal
      signal.subscribe()
    }
    #expect(weakSignal == nil)
  }

  @Test("G43: completed subscription releases everything") func completedSubscriptionReleasesEverything() {
    weak var weakSignal: Signal<Int>?
    weak var weakToken: Token?
    weak var weakSubscription: (any Disposable)?
    do {
      let token = Token()
      weakToken = token
      let signal = Signal<Int> { subscriber in
        subscriber.sendNext(1)
        subscriber.sendCompleted()
        return nil
      }.map { value in withExtendedLifetime(token) { value } }
      weakSignal = signal
      weakSubscription = signal.subscribe(next: { _ in withExtendedLifetime(token) {} })
    }
    #expect(weakSignal == nil)
    #expect(weakToken == nil)
    #expect(weakSubscription == nil)
  }

  @Test("G44: active subscription retains intermediate signals until disposed")
  func activeSubscriptionRetainsIntermediateSignalsUntilDisposed() {
    let subject = Subject<Int>()
    weak var weakToken: Token?
    let recorder = Recorder<Int>()
    var subscription: (any Disposable)?
    do {
      let token = Token()
      weakToken = token
      subscription = subject.signal.doNext { _ in withExtendedLifetime(token) {} }.subscribe(next: {
        recorder.append(.next($0))
      })
    }
    #expect(weakToken != nil)
    subject.sendNext(1)
    #expect(recorder.values == [1])
    subscription?.dispose()
    #expect(weakToken == nil)
  }

  @Test func subscriberAndClosuresAreFreedAfterSubjectCompletes() {
    let subject = Subject<Int>()
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      subject.signal.map { value in withExtendedLifetime(token) { value } }.subscribe()
    }
    #expect(weakToken != nil)
    subject.sendCompleted()
    #expect(weakToken == nil)
  }

  @Test func aDroppedSubjectFreesItsSubscribersAndTheirClosures() {
    weak var weakSubject: Subject<Int>?
    weak var weakToken: Token?
    do {
      let subject = Subject<Int>()
      weakSubject = subject
      let token = Token()
      weakToken = token
      subject.signal.map { value in withExtendedLifetime(token) { value } }.subscribe()
      subject.sendNext(1)
    }
    #expect(weakSubject == nil)
    #expect(weakToken == nil)
  }

  @Test("G24: combine latest of subjects has no retain cycle") func combineLatestOfSubjectsHasNoRetainCycle()
  {
    weak var weakSubject: Subject<Int>?
    weak var weakSignal: Signal<(Int, Int)>?
    do {
      let left = Subject<Int>()
      let right = Subject<Int>()
      weakSubject = left
      let combined = left.signal.combineLatest(with: right.signal)
      weakSignal = combined
      combined.subscribe()
      left.sendCompleted()
      right.sendCompleted()
    }
    #expect(weakSubject == nil)
    #expect(weakSignal == nil)
  }

  @Test("G31: flatten releases finished inner subscriptions") func flattenReleasesFinishedInnerSubscriptions()
  {
    let outer = Subject<Signal<Int>>()
    weak var weakToken: Token?
    let subscription = outer.signal.flatten().subscribe()
    do {
      let token = Token()
      weakToken = token
      outer.sendNext(
        Signal<Int> { subscriber in
          withExtendedLifetime(token) {}
          subscriber.sendCompleted()
          return AnyDisposable { withExtendedLifetime(token) {} }
        })
    }
    #expect(weakToken == nil)
    subscription.dispose()
  }

  @Test("G71: shared subscriber does not retain disposed subscriptions")
  func sharedSubscriberDoesNotRetainDisposedSubscriptions() {
    let subscriber = Subscriber<Int>()
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      let source = Signal<Int> { _ in AnyDisposable { withExtendedLifetime(token) {} } }
      source.subscribe(subscriber).dispose()
    }
    #expect(weakToken == nil)
    #expect(!subscriber.isDisposed)
  }

  @Test func disposedSubscriptionToNeverReleasesClosures() {
    weak var weakToken: Token?
    let subscription: any Disposable
    do {
      let token = Token()
      weakToken = token
      subscription = Signal<Int>.never.subscribe(next: { _ in withExtendedLifetime(token) {} })
    }
    subscription.dispose()
    #expect(weakToken == nil)
  }

  @Test func multicastConnectionReleasesSourceAfterDisposal() {
    weak var weakToken: Token?
    let subject = Subject<Int>()
    let connection: MulticastConnection<Int>
    do {
      let token = Token()
      weakToken = token
      connection = subject.signal.doNext { _ in withExtendedLifetime(token) {} }.publish()
    }
    let disposable = connection.connect()
    disposable.dispose()
    #expect(disposable.isDisposed)
    _ = connection
    #expect(weakToken != nil)  // the connection still holds its source recipe
  }
}

/// A `Subscriber` made by the caller, whose subscriptions are disposed
/// without it.
@Suite struct CallerMadeSubscriberLifetimeTests {
  @Test("Dropped after its subscription is disposed, it is freed with its callbacks")
  func freedAfterItsSubscriptionIsDisposed() {
    let tracker = LifetimeTracker()
    let subject = Subject<Int>()
    let received = Guarded<[Int]>([])
    weak var weakSubscriber: Subscriber<Int>?
    do {
      let captured = Tracked(1, tracker: tracker)
      let subscriber = Subscriber<Int>(next: { value in
        _ = captured
        received.mutate { $0.append(value) }
      })
      weakSubscriber = subscriber
      let subscription = subject.signal.subscribe(subscriber)
      subject.sendNext(1)
      subscription.dispose()
      subject.sendNext(2)
      #expect(!subscriber.isDisposed)
    }
    #expect(received.value == [1])
    #expect(weakSubscriber == nil)
    #expect(tracker.liveCount == 0)
  }

  @Test("Disposed while held, it releases its callbacks at once")
  func disposalReleasesTheCallbacks() {
    let tracker = LifetimeTracker()
    let subject = Subject<Int>()
    var subscriber: Subscriber<Int>?
    do {
      let captured = Tracked(1, tracker: tracker)
      subscriber = Subscriber<Int>(next: { _ in _ = captured })
    }
    let subscription = subject.signal.subscribe(subscriber!)
    #expect(tracker.liveCount == 1)
    subscriber!.dispose()
    #expect(subscription.isDisposed)
    #expect(tracker.liveCount == 0)
    _ = subscriber
  }

  @Test("Shared by two signals, it is fed by the one still subscribed")
  func sharedByTwoSignals() {
    let first = Subject<Int>()
    let second = Subject<Int>()
    let received = Guarded<[Int]>([])
    let subscriber = Subscriber<Int>(next: { value in received.mutate { $0.append(value) } })
    let one = first.signal.subscribe(subscriber)
    _ = second.signal.subscribe(subscriber)
    first.sendNext(1)
    one.dispose()
    first.sendNext(2)
    second.sendNext(3)
    #expect(received.value == [1, 3])
    subscriber.dispose()
    second.sendNext(4)
    #expect(received.value == [1, 3])
  }
}
