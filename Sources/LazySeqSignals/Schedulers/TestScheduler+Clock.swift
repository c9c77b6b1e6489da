// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

internal import LazySeq

extension TestScheduler {
  /// A `Clock` on the scheduler's virtual time, for async code under test.
  ///
  /// `try await clock.sleep(for: .seconds(1))` suspends the task until the
  /// scheduler's time has advanced by one second (`advance(by:)`
  /// or ``TestScheduler/run()``): async work in `Signal(priority:operation:)`,
  /// or anywhere else that takes a clock, then runs in virtual time with no
  /// real sleep. A cancelled sleep throws `CancellationError` at once.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let clock = scheduler.clock
  /// let task = Task {
  ///   try await clock.sleep(for: .seconds(5))
  ///   print("woke at", clock.now)
  /// }
  /// await scheduler.advance(by: .seconds(5))  // woke at Instant(offset: 5.0 seconds)
  /// _ = await task.result
  /// ```
  public struct Clock: _Concurrency.Clock, Sendable {
    /// A point in the scheduler's virtual time: the offset from its start.
    public struct Instant: InstantProtocol, Sendable {
      /// The time since the scheduler was created, in virtual time.
      public var offset: Swift.Duration

      /// Creates the instant `offset` after the scheduler's start.
      ///
      /// - Parameter offset: the virtual time.
      public init(offset: Swift.Duration) { self.offset = offset }

      public func advanced(by duration: Swift.Duration) -> Instant {
        Instant(offset: offset + duration)
      }

      public func duration(to other: Instant) -> Swift.Duration { other.offset - offset }

      public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    let scheduler: TestScheduler

    /// The scheduler's current virtual time.
    public var now: Instant { Instant(offset: scheduler.now) }

    /// Zero: virtual time has no resolution limit.
    public var minimumResolution: Swift.Duration { .zero }

    /// Suspends until the scheduler's virtual time reaches `deadline`.
    ///
    /// - Parameters:
    ///   - deadline: when to resume; a deadline already reached returns at
    ///     once.
    ///   - tolerance: ignored (virtual time is exact).
    /// - Throws: `CancellationError` if the task is cancelled before the
    ///   deadline.
    public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
      try Task.checkCancellation()
      let delay = deadline.offset - scheduler.now
      guard delay > .zero else { return }
      let tracked = TrackedTask.current.flatMap { $0.scheduler === scheduler ? $0 : nil }
      let sleep = Operators.VirtualSleep(scheduler, tracked)
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          sleep.start(continuation, after: delay)
        }
      } onCancel: {
        sleep.cancel()
      }
      // This task runs again: the async `advance` may return.
      if tracked == nil { scheduler.sleepers.withLock { $0.resumed -= 1 } }
    }
  }

  /// A `Clock` whose sleeps end when this scheduler's virtual time reaches
  /// their deadline. See ``Clock``.
  public var clock: Clock { Clock(scheduler: self) }

  /// Moves the clock forward by `interval`, running each action that falls
  /// due, and lets the tasks those actions started or resumed run before it
  /// returns.
  ///
  /// The async counterpart of `advance(by:)`, for async code that sleeps on
  /// ``clock``: in an `async` context, `await scheduler.advance(by:)` calls
  /// this version. It moves from one due time to the next; at each, after
  /// running the actions due, it waits (by yielding, never sleeping) until
  /// the tasks they started are no longer busy, so that a task that sleeps
  /// on the clock is scheduled at the right virtual time.
  ///
  /// Which tasks it waits for: a task started by
  /// `Signal(priority:operation:)` subscribed while this scheduler runs one
  /// of its actions (a `debounce` or `delay` on this scheduler sending into
  /// `flatMap` or `switchToLatest`, say) is busy from its start until its
  /// operation has finished and its result has been sent, except while it
  /// sleeps on ``clock``. Likewise, a `Signal.observing` subscription is
  /// busy while it owes a value, if it is on this scheduler (subscribed in
  /// one of its actions, or made with `Signal.observing(on:_:)` on it):
  /// from its subscription until its first value has been sent, and from
  /// a change to what it read, made on any thread, until the value read
  /// after that change has been sent. (Any observation is busy after a
  /// change that one of this scheduler's actions makes.) What a
  /// waited-for task sends
  /// is sent with this scheduler installed, so a callback written on an
  /// actor, which gets the value through its mailbox, has run before
  /// `advance` moves on. Those waits are exact. Any other
  /// task, such as a bare `Task { … }` of your own or a `Signal(_:)` of an
  /// `AsyncSequence`, is not waited for: `advance` lets it run until its
  /// sleep on ``clock`` returns, and before moving time at all it yields for
  /// a while so that work started before the call usually gets going (best
  /// effort, not a guarantee). To make such work deterministic, start it
  /// with `Signal(priority:operation:)` from an action of the scheduler.
  ///
  /// A tracked operation must finish or sleep on ``clock`` without virtual
  /// time moving on: one that awaits something else that only a later
  /// action brings (a value of a signal on this scheduler, say) keeps
  /// `advance` waiting, and after 10 seconds of real time `advance` stops
  /// the program with a message saying so rather than hanging.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let results = Signal(operation: {
  ///   try await scheduler.clock.sleep(for: .seconds(1))
  ///   return "done"
  /// })
  /// results.subscribe(next: { print($0, "at", scheduler.now) })
  /// await scheduler.advance(by: .seconds(1))  // done at 1.0 seconds
  /// ```
  ///
  /// - Parameter interval: how far to move; must not be negative.
  public func advance(by interval: Duration) async {
    precondition(
      interval >= .zero,
      argumentMessage("TestScheduler.advance(by:)", "the interval must not be negative", got: interval))
    let target = TestScheduler.later(now, by: interval)
    // Work started before this call, by code other than the scheduler's
    // actions, is untracked: give it a while to get going.
    await settle(quietYields: 1_000)
    repeat {
      while let time = nextDueTime(until: target) {
        advance(to: time)
        await settle(quietYields: 1)
      }
      advance(to: target)
      await settle(quietYields: 1)
      // What the settled work scheduled at the target time (a value sent
      // on this scheduler, say) runs before the call returns.
    } while nextDueTime(until: target) != nil
  }

  /// Yields until no tracked task is busy, every resumed sleeper has run,
  /// and the scheduler has been quiet (no new action, no new sleep) for
  /// `quietYields` yields in a row.
  private func settle(quietYields: Int) async {
    let start = ContinuousClock.now
    var quiet = 0
    var spins = 0
    var last = (pendingCount, sleepers.withLock { $0.started })
    while true {
      await Task.yield()
      let current = (pendingCount, sleepers.withLock { $0.started })
      if tasksAreIdle, sleepers.withLock({ $0.resumed }) == 0, current == last {
        quiet += 1
        if quiet >= quietYields { return }
      } else {
        quiet = 0
        last = current
      }
      spins += 1
      if spins.isMultiple(of: 1_024), ContinuousClock.now - start > .seconds(10) {
        preconditionFailure(
          """
          TestScheduler.advance(by:): a task started by Signal(priority:operation:) \
          or a read of Signal.observing has been busy for 10 seconds without finishing or sleeping on the scheduler's \
          clock; it may be waiting for something that only a later action brings
          """)
      }
    }
  }
}

