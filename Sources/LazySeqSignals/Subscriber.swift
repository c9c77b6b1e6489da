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
/// A `Subscriber` is also the ``Disposable`` of its subscription: disposing it
/// stops delivery and disposes the subscription's resources.
// @unchecked: the callbacks are non-Sendable closures stored in `state` (a
// mutex) and only ever run serially, under `serializer`.
public final class Subscriber<Value>: Disposable, @unchecked Sendable {
  private struct Handlers {
    var next: ((Value) -> Void)?
    var error: ((any Error) -> Void)?
    var completed: (() -> Void)?
  }

  private struct State {
    var handlers: Handlers?
    var accepting = true
  }

  private let state: Locked<State>
  private let serializer = Serializer<Event<Value>>()

  /// The resources of this subscription, disposed on termination or disposal.
  let disposables = CompoundDisposable()

  /// Creates a subscriber that runs the given callbacks.
  ///
  /// Use it with ``Signal/subscribe(_:)`` to share one subscriber between
  /// several signals; ``Signal/subscribe(next:error:completed:)`` creates one
  /// for you.
  ///
  /// - Parameters:
  ///   - next: called for each value.
  ///   - error: called once if the signal fails.
  ///   - completed: called once if the signal completes.
  public init(
    next: ((Value) -> Void)? = nil,
    error: ((any Error) -> Void)? = nil,
    completed: (() -> Void)? = nil
  ) {
    state = Locked(State(handlers: Handlers(next: next, error: error, completed: completed)))
  }

  /// Sends a value, unless the subscriber has terminated or been disposed.
  ///
  /// - Parameter value: the value to deliver.
  public func sendNext(_ value: Value) { send(.next(value)) }

  /// Ends the subscription with an error.
  ///
  /// The subscription's resources are disposed, then the error callback runs.
  /// Later events are ignored.
  ///
  /// - Parameter error: the failure.
  public func sendError(_ error: any Error) { send(.error(error)) }

  /// Ends the subscription successfully.
  ///
  /// The subscription's resources are disposed, then the completion callback
  /// runs. Later events are ignored.
  public func sendCompleted() { send(.completed) }

  /// Sends `event`; equivalent to the matching `send…` method.
  ///
  /// - Parameter event: the event to deliver.
  public func send(_ event: Event<Value>) {
    let accepted = state.withLock { state -> Bool in
      guard state.accepting, state.handlers != nil else { return false }
      if event.isTerminal { state.accepting = false }
      return true
    }
    guard accepted else { return }
    serializer.perform(event) { self.deliver($0) }
  }

  /// Whether the subscriber has terminated or been disposed.
  public var isDisposed: Bool { state.withLock { $0.handlers == nil } }

  /// Stops delivery and disposes the subscription's resources.
  public func dispose() {
    let handlers = state.withLock { state -> Handlers? in
      state.accepting = false
      defer { state.handlers = nil }
      return state.handlers
    }
    disposables.dispose()
    withExtendedLifetime(handlers) {}
  }

  private func deliver(_ event: Event<Value>) {
    switch event {
    case .next(let value):
      let next = state.withLock { $0.handlers?.next }
      next?(value)
    case .error(let error):
      guard let handlers = takeHandlers() else { return }
      disposables.dispose()
      handlers.error?(error)
    case .completed:
      guard let handlers = takeHandlers() else { return }
      disposables.dispose()
      handlers.completed?()
    }
  }

  private func takeHandlers() -> Handlers? {
    state.withLock { state -> Handlers? in
      defer { state.handlers = nil }
      return state.handlers
    }
  }
}

extension Subscriber {
  /// Ties `child` (a subscription made on this subscriber's behalf) to this
  /// subscriber: it is disposed when this one ends, and forgotten as soon as
  /// it ends itself, so finished children are not retained.
  func adopt<T>(_ child: Subscriber<T>) {
    disposables.add(child)
    child.disposables.add(
      AnyDisposable { [weak self, weak child] in
        if let self, let child { self.disposables.remove(child) }
      })
  }
}
