// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Dispatch
import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Synchronization
import Testing

/// A `Sendable` object whose property is nonisolated, so its key path is
/// `Sendable` too: it takes the form of `bind(to:_:isolation:)` that follows
/// the caller's isolation. Each set records the value, whether it ran on
/// the main queue, and the thread.
final class SetLog: Sendable {
  struct Entry: Equatable {
    var value: String
    var onMainQueue: Bool
    var thread: UInt
  }

  private let entries = Mutex<[Entry]>([])

  init() {}

  var text: String {
    get { entries.withLock { $0.last?.value ?? "" } }
    set {
      let entry = Entry(
        value: newValue, onMainQueue: Thread.isMainThread || MainActor.isMainQueue,
        thread: CommandTestThreads.currentID())
      entries.withLock { $0.append(entry) }
    }
  }

  var all: [Entry] { entries.withLock { $0 } }
}

/// A binding follows the isolation of the code that makes it: main-actor
/// code gets its values set on the main actor, whatever the object's
/// `Sendable`-ness.
@MainActor
@Suite struct BindingCallerIsolationConcurrencyTests {
  /// A main-actor view: `Sendable`, since it is main-actor isolated.
  @MainActor final class Label {
    var sets: [String] = []
    var offMainQueue = 0
    var text = "" {
      didSet {
        if !(Thread.isMainThread || MainActor.isMainQueue) { offMainQueue += 1 }
        sets.append(text)
      }
    }
  }

  /// Sends `count` numbered titles from each of `senders` new threads, and
  /// returns once all were sent (holding the main actor meanwhile, so what
  /// they send waits for it).
  nonisolated func sendFromThreads(_ titles: Subject<String>, senders: Int, count: Int) {
    let sent = DispatchSemaphore(value: 0)
    for sender in 0..<senders {
      Thread {
        for index in 0..<count { titles.sendNext("\(sender) \(index)") }
        sent.signal()
      }.start()
    }
    for _ in 0..<senders { sent.wait() }
  }

  /// Whether `sets` holds every sender's titles, each sender's in order.
  func inOrder(_ sets: [String], senders: Int, count: Int) -> Bool {
    (0..<senders).allSatisfy { sender in
      sets.filter { $0.hasPrefix("\(sender) ") } == (0..<count).map { "\(sender) \($0)" }
    }
  }

  @Test func aSendableObjectBoundFromMainActorCodeIsSetOnTheMainQueueInOrder() async {
    let log = SetLog()
    let titles = Subject<String>()
    let binding = titles.signal.bind(to: log, \.text)
    titles.sendNext("first")  // sent on the main actor: set at once
    #expect(log.all.map(\.value) == ["first"])
    sendFromThreads(titles, senders: 4, count: 250)
    await waitOnMainActor { log.all.count == 1_001 }
    let sets = log.all
    #expect(sets.count == 1_001)
    #expect(sets.allSatisfy { $0.onMainQueue })
    #expect(inOrder(sets.dropFirst().map(\.value), senders: 4, count: 250))
    binding.dispose()
    titles.sendNext("after")
    #expect(log.all.count == 1_001)
  }

  @Test func aMainActorLabelBoundFromMainActorCodeIsSetOnTheMainQueueInOrder() async {
    let label = Label()
    let titles = Subject<String>()
    titles.signal.bind(to: label, \.text)
    sendFromThreads(titles, senders: 4, count: 250)
    await waitOnMainActor { label.sets.count == 1_000 }
    #expect(label.sets.count == 1_000)
    #expect(label.offMainQueue == 0)
    #expect(inOrder(label.sets, senders: 4, count: 250))
  }

  @Test func noValueIsSetAfterDisposeReturnsOnTheMainActor() async {
    let log = SetLog()
    let titles = Subject<String>()
    let binding = titles.signal.bind(to: log, \.text)
    // Everything sent from the thread is queued: the main actor is held
    // here until the thread is done.
    sendFromThreads(titles, senders: 1, count: 500)
    binding.dispose()
    let atDispose = log.all.count
    await afterMainQueueBlocksSentSoFar()
    #expect(log.all.count == atDispose)
  }
}

/// From nonisolated code a `Sendable` object is set on the sending thread,
/// and on another actor, on that actor.
@Suite struct BindingNonisolatedCallerConcurrencyTests {
  @Test func aSendableObjectBoundFromNonisolatedCodeIsSetOnTheSendingThread() {
    let log = SetLog()
    let titles = Subject<String>()
    titles.signal.bind(to: log, \.text)
    let first = CommandTestThreads.run { titles.sendNext("a") }
    let second = CommandTestThreads.run { titles.sendNext("b") }
    // Set before `sendNext` returned on its thread.
    #expect(log.all.map(\.value) == ["a", "b"])
    #expect(log.all.map(\.thread) == [first, second])
    #expect(log.all.allSatisfy { !$0.onMainQueue })
  }

