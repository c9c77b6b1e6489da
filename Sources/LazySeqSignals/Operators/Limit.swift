extension Signal {
  /// Drops the first `count` values. RAC `-skip:`.
  ///
  /// - Parameter count: how many values to drop; must not be negative.
  /// - Returns: the values after the first `count`.
  @inlinable
  public func skip(_ count: Int) -> Signal<Value> {
    precondition(count >= 0, "Signal.skip(_:): the count must not be negative, got \(count)")
    return lift { sink, _ in
      var remaining = count
      return Sink(
        next: { value in
          if remaining > 0 {
            remaining -= 1
          } else {
            sink.next(value)
          }
        }, end: sink.end)
    }
  }

  /// Sends the first `count` values, then completes and disposes the source.
  /// RAC `-take:`.
  ///
  /// `take(0)` completes at once without subscribing.
  ///
  /// - Parameter count: how many values to send; must not be negative.
  /// - Returns: at most `count` values.
  @inlinable
  public func take(_ count: Int) -> Signal<Value> {
    precondition(count >= 0, "Signal.take(_:): the count must not be negative, got \(count)")
    if count == 0 { return .empty }
    return lift { sink, lifetime in
      var taken = 0
      return Sink(
        next: { value in
          guard taken < count else { return }
          taken += 1
          sink.next(value)
          if taken == count {
            lifetime.dispose()
            sink.end(.completed)
          }
        },
        end: { completion in
          if taken < count { sink.end(completion) }
        })
    }
  }

  /// Sends values until one satisfies `predicate` (not sent), then
  /// completes. RAC `-takeUntilBlock:`.
  ///
  /// - Parameter predicate: the stop condition.
  /// - Returns: the values before the first match.
  @inlinable
  public func take(until predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
    take(while: { !predicate($0) })
  }

  /// Sends values while they satisfy `predicate`, then completes. RAC
  /// `-takeWhileBlock:`.
  ///
  /// - Parameter predicate: the condition to keep going.
  /// - Returns: the leading values that satisfy `predicate`.
  @inlinable
  public func take(while predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
    lift { sink, lifetime in
      var done = false
      return Sink(
        next: { value in
          guard !done else { return }
          if predicate(value) { return sink.next(value) }
          done = true
          lifetime.dispose()
          sink.end(.completed)
        },
        end: { completion in
          if !done { sink.end(completion) }
        })
    }
  }

  /// Drops values until one satisfies `predicate`, then sends it and every
  /// later value. RAC `-skipUntilBlock:`.
  ///
  /// - Parameter predicate: the start condition.
  /// - Returns: the values from the first match on.
  @inlinable
  public func skip(until predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
    skip(while: { !predicate($0) })
  }

  /// Drops values while they satisfy `predicate`, then sends every later
  /// value. RAC `-skipWhileBlock:`.
  ///
  /// - Parameter predicate: the condition to keep dropping.
  /// - Returns: the values from the first one that fails `predicate`.
  @inlinable
  public func skip(while predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
    lift { sink, _ in
      var skipping = true
      return Sink(
        next: { value in
          if skipping, predicate(value) { return }
          skipping = false
          sink.next(value)
        }, end: sink.end)
    }
  }

  /// Sends this signal's events until `trigger` sends a value or completes,
  /// then completes. RAC `-takeUntil:`.
  ///
  /// The trigger is subscribed first, so a trigger that fires at once (such
  /// as ``Signal/empty``) completes the result before any value.
  ///
  /// - Parameter trigger: the stop signal; its errors are ignored.
  /// - Returns: this signal, cut short by `trigger`.
  public func take<U>(until trigger: Signal<U>) -> Signal<Value> {
    return Signal { downstream in
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
    return Signal { downstream in
      let receiver = SerialDisposable()
      downstream.disposables.add(receiver)
      replacement.forward(
        to: downstream,
        next: {
          receiver.dispose()
          downstream.sendNext($0)
        },
        error: {
          receiver.dispose()
          downstream.sendError($0)
        },
        completed: {
          receiver.dispose()
          downstream.sendCompleted()
        })
      guard !receiver.isDisposed else { return nil }
      let upstream = Lifetime()
      receiver.inner = upstream
      self.observe(
        upstream, next: { downstream.sendNext($0) }, error: { downstream.sendError($0) },
        completed: {})
      return nil
    }
  }
}
