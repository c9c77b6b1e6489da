/// A subject with a current value, sent to each new subscriber first.
/// RAC `RACBehaviorSubject`.
///
/// ```swift
/// let subject = BehaviorSubject(0)
/// subject.signal.subscribe(next: { print($0) })  // 0
/// subject.sendNext(1)                           // 1
/// ```
// @unchecked: all state is in the internally synchronized base class.
public final class BehaviorSubject<Value>: Subject<Value>, @unchecked Sendable {
  /// Creates a behavior subject whose current value is `initial`.
  ///
  /// - Parameter initial: the value new subscribers receive until another is
  ///   sent.
  public init(_ initial: Value) {
    super.init(capacity: 1, initial: initial)
  }

  /// The current value: the initial one until another is sent, then the
  /// latest sent.
  ///
  /// Safe to read from any thread, including from inside a subscriber. A
  /// new value is visible here before any subscriber receives it.
  ///
  /// ```swift
  /// let subject = BehaviorSubject(0)
  /// subject.sendNext(5)
  /// print(subject.value)  // 5
  /// ```
  public var value: Value {
    // `current` is always set for a behavior subject.
    current!.withLock { $0! }
  }
}
