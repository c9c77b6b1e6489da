// windows(ofCount:) (swift-algorithms `windows(ofCount:)`, Scala `sliding`).

extension Seq {
  /// Sliding windows of `count` consecutive elements, advancing by one:
  /// the first holds elements 0 to `count - 1`, the next 1 to `count`, …
  /// A sequence of fewer than `count` elements has no window.
  ///
  /// ```swift
  /// print(Seq(1...5).windows(ofCount: 3).array)   // [[1, 2, 3], [2, 3, 4], [3, 4, 5]]
  /// print(Seq([1, 2]).windows(ofCount: 3).array)   // []
  /// ```
  ///
  /// Lazy and memoized: the first window evaluates `count` source
  /// elements, each later window one more. Works on infinite sequences;
  /// walked as a temporary, it streams in constant memory (the last window).
  ///
  /// - Parameter count: The size of each window.
  /// - Returns: The windows, in order.
  /// - Precondition: `count` is at least 1.
  /// - Complexity: O(1) to create; O(`count`) per window (each is an array).
  @inlinable
  public func windows(ofCount count: Int) -> Seq<[Element]> {
    Seq._checkPositiveCount(count, "windows(ofCount:)")
    let last = _StateBox<[Element]?>(nil)
    return _derived { source in
      {
        guard var window = last.value else {
          var first: [Element] = []
          while first.count < count {
            guard let element = source.walker.next() else { return nil }
            first.append(element)
          }
          last.value = first
          return first
        }
        guard let element = source.walker.next() else {
          last.value = nil
          return nil
        }
        window.removeFirst()
        window.append(element)
        last.value = window
        return window
      }
    }
  }
}
