// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

#if canImport(Darwin)
  internal import Darwin
#elseif canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#endif

/// One object per thread, installed for the length of a call: what a
/// `TestScheduler` running an action, or an observing read in progress,
/// makes visible to the code it calls on the same thread. Unretained: the
/// object outlives the call that installs it.
final class ThreadSlot<Object: AnyObject>: Sendable {
  private let key: pthread_key_t

  /// - Parameter name: names the slot in the failure message if the system
  ///   has no thread-specific key left.
  init(_ name: String) {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "\(name): cannot create a thread-local key (\(status))")
    self.key = key
  }

  /// Runs `body` with `object` installed on this thread, then restores what
  /// was installed before.
  func installing<Result>(_ object: Object, _ body: () -> Result) -> Result {
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, Unmanaged.passUnretained(object).toOpaque())
    defer { pthread_setspecific(key, previous) }
    return body()
  }

  /// The object installed on this thread, if any (one thread-local read).
  var current: Object? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
  }
}
