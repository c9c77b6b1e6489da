// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// An action, triggered by the user, that runs a signal for each execution
/// and reports whether it is running, whether it may run, what it produced
/// and how it failed. RAC 2.5's `RACCommand`.
///
/// A command wraps a closure from an input to a signal of work. ``execute(_:)``
/// calls the closure and subscribes to its signal at once, exactly once. The
/// command then reports:
///
/// - ``executionSignals``: one signal per execution, its error replaced by
///   completion;
/// - ``errors``: each execution's error, as a value;
/// - ``executing``: whether an execution is running;
/// - ``enabled``: whether ``execute(_:)`` would run now: the latest value of
///   the `enabled` input (true until it sends one) and, unless concurrent
///   execution is allowed, not executing.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let upload = Command<String, String> { name in
///   Signal.just("uploaded \(name)").delay(.seconds(1), on: scheduler)
/// }
/// upload.enabled.subscribe(next: { print("enabled:", $0) })
/// upload.executionSignals.flatten().subscribe(next: { print($0) })
/// upload.execute("cat.png")
/// upload.execute("dog.png").subscribe(error: { print("dog.png:", $0) })
/// scheduler.advance(by: .seconds(1))
/// // enabled: true
/// // enabled: false
/// // dog.png: notEnabled
/// // uploaded cat.png
/// // enabled: true
/// ```
///
/// ### Threads and order
/// Every event is sent synchronously on the thread that caused it: the thread
/// that called ``execute(_:)``, the thread on which an execution's signal sent
/// its event, or the thread on which the `enabled` input changed. RAC sent
/// them on the main thread; to do that here, use
/// ``Signal/deliver(on:)`` (a deliberate difference from RAC). The command's
/// own events (on ``executionSignals``, ``errors``, ``executing`` and
/// ``enabled``) are delivered one at a time.
///
/// When an execution starts, ``executing`` sends `true`, ``enabled`` sends
/// `false` (unless concurrent execution is allowed), the execution's signal is
/// sent on ``executionSignals``, and only then is the work subscribed to.
/// When it ends, ``executing`` and ``enabled`` are updated first, so whoever
/// hears the end can execute the command again; then the execution's
/// subscribers hear the end; then a failure is sent on ``errors``.
///
/// ### Lifetime
/// A command keeps its execution closure as long as it lives. A closure that
/// captures the object owning the command (a view model) strongly makes a
/// cycle, and neither is ever released. Capture what the closure needs
/// instead, the services it calls:
///
/// ```swift
/// struct Uploads: Sendable {
///   func send(_ name: String) -> Signal<String> { .just("uploaded \(name)") }
/// }
/// @MainActor final class GalleryViewModel {
///   private let uploads = Uploads()
///   let upload: Command<String, String>
///   init() {
///     upload = Command { [uploads] name in uploads.send(name) }  // not `self`
///   }
/// }
/// ```
///
/// The closure runs on the actor it was written on, so one written in a
/// `@MainActor` view model may call the view model's main-actor services
/// (captured, as above).
///
/// The four signals complete when the command is deallocated. Executions in
/// progress are not cancelled (they keep running to their end) and do not
/// keep the command alive. To cancel an execution, build its signal with
/// ``Signal/take(until:)-(Signal<U>)``, for example until another command's
/// ``executionSignals`` sends.
///
/// A command is `Sendable` when its input is; its output is always
/// `Sendable`, because each execution's events are replayed to subscribers
/// on their own threads.
public final class Command<Input, Output: Sendable> {
  private let core: CommandCore<Output>
  private let work: @isolated(any) @Sendable (Input) -> Signal<Output>
  private let input: (any Disposable)?

