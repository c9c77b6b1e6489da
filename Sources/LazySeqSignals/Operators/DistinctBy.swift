extension Signal {
  /// Drops each value that `areEquivalent` says is equivalent to the last
  /// value sent. RAC `-distinctUntilChanged`, with a custom comparison.
  ///
  /// The first value is always sent. Each later value is compared with the
  /// last value *sent* (not the last one dropped), so with a tolerance the
  /// values cannot drift away unnoticed one small step at a time.
  ///
  /// ```swift
  /// Signal(Seq(["a", "A", "b", "B", "a"]))
  ///   .distinctUntilChanged { $0.lowercased() == $1.lowercased() }
  ///   .subscribe(next: { print($0) })
  /// // a
  /// // b
  /// // a
  /// ```
  ///
  /// - Parameter areEquivalent: receives `(last sent, current)`; returns
  ///   `true` to drop the current value.
  /// - Returns: the values without consecutive equivalents.
  @inlinable
  public func distinctUntilChanged(by areEquivalent: @escaping @Sendable (Value, Value) -> Bool) -> Signal<
    Value
  > {
    lift { sink, _ in
      var last: Value?
      return Sink(
        next: { value in
          if let last, areEquivalent(last, value) { return }
          last = value
          sink.next(value)
        }, end: sink.end)
    }
  }
}
