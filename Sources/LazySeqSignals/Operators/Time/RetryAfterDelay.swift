// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

internal import LazySeq

extension Signal where Value: Sendable {
  /// Resubscribes after an error, at most `count` times, waiting `delay` on
  /// `scheduler` before each resubscription; the last error is forwarded.
  /// RAC `-retry:` with a pause; Kotlin Flow `retryWhen { delay(…) }`.
  ///
  /// Values of failed attempts are forwarded as they come; a completion is
  /// forwarded at once. `retry(0, delay:on:)` does not retry. Disposal
  /// cancels a pending resubscription.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let attempts = Mutex(0)  // Synchronization: the closure is @Sendable
  /// let flaky = Signal<String> { subscriber in
  ///   let attempt = attempts.withLock { count in
  ///     count += 1
  ///     return count
  ///   }
  ///   print("attempt", attempt, "at", scheduler.now)
  ///   if attempt < 3 { subscriber.sendError(SignalError.timedOut) } else { subscriber.sendNext("ok") }
  ///   return nil
  /// }
  /// flaky.retry(5, delay: .seconds(2), on: scheduler).subscribe(next: { print($0) })
  /// // attempt 1 at 0.0 seconds
  /// scheduler.advance(by: .seconds(4))
  /// // attempt 2 at 2.0 seconds
  /// // attempt 3 at 4.0 seconds
  /// // ok
  /// ```
  ///
  /// - Parameters:
  ///   - count: the number of retries; must not be negative.
  ///   - delay: the pause before each resubscription; must not be negative.
  ///   - scheduler: where the resubscriptions happen.
  /// - Returns: the retrying signal.
  /// - Complexity: one scheduled action per retry. Retries that the
  ///   scheduler runs at once, on the failing thread (``ImmediateScheduler``),
  ///   take constant stack, however many there are.
  public func retry(_ count: Int, delay: Duration, on scheduler: any Scheduler) -> Signal<Value> {
    precondition(
      count >= 0, argumentMessage("Signal.retry(_:delay:on:)", "the count must not be negative", got: count))
    precondition(
      delay >= .zero,
      argumentMessage("Signal.retry(_:delay:on:)", "the delay must not be negative", got: delay))
    return resubscribing(
      Operators.Resubscribe(trigger: .error, limit: count, delay: delay, scheduler: scheduler))
  }
}
