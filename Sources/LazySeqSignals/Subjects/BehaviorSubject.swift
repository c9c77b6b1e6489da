// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// A subject with a current value, sent to each new subscriber first.
/// RAC `RACBehaviorSubject`.
///
/// ```swift
/// let subject = BehaviorSubject(0)
/// subject.signal.subscribe(next: { print($0) })  // 0
/// subject.sendNext(1)                           // 1
/// ```
public final class BehaviorSubject<Value: Sendable>: Subject<Value> {
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
    // A behavior subject always remembers one value.
    latest!
  }
}

// @unchecked: restates the base class's conformance (its values are always
// Sendable here); all state is in `Subject`, serialized by its gate.
extension BehaviorSubject: @unchecked Sendable {}
