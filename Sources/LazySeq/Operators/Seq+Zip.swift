// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// zip (RAC `-zipWith:`, `+zip:`).

extension Seq {
  /// Pairs the elements of this sequence and `other`, stopping at the end
  /// of the shorter one (RAC `-zipWith:`). Works with infinite sides.
  ///
  /// ```swift
  /// let pairs = Seq(["a", "b", "c"]).zip(with: Seq.iterate(1) { $0 + 1 })
  /// print(pairs.array.map { "\($0)\($1)" })   // ["a1", "b2", "c3"]
  /// ```
  ///
  /// Lazy: the i-th pair evaluates the i-th element of each side.
  @inlinable
  public func zip<U>(with other: Seq<U>) -> Seq<(Element, U)> {
    let left = _WalkerBox(self)
    let right = _WalkerBox(other)
    return _derived(
      sources: _Sources(left, right),
      {
        guard let a = left.walker.next(), let b = right.walker.next() else { return nil }
        return (a, b)
      },
      batches: { batch in
        batch.fill(from: left) { a, slot in
          guard let b = right.walker.next() else { return .ended }
          slot.initialize(to: (a, b))
          return .made
        }
      })
  }

  /// Zips any number of sequences into a sequence of arrays, stopping at the
  /// end of the shortest (RAC `+zip:`). An empty list gives an empty
  /// sequence.
  ///
  /// ```swift
  /// let (a, b, c) = (Seq([1, 2]), Seq([3, 4]), Seq([5, 6]))
  /// print(Seq.zip([a, b, c]).array)   // [[1, 3, 5], [2, 4, 6]]
  /// ```
  @inlinable
  public static func zip(_ sequences: [Seq<Element>]) -> Seq<[Element]> {
    guard !sequences.isEmpty else { return Seq<[Element]>() }
    let walkers = sequences.map(_WalkerBox.init)
    return sequences[0]._derived(
      sources: _Sources(walkers),
      {
        var row: [Element] = []
        row.reserveCapacity(walkers.count)
        for walker in walkers {
          guard let element = walker.walker.next() else { return nil }
          row.append(element)
        }
        return row
      },
      batches: { batch in
        batch.fill(from: walkers[0]) { first, slot in
          var row: [Element] = [first]
          row.reserveCapacity(walkers.count)
          for walker in walkers.dropFirst() {
            guard let element = walker.walker.next() else { return .ended }
            row.append(element)
          }
          slot.initialize(to: row)
          return .made
        }
      })
  }
}

extension Seq {
  /// Pairs the elements of this sequence and `other` until *both* end; the
  /// side that ends first contributes `nil` (Scala `zipAll`).
  ///
  /// ```swift
  /// print(Seq([1, 2, 3]).zipLongest(with: Seq(["a"])).array.map { "\($0 ?? 0)\($1 ?? "-")" })
  /// // ["1a", "2-", "3-"]
  /// ```
  ///
  /// Lazy: the i-th pair evaluates the i-th element of each side (once a
  /// side has ended, it is not asked again). Works with infinite sides.
  ///
  /// - Parameter other: The second sequence.
  /// - Returns: The pairs, as long as the longer sequence.
  /// - Complexity: O(1) to create; O(1) per pair.
  @inlinable
  public func zipLongest<U>(with other: Seq<U>) -> Seq<(Element?, U?)> {
    let left = _WalkerBox(self)
    let right = _WalkerBox(other)
    let ended = _StateBox((left: false, right: false))
    return _derived(sources: _Sources(left, right)) {
      let a = ended.value.left ? nil : left.walker.next()
      let b = ended.value.right ? nil : right.walker.next()
      ended.value = (a == nil, b == nil)
      if a == nil && b == nil { return nil }
      return (a, b)
    }
  }
}
