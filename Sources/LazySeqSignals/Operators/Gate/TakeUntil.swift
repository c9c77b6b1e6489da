// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// take(until:) and take(untilReplacement:): two sources, one downstream gate.

extension Signal {
  /// Sends this signal's events until `trigger` sends a value or completes,
  /// then completes. RAC `-takeUntil:`.
  ///
  /// The trigger is subscribed first, so a trigger that fires at once (such
  /// as ``Signal/empty``) completes the result before any value.
  ///
  /// - Parameter trigger: the stop signal; its errors are ignored.
  /// - Returns: this signal, cut short by `trigger`.
  public func take<U>(until trigger: Signal<U>) -> Signal<Value> {
    Signal { downstream in
      trigger.forward(
        to: downstream,
        next: { _ in downstream.sendCompleted() },
        error: { _ in },
        completed: { downstream.sendCompleted() })
      guard !downstream.isDisposed else { return nil }
      self.forward(to: downstream, next: { downstream.sendNext($0) })
      return nil
    }
  }

  /// Sends this signal's values and errors until `replacement` sends its
  /// first event, then only `replacement`'s events. RAC
  /// `-takeUntilReplacement:`.
  ///
  /// This signal's completion is not forwarded (the result waits for the
  /// replacement); any event of `replacement` disposes this signal's
  /// subscription.
  ///
  /// - Parameter replacement: the signal that takes over.
  /// - Returns: the combined signal.
  public func take(untilReplacement replacement: Signal<Value>) -> Signal<Value> {
    Signal { downstream in
      // Inside `downstream`'s gate: whether the replacement has taken over.
      // A source event and the replacement's first event are ordered by the
      // gate, so no source event can follow the replacement's.
      var replaced = false
      let receiver = SerialDisposable()
      downstream.disposables.add(receiver)
      func takeOver(_ send: () -> Void) {
        downstream.serialize {
          replaced = true
          send()
        }
        receiver.dispose()
      }
      replacement.forward(
        to: downstream,
        next: { value in takeOver { downstream.sendNext(value) } },
        error: { error in takeOver { downstream.sendError(error) } },
        completed: { takeOver { downstream.sendCompleted() } })
      guard !receiver.isDisposed else { return nil }
      let upstream = Lifetime()
      receiver.inner = upstream
      self.observe(
        upstream,
        next: { value in downstream.serialize { if !replaced { downstream.sendNext(value) } } },
        error: { error in downstream.serialize { if !replaced { downstream.sendError(error) } } },
        completed: {})
      return nil
    }
  }
}
