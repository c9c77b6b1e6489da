// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// zip, every arity: one state (which sources have values waiting, which have
// completed) inside the downstream's gate; each form keeps its values typed.

internal import LazySeq

extension Operators {
  /// The state of one `zip` subscription, whatever its arity: how many
  /// values of each source are waiting, and which sources have completed.
  /// The values themselves wait in the form's own typed queues. A plain
  /// value inside the downstream's gate.
  struct ZipState: Equatable {
    private var waiting: [Int]
    private var completed: [Bool]

    init(sources: Int) {
      waiting = Array(repeating: 0, count: sources)
      completed = Array(repeating: false, count: sources)
    }

    /// Source `index` sent a value; returns whether a row is complete (every
    /// source has a value waiting), in which case one value of each is taken.
    mutating func received(from index: Int) -> Bool {
      waiting[index] += 1
      guard !waiting.contains(0) else { return false }
      for source in waiting.indices { waiting[source] -= 1 }
      return true
    }

    /// Source `index` completed.
    mutating func complete(_ index: Int) { completed[index] = true }

    /// Whether no further row is possible: a completed source has no value
    /// waiting (or there are no sources at all).
    var isExhausted: Bool {
      waiting.isEmpty || waiting.indices.contains { completed[$0] && waiting[$0] == 0 }
    }
  }
}

extension Signal where Value: Sendable {
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
      // Inside `downstream`'s gate (see `Subscriber.serialize`).
      var state = Operators.ZipState(sources: signals.count)
      var queues = Array(repeating: _Queue<Value>(), count: signals.count)
      for (index, signal) in signals.enumerated() {
        let joined = signal.join(
          downstream,
          next: { value in
            queues[index].append(value)
            if state.received(from: index) {
              downstream.sendNext(queues.indices.compactMap { queues[$0].popFirst() })
            }
            if state.isExhausted { downstream.sendCompleted() }
          },
          completed: { Operators.zipCompleted(&state, index, downstream) })
        guard joined else { break }
      }
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
  public func zip<U: Sendable>(with other: Signal<U>) -> Signal<(Value, U)> {
    Signal<(Value, U)> { downstream in
      // Inside `downstream`'s gate (see `Subscriber.serialize`).
      var state = Operators.ZipState(sources: 2)
      var (first, second) = (_Queue<Value>(), _Queue<U>())
      func received(_ index: Int) {
        if state.received(from: index), let x = first.popFirst(), let y = second.popFirst() {
          downstream.sendNext((x, y))
        }
        if state.isExhausted { downstream.sendCompleted() }
      }
      func completed(_ index: Int) { Operators.zipCompleted(&state, index, downstream) }
      _ =
        self.join(
          downstream,
          next: {
            first.append($0)
            received(0)
          }, completed: { completed(0) })
        && other.join(
          downstream,
          next: {
            second.append($0)
            received(1)
          }, completed: { completed(1) })
      return nil
    }
  }

  /// Pairs this signal's values with `other`'s in order and combines each
  /// pair with `reduce`. RAC `+zip:reduce:`.
  ///
  /// The same as ``zip(with:)`` followed by `map`: the n-th value of the
  /// result combines the n-th values of both signals; it completes as soon
  /// as no further pair is possible, and an error of either ends it.
  /// `reduce` runs serially, once per pair, in order.
  ///
  /// ```swift
  /// let names = Subject<String>()
  /// let scores = Subject<Int>()
  /// names.signal.zip(with: scores.signal) { "\($0): \($1)" }
  ///   .subscribe(next: { print($0) })
  /// names.sendNext("ada")   // (nothing: no score yet)
  /// names.sendNext("bob")   // (nothing)
  /// scores.sendNext(3)      // ada: 3
  /// scores.sendNext(5)      // bob: 5
  /// ```
  ///
  /// - Parameters:
  ///   - other: the second signal.
  ///   - reduce: combines `(n-th value of this signal, n-th value of other)`.
  /// - Returns: the combined values.
  public func zip<U: Sendable, R>(
    with other: Signal<U>, reduce: @escaping @Sendable (Value, U) -> R
  ) -> Signal<R> {
    // `reduce` runs in the delivery, behind the gate of `zip`, so it is
    // serial and sees the pairs in order.
    zip(with: other).map { reduce($0.0, $0.1) }
  }

  /// Pairs the values of this signal, `a` and `b` by position into triples.
  /// RAC `+zip:` of three signals, with their own types.
  ///
  /// Values are buffered until all three have one at that position. The
  /// result completes as soon as no further triple is possible (a signal
  /// has completed with no value left waiting); an error of any ends it.
  ///
  /// ```swift
  /// Signal(Seq(["Ada", "Bob"]))
  ///   .zip(with: Signal(Seq(["eats", "cooks"])), Signal(Seq([1, 2, 3])))
  ///   .subscribe(next: { print($0) })
  /// // ("Ada", "eats", 1)
  /// // ("Bob", "cooks", 2)
  /// ```
  ///
  /// - Parameters:
  ///   - a: the second signal.
  ///   - b: the third signal.
  /// - Returns: triples, by position.
  public func zip<U1: Sendable, U2: Sendable>(
    with a: Signal<U1>, _ b: Signal<U2>
  ) -> Signal<(Value, U1, U2)> {
    Signal<(Value, U1, U2)> { downstream in
      // Inside `downstream`'s gate (see `Subscriber.serialize`).
      var state = Operators.ZipState(sources: 3)
      var (first, second, third) = (_Queue<Value>(), _Queue<U1>(), _Queue<U2>())
      func received(_ index: Int) {
        if state.received(from: index), let x = first.popFirst(), let y = second.popFirst(),
          let z = third.popFirst()
        {
          downstream.sendNext((x, y, z))
        }
        if state.isExhausted { downstream.sendCompleted() }
      }
      func completed(_ index: Int) { Operators.zipCompleted(&state, index, downstream) }
      _ =
        self.join(
          downstream,
          next: {
            first.append($0)
            received(0)
          }, completed: { completed(0) })
        && a.join(
          downstream,
          next: {
            second.append($0)
            received(1)
          }, completed: { completed(1) })
        && b.join(
          downstream,
          next: {
            third.append($0)
            received(2)
          }, completed: { completed(2) })
      return nil
    }
  }
}

extension Operators {
  /// Source `index` of a zip completed: the result completes if no further
  /// row is possible.
  static func zipCompleted<R>(_ state: inout ZipState, _ index: Int, _ downstream: Subscriber<R>) {
    state.complete(index)
    if state.isExhausted { downstream.sendCompleted() }
  }
}
