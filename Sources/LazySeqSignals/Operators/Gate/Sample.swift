// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// sample(_:): the latest value, inside the downstream's gate, sent on each tick.

extension Signal where Value: Sendable {
  /// Sends the latest value of this signal each time `sampler` sends.
  /// RAC `-sample:`.
  ///
  /// Ticks before the first value are ignored; the same value is sent again
  /// on each tick until a new one arrives. Completes when either signal
  /// completes; errors of either are forwarded.
  ///
  /// - Parameter sampler: the ticks.
  /// - Returns: the sampled values.
  public func sample<U>(_ sampler: Signal<U>) -> Signal<Value> {
    Signal { downstream in
      // Inside `downstream`'s gate (see `Subscriber.serialize`).
      var latest: Value?
      self.forward(to: downstream, next: { value in downstream.serialize { latest = value } })
      guard !downstream.isDisposed else { return nil }
      sampler.forward(
        to: downstream,
        next: { _ in
          downstream.serialize { if let latest { downstream.sendNext(latest) } }
        })
      return nil
    }
  }
}
