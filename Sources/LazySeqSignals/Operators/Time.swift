public import Foundation

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
      interval >= .zero, "Signal.throttle(_:on:): the interval must not be negative, got \(interval)")
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
      "Signal.throttle(_:on:valuesPassing:): the interval must not be negative, got \(interval)")
    return Signal { downstream in
      let throttle = Operators.Throttle<Value>()
      let timer = SerialDisposable()
      downstream.disposables.add(timer)
      self.forward(
        to: downstream,
        next: { value in
          guard predicate(value) else {
            throttle.drop()
            timer.swap(nil)?.dispose()
            downstream.sendNext(value)
            return
          }
          let generation = throttle.hold(value)
          timer.swap(
            scheduler.schedule(after: interval) {
              if let value = throttle.fire(generation) { downstream.sendNext(value) }
            })?.dispose()
        },
        error: { error in
          throttle.drop()
          timer.dispose()
          downstream.sendError(error)
        },
        completed: {
          timer.dispose()
          if let value = throttle.flush() { downstream.sendNext(value) }
          downstream.sendCompleted()
        })
      return nil
    }
  }

  /// Delays values and completion by `interval`; errors pass at once.
  /// RAC `-delay:`.
  ///
  /// Disposal cancels the pending events.
  ///
  /// - Parameters:
  ///   - interval: the delay; must not be negative (a precondition).
  ///   - scheduler: where the delayed events are sent.
  /// - Returns: the delayed signal.
  public func delay(_ interval: Duration, on scheduler: any Scheduler) -> Signal<Value> {
    precondition(interval >= .zero, "Signal.delay(_:on:): the interval must not be negative, got \(interval)")
    return Signal { downstream in
      let delay = Operators.Delay(interval, on: scheduler)
      downstream.disposables.add(delay)
      self.forward(
        to: downstream,
        next: { value in delay.later { downstream.sendNext(value) } },
        completed: { delay.later { downstream.sendCompleted() } })
      return nil
    }
  }

  /// Fails with ``SignalError/timedOut`` unless this signal terminates
  /// within `interval`. RAC `-timeout:onScheduler:`.
  ///
  /// Values pass through meanwhile; the timer is cancelled by a terminal
  /// event or disposal.
  ///
  /// - Parameters:
  ///   - interval: the allowed time.
  ///   - scheduler: where the timeout is measured and the error sent.
  /// - Returns: the guarded signal.
  public func timeout(_ interval: Duration, on scheduler: any Scheduler) -> Signal<Value> {
    Signal { downstream in
      downstream.disposables.add(
        scheduler.schedule(after: interval) { downstream.sendError(SignalError.timedOut) })
      self.forward(to: downstream, next: { downstream.sendNext($0) })
      return nil
    }
  }

  /// Collects values into arrays, one per `interval` after the first value
  /// of each batch. RAC `-bufferWithTime:onScheduler:`.
  ///
  /// Nothing is sent while no value arrives; completion sends the pending
  /// batch (if any) and completes.
  ///
  /// - Parameters:
  ///   - interval: the batch duration.
  ///   - scheduler: where the batches are sent.
  /// - Returns: the batches.
  public func buffer(_ interval: Duration, on scheduler: any Scheduler) -> Signal<[Value]> {
    Signal<[Value]> { downstream in
      let buffer = Operators.Buffer<Value>()
      let timer = SerialDisposable()
      downstream.disposables.add(timer)
      self.forward(
        to: downstream,
        next: { value in
          guard let generation = buffer.add(value) else { return }
          timer.swap(
            scheduler.schedule(after: interval) {
              if let batch = buffer.fire(generation) { downstream.sendNext(batch) }
            })?.dispose()
        },
        completed: {
          timer.dispose()
          if let batch = buffer.flush() { downstream.sendNext(batch) }
          downstream.sendCompleted()
        })
      return nil
    }
  }
}

extension Signal where Value == Date {
  /// Sends the current date every `period`, until disposed. RAC
  /// `+interval:onScheduler:`.
  ///
  /// - Parameters:
  ///   - period: the time between values (the first comes after one
  ///     period); must be positive (a precondition).
  ///   - scheduler: where the values are sent.
  /// - Returns: an infinite signal of dates.
  public static func interval(_ period: Duration, on scheduler: any Scheduler) -> Signal<Date> {
    precondition(period > .zero, "Signal.interval(_:on:): the period must be positive, got \(period)")
    return Signal { downstream in
      scheduler.schedule(after: period, repeatingEvery: period) { downstream.sendNext(Date()) }
    }
  }
}

extension Operators {
  /// The state machine of one `throttle` subscription.
  ///
  /// States: *idle* (nothing waiting) and *holding(value, generation)*.
  /// Every new value moves to *holding* with a new generation and arms a
  /// timer for that generation; a timer sends only if the machine is still
  /// holding the generation it was armed for. So a timer that fires on the
  /// scheduler's thread while a new value arrives on another thread can
  /// never send the new value early (without its quiet period): it sees a
  /// newer generation and does nothing.
  final class Throttle<Value>: @unchecked Sendable {
    // @unchecked: all state is in `state`.
    private enum State {
      case idle(generation: Int)
      case holding(Value, generation: Int)

