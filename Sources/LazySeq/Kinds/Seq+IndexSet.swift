// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Index-set sequences (RAC `NSIndexSet.rac_sequence`).

public import Foundation

extension IndexSet {
  /// The integers of the index set, in increasing order, as a `Seq`.
  ///
  /// Walks the set's ranges lazily: memory is O(number of ranges), whatever
  /// the number of integers. The set is a value, so later changes to the
  /// original are not seen.
  ///
  /// - Complexity: O(log *r*) per step, *r* being the number of ranges.
  @inlinable
  public var seq: Seq<Int> {
    guard let first = self.first else { return Seq() }
    let set = self
    guard first != Int.min else {
      // `Int.min` is the end marker below; such a set is pulled instead.
      let box = _IteratorBox(set.makeIterator())
      return Seq._memo(sources: _Sources()) { box.iterator.next() }
    }
    // Positions are the members themselves; `Int.min` marks the end.
    return Seq._cursor(start: first) { value in
      guard value != Int.min else { return nil }
      return (value, set.integerGreaterThan(value) ?? Int.min)
    }
  }
}
