// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Terminal callbacks run where they were written.
//
// A callback given to `Signal.subscribe` carries its isolation
// (`@isolated(any)`): `nil` for a closure written in nonisolated code, the
// actor for one written on an actor (in `@MainActor` code, anywhere in a
// module with main-actor default isolation, at a script's top level). The
// subscription decides its sink's kind once, from that:
//
// - nonisolated: the callbacks run synchronously on the sending thread, as
//   RAC's do; the sink is the plain one, so the send path does not change;
// - on the main actor: `MainActorDelivery` runs them on the main actor, in
//   the order sent: at once when the event is sent on the main queue with
//   nothing waiting (RAC's `deliverOnMainThread` timing), otherwise through
//   one mailbox per subscription drained by one main-queue block per burst;
// - on another actor: `ActorDelivery` awaits them on that actor, in order,
//   from one task per burst.
//
// THE ONE CONVERSION. Calling an `@isolated(any)` function synchronously
// needs a conversion that Swift 6.3 accepts with a warning ("converting
// @isolated(any) function … to synchronous function type … is not
// allowed"). It is made only in `synchronous(_:)` below, one generic
// function, so a build prints that warning once, and called only where it
// is sound by construction: when the function's isolation is `nil` (a
// nonisolated `@Sendable` function may run on any thread), or on the
// function's own actor (inside `MainActor.assumeIsolated`, after checking
// the isolation is the main actor; or inside a function whose `isolated`
// parameter is the closure's own isolation, as `ActorDelivery`,
// `Signal.observing` and `Command.execute(_:isolation:)` do). CI allows that
// one warning, at that one site
// (`.ci/run`); no `unsafeBitCast` of function types.
//
// Why no formulation without it exists in Swift 6.3 (each tried):
// - the language has no synchronous call of an `@isolated(any)` function,
//   even on its own actor (SE-0431 leaves it to a future direction);
// - a dynamic cast (`f as Any as? @Sendable (T) -> Void`) returns nil for
//   every callback, nonisolated or not;
// - the diagnostic group cannot be silenced on its own (only `-Wwarning` and
//   `-Werror` exist; the `@warn` attribute is not in this compiler);
// - a callback type that is not `@isolated(any)` loses the isolation the
//   closure was written in (`@_inheritActorContext` on a synchronous
//   `@Sendable` closure leaves it nonisolated), and an `isolation:` parameter
//   with a plain closure is unsound for nonisolated callers;
// - `Task.immediate { await f(v) }` is sound but costs about 2.4 µs a call
//   and still hops off the main actor for a nonisolated `f`.

internal import Dispatch
public import Synchronization

/// An `@isolated(any)` function as a synchronous function. Sound only where
/// the caller calls it: with `f.isolation == nil`, or on `f`'s actor.
///
/// One generic function (a parameter pack covers callbacks, results and
/// no arguments alike), so the conversion is made in exactly one place.
/// The price, measured with callgrind: the pack's abstraction adds a
/// reabstraction thunk to each converted callback (a subscription with one
/// callback, subscribe + one value + dispose, 3,992 instructions against
/// 3,327 with one concrete function per shape; a value through
/// `map → filter → subscribe`, 346 against 328).
@inlinable
func synchronous<each Argument, Result>(
  _ f: @escaping @isolated(any) @Sendable (repeat each Argument) -> Result
) -> @Sendable (repeat each Argument) -> Result {
  f
}

extension Sink {
  /// A sink that runs nonisolated user callbacks synchronously. Each is
  /// converted once, here, without wrapping (`Optional.map` would add a
  /// reabstraction thunk per callback).
  @inlinable
  init(
    nonisolated next: (@isolated(any) @Sendable (Value) -> Void)?,
    error: (@isolated(any) @Sendable (any Error) -> Void)?,
    completed: (@isolated(any) @Sendable () -> Void)?
  ) {
    if let next {
      self.next = synchronous(next)
    } else {
      self.next = { _ in }
    }
    switch (error, completed) {
    case (nil, nil):
      self.end = { _ in }
    case (let error?, nil):
      let error = synchronous(error)
      self.end = { if case .failed(let failure) = $0 { error(failure) } }
    case (nil, let completed?):
      let completed = synchronous(completed)
      self.end = { if case .completed = $0 { completed() } }
    case (let error?, let completed?):
      let error = synchronous(error)
      let completed = synchronous(completed)
      self.end = { completion in
        switch completion {
        case .completed: completed()
        case .failed(let failure): error(failure)
        }
      }
    }
  }
}

