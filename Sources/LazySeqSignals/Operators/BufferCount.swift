extension Signal where Value: Sendable {
  /// Collects values into arrays of `count`; completion sends the rest.
  /// Kotlin Flow `chunked`; RxSwift `buffer(timeSpan:count:)` without the
  /// time.
  ///
  /// Each array is sent as soon as it holds `count` values. On completion,
  /// the values collected so far (fewer than `count`, if any) are sent as a
  /// last array before the completion; an error is forwarded at once and
  /// drops them.
  ///
  /// ```swift
  /// Signal(Seq(1...7)).buffer(count: 3).subscribe(next: { print($0) })
  /// // [1, 2, 3]
  /// // [4, 5, 6]
  /// // [7]
  /// ```
  ///
  /// - Parameter count: the size of each array but the last; must be
  ///   positive.
  /// - Returns: the arrays.
  /// - Complexity: O(1) amortized per value; O(`count`) memory.
  @inlinable  // lazy-performance: a fused operator specializes with its chain
  public func buffer(count: Int) -> Signal<[Value]> {
    precondition(count > 0, "Signal.buffer(count:): the count must be positive, got \(count)")
    return lift { sink, _ in
      var batch: [Value] = []
      batch.reserveCapacity(count)
      return Sink(
        next: { value in
          batch.append(value)
          guard batch.count == count else { return }
          let full = batch
          batch = []
          batch.reserveCapacity(count)
          sink.next(full)
        },
        end: { completion in
          if case .completed = completion, !batch.isEmpty {
            let rest = batch
            batch = []
            sink.next(rest)
          }
          sink.end(completion)
        })
    }
  }
}
