// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Threads, for both modules (LazySeq and LazySeqSignals): one thread
// identity for the package, and per-thread slots.

// The platform's C library (`pthread_self`, thread-specific keys), through
// Foundation, which re-exports it. Imported `public` so that
// `currentThreadID()` (a call of `pthread_self` on the claim's fast path)
// is inlined into the walk instead of called, and a slot's read into the
// code that reads it.
public import Foundation

/// A number that identifies the calling thread while it runs, never `0`.
/// LazySeq's claims and forcing locks, and LazySeqSignals' gates (their
/// owner word) use it: one thread identity for the package.
@inlinable
package func currentThreadID() -> UInt {
  #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
  #else
    return UInt(pthread_self())
  #endif
}

/// One object per thread, installed for the length of a call: what a
/// `TestScheduler` running an action, or an observing read in progress,
/// makes visible to the code it calls on the same thread. Unretained: the
/// object outlives the call that installs it.
@usableFromInline
package final class ThreadSlot<Object: AnyObject>: Sendable {
  @usableFromInline let key: pthread_key_t

  /// - Parameter name: names the slot in the failure message if the system
  ///   has no thread-specific key left.
  package init(_ name: String) {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "\(name): cannot create a thread-local key (\(status))")
    self.key = key
  }

  /// Runs `body` with `object` installed on this thread, then restores what
  /// was installed before.
  @inlinable
  package func installing<Result>(_ object: Object, _ body: () -> Result) -> Result {
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, Unmanaged.passUnretained(object).toOpaque())
    defer { pthread_setspecific(key, previous) }
    return body()
  }

  /// The object installed on this thread, if any (one thread-local read).
  @inlinable
  package var current: Object? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
  }
}
