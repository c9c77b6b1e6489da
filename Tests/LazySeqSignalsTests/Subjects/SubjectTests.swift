// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Dispatch
import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// Subjects (G67–G74).
@Suite struct SubjectTests {
  @Test func subjectSendsToCurrentSubscribersOnly() {
    let subject = Subject<Int>()
    let early = Recorder(subject.signal)
    subject.sendNext(1)
    let late = Recorder(subject.signal)
    subject.sendNext(2)
    subject.sendCompleted()
    subject.sendNext(3)
    #expect(early.recorded == [.next(1), .next(2), .completed])
    #expect(late.recorded == [.next(2), .completed])
    #expect(Recorder(subject.signal).recorded == [.completed])
  }

  @Test("G67: subject error") func subjectError() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal)
    subject.sendError(TestError.boom)
    subject.sendCompleted()
    #expect(recorder.recorded == [.error(TestError.boom)])
    #expect(Recorder(subject.signal).recorded == [.error(TestError.boom)])
  }

  @Test("G73: replay subject with capacity one") func replaySubjectWithCapacityOne() {
    let subject = ReplaySubject<Int>(capacity: 1)
    #expect(Recorder(subject.signal).recorded == [])
    subject.sendNext(1)
    subject.sendNext(2)
    #expect(Recorder(subject.signal).recorded == [.next(2)])
    subject.sendCompleted()
    #expect(Recorder(subject.signal).recorded == [.next(2), .completed])
    let failing = ReplaySubject<Int>(capacity: 1)
    failing.sendError(TestError.boom)
    #expect(Recorder(failing.signal).recorded == [.error(TestError.boom)])
  }

  @Test("G74: unlimited replay subject") func unlimitedReplaySubject() {
    let subject = ReplaySubject<Int>()
    let live = Recorder(subject.signal)
    for value in 0..<5 { subject.sendNext(value) }
    subject.sendCompleted()
    #expect(Recorder(subject.signal).recorded == completion(after: Array(0..<5)))
    #expect(live.recorded == completion(after: Array(0..<5)))

    let replaying = ReplaySubject<Int>()
    replaying.sendNext(1)
    replaying.sendNext(2)
    let received = Guarded<[Int]>([])
    let subscription = Guarded<(any Disposable)?>(nil)
    subscription.value = replaying.signal.subscribe(next: { value in
      received.value.append(value)
      subscription.value?.dispose()
    })
    // Disposal from inside the replay only takes effect once `subscription`
    // is assigned; dispose through a take(1) to stop mid-replay instead.
    let first = Recorder(replaying.signal.take(1))
    #expect(first.recorded == [.next(1), .completed])
    #expect(received.value.first == 1)
  }

  @Test func behaviorSubjectSendsCurrentValueFirst() {
    let subject = BehaviorSubject(0)
    let first = Recorder(subject.signal)
    subject.sendNext(1)
    let second = Recorder(subject.signal)
    subject.sendNext(2)
    #expect(first.recorded == [.next(0), .next(1), .next(2)])
    #expect(second.recorded == [.next(1), .next(2)])
  }

  @Test func subjectSubscriberForwardsIntoTheSubject() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal)
    signal([1, 2]).subscribe(subject.subscriber)
    #expect(recorder.recorded == [.next(1), .next(2), .completed])
  }

  @Test("The subscriptions feeding a subject end when it terminates, also ones made after")
  func feedingSubscriptionsEndWithTheSubject() {
    let subject = Subject<Int>()
    let before = Subject<Int>()
    let feedBefore = before.signal.subscribe(subject.subscriber)
    #expect(!feedBefore.isDisposed)
    subject.sendCompleted()
    #expect(feedBefore.isDisposed)
    let after = Subject<Int>()
    let feedAfter = after.signal.subscribe(subject.subscriber)
    #expect(feedAfter.isDisposed)
  }

  @Test func disposedSubscriberIsRemovedFromSubject() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal)
    subject.sendNext(1)
    recorder.disposable?.dispose()
    subject.sendNext(2)
    #expect(recorder.recorded == [.next(1)])
  }
}

