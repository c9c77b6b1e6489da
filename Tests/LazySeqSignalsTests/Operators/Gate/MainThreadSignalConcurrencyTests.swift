// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// `deliverOnMainThread()`: main-actor callbacks, immediate on the main
/// thread, queued in order from other threads (RAC G62).
@MainActor
@Suite struct MainThreadSignalConcurrencyTests {
  /// A main-actor object that is not `Sendable`, as a view model is.
  final class Screen {
    var title = ""
    var log: [String] = []
  }

  /// Lets the main queue run until `done()` holds (bounded: a lost event
  /// fails the test instead of hanging it).
  func drainMainQueue(until done: () -> Bool) async {
    for _ in 0..<100_000 where !done() {
      await Task.yield()
    }
  }

  @Test("G62: an event sent on the main thread is delivered at once")
  func deliversAtOnceOnTheMainThread() {
    let subject = Subject<Int>()
    let screen = Screen()
    subject.signal.deliverOnMainThread().subscribe(next: { screen.log.append("next \($0)") })
    subject.sendNext(1)
    #expect(screen.log == ["next 1"])
    subject.sendNext(2)
    #expect(screen.log == ["next 1", "next 2"])
  }

  @Test("G62: events sent on another thread are queued, and a later main-thread event keeps its place")
  func queuesBackgroundEventsInOrder() async {
    let subject = Subject<Int>()
    let screen = Screen()
    subject.signal.deliverOnMainThread().subscribe(
      next: { screen.log.append("next \($0)") }, completed: { screen.log.append("completed") })
    // Sent on another thread while the main actor waits without yielding,
    // so the main queue cannot run in between.
    let sent = DispatchSemaphore(value: 0)
    Thread {
      subject.sendNext(1)
      sent.signal()
    }.start()
    sent.wait()
    // Queued, not delivered: the main queue has not run yet.
    #expect(screen.log == [])
    subject.sendNext(2)
    subject.sendCompleted()
    // Sent on the main thread, but behind a queued event: queued too.
    #expect(screen.log == [])
    await drainMainQueue { screen.log.count == 3 }
    #expect(screen.log == ["next 1", "next 2", "completed"])
    // Once the queue has caught up, the main thread delivers at once again.
    let again = Subject<Int>()
    again.signal.deliverOnMainThread().subscribe(next: { screen.log.append("again \($0)") })
    again.sendNext(3)
    #expect(screen.log.last == "again 3")
  }

  @Test("Values from many threads arrive on the main actor, each once")
  func manyThreadsFeedTheMainActor() async {
    let subject = Subject<Int>()
    let screen = Screen()
    var received: [Int] = []
    subject.signal.deliverOnMainThread().subscribe(next: { received.append($0) })
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<4 {
        group.addTask { for index in 0..<250 { subject.sendNext(sender * 1_000 + index) } }
      }
    }
    await drainMainQueue { received.count == 1_000 }
    #expect(received.count == 1_000)
    #expect(Set(received).count == 1_000)
    // Each sender's values keep their order.
    for sender in 0..<4 {
      let mine = received.filter { $0 / 1_000 == sender }
      #expect(mine == mine.sorted())
    }
    _ = screen
  }

  @Test("map, filter and compactMap run on the main actor")
  func operatorsRunOnTheMainActor() {
    let subject = Subject<Int>()
    let screen = Screen()
    subject.signal.deliverOnMainThread()
      .map { value -> Int in
        screen.log.append("map \(value)")
        return value * 10
      }
      .filter { $0 > 10 }
      .compactMap { $0 == 30 ? nil : "\($0)" }
      .subscribe(next: { screen.title = $0 })
    subject.sendNext(1)
    subject.sendNext(2)
    subject.sendNext(3)
    #expect(screen.log == ["map 1", "map 2", "map 3"])
    #expect(screen.title == "20")
  }

  @Test("bind(to:_:) sets a main-actor object's property and holds it weakly")
  func bindsToAMainActorObject() {
    let subject = Subject<String>()
    var screen: Screen? = Screen()
    weak let weakScreen = screen
    let binding = subject.signal.deliverOnMainThread().bind(to: screen!, \.title)
    subject.sendNext("Ada")
    #expect(screen?.title == "Ada")
    screen = nil
    #expect(weakScreen == nil)
    subject.sendNext("Bob")
    #expect(binding.isDisposed)
  }

  @Test("<~ binds a property to main-thread values")
  func bindsAProperty() {
    let subject = Subject<Int>()
    let property = MutableProperty(0)
    property <~ subject.signal.deliverOnMainThread()
    subject.sendNext(7)
    #expect(property.value == 7)
  }

  @Test("signal leaves the main-actor world but keeps delivering on the main queue")
  func plainSignalStillDeliversOnMain() async {
    let subject = Subject<Int>()
    let onMain = Guarded<[Bool]>([])
    subject.signal.deliverOnMainThread().signal.subscribe(next: { _ in
      onMain.mutate { $0.append(Thread.isMainThread || MainActor.isMainQueue) }
    })
    await Task.detached { subject.sendNext(1) }.value
    subject.sendNext(2)
    await drainMainQueue { onMain.value.count == 2 }
    #expect(onMain.value == [true, true])
  }
}

extension MainActor {
  /// Whether the caller runs on the main queue (on Linux, an async `main`
  /// drains it from another thread than the main one).
  nonisolated static var isMainQueue: Bool {
    // `assumeIsolated` traps off the main actor, so ask the queue instead.
    DispatchQueue.getSpecific(key: mainQueueMarker) == true
  }
}

/// Marks the main queue for ``MainActor/isMainQueue``.
let mainQueueMarker: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()
