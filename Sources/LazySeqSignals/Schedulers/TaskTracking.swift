// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// A hook for whoever needs to know about the tasks the library starts. The
// library calls it and knows nothing of who installed it: a TestScheduler
// installs itself on its thread while it runs an action, so that its async
// `advance(by:)` can wait for the tasks that action started.

/// Something that registers the tasks the library starts while it is
/// installed on a thread (see ``TaskTracking``).
protocol TaskTracker: AnyObject, Sendable {
  /// Registers a task about to start; the registration lasts until the
  /// task calls ``TaskRegistration/finished()``.
  func taskWillStart() -> any TaskRegistration
}

/// The registration of one task with a ``TaskTracker``.
protocol TaskRegistration: Sendable {
  /// Runs the task's operation with this registration visible to it.
  func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T

  /// The task has finished and sent what it had to send.
  func finished()
}

/// The task tracker installed on the current thread, if any.
enum TaskTracking {
  /// Runs `body` with `tracker` installed on this thread.
  static func installing(_ tracker: some TaskTracker, _ body: () -> Void) {
    slot.installing(tracker, body)
  }

  /// Registers a task about to start with the tracker installed on this
  /// thread; `nil` (one thread-local read) when none is.
  static func taskWillStart() -> (any TaskRegistration)? {
    (slot.current as? any TaskTracker)?.taskWillStart()
  }

  private static let slot = ThreadSlot<AnyObject>("TaskTracking")
}
