// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Cursors: position-addressed values that need no memo.

/// Values addressed by an integer position: `step(p)` is the element at `p`
/// and the position after it, or `nil` at the end. Pure: no memo needed.
///
/// A cursor may be followed by another sequence (`successor`), for values
/// that need more positions than an `Int` has (a range of more than
/// `Int.max` integers is a chain of cursors of at most `Int.max` each).
@usableFromInline
internal final class _Cursor<Element>: _Storage<Element> {
  @usableFromInline internal let step: (Int) -> (Element, Int)?
  /// Whether the cursor never ends (descriptions show only a prefix).
  @usableFromInline internal let isInfinite: Bool
  /// For cursors that can move by index (ranges, repetitions): the position
  /// up to `count` elements after `position`, without visiting the elements
  /// in between, and how many of the `count` were left when the end was
  /// reached first (0 otherwise).
  @usableFromInline internal let advance:
    ((_ position: Int, _ count: Int) -> (position: Int, remaining: Int))?
  /// The sequence that follows this cursor's last element, made on demand
  /// (each time: it is a value, like the cursor's elements); `nil` when the
  /// cursor's end is the end.
  @usableFromInline internal let successor: (() -> Seq<Element>)?

  @inlinable
  internal init(
    isInfinite: Bool = false, advance: ((Int, Int) -> (position: Int, remaining: Int))? = nil,
    successor: (() -> Seq<Element>)? = nil, step: @escaping (Int) -> (Element, Int)?
  ) {
    self.step = step
    self.isInfinite = isInfinite
    self.advance = advance
    self.successor = successor
    super.init(kind: .cursor)
  }
}
