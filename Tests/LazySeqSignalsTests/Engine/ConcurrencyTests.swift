// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Dispatch
import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Synchronization
import Testing

/// Serial delivery, termination exactly once and disposal under races.
@Suite struct ConcurrencyTests {
  /// Checks the grammar `next* (error | completed)?` of a history.
  func isWellFormed<T>(_ events: [Event<T>]) -> Bool {
    guard let terminal = events.firstIndex(where: \.isTerminal) else { return true }
    return terminal == events.count - 1
  }

  @Test func racingSendsAgainstTerminalEvents() {
    for iteration in 0..<1_000 {
      let subject = Subject<Int>()
      let recorder = Recorder(subject.signal)
      DispatchQueue.concurrentPerform(iterations: 4) { index in
        switch index {
        case 0: subject.sendCompleted()
        case 1: subject.sendError(TestError.boom)
        default: for value in 0..<10 { subject.sendNext(value) }
        }
      }
      let events = recorder.events
      #expect(isWellFormed(events), "iteration \(iteration): \(events)")
      #expect(events.filter(\.isTerminal).count == 1, "iteration \(iteration)")
    }
  }

  @Test func racingSendsAgainstDisposal() {
    for iteration in 0..<1_000 {
      let subject = Subject<Int>()
      let disposed = Atomic<Bool>(false)
      let lateEvents = Atomic<Int>(0)
      let received = Atomic<Int>(0)
      let inFlight = Atomic<Int>(0)
      let subscription = subject.signal.subscribe(next: { _ in
        inFlight.add(1, ordering: .sequentiallyConsistent)
        received.add(1, ordering: .relaxed)
        if disposed.load(ordering: .sequentiallyConsistent) { lateEvents.add(1, ordering: .relaxed) }
        inFlight.subtract(1, ordering: .sequentiallyConsistent)
      })
      DispatchQueue.concurrentPerform(iterations: 3) { index in
        if index == 0 {
          subscription.dispose()
          disposed.store(true, ordering: .sequentiallyConsistent)
        } else {
          for value in 0..<20 { subject.sendNext(value) }
        }
      }
      // A delivery that had already started when dispose() returned may
      // finish; none may start afterwards. Delivery is serial, so at most
      // one value can straddle the disposal.
      #expect(lateEvents.load(ordering: .relaxed) <= 1, "iteration \(iteration)")
      let before = received.load(ordering: .relaxed)
      subject.sendNext(99)
      #expect(received.load(ordering: .relaxed) == before, "iteration \(iteration)")
      #expect(subscription.isDisposed)
    }
  }

  @Test func eightThreadsSendingToOneSubjectNeverOverlap() {
    let subject = Subject<Int>()
    let delivering = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let received = Recorder<Int>()
    let other = Recorder<Int>()
    subject.signal.subscribe(next: { value in
      if delivering.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
        overlaps.add(1, ordering: .relaxed)
      }
      received.append(.next(value))
      delivering.subtract(1, ordering: .sequentiallyConsistent)
    })
    subject.signal.map { $0 }.subscribe(next: { other.append(.next($0)) })
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<2_000 { subject.sendNext(thread * 10_000 + index) }
    }
    #expect(overlaps.load(ordering: .relaxed) == 0)
    #expect(received.values.count == 16_000)
    #expect(Set(received.values).count == 16_000)
    // Every subscriber sees the same order.
    #expect(other.values == received.values)
    // Each thread's values arrive in the order it sent them.
    for thread in 0..<8 {
      let mine = received.values.filter { $0 / 10_000 == thread }
      #expect(mine == mine.sorted())
    }
  }

  @Test func concurrentSendsToOneSubscriberAreSerial() {
    let delivering = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let count = Atomic<Int>(0)
    let captured = Locked<Subscriber<Int>?>(nil)
    Signal<Int> { subscriber in
      captured.withLock { $0 = subscriber }
      return nil
    }.subscribe(next: { _ in
      if delivering.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
        overlaps.add(1, ordering: .relaxed)
      }
      count.add(1, ordering: .relaxed)
      delivering.subtract(1, ordering: .sequentiallyConsistent)
    })
    let subscriber = captured.withLock { $0 }!
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for value in 0..<1_000 { subscriber.sendNext(value) }
    }
    #expect(overlaps.load(ordering: .relaxed) == 0)
    #expect(count.load(ordering: .relaxed) == 8_000)
  }

  @Test("G72: no next after terminal under a flood") func noNextAfterTerminalUnderAFlood() {
    for _ in 0..<200 {
      let captured = Locked<Subscriber<Int>?>(nil)
      let finished = Atomic<Bool>(false)
      let nextAfterFinished = Atomic<Int>(0)
      Signal<Int> { subscriber in
        captured.withLock { $0 = subscriber }
        return nil
      }.subscribe(
        next: { _ in
          if finished.load(ordering: .sequentiallyConsistent) {
            nextAfterFinished.add(1, ordering: .relaxed)
          }
        },
        completed: { finished.store(true, ordering: .sequentiallyConsistent) })
      let subscriber = captured.withLock { $0 }!
      DispatchQueue.concurrentPerform(iterations: 31) { index in
        if index == 15 { subscriber.sendCompleted() } else { subscriber.sendNext(index) }
      }
      #expect(nextAfterFinished.load(ordering: .relaxed) == 0)
      let didFinish = finished.load(ordering: .relaxed)
      #expect(didFinish)
    }
  }

  @Test func reentrantSubjectSendFromAnotherSubscriberDoesNotDeadlock() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal)
    subject.signal.subscribe(next: { value in
      if value < 3 { subject.sendNext(value + 1) }
    })
    subject.sendNext(0)
    #expect(recorder.values == [0, 1, 2, 3])
  }

  @Test func deliverOnQueueSchedulerKeepsOrder() {
    let scheduler = QueueScheduler(label: "deliver")
    let recorder = Recorder<Int>()
    let done = DispatchSemaphore(value: 0)
    signal(Array(0..<1_000)).deliver(on: scheduler).subscribe(
      next: { recorder.append(.next($0)) }, completed: { done.signal() })
    done.wait()
    #expect(recorder.values == Array(0..<1_000))
  }
}
