// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

public import Foundation
internal import LazySeq

extension Signal where Value == Date {
  /// Sends the current date every `period`, until disposed. RAC
  /// `+interval:onScheduler:`.
  ///
  /// - Parameters:
  ///   - period: the time between values (the first comes after one
  ///     period); must be positive (a precondition).
  ///   - scheduler: where the values are sent.
  /// - Returns: an infinite signal of dates.
  public static func interval(_ period: Duration, on scheduler: any Scheduler) -> Signal<Date> {
    precondition(
      period > .zero, argumentMessage("Signal.interval(_:on:)", "the period must be positive", got: period))
    return Signal { downstream in
      scheduler.schedule(after: period, repeatingEvery: period) { downstream.sendNext(Date()) }
    }
  }
}
