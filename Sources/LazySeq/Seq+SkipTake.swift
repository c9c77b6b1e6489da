// skip, take (RAC `-skip:`, `-take:`).

extension Seq {
  /// The elements after the first `count` (RAC `-skip:`).
  ///
  /// ```swift
  /// print(Seq([1, 2, 3]).skip(1).array)   // [2, 3]
  /// ```
  ///
  /// Lazy: nothing is evaluated until the result is used; the skipped
  /// elements are then evaluated (in a loop) and the rest is passed through
  /// without being copied. Skipping more than there are gives an empty
  /// sequence.
  ///
  /// - Precondition: `count` is not negative.
  @inlinable
  public func skip(_ count: Int) -> Seq<Element> {
    Seq._checkCount(count, "skip(_:)")
    if count == 0 { return self }
    if _isEager { return Seq(_snapshot: array.dropFirst(count), isEager: true) }
    let start = self
    return Seq._deferred {
      var walker = _Walker(start)
      for _ in 0..<count where walker.next() == nil { return Seq() }
      return walker.position
    }
  }

  /// The first `count` elements (RAC `-take:`).
  ///
  /// ```swift
  /// print(Seq.iterate(1) { $0 + 1 }.take(3).array)   // [1, 2, 3]
  /// ```
  ///
  /// Lazy and exact: `take(n)` never evaluates element `n + 1` of its
  /// source. `take(0)` is empty.
  ///
  /// - Precondition: `count` is not negative.
  @inlinable
  public func take(_ count: Int) -> Seq<Element> {
    Seq._checkCount(count, "take(_:)")
    if count == 0 { return Seq(_storage: nil, index: 0, isEager: _isEager) }
    if _isEager { return Seq(_snapshot: Array(prefix(count)), isEager: true) }
    let source = _WalkerBox(self)
    let taken = _StateBox(0)
    return Seq._memo(sources: [source]) {
      guard taken.value < count else { return nil }
      taken.value += 1
      return source.walker.next()
    }
  }
}
