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
    #expect(early.history == expectHistory([1, 2]))
    #expect(late.history == expectHistory([2]))
    #expect(Recorder(subject.signal).history == ["completed"])
  }

  @Test func g67SubjectError() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal)
    subject.sendError(TestError.boom)
    subject.sendCompleted()
    #expect(recorder.history == ["error(boom)"])
    #expect(Recorder(subject.signal).history == ["error(boom)"])
  }

  @Test func g68ConcurrentNextsAreAllReceived() {
    for subject in [Subject<Int>(), ReplaySubject<Int>()] {
      let recorder = Recorder(subject.signal)
      DispatchQueue.concurrentPerform(iterations: 20) { subject.sendNext($0) }
      #expect(Set(recorder.values) == Set(0..<20))
      #expect(recorder.values.count == 20)
    }
  }

  @Test func g73ReplaySubjectWithCapacityOne() {
    let subject = ReplaySubject<Int>(capacity: 1)
    #expect(Recorder(subject.signal).history == [])
    subject.sendNext(1)
    subject.sendNext(2)
    #expect(Recorder(subject.signal).history == ["next(2)"])
    subject.sendCompleted()
    #expect(Recorder(subject.signal).history == expectHistory([2]))
    let failing = ReplaySubject<Int>(capacity: 1)
    failing.sendError(TestError.boom)
    #expect(Recorder(failing.signal).history == ["error(boom)"])
  }

  @Test func g74UnlimitedReplaySubject() {
    let subject = ReplaySubject<Int>()
    let live = Recorder(subject.signal)
    for value in 0..<5 { subject.sendNext(value) }
    subject.sendCompleted()
    #expect(Recorder(subject.signal).history == expectHistory(Array(0..<5)))
    #expect(live.history == expectHistory(Array(0..<5)))

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
    #expect(first.history == expectHistory([1]))
    #expect(received.value.first == 1)
  }

  @Test func g74LiveOrderEqualsReplayOrderUnderConcurrentSends() {
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
    #expect(replayed.history == live.history)
    for recorder in lateRecorders.withLock({ $0 }) {
      // A late subscriber sees the replay then live values: the full history.
      #expect(recorder.history == live.history)
    }
  }

  @Test func behaviorSubjectSendsCurrentValueFirst() {
    let subject = BehaviorSubject(0)
    let first = Recorder(subject.signal)
    subject.sendNext(1)
    let second = Recorder(subject.signal)
    subject.sendNext(2)
    #expect(first.history == ["next(0)", "next(1)", "next(2)"])
    #expect(second.history == ["next(1)", "next(2)"])
  }

  @Test func subjectSubscriberForwardsIntoTheSubject() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal)
    signal([1, 2]).subscribe(subject.subscriber)
    #expect(recorder.history == expectHistory([1, 2]))
  }

  @Test func disposedSubscriberIsRemovedFromSubject() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal)
    subject.sendNext(1)
    recorder.disposable?.dispose()
    subject.sendNext(2)
    #expect(recorder.history == ["next(1)"])
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
