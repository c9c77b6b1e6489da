// Blocking conversions (RAC `-first`, `-toArray`, `-waitUntilCompleted:`),
// which throw the signal's error instead of returning "no value".

internal import Dispatch

extension Signal where Value: Sendable {
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
  /// - Parameter timeout: The longest to wait; `nil` waits forever.
  /// - Throws: The signal's error, or `SignalError.timedOut` (the
  ///   subscription is disposed then).
  @inlinable
  public func toArray(timeout: Duration? = nil) throws -> [Value] {
    try collectBlocking(timeout: timeout)
  }

  /// Subscribes and blocks until the signal completes, ignoring values.
  ///
  /// - Parameter timeout: The longest to wait; `nil` waits forever.
  /// - Throws: The signal's error, or `SignalError.timedOut`.
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
    guard collector.wait(timeout: timeout) else {
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
    private let done = DispatchSemaphore(value: 0)

    @usableFromInline
    init() {}

    @usableFromInline
    func finish(_ result: Result<Void, any Error>) {
      end = result
      if finished.set() { done.signal() }
    }

    /// Waits for `finish`; `false` on timeout. A synchronous signal has
    /// finished already, and no semaphore wait happens.
    @usableFromInline
    func wait(timeout: Duration?) -> Bool {
      if finished.isSet { return true }
      if let timeout {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + attoseconds / 1_000_000_000
        _ = done.wait(timeout: .now() + .nanoseconds(Int(nanoseconds)))
      } else {
        done.wait()
      }
      // An acquire load of the flag `finish` set: the values written before
      // it are visible (the semaphore alone is no edge ThreadSanitizer sees).
      return finished.isSet
    }
  }
}