  /// Creates a command.
  ///
  /// ```swift
  /// let hasText = MutableProperty(false)
  /// let send = Command<String, Void>(enabled: hasText.signal) { text in
  ///   print("sending", text)
  ///   return .empty
  /// }
  /// send.execute("hi").subscribe(error: { print($0) })  // notEnabled
  /// hasText.value = true
  /// send.execute("hi")  // sending hi
  /// ```
  ///
  /// - Parameters:
  ///   - enabled: whether the command may run; subscribed to at once, and
  ///     followed until the command is deallocated. The command is enabled
  ///     until it sends its first value, and keeps its last value when it
  ///     ends. `nil` means always.
  ///   - allowsConcurrentExecution: whether ``execute(_:)`` may start an
  ///     execution while another is running. RAC's
  ///     `allowsConcurrentExecution`.
  ///   - execute: makes the signal of one execution from its input. Called
  ///     once per execution. Written in nonisolated code, it runs on the
  ///     thread that calls ``execute(_:)``. Written on an actor (in
  ///     `@MainActor` code, anywhere in a module with main-actor default
  ///     isolation, at a script's top level), it runs on that actor and may
  ///     use the actor's services. On the main actor it runs at once when
  ///     ``execute(_:)`` is called on the main queue, otherwise in a block
  ///     queued on the main queue (in the order of the calls); on another
  ///     actor it starts in a task there. With an input that is not
  ///     `Sendable`, ``execute(_:isolation:)`` runs it at once, where the
  ///     command is executed.
  public init(
    enabled: Signal<Bool>? = nil,
    allowsConcurrentExecution: Bool = false,
    @_inheritActorContext execute: @escaping @isolated(any) @Sendable (Input) -> Signal<Output>
  ) {
    let core = CommandCore<Output>(allowsConcurrentExecution: allowsConcurrentExecution)
    self.core = core
    self.work = execute
    self.input = enabled?.subscribe(next: { core.setInputEnabled($0) })
  }

  deinit {
    input?.dispose()
    core.complete()
  }

  /// Runs the command with `input`, if it is enabled. RAC `-execute:`.
  ///
  /// If the command is enabled, the `execute` closure is called at once and
  /// its signal is subscribed to at once, exactly once, whether or not
  /// anyone subscribes to the result. The result replays that execution's
  /// events, from the start, to each of its subscribers.
  ///
  /// If it is not enabled, the closure is not called, nothing is sent on
  /// ``errors``, and the result fails with ``CommandError/notEnabled``. The
  /// check and the start of the execution are one atomic step: two threads
  /// racing to execute a command that disallows concurrent execution never
  /// both run it.
  ///
  /// An execution's values and its error on ``errors`` are delivered before
  /// ``executing`` sends `false` and ``enabled`` sends `true` for it, so an
  /// observer that sees the command at rest has seen everything it did. The
  /// execution's own end (its error or completion on the result and in
  /// ``executionSignals``) comes after: a subscriber that sees it finds the
  /// command at rest, and may execute it again.
  ///
  /// This form takes a `Sendable` input, which may go wherever the
  /// `execute` closure runs; an input of another type takes
  /// ``execute(_:isolation:)``.
  ///
  /// ```swift
  /// let double = Command<Int, Int> { .just($0 * 2) }
  /// let result = double.execute(21)
  /// result.subscribe(next: { print($0) })  // 42
  /// result.subscribe(next: { print($0) })  // 42 (replayed)
  /// ```
  ///
  /// - Parameter input: passed to the `execute` closure.
  /// - Returns: the execution's events, replayed; or a failure with
  ///   ``CommandError/notEnabled``.
  /// - Complexity: the replay keeps every value of the execution while the
  ///   result is referenced.
  @discardableResult
  public func execute(_ input: Input) -> Signal<Output> where Input: Sendable {
    guard let replay = start() else { return .error(CommandError.notEnabled) }
    let core = self.core
    runWhereWritten(work, input) { signal in Self.run(signal, core: core, into: replay) }
    return replay.signal
  }

