// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// A value that can be read at any time and observed as it changes: RAC's
/// `RACObserve`, in ReactiveSwift's shape.
///
/// ``MutableProperty`` and ``Property`` conform. Every conforming type keeps
/// these promises:
///
/// - ``value`` can be read at once, from any thread;
/// - ``signal`` sends the current value at once, then every change;
///   ``changes`` sends only the changes;
/// - a new value is visible in ``value`` before any observer is told of it;
/// - both signals complete when the property is deallocated.
///
/// ```swift
/// let name = MutableProperty("Ada")
/// name.signal.subscribe(next: { print("signal:", $0) })
/// name.changes.subscribe(next: { print("changes:", $0) })
/// name.value = "Grace"
/// // signal: Ada
/// // signal: Grace
/// // changes: Grace
/// ```
public protocol PropertyProtocol<Value>: AnyObject {
  /// The type of the property's value.
  associatedtype Value: Sendable

  /// The current value.
  var value: Value { get }

  /// The current value at once, then every change; completes when the
  /// property is deallocated.
  var signal: Signal<Value> { get }

  /// Every change, without the current value; completes when the property is
  /// deallocated.
  var changes: Signal<Value> { get }
}

extension PropertyProtocol {
  /// A read-only property whose value is `transform` applied to this
  /// property's value.
  ///
  /// `transform` runs once for the current value and once per change, never
  /// on a read: the result caches it. The result does not retain this
  /// property; when this property is deallocated the result keeps its last
  /// value and its signals complete.
  ///
  /// ```swift
  /// let count = MutableProperty(1)
  /// let label = count.map { "\($0) item\($0 == 1 ? "" : "s")" }
  /// count.value = 3
  /// print(label.value)  // 3 items
  /// ```
  ///
  /// - Parameter transform: maps a value of this property to a value of the
  ///   result.
  /// - Returns: the derived property.
  /// - Complexity: O(1) per read; one call of `transform` per change.
  public func map<U>(_ transform: @escaping @Sendable (Value) -> U) -> Property<U> {
    Property(following: signal.map(transform), current: { transform(self.value) })
  }
}