/// The actor the callbacks of one subscription were written on: `nil` when
/// all of them are nonisolated.
@inlinable
func callbackIsolation<Value>(
  _ next: (@isolated(any) @Sendable (Value) -> Void)?,
  _ error: (@isolated(any) @Sendable (any Error) -> Void)?,
  _ completed: (@isolated(any) @Sendable () -> Void)?
) -> (any Actor)? {
  next?.isolation ?? error?.isolation ?? completed?.isolation
}

/// Whether every callback is nonisolated or isolated to `actor`.
@usableFromInline
func callbacks<Value>(
  _ next: (@isolated(any) @Sendable (Value) -> Void)?,
  _ error: (@isolated(any) @Sendable (any Error) -> Void)?,
  _ completed: (@isolated(any) @Sendable () -> Void)?,
  areOn actor: any Actor
) -> Bool {
  func onActor(_ isolation: (any Actor)?) -> Bool {
    isolation == nil || isolation! === actor
  }
  return onActor(next?.isolation) && onActor(error?.isolation) && onActor(completed?.isolation)
}

/// Whether `actor` is the main actor.
@usableFromInline
func isMainActor(_ actor: any Actor) -> Bool {
  actor === MainActor.shared
}

/// Whether the caller runs on the main actor's executor (the main queue).
@usableFromInline
func isOnMainQueue() -> Bool {
  Operators.MainQueue.isCurrent
}

/// Queues `work` on the main queue, behind the library's main-queue work
/// already in line (MainQueue.swift).
@usableFromInline
func enqueueOnMainQueue(_ work: @escaping @Sendable () -> Void) {
  Operators.MainQueue.async(work)
}

/// A task registered with the tracker installed on the sending thread
/// (see `TaskTracking`), until its event is delivered. A class, so that
/// "none" (the common case) is a null reference.
@usableFromInline
final class TrackedDelivery: Sendable {
  let registration: any TaskRegistration

  init(_ registration: any TaskRegistration) { self.registration = registration }

  /// Registers a delivery about to be queued; `nil` (one thread-local read)
  /// when no tracker is installed.
  @usableFromInline
  static func willStart() -> TrackedDelivery? {
    TaskTracking.taskWillStart().map(TrackedDelivery.init)
  }

  /// The event has been delivered.
  @usableFromInline
  func finished() { registration.finished() }
}

extension Signal where Value: Sendable {
  /// Subscribes callbacks written on an actor: they receive every event on
  /// that actor, in the order sent.
  ///
  /// Inlinable, like the main-actor delivery it builds: specialized in the
  /// subscriber's module, a value's way to the main actor runs no generic
  /// code (no run-time metadata lookup per value).
  @inlinable
  func subscribe(
    on isolation: any Actor,
    next: (@isolated(any) @Sendable (Value) -> Void)?,
    error: (@isolated(any) @Sendable (any Error) -> Void)?,
    completed: (@isolated(any) @Sendable () -> Void)?
  ) -> any Disposable {
    guard isMainActor(isolation), callbacks(next, error, completed, areOn: isolation) else {
      return subscribe(onActor: isolation, next: next, error: error, completed: completed)
    }
    let lifetime = Lifetime()
    let delivery = MainActorDelivery(next: next, error: error, completed: completed)
    attach(
      Sink(next: { delivery.send(.next($0)) }, end: { delivery.send(.end($0)) }), lifetime)
    return AnyDisposable {
      delivery.cancel()
      lifetime.dispose()
    }
  }

