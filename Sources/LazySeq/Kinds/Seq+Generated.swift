// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Generated sequences: iterate, unfold, repeating, cycled.

extension Seq {
  /// An infinite sequence of `seed`, `next(seed)`, `next(next(seed))`, …
  ///
  /// `next` runs at most once per element, only when that element is
  /// demanded.
  ///
  /// ```swift
  /// print(Seq.iterate(1) { $0 * 2 }.take(5).array)   // [1, 2, 4, 8, 16]
  /// ```
  ///
  /// - Important: The result is infinite; bound it with ``take(_:)`` or
  ///   ``take(while:)`` before evaluating everything.
  @inlinable
  public static func iterate(_ seed: Element, _ next: @escaping (Element) -> Element) -> Seq<Element> {
    let state = _StateBox<Element?>(nil)
    return _memo(sources: _Sources()) {
      let value = state.value.map(next) ?? seed
      state.value = value
      return value
    }
  }

  /// A sequence produced by repeatedly calling `next` on a mutable state
  /// until it returns `nil`.
  ///
  /// ```swift
  /// let digits = Seq<Int>.unfold(1234) { n in
  ///   guard n > 0 else { return nil }
  ///   defer { n /= 10 }
  ///   return n % 10
  /// }
  /// print(digits.array)   // [4, 3, 2, 1]
  /// ```
  ///
  /// `next` runs at most once per element, only on demand.
  @inlinable
  public static func unfold<State>(_ state: State, _ next: @escaping (inout State) -> Element?) -> Seq<
    Element
  > {
    let box = _StateBox(state)
    return _memo(sources: _Sources()) { next(&box.value) }
  }

  /// `value` repeated forever.
  ///
  /// ```swift
  /// print(Seq.repeating(7).take(3).array)   // [7, 7, 7]
  /// ```
  ///
  /// The values are not evaluations: nothing is stored, and ``skip(_:)``
  /// moves by index (O(1)).
  ///
  /// - Important: The result is infinite; bound it with ``take(_:)`` before
  ///   evaluating everything.
  /// - Parameter value: The value to repeat.
  /// - Returns: An infinite sequence of `value`.
  /// - Complexity: O(1), and O(1) memory.
  @inlinable
  public static func repeating(_ value: Element) -> Seq<Element> {
    let stay = { (position: Int, _: Int) -> (position: Int, remaining: Int) in (position, 0) }
    return _cursor(start: 0, isInfinite: true, advance: stay) { p in (value, p) }
  }

  /// `value` repeated `count` times.
  ///
  /// ```swift
  /// print(Seq.repeating("ho", count: 3).array)   // ["ho", "ho", "ho"]
  /// print(Seq([1, 2, 3]).flatMap { Seq.repeating($0, count: $0) }.array)
  /// // [1, 2, 2, 3, 3, 3]
  /// ```
  ///
  /// The values are not evaluations: nothing is stored, and ``skip(_:)``
  /// moves by index (O(1)).
  ///
  /// - Parameters:
  ///   - value: The value to repeat.
  ///   - count: How many times to repeat it.
  /// - Returns: A sequence of `count` times `value`.
  /// - Precondition: `count` is not negative.
  /// - Complexity: O(1), and O(1) memory whatever the count.
  @inlinable
  public static func repeating(_ value: Element, count: Int) -> Seq<Element> {
    _checkCount(count, "Seq.repeating(_:count:)")
    return _indexedCursor(count: count) { _ in value }
  }

  /// This sequence repeated forever; empty if this sequence is empty.
  ///
  /// The source is walked once and memoized, so its closures still run at
  /// most once per element. The result holds the source's head.
  ///
  /// ```swift
  /// print(Seq([1, 2]).cycled().take(5).array)   // [1, 2, 1, 2, 1]
  /// ```
  ///
  /// - Important: The result is infinite unless empty.
  @inlinable
  public func cycled() -> Seq<Element> {
    let start = self.lazy
    let box = _WalkerBox(start)
    let sawElement = _StateBox(false)
    let result = Seq._memo(sources: _Sources(box)) {
      if let element = box.walker.next() {
        sawElement.value = true
        return element
      }
      guard sawElement.value else { return nil }
      box.walker = _Walker(start)
      return box.walker.next()
    }
    return result
  }
}

extension Seq {
  /// This sequence repeated `times` times: empty for 0, this sequence for 1.
  ///
  /// ```swift
  /// print(Seq([1, 2]).cycled(times: 3).array)   // [1, 2, 1, 2, 1, 2]
  /// ```
  ///
  /// Lazy: the source is walked once and memoized, so its closures run at
  /// most once per element, however many times it is repeated. The result
  /// holds the source's head (to replay it) until its last repetition
  /// starts.
  ///
  /// - Parameter times: How many times to repeat the sequence.
  /// - Returns: The repeated sequence.
  /// - Precondition: `times` is not negative.
  /// - Complexity: O(1) to create; O(1) per element.
  @inlinable
  public func cycled(times: Int) -> Seq<Element> {
    Seq._checkCount(times, "Seq.cycled(times:)")
    if times == 0 { return Seq(_storage: nil, index: 0, mode: _mode) }
    if times == 1 { return self }
    let state = _StateBox((start: Optional(self.lazy), remaining: times - 1, sawElement: false))
    return _derived { source in
      {
        while true {
          if let element = source.walker.next() {
            state.value.sawElement = true
            return element
          }
          guard state.value.sawElement, state.value.remaining > 0, let start = state.value.start
          else {
            state.value.start = nil
            return nil
          }
          state.value.remaining -= 1
          if state.value.remaining == 0 { state.value.start = nil }
          source.walker = _Walker(start)
        }
      }
    }
  }
}

/// A mutable cell captured by a producer and touched only while its memo's
/// forcing claim is held (Locking.swift, rule 3).
@usableFromInline
internal final class _StateBox<Value> {
  @usableFromInline @exclusivity(unchecked) internal var value: Value

  @inlinable
  internal init(_ value: Value) { self.value = value }
}
