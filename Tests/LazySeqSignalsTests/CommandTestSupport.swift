import Foundation
import LazySeqSignals
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// An identifier for the calling thread.
func threadID() -> UInt {
  #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
  #else
    return UInt(pthread_self())
  #endif
}

/// Runs `body` on a new thread, waits for it, and returns that thread's
/// identifier.
@discardableResult
func onNewThread(_ body: @escaping @Sendable () -> Void) -> UInt {
  let finished = DispatchSemaphore(value: 0)
  let id = Mutex<UInt>(0)
  Thread {
    id.withLock { $0 = threadID() }
    body()
    finished.signal()
  }.start()
  finished.wait()
  return id.withLock { $0 }
}

/// An object to bind signals to, and to watch die.
final class Screen {
  var title = ""
  var count = 0

  init() {}
}
