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
    self = Seq._memo(sources: []) { box.iterator.next() }
  }

  /// A sequence of exactly one element (RAC `+return:`).
  @inlinable
  public static func just(_ value: Element) -> Seq<Element> {
    Seq(_snapshot: CollectionOfOne(value))
  }
}

/// A box for a source iterator pulled by its memo's claim holder.
@usableFromInline
internal final class _IteratorBox<Iterator: IteratorProtocol>: @unchecked Sendable {
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
  /// O(1).
  ///
  /// - Complexity: O(1); memory O(1).
  @inlinable
  public init(_ range: Range<Element>) {
    let lower = range.lowerBound
    self = Seq._indexedCursor(count: range.count) { lower.advanced(by: Element.Stride($0)) }
  }

  /// Creates a sequence of the values of a closed range without copying them.
  @inlinable
  public init(_ range: ClosedRange<Element>) {
    let lower = range.lowerBound
    self = Seq._indexedCursor(count: range.count) { lower.advanced(by: Element.Stride($0)) }
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
