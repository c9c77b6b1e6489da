extension Signal {
  /// Sends all values as one array when the signal completes. RAC
  /// `-collect`.
  ///
  /// - Returns: one array (empty if there were no values), then completion.
  public func collect() -> Signal<[Value]> {
    Signal<[Value]> { downstream in
      var values: [Value] = []
      self.forward(
        to: downstream, next: { values.append($0) },
        completed: {
          downstream.sendNext(values)
          downstream.sendCompleted()
        })
      return nil
    }
  }

  /// Folds all values and sends the result on completion. RAC
  /// `-aggregateWithStart:reduce:`.
  ///
  /// - Parameters:
  ///   - start: the initial accumulator (sent if there are no values).
  ///   - reduce: combines the accumulator with each value.
  /// - Returns: one value, then completion.
  public func aggregate<R>(start: R, reduce: @escaping (R, Value) -> R) -> Signal<R> {
    scan(start: start, reduce: reduce).takeLast(orElse: start)
  }

  /// Folds all values with their indices and sends the result on
  /// completion. RAC `-aggregateWithStart:reduceWithIndex:`.
  ///
  /// - Parameters:
  ///   - start: the initial accumulator (sent if there are no values).
  ///   - reduceWithIndex: combines the accumulator, a value and its index.
  /// - Returns: one value, then completion.
  public func aggregate<R>(
    start: R, reduceWithIndex: @escaping (R, Value, Int) -> R
  ) -> Signal<R> {
    scan(start: start, reduceWithIndex: reduceWithIndex).takeLast(orElse: start)
  }

  /// Sends the last value (or `fallback`) on completion.
  private func takeLast(orElse fallback: Value) -> Signal<Value> {
    Signal { downstream in
      var last = fallback
      self.forward(
        to: downstream, next: { last = $0 },
        completed: {
          downstream.sendNext(last)
          downstream.sendCompleted()
        })
      return nil
    }
  }

  /// Sends `true` and completes at the first value; sends `false` if the
  /// signal completes without one. RAC `-any`.
  ///
  /// - Returns: one Boolean, then completion.
  public func any() -> Signal<Bool> {
    any { _ in true }
  }

  /// Sends `true` and completes at the first value satisfying `predicate`;
  /// `false` if the signal completes without one. RAC `-any:`.
  ///
  /// - Parameter predicate: the test.
  /// - Returns: one Boolean, then completion.
  public func any(_ predicate: @escaping (Value) -> Bool) -> Signal<Bool> {
    Signal<Bool> { downstream in
      self.forward(
        to: downstream,
        next: { value in
          if predicate(value) {
            downstream.sendNext(true)
            downstream.sendCompleted()
          }
        },
        completed: {
          downstream.sendNext(false)
          downstream.sendCompleted()
        })
      return nil
    }
  }

  /// Sends `false` and completes at the first value failing `predicate`;
  /// `true` if the signal completes first. RAC `-all:`.
  ///
  /// An error is forwarded as an error.
  ///
  /// - Parameter predicate: the test.
  /// - Returns: one Boolean, then completion.
  public func all(_ predicate: @escaping (Value) -> Bool) -> Signal<Bool> {
    Signal<Bool> { downstream in
      self.forward(
        to: downstream,
        next: { value in
          if !predicate(value) {
            downstream.sendNext(false)
            downstream.sendCompleted()
          }
        },
        completed: {
          downstream.sendNext(true)
          downstream.sendCompleted()
        })
      return nil
    }
  }
}
