// Eager and lazy modes (RAC `eagerSequence` / `lazySequence`).

extension Seq {
  /// This sequence with every element evaluated now.
  ///
  /// Operators applied to an eager sequence evaluate at call time and return
  /// eager sequences, trading laziness for predictable cost (RAC's
  /// `RACEagerSequence`). ``lazy`` returns to lazy operators. The receiver
  /// decides: `lazy.zip(with: eager)` is lazy; `Seq.zip(_:)` and
  /// `Seq.concat(_:)` follow their first sequence.
  ///
  /// ```swift
  /// var calls = 0
  /// let e = Seq([1, 2, 3]).eager.map { calls += 1; return $0 * 2 }
  /// print(calls)   // 3
  /// ```
  ///
  /// - Important: Never returns on an infinite sequence.
  /// - Complexity: O(*n*).
  @inlinable
  public var eager: Seq<Element> {
    if _isEager { return self }
    return Seq(_snapshot: array, isEager: true)
  }

  /// This sequence with lazy operators (the default). Evaluates nothing.
  @inlinable
  public var lazy: Seq<Element> {
    var result = self
    result._isEager = false
    return result
  }

  /// Whether operators on this sequence evaluate at call time.
  @inlinable
  public var isEager: Bool { _isEager }
}