  /// Subscribes callbacks written on an actor other than the main actor (or
  /// on several).
  @usableFromInline
  func subscribe(
    onActor isolation: any Actor,
    next: (@isolated(any) @Sendable (Value) -> Void)?,
    error: (@isolated(any) @Sendable (any Error) -> Void)?,
    completed: (@isolated(any) @Sendable () -> Void)?
  ) -> any Disposable {
    let lifetime = Lifetime()
    let delivery = ActorDelivery(next: next, error: error, completed: completed)
    attach(
      Sink(next: { delivery.send(.next($0)) }, end: { delivery.send(.end($0)) }), lifetime)
    return AnyDisposable {
      delivery.cancel()
      lifetime.dispose()
    }
  }
}

/// One event on its way to an actor.
@usableFromInline
enum DeliveryEvent<Value: Sendable>: Sendable {
  case next(Value)
  case end(Completion)
}

/// The events of one subscription on their way to its callbacks' actor, and
/// whether a drain (a main-queue block, a task) is scheduled or running: an
/// event sent meanwhile queues behind it, so events arrive in order and one
/// drain serves a burst.
///
/// One producer at a time (the subscription's gate serializes the sends)
/// hands events to one consumer (the drain) through a short critical
/// section: an append, or a swap of the whole array.
///
/// An event posted while a task tracker is installed on the sending thread
/// (a `TestScheduler` running an action, or a task it waits for sending its
/// result) is registered with that tracker until the drain has delivered
/// it: the scheduler's async `advance(by:)` waits for the delivery before
/// it moves virtual time on. Otherwise posting costs one thread-local read.
@usableFromInline
struct DeliveryMailbox<Value: Sendable>: ~Copyable, Sendable {
  @usableFromInline
  struct State: Sendable {
    /// The values queued, oldest first, then the end if it has come (it
    /// comes last: nothing is sent after it). Values and end apart, so a
    /// value is queued as itself, with no event wrapper to copy.
    @usableFromInline var values: [Value] = []
    @usableFromInline var end: Completion?
    @usableFromInline var registrations: [TrackedDelivery] = []
    @usableFromInline var draining = false

    @inlinable init() {}
  }

  /// What one turn of a drain takes: values to deliver, oldest first, the
  /// end after them if it has come, and the registrations to finish once
  /// they are delivered.
  @usableFromInline
  struct Batch: Sendable {
    @usableFromInline var values: [Value]
    @usableFromInline var end: Completion?
    @usableFromInline var registrations: [TrackedDelivery]

    @inlinable
    init(values: [Value], end: Completion?, registrations: [TrackedDelivery]) {
      self.values = values
      self.end = end
      self.registrations = registrations
    }

    /// Whether there is nothing to deliver (the drain is then over).
    @inlinable
    var isEmpty: Bool { values.isEmpty && end == nil }

    /// Finishes the registrations: call after delivering `events`.
    @inlinable
    func delivered() {
      for registration in registrations { registration.finished() }
    }
  }

  @usableFromInline let state = Mutex(State())
  /// Released before each unlock and acquired after each lock: on Linux a
  /// contended `Mutex` is acquired inside the uninstrumented runtime, and
  /// this makes the hand-over visible to ThreadSanitizer (as `Lock` does).
  @usableFromInline let fence = Atomic<Int>(0)

  @inlinable init() {}

  @inlinable
  func withState<Result>(_ body: (inout State) -> Result) -> Result {
    state.withLock { state in
      _ = fence.load(ordering: .acquiring)
      defer { fence.store(0, ordering: .releasing) }
      return body(&state)
    }
  }

  /// How ``offer(_:direct:)`` disposed of an event.
  @usableFromInline
  enum Offer {
    /// Queued behind a drain already scheduled or running.
    case queued
    /// Queued, and the caller must schedule the drain.
    case startDrain
    /// Not queued: nothing waits, and the caller may deliver it at once.
    case direct
  }

