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
/// Replay and live delivery are serialized together: a subscriber never
/// misses a value sent while it was being replayed to, nor receives values
/// out of order.
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
