// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// Something that runs actions now, later, or repeatedly.
///
/// Time is a `Duration`. Every method returns a disposable that cancels the
/// action if it has not started yet (and stops a repeating action).
///
/// Actions are plain closures, not `@Sendable`: an asynchronous scheduler
/// moves them to its own thread, like RAC did, and operators use schedulers
/// to move values between threads. Schedule only work that may run on the
/// scheduler's thread.
public protocol Scheduler: Sendable {
  /// Runs `action` as soon as the scheduler allows.
  ///
  /// - Parameter action: the work.
  /// - Returns: a disposable that cancels `action` if it has not run yet.
  @discardableResult
  func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable

  /// Runs `action` once `delay` has passed.
  ///
  /// - Parameters:
  ///   - delay: how long to wait; zero or negative runs as soon as possible.
  ///   - action: the work.
  /// - Returns: a disposable that cancels `action` if it has not run yet.
  @discardableResult
  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable

  /// Runs `action` after `delay`, then every `interval`, until disposed.
  ///
  /// - Parameters:
  ///   - delay: time before the first run.
  ///   - interval: time between runs; must be positive.
  ///   - action: the work.
  /// - Returns: a disposable that stops the repetition.
  @discardableResult
  func schedule(
    after delay: Duration, repeatingEvery interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> any Disposable
}

extension Scheduler {
  /// Schedules a block that may ask to run again, without growing the stack.
  ///
  /// `action` receives a `reschedule` closure. Calls to `reschedule` made
  /// while `action` is running are counted and performed, one run each,
  /// after it returns — recursion is unrolled into a loop, so 100,000 nested
  /// reschedules use constant stack. A call made later (after `action` has
  /// returned, for example from an asynchronous callback) schedules the next
  /// run on this scheduler. Disposing the returned disposable prevents
  /// further runs. RAC `-scheduleRecursiveBlock:`.
  ///
  /// ```swift
  /// let count = Mutex(0)  // Synchronization: the action is @Sendable
  /// ImmediateScheduler().scheduleRecursive { reschedule in
  ///   let runs = count.withLock { count in
  ///     count += 1
  ///     return count
  ///   }
  ///   if runs < 100_000 { reschedule() }
  /// }
  /// print(count.withLock { $0 })  // 100000
  /// ```
  ///
  /// - Parameter action: the work; call `reschedule` to run it again.
  /// - Returns: a disposable that stops the recursion.
  @discardableResult
  public func scheduleRecursive(
    _ action: @escaping @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void
  ) -> any Disposable {
    let recursion = Operators.Recursion(scheduler: self, action: action)
    recursion.start()
    return recursion.disposables
  }
}

extension Operators {
  /// The state of one `scheduleRecursive` call: a trampoline.
  // @unchecked: mutable state is in `state`; `action` is immutable and runs
  // one run at a time (a reschedule during a run is counted, not nested), so
  // it need not be `@Sendable` for the library's own serial uses.
  final class Recursion: @unchecked Sendable {
    private struct State {
      var running = false
      var pending = 0
    }

    let disposables = CompoundDisposable()
    private let scheduler: any Scheduler
    private let action: (@escaping @Sendable () -> Void) -> Void
    private let state = Locked(State())

    init(scheduler: any Scheduler, action: @escaping (@escaping @Sendable () -> Void) -> Void) {
      self.scheduler = scheduler
      self.action = action
    }

    func start() { scheduleStep() }

    private func scheduleStep() {
      let step = SerialDisposable()
      disposables.add(step)
      step.inner = scheduler.schedule { [self] in
        disposables.remove(step)
        runLoop()
      }
    }

    private func runLoop() {
      // Called from the scheduler; runs `action` until no run is pending.
      state.withLock { $0.running = true }
      while !disposables.isDisposed {
        // Strong on purpose: a later, asynchronous `reschedule` must find this
        // trampoline alive. Disposal makes it a no-op.
        action { self.reschedule() }
        let again = state.withLock { state -> Bool in
          guard state.pending > 0 else {
            state.running = false
            return false
          }
          state.pending -= 1
          return true
        }
        if !again { return }
      }
      state.withLock { $0.running = false }
    }

    private func reschedule() {
      guard !disposables.isDisposed else { return }
      let deferred = state.withLock { state -> Bool in
        guard state.running else { return false }
        state.pending += 1
        return true
      }
      if !deferred { scheduleStep() }
    }
  }
}
