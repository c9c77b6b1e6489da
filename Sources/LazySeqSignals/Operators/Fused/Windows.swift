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
  /// `windows(ofCount: n, step: n)` is ``buffer(count:)`` without the short
  /// last array.
  ///
  /// - Parameters:
  ///   - count: the size of each window; at least 1.
  ///   - step: how far each window starts after the previous one; at least
  ///     1, and 1 by default.
  /// - Returns: the full windows, in order.
  /// - Complexity: O(1) per value, plus O(`count`) per window sent (each is
  ///   an array); memory O(`count`), growing with the values that arrive
  ///   (never allocated from `count` alone).
  @inlinable  // lazy-performance: a fused operator specializes with its chain
  public func windows(ofCount count: Int, step: Int = 1) -> Signal<[Value]> {
    precondition(
      count >= 1, argumentMessage("Signal.windows(ofCount:step:)", "the count must be at least 1", got: count)
    )
    precondition(
      step >= 1, argumentMessage("Signal.windows(ofCount:step:)", "the step must be at least 1", got: step))
    return lift { sink, _ in
      // One mutation of the captured state per value: each access to a
      // captured `var` is checked for exclusivity at run time.
      var windows = Operators.SlidingWindows<Value>(count: count, step: step)
      return Sink(
        next: { value in
          if let window = windows.push(value) { sink.next(window) }
        }, end: sink.end)
    }
  }
}

extension Operators {
  /// The state of one `windows(ofCount:step:)` subscription: the values of
  /// the window being filled, and how many values to skip before it starts
  /// (when `step > count`). A plain value in the fused operator's closures.
  @usableFromInline
  struct SlidingWindows<Value> {
    @usableFromInline let count: Int
    @usableFromInline let step: Int
    @usableFromInline var window: [Value] = []
    @usableFromInline var skipping = 0

    @inlinable
    init(count: Int, step: Int) {
      self.count = count
      self.step = step
    }

    /// Takes the next value; returns the window it completes, if any.
    @inlinable
    mutating func push(_ value: Value) -> [Value]? {
      if skipping > 0 {
        skipping -= 1
        return nil
      }
      window.append(value)
      guard window.count == count else { return nil }
      // The next window starts in a new buffer: one allocation per window.
      // The first window grew with what arrived; `count` values have now
      // arrived, so reserving that many allocates nothing a caller's count
      // alone asked for.
      var next: [Value] = []
      next.reserveCapacity(count)
      if step < count {
        next.append(contentsOf: window[step...])
      } else {
        skipping = step - count
      }
      swap(&window, &next)
      return next
    }
  }
}
