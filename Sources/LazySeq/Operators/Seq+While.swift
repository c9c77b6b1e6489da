// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// take(while:), take(until:), skip(while:), skip(until:)
// (RAC `-takeWhileBlock:`, `-takeUntilBlock:`, `-skipWhileBlock:`, `-skipUntilBlock:`).

extension Seq {
  /// The leading elements that satisfy `predicate`; ends at the first that
  /// does not (RAC `-takeWhileBlock:`). Works on infinite sequences.
  ///
  /// ```swift
  /// print(Seq.iterate(1) { $0 + 1 }.take(while: { $0 <= 5 }).array)   // [1, 2, 3, 4, 5]
  /// ```
  ///
  /// Evaluated lazily; `predicate` runs at most once per element and never
  /// after the first failure.
  @inlinable
  public func take(while predicate: @escaping (Element) -> Bool) -> Seq<Element> {
    _derived(
      stage: predicate,
      { source in
        {
          guard let element = source.walker.next(), source.stage(element) else { return nil }
          return element
        }
      },
      batches: { source in
        { batch in
          let predicate = source.stage
          return batch.fill(from: source) { element, slot in
            guard predicate(element) else { return .ended }
            slot.initialize(to: element)
            return .made
          }
        }
      })
  }

  /// The leading elements before the first that satisfies `predicate`
  /// (excluded) (RAC `-takeUntilBlock:`). Lazy.
  @inlinable
  public func take(until predicate: @escaping (Element) -> Bool) -> Seq<Element> {
    take(while: { !predicate($0) })
  }

  /// The elements from the first that fails `predicate` on
  /// (RAC `-skipWhileBlock:`).
  ///
  /// ```swift
  /// print(Seq([0, 1, 2, 3, 0]).skip(while: { $0 <= 1 }).array)   // [2, 3, 0]
  /// ```
  ///
  /// Lazy: nothing runs until the result is used; then the skipped elements
  /// are evaluated in a loop and the rest is passed through uncopied.
  @inlinable
  public func skip(while predicate: @escaping (Element) -> Bool) -> Seq<Element> {
    _finish(
      Seq._deferred(walking: self) { walker in
        while true {
          let position = walker.position
          guard let element = walker.next() else { return Seq() }
          if !predicate(element) { return position }
        }
      })
  }

  /// The elements from the first that satisfies `predicate` on (included)
  /// (RAC `-skipUntilBlock:`). Lazy.
  @inlinable
  public func skip(until predicate: @escaping (Element) -> Bool) -> Seq<Element> {
    skip(while: { !predicate($0) })
  }
}
