// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// windows(ofCount:step:): sliding windows of a signal's values, the signal
// form of `Seq.windows(ofCount:step:)`.

public import LazySeq

extension Signal where Value: Sendable {
  /// Sliding windows of `count` consecutive values, each starting `step`
  /// values after the previous one; only full windows are sent.
  ///
  /// Each window is sent as soon as its last value arrives. Values after
  /// the last full window are dropped at completion, and a `step` larger
  /// than `count` skips the values between windows. An error is forwarded
  /// at once. The same as `Seq.windows(ofCount:step:)` on the values sent.
  ///
  /// ```swift
  /// Signal(Seq(1...7)).windows(ofCount: 3, step: 2)
  ///   .subscribe(next: { print($0) }, completed: { print("done") })
  /// // [1, 2, 3]
  /// // [3, 4, 5]
  /// // [5, 6, 7]
  /// // done
  /// ```
  ///
  /// `windows(ofCount: n, step: n)` is ``chunks(ofCount:)`` without the
  /// short last chunk.
  ///
  /// - Parameters:
  ///   - count: the size of each window; at least 1.
  ///   - step: how far each window starts after the previous one; at least
  ///     1, and 1 by default.
  /// - Returns: the full windows, in order.
  /// Each window is a `Seq.Window`, as `Seq.windows(ofCount:step:)` makes:
  /// a view of a buffer that the windows next to it share (zero-copy;
  /// indices from 0; it compares and prints as an array).
  ///
  /// - Complexity: O(1) per value, with no allocation on the steady path;
  ///   memory O(`count`) per buffer, growing with the values that arrive
  ///   (never allocated from `count` alone).
  @inlinable  // lazy-performance: a fused operator specializes with its chain
  public func windows(ofCount count: Int, step: Int = 1) -> Signal<Seq<Value>.Window> {
    precondition(
      count >= 1, argumentMessage("Signal.windows(ofCount:step:)", "the count must be at least 1", got: count)
    )
    precondition(
      step >= 1, argumentMessage("Signal.windows(ofCount:step:)", "the step must be at least 1", got: step))
    return lift { sink, _ in
      // One mutation of the captured state per value: each access to a
      // captured `var` is checked for exclusivity at run time. The builder
      // is `Seq.windows`'s own (Seq+Window.swift).
      var windows = _WindowBuilder<Value>(count: count, step: step)
      return Sink(
        next: { value in
          if let window = windows.push(value) { sink.next(window) }
        }, end: sink.end)
    }
  }
}
