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
      let sleep = Operators.VirtualSleep(scheduler)
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          sleep.start(continuation, after: delay)
        }
      } onCancel: {
        sleep.cancel()
      }
      // This task runs again: the async `advance` may return.
      scheduler.sleepers.withLock { $0.resumed -= 1 }
    }
  }

  /// A `Clock` whose sleeps end when this scheduler's virtual time reaches
  /// their deadline. See ``Clock``.
  public var clock: Clock { Clock(scheduler: self) }

  /// Moves the clock forward by `interval`, running each action that falls
  /// due, and lets the tasks those actions resumed run before it returns.
  ///
  /// The async counterpart of `advance(by:)`, for async code
  /// that sleeps on ``clock``: in an `async` context, `await
  /// scheduler.advance(by:)` calls this version. It moves from one due time
  /// to the next; at each, after running the actions due, it waits (by
  /// yielding, never sleeping) until every task woken there has run again,
  /// and until the tasks they started have settled (a bounded number of
  /// yields with no new scheduled action), so that a task sleeping again
  /// is scheduled at the right virtual time.
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
    precondition(interval >= .zero, "TestScheduler.advance(by:): the interval must not be negative")
    let target = now + interval
    await settle()
    while let time = nextDueTime(until: target) {
      advance(to: time)
      await settle()
    }
    advance(to: target)
    await settle()
  }

  /// Yields until every resumed sleeper has run and the scheduler has been
  /// quiet (no new action, no new sleep) for a while; bounded.
  private func settle() async {
    var quiet = 0
    var last = (pendingCount, sleepers.withLock { $0.started })
    for _ in 0..<100_000 {
      await Task.yield()
      let resumed = sleepers.withLock { $0.resumed }
      let current = (pendingCount, sleepers.withLock { $0.started })
      if resumed == 0, current == last {
        quiet += 1
        if quiet >= 1_000 { return }
      } else {
        quiet = 0
        last = current
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
    }

    private let scheduler: TestScheduler
    private let state = Locked(State())

    init(_ scheduler: TestScheduler) { self.scheduler = scheduler }

    func start(_ continuation: CheckedContinuation<Void, any Error>, after delay: Duration) {
      let cancelled = state.withLock { state -> Bool in
        if state.cancelled { return true }
        state.continuation = continuation
        return false
      }
      if cancelled { return continuation.resume(throwing: CancellationError()) }
      scheduler.sleepers.withLock { $0.started += 1 }
      let timer = scheduler.schedule(after: delay) { [self] in wake() }
      state.withLock { $0.timer = timer }
    }

    private func wake() {
      guard let continuation = state.withLock({ state in state.continuation.take() }) else { return }
      scheduler.sleepers.withLock { $0.resumed += 1 }
      continuation.resume()
    }

    func cancel() {
      let (continuation, timer) = state.withLock { state in
        state.cancelled = true
        return (state.continuation.take(), state.timer.take())
      }
      timer?.dispose()
      continuation?.resume(throwing: CancellationError())
    }
  }
}
