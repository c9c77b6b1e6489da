// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// interspersed(with:): a separator between consecutive values, the signal
// form of `Seq.interspersed(with:)`.

extension Signal where Value: Sendable {
  /// Sends `separator` between each two consecutive values: `a, s, b, s, c`.
  ///
  /// The separator is sent when the value after it arrives (just before
  /// it), so none is sent before the first value or after the last.
  ///
  /// ```swift
  /// Signal(Seq([1, 2, 3])).interspersed(with: 0).subscribe(next: { print($0) })
  /// // 1
  /// // 0
  /// // 2
  /// // 0
  /// // 3
  /// ```
  ///
  /// - Parameter separator: the value sent between values.
  /// - Returns: the values with separators; no value or one value unchanged.
  /// - Complexity: O(1) per value.
  @inlinable  // lazy-performance: a fused operator specializes with its chain
  public func interspersed(with separator: Value) -> Signal<Value> {
    lift { sink, _ in
      var started = false
      return Sink(
        next: { value in
          if started {
            sink.next(separator)
          } else {
            started = true
          }
          sink.next(value)
        }, end: sink.end)
    }
  }
}
