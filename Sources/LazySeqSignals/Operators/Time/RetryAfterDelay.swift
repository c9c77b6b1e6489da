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
    return Signal { downstream in
      // The attempt in progress, or the pause before the next one.
      let current = SerialDisposable()
      downstream.disposables.add(current)
      let retries = Locked(0)
      // Runs attempts until one does not end in a resubscription at once.
      // A resubscription that the scheduler runs at once, on this thread,
      // while the failed attempt is still subscribing (a source that fails
      // synchronously, on ImmediateScheduler) is not nested in it: it is
      // left to this loop, a trampoline, so the stack does not grow with
      // the retries.
      @Sendable func attempts() {
        let thread = currentThreadID()
        let loop = Locked(AttemptLoop())
        while !downstream.isDisposed {
          loop.withLock { $0 = AttemptLoop(subscribing: true) }
          let lifetime = Lifetime()
          current.inner = lifetime
          self.observe(
            lifetime,
            next: { downstream.sendNext($0) },
            error: { error in
              let again = retries.withLock { retries -> Bool in
                guard retries < count else { return false }
                retries += 1
                return true
              }
              guard again else { return downstream.sendError(error) }
              current.inner = scheduler.schedule(after: delay) {
                let nested = loop.withLock { loop -> Bool in
                  guard loop.subscribing, currentThreadID() == thread else { return false }
                  loop.again = true
                  return true
                }
                if !nested { attempts() }
              }
            },
            completed: { downstream.sendCompleted() })
          let again = loop.withLock { loop -> Bool in
            loop.subscribing = false
            return loop.again
          }
          if !again { return }
        }
      }
      attempts()
      return nil
    }
  }
}

/// The trampoline of one run of `retry(_:delay:on:)` attempts.
private struct AttemptLoop {
  /// An attempt is subscribing (its `observe` has not returned).
  var subscribing = false
  /// A resubscription ran at once during it: the loop makes the next
  /// attempt.
  var again = false
}
