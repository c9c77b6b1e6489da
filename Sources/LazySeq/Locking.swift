// All locking used by LazySeq lives in this file.
//
// Every lazily evaluated storage (a memo's frontier, a dynamic node, a
// deferred sequence) forces its values under a `ForcingLock`: a
// `Synchronization.Mutex` plus the identity of the thread that holds it. The
// identity turns a re-entrant force (a closure that demands the very element
// it is computing) into a precise precondition failure instead of a deadlock.
// Already-evaluated values are published with release/acquire atomics by the
// storages themselves and read without taking the lock.

public import Synchronization

#if canImport(Darwin)
  internal import Darwin
#elseif canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#endif

/// A number that identifies the calling thread while it runs.
@usableFromInline
internal func _currentThreadID() -> UInt {
  #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
  #else
    return UInt(pthread_self())
  #endif
}

/// Stops the program with the message LazySeq uses for a re-entrant force.
@usableFromInline
internal func _reentrantForce(_ what: StaticString) -> Never {
  preconditionFailure(
    """
    LazySeq: re-entrant evaluation of \(what). A closure evaluating an element \
    of a sequence demanded that same element (directly or through another \
    sequence built from it). This would never terminate; restructure the \
    definition so each element depends only on earlier ones.
    """)
}

/// A mutex that remembers its owner so that re-entrant use fails loudly.
///
/// Held only while a value is being computed (the slow path). The owner field
/// is written only by the thread holding the mutex, so a thread that reads its
/// own identity there knows it is re-entering.
@usableFromInline
internal struct _ForcingLock: ~Copyable, @unchecked Sendable {
  @usableFromInline internal let mutex = Mutex<Void>(())
  @usableFromInline internal let owner = Atomic<UInt>(0)

  @inlinable
  internal init() {}

  /// Runs `body` with the lock held; `what` names the storage in the
  /// re-entrancy message.
  @inlinable
  internal func withLock<R>(_ what: StaticString, _ body: () -> R) -> R {
    let me = _currentThreadID()
    if owner.load(ordering: .relaxed) == me { _reentrantForce(what) }
    return mutex.withLock { _ in
      owner.store(me, ordering: .relaxed)
      defer { owner.store(0, ordering: .relaxed) }
      return body()
    }
  }
}
