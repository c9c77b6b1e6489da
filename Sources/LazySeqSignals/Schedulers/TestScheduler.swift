// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// A scheduler with virtual time, for deterministic tests.
///
/// Nothing runs until you advance the clock. ``now`` starts at zero;
/// ``advance()`` runs what is due now, ``advance(by:)-1jv0f`` moves the clock
/// forward running every action that falls due on the way (in time order,
/// first scheduled first among equal times), and ``run()`` runs until no
/// action is left. Actions run on the thread that advances.
///
/// For async code, ``clock`` is a `Clock` on the same virtual time, and
/// `await scheduler.advance(by:)` (``advance(by:)-8e0o9``) lets the tasks
/// that the scheduler's actions start or wake run before it moves on: see
/// that method for which tasks it waits for.
///
/// ```swift
/// let scheduler = TestScheduler()
/// scheduler.schedule(after: .seconds(5)) { print("five") }
/// scheduler.advance(by: .seconds(4))  // nothing
/// scheduler.advance(by: .seconds(1))  // prints "five"
/// ```
///
/// Virtual time ends at ``endOfTime``, the largest `Duration` (2^127 - 1
/// attoseconds, about 5.4 trillion years): a time past it, however it is
/// reached (a long delay, an advance after time has already moved far), is
/// that time, and a repeating action whose next run would fall past it does
/// not repeat. Nothing overflows.
internal import LazySeq

public final class TestScheduler: Scheduler {
  private struct Entry {
    var time: Duration
    var order: Int
    var interval: Duration?
    var disposable: AnyDisposable
    var action: () -> Void
  }

  private struct State {
    var now: Duration = .zero
    var nextOrder = 0
    var entries: [Entry] = []  // sorted by (time, order)

    mutating func insert(_ entry: Entry) {
      var low = 0
      var high = entries.count
      while low < high {
        let mid = (low + high) / 2
        let other = entries[mid]
        if (other.time, other.order) < (entry.time, entry.order) { low = mid + 1 } else { high = mid }
      }
      entries.insert(entry, at: low)
    }
  }

  private let state = Locked(State())
  /// Serializes the advancing threads; a nested call from one of the
  /// scheduler's own actions (the owner thread) runs inline instead.
  private let advancing = Gate()
  /// The clock's bookkeeping of sleeping tasks (see `TestScheduler.Clock`).
  let sleepers = Locked(Sleepers())
  /// The tasks started while this scheduler ran an action, and whether they
  /// are busy (see `TrackedTask`).
  let activity = Locked(TrackedTasks())

  /// Creates a test scheduler at virtual time zero.
  public init() {}

  /// The last instant of virtual time: the largest `Duration`, 2^127 - 1
  /// attoseconds (170,141,183,460,469,231,731.687… seconds). ``now`` and the
  /// due time of every action are at most this (see the type's
  /// documentation).
  public static let endOfTime: Duration =
    .seconds(Int64.max) * 18 + .seconds(4_120_486_797_083_267_205)
    + Duration(secondsComponent: 0, attosecondsComponent: 687_303_715_884_105_727)

  /// `time + delay` (a negative delay counts as zero), or ``endOfTime`` where
  /// the sum would pass it (or overflow).
  static func later(_ time: Duration, by delay: Duration) -> Duration {
    let delay = max(delay, .zero)
    guard time >= .zero else { return time + delay }
    return delay > endOfTime - time ? endOfTime : time + delay
  }

  /// The current virtual time.
  public var now: Duration { state.withLock { $0.now } }

  /// The number of actions waiting to run (disposed ones included until
  /// their time comes).
  public var pendingCount: Int { state.withLock { $0.entries.count } }

  @discardableResult
  public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
    enqueue(delay: .zero, interval: nil, action)
  }

  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    enqueue(delay: delay, interval: nil, action)
  }

  @discardableResult
  public func schedule(
    after delay: Duration, repeatingEvery interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> any Disposable {
    precondition(
      interval > .zero,
      argumentMessage(
        "TestScheduler.schedule(after:repeatingEvery:_:)", "the repeat interval must be positive",
        got: interval))
    return enqueue(delay: delay, interval: interval, action)
  }

  private func enqueue(
    delay: Duration, interval: Duration?, _ action: @escaping @Sendable () -> Void
  ) -> any Disposable {
    let disposable = AnyDisposable()
    state.withLock { state in
      let entry = Entry(
        time: TestScheduler.later(state.now, by: delay), order: state.nextOrder, interval: interval,
        disposable: disposable, action: action)
      state.nextOrder += 1
      state.insert(entry)
    }
    return disposable
  }

  /// Runs every action due at the current time (including ones they schedule
  /// for now). It may be called from inside one of this scheduler's actions.
  public func advance() { advance(by: .zero) }

  /// Moves the clock forward by `interval`, running each action that falls
  /// due, in time order, with ``now`` set to its time.
  ///
  /// - Parameter interval: how far to move; must not be negative.
  public func advance(by interval: Duration) {
    precondition(
      interval >= .zero,
      argumentMessage("TestScheduler.advance(by:)", "the interval must not be negative", got: interval))
    advance(to: TestScheduler.later(now, by: interval))
  }

  /// Moves the clock to `time`, running each action that falls due.
  ///
  /// - Parameter time: the target time; earlier than ``now`` does nothing,
  ///   and a time past ``endOfTime`` is ``endOfTime``.
  ///
  /// Called from inside one of this scheduler's own actions, it runs the
  /// actions due up to `time` right there (the clock never goes back), and
  /// the outer call goes on with what is left.
  public func advance(to time: Duration) {
    let time = min(time, TestScheduler.endOfTime)
    exclusively {
      while let entry = popDue(until: time) {
        guard !entry.disposable.isDisposed else { continue }
        runAction(entry.action)
      }
      state.withLock { state in state.now = max(state.now, time) }
    }
  }

  /// Runs `body` while no other thread advances; inline when called from an
  /// action this scheduler is running.
  private func exclusively(_ body: () -> Void) {
    if !advancing.enter(body, maintain: {}) { body() }
  }

  /// Runs actions until none is left, moving the clock to each one's time.
  ///
  /// - Important: a repeating action that is never disposed keeps this
  ///   method running forever.
  public func run() {
    exclusively {
      while let entry = popDue(until: nil) {
        guard !entry.disposable.isDisposed else { continue }
        runAction(entry.action)
      }
    }
  }

  /// The time of the earliest action due no later than `limit`, if any.
  func nextDueTime(until limit: Duration) -> Duration? {
    state.withLock { state in
      guard let first = state.entries.first, first.time <= limit else { return nil }
      return first.time
    }
  }

  private func popDue(until limit: Duration?) -> Entry? {
    state.withLock { state -> Entry? in
      guard let first = state.entries.first else { return nil }
      if let limit, first.time > limit { return nil }
      state.entries.removeFirst()
      state.now = max(state.now, first.time)
      if let interval = first.interval, !first.disposable.isDisposed,
        interval <= TestScheduler.endOfTime - first.time
      {
        // Repeats only while the next run falls within virtual time.
        var again = first
        again.time = first.time + interval
        again.order = state.nextOrder
        state.nextOrder += 1
        state.insert(again)
      }
      return first
    }
  }
}
