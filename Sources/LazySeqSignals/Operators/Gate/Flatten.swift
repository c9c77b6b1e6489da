// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

internal import LazySeq

extension Operators {
  /// What ``Flatten``'s pump does next (not nested in the generic class:
  /// a nested type is generic too, and its metadata would be looked up at
  /// run time on every step).
  private enum FlattenPumpStep {
    case subscribe(AnyObject)
    case again
    case stop
  }

  /// Merges inner signals into one subscriber, at most `limit` at a time
  /// (0 = no limit), queuing the rest. Completes once the outer side is done
  /// and every inner signal has completed.
  ///
  /// Subscribing queued inner signals is pumped in a loop, so thousands of
  /// synchronous inner signals do not grow the stack.
  ///
  /// The class is generic but its state is not: the operators that use it
  /// are not specialized, and state that mentioned `Signal<U>` (a queue of
  /// them, a step carrying one) looked up generic metadata at run time
  /// several times per inner signal (about 4,800 instructions per value of
  /// `flatMap { .just($0) }`). The queued inner signals are kept as
  /// `AnyObject`; only ``subscribe(_:)`` sees their type.
  // @unchecked: the state below is touched only under `lock`.
  final class Flatten<U>: @unchecked Sendable {
    private let downstream: Subscriber<U>
    private let limit: Int
    private let lock = Lock()
    // `@exclusivity(unchecked)`: `lock` makes every access exclusive.
    @exclusivity(unchecked) private var active = 0
    /// The inner signals waiting for a slot (each a `Signal<U>`).
    @exclusivity(unchecked) private var waiting = _Queue<AnyObject>()
    @exclusivity(unchecked) private var outerDone = false
    @exclusivity(unchecked) private var pumping = false
    @exclusivity(unchecked) private var pumpRequested = false
    @exclusivity(unchecked) private var completed = false

    init(downstream: Subscriber<U>, limit: Int) {
      self.downstream = downstream
      self.limit = limit
    }

    func add(_ inner: Signal<U>) {
      lock.withLock { waiting.append(inner) }
      pump()
    }

    func outerCompleted() {
      lock.withLock { outerDone = true }
      completeIfDone()
    }

    private func pump() {
      let enter = lock.withLock { () -> Bool in
        if pumping {
          pumpRequested = true
          return false
        }
        pumping = true
        return true
      }
      guard enter else { return }
      while true {
        let step = lock.withLock { () -> FlattenPumpStep in
          guard limit == 0 || active < limit, let next = waiting.popFirst() else {
            guard pumpRequested else {
              pumping = false
              return .stop
            }
            pumpRequested = false
            return .again
          }
          active += 1
          return .subscribe(next)
        }
        switch step {
        case .subscribe(let next): subscribe(unsafeDowncast(next, to: Signal<U>.self))
        case .again: continue
        case .stop: return
        }
      }
    }

    /// Subscribes to `inner` as a child of the downstream: one object (the
    /// child lifetime) per inner subscription; each callback captures a
    /// single object, which is its own context.
    private func subscribe(_ inner: Signal<U>) {
      let downstream = self.downstream
      let child = downstream.lifetime.makeChild()
      guard !child.isDisposed else { return }
      inner.attach(Sink(next: { downstream.sendNext($0) }, end: { [self] in innerEnded($0) }), child)
    }

    /// An inner signal ended: an error ends the downstream; a completion
    /// frees its slot.
    private func innerEnded(_ completion: Completion) {
      guard case .completed = completion else { return downstream.sendEnd(completion) }
      lock.withLock { active -= 1 }
      pump()
      completeIfDone()
    }

    private func completeIfDone() {
      let done = lock.withLock { () -> Bool in
        guard !completed, outerDone, active == 0, waiting.isEmpty else { return false }
        completed = true
        return true
      }
      if done { downstream.sendCompleted() }
    }
  }
}

extension Signal where Value: Sendable {
  /// Monadic bind: subscribes to the signal the binder returns for each
  /// value and merges their values. RAC `-bind:`.
  ///
  /// `makeBinder` runs once per subscription, so the binder may keep state
  /// for that subscription. The binder returns the signal for a value, or
  /// `nil` to end the source at once (that value contributes nothing);
  /// setting the `Bool` to `true` ends the source after that value's signal.
  /// Ending the source disposes its subscription; inner signals already
  /// subscribed keep delivering, and the result completes once they all
  /// complete. Any error ends everything.
  ///
  /// The binder runs on the thread that sends each value and may keep a
  /// value for the next call, so the values must be `Sendable`;
  /// ``flatMap(_:)-((Value)->Signal<U>)``, whose closure keeps nothing, takes
  /// values of any type.
  ///
  /// ```swift
  /// numbers.bind {
  ///   var count = 0
  ///   return { value, stop in
  ///     count += 1
  ///     if count == 2 { stop = true }
  ///     return .just(value * 10)
  ///   }
  /// }
  /// // 1, 2, 3 → 10, 20
  /// ```
  ///
  /// - Parameter makeBinder: makes the binder of one subscription.
  /// - Returns: the merged inner signals.
  public func bind<U>(
    _ makeBinder: @escaping @Sendable () -> (Value, inout Bool) -> Signal<U>?
  ) -> Signal<U> {
    return Signal<U> { downstream in
      let binder = makeBinder()
      let flatten = Operators.Flatten(downstream: downstream, limit: 0)
      let outer = SerialDisposable()
      downstream.disposables.add(outer)
      let sourceDone = OnceFlag()
      let upstream = Lifetime()
      outer.inner = upstream
      self.observe(
        upstream,
        next: { value in
          guard !downstream.isDisposed else { return }
          var stop = false
          let inner = binder(value, &stop)
          if let inner { flatten.add(inner) }
          if inner == nil || stop {
            outer.dispose()
            if sourceDone.set() { flatten.outerCompleted() }
          }
        },
        error: { downstream.sendError($0) },
        completed: { if sourceDone.set() { flatten.outerCompleted() } })
      return nil
    }
  }
}

