extension Signal {
  /// Combines the latest values of this signal and `other` with `reduce`
  /// whenever either sends, once both have sent. RAC
  /// `+combineLatest:reduce:`.
  ///
  /// The same as ``combineLatest(with:)`` followed by `map`: completes when
  /// both complete, an error of either ends it. `reduce` runs serially, in
  /// the order the values arrived, never twice for one pair.
  ///
  /// ```swift
  /// let width = Subject<Int>()
  /// let height = Subject<Int>()
  /// width.signal.combineLatest(with: height.signal) { $0 * $1 }
  ///   .subscribe(next: { print($0) })
  /// width.sendNext(2)   // (nothing: no height yet)
  /// height.sendNext(3)  // 6
  /// width.sendNext(4)   // 12
  /// ```
  ///
  /// - Parameters:
  ///   - other: the second signal.
  ///   - reduce: combines `(latest of this signal, latest of other)`.
  /// - Returns: the combined values.
  public func combineLatest<U, R>(
    with other: Signal<U>, reduce: @escaping @Sendable (Value, U) -> R
  ) -> Signal<R> {
    // `reduce` runs in the delivery, behind the gate of `combineLatest`, so
    // it is serial and sees the pairs in the order the latest values
    // changed.
    combineLatest(with: other).map { reduce($0.0, $0.1) }
  }
}
