// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

public import Observation

/// A thread-safe value that can be set, read and observed. RAC's
/// `RACObserve` on a settable property, after ReactiveSwift's
/// `MutableProperty`.
///
/// ``signal`` sends the current value at once, then every change;
/// ``changes`` sends only the changes. Both complete when the property is
/// deallocated.
///
/// ```swift
/// let volume = MutableProperty(5)
/// volume.signal.subscribe(next: { print("volume", $0) })
/// volume.value = 7
/// volume.modify { $0 += 1 }
/// // volume 5
/// // volume 7
/// // volume 8
/// ```
///
/// Guarantees:
/// - A new value is visible in ``value`` before any observer is told of it.
/// - Changes are delivered one at a time, in the order the value took them,
///   on the thread that made the change; a change made on another thread
///   waits until the current delivery is over.
/// - Setting the value from inside one of the property's own observers is
///   queued: the change is made at once, and its notification is sent right
///   after the current one (never a deadlock, never a nested delivery).
/// - Reads never wait for a delivery.
///
/// Bind a signal or another property to it with `<~`.
///
/// A property is `Observable`: reading ``value`` inside
/// `withObservationTracking` (or a SwiftUI view's body) tracks it, and
/// setting it, or ``modify(_:)``, notifies the tracking, with no
/// subscription. See <doc:Observation>.
///
/// ```swift
/// let volume = MutableProperty(5)
/// withObservationTracking {
///   _ = volume.value
/// } onChange: {
///   print("volume will change")
/// }
/// volume.value = 6  // volume will change
/// ```
///
/// A property's value type is `Sendable`: the property hands its current
/// value to each new subscriber, on the subscriber's thread.
public final class MutableProperty<Value: Sendable>: PropertyProtocol, Observable, Sendable {
  let core: PropertyCore<Value>

  /// Creates a property holding `initial`.
  ///
  /// - Parameter initial: the first value.
  public init(_ initial: Value) {
    core = PropertyCore(initial, observable: true)
  }

  deinit {
    core.complete()
  }

  /// The current value. Setting it notifies the observers.
  ///
  /// Read inside `withObservationTracking`, it is tracked; setting it tells
  /// the tracking before the observers of ``signal`` and ``changes``.
  ///
  /// - Complexity: O(1) to read; setting it runs the observers.
  public var value: Value {
    get { core.trackedValue }
    set { core.set(newValue) }
  }

  /// The current value at once, then every change; completes when the
  /// property is deallocated.
  ///
  /// The signal does not retain the property. Subscribing after the property
  /// is gone sends its last value, then completes.
  public var signal: Signal<Value> { core.signal }

  /// Every change, without the current value; completes when the property is
  /// deallocated.
  public var changes: Signal<Value> { core.changes }

  /// Changes the value in place, atomically, then notifies the observers.
  ///
  /// No other change can slip between the read and the write: concurrent
  /// `modify` calls from many threads each see the result of the previous
  /// one. The observers are told of the new value once `body` returns, even
  /// if it throws (the value keeps what `body` did to it).
  ///
  /// ```swift
  /// let counter = MutableProperty(0)
  /// let previous = counter.modify { value -> Int in
  ///   defer { value += 1 }
  ///   return value
  /// }
  /// print(previous, counter.value)  // 0 1
  /// ```
  ///
  /// - Important: `body` runs under the property's lock: it must not read or
  ///   set this property (a precondition stops it), nor wait for another
  ///   thread that does.
  /// - Parameter body: mutates the value; its result is returned.
  /// - Returns: what `body` returned.
  /// - Complexity: O(1) plus `body`; the value is changed in place.
  @discardableResult
  public func modify<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try core.modify(body)
  }
}
