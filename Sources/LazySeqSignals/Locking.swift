// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// All locking helpers of the module live in this file. They are built on
// `Synchronization.Mutex` and `Synchronization.Atomic`; there are no home-made
// spin locks.
//
// Two kinds of lock:
// - `Locked` / `Lock`: a short critical section over a small state, never
//   calling out to user code (bookkeeping of disposables, operator state).
// - `Gate`: the serialization point of the signal engine (a `Subscriber`, a
//   subject). User callbacks run inside it, so only deliveries to its own
//   subscribers take it: subscribing and disposing never wait for it (see
//   THE DEADLOCK RULE in Engine.swift). See `Gate` for the protocol.
//   Properties and commands use it too, through `Gate.run`, for state that
//   must change at once even from inside a callback.

internal import LazySeq
import Synchronization

/// A non-recursive mutual-exclusion lock: a `Mutex` plus a release/acquire
/// fence that ThreadSanitizer can see.
///
/// On Linux a contended `Mutex` is acquired inside the (uninstrumented)
/// Synchronization runtime, so ThreadSanitizer misses the happens-before edge
/// and reports false races on the data it protects. The extra atomic,
/// released before each unlock and acquired after each lock, makes the edge
/// visible; it costs two uncontended atomic operations.
struct Lock: ~Copyable, Sendable {
  private let mutex = Mutex<Void>(())
  private let fence = Atomic<Int>(0)
  #if LAZYSEQ_INVARIANTS
    private let orderID = LockOrder.register("Lock")
  #endif

  init() {}

  /// Runs `body` while holding the lock.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    #if LAZYSEQ_INVARIANTS
      LockOrder.willAcquire(orderID)
      defer { LockOrder.didRelease(orderID) }
    #endif
    return try mutex.withLock { _ in
      _ = fence.load(ordering: .acquiring)
      defer { fence.store(0, ordering: .releasing) }
      return try body()
    }
  }
}

/// A value protected by a lock, stored where it is declared: a ``Locked``
/// without an object of its own, for a class that would otherwise allocate
/// one just for its state. The same `Mutex` and ThreadSanitizer fence as
/// ``Lock``. `Sendable` as `Mutex` is: the state only ever moves in and
/// out through `withLock`.
struct InlineLocked<State: Sendable>: ~Copyable, Sendable {
  private let mutex: Mutex<State>
  private let fence = Atomic<Int>(0)
  #if LAZYSEQ_INVARIANTS
    private let orderID = LockOrder.register("Lock")
  #endif

  init(_ initial: State) {
    mutex = Mutex(initial)
  }

  /// Runs `body` with exclusive access to the state.
  func withLock<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
    #if LAZYSEQ_INVARIANTS
      LockOrder.willAcquire(orderID)
      defer { LockOrder.didRelease(orderID) }
    #endif
    return mutex.withLock { state in
      _ = fence.load(ordering: .acquiring)
      defer { fence.store(0, ordering: .releasing) }
      return body(&state)
    }
  }
}

/// A value protected by a ``Lock``, reachable from a class so it can be shared.
///
/// The critical section is a plain closure over `inout State`; keep it short
/// and never call out to user code from inside it.
// @unchecked: `state` is only read or written inside `lock.withLock`.
final class Locked<State>: @unchecked Sendable {
  private let lock = Lock()
  // `@exclusivity(unchecked)`: the lock already makes every access
  // exclusive (a body that reached the state again would wait for itself
  // on the lock first); the dynamic check cost about 110 instructions per
  // `withLock`.
  @exclusivity(unchecked) private var state: State

  init(_ initial: State) {
    state = initial
  }

  /// Runs `body` with exclusive access to the state.
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&state) }
  }
}

/// A Boolean that flips from `false` to `true` exactly once.
final class OnceFlag: Sendable {
  private let flag = Atomic<Bool>(false)

  init() {}

  /// Whether `set()` has been called.
  var isSet: Bool { flag.load(ordering: .acquiring) }

  /// Sets the flag; returns `true` only for the caller that flipped it.
  func set() -> Bool {
    flag.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
  }
}

/// The serialization point of the signal engine: a `Mutex` plus an
/// owner-thread atomic.
///
/// - ``enter(_:)`` runs its body while holding the mutex, with the owner word
///   set to the calling thread. A call made on the thread that already owns
///   the gate (a re-entrant send from inside a callback) does not wait and
///   does not run: it returns `false`, and the caller queues its work with
///   ``enqueue(_:)``; the owner runs the queue before it leaves. Only the
///   owner touches the queue.
/// - The owner word is exchanged (acquire) after locking and cleared
///   (release) before unlocking. That pair is the happens-before edge that
///   ThreadSanitizer misses when a contended Linux `Mutex` is handed over
///   through the futex, so data touched only inside the gate is TSan-clean.
/// - **Maintenance** (releasing a disposed subscriber's callbacks, dropping
///   disposed entries of a subject) must happen inside the gate, yet
///   `dispose()` must never wait for a delivery in flight on another thread.
///   ``requestMaintenance(_:)`` sets a flag, then: if the gate is owned (by
///   any thread) it returns at once, and the owner runs the maintenance
///   right after it clears the owner word; otherwise it tries the mutex
///   without waiting. The flag store and the owner load on one side, the
///   owner clear and the flag load on the other, are sequentially
///   consistent, so one of the two sides always sees the other (Dekker).
@usableFromInline
final class Gate: @unchecked Sendable {
  // @unchecked: `queue` is only touched by the owner thread (inside `mutex`).
  private let mutex = Mutex<Void>(())
  private let owner = Atomic<UInt>(0)
  private let maintenance = Atomic<Bool>(false)
  @exclusivity(unchecked) var queue = _Queue<() -> Void>()
  #if LAZYSEQ_INVARIANTS
    private let orderID = LockOrder.register("Gate")
  #endif

