// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// partitioned(by:): the values that fail a predicate and those that satisfy
// it, as two signals sharing one subscription of the source; the signal form
// of `Seq.partitioned(by:)`.

extension Signal where Value: Sendable {
  /// The values that fail `belongsInSecond` and those that satisfy it, as
  /// two signals sharing one subscription of this signal.
  ///
  /// Built on ``share(replay:)``: the first side subscribed subscribes to
  /// this signal, the other side joins that subscription, and it is
  /// disposed when neither side is subscribed any more. Each side completes
  /// (or fails) with this signal. Nothing is replayed: a side subscribed
  /// after values were sent does not receive them, and a side subscribed
  /// after the shared subscription ended (a synchronous source runs to its
  /// end inside the first subscription) starts a new one. To see every
  /// value on both sides, subscribe both before the source sends (for
  /// example through a subject) or use `Seq.partitioned(by:)`.
  ///
  /// ```swift
  /// let readings = Subject<Int>()
  /// let (odd, even) = readings.signal.partitioned(by: { $0.isMultiple(of: 2) })
  /// odd.subscribe(next: { print("odd", $0) })
  /// even.subscribe(next: { print("even", $0) })
  /// readings.sendNext(1)  // odd 1
  /// readings.sendNext(2)  // even 2
  /// ```
  ///
  /// - Parameter belongsInSecond: whether a value goes to `trueElements`;
  ///   runs once per value of the shared subscription, whichever sides are
  ///   subscribed (as on `Seq`, where it runs once per element).
  /// - Returns: `falseElements` and `trueElements`, each in source order.
  /// - Complexity: O(1) per value and side.
  public func partitioned(
    by belongsInSecond: @escaping @Sendable (Value) -> Bool
  ) -> (falseElements: Signal<Value>, trueElements: Signal<Value>) {
    // The predicate runs once per value, before the shared subscription
    // fans out: each side reads the verdict instead of asking again.
    let shared = map { value in (value: value, second: belongsInSecond(value)) }.share()
    return (
      shared.filter { !$0.second }.map(\.value),
      shared.filter(\.second).map(\.value)
    )
  }
}
