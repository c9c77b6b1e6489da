// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

@preconcurrency public import Dispatch
internal import LazySeq

/// A scheduler backed by a serial Dispatch queue.
///
/// Actions run one at a time, in the order they were scheduled (for equal
/// deadlines). Delayed actions use the queue's clock; repeating actions use a
/// Dispatch timer, cancelled on disposal.
///
/// ```swift
/// let background = QueueScheduler(label: "worker")
/// background.schedule(after: .milliseconds(10)) { print("later") }
/// ```
public final class QueueScheduler: Scheduler {
  /// The serial queue the actions run on.
  public let queue: DispatchQueue

  /// Whether `queue` is the main queue: its actions then take the library's
  /// way onto it, which a blocking conversion holding the main queue runs
  /// (MainQueue.swift).
  private let isMain: Bool

  /// The scheduler of the main queue.
  public static let main = QueueScheduler(queue: .main)

  /// Creates a scheduler with a new serial queue.
  ///
  /// - Parameters:
  ///   - label: the queue's label, for debugging.
  ///   - qos: the quality of service of the queue.
  ///   - target: an optional target queue; the new queue stays serial even
  ///     if `target` is concurrent.
  public init(
    label: String = "LazySeqSignals.QueueScheduler", qos: DispatchQoS = .default,
    targeting target: DispatchQueue? = nil
  ) {
    self.queue = DispatchQueue(label: label, qos: qos, target: target)
    self.isMain = false
  }

  /// Creates a scheduler on an existing queue, which must be serial.
  ///
  /// - Parameter queue: a serial queue.
  public init(queue: DispatchQueue) {
    self.queue = queue
    self.isMain = Operators.MainQueue.isMain(queue)
  }

  @discardableResult
  public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
    let disposable = AnyDisposable()
    let work = UncheckedAction(action)
    let run: @Sendable () -> Void = {
      if !disposable.isDisposed { work.action() }
    }
    if isMain { Operators.MainQueue.async(run) } else { queue.async(execute: run) }
    return disposable
  }

  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    let disposable = AnyDisposable()
    let work = UncheckedAction(action)
    let run: @Sendable () -> Void = {
      if !disposable.isDisposed { work.action() }
    }
    let deadline = DispatchTime.now() + delay.dispatchInterval
    if isMain {
      Operators.MainQueue.async(at: deadline, run)
    } else {
      queue.asyncAfter(deadline: deadline, execute: run)
    }
    return disposable
  }

  @discardableResult
  public func schedule(
    after delay: Duration, repeatingEvery interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> any Disposable {
    precondition(
      interval > .zero,
      argumentMessage(
        "QueueScheduler.schedule(after:repeatingEvery:_:)", "the repeat interval must be positive",
        got: interval))
    if isMain { return Operators.MainQueue.repeating(after: delay, every: interval, action) }
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let work = UncheckedAction(action)
    timer.schedule(deadline: .now() + delay.dispatchInterval, repeating: interval.dispatchInterval)
    timer.setEventHandler { work.action() }
    timer.resume()
    return AnyDisposable { timer.cancel() }
  }
}

/// Carries a non-Sendable action to the queue that runs it.
// @unchecked: the scheduler contract hands the action to the scheduler's
// thread; it is never run concurrently with itself on a serial queue.
private struct UncheckedAction: @unchecked Sendable {
  let action: () -> Void
  init(_ action: @escaping @Sendable () -> Void) { self.action = action }
}

extension Duration {
  /// This duration as a Dispatch interval (nanosecond precision, clamped).
  var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    let nanos = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !nanos.overflow else { return seconds < 0 ? .nanoseconds(0) : .never }
    let total = nanos.partialValue.addingReportingOverflow(attoseconds / 1_000_000_000)
    guard !total.overflow, total.partialValue <= Int64(Int.max) else { return .never }
    return .nanoseconds(Int(max(0, total.partialValue)))
  }
}
