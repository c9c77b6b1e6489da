// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

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
  /// serial), so a wait inside a main-queue block could never see an event
  /// that needs the main queue. The blocking conversions refuse that wait
  /// (``refuseWaitOnBlockedMainQueue()``) instead of starting it.
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

    /// Throws ``SignalError/blockingWaitOnMainQueue`` if the caller runs on
    /// the main queue and nothing can run that queue while it blocks, so
    /// that an event sent through the main queue (`deliver(on: .main)`,
    /// `deliverOnMainThread()`, a main-actor task) would never arrive.
    ///
    /// The rule, checked only when a conversion would have to wait (a
    /// signal that ended during `subscribe` never gets here):
    ///
    /// - **Off the main thread, on the main queue** (its queue-specific
    ///   key, ``MainThreadHop/isOnMainQueue``): a main-queue block drained
    ///   by another thread than the main one. On Linux, that is all
    ///   main-actor code under `dispatchMain()` or an async `main`, which
    ///   includes a script's top level after its first `await`. The queue
    ///   is busy running the caller: refuse.
    /// - **On the main thread**: run the main run loop once, without
    ///   waiting. Outside a main-queue block (top-level code before any
    ///   `await`, an app's event handler) the main queue is one of its
    ///   sources and the wait will run it. Inside a main-queue block the run
    ///   loop does not drain the queue again, and with no other source it
    ///   reports that it has nothing to run: refuse. (Where other sources
    ///   are installed, as in an app, a main-queue block is not told apart
    ///   from the run loop, and the wait runs the run loop as before.)
    /// - **Any other thread**: never refused.
    ///
    /// A refusal does not depend on where the signal sends: whether its
    /// events need the main queue cannot be known in general (any operator
    /// may hop there, and so may the code that feeds a subject), and a
    /// blocked main queue is never the right place to wait for one.
    static func refuseWaitOnBlockedMainQueue() throws(SignalError) {
      if Thread.isMainThread {
        if !RunLoop.main.run(mode: .default, before: .distantPast) {
          throw .blockingWaitOnMainQueue
        }
      } else if MainThreadHop.isOnMainQueue {
        throw .blockingWaitOnMainQueue
      }
    }

    /// Waits for a ``signal()`` that another thread has already committed
    /// to send, on the semaphore alone.
    func waitForCommittedSignal() {
      semaphore.wait()
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
