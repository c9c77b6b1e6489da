// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// RAC's `-deliverOnMainThread`, with callbacks the compiler knows run on the
// main actor.

extension Signal where Value: Sendable {
  /// Delivers this signal's events on the main thread, as a signal whose
  /// callbacks are `@MainActor`. RAC `-deliverOnMainThread`.
  ///
  /// An event sent on the main thread is delivered at once, inside the send,
  /// when nothing sent earlier is still waiting; an event sent on any other
  /// thread is queued on the main queue, and so is everything after it
  /// until the queue has caught up. The order of the events never changes.
  ///
  /// A callback written in main-actor code runs on the main actor without
  /// it (``Signal/subscribe(next:error:completed:)``). The hop is for
  /// the *operators* after it: their closures then run on the main thread
  /// too, so they may read main-actor state:
  ///
  /// ```swift
  /// @MainActor final class SearchViewModel {
  ///   var results: [String] = []
  ///   var filter = ""
  ///   private var subscription: (any Disposable)?
  ///
  ///   func start(_ queries: Signal<String>) {
  ///     subscription = queries
  ///       .deliverOnMainThread()
  ///       .filter { [weak self] query in query.hasPrefix(self?.filter ?? "") }
  ///       .subscribe(next: { [weak self] query in self?.results = [query] })
  ///   }
  /// }
  /// ```
  ///
  /// The main queue must be running for queued events to arrive: an app's
  /// run loop does that; a command-line tool calls `RunLoop.main.run()` or
  /// `dispatchMain()`, has an async `main`, or waits with a blocking
  /// conversion (``Signal/waitUntilCompleted(timeout:)``), which runs the
  /// events queued here even where its thread holds the main queue. On
  /// Linux, `dispatchMain()` and an async `main` drain the main queue from
  /// a thread other than the main one: it is still the main queue, the main
  /// actor's executor, so these events, the operators' closures and other
  /// main-actor code run there in order (also under the compiler's run-time
  /// isolation checks); only `Thread.isMainThread` is `false` there.
  ///
  /// - Returns: the same events, on the main thread.
  @inlinable
  public func deliverOnMainThread() -> MainThreadSignal<Value> {
    MainThreadSignal(onMainThread: Operators.onMainThread(self))
  }
}

/// A signal whose events arrive on the main thread, so its callbacks are
/// `@MainActor`. Made by ``Signal/deliverOnMainThread()``.
///
/// Its operators take `@MainActor` closures and keep delivering on the main
/// thread; ``signal`` leaves the main-actor world (its callbacks still run on
/// the main thread, but the compiler no longer knows it).
public struct MainThreadSignal<Value: Sendable>: Sendable {
  /// The same events as a plain ``Signal``, still delivered on the main
  /// thread.
  public let signal: Signal<Value>

  @usableFromInline
  init(onMainThread signal: Signal<Value>) {
    self.signal = signal
  }

  /// Subscribes with main-actor callbacks.
  ///
  /// ```swift
  /// var titles: [String] = []  // a script's top-level variable: main actor
  /// Signal.just("hello").deliverOnMainThread().subscribe(next: { titles.append($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - next: called on the main actor for each value.
  ///   - error: called on the main actor if the signal fails.
  ///   - completed: called on the main actor if the signal completes.
  /// - Returns: the subscription.
  @discardableResult
  public func subscribe(
    next: @escaping @MainActor (Value) -> Void = { _ in },
    error: @escaping @MainActor (any Error) -> Void = { _ in },
    completed: @escaping @MainActor () -> Void = {}
  ) -> any Disposable {
    signal.subscribe(
      next: { value in MainActor.assumeIsolated { next(value) } },
      error: { failure in MainActor.assumeIsolated { error(failure) } },
      completed: { MainActor.assumeIsolated { completed() } })
  }

  /// Transforms each value on the main actor.
  ///
  /// - Parameter transform: runs on the main actor, once per value.
  /// - Returns: the transformed values, on the main thread.
  public func map<U: Sendable>(_ transform: @escaping @MainActor (Value) -> U) -> MainThreadSignal<U> {
    MainThreadSignal<U>(onMainThread: signal.map { value in MainActor.assumeIsolated { transform(value) } })
  }

  /// Keeps the values `isIncluded` accepts, deciding on the main actor.
  ///
  /// - Parameter isIncluded: runs on the main actor, once per value.
  /// - Returns: the accepted values, on the main thread.
  public func filter(_ isIncluded: @escaping @MainActor (Value) -> Bool) -> MainThreadSignal<Value> {
    MainThreadSignal(onMainThread: signal.filter { value in MainActor.assumeIsolated { isIncluded(value) } })
  }

  /// Transforms each value on the main actor and drops the `nil` results.
  ///
  /// - Parameter transform: runs on the main actor, once per value.
  /// - Returns: the non-`nil` results, on the main thread.
  public func compactMap<U: Sendable>(_ transform: @escaping @MainActor (Value) -> U?) -> MainThreadSignal<U>
  {
    MainThreadSignal<U>(
      onMainThread: signal.compactMap { value in MainActor.assumeIsolated { transform(value) } })
  }

  /// Sets `root[keyPath: keyPath]` to each value, on the main actor. RAC's
  /// `RAC(object, key) = signal` for UI objects.
  ///
  /// The binding holds `root` weakly and ends when this signal terminates,
  /// when `root` is deallocated (noticed at the next value), or when the
  /// returned disposable is disposed.
  ///
  /// ```swift
  /// @MainActor final class Label { var text = "" }
  /// @MainActor func show(_ names: Signal<String>, in label: Label) {
  ///   names.deliverOnMainThread().bind(to: label, \.text)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - root: the object to update; it need not be `Sendable`.
  ///   - keyPath: the property of `root` to set.
  /// - Returns: the binding.
  @MainActor
  @discardableResult
  public func bind<Root: AnyObject>(
    to root: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>
  ) -> any Disposable {
    // The main-actor binding of the plain signal: its values already arrive
    // on the main thread, so each is set at once, in order.
    signal.bind(to: root, keyPath)
  }

  /// Binds a property to this signal's values (see ``MutableProperty/<~(_:_:)-(_,Signal<Value>)``).
  ///
  /// - Parameters:
  ///   - target: the property to set.
  ///   - source: the values, on the main thread.
  /// - Returns: the binding.
  @discardableResult
  public static func <~ (target: MutableProperty<Value>, source: MainThreadSignal<Value>) -> any Disposable {
    target <~ source.signal
  }
}

extension Operators {
  /// The events of `upstream`, delivered on the main thread in order: at
  /// once when sent there with nothing waiting, otherwise queued on the
  /// main queue. The same orderer as callbacks written on the main actor
  /// (``MainActorDelivery``): one main-queue block per burst. Inlinable,
  /// like that delivery: specialized where it is used, a value's way to the
  /// main thread runs no generic code.
  @inlinable
  static func onMainThread<Value: Sendable>(_ upstream: Signal<Value>) -> Signal<Value> {
    Signal { downstream in
      let delivery = MainActorDelivery<Value>(
        next: { downstream.sendNext($0) },
        error: { downstream.sendError($0) },
        completed: { downstream.sendCompleted() })
      upstream.forward(
        to: downstream,
        next: { delivery.send(.next($0)) },
        error: { delivery.send(.end(.failed($0))) },
        completed: { delivery.send(.end(.completed)) })
      return nil
    }
  }
}
