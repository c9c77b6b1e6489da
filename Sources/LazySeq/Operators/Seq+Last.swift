// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// dropLast(_:), takeLast(_:) (Scala `dropRight`, `takeRight`).

extension Seq {
  /// All the elements but the last `count`.
  ///
  /// ```swift
  /// print(Seq([1, 2, 3, 4]).dropLast(2).array)   // [1, 2]
  /// print(Seq.iterate(0) { $0 + 1 }.dropLast().take(3).array)   // [0, 1, 2]
  /// ```
  ///
  /// Lazy and memoized: element i of the result is known once element
  /// i + `count` of the source has been evaluated (to know it is not among
  /// the last). Works on infinite sequences; keeps `count` elements
  /// buffered, so walked as a temporary it streams in constant memory.
  ///
  /// - Parameter count: How many elements to drop from the end; 1 by default.
  /// - Returns: The sequence without its last `count` elements.
  /// - Precondition: `count` is not negative.
  /// - Complexity: O(1) to create; O(1) per element, O(`count`) memory.
  @inlinable
  public func dropLast(_ count: Int = 1) -> Seq<Element> {
    Seq._checkCount(count, "Seq.dropLast(_:)")
    if count == 0 { return self }
    // The `count` elements read ahead.
    let ahead = _StateBox(_Queue<Element>())
    return _derived { source in
      {
        while ahead.value.count < count {
          guard let element = source.walker.next() else { return nil }
          ahead.value.append(element)
        }
        guard let element = source.walker.next() else {
          ahead.value.removeAll()
          return nil
        }
        ahead.value.append(element)
        return ahead.value.popFirst()
      }
    }
  }

  /// The last `count` elements (all of them if there are fewer).
  ///
  /// ```swift
  /// print(Seq(1...10).takeLast(3).array)   // [8, 9, 10]
  /// ```
  ///
  /// Lazy: nothing is evaluated until the result is used; then the source
  /// is evaluated to its end (keeping only the last `count` elements), once.
  ///
  /// - Important: Never returns on an infinite sequence once used.
  /// - Parameter count: How many elements to keep from the end.
  /// - Returns: The last `count` elements.
  /// - Precondition: `count` is not negative.
  /// - Complexity: O(1) to create; O(*n*) on first use, O(`count`) memory.
  @inlinable
  public func takeLast(_ count: Int) -> Seq<Element> {
    Seq._checkCount(count, "Seq.takeLast(_:)")
    if count == 0 { return Seq(_storage: nil, index: 0, mode: _mode) }
    return _finish(
      Seq._deferred(walking: self) { walker in
        var last = _Queue<Element>(maximumCount: count)
        while let element = walker.next() { last.append(element) }
        return Seq(_snapshot: last.takeAll())
      })
  }
}
