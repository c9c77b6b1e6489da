extension Signal {
  /// Pairs this signal's values with `other`'s in order and combines each
  /// pair with `reduce`. RAC `+zip:reduce:`.
  ///
  /// The same as ``zip(with:)`` followed by `map`: the n-th value of the
  /// result combines the n-th values of both signals; it completes as soon
  /// as no further pair is possible, and an error of either ends it.
  /// `reduce` runs serially, once per pair, in order.
  ///
  /// ```swift
  /// let names = Subject<String>()
  /// let scores = Subject<Int>()
  /// names.signal.zip(with: scores.signal) { "\($0): \($1)" }
  ///   .subscribe(next: { print($0) })
  /// names.sendNext("ada")   // (nothing: no score yet)
  /// names.sendNext("bob")   // (nothing)
  /// scores.sendNext(3)      // ada: 3
  /// scores.sendNext(5)      // bob: 5
  /// ```
  ///
  /// - Parameters:
  ///   - other: the second signal.
  ///   - reduce: combines `(n-th value of this signal, n-th value of other)`.
  /// - Returns: the combined values.
  public func zip<U, R>(
    with other: Signal<U>, reduce: @escaping @Sendable (Value, U) -> R
  ) -> Signal<R> {
    // `reduce` runs in the delivery, behind the gate of `zip`, so it is
    // serial and sees the pairs in order.
    zip(with: other).map { reduce($0.0, $0.1) }
  }
}
