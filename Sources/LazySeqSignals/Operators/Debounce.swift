extension Signal where Value: Sendable {
  /// Sends a value only after `interval` of silence; the same operator as
  /// ``throttle(_:on:)`` (RAC `-throttle:`), under the name most other
  /// libraries use.
  ///
  /// Each value replaces the one waiting; the waiting value is sent once no
  /// new value has arrived for `interval`. Completion sends the waiting
  /// value at once, then completes; an error is forwarded at once and drops
  /// it. Disposal cancels it.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let typing = Subject<String>()
  /// typing.signal.debounce(.milliseconds(300), on: scheduler)
  ///   .subscribe(next: { print("search \($0) at \(scheduler.now)") })
  /// typing.sendNext("s")
  /// scheduler.advance(by: .milliseconds(100))
  /// typing.sendNext("sw")
  /// scheduler.advance(by: .milliseconds(400))
  /// // search sw at 0.4 seconds
  /// ```
  ///
  /// - Parameters:
  ///   - interval: the quiet period; must not be negative (a precondition).
  ///   - scheduler: where the delayed values are sent.
  /// - Returns: the debounced signal.
  public func debounce(_ interval: Duration, on scheduler: any Scheduler) -> Signal<Value> {
    precondition(
      interval >= .zero, "Signal.debounce(_:on:): the interval must not be negative, got \(interval)")
    return throttle(interval, on: scheduler)
  }
}
