// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

extension Signal where Value: Sendable {
  /// Sends every event on `scheduler`, in order. RAC `-deliverOn:`.
  ///
  /// - Parameter scheduler: where the subscriber's callbacks run; use a
  ///   serial scheduler to keep the order.
  /// - Returns: the same events, delivered on `scheduler`.
  public func deliver(on scheduler: any Scheduler) -> Signal<Value> {
    Signal { downstream in
      self.forward(
        to: downstream,
        next: { value in scheduler.schedule { downstream.sendNext(value) } },
        error: { error in scheduler.schedule { downstream.sendError(error) } },
        completed: { scheduler.schedule { downstream.sendCompleted() } })
      return nil
    }
  }

  /// Runs the subscription (this signal's side effects) on `scheduler`.
  /// RAC `-subscribeOn:`.
  ///
  /// Events are delivered on whatever thread the signal sends them.
  ///
  /// - Parameter scheduler: where to subscribe.
  /// - Returns: the same events, subscribed on `scheduler`.
  public func subscribe(on scheduler: any Scheduler) -> Signal<Value> {
    return Signal { downstream in
      scheduler.schedule {
        if !downstream.isDisposed { self.run(downstream) }
      }
    }
  }
}
