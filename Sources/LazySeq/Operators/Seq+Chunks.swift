// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// chunks(ofCount:) (swift-algorithms `chunks(ofCount:)`, Scala `grouped`).

extension Seq {
  /// Consecutive arrays of `count` elements; the last may be shorter.
  ///
  /// ```swift
  /// print(Seq(1...7).chunks(ofCount: 3).array)   // [[1, 2, 3], [4, 5, 6], [7]]
  /// print(Seq.iterate(0) { $0 + 1 }.chunks(ofCount: 2).take(2).array)   // [[0, 1], [2, 3]]
  /// ```
  ///
  /// Lazy and memoized: the i-th chunk evaluates the source elements of the
  /// i-th chunk only, each once. Works on infinite sequences; walked as a
  /// temporary, it streams in constant memory.
  ///
  /// - Parameter count: The size of each chunk (but the last).
  /// - Returns: The chunks, in order; empty if this sequence is empty.
  /// - Precondition: `count` is at least 1.
  /// - Complexity: O(1) to create; O(`count`) per chunk.
  @inlinable
  public func chunks(ofCount count: Int) -> Seq<[Element]> {
    Seq._checkPositiveCount(count, "Seq.chunks(ofCount:)")
    return _derived { source in
      // The first chunk grows with what arrives (a huge `count` reserves
      // nothing up front); once a chunk has filled, `count` elements have
      // been seen, and each later chunk is reserved at its full size, so it
      // is allocated once.
      var capacity = Swift.min(count, 64)
      return {
        guard let first = source.walker.next() else { return nil }
        var chunk: [Element] = []
        chunk.reserveCapacity(capacity)
        chunk.append(first)
        while chunk.count < count, let element = source.walker.next() { chunk.append(element) }
        if chunk.count == count { capacity = count }
        return chunk
      }
    }
  }
}