      var generation: Int {
        switch self {
        case .idle(let generation), .holding(_, let generation): return generation
        }
      }
    }

    private let state = Locked(State.idle(generation: 0))

    init() {}

    /// A throttled value arrives: hold it; returns its generation.
    func hold(_ value: Value) -> Int {
      state.withLock { state in
        let generation = state.generation + 1
        state = .holding(value, generation: generation)
        return generation
      }
    }

    /// A value that is not throttled (or an error) arrives: drop the one
    /// waiting.
    func drop() {
      state.withLock { state in state = .idle(generation: state.generation + 1) }
    }

    /// The timer of `generation` fires: the value to send, if it is still
    /// the one waiting.
    func fire(_ generation: Int) -> Value? {
      state.withLock { state -> Value? in
        guard case .holding(let value, generation) = state else { return nil }
        state = .idle(generation: generation)
        return value
      }
    }

    /// Completion: the value waiting, if any.
    func flush() -> Value? {
      state.withLock { state -> Value? in
        guard case .holding(let value, let generation) = state else { return nil }
        state = .idle(generation: generation + 1)
        return value
      }
    }
  }
}

extension Operators {
  /// The state machine of one `buffer(_:on:)` subscription.
  ///
  /// States: *empty* and *filling(batch, generation)*. The first value of a
  /// batch opens a new generation and arms a timer for it; the timer sends
  /// the batch only if it is still the one it was armed for, so a late timer
  /// can never cut a newer batch short.
  final class Buffer<Value>: @unchecked Sendable {
    // @unchecked: all state is in `state`.
    private struct State {
      var batch: [Value] = []
      var generation = 0
    }

    private let state = Locked(State())

    init() {}

    /// Adds a value; returns the new generation if it opened a batch (arm a
    /// timer for it), `nil` otherwise.
    func add(_ value: Value) -> Int? {
      state.withLock { state -> Int? in
        state.batch.append(value)
        guard state.batch.count == 1 else { return nil }
        state.generation += 1
        return state.generation
      }
    }

    /// The timer of `generation` fires: the batch to send, if it is still
    /// the one that timer was armed for.
    func fire(_ generation: Int) -> [Value]? {
      state.withLock { state -> [Value]? in
        guard state.generation == generation, !state.batch.isEmpty else { return nil }
        defer { state.batch = [] }
        return state.batch
      }
    }

    /// Completion: the pending batch, if any.
    func flush() -> [Value]? {
      state.withLock { state -> [Value]? in
        guard !state.batch.isEmpty else { return nil }
        state.generation += 1
        defer { state.batch = [] }
        return state.batch
      }
    }
  }
}

extension Operators {
  /// The state machine of one `delay(_:on:)` subscription: the timers in
  /// flight, each *armed* (its disposable kept, to cancel it) or *fired*
  /// (the action ran before its disposable was even stored, as on an
  /// immediate scheduler), and whether the subscription was disposed.
  /// Disposal cancels every armed timer, and a timer that fires after
  /// disposal does nothing.
  final class Delay: Disposable, @unchecked Sendable {
    // @unchecked: all mutable state is in `state`; the other properties are
    // immutable.
    private struct State {
      var nextID = 0
      var armed: [Int: any Disposable] = [:]
      var fired: Set<Int> = []
      var isDisposed = false
    }

    private let interval: Duration
    private let scheduler: any Scheduler
    private let state = Locked(State())

    init(_ interval: Duration, on scheduler: any Scheduler) {
      self.interval = interval
      self.scheduler = scheduler
    }

    var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// Runs `action` after the interval, unless disposed first.
    func later(_ action: @escaping @Sendable () -> Void) {
      guard
        let id = state.withLock({ state -> Int? in
          guard !state.isDisposed else { return nil }
          defer { state.nextID += 1 }
          return state.nextID
        })
      else { return }
      let timer = scheduler.schedule(after: interval) { [self] in
        let live = state.withLock { state -> Bool in
          guard !state.isDisposed else { return false }
          if state.armed.removeValue(forKey: id) == nil { state.fired.insert(id) }
          return true
        }
        if live { action() }
      }
      let keep = state.withLock { state -> Bool in
        guard !state.isDisposed else { return false }
        if state.fired.remove(id) == nil { state.armed[id] = timer }
        return true
      }
      if !keep { timer.dispose() }
    }

    func dispose() {
      let timers = state.withLock { state -> [any Disposable] in
        guard !state.isDisposed else { return [] }
        state.isDisposed = true
        defer { state.armed = [:] }
        return Array(state.armed.values)
      }
      for timer in timers { timer.dispose() }
    }
  }
}
