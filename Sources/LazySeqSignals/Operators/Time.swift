public import Foundation

extension Signal {
  /// Sends a value only after `interval` of silence: each value replaces
  /// the one waiting, and the waiting value is sent once no new value has
  /// arrived for `interval`. RAC `-throttle:`.
  ///
  /// Completion sends the waiting value at once, then completes; an error
  /// is forwarded at once and drops it. Disposal cancels it.
  ///
  /// - Parameters:
  ///   - interval: the quiet period.
  ///   - scheduler: where the delayed values are sent.
  /// - Returns: the throttled signal.
  public func throttle(_ interval: Duration, on scheduler: any Scheduler) -> Signal<Value> {
    throttle(interval, on: scheduler, valuesPassing: { _ in true })
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
  ///   - interval: the quiet period.
  ///   - scheduler: where the delayed values are sent.
  ///   - predicate: whether a value is throttled; receives each value.
  /// - Returns: the throttled signal.
  public func throttle(
    _ interval: Duration, on scheduler: any Scheduler, valuesPassing predicate: @escaping (Value) -> Bool
  ) -> Signal<Value> {
    Signal { downstream in
      let pending = Locked<Value?>(nil)
      let timer = SerialDisposable()
      downstream.disposables.add(timer)
      func flush() {
        if let value = pending.withLock({ value -> Value? in
          defer { value = nil }
          return value
        }) {
          downstream.sendNext(value)
        }
      }
      self.forward(
        to: downstream,
        next: { value in
          timer.swap(nil)?.dispose()
          guard predicate(value) else {
            pending.withLock { $0 = nil }
            downstream.sendNext(value)
            return
          }
          pending.withLock { $0 = value }
          timer.swap(scheduler.schedule(after: interval) { flush() })?.dispose()
        },
        error: { error in
          timer.dispose()
          downstream.sendError(error)
        },
        completed: {
          timer.dispose()
          flush()
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
  ///   - interval: the delay.
  ///   - scheduler: where the delayed events are sent.
  /// - Returns: the delayed signal.
  public func delay(_ interval: Duration, on scheduler: any Scheduler) -> Signal<Value> {
    Signal { downstream in
      let pending = CompoundDisposable()
      downstream.disposables.add(pending)
      func later(_ action: @escaping () -> Void) {
        let slot = SerialDisposable()
        pending.add(slot)
        slot.inner = scheduler.schedule(after: interval) {
          pending.remove(slot)
          action()
        }
      }
      self.forward(
        to: downstream,
        next: { value in later { downstream.sendNext(value) } },
        completed: { later { downstream.sendCompleted() } })
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
      let batch = Locked<[Value]>([])
      let timer = SerialDisposable()
      downstream.disposables.add(timer)
      func flush() {
        let values = batch.withLock { batch -> [Value] in
          defer { batch = [] }
          return batch
        }
        if !values.isEmpty { downstream.sendNext(values) }
      }
      self.forward(
        to: downstream,
        next: { value in
          let first = batch.withLock { batch -> Bool in
            batch.append(value)
            return batch.count == 1
          }
          if first { timer.swap(scheduler.schedule(after: interval) { flush() })?.dispose() }
        },
        completed: {
          timer.dispose()
          flush()
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
  ///   - period: the time between values (the first comes after one period).
  ///   - scheduler: where the values are sent.
  /// - Returns: an infinite signal of dates.
  public static func interval(_ period: Duration, on scheduler: any Scheduler) -> Signal<Date> {
    Signal { downstream in
      scheduler.schedule(after: period, repeatingEvery: period) { downstream.sendNext(Date()) }
    }
  }
}
