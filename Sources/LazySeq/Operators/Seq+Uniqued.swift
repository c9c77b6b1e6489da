// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// uniqued(), uniqued(on:) (swift-algorithms `uniqued()`, Scala `distinct`).

extension Seq where Element: Hashable {
  /// The first occurrence of each element, in order.
  ///
  /// ```swift
  /// print(Seq([1, 2, 1, 3, 2]).uniqued().array)   // [1, 2, 3]
  /// ```
  ///
  /// Lazy and memoized; runs of repeated elements are skipped in a loop.
  ///
  /// - Important: The elements seen are kept (in a set) while the result
  ///   is being evaluated, so memory grows with the number of distinct
  ///   elements; on an infinite sequence with finitely many distinct
  ///   elements, demanding one more than there are never returns.
  /// - Returns: The elements without repeats.
  /// - Complexity: O(1) to create; O(1) expected per source element.
  @inlinable
  public func uniqued() -> Seq<Element> {
    uniqued(on: { $0 })
  }
}

extension Seq {
  /// The first element for each key `key` computes, in order.
  ///
  /// ```swift
  /// print(Seq(["apple", "avocado", "banana"]).uniqued(on: \.first).array)   // ["apple", "banana"]
  /// ```
  ///
  /// Lazy and memoized: `key` runs at most once per source element.
  ///
  /// - Important: The keys seen are kept while the result is being
  ///   evaluated, so memory grows with the number of distinct keys (not
  ///   with the elements); on an infinite sequence with finitely many keys,
  ///   demanding one more element than there are keys never returns.
  /// - Parameter key: The identity of an element for this purpose.
  /// - Returns: The first element of each key.
  /// - Complexity: O(1) to create; O(1) expected per source element.
  @inlinable
  public func uniqued<Key: Hashable>(on key: @escaping (Element) -> Key) -> Seq<Element> {
    let seen = _StateBox(Set<Key>())
    return _derived { source in
      {
        while let element = source.walker.next() {
          if seen.value.insert(key(element)).inserted { return element }
        }
        seen.value = []
        return nil
      }
    }
  }
}
