// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Leading-dot schedulers: `deliver(on: .main)`, `.immediate`,
// `.queue(qos: .userInitiated)` wherever `any Scheduler` is expected.

@preconcurrency public import Dispatch

extension Scheduler where Self == ImmediateScheduler {
  /// The scheduler that runs each action at once, on the calling thread.
  ///
  /// ```swift
  /// Signal.just(1).subscribe(on: .immediate).subscribe(next: { print($0) })  // 1
  /// ```
  public static var immediate: ImmediateScheduler { ImmediateScheduler() }
}

extension Scheduler where Self == QueueScheduler {
  /// The scheduler of the main queue, ``QueueScheduler/main``.
  ///
  /// ```swift
  /// searchResults.deliver(on: .main)
  /// ```
  ///
  /// The main queue runs when the main thread runs its run loop (an app
  /// does; a command-line tool calls `RunLoop.main.run()`).
  public static var main: QueueScheduler { QueueScheduler.main }

  /// A scheduler on a new serial queue with the given quality of service.
  ///
  /// ```swift
  /// let parsed = downloads.deliver(on: .queue(qos: .userInitiated)).map(parse)
  /// ```
  ///
  /// Each call makes a new queue: keep the scheduler to send several
  /// signals through the same queue.
  ///
  /// - Parameters:
  ///   - label: the queue's label, shown by debuggers.
  ///   - qos: the queue's quality of service.
  ///   - target: the queue that runs this one's work, if any.
  /// - Returns: the same as `QueueScheduler(label:qos:targeting:)`.
  public static func queue(
    label: String = "LazySeqSignals.QueueScheduler", qos: DispatchQoS = .default,
    targeting target: DispatchQueue? = nil
  ) -> QueueScheduler {
    QueueScheduler(label: label, qos: qos, targeting: target)
  }
}
