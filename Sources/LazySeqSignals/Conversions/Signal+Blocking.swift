// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Blocking conversions (RAC `-first`, `-toArray`, `-waitUntilCompleted:`),
// which throw the signal's error instead of returning "no value". Called on
// the main thread, they run the main queue while they wait; where their
// thread holds the main queue, they run the library's main-queue work
// themselves, and give up only when nothing happens (BlockingWait).

extension Signal where Value: Sendable {
  /// Subscribes, blocks until the first value or the end, then disposes.
  ///
  /// ```swift
  /// print(try Signal.just(7).first() as Any)   // Optional(7)
  /// ```
  ///
  /// - Parameter timeout: The longest to wait; `nil` waits forever. Any
  ///   duration is accepted: one too long to measure waits forever, a
  ///   negative one does not wait.
  /// - Returns: The first value, or `nil` if the signal completed without one.
  /// - Throws: The signal's error, `SignalError.timedOut`, or
  ///   `SignalError.blockingWaitOnMainQueue` if, called without a timeout
  ///   where its thread holds the main queue, it saw nothing happen for 10
  ///   seconds (see below).
  /// - Important: Blocks the calling thread, and never waits for the
  ///   library's own main-queue work: a signal that arrives through the
  ///   main queue (`deliver(on: .main)`, `deliverOnMainThread()`) still
  ///   arrives, wherever it is called.
  ///   - On the main thread, outside a main-queue block (top-level code
  ///     before any `await`), it runs the main run loop while it waits, so
  ///     all main-queue work runs meanwhile.
  ///   - Where its thread holds the main queue — inside a main-queue
  ///     block, or in main-actor code after a top-level `await` (on Linux,
  ///     on whichever thread it resumed) — it runs the library's
  ///     main-queue work itself, in order, while it waits. Other
  ///     main-queue work (your own `DispatchQueue.main.async` blocks,
  ///     `Task { @MainActor in … }`) cannot run until it returns. With a
  ///     timeout it waits up to the timeout, as anywhere; without one, once
  ///     nothing has happened for 10 seconds (no value arrived, and no
  ///     main-queue work of the library ran) it throws
  ///     `SignalError.blockingWaitOnMainQueue`: what it waits for is taken
  ///     to be stuck behind it. Pass a timeout to wait longer for a slow
  ///     signal there, or use `try await signal.first()`.
  ///   - Don't call it on any other thread that the signal needs in order
  ///     to send.
  @inlinable
  public func first(timeout: Duration? = nil) throws -> Value? {
    try take(1).collectBlocking(timeout: timeout).first
  }

  /// Subscribes and blocks until the signal completes, returning every value.
  ///
  /// ```swift
  /// print(try Signal(Seq([1, 2, 3])).toArray())   // [1, 2, 3]
  /// ```
  ///
  /// - Parameter timeout: The longest to wait; `nil` waits forever. Any
  ///   duration is accepted: one too long to measure waits forever, a
  ///   negative one does not wait.
  /// - Throws: The signal's error, or `SignalError.timedOut` (the
  ///   subscription is disposed then), or
  ///   `SignalError.blockingWaitOnMainQueue` if, called without a timeout
  ///   where its thread holds the main queue, it saw nothing happen for 10
  ///   seconds (no value arrived, and no main-queue work of the library
  ///   ran; use a timeout, or `try await signal.toArray()`, there).
  /// - Important: Blocks the calling thread, like ``first(timeout:)``
  ///   (which says how it waits on the main thread and on the main queue).
  @inlinable
  public func toArray(timeout: Duration? = nil) throws -> [Value] {
    try collectBlocking(timeout: timeout)
  }

  /// Subscribes and blocks until the signal completes, ignoring values.
  ///
  /// - Parameter timeout: The longest to wait; `nil` waits forever. Any
  ///   duration is accepted: one too long to measure waits forever, a
  ///   negative one does not wait.
  /// - Throws: The signal's error, `SignalError.timedOut`, or
  ///   `SignalError.blockingWaitOnMainQueue` if, called without a timeout
  ///   where its thread holds the main queue, it saw nothing happen for 10
  ///   seconds (no value arrived, and no main-queue work of the library
  ///   ran; use a timeout, or `try await signal.waitUntilCompleted()`,
  ///   there).
  /// - Important: Blocks the calling thread, like ``first(timeout:)``
  ///   (which says how it waits on the main thread and on the main queue).
  @inlinable
  public func waitUntilCompleted(timeout: Duration? = nil) throws {
    _ = try collectBlocking(timeout: timeout, keepingValues: false)
  }

  /// Subscribes, waits for the end (at most `timeout`), returns the values
  /// (none unless `keepingValues`).
  @inlinable
  func collectBlocking(timeout: Duration?, keepingValues: Bool = true) throws -> [Value] {
    let collector = Operators.Collector<Value>()
    // Delivery is serial, so the callbacks append without a lock; `finish`
    // publishes the result (release) to `wait` (acquire). The sink is
    // attached directly (what `subscribe` does, without wrapping optional
    // callbacks in one more closure each). Each value is noted as progress
    // for a wait that may give up (one relaxed load otherwise).
    let next: @Sendable (Value) -> Void
    if keepingValues {
      next = {
        collector.values.append($0)
        collector.done.noteProgress()
      }
    } else {
      next = { _ in collector.done.noteProgress() }
    }
    let subscription = Lifetime()
    attach(
      Sink(
        next: next,
        end: { completion in
          switch completion {
          case .completed: collector.finish(.success(()))
          case .failed(let error): collector.finish(.failure(error))
          }
        }),
      subscription)
    let finished: Bool
    do {
      finished = try collector.wait(timeout: timeout)
    } catch {
      subscription.dispose()
      throw error
    }
    guard finished else {
      subscription.dispose()
      throw SignalError.timedOut
    }
    subscription.dispose()
    if case .failure(let error) = collector.end { throw error }
    return collector.values
  }
}

extension Operators {
  /// The result of one blocking conversion.
  // @unchecked: `values` and `end` are written by the serial callbacks
  // before `finish`, and read only after `wait` has seen it.
  @usableFromInline
  final class Collector<Value>: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var values: [Value] = []
    @usableFromInline @exclusivity(unchecked) var end: Result<Void, any Error>?
    private let finished = OnceFlag()
    @usableFromInline let done = BlockingWait()

    @usableFromInline
    init() {}

    @usableFromInline
    func finish(_ result: Result<Void, any Error>) {
      end = result
      if finished.set() { done.signal() }
    }

    /// Waits for `finish`; `false` on timeout. A synchronous signal has
    /// finished already, and no wait happens. A timeout too long to measure
    /// waits forever. On the main thread the main queue runs meanwhile;
    /// where the thread holds the main queue, the library's main-queue work
    /// runs on it meanwhile (``BlockingWait``).
    ///
    /// - Throws: ``SignalError/blockingWaitOnMainQueue`` if, with no
    ///   timeout, the thread holds the main queue and nothing happened for
    ///   ``BlockingWait/stallLimit``.
    @usableFromInline
    func wait(timeout: Duration?) throws(SignalError) -> Bool {
      if finished.isSet { return true }
      let outcome = done.wait(until: timeout?.blockingDeadline, givingUpAfterStall: timeout == nil)
      // An acquire load of the flag `finish` set: the values written before
      // it are visible (the semaphore alone is no edge ThreadSanitizer sees).
      if finished.isSet { return true }
      if outcome == .stalled { throw .blockingWaitOnMainQueue }
      return false
    }
  }
}
