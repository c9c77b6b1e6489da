// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// A subject that replays its most recent values, and its terminal event, to
/// each new subscriber. RAC `RACReplaySubject`.
///
/// ```swift
/// let subject = ReplaySubject<Int>(capacity: 2)
/// subject.sendNext(1)
/// subject.sendNext(2)
/// subject.sendNext(3)
/// subject.sendCompleted()
/// subject.signal.subscribe(next: { print($0) }, completed: { print("done") })
/// // 2
/// // 3
/// // done
/// ```
///
/// A subscriber never misses a value sent while it was being replayed to,
/// nor receives a value twice or out of order: such values wait in its own
/// mailbox and follow the replay. The replay runs on the subscribing thread,
/// outside the subject's gate, so subscribing never waits for a delivery in
/// progress.
public final class ReplaySubject<Value: Sendable>: Subject<Value> {
  /// Creates a replay subject that keeps the last `capacity` values.
  ///
  /// - Parameter capacity: how many values to replay; `.max` (the default)
  ///   keeps them all. Must not be negative.
  public init(capacity: Int = .max) {
    super.init(capacity: capacity)
  }
}

// @unchecked: restates the base class's conformance (its values are always
// Sendable here); all state is in `Subject`, serialized by its gate.
extension ReplaySubject: @unchecked Sendable {}