  /// Runs the command with an input that stays where it is: one that is not
  /// `Sendable`, such as a draft a view model owns. RAC `-execute:`.
  ///
  /// It does what ``execute(_:)`` does, for an input that cannot move to
  /// another thread. The `execute` closure therefore runs here, at once, on
  /// the caller's thread and actor: it must have been written in
  /// nonisolated code, or on the actor that calls this (a main-actor view
  /// model executing its own main-actor command). The input is not
  /// `sending`: the caller keeps it, and the compiler keeps it in the
  /// caller's isolation domain afterwards.
  ///
  /// ```swift
  /// final class Draft {  // not Sendable
  ///   var title = ""
  /// }
  /// @MainActor final class Drafts {  // a main-actor service
  ///   var saved: [String] = []
  ///   func save(_ draft: Draft) -> Signal<Int> {
  ///     saved.append(draft.title)
  ///     return .just(saved.count)
  ///   }
  /// }
  /// @MainActor final class EditorModel {
  ///   var draft = Draft()
  ///   private let drafts = Drafts()
  ///   let save: Command<Draft, Int>
  ///
  ///   init() {
  ///     save = Command { [drafts] draft in drafts.save(draft) }  // on the main actor
  ///   }
  ///
  ///   func submit() {
  ///     save.execute(draft)  // the model's own draft, on the main actor
  ///   }
  /// }
  /// ```
  ///
  /// - Precondition: the `execute` closure is nonisolated, or isolated to
  ///   `isolation`. A closure written on another actor would take the input
  ///   away from the caller while the caller still holds it; the program
  ///   stops with a message that says so. Execute the command on that actor,
  ///   or make the input `Sendable`.
  /// - Parameters:
  ///   - input: passed to the `execute` closure, here.
  ///   - isolation: where the command is executed: the actor of the calling
  ///     code, or `nil` in nonisolated code. Leave the default.
  /// - Returns: the execution's events, replayed; or a failure with
  ///   ``CommandError/notEnabled``.
  /// - Complexity: the replay keeps every value of the execution while the
  ///   result is referenced.
  @discardableResult
  public func execute(_ input: Input, isolation: isolated (any Actor)? = #isolation)
    -> Signal<Output>
  {
    let workIsolation = work.isolation
    precondition(
      workIsolation == nil || workIsolation! === isolation,
      "Command.execute(_:isolation:): the execute closure runs on \(workIsolation.map { "\($0)" } ?? "nil"), not where the command is executed (\(isolation.map { "\($0)" } ?? "nonisolated code")), so it cannot take an input of the non-Sendable type \(Input.self); execute the command on that actor, or make the input Sendable"
    )
    guard let replay = start() else { return .error(CommandError.notEnabled) }
    // The work is nonisolated, or isolated to `isolation`, the parameter
    // this function runs on: it may be called here, synchronously.
    let run: @Sendable (Input) -> Signal<Output> = synchronous(work)
    Self.run(run(input), core: core, into: replay)
    return replay.signal
  }

  /// Claims an execution if the command is enabled and announces it;
  /// returns the subject that replays it, or `nil` if not enabled.
  private func start() -> ReplaySubject<Output>? {
    guard core.begin() else { return nil }
    let replay = ReplaySubject<Output>()
    core.started(replay.signal.catchTo(.empty))
    return replay
  }

  /// Subscribes to one execution's signal, feeding `replay` and the state.
  private static func run(
    _ signal: Signal<Output>, core: CommandCore<Output>, into replay: ReplaySubject<Output>
  ) {
    // The execution's values and its error on `errors` first, then the
    // state, then the execution's own terminal event: by the time
    // `executing` sends `false` (and `enabled` `true`) everything the
    // execution produced has been delivered, and a subscriber that sees the
    // execution end finds the command at rest (it may execute it again).
    signal.subscribe(
      next: { replay.sendNext($0) },
      error: { error in
        core.failed(error)
        replay.sendError(error)
      },
      completed: {
        core.end()
        replay.sendCompleted()
      })
  }

  /// Each execution's signal, sent when the execution starts; its error is
  /// replaced by completion. RAC `executionSignals`.
  ///
  /// Hot: only the executions started after the subscription are sent. Each
  /// inner signal replays its execution from the start. Completes when the
  /// command is deallocated.
  ///
  /// ```swift
  /// let fetch = Command<Int, String> { .just("page \($0)") }
  /// fetch.executionSignals.switchToLatest().subscribe(next: { print($0) })
  /// fetch.execute(1)
  /// fetch.execute(2)
  /// // page 1
  /// // page 2
  /// ```
  public var executionSignals: Signal<Signal<Output>> { core.executionSignals }

  /// Each execution's error, as a value. RAC `errors`.
  ///
  /// Hot. ``CommandError/notEnabled`` is never sent here. Completes when the
  /// command is deallocated.
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let refresh = Command<Void, Int> { .error(Offline()) }
  /// refresh.errors.subscribe(next: { print("failed:", $0) })
  /// refresh.execute(())
  /// // failed: Offline()
  /// ```
  public var errors: Signal<any Error> { core.errors }

  /// Whether an execution is running: the current state at once, then each
  /// change, never the same value twice in a row. RAC `executing`.
  ///
  /// Completes when the command is deallocated.
  public var executing: Signal<Bool> { core.executing.signal }

  /// Whether ``execute(_:)`` would run now: the current state at once, then
  /// each change, never the same value twice in a row. RAC `enabled`.
  ///
  /// It is the latest value of the `enabled` input (true before its first
  /// value) and, unless ``allowsConcurrentExecution``, not executing.
  /// Completes when the command is deallocated.
  public var enabled: Signal<Bool> { core.enabled.signal }

  /// Whether an execution is running now.
  public var isExecuting: Bool { core.state.withLock { $0.isExecuting } }

  /// Whether ``execute(_:)`` would run now.
  public var isEnabled: Bool { core.state.withLock { $0.isEnabled } }

  /// Whether ``execute(_:)`` may start an execution while another is
  /// running.
  public var allowsConcurrentExecution: Bool { core.allowsConcurrentExecution }
}

// Checked by the compiler: the stored closure is `@Sendable`, the core is
// internally synchronized.
extension Command: Sendable where Input: Sendable {}

/// The state and the outputs of a ``Command``, shared with its executions so
/// that they do not keep the command alive.
///
/// The state machine is in a short `Locked`, so `begin` (the check and the
/// claim of an execution) is atomic and the `is…` reads never wait for a
/// delivery. Every output is sent through one engine `Gate`, with
/// `Gate.run`: the command's events are delivered one at a time, and an
/// observer that executes the command again runs nested, at once, without
/// deadlock (the subjects queue what it sends behind the current delivery).
/// Subscribing to an output never enters that gate: a subject joins a
/// subscriber in a short critical section of its own, so a subscription
/// never waits for a delivery in progress.
// @unchecked: mutable state is in `state`; the subjects and cores are
// thread-safe and only sent to inside `gate`.
final class CommandCore<Output: Sendable>: @unchecked Sendable {
  let state: Locked<CommandState>
  let allowsConcurrentExecution: Bool
  private let gate = Gate()
  let executing: PropertyCore<Bool>
  let enabled: PropertyCore<Bool>
  private let executionSubject = Subject<Signal<Output>>()
  private let errorSubject = Subject<any Error>()

