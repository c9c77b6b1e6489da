// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Swift concurrency, the awaiting conversions: `first()`, `toArray()` and
// `waitUntilCompleted()` suspend (without blocking a thread) until the end.

internal import Dispatch
internal import LazySeq

extension Signal where Value: Sendable {
  /// Subscribes, and suspends (without blocking a thread) until the first
  /// value or the end; then disposes the subscription.
  ///
  /// The awaiting counterpart of ``first(timeout:)``. In an `async` context,
  /// `try await signal.first()` calls this version; in synchronous code,
  /// `try signal.first()` calls the blocking one. Like ``values``, it
  /// subscribes from a private dispatch queue, so a synchronous signal never
  /// runs on the awaiting task's thread.
  ///
  /// ```swift
  /// print(try await Signal(Seq.iterate(1) { $0 * 2 }).first() as Any)  // Optional(1)
  /// ```
  ///
  /// - Returns: The first value, or `nil` if the signal completed without
  ///   one.
  /// - Throws: The signal's error, or `CancellationError` if the awaiting
  ///   task is cancelled (the subscription is disposed then).
  public func first() async throws -> Value? {
    try await take(1).awaitEnd(keepingValues: true).first
  }

  /// Subscribes, and suspends (without blocking a thread) until the signal
  /// completes, returning every value.
  ///
  /// The awaiting counterpart of ``toArray(timeout:)``: in an `async`
  /// context `try await signal.toArray()` calls this version.
  ///
  /// ```swift
  /// print(try await Signal(Seq([1, 2, 3]), on: QueueScheduler()).toArray())  // [1, 2, 3]
  /// ```
  ///
  /// - Returns: Every value, in order.
  /// - Throws: The signal's error, or `CancellationError` if the awaiting
  ///   task is cancelled (the subscription is disposed then).
  /// - Important: On a signal that never completes this never returns;
  ///   cancel the task to stop waiting.
  public func toArray() async throws -> [Value] {
    try await awaitEnd(keepingValues: true)
  }

  /// Subscribes, and suspends (without blocking a thread) until the signal
  /// completes, ignoring its values.
  ///
  /// The awaiting counterpart of ``waitUntilCompleted(timeout:)``: in an
  /// `async` context `try await signal.waitUntilCompleted()` calls this
  /// version.
  ///
  /// ```swift
  /// try await Signal<Int>.empty.waitUntilCompleted()  // returns at once
  /// ```
  ///
  /// - Throws: The signal's error, or `CancellationError` if the awaiting
  ///   task is cancelled (the subscription is disposed then).
  public func waitUntilCompleted() async throws {
    _ = try await awaitEnd(keepingValues: false)
  }

  /// Subscribes `subscriber` from a private serial dispatch queue, so that
  /// a signal that sends synchronously inside `subscribe` runs there, not on
  /// the caller's thread. A serial queue of its own is served by Dispatch's
  /// overcommitting pool, which adds a thread when none is idle: a signal
  /// that never returns from `subscribe` (until disposed) cannot starve the
  /// cooperative thread pool or another subscription.
  func subscribeDetached(_ subscriber: Subscriber<Value>) {
    DispatchQueue(label: "LazySeqSignals.subscribe").async { [self] in
      guard !subscriber.isDisposed else { return }
      subscribe(subscriber)
    }
  }

  /// Waits for the signal's end, collecting its values if asked to.
  private func awaitEnd(keepingValues: Bool) async throws -> [Value] {
    let waiter = Operators.Waiter<Value>()
    let subscriber = Subscriber<Value>(
      next: { value in if keepingValues { waiter.append(value) } },
      error: { waiter.finish(.failure($0)) },
      completed: { waiter.finish(.success(())) })
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        if waiter.wait(with: continuation) { subscribeDetached(subscriber) }
      }
    } onCancel: {
      subscriber.dispose()
      waiter.finish(.failure(CancellationError()))
    }
  }
}
