// The locking of `Command` and the properties, kept in this one file.
//
// It follows the module's rule (see Locking.swift): every lock is built on
// `Synchronization.Mutex` and `Synchronization.Atomic`, each critical section
// is short, and no user code runs while a state mutex is held. It is a
// separate file only so that these types do not depend on the engine's
// internal helpers; the two files can be merged.

import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value guarded by a `Mutex` that knows which thread holds it.
///
/// The holder is an atomic, stored after each lock and cleared with release
/// before each unlock, then loaded with acquire by the next holder. That pair
/// is also the happens-before edge ThreadSanitizer cannot see on Linux, where
/// a contended `Mutex` is handed over inside the uninstrumented
/// Synchronization runtime.
// @unchecked: `state` is only touched inside `mutex.withLock`.
final class PropertyMutex<State>: @unchecked Sendable {
  private let mutex = Mutex<Void>(())
  private let holder = Atomic<UInt>(0)
  private var state: State

  init(_ initial: State) {
    state = initial
  }

  /// Whether the calling thread is inside ``withLock(_:)``: locking again
  /// would deadlock.
  var isHeldByCurrentThread: Bool {
    holder.load(ordering: .relaxed) == currentThread()
  }

  /// Runs `body` with exclusive access to the state.
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    let me = currentThread()
    return try mutex.withLock { _ in
      _ = holder.load(ordering: .acquiring)
      holder.store(me, ordering: .relaxed)
      defer { holder.store(0, ordering: .releasing) }
      return try body(&state)
    }
  }
}

/// A lock that orders the notifications of a property (or a command) and lets
/// the thread that holds it enter again.
///
/// Another thread waits its turn; the holding thread, re-entering from inside
/// one of its own observers, runs at once. Re-entering is safe because the
/// holder only ever sends to subjects, which queue a send made from inside
/// their own delivery.
final class PropertyGate: Sendable {
  private let mutex = Mutex<Void>(())
  private let owner = Atomic<UInt>(0)

  init() {}

  /// Whether the calling thread holds the gate.
  var isHeldByCurrentThread: Bool {
    owner.load(ordering: .relaxed) == currentThread()
  }

  /// Runs `body` while holding the gate; at once if this thread holds it.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    let me = currentThread()
    // Only this thread ever stores `me`, so a relaxed load is enough here.
    if owner.load(ordering: .relaxed) == me { return try body() }
    return try mutex.withLock { _ in
      // The acquire pairs with the releasing store of the previous holder:
      // the happens-before edge ThreadSanitizer cannot see through `Mutex`.
      _ = owner.load(ordering: .acquiring)
      owner.store(me, ordering: .relaxed)
      defer { owner.store(0, ordering: .releasing) }
      return try body()
    }
  }
}

/// An identifier for the calling thread, never `0`.
private func currentThread() -> UInt {
  #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
  #else
    return UInt(pthread_self())
  #endif
}
