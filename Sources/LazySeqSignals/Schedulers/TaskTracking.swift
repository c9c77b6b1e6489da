// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// A hook for whoever needs to know about the tasks the library starts. The
// library calls it and knows nothing of who installed it: a TestScheduler
// installs itself on its thread while it runs an action, so that its async
// `advance(by:)` can wait for the tasks that action started.

internal import LazySeq
import Synchronization

/// Something that registers the tasks the library starts while it is
/// installed on a thread (see ``TaskTracking``).
protocol TaskTracker: AnyObject, Sendable {
  /// Registers a task about to start; the registration lasts until the
  /// task calls ``TaskRegistration/finished()``.
  func taskWillStart() -> any TaskRegistration
}

/// The registration of one task with a ``TaskTracker``.
protocol TaskRegistration: Sendable {
  /// The tracker this task is registered with.
  var tracker: any TaskTracker { get }

  /// Runs the task's operation with this registration visible to it.
  func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T

  /// The task has finished and sent what it had to send.
  func finished()
}

/// The task tracker installed on the current thread, if any.
enum TaskTracking {
  /// Runs `body` with `tracker` installed on this thread.
  static func installing(_ tracker: some TaskTracker, _ body: () -> Void) {
    install(tracker, body)
  }

  /// Registers a task about to start with the tracker installed on this
  /// thread; `nil` when none is (one relaxed atomic load when no thread has
  /// one, as in a program without a `TestScheduler`; otherwise one
  /// thread-local read).
  static func taskWillStart() -> (any TaskRegistration)? {
    current?.taskWillStart()
  }

  /// The tracker installed on this thread, if any.
  static var current: (any TaskTracker)? {
    // A tracker installed on this thread counted itself here first, in
    // this thread's program order: a relaxed load sees it.
    guard installedAnywhere.load(ordering: .relaxed) > 0 else { return nil }
    return slot.current as? any TaskTracker
  }

  /// Runs `body`, which sends what a registered task produced, with the
  /// task's tracker installed on this thread (when there is one): work that
  /// the values set off on the way (a hop to an actor's mailbox, a task a
  /// downstream operator starts, a change an observation sees) registers
  /// with the same tracker, so it is waited for as part of the task.
  static func sending(for registration: (any TaskRegistration)?, _ body: () -> Void) {
    guard let registration else { return body() }
    install(registration.tracker, body)
  }

  private static func install(_ tracker: any TaskTracker, _ body: () -> Void) {
    installedAnywhere.add(1, ordering: .relaxed)
    defer { installedAnywhere.subtract(1, ordering: .relaxed) }
    slot.installing(tracker, body)
  }

  private static let slot = ThreadSlot<AnyObject>("TaskTracking")
  /// How many trackers are installed, on any thread.
  private static let installedAnywhere = Atomic<Int>(0)
}
