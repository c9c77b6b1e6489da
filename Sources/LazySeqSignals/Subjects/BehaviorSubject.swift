/// A subject with a current value, sent to each new subscriber first.
/// RAC `RACBehaviorSubject`.
///
/// ```swift
/// let subject = BehaviorSubject(0)
/// subject.signal.subscribe(next: { print($0) })  // 0
/// subject.sendNext(1)                           // 1
/// ```
// @unchecked: all state is in the internally synchronized `core`.
public final class BehaviorSubject<Value>: Subject<Value>, @unchecked Sendable {
  /// Creates a behavior subject whose current value is `initial`.
  ///
  /// - Parameter initial: the value new subscribers receive until another is
  ///   sent.
  public init(_ initial: Value) {
    super.init(core: SubjectCore(capacity: 1, initial: [initial]))
  }
}
