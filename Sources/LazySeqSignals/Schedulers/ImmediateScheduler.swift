// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The platform's C library (`nanosleep`), which Foundation re-exports.
internal import Foundation

/// A scheduler that runs every action at once, on the calling thread.
///
/// `schedule(after:)` blocks the calling thread for the delay (as RAC's
/// immediate scheduler did); repeating actions are not supported and stop
/// with a precondition failure.
///
/// ```swift
/// ImmediateScheduler().schedule { print("now") }  // prints "now" before returning
/// ```
public struct ImmediateScheduler: Scheduler {
  /// Creates an immediate scheduler.
  public init() {}

  @discardableResult
  public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
    action()
    return AnyDisposable()
  }

  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    if delay > .zero {
      let (seconds, attoseconds) = delay.components
      var request = timespec(
        tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
      var remaining = timespec()
      while nanosleep(&request, &remaining) != 0 { request = remaining }
    }
    action()
    return AnyDisposable()
  }

  @discardableResult
  public func schedule(
    after delay: Duration, repeatingEvery interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> any Disposable {
    preconditionFailure(
      "ImmediateScheduler cannot schedule repeating actions (Signal.interval(_:on:) needs a QueueScheduler or a TestScheduler)"
    )
  }
}
