// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/// The pure state machine of a ``Command``: how many executions are running,
/// what the `enabled` input last said, and what the `executing` and `enabled`
/// signals last announced.
///
/// The command keeps it in a mutex; every method here is a short, pure step.
struct CommandState: Sendable {
  /// A change to announce on one of the state signals.
  enum Announcement: Equatable {
    case executing(Bool)
    case enabled(Bool)
  }

  let allowsConcurrentExecution: Bool
  private(set) var inputEnabled = true
  private(set) var running = 0
  private var announcedExecuting = false
  private var announcedEnabled = true

  init(allowsConcurrentExecution: Bool) {
    self.allowsConcurrentExecution = allowsConcurrentExecution
  }

  /// Whether an execution is running.
  var isExecuting: Bool { running > 0 }

  /// Whether `execute` would run now.
  var isEnabled: Bool { inputEnabled && (allowsConcurrentExecution || running == 0) }

  /// Claims an execution if the command is enabled: the check and the claim
  /// are one step, so two racing callers cannot both start on a command that
  /// does not allow concurrent execution.
  mutating func begin() -> Bool {
    guard isEnabled else { return false }
    running += 1
    return true
  }

  /// Releases an execution claimed by ``begin()``.
  mutating func end() {
    precondition(running > 0, "Command: an execution ended twice")
    running -= 1
  }

  /// Records the latest value of the `enabled` input.
  mutating func setInputEnabled(_ enabled: Bool) {
    inputEnabled = enabled
  }

  /// The next change to announce, recorded as announced; `nil` when the
  /// announced state matches the current one. `executing` comes first.
  mutating func nextAnnouncement() -> Announcement? {
    if announcedExecuting != isExecuting {
      announcedExecuting = isExecuting
      return .executing(isExecuting)
    }
    if announcedEnabled != isEnabled {
      announcedEnabled = isEnabled
      return .enabled(isEnabled)
    }
    return nil
  }
}
