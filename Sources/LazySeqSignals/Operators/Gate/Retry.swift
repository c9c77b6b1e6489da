// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// retry and repeat: resubscribe after an error or a completion, one run at a
// time (a trampoline, so a synchronous source never grows the stack; see
// Resubscribe.swift).

internal import LazySeq

extension Signal {
  /// Resubscribes after an error, at most `count` times (`count + 1`
  /// attempts in all); the last error is forwarded. RAC `-retry:`.
  ///
  /// Unlike RAC, `retry(0)` does not retry; use ``retry()`` to retry
  /// forever. Values of failed attempts are forwarded as they come.
  /// Resubscription is a loop, so synchronous failures do not grow the
  /// stack.
  ///
  /// - Parameter count: the number of retries; must not be negative.
  /// - Returns: the retrying signal.
  public func retry(_ count: Int) -> Signal<Value> {
    precondition(
      count >= 0, argumentMessage("Signal.retry(_:)", "the count must not be negative", got: count))
    return resubscribing(Operators.Resubscribe(trigger: .error, limit: count))
  }

  /// Resubscribes after every error, forever. RAC `-retry`.
  ///
  /// - Returns: a signal that never fails.
  public func retry() -> Signal<Value> {
    resubscribing(Operators.Resubscribe(trigger: .error, limit: nil))
  }

  /// Resubscribes after every completion, until an error or disposal.
  /// RAC `-repeat`.
  ///
  /// - Important: the result never completes; limit it with ``take(_:)``
  ///   or dispose it.
  /// - Returns: the repeating signal.
  public func `repeat`() -> Signal<Value> {
    resubscribing(Operators.Resubscribe(trigger: .completion, limit: nil))
  }
}
