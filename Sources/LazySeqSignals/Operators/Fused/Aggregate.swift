// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

extension Signal where Value: Sendable {
  /// Sends all values as one array when the signal completes. RAC
  /// `-collect`.
  ///
  /// - Returns: one array (empty if there were no values), then completion.
  @inlinable
  public func collect() -> Signal<[Value]> {
    lift { sink, _ in
      var values: [Value] = []
      return Sink(
        next: { values.append($0) },
        end: { completion in
          if case .completed = completion {
            sink.next(values)
            values = []
          }
          sink.end(completion)
        })
    }
  }
}

extension Signal {
  /// Folds all values and sends the result on completion. RAC
  /// `-aggregateWithStart:reduce:`.
  ///
  /// - Parameters:
  ///   - start: the initial accumulator (sent if there are no values).
  ///   - reduce: combines the accumulator with each value.
  /// - Returns: one value, then completion.
  public func aggregate<R: Sendable>(start: R, reduce: @escaping @Sendable (R, Value) -> R) -> Signal<R> {
    scan(start: start, reduce: reduce).takeLast(orElse: start)
  }

  /// Folds all values with their indices and sends the result on
  /// completion. RAC `-aggregateWithStart:reduceWithIndex:`.
  ///
  /// - Parameters:
  ///   - start: the initial accumulator (sent if there are no values).
  ///   - reduceWithIndex: combines the accumulator, a value and its index.
  /// - Returns: one value, then completion.
  public func aggregate<R: Sendable>(
    start: R, reduceWithIndex: @escaping @Sendable (R, Value, Int) -> R
  ) -> Signal<R> {
    scan(start: start, reduceWithIndex: reduceWithIndex).takeLast(orElse: start)
  }

  /// Sends the last value (or `fallback`) on completion.
  private func takeLast(orElse fallback: Value) -> Signal<Value> where Value: Sendable {
    lift { sink, _ in
      var last = fallback
      return Sink(
        next: { last = $0 },
        end: { completion in
          if case .completed = completion { sink.next(last) }
          sink.end(completion)
        })
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
  public func any(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Bool> {
    decide(whenAny: predicate, answer: true)
  }

  /// Sends `answer` and completes at the first value satisfying `test`;
  /// `!answer` if the signal completes first. Fused.
  private func decide(whenAny test: @escaping @Sendable (Value) -> Bool, answer: Bool) -> Signal<Bool> {
    lift { sink, lifetime in
      var done = false
      return Sink(
        next: { value in
          guard !done, test(value) else { return }
          done = true
          sink.next(answer)
          lifetime.dispose()
          sink.end(.completed)
        },
        end: { completion in
          guard !done else { return }
          if case .completed = completion { sink.next(!answer) }
          sink.end(completion)
        })
    }
  }

  /// Sends `false` and completes at the first value failing `predicate`;
  /// `true` if the signal completes first. RAC `-all:`.
  ///
  /// An error is forwarded as an error.
  ///
  /// - Parameter predicate: the test.
  /// - Returns: one Boolean, then completion.
  public func all(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Bool> {
    decide(whenAny: { !predicate($0) }, answer: false)
  }
}
