// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// The receiving end of one subscription: what a signal's `didSubscribe`
/// closure sends events to.
///
/// A subscriber enforces the event grammar `next* (error | completed)?`:
///
/// - nothing is delivered after an error or completion, nor after the
///   subscriber (its subscription) is disposed;
/// - delivery is serial: concurrent `send` calls from several threads are
///   delivered one at a time, never overlapping;
/// - a send made from inside one of this subscriber's own callbacks, on the
///   same thread, is queued and delivered right after the current event
///   returns (no deadlock, no nested delivery).
///
/// On an error or completion the subscriber first disposes the resources of
/// its subscription (what `didSubscribe` returned, and everything an operator
/// attached), then runs the matching callback, then releases its callbacks.
///
/// ```swift
/// let numbers = Signal<Int> { subscriber in
///   subscriber.sendNext(1)
///   subscriber.sendNext(2)
///   subscriber.sendCompleted()
///   subscriber.sendNext(3)  // ignored: the signal already completed
///   return nil
/// }
/// numbers.subscribe(next: { print($0) }, completed: { print("done") })
/// // 1
/// // 2
/// // done
/// ```
///
/// Disposing a subscriber (``dispose()``) stops delivery and disposes the
/// subscription's resources; ``disposable`` is the same subscription as a
/// ``Disposable``. A subscriber you make and subscribe with
/// ``Signal/subscribe(_:)`` may feed several signals: disposing what that
/// call returns ends that one subscription, not the subscriber, which is
/// freed with its callbacks once nothing holds it. A subscriber is
/// `Sendable` when its values are: only then can it be handed to another
/// thread to send from.
public final class Subscriber<Value> {
  /// The lifetime of the subscription this subscriber feeds.
  @usableFromInline let lifetime: Lifetime
  /// The serialization point of every event sent to this subscriber.
  @usableFromInline let gate: Gate
  /// Where events go; `nil` once the subscription has ended.
  @usableFromInline @exclusivity(unchecked) var sink: Sink<Value>?

  /// Creates a subscriber that runs the given callbacks.
  ///
  /// Use it with ``Signal/subscribe(_:)`` to share one subscriber between
  /// several signals; ``Signal/subscribe(next:error:completed:)``
  /// creates one for you. These callbacks are nonisolated: they run on the
  /// sending thread, so they must be `@Sendable`. To have callbacks run on
  /// the actor they were written on, use
  /// ``Signal/subscribe(next:error:completed:)``.
  ///
  /// This is also how to subscribe to a signal whose values are not
  /// `Sendable`: ``Signal/subscribe(next:error:completed:)`` requires
  /// `Sendable` values, because callbacks written on an actor receive each
  /// value on that actor, and a non-`Sendable` value must not move there.
  /// Here the callbacks run on the thread that sent the value, so it never
  /// leaves that thread:
  ///
  /// ```swift
  /// final class Row { var cells: [String] = [] }  // not Sendable
  /// let rows = Subject<Row>()
  /// rows.signal.subscribe(Subscriber(next: { row in print(row.cells.count) }))
  /// ```
  ///
  /// - Parameters:
  ///   - next: called for each value.
  ///   - error: called once if the signal fails.
  ///   - completed: called once if the signal completes.
  public convenience init(
    next: (@Sendable (Value) -> Void)? = nil,
    error: (@Sendable (any Error) -> Void)? = nil,
    completed: (@Sendable () -> Void)? = nil
  ) {
    self.init(
      sink: Sink(next: next, error: error, completed: completed), lifetime: Lifetime(), ownsLifetime: true)
  }

  /// Creates the gate of one subscription, feeding `sink`.
  ///
  /// With `ownsLifetime` (a subscriber made by the caller, whose lifetime
  /// is its own), the lifetime tells this subscriber of its end through a
  /// weak reference: the subscriber holds the lifetime, and a subscription
  /// disposed before it terminates (`signal.subscribe(subscriber)` returns
  /// a child of this lifetime) does not end it, so a strong one would keep
  /// both alive for good. Otherwise the lifetime is the subscription's,
  /// which its end or disposal always ends.
  @usableFromInline
  init(sink: Sink<Value>, lifetime: Lifetime, ownsLifetime: Bool = false) {
    self.sink = sink
    self.lifetime = lifetime
    self.gate = Gate()
    if ownsLifetime {
      lifetime.add(.weakObserver(Lifetime.WeakObserverBox(self)))
    } else {
      lifetime.add(.observer(self))
    }
  }

  /// Sends a value, unless the subscriber has terminated or been disposed.
  ///
  /// - Parameter value: the value to deliver.
  @inlinable
  public func sendNext(_ value: Value) {
    if !gate.enter({ deliverNext(value) }, maintain: { releaseIfEnded() }) {
      gate.enqueue { [self] in deliverNext(value) }
    }
  }

  /// Ends the subscription with an error.
  ///
  /// The subscription's resources are disposed, then the error callback runs.
  /// Later events are ignored.
  ///
  /// - Parameter error: the failure.
  @inlinable
  public func sendError(_ error: any Error) { sendEnd(.failed(error)) }

  /// Ends the subscription successfully.
  ///
  /// The subscription's resources are disposed, then the completion callback
  /// runs. Later events are ignored.
  @inlinable
  public func sendCompleted() { sendEnd(.completed) }

