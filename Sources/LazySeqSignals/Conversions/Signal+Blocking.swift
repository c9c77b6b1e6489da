// Blocking conversions (RAC `-first`, `-toArray`, `-waitUntilCompleted:`),
// which throw the signal's error instead of returning "no value".

internal import Dispatch

extension Signal {
  /// Subscribes, blocks until the first value or the end, then disposes.
  ///
  /// ```swift
  /// print(try Signal.just(7).first() as Any)   // Optional(7)
  /// ```
  ///
  /// - Parameter timeout: The longest to wait; `nil` waits forever.
  /// - Returns: The first value, or `nil` if the signal completed without one.
  /// - Throws: The signal's error, or `SignalError.timedOut`.
  /// - Important: Blocks the calling thread; don't call it on a thread the
  ///   signal needs in order to send.
  public func first(timeout: Duration? = nil) throws -> Value? {
    try take(1).collectBlocking(timeout: timeout).first
  }

  /// Subscribes and blocks until the signal completes, returning every value.
  ///
  /// ```swift
  /// print(try Seq([1, 2, 3]).signal().toArray())   // [1, 2, 3]
  /// ```
  ///
  /// - Parameter timeout: The longest to wait; `nil` waits forever.
  /// - Throws: The signal's error, or `SignalError.timedOut` (the
  ///   subscription is disposed then).
  public func toArray(timeout: Duration? = nil) throws -> [Value] {
    try collectBlocking(timeout: timeout)
  }

  /// Subscribes and blocks until the signal completes, ignoring values.
  ///
  /// - Parameter timeout: The longest to wait; `nil` waits forever.
  /// - Throws: The signal's error, or `SignalError.timedOut`.
  public func waitUntilCompleted(timeout: Duration? = nil) throws {
    _ = try ignoreValues().collectBlocking(timeout: timeout)
  }

  private func collectBlocking(timeout: Duration?) throws -> [Value] {
    let outcome = Locked<(values: [Value], end: Result<Void, any Error>?)>(([], nil))
    let done = DispatchSemaphore(value: 0)
    let subscription = subscribe(
      next: { value in outcome.withLock { $0.values.append(value) } },
      error: { error in
        outcome.withLock { $0.end = .failure(error) }
        done.signal()
      },
      completed: {
        outcome.withLock { $0.end = .success(()) }
        done.signal()
      })
    if let timeout {
      let (seconds, attoseconds) = timeout.components
      let nanoseconds = max(0, seconds) * 1_000_000_000 + attoseconds / 1_000_000_000
      if done.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .timedOut {
        subscription.dispose()
        throw SignalError.timedOut
      }
    } else {
      done.wait()
    }
    subscription.dispose()
    let (values, end) = outcome.withLock { ($0.values, $0.end) }
    if case .failure(let error) = end { throw error }
    return values
  }
}
