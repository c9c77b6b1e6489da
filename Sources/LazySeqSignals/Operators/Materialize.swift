extension Signal {
  /// Turns every event into a value: values, then the terminal event as a
  /// value, then completion. RAC `-materialize`.
  ///
  /// ```swift
  /// Signal.just(1).materialize()  // .next(1), .completed, then completes
  /// ```
  ///
  /// - Returns: a signal of ``Event``s that never fails.
  public func materialize() -> Signal<Event<Value>> {
    Signal<Event<Value>> { downstream in
      self.forward(
        to: downstream, next: { downstream.sendNext(.next($0)) },
        error: { error in
          downstream.sendNext(.error(error))
          downstream.sendCompleted()
        },
        completed: {
          downstream.sendNext(.completed)
          downstream.sendCompleted()
        })
      return nil
    }
  }

  /// Turns ``Event`` values back into events. RAC `-dematerialize`.
  ///
  /// - Returns: the events the values describe; the first terminal event
  ///   value ends the result.
  public func dematerialize<U>() -> Signal<U> where Value == Event<U> {
    Signal<U> { downstream in
      self.forward(to: downstream, next: { downstream.send($0) })
      return nil
    }
  }
}
