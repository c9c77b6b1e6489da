// The tasks the library starts on behalf of a TestScheduler's actions, and
// whether they are busy: the async `advance(by:)` waits until none is before
// each step of virtual time.
//
// The rule: `Signal(priority:operation:)` subscribed while a TestScheduler
// runs one of its actions (found in a thread-local, so the cost for other
// code is one read at subscription) registers its task with that scheduler.
// The task is busy from then until its operation has finished and its result
// has been sent, except while it sleeps on that scheduler's clock (the sleep
// finds the task's registration in a task-local). Tasks that the operation
// starts itself share the registration: the whole is busy unless some of it
// sleeps on the clock and none of what woke has slept again.

#if canImport(Darwin)
  internal import Darwin
#elseif canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#endif

extension TestScheduler {
  /// The scheduler whose action is running on this thread, if any.
  static var runningAction: TestScheduler? {
    guard let pointer = pthread_getspecific(runningActionKey) else { return nil }
    return Unmanaged<TestScheduler>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Runs `action` with this scheduler published as the running one.
  func runAction(_ action: () -> Void) {
    let previous = pthread_getspecific(runningActionKey)
    pthread_setspecific(runningActionKey, Unmanaged.passUnretained(self).toOpaque())
    defer { pthread_setspecific(runningActionKey, previous) }
    action()
  }

  /// Registers a task about to start as busy with the scheduler whose
  /// action is running on this thread; `nil` (one thread-local read) when
  /// none is.
  static func trackedTask() -> TrackedTask? {
    guard let scheduler = runningAction else { return nil }
    let id = scheduler.activity.withLock { activity in
      activity.nextID += 1
      activity.tasks[activity.nextID] = TrackedTask.Activity()
      return activity.nextID
    }
    return TrackedTask(scheduler: scheduler, id: id)
  }

  /// Whether no task registered with this scheduler is busy.
  var tasksAreIdle: Bool {
    activity.withLock { activity in activity.tasks.values.allSatisfy { !$0.isBusy } }
  }
}

private let runningActionKey: pthread_key_t = {
  var key = pthread_key_t()
  let status = pthread_key_create(&key, nil)
  precondition(status == 0, "TestScheduler: cannot create a thread-local key (\(status))")
  return key
}()

/// The tasks registered with one scheduler.
struct TrackedTasks {
  var nextID = 0
  var tasks: [Int: TrackedTask.Activity] = [:]
}

/// A task started by the library while a ``TestScheduler`` ran an action,
/// registered with that scheduler until it finishes.
final class TrackedTask: Sendable {
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

  /// The task has finished and sent what it had to send.
  func finishes() {
    _ = scheduler.activity.withLock { activity in activity.tasks.removeValue(forKey: id) }
  }
}
