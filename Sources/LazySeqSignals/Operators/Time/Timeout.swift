// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// timeout(_:on:): a timer that fails the downstream unless the source ends first.

extension Signal where Value: Sendable {
  /// Fails with ``SignalError/timedOut`` unless this signal terminates
  /// within `interval`. RAC `-timeout:onScheduler:`.
  ///
  /// Values pass through meanwhile; the timer is cancelled by a terminal
  /// event or disposal.
  ///
  /// - Parameters:
  ///   - interval: the allowed time.
  ///   - scheduler: where the timeout is measured and the error sent.
  /// - Returns: the guarded signal.
  public func timeout(_ interval: Duration, on scheduler: any Scheduler) -> Signal<Value> {
    Signal { downstream in
      downstream.disposables.add(
        scheduler.schedule(after: interval) { downstream.sendError(SignalError.timedOut) })
      self.forward(to: downstream, next: { downstream.sendNext($0) })
      return nil
    }
  }
}
