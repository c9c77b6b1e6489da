// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// How the blocking conversions wait: on a semaphore; on the main thread, by
// running the main run loop (and so the main queue) until signalled; and,
// where the waiting thread holds the main queue, by standing in for it
// (MainQueue.swift).

internal import Foundation
public import Synchronization

extension Operators {
  /// A semaphore for the blocking conversions that never waits for work it
  /// holds up itself: the library's own main-queue work runs while it
  /// waits, wherever it is called.
  ///
  /// How a wait goes depends on where it is called:
  ///
  /// - **A thread that does not hold the main queue** waits on the
  ///   semaphore, as long as it takes or until its deadline.
  /// - **The main thread, where its run loop can run the main queue**
  ///   (outside a main-queue block: top-level code before any `await`, an
  ///   app's event handler) runs the main run loop while it waits, so all
  ///   main-queue work runs meanwhile, the library's and anyone else's, in
  ///   the order queued. ``signal()`` wakes that run loop with an empty
  ///   main-queue block. Whether the run loop can run the main queue is
  ///   found once per wait, by queuing an empty block (unless an earlier
  ///   one is still queued) and running the run loop once without waiting:
  ///   inside a main-queue block it does not run the queue again, and the
  ///   block does not run.
  /// - **A thread that holds the main queue** — inside a main-queue block,
  ///   on any thread (``MainQueue/isCurrent``; on Linux that is all
  ///   main-actor code under `dispatchMain()` or an async `main`, such as a
  ///   script's top level after its first `await`), or the main thread
  ///   where its run loop cannot run the main queue — *stands in* for the
  ///   main queue (``MainQueue/standingIn(for:_:)``): the library's
  ///   main-queue work (`deliver(on: .main)` and everything else scheduled
  ///   on ``QueueScheduler/main``, `deliverOnMainThread()`, callbacks,
  ///   bindings and commands written on the main actor) runs on the
  ///   waiting thread, oldest first, while it waits; ``wake()`` tells it
  ///   that work arrived. Any other main-queue work (a
  ///   `DispatchQueue.main.async` block, a `Task { @MainActor in … }`)
  ///   cannot run until the wait returns, and the waiter cannot see it.
  ///   So, holding the main queue:
  ///   - a wait with a deadline waits until the deadline, as anywhere (a
  ///     timeout too long to measure has no deadline, and waits as long as
  ///     it takes);
  ///   - a wait that may give up (``wait(until:givingUpAfterStall:)``: a
  ///     conversion called without a timeout, an element of the
  ///     signal-backed sequence) gives up once nothing has happened for
  ///     ``stallLimit``: no library main-queue work arrived for it to run,
  ///     and no value reached the conversion (``noteProgress()``). What it
  ///     waits for is then taken to be stuck behind it on the main queue,
  ///     and the conversion throws ``SignalError/blockingWaitOnMainQueue``.
  ///     The waiter cannot tell a signal fed by main-queue work it holds
  ///     up (which can never arrive) from a slow one fed from elsewhere;
  ///     giving up, with an error that says why, beats waiting forever in
  ///     silence, and a timeout, when given, is the caller's word on how
  ///     long to wait.
  ///
  /// The thread that holds the main queue does not change the outcome: the
  /// main thread inside a main-queue block and another thread inside one
  /// wait the same way.
  @usableFromInline
  final class BlockingWait: Sendable {
    /// How a wait ended.
    enum Outcome {
      /// ``signal()`` was called.
      case signalled
      /// The deadline passed.
      case timedOut
      /// Holding the main queue, nothing happened for ``stallLimit``.
      case stalled
    }

    /// How long a wait that holds the main queue and may give up waits
    /// with nothing happening before it does: 10 seconds (the tests of this
    /// package shorten it, ``setStallLimit(_:)``, so that a test that
    /// stalls on purpose does not hold the main queue from the tests that
    /// run beside it).
    static var stallLimit: Duration { .nanoseconds(stallLimitNanoseconds.load(ordering: .relaxed)) }

    private static let stallLimitNanoseconds = Atomic<Int64>(10_000_000_000)

    /// Sets ``stallLimit`` for this process (for the package's tests).
    static func setStallLimit(_ limit: Duration) {
      let (seconds, attoseconds) = limit.components
      stallLimitNanoseconds.store(seconds * 1_000_000_000 + attoseconds / 1_000_000_000, ordering: .relaxed)
    }

    private let semaphore = DispatchSemaphore(value: 0)
    /// The ``signal()`` calls no wait has taken yet. The semaphore only
    /// wakes the waiter: ``wake()`` signals it too.
    private let signals = Atomic<Int>(0)
    /// How many main-thread waiters are running the run loop.
    private let mainWaiters = Atomic<Int>(0)
    /// Whether a wait that may give up is watching ``progress``.
    @usableFromInline let watched = Atomic<Bool>(false)
    /// Values that reached the conversion while ``watched``.
    @usableFromInline let progress = Atomic<Int>(0)

    @usableFromInline
    init() {}

    /// Wakes one waiter: what it waits for has happened.
    func signal() {
      signals.add(1, ordering: .sequentiallyConsistent)
      semaphore.signal()
      if mainWaiters.load(ordering: .sequentiallyConsistent) > 0 {
        // Ends the main waiter's current turn of the run loop.
        DispatchQueue.main.async {}
      }
    }

    /// Wakes a waiter standing in for the main queue: work arrived for it
    /// to run. Not a ``signal()``.
    func wake() {
      semaphore.signal()
    }

