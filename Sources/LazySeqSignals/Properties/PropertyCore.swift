import Observation
import Synchronization

/// The storage and notifications behind ``MutableProperty``, ``Property`` and
/// the state signals of ``Command``: a plain ``Subject`` of the changes plus
/// the current value, both behind the subject's own gate (see `Gate`).
///
/// - A change is one pass through the gate: the value is written, then the
///   subject's subscribers are told, so observers hear the changes in the
///   order the value took them, and the new value is visible before any
///   observer hears of it.
/// - The value is written only by the gate's owner, under a short `Lock`
///   that readers take too: reads never wait for a delivery, and the owner
///   reads without the lock (nobody else writes).
/// - A change made from inside an observer, on the delivering thread, runs
///   nested (`Gate.run`): the value changes at once, and the notification is
///   queued behind the current one. No deadlock, no nested delivery.
/// - A subscription to `signal` is sent the current value and joins the
///   subject in one pass through the gate, so no change falls between the
///   two. From inside an observer it is still sent the value at once, and
///   joins when the queue reaches it: the changes queued before it are
///   already in that value, and every later one (even one made by its own
///   callback) is queued after it. No numbering is needed.
/// - Completion is the subject's completion; a later subscription to
///   `signal` receives the last value, then completes.
///
/// A core may also sit behind an *outer* gate (a command's), which every
/// subscription to `signal` passes first: the owner of the outer gate sets
/// the value, so a subscriber whose callback re-enters the outer gate can
/// never wait for it while holding this core's gate.
///
/// A core made `observable` also takes part in Swift Observation: a read
/// through ``trackedValue`` is Observation's tracked access (seen by
/// `withObservationTracking` and SwiftUI), and a change is announced to the
/// registrar around the pass through the gate (`willSet` before it,
/// `didSet` after it), outside the gate, so no Observation callback runs
/// inside a delivery.
///
/// Only a value that has been read can be tracked, so a core whose value was
/// never read through ``trackedValue`` skips the registrar: setting it costs
/// what it did before Observation (two atomic loads). The first read sets
/// `wasRead` for good. A read racing a set cannot slip between the two: the
/// reader sets the flag, then reads the value; the setter writes the value,
/// then loads the flag again (both sequentially consistent), so either the
/// reader sees the new value or the setter sees the flag and notifies.
// @unchecked: `current` and `isModifying` are written only by the owner of
// `gate` (`current` under `lock`, which other readers take).
final class PropertyCore<Value: Sendable>: @unchecked Sendable {
  private let subject = Subject<Value>()
  private let lock = Lock()
  @exclusivity(unchecked) private var current: Value
  /// Whether the gate's owner is inside `modify`'s body.
  @exclusivity(unchecked) private var isModifying = false
  private let outer: Gate?
  /// Observation's bookkeeping, for the cores of public properties. A class,
  /// so the set path checks a pointer: copying the registrar itself (a
  /// resilient struct) would go through its value witnesses.
  private let observation: Tracking?
  /// Whether `value` has ever been read through `trackedValue`.
  private let wasRead = Atomic<Bool>(false)

  /// The registrar and the key path it knows `value` by, formed once (a
  /// generic key path literal would be instantiated at every use).
  private final class Tracking: Sendable {
    let keyPath: any KeyPath<PropertyCore<Value>, Value> & Sendable = \.value
    let registrar = ObservationRegistrar()
  }

  init(_ initial: Value, outer: Gate? = nil, observable: Bool = false) {
    current = initial
    self.outer = outer
    observation = observable ? Tracking() : nil
  }

  private var gate: Gate { subject.list.gate }

  private func maintain() { subject.list.dropEnded() }

  /// The current value, read as Observation's tracked access.
  var trackedValue: Value {
    if let observation {
      if !wasRead.load(ordering: .relaxed) { wasRead.store(true, ordering: .sequentiallyConsistent) }
      observation.registrar.access(self, keyPath: observation.keyPath)
    }
    return value
  }

