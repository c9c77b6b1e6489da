// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// tryMap, and the throwing-closure forms of map, filter, compactMap and
// flatMap: lazy sequences that end at the first error their closure throws,
// which `failure` then reports.
//
// Without the throwing-closure overloads, a throwing closure given to `map`
// (and the others) would silently select the standard library's eager
// `Sequence.map`, which returns an `Array` and never returns on an infinite
// sequence. An `unavailable` overload cannot prevent that (the type checker
// prefers any available candidate, here the standard library's), so these
// overloads are lazy and deprecated: the call stays lazy, and its warning
// names `tryMap(_:)`, which says at the call site that the result can fail.

extension Seq {
  /// The sequence of `transform` applied to each element, ending at the
  /// first error `transform` throws.
  ///
  /// ```swift
  /// struct Negative: Error {}
  /// let roots = Seq([4, 9, -1, 16]).tryMap { x -> Int in
  ///   guard x >= 0 else { throw Negative() }
  ///   return Int(Double(x).squareRoot())
  /// }
  /// print(roots.array)                 // [2, 3]
  /// print(roots.failure is Negative)   // true
  /// ```
  ///
  /// Evaluated lazily, at most once per element: `transform` runs when an
  /// element of the result is first demanded, and the result is memoized.
  /// The first error thrown ends the result (`transform` never runs again),
  /// and ``failure`` on the result (or any position in it) reports that
  /// error once the end has been evaluated; ``checkedArray()`` rethrows it.
  /// Sequences derived from the result with other operators end there too,
  /// but do not report the error.
  ///
  /// - Parameter transform: A closure that maps an element, or throws to end
  ///   the sequence.
  /// - Returns: The transformed elements up to the first error.
  /// - Complexity: O(1) to create; O(1) per element.
  @inlinable
  public func tryMap<U>(_ transform: @escaping (Element) throws -> U) -> Seq<U> {
    let source = _WalkerBox(self)
    return _finishFailable(
      Seq<U>._failable(sources: _Sources(source)) {
        guard let element = source.walker.next() else { return nil }
        return try transform(element)
      })
  }

  /// `map` with a throwing closure: the same as ``tryMap(_:)``.
  ///
  /// Lazy, at most once per element; the first thrown error ends the
  /// result and ``failure`` reports it. Without this overload the call
  /// would be the standard library's eager `map`.
  @available(
    *, deprecated, renamed: "tryMap(_:)",
    message: "a throwing closure: use tryMap(_:), which ends at the first error (see failure)"
  )
  @inlinable
  public func map<U>(_ transform: @escaping (Element) throws -> U) -> Seq<U> {
    tryMap(transform)
  }

  /// `filter` with a throwing predicate: the elements that satisfy
  /// `isIncluded`, ending at the first error it throws.
  ///
  /// Lazy, at most once per element; ``failure`` reports the error. Without
  /// this overload the call would be the standard library's eager `filter`.
  @available(
    *, deprecated,
    message: "a throwing predicate ends the result at its first error, as tryMap(_:) does"
  )
  @inlinable
  public func filter(_ isIncluded: @escaping (Element) throws -> Bool) -> Seq<Element> {
    let source = _WalkerBox(self)
    return _finishFailable(
      Seq._failable(sources: _Sources(source)) {
        while let element = source.walker.next() {
          if try isIncluded(element) { return element }
        }
        return nil
      })
  }

  /// `compactMap` with a throwing closure: the non-`nil` results of
  /// `transform`, ending at the first error it throws.
  ///
  /// Lazy, at most once per element; ``failure`` reports the error. Without
  /// this overload the call would be the standard library's eager
  /// `compactMap`.
  @available(
    *, deprecated,
    message: "a throwing closure ends the result at its first error, as tryMap(_:) does"
  )
  @inlinable
  public func compactMap<U>(_ transform: @escaping (Element) throws -> U?) -> Seq<U> {
    let source = _WalkerBox(self)
    return _finishFailable(
      Seq<U>._failable(sources: _Sources(source)) {
        while let element = source.walker.next() {
          if let value = try transform(element) { return value }
        }
        return nil
      })
  }

  /// `flatMap` with a throwing closure: the concatenated sequences that
  /// `transform` returns, ending at the first error it throws.
  ///
  /// Lazy: `transform` runs at most once per source element; ``failure``
  /// reports the error. Without this overload the call would be the
  /// standard library's eager `flatMap`.
  @available(
    *, deprecated,
    message: "a throwing closure ends the result at its first error, as tryMap(_:) does"
  )
  @inlinable
  public func flatMap<U>(_ transform: @escaping (Element) throws -> Seq<U>) -> Seq<U> {
    let outer = _WalkerBox(self)
    let inner = _WalkerBox(Seq<U>())
    return _finishFailable(
      Seq<U>._failable(sources: _Sources(outer, inner)) {
        while true {
          if let value = inner.walker.next() { return value }
          guard let element = outer.walker.next() else { return nil }
          inner.walker = _Walker(try transform(element), canFuse: true)
        }
      })
  }

  /// `flatMap` with a throwing closure returning any `Sequence`: the
  /// concatenated results, ending at the first error `transform` throws.
  ///
  /// Lazy; ``failure`` reports the error. Without this overload the call
  /// would be the standard library's eager `flatMap`.
  @available(
    *, deprecated,
    message: "a throwing closure ends the result at its first error, as tryMap(_:) does"
  )
  @inlinable
  public func flatMap<S: Sequence>(_ transform: @escaping (Element) throws -> S) -> Seq<S.Element> {
    flatMap { (element: Element) throws -> Seq<S.Element> in Seq<S.Element>(try transform(element)) }
  }
}
