// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// enumerated() (Scala `zipWithIndex`), lazy and memoized.

extension Seq {
  /// Each element paired with its offset from the start, 0, 1, 2, …
  ///
  /// ```swift
  /// for (offset, word) in Seq(["a", "b"]).enumerated() { print(offset, word) }
  /// // 0 a
  /// // 1 b
  /// ```
  ///
  /// Shadows `Sequence.enumerated()` so that the result is a `Seq`: lazy,
  /// memoized and walkable many times. Works on infinite sequences.
  ///
  /// - Returns: The pairs `(offset:element:)`, in order.
  /// - Complexity: O(1) to create; O(1) per element.
  @inlinable
  public func enumerated() -> Seq<(offset: Int, element: Element)> {
    let offset = _StateBox(0)
    return _derived { source in
      {
        guard let element = source.walker.next() else { return nil }
        defer { offset.value += 1 }
        return (offset.value, element)
      }
    }
  }
}
