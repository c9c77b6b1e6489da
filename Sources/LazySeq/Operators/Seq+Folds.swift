// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// foldLeft, foldRight, any, all (RAC `-foldLeftWithStart:reduce:`,
// `-foldRightWithStart:reduce:`, `-any:`, `-all:`).

extension Seq {
  /// Combines the elements from the left: `reduce(reduce(start, e0), e1)…`
  /// (RAC `-foldLeftWithStart:reduce:`).
  ///
  /// ```swift
  /// print(Seq([1, 2, 3]).foldLeft(start: 0, reduce: -))   // -6
  /// ```
  ///
  /// Constant stack; evaluates every element. Over a temporary (a
  /// pipeline built in the call), holds nothing behind its position: a
  /// fold over an infinite source bounded by `take` runs in constant memory.
  ///
  /// - Important: Never returns on an infinite sequence.
  @inlinable
  public consuming func foldLeft<R>(start: R, reduce: (R, Element) -> R) -> R {
    var result = start
    // Consumed: a temporary receiver is walked without keeping its head.
    var walker = _Walker(consume self, canFuse: true)
    walker.forEachInRuns { result = reduce(result, $0) }
    return result
  }

  /// Combines the elements from the right, lazily
  /// (RAC `-foldRightWithStart:reduce:`).
  ///
  /// `reduce` receives an element and `rest`, a closure computing the fold
  /// of the remaining elements. `rest` is evaluated only if called, at most
  /// once; a reducer that ignores it never touches the tail, so the fold can
  /// stop early, even on an infinite sequence.
  ///
  /// ```swift
  /// print(Seq([1, 2, 3]).foldRight(start: 0) { $0 - $1() })   // 2, that is 1 - (2 - (3 - 0))
  /// let firstEven = Seq.iterate(1) { $0 + 1 }.foldRight(start: -1) { x, rest in
  ///   x.isMultiple(of: 2) ? x : rest()
  /// }
  /// print(firstEven)   // 2
  /// ```
  ///
  /// - Complexity: Stack depth grows with the number of `rest` calls.
  @inlinable
  public func foldRight<R>(start: R, reduce: (Element, _ rest: () -> R) -> R) -> R {
    withoutActuallyEscaping(reduce) { reduce in
      func fold(_ seq: Seq<Element>) -> R {
        guard let head = seq.head else { return start }
        var rest: R?
        return reduce(head) {
          if let rest { return rest }
          let value = fold(seq.tail)
          rest = value
          return value
        }
      }
      return fold(self)
    }
  }

  /// Whether any element satisfies `predicate`; stops at the first match
  /// (RAC `-any:`).
  @inlinable
  public consuming func any(_ predicate: (Element) -> Bool) -> Bool {
    // Consumed: a temporary receiver is walked without keeping its head.
    var walker = _Walker(consume self, canFuse: true)
    while let element = walker.next() {
      if predicate(element) { return true }
    }
    return false
  }

  /// Whether every element satisfies `predicate`; stops at the first failure
  /// (RAC `-all:`, which walked on to the end).
  @inlinable
  public consuming func all(_ predicate: (Element) -> Bool) -> Bool {
    // Consumed: a temporary receiver is walked without keeping its head.
    var walker = _Walker(consume self, canFuse: true)
    while let element = walker.next() {
      if !predicate(element) { return false }
    }
    return true
  }
}
