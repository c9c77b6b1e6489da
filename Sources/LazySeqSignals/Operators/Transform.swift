extension Signal {
  /// Transforms each value. RAC `-map:`.
  ///
  /// ```swift
  /// numbers.map { $0 * 10 }  // 1, 2, 3 → 10, 20, 30
  /// ```
  ///
  /// - Parameter transform: runs once per value, serially.
  /// - Returns: a signal of the transformed values, with the same terminal.
  public func map<U>(_ transform: @escaping (Value) -> U) -> Signal<U> {
    Signal<U> { downstream in
      self.forward(to: downstream, next: { downstream.sendNext(transform($0)) })
      return nil
    }
  }

  /// Transforms each value and drops the `nil` results.
  ///
  /// - Parameter transform: runs once per value.
  /// - Returns: the non-`nil` results.
  public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> Signal<U> {
    Signal<U> { downstream in
      self.forward(
        to: downstream,
        next: { value in
          if let mapped = transform(value) { downstream.sendNext(mapped) }
        })
      return nil
    }
  }

  /// Replaces every value with `value`. RAC `-mapReplace:`.
  ///
  /// - Parameter value: the replacement.
  /// - Returns: one `value` per source value.
  public func mapReplace<U>(_ value: U) -> Signal<U> {
    map { _ in value }
  }

  /// Keeps the values that satisfy `isIncluded`. RAC `-filter:`.
  ///
  /// ```swift
  /// numbers.filter { $0.isMultiple(of: 2) }  // 0...6 → 0, 2, 4, 6
  /// ```
  ///
  /// - Parameter isIncluded: runs once per value.
  /// - Returns: the values for which `isIncluded` returned `true`.
  public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value> {
    Signal { downstream in
      self.forward(
        to: downstream,
        next: { value in
          if isIncluded(value) { downstream.sendNext(value) }
        })
      return nil
    }
  }

  /// Sends `value` first, then this signal's events. RAC `-startWith:`.
  ///
  /// - Parameter value: the first value.
  /// - Returns: `value` followed by this signal.
  public func startWith(_ value: Value) -> Signal<Value> {
    Signal.just(value).concat(self)
  }

  /// Running accumulation: sends each intermediate result. RAC
  /// `-scanWithStart:reduce:`.
  ///
  /// ```swift
  /// numbers.scan(start: 0, reduce: +)  // 1, 2, 3, 4 → 1, 3, 6, 10
  /// ```
  ///
  /// - Parameters:
  ///   - start: the initial accumulator, fresh for each subscription.
  ///   - reduce: combines the accumulator with the next value.
  /// - Returns: the accumulated values.
  public func scan<R>(start: R, reduce: @escaping (R, Value) -> R) -> Signal<R> {
    scan(start: start) { running, value, _ in reduce(running, value) }
  }

  /// Running accumulation that also receives each value's index. RAC
  /// `-scanWithStart:reduceWithIndex:`.
  ///
  /// - Parameters:
  ///   - start: the initial accumulator, fresh for each subscription.
  ///   - reduceWithIndex: combines the accumulator, the value and its index
  ///     (from 0).
  /// - Returns: the accumulated values.
  public func scan<R>(
    start: R, reduceWithIndex: @escaping (R, Value, Int) -> R
  ) -> Signal<R> {
    Signal<R> { downstream in
      var running = start
      var index = 0
      self.forward(
        to: downstream,
        next: { value in
          running = reduceWithIndex(running, value, index)
          index += 1
          downstream.sendNext(running)
        })
      return nil
    }
  }

  /// Combines each value with the previous one (`start` for the first).
  /// RAC `-combinePreviousWithStart:reduce:`.
  ///
  /// ```swift
  /// numbers.combinePrevious(start: 0) { previous, next in next - previous }
  /// // 1, 3, 6 → 1, 2, 3
  /// ```
  ///
  /// - Parameters:
  ///   - start: the "previous" value of the first value.
  ///   - reduce: receives `(previous, current)`.
  /// - Returns: the combined values.
  public func combinePrevious<R>(
    start: Value, reduce: @escaping (Value, Value) -> R
  ) -> Signal<R> {
    Signal<R> { downstream in
      var previous = start
      self.forward(
        to: downstream,
        next: { value in
          let result = reduce(previous, value)
          previous = value
          downstream.sendNext(result)
        })
      return nil
    }
  }

  /// Drops every value; forwards only the error or completion. RAC
  /// `-ignoreValues`.
  ///
  /// - Returns: a signal with this signal's terminal event only.
  public func ignoreValues() -> Signal<Value> {
    Signal { downstream in
      self.forward(to: downstream, next: { _ in })
      return nil
    }
  }
}

extension Signal where Value: Equatable {
  /// Drops the values equal to `value`. RAC `-ignore:`.
  ///
  /// - Parameter value: the value to drop.
  /// - Returns: the other values.
  public func ignore(_ value: Value) -> Signal<Value> {
    filter { $0 != value }
  }

  /// Drops values equal to the one just before them. RAC
  /// `-distinctUntilChanged`.
  ///
  /// ```swift
  /// numbers.distinctUntilChanged()  // 1, 2, 2, 1, 1 → 1, 2, 1
  /// ```
  ///
  /// - Returns: the values without consecutive duplicates.
  public func distinctUntilChanged() -> Signal<Value> {
    Signal { downstream in
      var last: Value?
      self.forward(
        to: downstream,
        next: { value in
          if let last, last == value { return }
          last = value
          downstream.sendNext(value)
        })
      return nil
    }
  }
}
