/// The storage and notifications behind ``MutableProperty``, ``Property`` and
/// the state signals of ``Command``.
///
/// - The value lives in a `PropertyMutex`, so reads never wait for a
///   notification in progress.
/// - Every change, and every subscription to `signal`, happens under a
///   `PropertyGate`: the value is written, then the change is sent to a
///   `Subject`, in one critical section, so observers hear the changes in the
///   order the value took them. Several cores may share one gate (a
///   command's `executing` and `enabled`).
/// - A change made from inside an observer, on the delivering thread,
///   re-enters the gate; the subject queues its notification behind the
///   current one. No deadlock, no nested delivery.
/// - A subscription to `signal` joins the subject, then is sent the current
///   value, both under the gate, so no change can fall between the two; the
///   changes are numbered so that it skips those the current value already
///   includes.
// @unchecked: the value is only touched under `storage`; the subject is
// thread-safe and only sent to under `gate`.
final class PropertyCore<Value>: @unchecked Sendable {
  /// A change, numbered: the numbers let a new subscription to `signal` skip
  /// the changes its current value already includes.
  struct Change {
    let version: UInt64
    let value: Value
  }

  private struct State {
    var value: Value
    var version: UInt64 = 0
    var isComplete = false
  }

  private let storage: PropertyMutex<State>
  private let subject = Subject<Change>()
  let gate: PropertyGate

  init(_ initial: Value, gate: PropertyGate = PropertyGate()) {
    storage = PropertyMutex(State(value: initial))
    self.gate = gate
  }

  /// The current value.
  var value: Value {
    precondition(
      !storage.isHeldByCurrentThread,
      "MutableProperty: the property was read inside its own `modify`; use the closure's argument")
    return storage.withLock { $0.value }
  }

  /// Runs `body` on the value, atomically, then sends the new value, even if
  /// `body` throws.
  func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    precondition(
      !storage.isHeldByCurrentThread,
      "MutableProperty: the property was changed inside its own `modify`; use the closure's argument")
    return try gate.withLock {
      var change: Change?
      defer { if let change { subject.sendNext(change) } }
      return try storage.withLock { state in
        defer {
          state.version += 1
          change = Change(version: state.version, value: state.value)
        }
        return try body(&state.value)
      }
    }
  }

  /// Sets the value and sends it.
  func set(_ newValue: Value) {
    modify { $0 = newValue }
  }

  /// The current value at once, then every change; completes when the core
  /// completes (after sending the last value, if it already has).
  ///
  /// Under the gate, the subscription joins the subject, then is sent the
  /// current value, so no change can fall between the two. From inside an
  /// observer, the subject may still hold queued changes older than that
  /// value: their numbers tell the subscription to skip them.
  var signal: Signal<Value> {
    Signal { [gate, subject, storage] subscriber in
      gate.withLock { () -> (any Disposable)? in
        // Completion only happens under the gate: this snapshot holds until
        // the gate is released, or until `subscriber` changes the value.
        let (value, version, isComplete) = storage.withLock { ($0.value, $0.version, $0.isComplete) }
        if isComplete {
          subscriber.sendNext(value)
          subscriber.sendCompleted()
          return nil
        }
        let joined = subject.signal.subscribe(
          next: { change in
            if change.version > version { subscriber.sendNext(change.value) }
          },
          error: { subscriber.sendError($0) },
          completed: { subscriber.sendCompleted() })
        subscriber.sendNext(value)
        return joined
      }
    }
  }

  /// Every change; completes when the core completes.
  ///
  /// Joining the subject needs no gate: a join runs no user code (a plain
  /// subject replays nothing), so it cannot wait for the gate while holding
  /// the subject; and sends, all made under the gate, stay ordered.
  var changes: Signal<Value> { subject.signal.map(\.value) }

  /// Completes when the core completes; sends no value.
  var ended: Signal<Change> { subject.signal.ignoreValues() }

  /// Completes `signal` and `changes`; later changes are not sent.
  func complete() {
    gate.withLock {
      storage.withLock { $0.isComplete = true }
      subject.sendCompleted()
    }
  }
}
