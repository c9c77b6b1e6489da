// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

public import LazySeq

extension Signal {
  /// Drops the first `count` values. RAC `-skip:`.
  ///
  /// - Parameter count: how many values to drop; must not be negative.
  /// - Returns: the values after the first `count`.
  @inlinable
  public func skip(_ count: Int) -> Signal<Value> {
    precondition(count >= 0, argumentMessage("Signal.skip(_:)", "the count must not be negative", got: count))
    return lift { sink, _ in
      var remaining = count
      return Sink(
        next: { value in
          if remaining > 0 {
            remaining -= 1
          } else {
            sink.next(value)
          }
        }, end: sink.end)
    }
  }

  /// Sends the first `count` values, then completes and disposes the source.
  /// RAC `-take:`.
  ///
  /// `take(0)` completes at once without subscribing.
  ///
  /// - Parameter count: how many values to send; must not be negative.
  /// - Returns: at most `count` values.
  @inlinable
  public func take(_ count: Int) -> Signal<Value> {
    precondition(count >= 0, argumentMessage("Signal.take(_:)", "the count must not be negative", got: count))
    if count == 0 { return .empty }
    return lift { sink, lifetime in
      var taken = 0
      return Sink(
        next: { value in
          guard taken < count else { return }
          taken += 1
          sink.next(value)
          if taken == count {
            lifetime.dispose()
            sink.end(.completed)
          }
        },
        end: { completion in
          if taken < count { sink.end(completion) }
        })
    }
  }

  /// Sends values until one satisfies `predicate` (not sent), then
  /// completes. RAC `-takeUntilBlock:`.
  ///
  /// - Parameter predicate: the stop condition.
  /// - Returns: the values before the first match.
  @inlinable
  public func take(until predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
    take(while: { !predicate($0) })
  }

  /// Sends values while they satisfy `predicate`, then completes. RAC
  /// `-takeWhileBlock:`.
  ///
  /// - Parameter predicate: the condition to keep going.
  /// - Returns: the leading values that satisfy `predicate`.
  @inlinable
  public func take(while predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
    lift { sink, lifetime in
      var done = false
      return Sink(
        next: { value in
          guard !done else { return }
          if predicate(value) { return sink.next(value) }
          done = true
          lifetime.dispose()
          sink.end(.completed)
        },
        end: { completion in
          if !done { sink.end(completion) }
        })
    }
  }

  /// Drops values until one satisfies `predicate`, then sends it and every
  /// later value. RAC `-skipUntilBlock:`.
  ///
  /// - Parameter predicate: the start condition.
  /// - Returns: the values from the first match on.
  @inlinable
  public func skip(until predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
    skip(while: { !predicate($0) })
  }

  /// Drops values while they satisfy `predicate`, then sends every later
  /// value. RAC `-skipWhileBlock:`.
  ///
  /// - Parameter predicate: the condition to keep dropping.
  /// - Returns: the values from the first one that fails `predicate`.
  @inlinable
  public func skip(while predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
    lift { sink, _ in
      var skipping = true
      return Sink(
        next: { value in
          if skipping, predicate(value) { return }
          skipping = false
          sink.next(value)
        }, end: sink.end)
    }
  }
}

extension Signal where Value: Sendable {
  /// Sends the last `count` values when this signal completes, then
  /// completes. RAC `-takeLast:`.
  ///
  /// Nothing is sent before completion: the values wait in a buffer that
  /// keeps only the last `count`. An error is forwarded at once and the
  /// buffered values are dropped. `takeLast(0)` sends no value and completes
  /// when this signal does.
  ///
  /// ```swift
  /// Signal(Seq(1...5)).takeLast(2)
  ///   .subscribe(next: { print($0) }, completed: { print("done") })
  /// // 4
  /// // 5
  /// // done
  /// ```
  ///
  /// - Parameter count: how many values to keep; must not be negative.
  /// - Returns: the last `count` values (fewer if this signal sent fewer),
  ///   sent at completion.
  /// - Complexity: O(1) per value; memory O(`count`).
  @inlinable
  public func takeLast(_ count: Int) -> Signal<Value> {
    precondition(
      count >= 0, argumentMessage("Signal.takeLast(_:)", "the count must not be negative", got: count))
    return lift { sink, _ in
      // The last `count` values so far.
      var buffer = _Queue<Value>(maximumCount: count)
      return Sink(
        next: { buffer.append($0) },
        end: { completion in
          if case .completed = completion {
            for value in buffer.takeAll() { sink.next(value) }
          }
          sink.end(completion)
        })
    }
  }
}
