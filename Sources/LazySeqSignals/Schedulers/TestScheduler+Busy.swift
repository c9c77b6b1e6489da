// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The tasks the library starts on behalf of a TestScheduler's actions, and
// whether they are busy: the async `advance(by:)` waits until none is before
// each step of virtual time.
//
// The rule: while a TestScheduler runs one of its actions, it is installed
// as the thread's task tracker (see TaskTracking.swift), so
// `Signal(priority:operation:)` subscribed then registers its task with that
// scheduler (the cost for other code is one thread-local read at
// subscription).
// The task is busy from then until its operation has finished and its result
// has been sent, except while it sleeps on that scheduler's clock (the sleep
// finds the task's registration in a task-local). Tasks that the operation
// starts itself share the registration: the whole is busy unless some of it
// sleeps on the clock and none of what woke has slept again.
//
// Signal.observing registers the same way: its first read, when it is
// subscribed from an action, and the read after each change made on a
// thread with the scheduler installed (a change made by an action), each
// finished once the value read has been sent.

extension TestScheduler: TaskTracker {
  /// Runs `action` with this scheduler installed as the thread's task
  /// tracker.
  func runAction(_ action: () -> Void) {
    TaskTracking.installing(self, action)
  }

  /// Registers a task about to start (by an action of this scheduler) as
  /// busy.
  func taskWillStart() -> any TaskRegistration {
    let id = activity.withLock { activity in
      activity.nextID += 1
      activity.tasks[activity.nextID] = TrackedTask.Activity()
      return activity.nextID
    }
    return TrackedTask(scheduler: self, id: id)
  }

  /// Whether no task registered with this scheduler is busy.
  var tasksAreIdle: Bool {
    activity.withLock { activity in activity.tasks.values.allSatisfy { !$0.isBusy } }
  }
}

/// The tasks registered with one scheduler.
struct TrackedTasks {
  var nextID = 0
  var tasks: [Int: TrackedTask.Activity] = [:]
}

/// A task started by the library while a ``TestScheduler`` ran an action,
/// registered with that scheduler until it finishes.
final class TrackedTask: TaskRegistration {
  /// What a registered task (with the tasks it started) is doing.
  struct Activity {
    /// Parts running: the task itself at first, then each one woken.
    var running = 1
    /// Parts sleeping on the scheduler's clock.
    var sleeping = 0

    var isBusy: Bool { running > 0 || sleeping == 0 }
  }

  /// The registration of the current task, read by the clock's sleep.
  @TaskLocal static var current: TrackedTask?

  let scheduler: TestScheduler
  private let id: Int

  var tracker: any TaskTracker { scheduler }

  init(scheduler: TestScheduler, id: Int) {
    self.scheduler = scheduler
    self.id = id
  }

  /// A part of the task sleeps on the clock.
  func sleeps() {
    scheduler.activity.withLock { activity in
      guard var task = activity.tasks[id] else { return }
      task.running = max(task.running - 1, 0)
      task.sleeping += 1
      activity.tasks[id] = task
    }
  }

  /// A sleeping part is woken (or its sleep cancelled): it runs again.
  func wakes() {
    scheduler.activity.withLock { activity in
      guard var task = activity.tasks[id] else { return }
      task.sleeping = max(task.sleeping - 1, 0)
      task.running += 1
      activity.tasks[id] = task
    }
  }

  func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
    try await TrackedTask.$current.withValue(self) { try await operation() }
  }

  func finished() {
    _ = scheduler.activity.withLock { activity in activity.tasks.removeValue(forKey: id) }
  }
}
