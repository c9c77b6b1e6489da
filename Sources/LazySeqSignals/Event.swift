// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// One event of a signal: a value, an error, or completion.
///
/// A signal sends `next* (error | completed)?`: any number of values, then at
/// most one terminal event. ``Signal/materialize()`` turns the events of a
/// signal into values of this type and ``Signal/dematerialize()`` turns them
/// back.
public enum Event<Value> {
  /// A value.
  case next(Value)
  /// The signal failed; nothing follows.
  case error(any Error)
  /// The signal completed; nothing follows.
  case completed

  /// Whether this event ends the signal (`error` or `completed`).
  public var isTerminal: Bool {
    switch self {
    case .next: return false
    case .error, .completed: return true
    }
  }

  /// The value of a `next` event, `nil` otherwise.
  public var value: Value? {
    if case .next(let value) = self { return value }
    return nil
  }

  /// The error of an `error` event, `nil` otherwise.
  public var error: (any Error)? {
    if case .error(let error) = self { return error }
    return nil
  }
}

extension Event: Sendable where Value: Sendable {}

extension Event: CustomStringConvertible {
  /// `next(value)`, `error(error)` or `completed`.
  public var description: String {
    switch self {
    case .next(let value): return "next(\(value))"
    case .error(let error): return "error(\(error))"
    case .completed: return "completed"
    }
  }
}

/// Errors raised by the signal operators themselves.
public enum SignalError: Error, Equatable, Sendable {
  /// ``Signal/timeout(_:on:)`` saw no terminal event within its interval.
  case timedOut
  /// ``Signal/switchTo(_:cases:default:)`` received a key with no case and there is no default.
  case noMatchingCase
  /// A signal over a single-pass `AsyncStream` or `AsyncThrowingStream` was
  /// subscribed to again: only its first subscription can read the stream.
  /// Share the signal (``Signal/share(replay:)``) instead.
  case singlePassSequenceAlreadySubscribed
  /// A blocking conversion (``Signal/first(timeout:)``,
  /// ``Signal/toArray(timeout:)``, ``Signal/waitUntilCompleted(timeout:)``,
  /// or an element of ``Signal/sequence``), called without a timeout where
  /// its thread holds the main queue (inside one of its blocks, or in
  /// main-actor code after a top-level `await`), saw nothing happen for 10
  /// seconds: no value arrived, and no main-queue work of the library ran
  /// (that work runs while it waits). What it waits for is then taken to
  /// be other main-queue work, which it holds up (a
  /// `DispatchQueue.main.async` block, a `Task { @MainActor in … }`): that
  /// cannot run until it returns. Pass a timeout to wait longer, or use
  /// the `async` conversion (`try await signal.toArray()`).
  case blockingWaitOnMainQueue
}
