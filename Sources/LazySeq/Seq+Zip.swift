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
    let result = Seq<(Element, U)>._memo(sources: [left, right]) {
      guard let a = left.walker.next(), let b = right.walker.next() else { return nil }
      return (a, b)
    }
    return _isEager || other._isEager ? Seq<(Element, U)>(_snapshot: result.array, isEager: true) : result
  }

  /// Zips any number of sequences into a sequence of arrays, stopping at the
  /// end of the shortest (RAC `+zip:`). An empty list gives an empty
  /// sequence.
  ///
  /// ```swift
  /// print(Seq.zip([[1, 2], [3, 4], [5, 6]]).array)   // [[1, 3, 5], [2, 4, 6]]
  /// ```
  @inlinable
  public static func zip(_ sequences: [Seq<Element>]) -> Seq<[Element]> {
    guard !sequences.isEmpty else { return Seq<[Element]>() }
    let walkers = sequences.map(_WalkerBox.init)
    let result = Seq<[Element]>._memo(sources: walkers) {
      var row: [Element] = []
      row.reserveCapacity(walkers.count)
      for walker in walkers {
        guard let element = walker.walker.next() else { return nil }
        row.append(element)
      }
      return row
    }
    return sequences.contains(where: \._isEager)
      ? Seq<[Element]>(_snapshot: result.array, isEager: true) : result
  }
}