  /// Runs `change` (a pass through the gate), telling the registrar before
  /// and after it when the value may be tracked.
  @inline(__always)
  private func announcing<Result>(_ change: () throws -> Result) rethrows -> Result {
    guard let observation else { return try change() }
    let tracked = wasRead.load(ordering: .sequentiallyConsistent)
    if tracked { observation.registrar.willSet(self, keyPath: observation.keyPath) }
    defer {
      if tracked {
        observation.registrar.didSet(self, keyPath: observation.keyPath)
      } else if wasRead.load(ordering: .sequentiallyConsistent) {
        // A first read raced this change: tell it (late rather than never).
        observation.registrar.willSet(self, keyPath: observation.keyPath)
        observation.registrar.didSet(self, keyPath: observation.keyPath)
      }
    }
    return try change()
  }

  /// The current value.
  var value: Value {
    precondition(
      !(gate.isOwnedByCurrentThread && isModifying),
      "MutableProperty: the property was read inside its own `modify`; use the closure's argument")
    return lock.withLock { current }
  }

  /// Runs `body` on the value, atomically, then sends the new value, even if
  /// `body` throws.
  func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try announcing { try modifyInGate(body) }
  }

  private func modifyInGate<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try gate.run(maintain: maintain) { nested in
      precondition(
        !isModifying,
        "MutableProperty: the property was changed inside its own `modify`; use the closure's argument"
      )
      isModifying = true
      defer {
        isModifying = false
        send(current, nested: nested)
      }
      return try lock.withLock { try body(&current) }
    }
  }

  /// Sets the value and sends it.
  func set(_ newValue: Value) {
    announcing { setInGate(newValue) }
  }

  private func setInGate(_ newValue: Value) {
    gate.run(maintain: maintain) { nested in
      precondition(
        !isModifying,
        "MutableProperty: the property was changed inside its own `modify`; use the closure's argument"
      )
      var value = newValue
      lock.withLock { swap(&current, &value) }
      // `value` now holds the old value: it is released outside the lock.
      send(newValue, nested: nested)
    }
  }

  /// Tells the subscribers of a change; runs inside the gate.
  private func send(_ value: Value, nested: Bool) {
    if nested {
      gate.enqueue { [subject] in subject.deliverNext(value) }
    } else {
      subject.deliverNext(value)
    }
  }

  /// The current value at once, then every change; completes when the core
  /// completes (after sending the last value, if it already has).
  var signal: Signal<Value> {
    Signal(attach: { [self] sink, lifetime in
      if let outer {
        outer.run(maintain: {}, { _ in attach(sink, lifetime) })
      } else {
        attach(sink, lifetime)
      }
    })
  }

  private func attach(_ sink: Sink<Value>, _ lifetime: Lifetime) {
    gate.run(maintain: maintain) { nested in
      // Only the owner writes `current`: no lock needed to read it here.
      let value = current
      if nested {
        // The changes queued so far are already in `value`: join after
        // them, and before any change `sink` itself makes.
        gate.enqueue { [self] in join(sink, lifetime) }
        if !lifetime.isDisposed { sink.next(value) }
      } else {
        guard !lifetime.isDisposed else { return }
        sink.next(value)
        join(sink, lifetime)
      }
    }
  }

  /// Joins the subject, or ends at once if it has completed; runs inside
  /// the gate.
  private func join(_ sink: Sink<Value>, _ lifetime: Lifetime) {
    guard !lifetime.isDisposed else { return }
    if let terminal = subject.list.terminal {
      lifetime.dispose()
      sink.end(terminal)
    } else {
      subject.list.add(SinkEntry(lifetime: lifetime, sink: sink))
    }
  }

  /// Every change; completes when the core completes.
  var changes: Signal<Value> { subject.signal }

  /// Completes when the core completes; sends no value.
  var ended: Signal<Value> { subject.signal.ignoreValues() }

  /// Completes `signal` and `changes`; later changes are not sent.
  func complete() {
    subject.sendCompleted()
  }
}

// The core is what Observation tracks: the public properties read and change
// their value through it.
extension PropertyCore: Observable {}
