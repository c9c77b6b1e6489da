// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// windows(ofCount:step:) (swift-algorithms `windows(ofCount:)`, Scala
// `sliding(size, step)`).

extension Seq {
  /// Sliding windows of `count` consecutive elements, each starting `step`
  /// elements after the previous one: the first holds elements 0 to
  /// `count - 1`, the next `step` to `step + count - 1`, … Only full windows
  /// are produced: a sequence of fewer than `count` elements has none, and
  /// elements after the last full window are left out. A `step` larger than
  /// `count` skips the elements between windows.
  ///
  /// ```swift
  /// print(Seq(1...5).windows(ofCount: 3).array)   // [[1, 2, 3], [2, 3, 4], [3, 4, 5]]
  /// print(Seq(1...7).windows(ofCount: 3, step: 2).array)   // [[1, 2, 3], [3, 4, 5], [5, 6, 7]]
  /// print(Seq(1...7).windows(ofCount: 2, step: 3).array)   // [[1, 2], [4, 5]]
  /// print(Seq([1, 2]).windows(ofCount: 3).array)   // []
  /// ```
  ///
  /// `windows(ofCount: n, step: n)` is ``chunks(ofCount:)`` without the
  /// short last chunk (pagination that keeps full pages only).
  ///
  /// Lazy and memoized: the first window evaluates `count` source
  /// elements, each later window `step` more, each source element once.
  /// Works on infinite sequences; walked as a temporary, it streams in
  /// constant memory (the last window).
  ///
  /// - Parameters:
  ///   - count: The size of each window.
  ///   - step: How far each window starts after the previous one; 1 by
  ///     default.
  /// - Returns: The full windows, in order.
  /// - Precondition: `count` and `step` are at least 1.
  /// - Complexity: O(1) to create; O(`count` + `step`) per window (each is
  ///   an array). Memory grows with the elements that arrive, never with
  ///   `count` alone: `windows(ofCount: .max)` over a short sequence is
  ///   empty at once.
  @inlinable
  public func windows(ofCount count: Int, step: Int = 1) -> Seq<[Element]> {
    precondition(
      count >= 1, argumentMessage("Seq.windows(ofCount:step:)", "the count must be at least 1", got: count))
    precondition(
      step >= 1, argumentMessage("Seq.windows(ofCount:step:)", "the step must be at least 1", got: step))
    let last = _StateBox<[Element]?>(nil)
    return _derived { source in
      {
        // A new buffer per window. The first grows with what arrives (a
        // caller's count is never allocated up front); a later one is
        // reserved at `count`, which the previous window proved exists.
        var window: [Element] = []
        if let previous = last.value {
          window.reserveCapacity(count)
          if step < count {
            window.append(contentsOf: previous[step...])
          } else {
            // Skip the elements between the two windows.
            for _ in 0..<(step - count) {
              guard source.walker.next() != nil else {
                last.value = nil
                return nil
              }
            }
          }
        }
        while window.count < count {
          guard let element = source.walker.next() else {
            last.value = nil
            return nil
          }
          window.append(element)
        }
        last.value = window
        return window
      }
    }
  }
}
