// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// bind, flatMap, flatten (RAC `-bind:`, `-flattenMap:`, `-flatten`).

extension Seq {
  /// Monadic bind: concatenates the sequences the binder returns for each
  /// element (RAC `-bind:`).
  ///
  /// `makeBinder` is called once, when the first element of the result is
  /// demanded; per-evaluation state (a counter, say) belongs in its closure.
  /// The binder is called at most once per source element, in order. It may
  /// end the result: returning `nil` ends it at once (that call contributes
  /// nothing); setting the `Bool` to `true` ends it after that call's
  /// sequence (all of it).
  ///
  /// ```swift
  /// let firstTwo = Seq([1, 2, 3, 4]).bind {
  ///   var seen = 0
  ///   return { value, stop in
  ///     seen += 1
  ///     stop = seen == 2
  ///     return [value, value * 10]
  ///   }
  /// }
  /// print(firstTwo.array)   // [1, 10, 2, 20]
  /// ```
  ///
  /// Evaluated lazily, at most once per element; runs of empty results are
  /// skipped in a loop (constant stack).
  @inlinable
  public func bind<U>(_ makeBinder: @escaping () -> (Element, inout Bool) -> Seq<U>?) -> Seq<U> {
    let outer = _WalkerBox(self)
    let inner = _WalkerBox(Seq<U>())
    let binder = _StateBox<((Element, inout Bool) -> Seq<U>?)?>(nil)
    let stopped = _StateBox(false)
    return _derived(sources: _Sources(outer, inner)) {
      while true {
        if let value = inner.walker.next() { return value }
        if stopped.value { return nil }
        if binder.value == nil { binder.value = makeBinder() }
        guard let element = outer.walker.next() else { return nil }
        var stop = false
        guard let next = binder.value.unsafelyUnwrapped(element, &stop) else { return nil }
        inner.walker = _Walker(next, canFuse: true)
        stopped.value = stop
      }
    }
  }

  /// Maps each element to a sequence and concatenates the results (RAC
  /// `-flattenMap:`).
  ///
  /// ```swift
  /// print(Seq([1, 2, 3]).flatMap { Seq.repeating($0, count: $0) }.array)
  /// // [1, 2, 2, 3, 3, 3]
  /// ```
  ///
  /// Evaluated lazily: `transform` runs at most once per source element,
  /// only when the result needs that element's sequence. Empty results are
  /// skipped in a loop (constant stack).
  @inlinable
  public func flatMap<U>(_ transform: @escaping (Element) -> Seq<U>) -> Seq<U> {
    let outer = _WalkerBox(self)
    let inner = _WalkerBox(Seq<U>())
    return _derived(sources: _Sources(outer, inner)) {
      while true {
        if let value = inner.walker.next() { return value }
        guard let element = outer.walker.next() else { return nil }
        inner.walker = _Walker(transform(element), canFuse: true)
      }
    }
  }

  /// Maps each element to any `Sequence` and concatenates the results,
  /// lazily (the inner sequences are pulled on demand).
  ///
  /// ```swift
  /// let orders = [[3, 4], [], [5]]
  /// print(Seq(orders).flatMap { $0 }.map { $0 * 10 }.array)   // [30, 40, 50]
  /// ```
  ///
  /// Each inner sequence is walked in place by its own iterator: an array
  /// the closure returns (an order's items, say) costs no allocation.
  /// `transform` runs at most once per source element, only when the result
  /// needs that element's sequence; empty results are skipped in a loop
  /// (constant stack).
  @inlinable
  public func flatMap<S: Sequence>(_ transform: @escaping (Element) -> S) -> Seq<S.Element> {
    // The iterator of the inner sequence being walked; `nil` before the
    // first and after the end (released as soon as the result ends).
    let inner = _StateBox<S.Iterator?>(nil)
    return _derived(
      producingInto: { source in
        { slot in
          while true {
            if let value = inner.value?.next() {
              slot.initialize(to: value)
              return true
            }
            guard let element = source.walker.next() else {
              inner.value = nil
              return false
            }
            inner.value = transform(element).makeIterator()
          }
        }
      })
  }

  /// Concatenates a sequence of sequences (RAC `-flatten`). Lazy.
  @inlinable
  public func flatten<U>() -> Seq<U> where Element == Seq<U> {
    flatMap { (inner: Seq<U>) -> Seq<U> in inner }
  }
}
