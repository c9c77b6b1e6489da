// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// chunks(ofCount:) (swift-algorithms `chunks(ofCount:)`, Scala `grouped`).

extension Seq {
  /// Consecutive runs of `count` elements; the last may be shorter.
  ///
  /// ```swift
  /// print(Seq(1...7).chunks(ofCount: 3).array)   // [[1, 2, 3], [4, 5, 6], [7]]
  /// print(Seq.iterate(0) { $0 + 1 }.chunks(ofCount: 2).take(2).array)   // [[0, 1], [2, 3]]
  /// print(Seq(1...7).chunks(ofCount: 3).map { $0.reduce(0, +) }.array)   // [6, 15, 7]
  /// ```
  ///
  /// Each chunk is a ``Window``: a view of a buffer that the chunks next to
  /// it share (zero-copy; indices from 0; it compares and prints as an
  /// array). `map(Array.init)` gives arrays.
  ///
  /// Lazy and memoized: the i-th chunk evaluates the source elements of the
  /// i-th chunk only, each once, copying evaluated elements in runs. Works
  /// on infinite sequences; walked as a temporary, it streams in constant
  /// memory.
  ///
  /// - Parameter count: The size of each chunk (but the last).
  /// - Returns: The chunks, in order; empty if this sequence is empty.
  /// - Precondition: `count` is at least 1.
  /// - Complexity: O(1) to create; O(`count`) per chunk, with no allocation
  ///   on the steady path (a buffer of a few chunks is shared). Over a
  ///   complete sequence (an array) each full chunk is a view of its
  ///   storage: O(1), and no element is copied. Memory grows with the
  ///   elements that arrive, never with `count` alone.
  @inlinable
  public func chunks(ofCount count: Int) -> Seq<Window> {
    Seq._checkPositiveCount(count, "Seq.chunks(ofCount:)")
    return _derived(batchesOnly: { source in
      Seq._windowBatches(source, count: count, step: count, keepsShortLast: true)
    })
  }
}
