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
    // A ring of the `count` elements read ahead; `next` is the oldest.
    let ring = _StateBox((elements: [Element](), next: 0))
    return _derived { source in
      {
        while ring.value.elements.count < count {
          guard let element = source.walker.next() else { return nil }
          ring.value.elements.append(element)
        }
        guard let element = source.walker.next() else {
          ring.value.elements = []
          return nil
        }
        let index = ring.value.next
        let oldest = ring.value.elements[index]
        ring.value.elements[index] = element
        ring.value.next = index + 1 == count ? 0 : index + 1
        return oldest
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
        var ring: [Element] = []
        var next = 0
        while let element = walker.next() {
          if ring.count < count {
            ring.append(element)
          } else {
            ring[next] = element
            next = next + 1 == count ? 0 : next + 1
          }
        }
        return Seq(_snapshot: ring[next...] + ring[..<next])
      })
  }
}
