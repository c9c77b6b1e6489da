// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Blocking conversions (RAC `-first`, `-toArray`, `-waitUntilCompleted:`),
// which throw the signal's error instead of returning "no value". Called on
// the main thread, they run the main queue while they wait; where nothing can
// run it, they throw instead of waiting (BlockingWait).

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
  ///   `SignalError.blockingWaitOnMainQueue` (at once, without waiting) if
  ///   it would have to wait on a main queue that cannot run meanwhile.
  /// - Important: Blocks the calling thread. On the main thread it runs the
  ///   main queue while it waits, so a signal that delivers there (for
  ///   example with `deliver(on: .main)`) still arrives. Where the main
  ///   queue cannot run — inside a main-queue block, or in main-actor code
  ///   after a top-level `await` (on Linux) — a signal that has not ended
  ///   by the time `subscribe` returns makes it throw
  ///   `SignalError.blockingWaitOnMainQueue` instead of waiting: use
  ///   `try await signal.first()` there. Don't call it on any other
  ///   thread that the signal needs in order to send.
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
  ///   `SignalError.blockingWaitOnMainQueue` where the main queue cannot
  ///   run while it waits (use `try await signal.toArray()` there).
  /// - Important: Blocks the calling thread, like ``first(timeout:)``
  ///   (which says how it waits on the main thread).
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
  ///   `SignalError.blockingWaitOnMainQueue` where the main queue cannot
  ///   run while it waits (use `try await signal.waitUntilCompleted()`
  ///   there).
  /// - Important: Blocks the calling thread, like ``first(timeout:)``
  ///   (which says how it waits on the main thread).
  @inlinable
  public func waitUntilCompleted(timeout: Duration? = nil) throws {
    _ = try ignoreValues().collectBlocking(timeout: timeout)
  }

  /// Subscribes, waits for the end (at most `timeout`), returns the values.
  @inlinable
  func collectBlocking(timeout: Duration?) throws -> [Value] {
    let collector = Operators.Collector<Value>()
    // Delivery is serial, so the callbacks append without a lock; `finish`
    // publishes the result (release) to `wait` (acquire). The sink is
    // attached directly (what `subscribe` does, without wrapping optional
    // callbacks in one more closure each).
    let subscription = Lifetime()
    attach(
      Sink(
        next: { collector.values.append($0) },
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
    private let done = BlockingWait()

    @usableFromInline
    init() {}

    @usableFromInline
    func finish(_ result: Result<Void, any Error>) {
      end = result
      if finished.set() { done.signal() }
    }

    /// Waits for `finish`; `false` on timeout. A synchronous signal has
    /// finished already, and no wait happens. A timeout too long to measure
    /// waits forever; on the main thread, the main queue runs meanwhile.
    ///
    /// - Throws: ``SignalError/blockingWaitOnMainQueue``, at once, if it
    ///   would have to wait on a main queue that cannot run meanwhile
    ///   (``BlockingWait/refuseWaitOnBlockedMainQueue()``).
    @usableFromInline
    func wait(timeout: Duration?) throws(SignalError) -> Bool {
      if finished.isSet { return true }
      do {
        try BlockingWait.refuseWaitOnBlockedMainQueue()
      } catch {
        // The signal may have ended from another thread meanwhile.
        if finished.isSet { return true }
        throw error
      }
      _ = done.wait(until: timeout?.blockingDeadline)
      // An acquire load of the flag `finish` set: the values written before
      // it are visible (the semaphore alone is no edge ThreadSanitizer sees).
      return finished.isSet
    }
  }
}
