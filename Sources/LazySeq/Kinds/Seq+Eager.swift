// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

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

  /// This sequence with lazy operators (the default): exactly lazy, one
  /// element per demand. Evaluates nothing.
  ///
  /// Returns from ``eager`` and from ``evaluatingAhead(_:)`` to exact
  /// laziness for the operators applied to the result; what was already
  /// built keeps its policy.
  @inlinable
  public var lazy: Seq<Element> {
    var result = self
    result._mode = 1
    return result
  }

  /// This sequence with operators that evaluate up to `count` elements per
  /// demand instead of one: faster first walks, for a bounded amount of
  /// evaluation ahead of what is used.
  ///
  /// A policy like ``eager``: every operator applied to the result (and to
  /// its results, in turn) evaluates its elements in batches of up to
  /// `count`, each batch under one claim, and carries the policy on;
  /// ``lazy`` returns to exact laziness. Each closure still runs at most
  /// once per element, and a batch stops at the end of the sequence (an
  /// operator that ends early, like ``take(_:)``, ends its batch there and
  /// reads no further). If this sequence is itself
  /// computed on demand (an operator's result, a generated or single-pass
  /// sequence), the result reads it in batches too; an array, a range or an
  /// evaluated sequence is only relabeled.
  ///
  /// ```swift
  /// var calls = 0
  /// let squares = Seq(1...1_000).evaluatingAhead(64).map { calls += 1; return $0 * $0 }
  /// print(squares.head ?? 0, calls)   // 1 64
  /// print(squares.lazy.map { $0 + 1 }.head ?? 0, calls)   // 2 64
  /// ```
  ///
  /// Exact laziness (the default, and `evaluatingAhead(1)`) evaluates only
  /// what is demanded; evaluating ahead pays one claim per batch instead of
  /// one per element, at the price of closures running for elements nobody
  /// may demand. Choose it for pipelines of cheap closures without side
  /// effects that are walked far; keep exact laziness when a closure is
  /// costly, has effects, or the walk may stop early.
  ///
  /// - Parameter count: The largest number of elements one demand
  ///   evaluates; at least 1.
  /// - Precondition: `count >= 1`.
  /// - Complexity: O(1).
  @inlinable
  public func evaluatingAhead(_ count: Int) -> Seq<Element> {
    precondition(
      count >= 1, argumentMessage("Seq.evaluatingAhead(_:)", "the count must be at least 1", got: count))
    if count == 1 { return lazy }
    var result = self
    result._mode = count
    switch _storage?._kind {
    case nil, .cursor:
      return result
    case .segment?:
      let state = _storage.unsafelyUnwrapped._segmentState
      if state.isEnded { return result }
    case .node?, .deferred?:
      break
    }
    // Computed on demand: read it in batches, through a memo of its own.
    return result._derived(producingInto: { source in
      { slot in
        guard let element = source.walker.next() else { return false }
        slot.initialize(to: element)
        return true
      }
    })
  }

  /// Whether operators on this sequence evaluate at call time.
  @inlinable
  public var isEager: Bool { _isEager }
}
