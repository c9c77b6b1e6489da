// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// enumerated(): each value with its offset, the signal form of
// `Seq.enumerated()`.

extension Signal {
  /// Pairs each value with its offset from the first value of the
  /// subscription: 0, 1, 2, …
  ///
  /// Every subscription counts from 0. The terminal event is forwarded
  /// unchanged.
  ///
  /// ```swift
  /// Signal(Seq(["a", "b"])).enumerated()
  ///   .subscribe(next: { print($0.offset, $0.element) })
  /// // 0 a
  /// // 1 b
  /// ```
  ///
  /// - Returns: the pairs `(offset:element:)`, in order.
  /// - Complexity: O(1) per value.
  @inlinable  // lazy-performance: a fused operator specializes with its chain
  public func enumerated() -> Signal<(offset: Int, element: Value)> {
    lift { sink, _ in
      var offset = 0
      return Sink(
        next: { value in
          let current = offset
          offset += 1
          sink.next((offset: current, element: value))
        }, end: sink.end)
    }
  }
}
