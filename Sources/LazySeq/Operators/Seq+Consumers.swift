// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The standard library's consuming algorithms, as `Seq` members that take
// their receiver (`consuming`): reduce, reduce(into:), contains, first(where:),
// min, max, allSatisfy, elementsEqual, starts(with:), forEach, count(where:),
// joined, plus `count` and `last`.
//
// `Sequence`'s own versions borrow their receiver: a temporary pipeline
// (`Seq(lines).map(parse).reduce(…)`) stays alive, head included, for the
// whole call, so every element it passes is memoized and the walk is not
// fused. These take the receiver: a temporary is walked by a walker that
// owns it, fused where the stages allow, and releases what it passed, as
// `for`-`in` does. A sequence held in a variable is copied into the call
// (the caller's copy keeps it) and memoizes as before.
//
// The consumers that walk to the end and return one result (reduce,
// reduce(into:), foldLeft, count, count(where:), last, min, max, joined) read a fused
// walk in runs (`_Walker.forEachInRuns`): its stages' closures run up to a
// run ahead of the consumer's closure (Docs/Seq.md, "Runs"). forEach and
// the consumers that stop at an answer step one element at a time.

extension Seq {
  /// Combines the elements from the left, like `Sequence.reduce(_:_:)`;
  /// over a temporary it streams (see the file comment).
  ///
  /// ```swift
  /// print(Seq(1...4).map { $0 * $0 }.reduce(0, +))   // 30
  /// ```
  ///
  /// - Complexity: O(*n*); constant memory over a temporary.
  @inlinable
  public consuming func reduce<Result>(
    _ initialResult: Result, _ nextPartialResult: (Result, Element) throws -> Result
  ) rethrows -> Result {
    var result = initialResult
    var walker = _Walker(consume self, canFuse: true)
    try walker.forEachInRuns { result = try nextPartialResult(result, $0) }
    return result
  }

  /// Combines the elements into a mutable result, like
  /// `Sequence.reduce(into:_:)`; over a temporary it streams.
  ///
  /// ```swift
  /// let counts = Seq(["a", "b", "a"]).reduce(into: [:]) { $0[$1, default: 0] += 1 }
  /// print(counts["a"]!)   // 2
  /// ```
  ///
  /// - Complexity: O(*n*); constant memory over a temporary (beyond the
  ///   result).
  @inlinable
  public consuming func reduce<Result>(
    into initialResult: Result, _ updateAccumulatingResult: (inout Result, Element) throws -> Void
  ) rethrows -> Result {
    var result = initialResult
    var walker = _Walker(consume self, canFuse: true)
    try walker.forEachInRuns { try updateAccumulatingResult(&result, $0) }
    return result
  }

