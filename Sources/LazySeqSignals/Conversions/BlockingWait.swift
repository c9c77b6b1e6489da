// How the blocking conversions wait: on a semaphore, or, on the main thread,
// by running the main run loop (and so the main queue) until signalled.

internal import Foundation
import Synchronization

extension Operators {
  /// A semaphore for the blocking conversions that never deadlocks the main
  /// thread: a waiter on the main thread runs the main run loop while it
  /// waits, so a signal that delivers on the main queue can still deliver.
  ///
  /// A waiter on any other thread waits on the semaphore. A main-thread
  /// waiter polls the semaphore between turns of the run loop; ``signal()``
  /// wakes that run loop with an empty main-queue block, so the waiter sees
  /// the signal at once.
  ///
  /// The main queue cannot run while one of its own blocks is running (it is
  /// serial), so a wait inside a main-queue block — a queued
  /// `deliverOnMainThread` callback, or a main-actor task where the main
  /// queue runs the main actor — still needs a signal that sends elsewhere.
  final class BlockingWait: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    /// How many main-thread waiters are running the run loop.
    private let mainWaiters = Atomic<Int>(0)

    init() {}

    /// Wakes one waiter.
    func signal() {
      semaphore.signal()
      if mainWaiters.load(ordering: .sequentiallyConsistent) > 0 {
        // Ends the main waiter's current turn of the run loop.
        DispatchQueue.main.async {}
      }
    }

    /// Waits for ``signal()`` until `deadline` (`nil`: forever); `false` on
    /// timeout.
    func wait(until deadline: DispatchTime?) -> Bool {
      guard Thread.isMainThread else {
        guard let deadline else {
          semaphore.wait()
          return true
        }
        return semaphore.wait(timeout: deadline) == .success
      }
      mainWaiters.add(1, ordering: .sequentiallyConsistent)
      defer { mainWaiters.subtract(1, ordering: .sequentiallyConsistent) }
      while true {
        if semaphore.wait(timeout: .now()) == .success { return true }
        let now = DispatchTime.now()
        if let deadline, now >= deadline { return false }
        // A turn lasts until a source fires (a main-queue block, including
        // the wake-up of `signal`), or a tenth of a second at most.
        var slice = 0.1
        if let deadline {
          slice = min(slice, Double(deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1e9)
        }
        if !RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: slice)) {
          // Nothing to run (no main-queue source in this context): wait
          // on the semaphore for the slice instead of spinning.
          if semaphore.wait(timeout: .now() + slice) == .success { return true }
        }
      }
    }
  }
}

extension Duration {
  /// The deadline `self` from now, saturating: a duration too long for
  /// `DispatchTime` waits forever (`nil`), a negative one not at all.
  var blockingDeadline: DispatchTime? {
    switch dispatchInterval {
    case .never: return nil
    case let interval: return .now() + interval
    }
  }
}