  /// Queues `event` behind the events already queued; or, when nothing is
  /// queued and `direct()` holds, leaves it to the caller to deliver at
  /// once. During a burst (a drain scheduled or running) this is one short
  /// critical section and `direct` is not called.
  @inlinable
  func offer(_ event: DeliveryEvent<Value>, direct: () -> Bool) -> Offer {
    // Registered before the lock: the tracker has a lock of its own.
    let registration = TrackedDelivery.willStart()
    let offer = withState { state -> Offer in
      if !state.draining && direct() { return .direct }
      switch event {
      case .next(let value): state.values.append(value)
      case .end(let completion): state.end = completion
      }
      if let registration { state.registrations.append(registration) }
      defer { state.draining = true }
      return state.draining ? .queued : .startDrain
    }
    // Delivered at once: nothing to wait for.
    if case .direct = offer { registration?.finished() }
    return offer
  }

  /// For the drain: takes every queued event, oldest first. Empty when none
  /// is left, and the drain is then over.
  @inlinable
  func takeAll() -> Batch {
    withState { state -> Batch in
      if state.values.isEmpty && state.end == nil { state.draining = false }
      defer {
        state.values = []
        state.end = nil
        state.registrations = []
      }
      return Batch(values: state.values, end: state.end, registrations: state.registrations)
    }
  }
}

/// Delivery to callbacks written on the main actor.
///
/// An event sent on the main queue while nothing waits is delivered at once
/// (RAC's `deliverOnMainThread` timing); otherwise it joins the
/// mailbox, and the first event of a burst schedules one main-queue block
/// that delivers everything queued, in order. Disposal on the main actor
/// sets `cancelled`, which every delivery checks first, so no callback runs
/// after `dispose()` returns there.
///
/// Inlinable: specialized where the subscription is made, so neither the
/// sender nor the drain looks up generic metadata per value.
@usableFromInline
final class MainActorDelivery<Value: Sendable>: Sendable {
  // Called only on the main actor (inside `MainActor.assumeIsolated`).
  @usableFromInline let next: (@Sendable (Value) -> Void)?
  @usableFromInline let error: (@Sendable (any Error) -> Void)?
  @usableFromInline let completed: (@Sendable () -> Void)?
  @usableFromInline let mailbox = DeliveryMailbox<Value>()
  @usableFromInline let cancelled = Atomic<Bool>(false)

  @inlinable
  init(
    next: (@isolated(any) @Sendable (Value) -> Void)?,
    error: (@isolated(any) @Sendable (any Error) -> Void)?,
    completed: (@isolated(any) @Sendable () -> Void)?
  ) {
    // Each is nonisolated or on the main actor (checked by the caller), and
    // is called only on the main actor.
    self.next = next.map(synchronous)
    self.error = error.map(synchronous)
    self.completed = completed.map(synchronous)
  }

  /// Called serially (by the subscription's gate), on the sending thread.
  @inlinable
  func send(_ event: DeliveryEvent<Value>) {
    switch mailbox.offer(event, direct: isOnMainQueue) {
    case .queued: return
    case .startDrain: enqueueOnMainQueue { MainActor.assumeIsolated { self.drain() } }
    case .direct: MainActor.assumeIsolated { deliver(event) }
    }
  }

  /// No callback runs after this returns on the main actor.
  @inlinable
  func cancel() {
    cancelled.store(true, ordering: .sequentiallyConsistent)
  }

  @inlinable
  @MainActor
  func drain() {
    while true {
      let batch = mailbox.takeAll()
      if batch.isEmpty { return }
      for value in batch.values { deliver(.next(value)) }
      if let end = batch.end { deliver(.end(end)) }
      batch.delivered()
    }
  }

  @inlinable
  @MainActor
  func deliver(_ event: DeliveryEvent<Value>) {
    guard !cancelled.load(ordering: .sequentiallyConsistent) else { return }
    switch event {
    case .next(let value): next?(value)
    case .end(.completed): completed?()
    case .end(.failed(let failure)): error?(failure)
    }
  }
}

