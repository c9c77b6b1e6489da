// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// skip, take (RAC `-skip:`, `-take:`).

extension Seq {
  /// The elements after the first `count` (RAC `-skip:`).
  ///
  /// ```swift
  /// print(Seq([1, 2, 3]).skip(1).array)   // [2, 3]
  /// print(Seq(0..<Int.max).skip(Int.max / 2).head!)   // 4611686018427387903
  /// ```
  ///
  /// Lazy: nothing is evaluated until the result is used. Where the
  /// position is known, `skip` moves by index without visiting the skipped
  /// elements: over an array, an evaluated memo, a range or a repetition
  /// (and past the evaluated elements of a dynamic sequence).
  /// Elsewhere the skipped elements are evaluated (in a loop) when the
  /// result is first used, and the rest is passed through without being
  /// copied. Skipping more than there are gives an empty sequence.
  ///
  /// - Precondition: `count` is not negative.
  /// - Complexity: O(1) over known positions; otherwise O(`count`) on first
  ///   use.
  @inlinable
  public func skip(_ count: Int) -> Seq<Element> {
    Seq._checkCount(count, "Seq.skip(_:)")
    var (position, remaining) = Seq._jump(self, count)
    position._mode = _mode
    position._checkInvariants()
    if remaining == 0 { return position }
    return _finish(
      Seq._deferred(walking: position) { walker in
        var remaining = remaining
        while true {
          // Walk while on the same storage; jump again where it changes (a
          // dynamic node's tail may be a range, say). The storage is
          // compared by identity only: holding it would keep what the
          // walker passes.
          let storage = walker.storage.map(ObjectIdentifier.init)
          while remaining > 0 {
            guard walker.next() != nil else { return Seq() }
            remaining -= 1
            if walker.storage.map(ObjectIdentifier.init) != storage { break }
          }
          let (position, rest) = Seq._jump(walker.position, remaining)
          if rest == 0 { return position }
          remaining = rest
          walker = _Walker(position)
        }
      })
  }

  /// Moves `seq` forward by up to `count` elements without evaluating
  /// anything: through the evaluated part of segments, through cursors
  /// that can move by index and through resolved deferred sequences.
  /// Returns the position reached and how many elements remain to skip
  /// (by evaluation); an empty sequence when the end is reached.
  @inlinable
  internal static func _jump(_ seq: Seq<Element>, _ count: Int) -> (Seq<Element>, Int) {
    var navigator = _Navigator(seq)
    var remaining = count
    switch navigator.advance(by: &remaining) {
    case .end: return (Seq(), 0)
    case .counted, .unevaluated: return (navigator.position, remaining)
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
    Seq._checkCount(count, "Seq.take(_:)")
    if count == 0 { return Seq(_storage: nil, index: 0, mode: _mode) }
    let taken = _StateBox(0)
    return _derived(
      { source in
        {
          guard taken.value < count else { return nil }
          taken.value += 1
          return source.walker.next()
        }
      },
      batches: { source in
        { batch in
          // Never reads past the count: the batch is cut to what remains.
          let made = batch.prefix(count - taken.value).fill(from: source, neverEnds: true) { element, slot in
            slot.initialize(to: element)
            return .made
          }
          taken.value += made
          return made
        }
      })
  }
}
