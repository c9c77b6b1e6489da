// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// combineLatest, every arity: one state (which sources have sent, how many
// still run) inside the downstream's gate; each form keeps its values typed.

extension Operators {
  /// The state of one `combineLatest` subscription, whatever its arity:
  /// which sources have sent a value, and how many have not completed. The
  /// latest values themselves are kept typed by each form. A plain value
  /// inside the downstream's gate.
  @usableFromInline
  struct CombineLatestState: Equatable {
    @usableFromInline var sent: [Bool]
    @usableFromInline var silent: Int
    @usableFromInline var running: Int

    @inlinable
    init(sources: Int) {
      sent = Array(repeating: false, count: sources)
      silent = sources
      running = sources
    }

    /// Source `index` sent a value; returns whether every source has now
    /// sent (a combination can go out).
    @inlinable
    mutating func received(from index: Int) -> Bool {
      if !sent[index] {
        sent[index] = true
        silent -= 1
      }
      return silent == 0
    }

    /// Source `index` completed; returns whether all have (the result
    /// completes).
    @inlinable
    mutating func completed(_ index: Int) -> Bool {
      running -= 1
      return running == 0
    }
  }
}

extension Signal where Value: Sendable {
  /// Sends an array of the latest value of every signal whenever any of them
  /// sends, once all have sent at least once. RAC `+combineLatest:`.
  ///
  /// Completes once every signal has completed (at once for an empty array);
  /// an error of any ends it. Each signal is subscribed once per
  /// subscription, even if it appears several times.
  ///
  /// - Parameter signals: the signals to combine.
  /// - Returns: arrays of latest values, in the order of `signals`.
  public static func combineLatest(_ signals: [Signal<Value>]) -> Signal<[Value]> {
    if signals.isEmpty { return .empty }
    return Signal<[Value]> { downstream in
      // Inside `downstream`'s gate (see `Subscriber.serialize`).
      var state = Operators.CombineLatestState(sources: signals.count)
      var latest = [Value?](repeating: nil, count: signals.count)
      for (index, signal) in signals.enumerated() {
        let joined = signal.join(
          downstream,
          next: { value in
            latest[index] = value
            if state.received(from: index) { downstream.sendNext(latest.compactMap { $0 }) }
          },
          completed: { if state.completed(index) { downstream.sendCompleted() } })
        guard joined else { break }
      }
      return nil
    }
  }

  /// Sends the pair of the latest values of this signal and `other` whenever
  /// either sends, once both have sent. RAC `-combineLatestWith:`.
  ///
  /// - Parameter other: the second signal.
  /// - Returns: pairs of latest values; completes when both complete.
  @inlinable
  public func combineLatest<U: Sendable>(with other: Signal<U>) -> Signal<(Value, U)> {
    Signal<(Value, U)> { downstream in
      // Inside `downstream`'s gate (see `Subscriber.serialize`), which makes
      // every access exclusive: one box, with no dynamic exclusivity check.
      let box = GateState(
        (state: Operators.CombineLatestState(sources: 2), latest: (Value?, U?)(nil, nil)))
      func received(_ index: Int) -> (Value, U)? {
        guard box.value.state.received(from: index), let a = box.value.latest.0,
          let b = box.value.latest.1
        else { return nil }
        return (a, b)
      }
      func completed(_ index: Int) {
        if box.value.state.completed(index) { downstream.sendCompleted() }
      }
      _ =
        self.join(
          downstream,
          sending: {
            box.value.latest.0 = $0
            return received(0)
          }, completed: { completed(0) })
        && other.join(
          downstream,
          sending: {
            box.value.latest.1 = $0
            return received(1)
          }, completed: { completed(1) })
      return nil
    }
  }

