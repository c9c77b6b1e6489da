// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// uniqued(), uniqued(on:): the first occurrence of each value (or key), the
// signal forms of `Seq.uniqued()` and `Seq.uniqued(on:)`.

extension Signal where Value: Hashable & Sendable {
  /// Sends the first occurrence of each value and drops the repeats.
  ///
  /// Unlike ``distinctUntilChanged()``, which drops only a value equal to
  /// the one just before it, a value is dropped if it was *ever* sent.
  ///
  /// ```swift
  /// Signal(Seq([1, 2, 1, 3, 2])).uniqued().subscribe(next: { print($0) })
  /// // 1
  /// // 2
  /// // 3
  /// ```
  ///
  /// - Important: the values sent are kept (in a set) until the
  ///   subscription ends, so memory grows with the number of distinct
  ///   values.
  /// - Returns: the values without repeats, in order.
  /// - Complexity: O(1) expected per value.
  @inlinable  // lazy-performance: a fused operator specializes with its chain
  public func uniqued() -> Signal<Value> {
    uniqued(on: { $0 })
  }
}

extension Signal {
  /// Sends the first value for each key that `key` computes and drops the
  /// later values with a key already seen.
  ///
  /// ```swift
  /// Signal(Seq(["apple", "avocado", "banana"])).uniqued(on: \.first)
  ///   .subscribe(next: { print($0) })
  /// // apple
  /// // banana
  /// ```
  ///
  /// - Important: the keys seen are kept until the subscription ends, so
  ///   memory grows with the number of distinct keys (not with the values).
  /// - Parameter key: the identity of a value for this purpose; runs once
  ///   per value, serially.
  /// - Returns: the first value of each key, in order.
  /// - Complexity: O(1) expected per value.
  @inlinable  // lazy-performance: a fused operator specializes with its chain
  public func uniqued<Key: Hashable & Sendable>(on key: @escaping @Sendable (Value) -> Key) -> Signal<
    Value
  > {
    lift { sink, _ in
      var seen = Set<Key>()
      return Sink(
        next: { value in
          if seen.insert(key(value)).inserted { sink.next(value) }
        },
        end: { completion in
          seen = []
          sink.end(completion)
        })
    }
  }
}