extension Signal {
  /// Maps each value to a signal and merges those signals. RAC
  /// `-flattenMap:`.
  ///
  /// ```swift
  /// numbers.flatMap { n in Signal.just(n).concat(.just(n)) }  // 1, 2 → 1, 1, 2, 2
  /// ```
  ///
  /// - Parameter transform: makes the inner signal for each value.
  /// - Returns: the merged inner signals.
  public func flatMap<U>(_ transform: @escaping @Sendable (Value) -> Signal<U>) -> Signal<U> {
    Signal<U> { downstream in
      let flatten = Operators.Flatten(downstream: downstream, limit: 0)
      self.forward(
        to: downstream, next: { flatten.add(transform($0)) }, completed: { flatten.outerCompleted() })
      return nil
    }
  }

  /// Maps each value to an optional signal and merges the signals; `nil`
  /// contributes nothing (it does not end the result).
  ///
  /// - Parameter transform: makes the inner signal for each value, or `nil`.
  /// - Returns: the merged inner signals.
  public func flatMap<U>(_ transform: @escaping @Sendable (Value) -> Signal<U>?) -> Signal<U> {
    let orEmpty: @Sendable (Value) -> Signal<U> = { transform($0) ?? .empty }
    return flatMap(orEmpty)
  }

  /// Merges the signals of `signals` into one. RAC `+merge:`.
  ///
  /// Values arrive in the order they are sent; the first error ends the
  /// result (later signals are not subscribed if an earlier one fails
  /// synchronously); it completes once every signal has completed, at once
  /// for an empty array.
  ///
  /// - Parameter signals: the signals to merge.
  /// - Returns: the merged signal.
  public static func merge(_ signals: [Signal<Value>]) -> Signal<Value> {
    Signal<Signal<Value>>.of(signals).flatten()
  }

  /// Merges this signal with `other`. RAC `-merge:`.
  ///
  /// - Parameter other: the signal to merge with.
  /// - Returns: both signals' values, in arrival order.
  public func merge(with other: Signal<Value>) -> Signal<Value> {
    Signal.merge([self, other])
  }

  /// Sends this signal's events, then, once it completes, `other`'s.
  /// RAC `-concat:`.
  ///
  /// - Parameter other: subscribed only after this signal completes.
  /// - Returns: the concatenation.
  public func concat(_ other: Signal<Value>) -> Signal<Value> {
    Signal.concat([self, other])
  }

  /// Concatenates `signals`: each is subscribed after the previous one
  /// completes. RAC `+concat:`.
  ///
  /// - Parameter signals: the signals, in order.
  /// - Returns: the concatenation; completes at once for an empty array.
  public static func concat(_ signals: [Signal<Value>]) -> Signal<Value> {
    Signal<Signal<Value>>.of(signals).concat()
  }

  /// Ignores this signal's values and, once it completes, subscribes to the
  /// signal `next` makes. RAC `-then:`.
  ///
  /// - Parameter next: makes the follow-up signal (at completion).
  /// - Returns: the follow-up signal's events.
  public func then<U>(_ next: @escaping @Sendable () -> Signal<U>) -> Signal<U> {
    return Signal<U> { downstream in
      let follow = SerialDisposable()
      downstream.disposables.add(follow)
      self.forward(
        to: downstream, next: { _ in },
        completed: {
          let child = Lifetime()
          follow.inner = child
          next().observe(
            child, next: { downstream.sendNext($0) }, error: { downstream.sendError($0) },
            completed: { downstream.sendCompleted() })
        })
      return nil
    }
  }

  /// A signal that sends the given values synchronously, then completes.
  /// The signals of `signals`, one after the other, then completion.
  static func of<U>(_ signals: [Signal<U>]) -> Signal<Signal<U>> where Value == Signal<U> {
    Signal { subscriber in
      for signal in signals {
        if subscriber.isDisposed { break }
        subscriber.sendNext(signal)
      }
      subscriber.sendCompleted()
      return nil
    }
  }
}

extension Signal {
  /// Merges the inner signals as they arrive. RAC `-flatten`.
  ///
  /// - Returns: the merged values; completes when this signal and every
  ///   inner signal have completed.
  public func flatten<U>() -> Signal<U> where Value == Signal<U> {
    flatten(maxConcurrent: 0)
  }

  /// Merges the inner signals, subscribing to at most `maxConcurrent` at a
  /// time and queuing the others. RAC `-flatten:`.
  ///
  /// - Parameter maxConcurrent: the limit; 0 means no limit, 1 concatenates.
  /// - Returns: the merged values; completes when this signal and every
  ///   inner signal have completed.
  public func flatten<U>(maxConcurrent: Int) -> Signal<U> where Value == Signal<U> {
    precondition(
      maxConcurrent >= 0,
      argumentMessage("Signal.flatten(maxConcurrent:)", "the limit must not be negative", got: maxConcurrent))
    return Signal<U> { downstream in
      let flatten = Operators.Flatten(downstream: downstream, limit: maxConcurrent)
      self.forward(
        to: downstream, next: { flatten.add($0) }, completed: { flatten.outerCompleted() })
      return nil
    }
  }

  /// Concatenates the inner signals: each is subscribed after the previous
  /// one completes, in arrival order. RAC `-concat`.
  ///
  /// - Returns: the concatenated values.
  public func concat<U>() -> Signal<U> where Value == Signal<U> {
    flatten(maxConcurrent: 1)
  }
}
