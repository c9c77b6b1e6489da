// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// chunks(ofCount:): the `Seq` name of `buffer(count:)`.

public import LazySeq

extension Signal where Value: Sendable {
  /// Collects values into arrays of `count`; completion sends the rest.
  /// The name `Seq.chunks(ofCount:)` has, for ``buffer(count:)``.
  ///
  /// Each array is sent as soon as it holds `count` values; on completion
  /// the values collected so far (if any) are sent as a shorter last array.
  /// An error is forwarded at once and drops them.
  ///
  /// ```swift
  /// Signal(Seq(1...7)).chunks(ofCount: 3).subscribe(next: { print($0) })
  /// // [1, 2, 3]
  /// // [4, 5, 6]
  /// // [7]
  /// ```
  ///
  /// - Parameter count: the size of each array but the last; at least 1.
  /// - Returns: the arrays.
  /// - Complexity: O(1) amortized per value; O(`count`) memory.
  @inlinable  // lazy-performance: a fused operator specializes with its chain
  public func chunks(ofCount count: Int) -> Signal<[Value]> {
    precondition(
      count >= 1, argumentMessage("Signal.chunks(ofCount:)", "the count must be at least 1", got: count))
    return buffer(count: count)
  }
}
