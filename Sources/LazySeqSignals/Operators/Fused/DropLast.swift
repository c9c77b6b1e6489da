// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// dropLast(_:): all but the last values, the signal form of
// `Seq.dropLast(_:)`.

public import LazySeq

extension Signal where Value: Sendable {
  /// Sends all the values but the last `count`.
  ///
  /// A value is sent as soon as it is known not to be among the last
  /// `count`: when the `count`-th value after it arrives. The last `count`
  /// values are dropped at completion; an error is forwarded at once.
  /// `dropLast(0)` is this signal.
  ///
  /// ```swift
  /// Signal(Seq([1, 2, 3, 4])).dropLast(2)
  ///   .subscribe(next: { print($0) }, completed: { print("done") })
  /// // 1
  /// // 2
  /// // done
  /// ```
  ///
  /// - Parameter count: how many values to drop from the end; 1 by default;
  ///   must not be negative.
  /// - Returns: the values without the last `count`, each delayed by
  ///   `count` values.
  /// - Complexity: O(1) per value; memory O(`count`).
  @inlinable  // lazy-performance: a fused operator specializes with its chain
  public func dropLast(_ count: Int = 1) -> Signal<Value> {
    precondition(
      count >= 0, argumentMessage("Signal.dropLast(_:)", "the count must not be negative", got: count))
    if count == 0 { return self }
    return lift { sink, _ in
      // The last `count` values; once there are `count`, each new value
      // sends the oldest.
      var last = _Queue<Value>()
      return Sink(
        next: { value in
          last.append(value)
          if last.count > count, let oldest = last.popFirst() { sink.next(oldest) }
        },
        end: { completion in
          last.removeAll()
          sink.end(completion)
        })
    }
  }
}
