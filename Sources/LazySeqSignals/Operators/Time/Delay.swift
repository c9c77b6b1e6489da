// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// delay(_:on:): values and completion later; the armed timers are bookkeeping
// that sends nothing of its own (each timer sends through the downstream gate).

internal import LazySeq

extension Signal where Value: Sendable {
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
    precondition(
      interval >= .zero,
      argumentMessage("Signal.delay(_:on:)", "the interval must not be negative", got: interval))
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
