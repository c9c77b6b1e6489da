// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// concat, +, startWith (RAC `-concat:`, `+concat:`, `-startWith:`).
//
// A concatenation is a memo over a list of parts. When the next part is
// itself a concatenation seen from its start and not yet started, its parts
// are spliced in (iteratively) instead of being walked through, so 100,000
// left- or right-nested concatenations cost constant stack and linear time.
//
// The frontier lists the parts (`concatParts`) only until the first element
// is demanded: from then on the walking state alone holds the current part
// (at its current position) and the parts still to come, so streaming
// through a concatenation lets the elements already passed be freed.

extension Seq {
  /// This sequence's elements followed by `other`'s (RAC `-concat:`).
  ///
  /// ```swift
  /// print(Seq([1, 2]).concat([3]).array)   // [1, 2, 3]
  /// ```
  ///
  /// Lazy: `other` is not touched until this sequence is exhausted.
  @inlinable
  public func concat(_ other: Seq<Element>) -> Seq<Element> {
    Seq._concatenation([self, other])
  }

  /// Concatenates two sequences; the same as `lhs.concat(rhs)`.
  @inlinable
  public static func + (lhs: Seq<Element>, rhs: Seq<Element>) -> Seq<Element> {
    lhs.concat(rhs)
  }

  /// Concatenates the given sequences in order (RAC `+concat:`). Lazy in
  /// the sequences' elements; the list of sequences is read now.
  ///
  /// ```swift
  /// print(Seq.concat([Seq([1]), Seq(), Seq([2, 3])]).array)   // [1, 2, 3]
  /// ```
  @inlinable
  public static func concat<S: Sequence>(_ sequences: S) -> Seq<Element>
  where S.Element == Seq<Element> {
    let parts = Array(sequences)
    switch parts.count {
    case 0: return Seq()
    case 1: return parts[0]
    default: return _concatenation(parts)
    }
  }

  /// `value` followed by this sequence's elements (RAC `-startWith:`). Lazy.
  @inlinable
  public func startWith(_ value: Element) -> Seq<Element> {
    var first = Seq.just(value)
    first._mode = _mode
    return first.concat(self)
  }

  @inlinable
  internal static func _concatenation(_ parts: [Seq<Element>]) -> Seq<Element> {
    let state = _ConcatState(parts)
    let result = _memo(sources: _Sources(state), concatParts: parts) { state.next() }
    let segment = unsafeDowncast(result._storage.unsafelyUnwrapped, to: _Segment<Element>.self)
    state.owner = Unmanaged.passUnretained(segment.frontier.unsafelyUnwrapped)
    return parts[0]._finish(result)
  }
}

/// The walking state of a concatenation: the current part and a stack of
/// the parts still to come (last part first).
@usableFromInline
internal final class _ConcatState<Element>: _StorageBase {
  @usableFromInline @exclusivity(unchecked) internal var current: _Walker<Element>
  @usableFromInline @exclusivity(unchecked) internal var pending: [Seq<Element>]
  /// The frontier whose producer this state is, until its first element is
  /// demanded; the first demand drops the frontier's list of parts (which
  /// would keep every part from its start). Unretained: the producer runs
  /// only while its frontier is alive.
  @usableFromInline @exclusivity(unchecked) internal var owner: Unmanaged<_Frontier<Element>>?

  @inlinable
  internal init(_ parts: [Seq<Element>]) {
    current = _Walker(Seq())
    pending = parts.reversed()
    owner = nil
    super.init()
  }

  deinit { _releaseChildren() }

  @usableFromInline
  internal override func _detachChildren(into work: inout _ReleaseList) {
    if let s = current.storage { work.append(s) }
    current = _Walker(Seq())
    for part in pending { if let s = part._storage { work.append(s) } }
    pending = []
  }

  @inlinable
  internal func next() -> Element? {
    if let owner {
      // Called by the holder of the owner's claim (or by the one walker that
      // owns it).
      owner._withUnsafeGuaranteedRef { $0.concatParts = nil }
      self.owner = nil
    }
    while true {
      if let element = current.next() { return element }
      guard var part = pending.popLast() else { return nil }
      while let parts = _ConcatState.parts(of: part) {
        pending.append(contentsOf: parts.dropFirst().reversed())
        part = parts[0]
      }
      // Fusible: once `part` is gone, the walker may hold the only
      // reference to the part (streaming through it without a memo).
      current = _Walker(part, canFuse: true)
    }
  }

  /// The parts of `seq` if it is a whole concatenation seen from its start
  /// whose first element has not been demanded yet.
  @inlinable
  internal static func parts(of seq: Seq<Element>) -> [Seq<Element>]? {
    guard seq._index == 0, let storage = seq._storage, storage._kind == .segment else { return nil }
    let segment = unsafeDowncast(storage, to: _Segment<Element>.self)
    guard segment.isFirst, let frontier = segment.frontier else { return nil }
    // The parts are dropped by the first demand, by the holder of the
    // memo's claim (Locking.swift, rule 3). Splicing is optional (walking
    // the part is always correct), so never wait for the claim: its holder
    // may be this very thread (a part that demands its own concatenation)
    // or one waiting for something this thread holds. Holding the claim
    // while nothing is produced guarantees the parts are still there.
    let parts = frontier._ifUnstarted(segment) { frontier.concatParts } ?? nil
    guard let parts, !parts.isEmpty else { return nil }
    return parts
  }
}