  /// An actor that binds a signal to a `Sendable` object it shows.
  actor Presenter {
    let log = SetLog()
    var binding: (any Disposable)?

    func show(_ titles: Signal<String>) {
      binding = titles.bind(to: log, \.text)
    }
  }

  @Test func aSendableObjectBoundOnAnotherActorIsSetThereInOrder() async {
    let presenter = Presenter()
    let titles = Subject<String>()
    await presenter.show(titles.signal)
    let log = presenter.log
    CommandTestThreads.run { for index in 0..<300 { titles.sendNext("\(index)") } }
    let deadline = ContinuousClock.now + .seconds(20)
    while log.all.count < 300, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(2))
    }
    #expect(log.all.map(\.value) == (0..<300).map { "\($0)" })
  }
}

/// A draft a view model owns and keeps using: not `Sendable`.
final class Draft {
  var title = ""
  var revisions = 0
}

/// `execute(_:isolation:)`: a command runs with an input that is not
/// `Sendable` where it is executed, when its work was written there.
@MainActor
@Suite struct CommandCallerIsolationConcurrencyTests {
  /// A main-actor service the command calls.
  @MainActor final class Outbox {
    var sent: [ObjectIdentifier] = []
    var offMainQueue = 0

    func send(_ draft: Draft) -> Signal<Int> {
      if !(Thread.isMainThread || MainActor.isMainQueue) { offMainQueue += 1 }
      sent.append(ObjectIdentifier(draft))
      draft.revisions += 1
      return .just(sent.count)
    }
  }

  @MainActor final class ComposeModel {
    var draft = Draft()
    var results: [Int] = []
    let outbox = Outbox()
    let send: Command<Draft, Int>

    init() {
      send = Command { [outbox] draft in outbox.send(draft) }
    }

    func submit() {
      send.execute(draft).subscribe(next: { [weak self] in self?.results.append($0) })
      draft.title += "!"  // still the model's draft
    }
  }

  @Test func aMainActorModelExecutesItsCommandWithItsOwnDraftAtOnce() {
    let model = ComposeModel()
    model.draft.title = "Lunch?"
    model.submit()
    #expect(model.outbox.sent == [ObjectIdentifier(model.draft)])
    #expect(model.draft.revisions == 1)
    #expect(model.draft.title == "Lunch?!")
    #expect(model.results == [1])
    #expect(model.outbox.offMainQueue == 0)
    #expect(!model.send.isExecuting)
  }

  @Test func aDisabledCommandDoesNotTouchTheDraft() {
    let model = ComposeModel()
    let disabled = Command<Draft, Int>(enabled: .just(false)) { draft in
      draft.revisions += 1
      return .just(0)
    }
    let failures = Guarded<[CommandError]>([])
    disabled.execute(model.draft).subscribe(error: { error in
      if let error = error as? CommandError { failures.mutate { $0.append(error) } }
    })
    #expect(model.draft.revisions == 0)
    #expect(failures.value == [.notEnabled])
  }

  /// A custom actor whose command's work runs on it.
  actor Archive {
    var titles: [String] = []

    func store(_ draft: Draft) -> Signal<Int> {
      assertIsolated()
      titles.append(draft.title)
      return .just(titles.count)
    }

    /// Executes its own command with a draft it made: the work runs at
    /// once, here.
    func archive(_ title: String) -> [String] {
      let command = Command<Draft, Int> { draft in self.store(draft) }
      let draft = Draft()
      draft.title = title
      command.execute(draft)
      return titles
    }
  }

  @Test func anActorExecutesItsCommandWithItsOwnDraftAtOnce() async {
    let archive = Archive()
    #expect(await archive.archive("minutes") == ["minutes"])
  }
}

/// Nonisolated work takes a non-`Sendable` input on the executing thread;
/// work on another actor refuses it.
@Suite struct CommandNonisolatedCallerConcurrencyTests {
  @Test func nonisolatedWorkRunsOnTheExecutingThread() {
    let threads = Guarded<[UInt]>([])
    let results = Guarded<[Int]>([])
    let executing = CommandTestThreads.run {
      let count = Command<Draft, Int> { draft in
        threads.mutate { $0.append(CommandTestThreads.currentID()) }
        return .just(draft.title.count)
      }
      let draft = Draft()
      draft.title = "four"
      count.execute(draft).subscribe(next: { value in results.mutate { $0.append(value) } })
    }
    #expect(threads.value == [executing])
    #expect(results.value == [4])
  }

  @Test func workOnAnotherActorRefusesANonSendableInput() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let command = Command<Draft, Int> { @MainActor draft in .just(draft.revisions) }
      command.execute(Draft())  // nonisolated here
    }
    #if DEBUG
      if let result {
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Command.execute(_:isolation:)"), "\(message)")
        #expect(message.contains("non-Sendable type Draft"), "\(message)")
      }
    #endif
  }
}