  @usableFromInline
  init() {}

  /// Whether no work is queued; only the owner thread may ask.
  @usableFromInline
  var isQueueEmpty: Bool { queue.isEmpty }

  /// Whether the calling thread is inside this gate.
  @usableFromInline
  var isOwnedByCurrentThread: Bool {
    owner.load(ordering: .relaxed) == currentThreadID()
  }

  /// Runs `body` serially with every other body of this gate, then the
  /// queued work, then any requested maintenance.
  ///
  /// - Returns: `false`, without running `body`, if the calling thread
  ///   already owns the gate (queue the work with ``enqueue(_:)``).
  @usableFromInline
  func enter(_ body: () -> Void, maintain: () -> Void) -> Bool {
    let me = currentThreadID()
    if owner.load(ordering: .relaxed) == me { return false }
    #if LAZYSEQ_INVARIANTS
      LockOrder.willAcquire(orderID)
      defer { LockOrder.didRelease(orderID) }
    #endif
    mutex.withLock { _ in
      _ = owner.exchange(me, ordering: .sequentiallyConsistent)
      body()
      if !queue.isEmpty { drain() }
      owner.store(0, ordering: .sequentiallyConsistent)
    }
    if maintenance.load(ordering: .sequentiallyConsistent) { runMaintenance(me, maintain) }
    return true
  }

  /// Runs `body` inside the gate and returns its result; unlike
  /// ``enter(_:maintain:)``, a call on the thread that already owns the gate
  /// runs `body` at once, *nested*, instead of refusing it.
  ///
  /// This is the form for state that lives inside the gate and must change
  /// at once even from inside a callback (a property's value, a command's
  /// state): `body` receives `nested == true` when a delivery may be in
  /// progress on this thread, and must then queue its deliveries with
  /// ``enqueue(_:)`` rather than make them. A top-level `body`
  /// (`nested == false`) delivers directly; the queue is drained after it,
  /// even if it throws.
  ///
  /// - Parameters:
  ///   - maintain: the gate's maintenance (see ``requestMaintenance(_:)``).
  ///   - body: runs inside the gate; its argument says whether it is nested.
  /// - Returns: what `body` returned.
  @usableFromInline
  func run<Result>(maintain: () -> Void, _ body: (_ nested: Bool) throws -> Result) rethrows
    -> Result
  {
    let me = currentThreadID()
    if owner.load(ordering: .relaxed) == me { return try body(true) }
    #if LAZYSEQ_INVARIANTS
      LockOrder.willAcquire(orderID)
      defer { LockOrder.didRelease(orderID) }
    #endif
    defer {
      if maintenance.load(ordering: .sequentiallyConsistent) { runMaintenance(me, maintain) }
    }
    return try mutex.withLock { _ in
      _ = owner.exchange(me, ordering: .sequentiallyConsistent)
      defer {
        if !queue.isEmpty { drain() }
        owner.store(0, ordering: .sequentiallyConsistent)
      }
      return try body(false)
    }
  }

  /// Queues `work` to run inside the gate after the current body. Only the
  /// owner thread may call it.
  @usableFromInline
  func enqueue(_ work: @escaping () -> Void) {
    queue.append(work)
  }

  /// Asks for `maintain` to run inside the gate, without ever waiting for a
  /// delivery in flight.
  @usableFromInline
  func requestMaintenance(_ maintain: () -> Void) {
    maintenance.store(true, ordering: .sequentiallyConsistent)
    if owner.load(ordering: .sequentiallyConsistent) != 0 { return }
    let me = currentThreadID()
    let entered =
      mutex.withLockIfAvailable { _ -> Bool in
        maintainInside(me, maintain)
        return true
      } ?? false
    if entered { runMaintenance(me, maintain) }
  }

  /// Runs the maintenance and the queue; the mutex is held (a try-lock).
  private func maintainInside(_ me: UInt, _ maintain: () -> Void) {
    #if LAZYSEQ_INVARIANTS
      LockOrder.willAcquire(orderID, waiting: false)
      defer { LockOrder.didRelease(orderID) }
    #endif
    _ = owner.exchange(me, ordering: .sequentiallyConsistent)
    if maintenance.exchange(false, ordering: .sequentiallyConsistent) { maintain() }
    drain()
    owner.store(0, ordering: .sequentiallyConsistent)
  }

  private func runMaintenance(_ me: UInt, _ maintain: () -> Void) {
    while maintenance.load(ordering: .sequentiallyConsistent) {
      let done =
        mutex.withLockIfAvailable { _ -> Bool in
          maintainInside(me, maintain)
          return true
        } ?? false
      // Another thread holds the mutex: it runs the maintenance when it
      // leaves (it loads the flag after clearing the owner word).
      if !done { return }
    }
  }

  /// Runs the queued work now; only the owner thread may call it.
  @usableFromInline
  func drain() {
    while let work = queue.popFirst() { work() }
  }
}