    /// Records that a value reached the conversion, for a wait that may
    /// give up (one relaxed load otherwise).
    @inlinable
    func noteProgress() {
      if watched.load(ordering: .relaxed) { progress.wrappingAdd(1, ordering: .relaxed) }
    }

    /// Takes one ``signal()`` not taken yet; whether there was one.
    private func takeSignal() -> Bool {
      var count = signals.load(ordering: .sequentiallyConsistent)
      while count > 0 {
        let (exchanged, original) = signals.compareExchange(
          expected: count, desired: count - 1, ordering: .sequentiallyConsistent)
        if exchanged { return true }
        count = original
      }
      return false
    }

    /// Waits for a ``signal()`` that another thread has already committed
    /// to send, on the semaphore alone.
    func waitForCommittedSignal() {
      while !takeSignal() { semaphore.wait() }
    }

    /// Waits for ``signal()`` until `deadline` (`nil`: no deadline). Where
    /// the calling thread holds the main queue, it stands in for it while
    /// it waits, and, with `givingUpAfterStall`, gives up once nothing has
    /// happened for ``stallLimit`` (see ``BlockingWait``).
    func wait(until deadline: DispatchTime?, givingUpAfterStall: Bool) -> Outcome {
      if takeSignal() { return .signalled }
      if Thread.isMainThread {
        if Self.mainRunLoopRunsMainQueue() { return runMainRunLoop(until: deadline) }
      } else if !MainQueue.isCurrent {
        return waitOnSemaphore(until: deadline)
      }
      return MainQueue.standingIn(for: self) {
        standIn(until: deadline, givingUpAfterStall: givingUpAfterStall)
      }
    }

    /// Off the main queue: the semaphore alone.
    private func waitOnSemaphore(until deadline: DispatchTime?) -> Outcome {
      while !takeSignal() {
        if let deadline {
          if semaphore.wait(timeout: deadline) == .timedOut { return takeSignal() ? .signalled : .timedOut }
        } else {
          semaphore.wait()
        }
      }
      return .signalled
    }

    /// On the main thread: whether its run loop can run the main queue
    /// here, that is, whether this is not a main-queue block. Runs the run
    /// loop once, without waiting, after queuing an empty block (a probe)
    /// unless one is still queued: inside a main-queue block the probe
    /// stays queued until the main queue is free, and later waits there
    /// reuse it rather than queue one each.
    private static func mainRunLoopRunsMainQueue() -> Bool {
      let probe = queuedProbe.withLock { queued -> OnceFlag in
        if let queued, !queued.isSet { return queued }
        let probe = OnceFlag()
        DispatchQueue.main.async { _ = probe.set() }
        queued = probe
        return probe
      }
      _ = RunLoop.main.run(mode: .default, before: .distantPast)
      return probe.isSet
    }

    /// The last probe queued by ``mainRunLoopRunsMainQueue()``.
    private static let queuedProbe = Locked<OnceFlag?>(nil)

    /// On the main thread, outside a main-queue block: runs the main run
    /// loop, and so all main-queue work, until signalled.
    private func runMainRunLoop(until deadline: DispatchTime?) -> Outcome {
      mainWaiters.add(1, ordering: .sequentiallyConsistent)
      defer { mainWaiters.subtract(1, ordering: .sequentiallyConsistent) }
      while true {
        if takeSignal() { return .signalled }
        let now = DispatchTime.now()
        if let deadline, now >= deadline { return .timedOut }
        // A turn lasts until a source fires (a main-queue block, including
        // the wake-up of `signal`), or a tenth of a second at most.
        var slice = 0.1
        if let deadline {
          slice = min(slice, Double(deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1e9)
        }
        if !RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: slice)) {
          // Nothing to run (no main-queue source in this context): wait
          // on the semaphore for the slice instead of spinning.
          _ = semaphore.wait(timeout: .now() + slice)
        }
      }
    }

    /// Holding the main queue: runs the library's main-queue work as it
    /// arrives, until signalled, the deadline, or (with
    /// `givingUpAfterStall`, and no deadline) a stall.
    private func standIn(until deadline: DispatchTime?, givingUpAfterStall: Bool) -> Outcome {
      let watching = givingUpAfterStall && deadline == nil
      if watching { watched.store(true, ordering: .relaxed) }
      defer { if watching { watched.store(false, ordering: .relaxed) } }
      var seen = progress.load(ordering: .relaxed)
      var lastActivity = DispatchTime.now()
      while true {
        if takeSignal() { return .signalled }
        if let deadline, DispatchTime.now() >= deadline { return .timedOut }
        // One piece at a time, so that a wait that has what it waited for
        // returns at once, leaving the rest to the main queue (in order).
        if MainQueue.runOldest(standingIn: self) {
          lastActivity = .now()
          continue
        }
        let now = DispatchTime.now()
        let until: DispatchTime?
        if let deadline {
          until = deadline
        } else if watching {
          let current = progress.load(ordering: .relaxed)
          if current != seen {
            seen = current
            lastActivity = now
          }
          let giveUp = lastActivity + Self.stallLimit.dispatchInterval
          if now >= giveUp { return takeSignal() ? .signalled : .stalled }
          until = giveUp
        } else {
          until = nil
        }
        // Woken by `signal` or by work arriving (`wake`).
        if let until {
          _ = semaphore.wait(timeout: until)
        } else {
          semaphore.wait()
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
