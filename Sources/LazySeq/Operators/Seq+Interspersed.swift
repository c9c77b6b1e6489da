// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// interspersed(with:) (swift-algorithms `interspersed(with:)`).

extension Seq {
  /// The elements with `separator` between each two: `a, s, b, s, c`.
  ///
  /// ```swift
  /// print(Seq([1, 2, 3]).interspersed(with: 0).array)   // [1, 0, 2, 0, 3]
  /// ```
  ///
  /// Lazy and memoized: a separator is produced once the element after it
  /// has been evaluated (so that none ends the sequence). Works on infinite
  /// sequences.
  ///
  /// - Parameter separator: The value placed between elements.
  /// - Returns: The interspersed sequence; empty or one element unchanged.
  /// - Complexity: O(1) to create; O(1) per element.
  @inlinable
  public func interspersed(with separator: Element) -> Seq<Element> {
    let state = _StateBox((started: false, pending: Element?.none))
    return _derived { source in
      {
        if let pending = state.value.pending {
          state.value.pending = nil
          return pending
        }
        guard let element = source.walker.next() else { return nil }
        guard state.value.started else {
          state.value.started = true
          return element
        }
        state.value.pending = element
        return separator
      }
    }
  }
}
