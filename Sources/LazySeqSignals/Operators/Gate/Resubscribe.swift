// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The trampoline of retry, repeat, cycled and retry(_:delay:on:): subscribes
// to the source again when a run ends, one run at a time, so a source that
// ends synchronously never grows the stack.

internal import LazySeq

extension Operators {
  /// What makes a resubscribing operator subscribe to its source again.
  struct Resubscribe: Sendable {
    /// The end of a run that resubscribes: an error (retry) or a completion
    /// (repeat, cycled). The other end is forwarded.
    enum Trigger: Sendable {
      case error
      case completion
    }

    let trigger: Trigger
    /// How many resubscriptions at most (`nil`: without limit); the end
    /// that finds none left is forwarded.
    let limit: Int?
    /// Whether only a run that sent a value resubscribes (a run without
    /// one forwards its end).
    var onlyAfterAValue = false
    /// The pause before each resubscription, on `scheduler`.
    var delay: Duration = .zero
    /// Where the resubscriptions run, after `delay`; `nil`: at once, on the
    /// thread of the end.
    var scheduler: (any Scheduler)?
  }
}

extension Signal {
  /// This signal, subscribed to again as `policy` says each time a run
  /// ends; values of every run are forwarded as they come.
  func resubscribing(_ policy: Operators.Resubscribe) -> Signal<Value> {
    Signal { downstream in
      Operators.ResubscribeLoop(self, downstream, policy).subscribe()
      return nil
    }
  }
}

extension Operators {
  /// One subscription of a resubscribing operator: its runs, one after the
  /// other.
  ///
  /// A pass (`subscribe()`) subscribes a run; a run that ends with a
  /// resubscription while that pass is still subscribing it (a source that
  /// ends synchronously) leaves the next run to the pass, which makes it in
  /// a loop: a trampoline, so the stack does not grow with the runs. A run
  /// that ends later starts a new pass on the thread of its end (with a
  /// scheduler: on the scheduler, and the pass makes the next run only if
  /// the scheduler ran the resubscription at once, on the pass's thread).
  // @unchecked: the mutable state is in `state`, but `sentValue`, which only
  // the run in progress touches (a run starts after the previous one ended).
  final class ResubscribeLoop<Value>: @unchecked Sendable {
    private let source: Signal<Value>
    private let downstream: Subscriber<Value>
    private let policy: Resubscribe
    /// The run in progress, or the pause before the next one.
    private let current = SerialDisposable()
    private let state: Locked<ResubscribeState>
    /// Whether the run in progress sent a value (kept for
    /// `onlyAfterAValue` only).
    private var sentValue = false

    init(_ source: Signal<Value>, _ downstream: Subscriber<Value>, _ policy: Resubscribe) {
      self.source = source
      self.downstream = downstream
      self.policy = policy
      state = Locked(ResubscribeState(remaining: policy.limit))
      downstream.disposables.add(current)
    }

    /// A pass: subscribes a run, and the next one while each ends with a
    /// resubscription during its subscribe call.
    func subscribe() {
      let thread = currentThreadID()
      var run = state.withLock { $0.start(on: thread) }
      while !downstream.isDisposed {
        let lifetime = Lifetime()
        current.inner = lifetime
        sentValue = false
        if !lifetime.isDisposed { source.attach(sink(of: run), lifetime) }
        let next = state.withLock { state -> Int? in
          // A later run belongs to a pass on another thread.
          guard state.run == run else { return nil }
          guard state.again else {
            state.subscribing = false
            return nil
          }
          return state.start(on: thread)
        }
        guard let next else { return }
        run = next
      }
    }

    /// The sink of run `run`.
    private func sink(of run: Int) -> Sink<Value> {
      let end: (Completion) -> Void = { [self] in ended($0, run: run) }
      guard policy.onlyAfterAValue else {
        return Sink(next: { [downstream] in downstream.sendNext($0) }, end: end)
      }
      return Sink(
        next: { [self] value in
          sentValue = true
          downstream.sendNext(value)
        }, end: end)
    }

    /// The end of run `run`: forwarded, or a resubscription.
    private func ended(_ completion: Completion, run: Int) {
      let triggered: Bool
      switch completion {
      case .completed: triggered = policy.trigger == .completion && (!policy.onlyAfterAValue || sentValue)
      case .failed: triggered = policy.trigger == .error
      }
      guard triggered, policy.limit == nil || state.withLock({ $0.take() }) else {
        switch completion {
        case .completed: return downstream.sendCompleted()
        case .failed(let error): return downstream.sendError(error)
        }
      }
      guard let scheduler = policy.scheduler else { return resubscribe(after: run, on: nil) }
      let pause = scheduler.schedule(after: policy.delay) { [self] in
        resubscribe(after: run, on: currentThreadID())
      }
      // The pause becomes what disposal cancels, unless the resubscription
      // has run already (inside `schedule`, or on another thread since):
      // then `current` holds the next run, which disposal must reach. Under
      // the state's lock, so a run starting meanwhile comes after.
      state.withLock { state in
        if state.run == run { current.inner = pause }
      }
    }

    /// Subscribes the run after `run`: left to the pass subscribing `run`
    /// if it still is (with a `thread`, only on that thread), else in a new
    /// pass.
    private func resubscribe(after run: Int, on thread: UInt?) {
      if !state.withLock({ $0.leave(after: run, on: thread) }) { subscribe() }
    }
  }
}

/// The runs of one `ResubscribeLoop` (not generic, so its locked state forms
/// no generic metadata).
private struct ResubscribeState {
  /// Resubscriptions left; `nil`: without limit.
  var remaining: Int?
  /// The number of the latest run (from 1).
  var run = 0
  /// Whether the pass that started the latest run is still subscribing
  /// it (its subscribe call has not returned).
  var subscribing = false
  /// That pass's thread.
  var thread: UInt = 0
  /// Whether the latest run ended, while subscribing, with a
  /// resubscription left to its pass.
  var again = false

  /// Starts a run of the pass on `thread`; returns its number.
  mutating func start(on thread: UInt) -> Int {
    run += 1
    subscribing = true
    again = false
    self.thread = thread
    return run
  }

  /// Takes one resubscription; `false` if none is left.
  mutating func take() -> Bool {
    guard remaining != 0 else { return false }
    if let left = remaining { remaining = left - 1 }
    return true
  }

  /// Leaves the resubscription after `run` to the pass subscribing it,
  /// if it still is (and, for a `thread`, runs on it); `false` if the
  /// caller must start a pass.
  mutating func leave(after run: Int, on thread: UInt?) -> Bool {
    guard self.run == run, subscribing, thread.map({ $0 == self.thread }) ?? true else { return false }
    again = true
    return true
  }
}
