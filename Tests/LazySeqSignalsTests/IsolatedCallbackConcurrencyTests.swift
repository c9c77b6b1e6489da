// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Dispatch
import Foundation
import LazySeq
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// Whether the caller runs on the main queue: a queue-specific key, since
/// on Linux main-actor code can run on a pool thread under an async `main`
/// (`Thread.isMainThread` is not the test).
private enum MainQueue {
  static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  static var isCurrent: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true }
}

/// Terminal callbacks run where they were written: on the main actor for
/// callbacks written in main-actor code, synchronously on the sending thread
/// for nonisolated ones.
@MainActor
@Suite struct IsolatedCallbackConcurrencyTests {
  /// A main-actor view model, as main-actor default isolation makes every
  /// class of an app.
  @MainActor final class ViewModel {
    var received: [Int] = []
    var offMainQueue = 0
    var ended: [String] = []
    var subscription: (any Disposable)?

    func start(_ signal: Signal<Int>) {
      subscription = signal.subscribe(
        next: { [weak self] value in
          if !MainQueue.isCurrent { self?.offMainQueue += 1 }
          self?.received.append(value)
        },
        error: { [weak self] _ in self?.ended.append("error") },
        completed: { [weak self] in self?.ended.append("completed") })
    }
  }

  /// Lets the main queue run until `done()` holds (bounded: a lost event
  /// fails the test instead of hanging it).
  func drainMainQueue(until done: () -> Bool) async {
    for _ in 0..<200_000 where !done() {
      await Task.yield()
    }
  }

  @Test func anEventSentOnTheMainActorIsDeliveredAtOnce() {
    let subject = Subject<Int>()
    let model = ViewModel()
    model.start(subject.signal)
    subject.sendNext(1)
    #expect(model.received == [1])
    subject.sendCompleted()
    #expect(model.ended == ["completed"])
  }

  @Test func eventsFromEightBackgroundSendersArriveOnTheMainQueueInOrder() async {
    let subject = Subject<Int>()
    let model = ViewModel()
    model.start(subject.signal)
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<8 {
        group.addTask { for index in 0..<500 { subject.sendNext(sender * 1_000 + index) } }
      }
    }
    subject.sendCompleted()
    await drainMainQueue { model.ended == ["completed"] }
    #expect(model.received.count == 4_000)
    #expect(model.offMainQueue == 0)
    #expect(model.ended == ["completed"])
    for sender in 0..<8 {
      let mine = model.received.filter { $0 / 1_000 == sender }
      #expect(mine == (0..<500).map { sender * 1_000 + $0 }, "sender \(sender)")
    }
  }

  @Test func noCallbackRunsAfterDisposeReturnsOnTheMainActor() async {
    let subject = Subject<Int>()
    let model = ViewModel()
    model.start(subject.signal)
    let sent = DispatchSemaphore(value: 0)
    Thread {
      for value in 0..<1_000 { subject.sendNext(value) }
      subject.sendCompleted()
      sent.signal()
    }.start()
    // Wait on the main actor without yielding: everything is queued.
    sent.wait()
    model.subscription?.dispose()
    let countAtDispose = model.received.count
    await drainMainQueue { false }
    #expect(model.received.count == countAtDispose)
    #expect(model.ended.isEmpty)
  }

  @Test func aBackgroundHopIsNoLongerNeededToTouchMainActorState() async {
    let model = ViewModel()
    model.start(Signal(Seq(0..<100)).deliver(on: QueueScheduler()))
    await drainMainQueue { model.ended == ["completed"] }
    #expect(model.received == Array(0..<100))
    #expect(model.offMainQueue == 0)
  }

  @Test func nonisolatedCallbacksStillRunOnTheSendingThread() {
    let subject = Subject<Int>()
    let threads = Guarded<[Bool]>([])
    subscribeNonisolated(subject.signal, threads)
    let done = DispatchSemaphore(value: 0)
    Thread {
      subject.sendNext(1)
      done.signal()
    }.start()
    done.wait()
    // Delivered on the sending thread, before `sendNext` returned there.
    #expect(threads.value == [false])
  }
}

/// Subscribes from nonisolated code: the callback runs on the sending thread.
private nonisolated func subscribeNonisolated(_ signal: Signal<Int>, _ threads: Guarded<[Bool]>) {
  signal.subscribe(next: { _ in threads.mutate { $0.append(MainQueue.isCurrent) } })
}
