// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// catch and catchTo: a replacement signal after an error.

extension Signal {
  /// On error, switches to the signal `handler` returns for it. RAC
  /// `-catch:`.
  ///
  /// The original error is not forwarded; the replacement's events are
  /// (including its own error). Disposal disposes the replacement.
  ///
  /// - Parameter handler: makes the replacement for an error.
  /// - Returns: the signal with errors replaced.
  public func `catch`(_ handler: @escaping @Sendable (any Error) -> Signal<Value>) -> Signal<Value> {
    return Signal { downstream in
      let replacement = SerialDisposable()
      downstream.disposables.add(replacement)
      self.forward(
        to: downstream, next: { downstream.sendNext($0) },
        error: { error in
          let child = Lifetime()
          replacement.inner = child
          handler(error).observe(
            child, next: { downstream.sendNext($0) }, error: { downstream.sendError($0) },
            completed: { downstream.sendCompleted() })
        })
      return nil
    }
  }

  /// On error, switches to `replacement`. RAC `-catchTo:`.
  ///
  /// - Parameter replacement: the signal to continue with.
  /// - Returns: the signal with errors replaced.
  public func catchTo(_ replacement: Signal<Value>) -> Signal<Value> {
    `catch` { _ in replacement }
  }
}
