// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeq

/// A push-driven stream of values, after ReactiveCocoa 2's `RACSignal`.
///
/// A signal is **cold**: it is a recipe. Each subscription runs the
/// `didSubscribe` closure again, and that run sends events to the new
/// ``Subscriber`` following the grammar `next* (error | completed)?`.
/// Operators compose recipes; they do not start anything until a
/// subscription does. Subjects (``Subject``) and multicasting
/// (``Signal/publish()``) share one run between many subscribers.
///
/// ```swift
/// let countdown = Signal<Int> { subscriber in
///   for n in (1...3).reversed() { subscriber.sendNext(n) }
///   subscriber.sendCompleted()
///   return nil
/// }
/// countdown
///   .map { "\($0)…" }
///   .subscribe(next: { print($0) }, completed: { print("liftoff") })
/// // 3…
/// // 2…
/// // 1…
/// // liftoff
/// ```
///
/// See <doc:Contracts> for delivery, threading and lifetime guarantees.
public final class Signal<Value> {
  /// Attaches a sink for one subscription whose lifetime is given. Fused
  /// operators wrap the sink; a `didSubscribe` signal puts a gate
  /// (``Subscriber``) in front of it.
  @usableFromInline let attach: @Sendable (Sink<Value>, Lifetime) -> Void

  /// Creates a cold signal whose subscriptions each run `didSubscribe`.
  ///
  /// `didSubscribe` receives the subscription's ``Subscriber`` and may return
  /// a disposable that cleans up after it; that disposable is disposed when
  /// the subscription ends (by error, completion or disposal). RAC
  /// `+createSignal:`.
  ///
  /// ```swift
  /// let hello = Signal<String> { subscriber in
  ///   subscriber.sendNext("hello")
  ///   subscriber.sendCompleted()
  ///   return AnyDisposable { print("cleaned up") }
  /// }
  /// hello.subscribe(next: { print($0) })
  /// // hello
  /// // cleaned up
  /// ```
  ///
  /// - Parameter didSubscribe: runs once per subscription, on the
  ///   subscribing thread.
  public init(_ didSubscribe: @escaping @Sendable (Subscriber<Value>) -> (any Disposable)?) {
    self.attach = { sink, lifetime in
      let subscriber = Subscriber(sink: sink, lifetime: lifetime)
      guard !lifetime.isDisposed else { return }
      lifetime.add(didSubscribe(subscriber))
    }
  }

  /// Creates a signal from an attach function: the form of fused operators.
  @inlinable
  init(attach: @escaping @Sendable (Sink<Value>, Lifetime) -> Void) {
    self.attach = attach
  }

  /// Subscribes an existing subscriber, which may be shared between signals.
  ///
  /// The subscriber receives this signal's events until the returned
  /// disposable is disposed or the subscriber terminates. When the subscriber
  /// terminates (an error or completion from any of its signals) every one of
  /// its subscriptions is disposed.
  ///
  /// - Parameter subscriber: the receiver of the events.
  /// - Returns: this subscription only.
  @discardableResult
  public func subscribe(_ subscriber: Subscriber<Value>) -> any Disposable {
    forward(to: subscriber, next: { subscriber.sendNext($0) })
  }

  /// Subscribes on behalf of `downstream`, the gate of an operator's result.
  ///
  /// The subscription gets a child lifetime of `downstream`'s, so disposing
  /// or terminating `downstream` disposes it, and it is forgotten as soon as
  /// it ends. Unless overridden, errors and completion are forwarded as they
  /// are.
  ///
  /// - Returns: the child lifetime (the upstream subscription).
  @inlinable
  @discardableResult
  func forward<U>(
    to downstream: Subscriber<U>,
    next: @escaping (Value) -> Void,
    error: ((any Error) -> Void)? = nil,
    completed: (() -> Void)? = nil
  ) -> Lifetime {
    let child = downstream.lifetime.makeChild()
    guard !child.isDisposed else { return child }
    attach(
      Sink(
        next: next,
        end: { completion in
          switch completion {
          case .completed: if let completed { completed() } else { downstream.sendCompleted() }
          case .failed(let failure): if let error { error(failure) } else { downstream.sendError(failure) }
          }
        }), child)
    return child
  }

  /// Forwards every event of this signal to `subscriber` (a gate), as a
  /// child subscription of it.
  func run(_ subscriber: Subscriber<Value>) {
    guard !subscriber.isDisposed else { return }
    forward(to: subscriber, next: { subscriber.sendNext($0) })
  }

  /// Subscribes with a new, independent lifetime (the caller keeps it).
  ///
  /// - Parameter lifetime: the lifetime to use; disposing it ends the
  ///   subscription.
  func observe(
    _ lifetime: Lifetime = Lifetime(),
    next: @escaping (Value) -> Void,
    error: @escaping (any Error) -> Void,
    completed: @escaping () -> Void
  ) {
    guard !lifetime.isDisposed else { return }
    attach(
      Sink(
        next: next,
        end: { completion in
          switch completion {
          case .completed: completed()
          case .failed(let failure): error(failure)
          }
        }), lifetime)
  }
}

