// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Equatable and Hashable: structural, over the elements.

extension Seq: Equatable where Element: Equatable {
  /// Whether two sequences have the same elements in the same order.
  ///
  /// Symmetric across every kind (an array-backed sequence equals a dynamic
  /// one with the same values). Walks both with constant stack and stops at
  /// the first difference.
  ///
  /// - Important: Never returns when both sequences are infinite and equal.
  @inlinable
  public static func == (lhs: Seq<Element>, rhs: Seq<Element>) -> Bool {
    if lhs._storage === rhs._storage && lhs._index == rhs._index { return true }
    var left = _Walker(lhs)
    var right = _Walker(rhs)
    while true {
      let a = left.next()
      let b = right.next()
      guard a == b else { return false }
      if a == nil { return true }
    }
  }
}

extension Seq: Hashable where Element: Hashable {
  /// Hashes every element (and the count), consistently with `==`.
  ///
  /// - Important: Never returns on an infinite sequence.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    var count = 0
    var walker = _Walker(self)
    while let element = walker.next() {
      hasher.combine(element)
      count += 1
    }
    hasher.combine(count)
  }
}
