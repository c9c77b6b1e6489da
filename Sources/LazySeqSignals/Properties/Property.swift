// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

public import Observation

/// A read-only property: a value that can be read at any time and observed
/// as it changes. After ReactiveSwift's `Property`.
///
/// Make one from a constant, from an initial value and a signal of later
/// values, as a read-only view of another property, or with
/// ``PropertyProtocol/map(_:)``:
///
/// ```swift
/// let temperature = Subject<Int>()
/// let reading = Property(initial: 20, then: temperature.signal)
/// let label = reading.map { "\($0) °C" }
/// label.signal.subscribe(next: { print($0) })
/// temperature.sendNext(22)
/// // 20 °C
/// // 22 °C
/// ```
///
/// A `Property` built on a source keeps its own copy of the latest value and
/// does not retain the source. When the source ends (its signal terminates,
/// or the source property is deallocated) the property keeps its last value
/// and its signals complete. Its signals also complete when the property
/// itself is deallocated, and it then stops following its source.
///
/// A property's value type is `Sendable`: the property hands its current
/// value to each new subscriber, on the subscriber's thread.
///
/// A property is `Observable`: reading ``value`` inside
/// `withObservationTracking` (or a SwiftUI view's body) tracks it, and each
/// new value from its source notifies the tracking. See <doc:Observation>.
public final class Property<Value: Sendable>: PropertyProtocol, Observable, Sendable {
  private let core: PropertyCore<Value>
  private let source: (any Disposable)?

  /// Creates a constant property.
  ///
  /// Its ``signal`` sends `value`, then completes at once; its ``changes``
  /// complete at once.
  ///
  /// ```swift
  /// let answer = Property(value: 42)
  /// answer.signal.subscribe(next: { print($0) }, completed: { print("done") })
  /// // 42
  /// // done
  /// ```
  ///
  /// - Parameter value: the value, forever.
  public init(value: Value) {
    core = PropertyCore(value, observable: true)
    source = nil
    core.complete()
  }

  /// Creates a property that holds `initial`, then each value of `values`.
  ///
  /// `values` is subscribed to at once, and its values are taken on the
  /// thread that sends them. When `values` completes or fails, the property
  /// keeps its last value and its signals complete (the error is not
  /// reported: a property has no failure).
  ///
  /// ```swift
  /// let updates = Subject<String>()
  /// let status = Property(initial: "idle", then: updates.signal)
  /// updates.sendNext("loading")
  /// print(status.value)  // loading
  /// ```
  ///
  /// - Parameters:
  ///   - initial: the value until `values` sends one.
  ///   - values: the later values.
  public convenience init(initial: Value, then values: Signal<Value>) {
    self.init(following: values.startWith(initial), current: { initial })
  }

  /// Creates a read-only view of `property`.
  ///
  /// The view follows `property` without retaining it: its value is always
  /// the last value `property` announced. Hand it out where callers may read
  /// and observe, but not set.
  ///
  /// ```swift
  /// let storage = MutableProperty(1)
  /// let readOnly = Property(storage)
  /// storage.value = 2
  /// print(readOnly.value)  // 2
  /// ```
  ///
  /// - Parameter property: the property to follow.
  public convenience init(_ property: some PropertyProtocol<Value>) {
    self.init(following: property.signal, current: { property.value })
  }

  /// Creates a property that follows `signal`, which normally sends its
  /// current value during the subscription.
  ///
  /// The properties of this module always do, even from inside one of their
  /// own observers. When a source does not (another conforming type), the
  /// property starts from `current()` and takes the value when it arrives.
  init(following signal: Signal<Value>, current: () -> Value) {
    let relay = PropertyRelay<Value>()
    let subscription = signal.subscribe(
      next: { relay.send($0) },
      error: { _ in relay.end() },
      completed: { relay.end() })
    core = relay.start(current: current)
    source = subscription
  }

  deinit {
    source?.dispose()
    core.complete()
  }

  /// The current value; read inside `withObservationTracking`, it is
  /// tracked.
  ///
  /// - Complexity: O(1).
  public var value: Value { core.trackedValue }

  /// The current value at once, then every change; completes when the
  /// property is deallocated or its source ends.
  public var signal: Signal<Value> { core.signal }

  /// Every change, without the current value; completes when the property is
  /// deallocated or its source ends.
  public var changes: Signal<Value> { core.changes }
}

/// Carries a source's values to a property's core, which can only be created
/// once the first value has arrived.
// @unchecked: all state is in `state`.
private final class PropertyRelay<Value: Sendable>: @unchecked Sendable {
  private enum State {
    case waiting(first: Value?, ended: Bool)
    case following(PropertyCore<Value>)
  }

  private let state = Locked(State.waiting(first: nil, ended: false))

  func send(_ value: Value) {
    let core = state.withLock { state -> PropertyCore<Value>? in
      switch state {
      case .following(let core): return core
      case .waiting(_, let ended):
        state = .waiting(first: value, ended: ended)
        return nil
      }
    }
    core?.set(value)
  }

  func end() {
    let core = state.withLock { state -> PropertyCore<Value>? in
      switch state {
      case .following(let core): return core
      case .waiting(let first, _):
        state = .waiting(first: first, ended: true)
        return nil
      }
    }
    core?.complete()
  }

  /// The core, holding the value received so far, or `current()` if none
  /// has arrived yet.
  func start(current: () -> Value) -> PropertyCore<Value> {
    let received = state.withLock { state -> Value? in
      guard case .waiting(let first, _) = state else { return nil }
      return first
    }
    // `current()` may read another property: it runs outside the lock.
    let initial = received ?? current()
    let (core, ended) = state.withLock { state -> (PropertyCore<Value>, Bool) in
      guard case .waiting(let first, let ended) = state else {
        preconditionFailure("Property: started twice")
      }
      // A value that arrived meanwhile is newer than `initial`.
      let core = PropertyCore(first ?? initial, observable: true)
      state = .following(core)
      return (core, ended)
    }
    if ended { core.complete() }
    return core
  }
}