// Checked by the compiler: the only stored property is a `@Sendable` closure.
//
// A signal is a recipe, so it is Sendable whatever its values: subscribing
// from any thread runs the recipe there and makes that run's values there.
// One subscription may still receive values sent on several threads (a
// merge, a subject sent to from two tasks), so an operator takes values of
// any type only if it passes each one on during the send that delivered it,
// on that thread, and keeps nothing made from it (map, filter, take, merge,
// flatMap, …). Whatever keeps a value, or a key or accumulator made from
// one, beyond that send requires it to be `Sendable`: dropLast, takeLast,
// collect, windows, chunks and buffer; distinctUntilChanged and
// combinePrevious; the keys of uniqued and groupBy; the accumulator of scan
// and aggregate; bind, whose binder may keep values; the combining, time and
// thread-hopping operators; share, replay, the replaying subjects and
// properties; the conversions to sequences, arrays and async loops; and the
// callbacks of subscribe(next:error:completed:), which may run on an actor
// (Docs/Contracts.md, "Sendable policy", lists them). (A conformance
// conditional on `Value` would also trip the compiler's inference of
// `Signal.combineLatest([a, b])`, `Signal.zip`, `Signal.merge` and
// `Signal.concat`: swiftlang/swift#80146.)
extension Signal: Sendable {}

extension Signal where Value: Sendable {
  /// A signal that sends `value`, then completes. RAC `+return:`.
  ///
  /// ```swift
  /// Signal.just(1).subscribe(next: { print($0) })  // 1
  /// ```
  ///
  /// - Parameter value: the only value.
  /// - Returns: a one-value signal.
  public static func just(_ value: Value) -> Signal<Value> {
    // The attach form: one synchronous sender needs no subscriber gate.
    Signal(attach: { sink, lifetime in
      guard !lifetime.isDisposed else { return }
      sink.next(value)
      Signal.end(sink, lifetime, .completed)
    })
  }
}

extension Signal {
  /// A signal that completes at once, without values. RAC `+empty`.
  public static var empty: Signal<Value> {
    Signal(attach: { sink, lifetime in end(sink, lifetime, .completed) })
  }

  /// Ends the subscription of `sink` with `completion`, unless it has
  /// ended: its resources first, then the callback (as a subscriber does).
  private static func end(_ sink: Sink<Value>, _ lifetime: Lifetime, _ completion: Completion) {
    guard !lifetime.isDisposed else { return }
    lifetime.dispose()
    sink.end(completion)
  }

  /// A signal that never sends anything. RAC `+never`.
  public static var never: Signal<Value> {
    Signal { _ in nil }
  }

  /// A signal that fails at once with `error`. RAC `+error:`.
  ///
  /// - Parameter error: the failure to send.
  /// - Returns: a failing signal.
  public static func error(_ error: any Error) -> Signal<Value> {
    Signal(attach: { sink, lifetime in end(sink, lifetime, .failed(error)) })
  }

  /// A signal that calls `make` at each subscription and subscribes to its
  /// result. RAC `+defer:`.
  ///
  /// ```swift
  /// let calls = Mutex(0)  // Synchronization: a @Sendable closure cannot mutate a `var`
  /// let counted = Signal<Int>.defer {
  ///   let call = calls.withLock { count in
  ///     count += 1
  ///     return count
  ///   }
  ///   return .just(call)
  /// }
  /// counted.subscribe(next: { print($0) })  // 1
  /// counted.subscribe(next: { print($0) })  // 2
  /// ```
  ///
  /// - Parameter make: builds the signal to subscribe to; runs once per
  ///   subscription.
  /// - Returns: the deferred signal.
  public static func `defer`(_ make: @escaping @Sendable () -> Signal<Value>) -> Signal<Value> {
    Signal(attach: { sink, lifetime in make().attach(sink, lifetime) })
  }
}

extension Signal where Value: Sendable {
  /// Subscribes with callbacks for each kind of event; callbacks written on
  /// an actor run on that actor.
  ///
  /// Every call starts a new run of the signal (it is cold). Where the
  /// callbacks run depends on where they were written:
  ///
  /// - **In nonisolated code**: synchronously, on the thread that sends each
  ///   event, one at a time (RAC's semantics).
  /// - **On an actor** (in `@MainActor` code, anywhere in a module built
  ///   with main-actor default isolation, at a script's top level): on that
  ///   actor, every event in the order sent, so they may use the actor's
  ///   state with no annotation. On the main actor an event sent on the main
  ///   queue is delivered at once; one sent from another thread is queued
  ///   and delivered by one main-queue block per burst. After `dispose()`
  ///   returns on the callbacks' actor, no callback of the subscription
  ///   runs.
  ///
  /// The values must be `Sendable`, since a callback written on an actor
  /// receives them there. For values that are not, subscribe a
  /// ``Subscriber`` (``Subscriber/init(next:error:completed:)``), whose
  /// nonisolated callbacks run on the sending thread.
  ///
  /// ```swift
  /// @MainActor final class SearchModel {
  ///   var results: [String] = []
  ///   func start(_ query: Signal<String>) -> any Disposable {
  ///     query.map { $0.uppercased() }
  ///       .subscribe(next: { [weak self] in self?.results.append($0) })  // on the main actor
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - next: called for each value.
  ///   - error: called once if the signal fails.
  ///   - completed: called once if the signal completes.
  /// - Returns: the subscription; dispose it to stop receiving events and to
  ///   release the signal's resources.
  @inlinable
  @discardableResult
  public func subscribe(
    @_inheritActorContext next: (@isolated(any) @Sendable (Value) -> Void)? = nil,
    @_inheritActorContext error: (@isolated(any) @Sendable (any Error) -> Void)? = nil,
    @_inheritActorContext completed: (@isolated(any) @Sendable () -> Void)? = nil
  ) -> any Disposable {
    if let isolation = callbackIsolation(next, error, completed) {
      return subscribe(on: isolation, next: next, error: error, completed: completed)
    }
    let lifetime = Lifetime()
    attach(Sink(nonisolated: next, error: error, completed: completed), lifetime)
    return lifetime
  }
}
