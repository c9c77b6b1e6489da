// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Array-backed sequences: collections (snapshotted), single-pass sequences
// (pulled lazily and memoized), array literals and `just`.

extension Seq {
  /// Creates a sequence of the elements of a collection, snapshotted now.
  ///
  /// Later mutation of the source is not seen. Ranges of integers are not
  /// copied (see ``init(_:)-(Range<Element>)``).
  ///
  /// ```swift
  /// var source = [1, 2, 3]
  /// let s = Seq(source)
  /// source.append(4)
  /// print(s.array)   // [1, 2, 3]
  /// ```
  ///
  /// - Complexity: O(*n*) to copy; the sequence needs no memo.
  @inlinable
  public init<C: Collection>(_ elements: C) where C.Element == Element {
    self.init(_snapshot: elements)
  }

  /// Creates a sequence that pulls the elements of `elements` lazily, one per
  /// demand, and memoizes them, so that a single-pass source (an iterator, a
  /// generator) can be walked many times.
  ///
  /// ```swift
  /// var n = 0
  /// let s = Seq(AnyIterator { n += 1; return n <= 3 ? n : nil })
  /// print(s.head!, s.array, s.array)   // 1 [1, 2, 3] [1, 2, 3]
  /// ```
  ///
  /// - Complexity: O(1); each element is pulled at most once.
  @inlinable
  public init<S: Sequence>(_ elements: S) where S.Element == Element {
    if let seq = elements as? Seq<Element> {
      self = seq
      return
    }
    let box = _IteratorBox(elements.makeIterator())
    self = Seq._memo(sources: _Sources()) { box.iterator.next() }
  }

  /// A sequence of exactly one element (RAC `+return:`).
  @inlinable
  public static func just(_ value: Element) -> Seq<Element> {
    Seq(_snapshot: CollectionOfOne(value))
  }
}

/// A box for a source iterator pulled by its memo's claim holder.
@usableFromInline
internal final class _IteratorBox<Iterator: IteratorProtocol> {
  @usableFromInline @exclusivity(unchecked) internal var iterator: Iterator

  @inlinable
  internal init(_ iterator: Iterator) { self.iterator = iterator }
}

extension Seq: ExpressibleByArrayLiteral {
  /// Creates a sequence from an array literal: `let s: Seq<Int> = [1, 2, 3]`.
  @inlinable
  public init(arrayLiteral elements: Element...) {
    self.init(_snapshot: elements)
  }
}

extension Sequence {
  /// This sequence as a `Seq`: pulled lazily and memoized (a `Collection` is
  /// snapshotted instead).
  @inlinable
  public var seq: Seq<Element> { Seq(self) }
}

extension Collection {
  /// This collection as a `Seq`, snapshotted now.
  @inlinable
  public var seq: Seq<Element> { Seq(_snapshot: self) }
}

extension Seq where Element: Strideable, Element.Stride: SignedInteger {
  /// Creates a sequence of the values of a range without copying them.
  ///
  /// ``skip(_:)`` moves by index: `Seq(0..<Int.max).skip(Int.max / 2)` is
  /// O(1). Every range works, including those with more than `Int.max`
  /// values (`Seq(Int.min..<Int.max)`).
  ///
  /// - Complexity: O(1); memory O(1).
  @inlinable
  public init(_ range: Range<Element>) {
    self = Seq._values(from: range.lowerBound, to: range.upperBound, including: false)
  }

  /// Creates a sequence of the values of a closed range without copying them.
  ///
  /// Every range works, including those with more than `Int.max` values
  /// (`Seq(0...Int.max)`).
  ///
  /// - Complexity: O(1); memory O(1).
  @inlinable
  public init(_ range: ClosedRange<Element>) {
    self = Seq._values(from: range.lowerBound, to: range.upperBound, including: true)
  }

  /// The values from `lower` up to `upper` (included if `including`), as a
  /// cursor moving by index; when there are more than `Int.max` of them,
  /// the first `Int.max` followed by the rest, made on demand the same way.
  @inlinable
  internal static func _values(
    from lower: Element, to upper: Element, including: Bool
  ) -> Seq<Element> {
    var count = _distance(from: lower, to: upper)
    if including, let distance = count {
      let (sum, overflow) = distance.addingReportingOverflow(1)
      count = overflow ? nil : sum
    }
    let element = { (offset: Int) in lower.advanced(by: Element.Stride(offset)) }
    guard let count else {
      let rest = lower.advanced(by: Element.Stride(Int.max))
      return _indexedCursor(
        count: Int.max, successor: { _values(from: rest, to: upper, including: including) },
        element)
    }
    return _indexedCursor(count: count, element)
  }

  /// The distance from `lower` to `upper` (not below `lower`), or `nil` if it
  /// is more than `Int.max`. Fixed-width integers are measured without
  /// overflow (`distance(to:)` traps where the distance does not fit the
  /// stride type, as it does for `Int.min..<Int.max`).
  @inlinable
  internal static func _distance(from lower: Element, to upper: Element) -> Int? {
    if let lower = lower as? any FixedWidthInteger {
      return _fixedWidthDistance(from: lower, to: upper)
    }
    return Int(exactly: lower.distance(to: upper))
  }

  /// `_distance` for a fixed-width integer type `T` (which `Element` is):
  /// the difference, computed with wrapping, read as the unsigned magnitude
  /// of the same width, is exact for any bounds in order.
  @inlinable
  internal static func _fixedWidthDistance<T: FixedWidthInteger>(
    from lower: T, to upper: Element
  ) -> Int? {
    let upper = upper as! T
    return Int(exactly: T.Magnitude(truncatingIfNeeded: upper &- lower))
  }
}

extension Range where Bound: Strideable, Bound.Stride: SignedInteger {
  /// The range as a `Seq`, without copying its values.
  @inlinable
  public var seq: Seq<Bound> { Seq(self) }
}

extension ClosedRange where Bound: Strideable, Bound.Stride: SignedInteger {
  /// The range as a `Seq`, without copying its values.
  @inlinable
  public var seq: Seq<Bound> { Seq(self) }
}