/// Delivery to callbacks written on an actor other than the main actor (or
/// on several): one task per burst awaits each callback on its actor, in
/// the order the events were sent.
final class ActorDelivery<Value: Sendable>: Sendable {
  private let next: (@isolated(any) @Sendable (Value) -> Void)?
  private let error: (@isolated(any) @Sendable (any Error) -> Void)?
  private let completed: (@isolated(any) @Sendable () -> Void)?
  private let mailbox = DeliveryMailbox<Value>()
  private let cancelled = Atomic<Bool>(false)

  init(
    next: (@isolated(any) @Sendable (Value) -> Void)?,
    error: (@isolated(any) @Sendable (any Error) -> Void)?,
    completed: (@isolated(any) @Sendable () -> Void)?
  ) {
    self.next = next
    self.error = error
    self.completed = completed
  }

  func send(_ event: DeliveryEvent<Value>) {
    if case .startDrain = mailbox.offer(event, direct: { false }) { Task { await self.run() } }
  }

  func cancel() {
    cancelled.store(true, ordering: .sequentiallyConsistent)
  }

  private func run() async {
    while true {
      let batch = mailbox.takeAll()
      if batch.isEmpty { return }
      for value in batch.values { await deliver(.next(value), on: next?.isolation) }
      switch batch.end {
      case nil: break
      case .completed?: await deliver(.end(.completed), on: completed?.isolation)
      case .failed(let failure)?: await deliver(.end(.failed(failure)), on: error?.isolation)
      }
      batch.delivered()
    }
  }

  /// Delivers `event` on `actor`, the isolation of the callback it calls:
  /// the cancellation is checked there, so a `dispose()` that returned on
  /// that actor before this runs stops it.
  private func deliver(_ event: DeliveryEvent<Value>, on actor: isolated (any Actor)?) {
    guard !cancelled.load(ordering: .sequentiallyConsistent) else { return }
    // On the callback's own actor (or nonisolated): it may run here,
    // synchronously.
    switch event {
    case .next(let value):
      if let next {
        let call: @Sendable (Value) -> Void = synchronous(next)
        call(value)
      }
    case .end(.completed):
      if let completed {
        let call: @Sendable () -> Void = synchronous(completed)
        call()
      }
    case .end(.failed(let failure)):
      if let error {
        let call: @Sendable (any Error) -> Void = synchronous(error)
        call(failure)
      }
    }
  }
}

/// Calls `work(input)` where `work` was written, and hands its result to
/// `then` there.
///
/// - nonisolated `work`: at once, on this thread;
/// - `work` on the main actor: at once when this is the main queue,
///   otherwise in a main-queue block (queued in the order of the calls);
/// - `work` on another actor: in a task that awaits it there.
///
/// `input` is `sending`: in the last two cases it crosses to the actor.
func runWhereWritten<Input, Result: Sendable>(
  _ work: @escaping @isolated(any) @Sendable (Input) -> Result, _ input: sending Input,
  then: @escaping @Sendable (Result) -> Void
) {
  let run: @Sendable (Input) -> Result = synchronous(work)
  guard let isolation = work.isolation else { return then(run(input)) }
  guard isMainActor(isolation) else {
    // A task-captured value cannot be sent on; a disconnected one taken
    // out of a mutex can.
    let handoff = Handoff(input)
    Task {
      guard let input = handoff.take() else { return }
      then(await work(input))
    }
    return
  }
  if Operators.MainQueue.isCurrent {
    // On the main actor's executor: `work` may run here, synchronously.
    return then(run(input))
  }
  // The library's way onto the main queue (MainQueue.swift), in the order
  // of the calls.
  let handoff = Handoff(input)
  Operators.MainQueue.async {
    MainActor.assumeIsolated {
      guard let input = handoff.take() else { return }
      then(run(input))
    }
  }
}

/// Moves one value of any type to another task: the value goes in `sending`
/// and comes out `sending`, once.
final class Handoff<Value>: Sendable {
  private let slot: Mutex<Value?>

  init(_ value: sending Value) { slot = Mutex(value) }

  func take() -> sending Value? { slot.withLock { $0.take() } }
}
