/// The storage and notifications behind ``MutableProperty``, ``Property`` and
/// the state signals of ``Command``.
///
/// - The value lives in a `PropertyMutex`, so reads never wait for a
///   notification in progress.
/// - Every change, and every subscription to `signal`, happens under a
///   `ReentrantGate`: the value is written, then the change is sent to a
///   `Subject`, in one critical section, so observers hear the changes in the
///   order the value took them. Several cores may share one gate (a
///   command's `executing` and `enabled`).
/// - A change made from inside an observer, on the delivering thread,
///   re-enters the gate; the subject queues its notification behind the
///   current one. No deadlock, no nested delivery.
/// - A subscription to `signal` joins the subject, then is sent the current
///   value, both under the gate, so no change can fall between the two. Made
///   from inside an observer, the join is queued by the subject behind the
///   changes already queued, which the current value already includes.
// @unchecked: the value is only touched under `storage`; the subject is
// thread-safe and only used under `gate`.
final class PropertyCore<Value>: @unchecked Sendable {
  private struct State {
    var value: Value
    var isComplete = false
  }

  private let storage: PropertyMutex<State>
  private let subject = Subject<Value>()
  let gate: ReentrantGate

  init(_ initial: Value, gate: ReentrantGate = ReentrantGate()) {
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
      var latest: Value?
      defer { if let latest { subject.sendNext(latest) } }
      return try storage.withLock { state in
        defer { latest = state.value }
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
  var signal: Signal<Value> {
    Signal { [gate, subject, storage] subscriber in
      gate.withLock { () -> (any Disposable)? in
        // Completion only happens under the gate: this answer holds until
        // the gate is released.
        let isComplete = storage.withLock { $0.isComplete }
        let joined =
          isComplete
          ? nil
          : subject.signal.subscribe(
            next: { subscriber.sendNext($0) },
            error: { subscriber.sendError($0) },
            completed: { subscriber.sendCompleted() })
        subscriber.sendNext(storage.withLock { $0.value })
        if isComplete { subscriber.sendCompleted() }
        return joined
      }
    }
  }

  /// Every change; completes when the core completes.
  ///
  /// Joining the subject needs no gate: a join runs no user code (a plain
  /// subject replays nothing), so it cannot wait for the gate while holding
  /// the subject; and sends, all made under the gate, stay ordered.
  var changes: Signal<Value> { subject.signal }

  /// Completes when the core completes; sends no value.
  var ended: Signal<Value> { changes.ignoreValues() }

  /// Completes `signal` and `changes`; later changes are not sent.
  func complete() {
    gate.withLock {
      storage.withLock { $0.isComplete = true }
      subject.sendCompleted()
    }
  }
}
