extension Signal {
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
  public func combineLatest<U, R>(
    with other: Signal<U>, reduce: @escaping (Value, U) -> R
  ) -> Signal<R> {
    Signal<R> { downstream in
      let gate = OrderedGate<LatestPair<Value, U>, (Value, U)>(LatestPair()) { event in
        switch event {
        case .next(let pair): if !downstream.isDisposed { downstream.sendNext(reduce(pair.0, pair.1)) }
        case .error(let error): downstream.sendError(error)
        case .completed: downstream.sendCompleted()
        }
      }
      let link = CompoundDisposable()
      self.relay(
        to: downstream, link: link,
        next: { value in gate.update { $0.set(a: value) } },
        error: { error in gate.update { $0.fail(error) } },
        completed: { gate.update { $0.complete() } })
      guard !downstream.isDisposed else { return link }
      return other.relay(
        to: downstream, link: link,
        next: { value in gate.update { $0.set(b: value) } },
        error: { error in gate.update { $0.fail(error) } },
        completed: { gate.update { $0.complete() } })
    }
  }
}

/// The latest values of a two-signal `combineLatest`.
struct LatestPair<A, B> {
  var a: A?
  var b: B?
  var remaining = 2
  var ended = false

  mutating func set(a value: A) -> [Event<(A, B)>] {
    a = value
    return current()
  }

  mutating func set(b value: B) -> [Event<(A, B)>] {
    b = value
    return current()
  }

  private func current() -> [Event<(A, B)>] {
    guard !ended, let a, let b else { return [] }
    return [.next((a, b))]
  }

  mutating func complete() -> [Event<(A, B)>] {
    remaining -= 1
    guard remaining == 0, !ended else { return [] }
    ended = true
    return [.completed]
  }

  mutating func fail(_ error: any Error) -> [Event<(A, B)>] {
    guard !ended else { return [] }
    ended = true
    return [.error(error)]
  }
}
