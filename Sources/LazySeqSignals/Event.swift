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
  /// or an element of ``Signal/sequence``) had to wait on the main queue
  /// while nothing could run that queue: inside one of its blocks, or in
  /// main-actor code after a top-level `await`. Use the `async` conversion
  /// (`try await signal.toArray()`) instead.
  case blockingWaitOnMainQueue
}