  /// Calls `body` on each element in order, like `Sequence.forEach(_:)`;
  /// over a temporary it streams.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public consuming func forEach(_ body: (Element) throws -> Void) rethrows {
    var walker = _Walker(consume self, canFuse: true)
    while let element = walker.next() { try body(element) }
  }

  /// Whether an element satisfies `predicate`, like
  /// `Sequence.contains(where:)`: stops at the first one; over a temporary
  /// it streams.
  ///
  /// ```swift
  /// print(Seq.iterate(1) { $0 * 3 }.contains { $0 > 100 })   // true
  /// ```
  ///
  /// - Complexity: O(*n*) at most.
  @inlinable
  public consuming func contains(where predicate: (Element) throws -> Bool) rethrows -> Bool {
    var walker = _Walker(consume self, canFuse: true)
    while let element = walker.next() {
      if try predicate(element) { return true }
    }
    return false
  }

  /// The first element that satisfies `predicate`, like
  /// `Sequence.first(where:)`: stops there; over a temporary it streams.
  ///
  /// - Complexity: O(*n*) at most.
  @inlinable
  public consuming func first(where predicate: (Element) throws -> Bool) rethrows -> Element? {
    var walker = _Walker(consume self, canFuse: true)
    while let element = walker.next() {
      if try predicate(element) { return element }
    }
    return nil
  }

  /// Whether every element satisfies `predicate`, like
  /// `Sequence.allSatisfy(_:)`: stops at the first that does not; over a
  /// temporary it streams.
  ///
  /// - Complexity: O(*n*) at most.
  @inlinable
  public consuming func allSatisfy(_ predicate: (Element) throws -> Bool) rethrows -> Bool {
    var walker = _Walker(consume self, canFuse: true)
    while let element = walker.next() {
      if try !predicate(element) { return false }
    }
    return true
  }

  /// How many elements satisfy `predicate`, like `Sequence.count(where:)`;
  /// over a temporary it streams.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public consuming func count(where predicate: (Element) throws -> Bool) rethrows -> Int {
    var count = 0
    var walker = _Walker(consume self, canFuse: true)
    try walker.forEachInRuns { if try predicate($0) { count += 1 } }
    return count
  }

  /// The number of elements. Evaluates every element; over a temporary it
  /// streams, over a held sequence it memoizes them.
  ///
  /// ```swift
  /// print(Seq(1...10).filter { $0.isMultiple(of: 3) }.count)   // 3
  /// ```
  ///
  /// - Important: Never returns on an infinite sequence.
  /// - Complexity: O(*n*).
  @inlinable
  public var count: Int {
    consuming get {
      var count = 0
      var walker = _Walker(consume self, canFuse: true)
      walker.forEachInRuns { _ in count += 1 }
      return count
    }
  }

  /// The last element, or `nil` if the sequence is empty. Evaluates every
  /// element; over a temporary it streams, over a held sequence it memoizes
  /// them.
  ///
  /// - Important: Never returns on an infinite sequence.
  /// - Complexity: O(*n*).
  @inlinable
  public var last: Element? {
    consuming get {
      var last: Element?
      var walker = _Walker(consume self, canFuse: true)
      walker.forEachInRuns { last = $0 }
      return last
    }
  }

  /// The smallest element in the order `areInIncreasingOrder` defines, like
  /// `Sequence.min(by:)`; over a temporary it streams.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public consuming func min(
    by areInIncreasingOrder: (Element, Element) throws -> Bool
  ) rethrows -> Element? {
    var result: Element?
    var walker = _Walker(consume self, canFuse: true)
    try walker.forEachInRuns { element in
      if let smallest = result {
        if try areInIncreasingOrder(element, smallest) { result = element }
      } else {
        result = element
      }
    }
    return result
  }

  /// The largest element in the order `areInIncreasingOrder` defines, like
  /// `Sequence.max(by:)` (the last of equal largest ones); over a temporary
  /// it streams.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public consuming func max(
    by areInIncreasingOrder: (Element, Element) throws -> Bool
  ) rethrows -> Element? {
    var result: Element?
    var walker = _Walker(consume self, canFuse: true)
    try walker.forEachInRuns { element in
      if let largest = result {
        if try !areInIncreasingOrder(element, largest) { result = element }
      } else {
        result = element
      }
    }
    return result
  }

  /// Whether this sequence and `other` have equivalent elements in the same
  /// order, like `Sequence.elementsEqual(_:by:)`: stops at the first
  /// difference; over a temporary it streams.
  ///
  /// - Complexity: O(*n*) at most.
  @inlinable
  public consuming func elementsEqual<OtherSequence: Sequence>(
    _ other: OtherSequence,
    by areEquivalent: (Element, OtherSequence.Element) throws -> Bool
  ) rethrows -> Bool {
    var walker = _Walker(consume self, canFuse: true)
    var others = other.makeIterator()
    while true {
      switch (walker.next(), others.next()) {
      case (let element?, let otherElement?):
        if try !areEquivalent(element, otherElement) { return false }
      case (nil, nil):
        return true
      default:
        return false
      }
    }
  }

  /// Whether the first elements are those of `possiblePrefix`, equivalent
  /// by `areEquivalent`, like `Sequence.starts(with:by:)`: reads no further
  /// than the prefix; over a temporary it streams.
  ///
  /// - Complexity: O(*m*), the length of the prefix.
  @inlinable
  public consuming func starts<PossiblePrefix: Sequence>(
    with possiblePrefix: PossiblePrefix,
    by areEquivalent: (Element, PossiblePrefix.Element) throws -> Bool
  ) rethrows -> Bool {
    var walker = _Walker(consume self, canFuse: true)
    for prefixElement in possiblePrefix {
      guard let element = walker.next(), try areEquivalent(element, prefixElement) else {
        return false
      }
    }
    return true
  }
}

extension Seq where Element: Equatable {
  /// Whether `element` is among the elements, like `Sequence.contains(_:)`:
  /// stops at the first match; over a temporary it streams.
  ///
  /// - Complexity: O(*n*) at most.
  @inlinable
  public consuming func contains(_ element: Element) -> Bool {
    (consume self).contains(where: { $0 == element })
  }

  /// Whether this sequence and `other` have equal elements in the same
  /// order, like `Sequence.elementsEqual(_:)`; over a temporary it streams.
  ///
  /// - Complexity: O(*n*) at most.
  @inlinable
  public consuming func elementsEqual<OtherSequence: Sequence>(
    _ other: OtherSequence
  ) -> Bool where OtherSequence.Element == Element {
    (consume self).elementsEqual(other, by: ==)
  }

  /// Whether the first elements are those of `possiblePrefix`, like
  /// `Sequence.starts(with:)`; over a temporary it streams.
  ///
  /// - Complexity: O(*m*), the length of the prefix.
  @inlinable
  public consuming func starts<PossiblePrefix: Sequence>(
    with possiblePrefix: PossiblePrefix
  ) -> Bool where PossiblePrefix.Element == Element {
    (consume self).starts(with: possiblePrefix, by: ==)
  }
}

extension Seq where Element: Comparable {
  /// The smallest element, like `Sequence.min()`; over a temporary it
  /// streams.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public consuming func min() -> Element? { (consume self).min(by: <) }

  /// The largest element (the last of equal largest ones), like
  /// `Sequence.max()`; over a temporary it streams.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public consuming func max() -> Element? { (consume self).max(by: <) }
}

extension Seq where Element: StringProtocol {
  /// The elements concatenated, `separator` between each two, like
  /// `Sequence.joined(separator:)` on strings; over a temporary it streams
  /// (only the result is kept).
  ///
  /// ```swift
  /// print(Seq(["a", "b", "c"]).joined(separator: ", "))   // a, b, c
  /// ```
  ///
  /// - Complexity: O(*n*) in the length of the result.
  @inlinable
  public consuming func joined(separator: String = "") -> String {
    var result = ""
    var isFirst = true
    var walker = _Walker(consume self, canFuse: true)
    walker.forEachInRuns { element in
      if !isFirst { result.append(separator) }
      isFirst = false
      result.append(contentsOf: element)
    }
    return result
  }
}
