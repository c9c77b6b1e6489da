// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// retry and repeat: resubscribe after an error or a completion, one run at a
// time (a trampoline, so a synchronous source never grows the stack).

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
    return resubscribing(onError: count, onCompleted: false)
  }

  /// Resubscribes after every error, forever. RAC `-retry`.
  ///
  /// - Returns: a signal that never fails.
  public func retry() -> Signal<Value> {
    resubscribing(onError: nil, onCompleted: false)
  }

  /// Resubscribes after every completion, until an error or disposal.
  /// RAC `-repeat`.
  ///
  /// - Important: the result never completes; limit it with ``take(_:)``
  ///   or dispose it.
  /// - Returns: the repeating signal.
  public func `repeat`() -> Signal<Value> {
    resubscribing(onError: 0, onCompleted: true)
  }

  /// Resubscribes after errors (`nil` = without limit) and/or completions.
  private func resubscribing(onError retries: Int?, onCompleted: Bool) -> Signal<Value> {
    return Signal { downstream in
      // Touched by one run at a time: a new run starts only after the
      // previous one ended (the trampoline below).
      var attempts = 0
      let current = SerialDisposable()
      downstream.disposables.add(current)
      let recursion = Operators.Recursion(scheduler: ImmediateScheduler()) { reschedule in
        let child = Lifetime()
        current.inner = child
        self.observe(
          child,
          next: { downstream.sendNext($0) },
          error: { error in
            if let retries, attempts >= retries {
              downstream.sendError(error)
            } else {
              attempts += 1
              reschedule()
            }
          },
          completed: {
            if onCompleted { reschedule() } else { downstream.sendCompleted() }
          })
      }
      recursion.start()
      downstream.disposables.add(recursion.disposables)
      return nil
    }
  }
}