/// The clock's count of sleeping tasks: sleeps started, and sleepers resumed
/// that have not run yet.
struct Sleepers {
  var started = 0
  var resumed = 0
}

extension Operators {
  /// One sleep on a ``TestScheduler/Clock``: a scheduled action that resumes
  /// the continuation, or a cancellation that throws, whichever comes first.
  final class VirtualSleep: Sendable {
    private struct State {
      var continuation: CheckedContinuation<Void, any Error>?
      var timer: (any Disposable)?
      var cancelled = false
      /// The tracked task is counted as sleeping.
      var idle = false
    }

    private let scheduler: TestScheduler
    private let tracked: TrackedTask?
    private let state = Locked(State())

    init(_ scheduler: TestScheduler, _ tracked: TrackedTask?) {
      self.scheduler = scheduler
      self.tracked = tracked
    }

    func start(_ continuation: CheckedContinuation<Void, any Error>, after delay: Duration) {
      let cancelled = state.withLock { state -> Bool in
        if state.cancelled { return true }
        state.continuation = continuation
        return false
      }
      if cancelled { return continuation.resume(throwing: CancellationError()) }
      if tracked == nil { scheduler.sleepers.withLock { $0.started += 1 } }
      let timer = scheduler.schedule(after: delay) { [self] in wake() }
      state.withLock { state in
        state.timer = timer
        // Idle only once the timer is scheduled, and only if still asleep.
        if let tracked, state.continuation != nil {
          tracked.sleeps()
          state.idle = true
        }
      }
    }

    private func wake() {
      let (continuation, wasIdle) = state.withLock { state in
        defer { state.idle = false }
        return (state.continuation.take(), state.idle)
      }
      guard let continuation else { return }
      if let tracked {
        if wasIdle { tracked.wakes() }
      } else {
        scheduler.sleepers.withLock { $0.resumed += 1 }
      }
      continuation.resume()
    }

    func cancel() {
      let (continuation, timer, wasIdle) = state.withLock { state in
        defer { state.idle = false }
        state.cancelled = true
        return (state.continuation.take(), state.timer.take(), state.idle)
      }
      timer?.dispose()
      if wasIdle { tracked?.wakes() }
      continuation?.resume(throwing: CancellationError())
    }
  }
}
