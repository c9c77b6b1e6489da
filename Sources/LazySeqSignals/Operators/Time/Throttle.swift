// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// throttle and debounce: the waiting value is state inside the downstream's
// gate, so a timer, a new value and completion are ordered by the gate.

internal import LazySeq

extension Signal where Value: Sendable {
  /// Sends a value only after `interval` of silence: each value replaces
  /// the one waiting, and the waiting value is sent once no new value has
  /// arrived for `interval`. RAC `-throttle:`.
  ///
  /// Completion sends the waiting value at once, then completes; an error
  /// is forwarded at once and drops it. Disposal cancels it.
  ///
  /// - Parameters:
  ///   - interval: the quiet period; must not be negative (a precondition).
  ///   - scheduler: where the delayed values are sent.
  /// - Returns: the throttled signal.
  public func throttle(_ interval: Duration, on scheduler: any Scheduler) -> Signal<Value> {
    precondition(
      interval >= .zero,
      argumentMessage("Signal.throttle(_:on:)", "the interval must not be negative", got: interval))
    return throttle(interval, on: scheduler, valuesPassing: { _ in true })
  }

  /// Throttles only the values that satisfy `predicate`; the others are
  /// sent at once. RAC `-throttle:valuesPassingTest:`.
  ///
  /// A throttled value waits for `interval` of silence, like
  /// ``throttle(_:on:)``. Any new value — throttled or not — drops the value
  /// waiting. Completion sends the waiting value at once, then completes; an
  /// error is forwarded at once and drops it. Disposal cancels it.
  ///
  /// - Parameters:
  ///   - interval: the quiet period; must not be negative (a precondition).
  ///   - scheduler: where the delayed values are sent.
  ///   - predicate: whether a value is throttled; receives each value.
  /// - Returns: the throttled signal.
  public func throttle(
    _ interval: Duration, on scheduler: any Scheduler,
    valuesPassing predicate: @escaping @Sendable (Value) -> Bool
  ) -> Signal<Value> {
    precondition(
      interval >= .zero,
      argumentMessage(
        "Signal.throttle(_:on:valuesPassing:)", "the interval must not be negative", got: interval))
    return Signal { downstream in
      // Inside `downstream`'s gate: the waiting value. A timer that fires,
      // a new value and completion each decide and send in one step of the
      // gate, so completion never misses a value a timer has just taken,
      // and a value that passes never overtakes one already released.
      let state = GateState(Operators.ThrottleState<Value>())
      let timer = SerialDisposable()
      downstream.disposables.add(timer)
      self.forward(
        to: downstream,
        next: { value in
          guard predicate(value) else {
            downstream.serialize {
              state.value.drop()
              downstream.sendNext(value)
            }
            timer.swap(nil)?.dispose()
            return
          }
          let generation = downstream.serialize { state.value.hold(value) }
          timer.swap(
            scheduler.schedule(after: interval) {
              downstream.serialize {
                if let value = state.value.fire(generation) { downstream.sendNext(value) }
              }
            })?.dispose()
        },
        error: { error in
          downstream.serialize {
            state.value.drop()
            downstream.sendError(error)
          }
          timer.dispose()
        },
        completed: {
          downstream.serialize {
            if let value = state.value.flush() { downstream.sendNext(value) }
            downstream.sendCompleted()
          }
          timer.dispose()
        })
      return nil
    }
  }
}

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
      interval >= .zero,
      argumentMessage("Signal.debounce(_:on:)", "the interval must not be negative", got: interval))
    return throttle(interval, on: scheduler)
  }
}

extension Operators {
  /// The state of one `throttle` subscription: *idle* or *holding* the
  /// waiting value, with the generation of the timer armed for it. A timer
  /// sends only if the state still holds the generation it was armed for,
  /// so a late timer never sends a newer value early (without its quiet
  /// period). A plain value inside the downstream's gate.
  struct ThrottleState<Value> {
    enum Phase {
      case idle
      case holding(Value)
    }

    private(set) var phase = Phase.idle
    private(set) var generation = 0

    /// A new value waits, replacing any other; returns the generation of the
    /// timer to arm for it.
    mutating func hold(_ value: Value) -> Int {
      generation += 1
      phase = .holding(value)
      return generation
    }

    /// Forgets the waiting value (an error, or a value that passes at once).
    mutating func drop() {
      generation += 1
      phase = .idle
    }

    /// The timer of `generation` fired: the waiting value, if that timer is
    /// still the current one.
    mutating func fire(_ generation: Int) -> Value? {
      guard generation == self.generation, case .holding(let value) = phase else { return nil }
      phase = .idle
      return value
    }

    /// Completion: the waiting value, if any, to send at once.
    mutating func flush() -> Value? {
      guard case .holding(let value) = phase else { return nil }
      drop()
      return value
    }
  }
}
