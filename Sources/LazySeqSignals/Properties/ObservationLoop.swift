// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The machinery behind Signal.observing: one loop per subscription that
// reads the closure, learns what it read, waits for a change to any of it,
// and reads again.
//
// Two kinds of state can be read, and each is watched its own way:
// - Properties (`PropertyCore`): a read inside an observing read is not
//   registered with Observation; it is noted with the property's version
//   (bumped with each change, under the property's lock), and the loop
//   watches the property for a change after that version. A property tells
//   its watchers after the new value is stored, and a watch that starts
//   after a change it has not seen fires at once; so no change falls between
//   the read and the watch, and the read after a wake sees the change that
//   woke it.
// - Any other `Observable` state: `withObservationTracking`, whose
//   `onChange` runs at `willSet`; the next read runs in the closure's
//   isolation, after the change's synchronous stretch there.
//
// Each read has a generation; a wake meant for an earlier read is dropped
// (the current read has seen that change, or watches what it depends on), so
// a value is read again only after a change the last read did not see.

internal import LazySeq
import Synchronization

/// State an observing read can watch: a property's core.
protocol WatchedState: AnyObject, Sendable {
  /// Tells `loop` (with `generation`) of the first change after `version`.
  ///
  /// - Returns: `false`, registering nothing, if the state has changed
  ///   since `version`.
  func watch(_ loop: ObservationLoop, generation: UInt64, since version: UInt64) -> Bool

  /// Stops telling `loop`.
  func unwatch(_ loop: ObservationLoop)
}

/// The observing read in progress on the current thread: what it read.
final class ObservingRead {
  /// What was read, with the version that was read.
  private(set) var reads: [(state: any WatchedState, version: UInt64)] = []

  /// Notes that the read saw `state` at `version`.
  func record(_ state: any WatchedState, version: UInt64) {
    reads.append((state, version))
  }

  /// Runs `body` with this read installed on the current thread.
  func recording<Result>(_ body: () -> Result) -> Result {
    readsInProgress.add(1, ordering: .relaxed)
    defer { readsInProgress.subtract(1, ordering: .relaxed) }
    return readSlot.installing(self, body)
  }

  /// The read in progress on this thread, if any; one relaxed load when no
  /// observing read is in progress anywhere.
  static var current: ObservingRead? {
    // A thread that installed a read has counted it itself, so it sees a
    // nonzero count; another thread may see any count, and finds no read.
    guard readsInProgress.load(ordering: .relaxed) != 0 else { return nil }
    return readSlot.current
  }
}

/// How many observing reads are in progress, on any thread.
private let readsInProgress = Atomic<Int>(0)

private let readSlot = ThreadSlot<ObservingRead>("Signal.observing")

/// One subscription of `Signal.observing`: the generation of its reads, what
/// it watches, whether a change has come since its last read began, and its
/// waiting task.
final class ObservationLoop: Sendable {
  private struct State {
    var generation: UInt64 = 0
    var changed = false
    var cancelled = false
    var waiting: CheckedContinuation<Void, Never>?
    var watched: [ObjectIdentifier: any WatchedState] = [:]
    /// Registrations with a task tracker (a `TestScheduler`) for the reads
    /// still to come: the first one, and the one after each change made
    /// while a tracker was installed.
    var busy: [any TaskRegistration] = []
  }

  private let state: Locked<State>
  /// The tracker the subscription is on (a `TestScheduler`): given to
  /// `Signal.observing(on:_:)`, or installed on the subscribing thread (an
  /// action of the scheduler). Every change to what a read saw then
  /// registers the read after it with the tracker, whichever thread makes
  /// the change: a change made between two advances of virtual time is
  /// seen at the time it was made.
  private let tracker: (any TaskTracker)?

  /// - Parameter tracker: the tracker the subscription is on, if any; the
  ///   first read is registered with it.
  init(tracker: (any TaskTracker)?) {
    self.tracker = tracker
    var initial = State()
    if let registration = tracker?.taskWillStart() { initial.busy.append(registration) }
    state = Locked(initial)
  }

  /// Starts a read: its generation, and the registrations it answers (to
  /// finish once its value has been sent); `nil` once cancelled.
  func beginRead() -> (generation: UInt64, answering: [any TaskRegistration])? {
    state.withLock { state in
      guard !state.cancelled else { return nil }
      state.generation += 1
      state.changed = false
      defer { state.busy = [] }
      return (state.generation, state.busy)
    }
  }

  /// Watches what a read of `generation` noted.
  func watch(_ read: ObservingRead, generation: UInt64) {
    for (watched, version) in read.reads {
      let cancelled = state.withLock { state in
        state.watched[ObjectIdentifier(watched)] = watched
        return state.cancelled
      }
      if cancelled { return }
      if !watched.watch(self, generation: generation, since: version) {
        changed(generation: generation)
      }
      // A cancellation that came in between unwatched before this watch.
      if isCancelled { watched.unwatch(self) }
    }
  }

  /// Something the read of `generation` saw has changed (or is about to,
  /// for a `willSet`): wakes the loop for another read, unless a later read
  /// has begun. Runs on the thread that made the change; a change made
  /// while a task tracker is installed there, or any change when the
  /// subscription is on a tracker, keeps the tracker waiting until the
  /// value read after it has been sent.
  func changed(generation: UInt64) {
    let registration = (TaskTracking.current ?? tracker)?.taskWillStart()
    let (accepted, waiting) = state.withLock { state in
      guard !state.cancelled, state.generation == generation else {
        return (false, nil as CheckedContinuation<Void, Never>?)
      }
      state.changed = true
      if let registration { state.busy.append(registration) }
      defer { state.waiting = nil }
      return (true, state.waiting)
    }
    if !accepted { registration?.finished() }
    waiting?.resume()
  }

  /// Suspends until a change since the current read began; `false` once
  /// cancelled.
  func waitForChange() async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumeNow = state.withLock { state in
        if state.cancelled || state.changed { return true }
        state.waiting = continuation
        return false
      }
      if resumeNow { continuation.resume() }
    }
    return !isCancelled
  }

  var isCancelled: Bool { state.withLock { $0.cancelled } }

  /// Stops the loop: wakes it, unwatches everything, and finishes the
  /// registrations of the reads that will not come.
  func cancel() {
    let (waiting, watched, busy) = state.withLock { state in
      state.cancelled = true
      defer {
        state.waiting = nil
        state.watched = [:]
        state.busy = []
      }
      return (state.waiting, state.watched, state.busy)
    }
    for watched in watched.values { watched.unwatch(self) }
    for registration in busy { registration.finished() }
    waiting?.resume()
  }
}