  /// Sends `event`; equivalent to the matching `send…` method.
  ///
  /// - Parameter event: the event to deliver.
  @inlinable
  public func send(_ event: Event<Value>) {
    switch event {
    case .next(let value): sendNext(value)
    case .error(let error): sendError(error)
    case .completed: sendCompleted()
    }
  }

  /// Whether the subscriber has terminated or been disposed.
  public var isDisposed: Bool { lifetime.isDisposed }

  /// The subscription this subscriber feeds, as a ``Disposable``: return it
  /// from `didSubscribe`, or keep it to end the subscription from anywhere.
  ///
  /// A `Subscriber` is `Sendable` only when its values are, so that a value
  /// is never sent from a thread its type cannot reach; the disposable of
  /// its subscription always is.
  public var disposable: any Disposable { lifetime }

  /// Stops delivery and disposes the subscription's resources.
  ///
  /// Never waits for a delivery in progress on another thread: that
  /// delivery finishes, and the callbacks are released when it returns.
  public func dispose() { lifetime.dispose() }

  @usableFromInline
  func sendEnd(_ completion: Completion) {
    if !gate.enter({ deliverEnd(completion) }, maintain: { releaseIfEnded() }) {
      gate.enqueue { [self] in deliverEnd(completion) }
    }
  }

  /// Delivers a value; runs inside the gate.
  @inlinable
  func deliverNext(_ value: Value) {
    guard !lifetime.isDisposed else { return }
    sink?.next(value)
  }

  /// Delivers the terminal event; runs inside the gate. The resources are
  /// disposed first, then the callback runs, then (when the gate is left)
  /// the callbacks are released.
  @usableFromInline
  func deliverEnd(_ completion: Completion) {
    guard let sink, !lifetime.isDisposed else { return }
    lifetime.dispose()
    sink.end(completion)
  }

  /// Maintenance: drops the callbacks once the lifetime has ended.
  @usableFromInline
  func releaseIfEnded() {
    if lifetime.isDisposed { sink = nil }
  }
}

// @unchecked: `sink` is only touched inside `gate` (see `Gate`); the other
// stored properties are immutable and Sendable.
extension Subscriber: @unchecked Sendable where Value: Sendable {}

extension Subscriber: LifetimeObserver {
  @usableFromInline
  func lifetimeEnded() {
    gate.requestMaintenance(releaseIfEnded)
  }
}

extension Subscriber {
  /// The resources of this subscription, disposed on termination or disposal.
  @inlinable
  var disposables: Lifetime { lifetime }

  /// Runs `body` inside this subscriber's gate: the home of the shared
  /// state of a multi-source operator (combineLatest, zip, withLatest,
  /// sample), whose result this subscriber receives.
  ///
  /// `body` updates the state and sends what the update produces with
  /// `send…`. Inside the gate a send never delivers at once: it is queued
  /// (the calling thread owns the gate) and delivered when `body` returns,
  /// or, if this thread is already delivering to this subscriber (a source
  /// sending from inside a downstream callback), right after the delivery
  /// in progress. So `body` never runs user code and is never re-entered,
  /// and the results reach the downstream in the order the state changed,
  /// whatever threads the sources send on.
  ///
  /// Why the gate and not a lock of the operator's own: computing under a
  /// lock and sending after unlocking lets a stale result overtake a fresh
  /// one (two threads, each between its unlock and its send); sending
  /// while holding that lock deadlocks on a re-entrant send. The gate
  /// already serializes the downstream and already queues re-entrant
  /// sends, so one `Gate.run` gives both the atomicity and the order, with
  /// no second lock and no second queue.
  @inlinable
  @discardableResult
  func serialize<Result>(_ body: () -> Result) -> Result {
    gate.run(maintain: releaseIfEnded) { _ in body() }
  }

  /// ``serialize(_:)`` for a body that sends at most one value, as its
  /// result: sent as `body`'s own `sendNext` would be, but at top level,
  /// with nothing queued, it is delivered at once after `body` (where the
  /// queue would deliver it) without allocating a queued closure. For
  /// operators specialized where they are used (`@inlinable`): in
  /// unspecialized code the optional result costs a metadata lookup per
  /// call.
  @inlinable
  func serializeSending(_ body: () -> Value?) {
    gate.run(maintain: releaseIfEnded) { nested in
      guard let value = body() else { return }
      if nested || !gate.isQueueEmpty {
        gate.enqueue { [self] in deliverNext(value) }
      } else {
        deliverNext(value)
      }
    }
  }
}

/// Operator state that lives inside a downstream's gate, for an operator
/// whose timers (`@Sendable` scheduler actions) must reach it too.
///
/// Touch ``value`` only inside `downstream.serialize { … }` of the one
/// subscriber it belongs to: the gate orders every access (and gives
/// ThreadSanitizer its happens-before edge). The state itself is a plain
/// value type, testable without threads or schedulers.
// @unchecked: `value` is only touched inside its subscriber's gate.
// `@exclusivity(unchecked)`: the gate already makes every access exclusive,
// and the dynamic check cost about 330 instructions per value in
// `combineLatest`.
@usableFromInline
final class GateState<State>: @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) var value: State

  @inlinable
  init(_ value: State) { self.value = value }
}