/// A locked box for tests.
final class Locked<T>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: T
  init(_ value: T) { self.value = value }
  func withLock<R>(_ body: (inout T) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

/// Subjects sent to from several threads at once (G68, G74).
@Suite struct SubjectConcurrencyTests {
  @Test("G68: concurrent nexts are all received") func concurrentNextsAreAllReceived() {
    for subject in [Subject<Int>(), ReplaySubject<Int>()] {
      let recorder = Recorder(subject.signal)
      DispatchQueue.concurrentPerform(iterations: 20) { subject.sendNext($0) }
      #expect(Set(recorder.values) == Set(0..<20))
      #expect(recorder.values.count == 20)
    }
  }

  @Test("G74: live order equals replay order under concurrent sends")
  func liveOrderEqualsReplayOrderUnderConcurrentSends() {
    let subject = ReplaySubject<Int>()
    let live = Recorder(subject.signal)
    let lateRecorders = Locked([Recorder<Int>]())
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<500 {
        subject.sendNext(thread * 1000 + index)
        if index % 100 == 0 { lateRecorders.withLock { $0.append(Recorder(subject.signal)) } }
      }
    }
    subject.sendCompleted()
    let replayed = Recorder(subject.signal)
    #expect(live.values.count == 4000)
    #expect(replayed.recorded == live.recorded)
    for recorder in lateRecorders.withLock({ $0 }) {
      // A late subscriber sees the replay then live values: the full history.
      #expect(recorder.recorded == live.recorded)
    }
  }
}

/// What a subject that nobody holds any more does with its subscriptions.
@Suite struct DroppedSubjectTests {
  @Test("A dropped subject ends its subscriptions and releases their callbacks")
  func droppedSubjectEndsItsSubscriptions() {
    let tracker = LifetimeTracker()
    let completed = Guarded(0)
    var subject: Subject<Int>? = Subject<Int>()
    var live: (any Disposable)?
    do {
      let captured = Tracked(1, tracker: tracker)
      // Live, through a fused operator.
      live = subject!.signal.map { $0 + captured.value }
        .subscribe(next: { _ in _ = captured }, completed: { completed.mutate { $0 += 1 } })
      subject!.sendNext(1)
      // One that ended before.
      let ended = subject!.signal.subscribe(next: { _ in _ = captured })
      ended.dispose()
      subject!.sendNext(2)
    }
    #expect(tracker.liveCount == 1)
    #expect(live?.isDisposed == false)
    subject = nil
    #expect(tracker.liveCount == 0)
    #expect(live?.isDisposed == true)
    // Ended, not completed.
    #expect(completed.value == 0)
  }

  @Test("A subscriber still waiting for its first delivery ends with the subject too")
  func aJoiningSubscriberEndsWithTheSubject() {
    var subject: Subject<Int>? = Subject<Int>()
    subject!.sendNext(1)
    // Subscribed after the last send: ready, and not live until the next.
    let subscription = subject!.signal.subscribe(next: { _ in })
    var replay: ReplaySubject<Int>? = ReplaySubject<Int>()
    replay!.sendNext(1)
    let replayed = replay!.signal.subscribe(next: { _ in })
    #expect(!subscription.isDisposed && !replayed.isDisposed)
    subject = nil
    replay = nil
    #expect(subscription.isDisposed)
    #expect(replayed.isDisposed)
  }

  @Test("A subscription disposed after its subject is gone ends quietly")
  func disposalAfterTheSubjectIsGone() {
    let received = Guarded<[Int]>([])
    var subject: Subject<Int>? = Subject<Int>()
    let subscription = subject!.signal.subscribe(next: { value in received.mutate { $0.append(value) } })
    subject!.sendNext(1)
    subject = nil
    #expect(subscription.isDisposed)
    subscription.dispose()
    #expect(received.value == [1])
  }

  @Test("A subject dropped while its signal is held keeps serving that signal")
  func aHeldSignalKeepsTheSubject() {
    var subject: ReplaySubject<Int>? = ReplaySubject<Int>()
    subject!.sendNext(1)
    let signal = subject!.signal
    subject = nil
    // The signal holds the subject: subscribing still replays.
    let received = Guarded<[Int]>([])
    let subscription = signal.subscribe(next: { value in received.mutate { $0.append(value) } })
    #expect(received.value == [1])
    #expect(!subscription.isDisposed)
    subscription.dispose()
  }
}