  init(allowsConcurrentExecution: Bool) {
    state = Locked(CommandState(allowsConcurrentExecution: allowsConcurrentExecution))
    self.allowsConcurrentExecution = allowsConcurrentExecution
    executing = PropertyCore(false)
    enabled = PropertyCore(true)
  }

  // Subscriptions need no gate: joining a plain subject runs no user code.
  var executionSignals: Signal<Signal<Output>> { executionSubject.signal }

  var errors: Signal<any Error> { errorSubject.signal }

  /// Runs `body` inside the command's gate (nested, at once, on the thread
  /// that already owns it).
  private func inGate(_ body: () -> Void) {
    // The gate guards no subscriber list: there is nothing to maintain.
    gate.run(maintain: {}, { _ in body() })
  }

  /// Claims an execution if the command is enabled, in one atomic step.
  func begin() -> Bool {
    state.withLock { $0.begin() }
  }

  /// Announces a claimed execution and sends its signal.
  func started(_ execution: Signal<Output>) {
    inGate {
      announce()
      executionSubject.sendNext(execution)
    }
  }

  /// Releases an execution and announces the new state.
  func end() {
    state.withLock { $0.end() }
    inGate { announce() }
  }

  /// Releases a failed execution: sends its error on `errors`, then
  /// announces the new state, in one pass through the gate. The execution
  /// is released first, so an `errors` observer may execute the command
  /// again; the gate keeps any announcement (this one, or that of an
  /// execution started meanwhile on another thread) behind the error.
  func failed(_ error: any Error) {
    inGate {
      state.withLock { $0.end() }
      errorSubject.sendNext(error)
      announce()
    }
  }

  /// Records the latest value of the `enabled` input and announces it.
  func setInputEnabled(_ enabled: Bool) {
    state.withLock { $0.setInputEnabled(enabled) }
    inGate { announce() }
  }

  /// Completes every output.
  func complete() {
    inGate {
      executionSubject.sendCompleted()
      errorSubject.sendCompleted()
      executing.complete()
      enabled.complete()
    }
  }

  /// Sends every change between the announced and the current state, one at
  /// a time, re-reading the state after each (an observer may change it).
  /// Runs inside `gate`.
  private func announce() {
    while let announcement = state.withLock({ $0.nextAnnouncement() }) {
      switch announcement {
      case .executing(let value): executing.set(value)
      case .enabled(let value): enabled.set(value)
      }
    }
  }
}
