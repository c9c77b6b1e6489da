// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

extension Signal {
  /// Transforms each value. RAC `-map:`.
  ///
  /// ```swift
  /// numbers.map { $0 * 10 }  // 1, 2, 3 → 10, 20, 30
  /// ```
  ///
  /// - Parameter transform: runs once per value, serially.
  /// - Returns: a signal of the transformed values, with the same terminal.
  @inlinable
  public func map<U>(_ transform: @escaping @Sendable (Value) -> U) -> Signal<U> {
    lift { sink, _ in Sink(next: { sink.next(transform($0)) }, end: sink.end) }
  }

  /// Transforms each value and drops the `nil` results.
  ///
  /// - Parameter transform: runs once per value.
  /// - Returns: the non-`nil` results.
  @inlinable
  public func compactMap<U>(_ transform: @escaping @Sendable (Value) -> U?) -> Signal<U> {
    lift { sink, _ in
      Sink(
        next: { value in
          if let mapped = transform(value) { sink.next(mapped) }
        }, end: sink.end)
    }
  }

  /// Replaces every value with `value`. RAC `-mapReplace:`.
  ///
  /// - Parameter value: the replacement.
  /// - Returns: one `value` per source value.
  @inlinable
  public func mapReplace<U: Sendable>(_ value: U) -> Signal<U> {
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
  @inlinable
  public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
    lift { sink, _ in
      Sink(
        next: { value in
          if isIncluded(value) { sink.next(value) }
        }, end: sink.end)
    }
  }

  /// Sends `value` first, then this signal's events. RAC `-startWith:`.
  ///
  /// - Parameter value: the first value.
  /// - Returns: `value` followed by this signal.
  public func startWith(_ value: Value) -> Signal<Value> where Value: Sendable {
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
  @inlinable
  public func scan<R: Sendable>(start: R, reduce: @escaping @Sendable (R, Value) -> R) -> Signal<R> {
    lift { sink, _ in
      var running = start
      return Sink(
        next: { value in
          running = reduce(running, value)
          sink.next(running)
        }, end: sink.end)
    }
  }

  /// The running results, beginning with `initial` itself
  /// (swift-algorithms `reductions(_:_:)`): sends `initial` at once, then
  /// each intermediate result. ``scan(start:reduce:)`` is the same without
  /// `initial`.
  ///
  /// ```swift
  /// numbers.reductions(0, +)  // 1, 2, 3 → 0, 1, 3, 6
  /// ```
  @inlinable
  public func reductions<R: Sendable>(
    _ initial: R, _ transform: @escaping @Sendable (R, Value) -> R
  ) -> Signal<R> {
    scan(start: initial, reduce: transform).startWith(initial)
  }

  /// ``reductions(_:_:)`` with a closure that updates the running result in
  /// place (swift-algorithms `reductions(into:_:)`); each result sent is a
  /// copy.
  @inlinable
  public func reductions<R: Sendable>(
    into initial: R, _ transform: @escaping @Sendable (inout R, Value) -> Void
  ) -> Signal<R> {
    reductions(initial) { partial, value in
      var next = partial
      transform(&next, value)
      return next
    }
  }

  /// Running accumulation that also receives each value's index. RAC
  /// `-scanWithStart:reduceWithIndex:`.
  ///
  /// - Parameters:
  ///   - start: the initial accumulator, fresh for each subscription.
  ///   - reduceWithIndex: combines the accumulator, the value and its index
  ///     (from 0).
  /// - Returns: the accumulated values.
  @inlinable
  public func scan<R: Sendable>(
    start: R, reduceWithIndex: @escaping @Sendable (R, Value, Int) -> R
  ) -> Signal<R> {
    lift { sink, _ in
      var running = start
      var index = 0
      return Sink(
        next: { value in
          running = reduceWithIndex(running, value, index)
          index += 1
          sink.next(running)
        }, end: sink.end)
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
  @inlinable
  public func combinePrevious<R>(
    start: Value, reduce: @escaping @Sendable (Value, Value) -> R
  ) -> Signal<R> where Value: Sendable {
    lift { sink, _ in
      var previous = start
      return Sink(
        next: { value in
          let result = reduce(previous, value)
          previous = value
          sink.next(result)
        }, end: sink.end)
    }
  }

  /// Drops every value; forwards only the error or completion. RAC
  /// `-ignoreValues`.
  ///
  /// - Returns: a signal with this signal's terminal event only.
  @inlinable
  public func ignoreValues() -> Signal<Value> {
    lift { sink, _ in Sink(next: { _ in }, end: sink.end) }
  }
}

extension Signal where Value: Equatable & Sendable {
  /// Drops the values equal to `value`. RAC `-ignore:`.
  ///
  /// - Parameter value: the value to drop.
  /// - Returns: the other values.
  @inlinable
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
  @inlinable
  public func distinctUntilChanged() -> Signal<Value> {
    lift { sink, _ in Operators.distinct(sink) }
  }
}

extension Operators {
  /// The sink of one `distinctUntilChanged()` subscription.
  @inlinable
  static func distinct<Value: Equatable & Sendable>(_ sink: Sink<Value>) -> Sink<Value> {
    var last: Value?
    return Sink(
      next: { value in
        if let last, last == value { return }
        last = value
        sink.next(value)
      }, end: sink.end)
  }
}

extension Signal where Value: Sendable {
  /// The running results, beginning with the first value
  /// (swift-algorithms `reductions(_:)`): the first value, then
  /// `transform(first, second)`, … Nothing is sent for an empty signal.
  ///
  /// ```swift
  /// numbers.reductions(max)  // 3, 1, 4 → 3, 3, 4
  /// ```
  @inlinable
  public func reductions(_ transform: @escaping @Sendable (Value, Value) -> Value) -> Signal<Value> {
    lift { sink, _ in
      var running: Value?
      return Sink(
        next: { value in
          let next = running.map { transform($0, value) } ?? value
          running = next
          sink.next(next)
        }, end: sink.end)
    }
  }
}

extension Signal where Value: Sendable {
  /// Drops each value that `areEquivalent` says is equivalent to the last
  /// value sent. RAC `-distinctUntilChanged`, with a custom comparison.
  ///
  /// The first value is always sent. Each later value is compared with the
  /// last value *sent* (not the last one dropped), so with a tolerance the
  /// values cannot drift away unnoticed one small step at a time.
  ///
  /// ```swift
  /// Signal(Seq(["a", "A", "b", "B", "a"]))
  ///   .distinctUntilChanged { $0.lowercased() == $1.lowercased() }
  ///   .subscribe(next: { print($0) })
  /// // a
  /// // b
  /// // a
  /// ```
  ///
  /// - Parameter areEquivalent: receives `(last sent, current)`; returns
  ///   `true` to drop the current value.
  /// - Returns: the values without consecutive equivalents.
  @inlinable
  public func distinctUntilChanged(by areEquivalent: @escaping @Sendable (Value, Value) -> Bool) -> Signal<
    Value
  > {
    lift { sink, _ in
      var last: Value?
      return Sink(
        next: { value in
          if let last, areEquivalent(last, value) { return }
          last = value
          sink.next(value)
        }, end: sink.end)
    }
  }
}
