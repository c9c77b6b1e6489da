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
  /// Each window is a ``Window``: a view of a buffer that the windows next
  /// to it share, so a window copies nothing and overlapping windows store
  /// their elements once. Its indices start at 0, and it compares, hashes
  /// and prints as the array of its elements; `map(Array.init)` gives
  /// arrays.
  ///
  /// ```swift
  /// let sums = Seq([3, 1, 4, 1, 5]).windows(ofCount: 2).map { $0[0] + $0[1] }
  /// print(sums.array)   // [4, 5, 5, 6]
  /// ```
  ///
  /// `windows(ofCount: n, step: n)` is ``chunks(ofCount:)`` without the
  /// short last chunk (pagination that keeps full pages only).
  ///
  /// Lazy and memoized: the first window evaluates `count` source
  /// elements, each later window `step` more, each source element once.
  /// Works on infinite sequences; walked as a temporary, it streams in
  /// constant memory (the buffer of the last windows).
  ///
  /// - Parameters:
  ///   - count: The size of each window.
  ///   - step: How far each window starts after the previous one; 1 by
  ///     default.
  /// - Returns: The full windows, in order.
  /// - Precondition: `count` and `step` are at least 1.
  /// - Complexity: O(1) to create; O(`step`) per window, with no
  ///   allocation on the steady path (a buffer of a few hundred elements is
  ///   shared, and the last `count - 1` elements are copied when it is
  ///   full). Over a complete sequence (an array), with `step` at most
  ///   `count`, each window is a view of its storage: O(1), and no element
  ///   is copied. Memory grows with the elements that arrive, never with
  ///   `count` alone: `windows(ofCount: .max)` over a short sequence is
  ///   empty at once.
  @inlinable
  public func windows(ofCount count: Int, step: Int = 1) -> Seq<Window> {
    precondition(
      count >= 1, argumentMessage("Seq.windows(ofCount:step:)", "the count must be at least 1", got: count))
    precondition(
      step >= 1, argumentMessage("Seq.windows(ofCount:step:)", "the step must be at least 1", got: step))
    return _derived(batchesOnly: { source in
      Seq._windowBatches(source, count: count, step: step, keepsShortLast: false)
    })
  }
}
