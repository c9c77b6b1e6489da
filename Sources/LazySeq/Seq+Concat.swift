// concat, +, startWith (RAC `-concat:`, `+concat:`, `-startWith:`).
//
// A concatenation is a memo over a list of parts. When the next part is
// itself a concatenation seen from its start, its parts are spliced in
// (iteratively) instead of being walked through, so 100,000 left- or
// right-nested concatenations cost constant stack and linear time.

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
    if _isEager { return Seq(_snapshot: array + other.array, isEager: true) }
    return Seq._concatenation([self, other])
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
  /// print(Seq.concat([[1], [], [2, 3]]).array)   // [1, 2, 3]
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
    first._isEager = _isEager
    return first.concat(self)
  }

  @inlinable
  internal static func _concatenation(_ parts: [Seq<Element>]) -> Seq<Element> {
    let state = _ConcatState(parts)
    return _memo(sources: [state], concatParts: parts) { state.next() }
  }
}

/// The walking state of a concatenation: the current part and a stack of
/// the parts still to come (last part first).
@usableFromInline
internal final class _ConcatState<Element>: _StorageBase, @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) internal var current: _Walker<Element>
  @usableFromInline @exclusivity(unchecked) internal var pending: [Seq<Element>]

  @inlinable
  internal init(_ parts: [Seq<Element>]) {
    current = _Walker(Seq())
    pending = parts.reversed()
    super.init()
  }

  deinit { _releaseChildren() }

  @usableFromInline
  internal override func _detachChildren(into work: inout [_StorageBase]) {
    if let s = current.storage { work.append(s) }
    current = _Walker(Seq())
    for part in pending { if let s = part._storage { work.append(s) } }
    pending = []
  }

  @inlinable
  internal func next() -> Element? {
    while true {
      if let element = current.next() { return element }
      guard var part = pending.popLast() else { return nil }
      while let parts = _ConcatState.parts(of: part) {
        pending.append(contentsOf: parts.dropFirst().reversed())
        part = parts[0]
      }
      current = _Walker(part)
    }
  }

  /// The parts of `seq` if it is a whole concatenation (seen from its start).
  @inlinable
  internal static func parts(of seq: Seq<Element>) -> [Seq<Element>]? {
    guard seq._index == 0, let storage = seq._storage, storage._kind == .segment else { return nil }
    let segment = unsafeDowncast(storage, to: _Segment<Element>.self)
    guard segment.isFirst, let parts = segment.frontier?.concatParts, !parts.isEmpty else { return nil }
    return parts
  }
}
