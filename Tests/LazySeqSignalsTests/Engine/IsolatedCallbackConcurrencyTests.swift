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
    await waitOnMainActor(until: done)
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
    // The sender finished before `dispose()`: every drain it scheduled is
    // already on the main queue, ahead of this block.
    await afterMainQueueBlocksSentSoFar()
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

/// The other branches of "where it was written": callbacks and execution
/// closures on the main actor reached from elsewhere, on another actor, and
/// bindings into a main-actor object.
@MainActor
@Suite struct IsolatedCallbackBranchConcurrencyTests {
  @MainActor final class View {
    var title = ""
    var setOffMainQueue = 0
    var text: String {
      get { title }
      set {
        if !MainQueue.isCurrent { setOffMainQueue += 1 }
        title = newValue
      }
    }
  }

  /// A main-actor service, as an app's would be.
  @MainActor final class Service {
    var calls: [String] = []
    var offMainQueue = 0
    func login(_ name: String) -> Signal<Bool> {
      if !MainQueue.isCurrent { offMainQueue += 1 }
      calls.append(name)
      return .just(!name.isEmpty)
    }
  }

  func drainMainQueue(until done: () -> Bool) async {
    await waitOnMainActor(until: done)
  }

  @Test func bindingIntoAMainActorViewSetsItOnTheMainQueue() async {
    let view = View()
    let titles = Subject<String>()
    let binding = titles.signal.bind(to: view, \.text)
    titles.sendNext("Inbox")
    #expect(view.text == "Inbox")  // sent on the main actor: set at once
    let sent = DispatchSemaphore(value: 0)
    Thread {
      for index in 0..<100 { titles.sendNext("title \(index)") }
      sent.signal()
    }.start()
    sent.wait()
    await drainMainQueue { view.title == "title 99" }
    #expect(view.title == "title 99")
    #expect(view.setOffMainQueue == 0)
    binding.dispose()
    titles.sendNext("after")
    #expect(view.title == "title 99")
  }

  @Test func aMainActorCommandExecutedOnTheMainActorStartsAtOnce() {
    let service = Service()
    let login = Command<String, Bool> { [service] name in service.login(name) }
    let results = Guarded<[Bool]>([])
    login.execute("ada").subscribe(next: { ok in results.mutate { $0.append(ok) } })
    #expect(service.calls == ["ada"])
    #expect(results.value == [true])
    #expect(!login.isExecuting)
  }

  @Test func aMainActorCommandExecutedElsewhereStartsOnTheMainQueue() async {
    let service = Service()
    let login = Command<String, Bool>(allowsConcurrentExecution: true) { [service] name in
      service.login(name)
    }
    let results = Guarded<[Bool]>([])
    let sent = DispatchSemaphore(value: 0)
    Thread {
      for name in ["a", "b", ""] {
        login.execute(name).subscribe(next: { ok in results.mutate { $0.append(ok) } })
      }
      sent.signal()
    }.start()
    sent.wait()
    #expect(service.calls.isEmpty)  // not yet: the main actor was busy here
    await drainMainQueue { service.calls.count == 3 }
    #expect(service.calls == ["a", "b", ""])  // in the order executed
    #expect(service.offMainQueue == 0)
    #expect(results.value == [true, true, false])
  }

  actor Recorder {
    var values: [Int] = []
    var ended = false
    var subscription: (any Disposable)?

    func start(_ signal: Signal<Int>) {
      subscription = signal.subscribe(
        next: { value in
          self.assertIsolated()
          self.values.append(value)
        },
        completed: { self.ended = true })
    }

    func doubling() -> Command<Int, Int> {
      Command(allowsConcurrentExecution: true) { input in self.work(input) }
    }

    func work(_ input: Int) -> Signal<Int> {
      assertIsolated()
      values.append(input)
      return .just(input * 2)
    }
  }

  @Test func callbacksWrittenOnAnotherActorRunThereInOrder() async {
    let recorder = Recorder()
    let subject = Subject<Int>()
    await recorder.start(subject.signal)
    for value in 0..<300 { subject.sendNext(value) }
    subject.sendCompleted()
    let deadline = ContinuousClock.now + .seconds(20)
    while !(await recorder.ended), ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(2))
    }
    #expect(await recorder.values == Array(0..<300))
  }

  @Test func aCommandWrittenOnAnotherActorRunsThere() async {
    let recorder = Recorder()
    let double = await recorder.doubling()
    let results = Guarded<[Int]>([])
    double.execute(21).subscribe(next: { value in results.mutate { $0.append(value) } })
    let deadline = ContinuousClock.now + .seconds(20)
    while results.value.isEmpty, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(2))
    }
    #expect(results.value == [42])
    #expect(await recorder.values == [21])
  }
}

/// Subscribes from nonisolated code: the callback runs on the sending thread.
private nonisolated func subscribeNonisolated(_ signal: Signal<Int>, _ threads: Guarded<[Bool]>) {
  signal.subscribe(next: { _ in threads.mutate { $0.append(MainQueue.isCurrent) } })
}
