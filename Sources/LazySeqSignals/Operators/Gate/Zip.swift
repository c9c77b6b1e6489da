extension Operators {
  /// One of two value types, so two-signal combinators can reuse the
  /// array-based ones.
  enum Either<A, B> {
    case left(A)
    case right(B)

    var left: A? {
      if case .left(let value) = self { return value }
      return nil
    }

    var right: B? {
      if case .right(let value) = self { return value }
      return nil
    }
  }

  /// The buffers of one `Signal.zip` subscription.
  struct ZipState<Value> {
    var queues: [[Value]]
    var heads: [Int]
    var completed: [Bool]
  }

  /// The latest values of one `Signal.combineLatest` subscription.
  struct CombineLatestState<Value> {
    var latest: [Value?]
    var missing: Int
    var remaining: Int
  }

  /// Subscribes to every signal of `signals` on behalf of `downstream`,
  /// reporting each event with the signal's position.
  static func subscribeAll<Value, U>(
    _ signals: [Signal<Value>], for downstream: Subscriber<U>,
    next: @escaping (Int, Value) -> Void, completed: @escaping (Int) -> Void
  ) {
    for (index, signal) in signals.enumerated() {
      if downstream.isDisposed { return }
      signal.forward(
        to: downstream, next: { next(index, $0) }, completed: { completed(index) })
    }
  }
}

extension Signal {
  /// Pairs the values of all `signals` by position: the first of each, then
  /// the second of each, and so on. RAC `+zip:`.
  ///
  /// Values are buffered until every signal has one at that position. The
  /// result completes as soon as no further array is possible (a signal has
  /// completed and its buffer is empty); an error of any ends it. An empty
  /// array completes at once.
  ///
  /// - Parameter signals: the signals to zip.
  /// - Returns: one array per position, in the order of `signals`.
  public static func zip(_ signals: [Signal<Value>]) -> Signal<[Value]> {
    if signals.isEmpty { return .empty }
    return Signal<[Value]> { downstream in
      let count = signals.count
      // Touched only inside `downstream`'s gate (see `Subscriber.serialize`).
      var state = Operators.ZipState<Value>(
        queues: Array(repeating: [], count: count), heads: Array(repeating: 0, count: count),
        completed: Array(repeating: false, count: count))
      func isExhausted() -> Bool {
        (0..<count).contains { state.completed[$0] && state.heads[$0] == state.queues[$0].count }
      }
      Operators.subscribeAll(
        signals, for: downstream,
        next: { index, value in
          downstream.serialize {
            state.queues[index].append(value)
            guard (0..<count).allSatisfy({ state.heads[$0] < state.queues[$0].count }) else { return }
            var row: [Value] = []
            row.reserveCapacity(count)
            for side in 0..<count {
              row.append(state.queues[side][state.heads[side]])
              state.heads[side] += 1
              if state.heads[side] == state.queues[side].count {
                state.queues[side].removeAll(keepingCapacity: true)
                state.heads[side] = 0
              }
            }
            downstream.sendNext(row)
            if isExhausted() { downstream.sendCompleted() }
          }
        },
        completed: { index in
          downstream.serialize {
            state.completed[index] = true
            if isExhausted() { downstream.sendCompleted() }
          }
        })
      return nil
    }
  }

  /// Pairs this signal's values with `other`'s by position. RAC `-zipWith:`.
  ///
  /// ```swift
  /// names.zip(with: verbs)  // ("Ada", "eats"), ("Bob", "cooks")
  /// ```
  ///
  /// - Parameter other: the second signal.
  /// - Returns: pairs; completes as soon as no further pair is possible.
  public func zip<U>(with other: Signal<U>) -> Signal<(Value, U)> {
    typealias Pair = Operators.Either<Value, U>
    return Signal<Pair>.zip([map { Pair.left($0) }, other.map { Pair.right($0) }])
      .map { ($0[0].left!, $0[1].right!) }
  }

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
      let count = signals.count
      // Touched only inside `downstream`'s gate (see `Subscriber.serialize`).
      var state = Operators.CombineLatestState<Value>(
        latest: Array(repeating: nil, count: count), missing: count, remaining: count)
      Operators.subscribeAll(
        signals, for: downstream,
        next: { index, value in
          downstream.serialize {
            if state.latest[index] == nil { state.missing -= 1 }
            state.latest[index] = value
            if state.missing == 0 { downstream.sendNext(state.latest.map { $0! }) }
          }
        },
        completed: { _ in
          downstream.serialize {
            state.remaining -= 1
            if state.remaining == 0 { downstream.sendCompleted() }
          }
        })
      return nil
    }
  }

  /// Sends the pair of the latest values of this signal and `other` whenever
  /// either sends, once both have sent. RAC `-combineLatestWith:`.
  ///
  /// - Parameter other: the second signal.
  /// - Returns: pairs of latest values; completes when both complete.
  public func combineLatest<U>(with other: Signal<U>) -> Signal<(Value, U)> {
    typealias Pair = Operators.Either<Value, U>
    return Signal<Pair>.combineLatest([map { Pair.left($0) }, other.map { Pair.right($0) }])
      .map { ($0[0].left!, $0[1].right!) }
  }

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
    return Signal { downstream in
      // Touched only inside `downstream`'s gate (see `Subscriber.serialize`).
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
