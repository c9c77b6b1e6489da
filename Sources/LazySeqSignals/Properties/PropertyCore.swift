// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Observation
import Synchronization

/// The storage and notifications behind ``MutableProperty``, ``Property`` and
/// the state signals of ``Command``: a ``Subject`` that remembers one value,
/// the current one.
///
/// - A change is one pass through the subject's gate: the value is written
///   (under the core's own short lock, which readers take), then the
///   subscribers are told, so observers hear the changes in the
///   order the value took them, and the new value is visible before any
///   observer hears of it.
/// - `modify`'s body runs on a copy inside the gate, never under the lock:
///   reads and subscriptions never wait for user code.
/// - A change made from inside an observer, on the delivering thread, runs
///   nested (`Gate.run`): the value changes at once, and the notification is
///   queued behind the current one. No deadlock, no nested delivery.
/// - A subscription to `signal` copies the current value and joins in one
///   short critical section, without entering the gate, so it never waits
///   for a delivery: it is sent that value, then every later change (the
///   changes made while it is being sent the value follow it, in order). A
///   change is committed (written, and the subscribers that joined before
///   it taken) in one such critical section of the subject too, so no change
///   falls between the value a subscriber copied and the first change it is
///   told of, and none is told twice. The core's lock is taken inside the
///   subject's there (never the other way round), so a read never waits for
///   a subscription.
/// - Completion is the subject's completion; a later subscription to
///   `signal` receives the last value, then completes.
///
/// A core made `observable` also takes part in Swift Observation: a read
/// through ``trackedValue`` is Observation's tracked access (seen by
/// `withObservationTracking` and SwiftUI), and a change is announced to the
/// registrar around the pass through the gate (`willSet` before it,
/// `didSet` after it), outside the gate, so no Observation callback runs
/// inside a delivery.
///
/// A read inside `Signal.observing` (an ``ObservingRead`` on the thread)
/// is not Observation's access: it notes the core and its `version`, bumped
/// with each change in the critical section that stores the value, and the
/// observing loop then watches the core (``WatchedState``). Watchers are
/// told after the new value is stored, only of a change they have not seen,
/// and a watch that starts after such a change fires at once.
///
/// Only a value that has been read can be tracked, so a core whose value was
/// never read through ``trackedValue`` skips the registrar: setting it costs
/// what it did before Observation (two atomic loads). The first read sets
/// `wasRead` for good. A read racing a set cannot slip between the two: the
/// reader sets the flag, then reads the value; the setter writes the value,
/// then loads the flag again (both sequentially consistent), so either the
/// reader sees the new value or the setter sees the flag and notifies.
// @unchecked: `current` and `version` are written only by the owner of the
// subject's gate, under `lock` (which other readers take); `watchers` is
// touched only under `lock`; `isModifying` is touched only by the gate's
// owner.
final class PropertyCore<Value: Sendable>: @unchecked Sendable {
  /// The changes, and the gate and lock of the value.
  private let subject = Subject<Value>()
  /// The value, its version and the watchers; taken alone by readers, and
  /// inside the subject's lock by a change being committed and by a
  /// subscriber copying the value.
  private let lock = Lock()
  /// The value: written by the gate's owner under `lock`, which readers
  /// take.
  @exclusivity(unchecked) private var current: Value
  /// How many changes the value has had: written with it.
  @exclusivity(unchecked) private var version: UInt64 = 0
  /// The observing loops to tell of the next change they have not seen;
  /// under `lock`.
  @exclusivity(unchecked) private var watchers: [Watcher] = []
  /// Whether the gate's owner is inside `modify`'s body.
  @exclusivity(unchecked) private var isModifying = false
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

  init(_ initial: Value, observable: Bool = false) {
    current = initial
    observation = observable ? Tracking() : nil
  }

  private var gate: Gate { subject.list.gate }

  private func maintain() { subject.list.dropEnded() }

  /// An observing loop watching the core, and what it has seen.
  private struct Watcher {
    let loop: ObservationLoop
    var generation: UInt64
    var seen: UInt64
  }

  /// The current value, read as Observation's tracked access (or, inside
  /// `Signal.observing`, noted for its loop).
  var trackedValue: Value {
    if let observation {
      if !wasRead.load(ordering: .relaxed) { wasRead.store(true, ordering: .sequentiallyConsistent) }
      if let read = ObservingRead.current {
        let (value, version) = versionedValue
        read.record(self, version: version)
        return value
      }
      observation.registrar.access(self, keyPath: observation.keyPath)
    }
    return value
  }

  /// The current value and its version, read together.
  private var versionedValue: (Value, UInt64) {
    precondition(
      !(gate.isOwnedByCurrentThread && isModifying),
      "MutableProperty: the property was read inside its own `modify`; use the closure's argument")
    return lock.withLock { (current, version) }
  }

  /// Tells the watchers that have not seen the current value; after a
  /// change is stored.
  private func tellWatchers() {
    let due = lock.withLock { () -> [Watcher] in
      guard watchers.contains(where: { $0.seen != version }) else { return [] }
      let due = watchers.filter { $0.seen != version }
      watchers.removeAll { $0.seen != version }
      return due
    }
    for watcher in due { watcher.loop.changed(generation: watcher.generation) }
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
        tellWatchers()
      } else if wasRead.load(ordering: .sequentiallyConsistent) {
        // A first read raced this change: tell it (late rather than never).
        observation.registrar.willSet(self, keyPath: observation.keyPath)
        observation.registrar.didSet(self, keyPath: observation.keyPath)
        tellWatchers()
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
      // The gate's owner is the only writer, so it reads the value without
      // the lock; `body` runs on a copy, never under the lock.
      var value = current
      defer {
        isModifying = false
        change(to: value, nested: nested)
      }
      return try body(&value)
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
      change(to: newValue, nested: nested)
    }
  }

  /// Commits a change (writes the value and takes the subscribers that
  /// joined before it), then tells the subscribers; runs inside the gate.
  /// Nested in a delivery, the telling is queued behind it.
  private func change(to value: Value, nested: Bool) {
    let newcomers = subject.commit(value, deferred: nested) {
      lock.withLock {
        current = value
        version &+= 1
      }
    }
    if nested {
      gate.enqueue { [subject] in
        subject.admit(newcomers)
        subject.deliverToLive(value)
      }
    } else {
      subject.deliverToLive(value)
    }
  }

  /// The current value at once, then every change; completes when the core
  /// completes (after sending the last value, if it already has).
  var signal: Signal<Value> {
    subject.signal(replaying: { [self] in [lock.withLock { current }] })
  }

  /// Every change; completes when the core completes.
  var changes: Signal<Value> { subject.signal(replaying: nil) }

  /// Completes when the core completes; sends no value.
  var ended: Signal<Value> { subject.signal(replaying: nil).ignoreValues() }

  /// Completes `signal` and `changes`; later changes are not sent.
  func complete() {
    subject.sendCompleted()
  }
}

// The core is what Observation tracks: the public properties read and change
// their value through it.
extension PropertyCore: Observable {}

extension PropertyCore: WatchedState {
  func watch(_ loop: ObservationLoop, generation: UInt64, since seen: UInt64) -> Bool {
    lock.withLock {
      guard version == seen else { return false }
      if let index = watchers.firstIndex(where: { $0.loop === loop }) {
        watchers[index].generation = generation
        watchers[index].seen = seen
      } else {
        watchers.append(Watcher(loop: loop, generation: generation, seen: seen))
      }
      return true
    }
  }

  func unwatch(_ loop: ObservationLoop) {
    lock.withLock { watchers.removeAll { $0.loop === loop } }
  }
}
