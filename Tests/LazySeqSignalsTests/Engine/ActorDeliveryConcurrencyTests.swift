// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Dispatch
import Foundation
import LazySeq
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// Delivery to callbacks written on an actor: disposal checked on that
/// actor, and one order whichever path an event takes.
@Suite struct ActorDeliveryConcurrencyTests {
  /// A custom actor whose callbacks record what they receive.
  actor Recorder {
    var values: [Int] = []
    var subscription: (any Disposable)?

    func start(_ signal: Signal<Int>) {
      subscription = signal.subscribe(next: { value in self.values.append(value) })
    }

    /// Sends `count` values from another thread while this actor is busy,
    /// lets the deliveries queue up behind it, then disposes on the actor.
    /// Returns how many values had arrived when `dispose()` returned.
    func disposeWhileBusy(_ subject: Subject<Int>, count: Int) -> Int {
      let sent = DispatchSemaphore(value: 0)
      Thread {
        for value in 0..<count { subject.sendNext(value) }
        sent.signal()
      }.start()
      sent.wait()
      // The delivery has taken the events and waits for this actor.
      Thread.sleep(forTimeInterval: 0.05)
      subscription?.dispose()
      return values.count
    }
  }

  @Test func noCallbackRunsAfterDisposeReturnsOnABusyCustomActor() async {
    for _ in 0..<5 {
      let recorder = Recorder()
      let subject = Subject<Int>()
      await recorder.start(subject.signal)
      let atDispose = await recorder.disposeWhileBusy(subject, count: 100)
      #expect(atDispose == 0)  // the actor was busy the whole time
      // Give any delivery that was waiting for the actor time to run.
      for _ in 0..<20 {
        try? await Task.sleep(for: .milliseconds(5))
        await Task.yield()
      }
      #expect(await recorder.values.count == atDispose)
    }
  }
}

/// Order on the main actor: the same on the direct path (an event sent on
/// the main queue, delivered at once) and through the mailbox (an event
/// sent from another thread).
@MainActor
@Suite struct MainActorDeliveryOrderConcurrencyTests {
  @MainActor final class Log {
    var entries: [String] = []
    var received: [Int] = []
  }

  /// A subscriber that, on `1`, sends `2` to the same subject from inside
  /// its callback.
  func subscribeReentrant(_ subject: Subject<Int>, _ log: Log) -> any Disposable {
    subject.signal.subscribe(next: { value in
      log.entries.append("begin \(value)")
      if value == 1 { subject.sendNext(2) }
      log.entries.append("end \(value)")
    })
  }

  @Test func aReentrantSendIsQueuedOnTheDirectPath() {
    let subject = Subject<Int>()
    let log = Log()
    let subscription = subscribeReentrant(subject, log)
    subject.sendNext(1)  // on the main queue: delivered at once
    #expect(log.entries == ["begin 1", "end 1", "begin 2", "end 2"])
    subscription.dispose()
  }

  @Test func aReentrantSendIsQueuedTheSameWayThroughTheMailbox() async {
    let subject = Subject<Int>()
    let log = Log()
    let subscription = subscribeReentrant(subject, log)
    let sent = DispatchSemaphore(value: 0)
    Thread {
      subject.sendNext(1)  // from another thread: through the mailbox
      sent.signal()
    }.start()
    sent.wait()
    await waitOnMainActor { log.entries.count == 4 }
    #expect(log.entries == ["begin 1", "end 1", "begin 2", "end 2"])
    subscription.dispose()
  }

  @Test func twoMainActorSubscribersSeeMainQueueEventsInTheSameOrder() async {
    let subject = Subject<Int>()
    let first = Log()
    let second = Log()
    let subscriptions = [
      subject.signal.subscribe(next: { first.received.append($0) }),
      subject.signal.subscribe(next: { second.received.append($0) }),
    ]
    // Values from another thread wait in both mailboxes, then values sent
    // on the main queue join them, then (once delivered) go direct.
    let sent = DispatchSemaphore(value: 0)
    Thread {
      for value in 0..<500 { subject.sendNext(value) }
      sent.signal()
    }.start()
    sent.wait()
    for value in 500..<520 { subject.sendNext(value) }
    await waitOnMainActor { first.received.count == 520 && second.received.count == 520 }
    for value in 520..<540 { subject.sendNext(value) }
    #expect(first.received == Array(0..<540))
    #expect(second.received == first.received)
    for subscription in subscriptions { subscription.dispose() }
  }
}
