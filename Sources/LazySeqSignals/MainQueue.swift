// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The library's own work for the main queue, and the blocking waiters that
// run it while they hold that queue.
//
// Every place where the library puts work on the main queue goes through
// `MainQueue`: `QueueScheduler.main` (`deliver(on: .main)` and every other
// action scheduled there, delayed and repeating ones included),
// `deliverOnMainThread()`, callbacks, bindings and commands written on the
// main actor. The work joins one line, in order, and a block (a *token*) is
// queued on the main queue for each piece: a token runs the oldest piece
// still in line. Outside a blocking wait nothing else happens, so the work
// runs on the main queue as before, in the order queued; the cost over a
// plain `DispatchQueue.main.async` is a short lock to join the line and
// one to leave it.
//
// A blocking conversion that has to wait while its thread holds the main
// queue (inside a main-queue block, on any thread; on the main thread where
// its run loop cannot run the main queue) *stands in* for the main queue:
// it runs the work in line itself, on its thread, oldest first, while it
// waits. That is sound: the thread holds the main queue meanwhile (it runs
// one of its blocks, or is the main thread), so main-actor work may run
// there, one piece at a time. The line keeps one order whoever runs it:
// work queued before the wait began (its tokens stuck behind the waiter)
// runs first, and whatever is left when the waiter returns runs from its
// tokens, in order. (Handing the waiter only the work queued during the
// wait, with a cheaper check, would let that work overtake work queued
// just before it, such as the earlier events of the same
// `deliver(on: .main)`, whose tokens are stuck behind the waiter.) Nested
// waiters (a waiter running work that waits again) form a stack, and only
// the innermost one runs work.
//
// Work that does not go through here — the caller's own
// `DispatchQueue.main.async` blocks, `Task { @MainActor in … }`, any other
// main-actor job — cannot run until the waiter returns: the main queue is
// serial. BlockingWait.swift says what the waiter does about it.

@preconcurrency internal import Dispatch
internal import Foundation
import Synchronization

extension Operators {
  /// The library's way onto the main queue (see the top of MainQueue.swift).
  enum MainQueue {
    /// One piece of the library's main-queue work.
    typealias Work = @Sendable () -> Void

    /// The work in line, oldest first, and the waiters standing in for the
    /// main queue, innermost last.
    private struct Line {
      var work: [Work?] = []
      var head = 0
      var standIns: [BlockingWait] = []

      mutating func takeFirst() -> Work? {
        guard head < work.count else { return nil }
        defer {
          work[head] = nil
          head += 1
          if head == work.count {
            work.removeAll(keepingCapacity: true)
            head = 0
          } else if head >= 256 && head * 2 >= work.count {
            work.removeFirst(head)
            head = 0
          }
        }
        return work[head]
      }
    }

    private static let line = Locked(Line())

    /// Marks the main queue, so that code running on it is recognized even
    /// where the main queue is drained by another thread than the main one
    /// (`dispatchMain()` and async `main` on Linux), and so that a
    /// `DispatchQueue` value can be recognized as the main queue (on Linux,
    /// `DispatchQueue.main` is a new object each time).
    static let key: DispatchSpecificKey<Bool> = {
      let key = DispatchSpecificKey<Bool>()
      DispatchQueue.main.setSpecific(key: key, value: true)
      return key
    }()

    /// Whether the caller runs on the main actor's executor: the main
    /// thread, or a block of the main queue, recognized by its
    /// queue-specific key even where another thread drains the main queue
    /// (`dispatchMain()` and async `main` on Linux): the main actor runs
    /// there too.
    static var isCurrent: Bool {
      Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true
    }

    /// Whether `queue` is the main queue itself.
    static func isMain(_ queue: DispatchQueue) -> Bool {
      queue.getSpecific(key: key) == true
    }

    /// Queues `work` on the main queue, behind the library's work already
    /// in line; a waiter standing in for the main queue runs it at once.
    static func async(_ work: @escaping Work) {
      let standIn = line.withLock { line -> BlockingWait? in
        line.work.append(work)
        // The token is queued inside the lock, so tokens are queued in the
        // order of the work: by the time a token has run, so has the work
        // it was queued with (or it runs now), and so main-queue blocks
        // that one thread queues after its work still run after it.
        DispatchQueue.main.async(execute: runOldest)
        return line.standIns.last
      }
      standIn?.wake()
    }

    /// Queues `work` on the main queue at `deadline` (``async(_:)`` then).
    static func async(at deadline: DispatchTime, _ work: @escaping Work) {
      timers.asyncAfter(deadline: deadline) { async(work) }
    }

    /// Queues `work` on the main queue after `delay`, then every
    /// `interval`, until the returned disposable is disposed. A tick that
    /// finds the previous one still in line is merged into it, as a
    /// Dispatch timer's are.
    static func repeating(
      after delay: Duration, every interval: Duration, _ work: @escaping Work
    ) -> any Disposable {
      let ticker = Ticker(work)
      let timer = DispatchSource.makeTimerSource(queue: timers)
      timer.schedule(deadline: .now() + delay.dispatchInterval, repeating: interval.dispatchInterval)
      timer.setEventHandler { ticker.tick() }
      timer.resume()
      return AnyDisposable {
        ticker.stop()
        timer.cancel()
      }
    }

    /// Where the deadlines of delayed and repeating main-queue work are
    /// kept: the work joins the line when it is due, not before, so a
    /// waiter standing in for the main queue can run it then.
    private static let timers = DispatchQueue(label: "LazySeqSignals.MainQueue.timers", qos: .userInitiated)

    /// A token: runs the oldest work in line, if a waiter has not already.
    private static func runOldest() {
      if let work = line.withLock({ $0.takeFirst() }) { work() }
    }

    /// Runs `body` with `waiter` standing in for the main queue. Call only
    /// where the calling thread holds the main queue, so that the work in
    /// line may run on it.
    static func standingIn<Result>(for waiter: BlockingWait, _ body: () -> Result) -> Result {
      line.withLock { $0.standIns.append(waiter) }
      defer {
        line.withLock { line in
          precondition(line.standIns.last === waiter, "MainQueue: stand-ins must leave in reverse order")
          line.standIns.removeLast()
        }
      }
      return body()
    }

    /// Runs the oldest work in line, if any; whether it did. Only the
    /// innermost stand-in runs work: for any other `waiter`, this does
    /// nothing.
    static func runOldest(standingIn waiter: BlockingWait) -> Bool {
      let work = line.withLock { line -> Work? in
        line.standIns.last === waiter ? line.takeFirst() : nil
      }
      guard let work else { return false }
      work()
      return true
    }

    /// The ticks of one repeating action on the main queue.
    private final class Ticker: Sendable {
      private let work: Work
      private let queued = Atomic<Bool>(false)
      private let stopped = Atomic<Bool>(false)

      init(_ work: @escaping Work) { self.work = work }

      /// Queues one run, unless one is still in line.
      func tick() {
        guard !queued.exchange(true, ordering: .acquiringAndReleasing) else { return }
        MainQueue.async {
          self.queued.store(false, ordering: .releasing)
          if !self.stopped.load(ordering: .acquiring) { self.work() }
        }
      }

      /// A run that has not started yet does not start.
      func stop() { stopped.store(true, ordering: .releasing) }
    }
  }
}