  /// Combines the latest values of this signal and `other` with `reduce`
  /// whenever either sends, once both have sent. RAC
  /// `+combineLatest:reduce:`.
  ///
  /// The same as ``combineLatest(with:)`` followed by `map`: completes when
  /// both complete, an error of either ends it. `reduce` runs serially, in
  /// the order the values arrived, never twice for one pair.
  ///
  /// ```swift
  /// let width = Subject<Int>()
  /// let height = Subject<Int>()
  /// width.signal.combineLatest(with: height.signal) { $0 * $1 }
  ///   .subscribe(next: { print($0) })
  /// width.sendNext(2)   // (nothing: no height yet)
  /// height.sendNext(3)  // 6
  /// width.sendNext(4)   // 12
  /// ```
  ///
  /// - Parameters:
  ///   - other: the second signal.
  ///   - reduce: combines `(latest of this signal, latest of other)`.
  /// - Returns: the combined values.
  public func combineLatest<U: Sendable, R>(
    with other: Signal<U>, reduce: @escaping @Sendable (Value, U) -> R
  ) -> Signal<R> {
    // `reduce` runs in the delivery, behind the gate of `combineLatest`, so
    // it is serial and sees the pairs in the order the latest values
    // changed.
    combineLatest(with: other).map { reduce($0.0, $0.1) }
  }

  /// Sends the triple of the latest values of this signal, `a` and `b`
  /// whenever any of them sends, once all three have sent. RAC
  /// `+combineLatest:` of three signals, with their own types.
  ///
  /// Completes once all three have completed; an error of any ends it. Each
  /// signal is subscribed once per subscription, in the order `self`, `a`,
  /// `b`.
  ///
  /// ```swift
  /// let (name, age, admin) = (Subject<String>(), Subject<Int>(), Subject<Bool>())
  /// name.signal.combineLatest(with: age.signal, admin.signal).subscribe(next: { print($0) })
  /// name.sendNext("ada")
  /// age.sendNext(36)
  /// admin.sendNext(true)   // ("ada", 36, true)
  /// age.sendNext(37)       // ("ada", 37, true)
  /// ```
  ///
  /// - Parameters:
  ///   - a: the second signal.
  ///   - b: the third signal.
  /// - Returns: triples of latest values.
  public func combineLatest<U1: Sendable, U2: Sendable>(
    with a: Signal<U1>, _ b: Signal<U2>
  ) -> Signal<(Value, U1, U2)> {
    Signal<(Value, U1, U2)> { downstream in
      // Inside `downstream`'s gate (see `Subscriber.serialize`).
      var state = Operators.CombineLatestState(sources: 3)
      var latest: (Value?, U1?, U2?) = (nil, nil, nil)
      func received(_ index: Int) {
        if state.received(from: index), let x = latest.0, let y = latest.1, let z = latest.2 {
          downstream.sendNext((x, y, z))
        }
      }
      func completed(_ index: Int) { if state.completed(index) { downstream.sendCompleted() } }
      _ =
        self.join(
          downstream,
          next: {
            latest.0 = $0
            received(0)
          }, completed: { completed(0) })
        && a.join(
          downstream,
          next: {
            latest.1 = $0
            received(1)
          }, completed: { completed(1) })
        && b.join(
          downstream,
          next: {
            latest.2 = $0
            received(2)
          }, completed: { completed(2) })
      return nil
    }
  }
}

extension Signal {
  /// Subscribes on behalf of `downstream` as one source of a combining
  /// operator: `next` and `completed` run inside `downstream`'s gate, where
  /// the operator's state lives (errors go straight to `downstream`).
  ///
  /// - Returns: whether `downstream` is still live (subscribe the next
  ///   source only then).
  @inlinable
  func join<R>(
    _ downstream: Subscriber<R>, next: @escaping (Value) -> Void, completed: @escaping () -> Void
  ) -> Bool {
    joining(downstream, next: { value in downstream.serialize { next(value) } }, completed: completed)
  }

  /// ``join(_:next:completed:)`` for an operator specialized where it is
  /// used (`@inlinable`) whose `next` sends at most one value: the value it
  /// returns (see ``Subscriber/serializeSending(_:)``).
  @inlinable
  func join<R>(
    _ downstream: Subscriber<R>, sending next: @escaping (Value) -> R?,
    completed: @escaping () -> Void
  ) -> Bool {
    joining(downstream, next: { value in downstream.serializeSending { next(value) } }, completed: completed)
  }

  /// What both `join`s do: forwards to `downstream` with `next` as it is
  /// (it enters the gate itself) and `completed` inside the gate.
  @inlinable
  func joining<R>(
    _ downstream: Subscriber<R>, next: @escaping (Value) -> Void, completed: @escaping () -> Void
  ) -> Bool {
    guard !downstream.isDisposed else { return false }
    forward(to: downstream, next: next, completed: { downstream.serialize { completed() } })
    return !downstream.isDisposed
  }
}
