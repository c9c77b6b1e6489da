// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// zipLongest(with:): pairs of optionals until both sources complete, the
// signal form of `Seq.zipLongest(with:)`. Its state lives inside the
// downstream's gate.

internal import LazySeq

extension Operators {
  /// The state of one `zipLongest(with:)` subscription: the values of one
  /// source waiting for the other's (at most one side has any), and which
  /// sources have completed. A plain value inside the downstream's gate.
  struct ZipLongestState<First, Second> {
    private var firsts = _Queue<First>()
    private var seconds = _Queue<Second>()
    private var firstCompleted = false
    private var secondCompleted = false

    init() {}

    /// The first source sent `value`: the pair it completes, if any.
    mutating func received(first value: First) -> (First?, Second?)? {
      if let second = seconds.popFirst() { return (value, second) }
      if secondCompleted { return (value, nil) }
      firsts.append(value)
      return nil
    }

    /// The second source sent `value`: the pair it completes, if any.
    mutating func received(second value: Second) -> (First?, Second?)? {
      if let first = firsts.popFirst() { return (first, value) }
      if firstCompleted { return (nil, value) }
      seconds.append(value)
      return nil
    }

    /// The first source completed: the second's waiting values pair with
    /// nothing.
    mutating func completeFirst() -> [(First?, Second?)] {
      firstCompleted = true
      var pairs: [(First?, Second?)] = []
      while let second = seconds.popFirst() { pairs.append((nil, second)) }
      return pairs
    }

    /// The second source completed: the first's waiting values pair with
    /// nothing.
    mutating func completeSecond() -> [(First?, Second?)] {
      secondCompleted = true
      var pairs: [(First?, Second?)] = []
      while let first = firsts.popFirst() { pairs.append((first, nil)) }
      return pairs
    }

    /// Whether both sources have completed (no value is waiting then).
    var isFinished: Bool { firstCompleted && secondCompleted }
  }
}

extension Signal where Value: Sendable {
  /// Pairs this signal's values with `other`'s by position until *both*
  /// complete; once one has completed, the other's values pair with `nil`.
  /// Scala `zipAll`; the signal form of `Seq.zipLongest(with:)`.
  ///
  /// Values wait until the other signal sends the value at the same
  /// position or completes. The result completes when both have completed;
  /// an error of either ends it at once.
  ///
  /// ```swift
  /// Signal(Seq([1, 2, 3])).zipLongest(with: Signal(Seq(["a"])))
  ///   .subscribe(next: { print($0.0 as Any, $0.1 as Any) })
  /// // Optional(1) Optional("a")
  /// // Optional(2) nil
  /// // Optional(3) nil
  /// ```
  ///
  /// - Parameter other: the second signal.
  /// - Returns: the pairs, as many as the longer signal has values.
  /// - Complexity: O(1) amortized per value; memory O(the number of values
  ///   one signal is ahead of the other).
  public func zipLongest<U: Sendable>(with other: Signal<U>) -> Signal<(Value?, U?)> {
    Signal<(Value?, U?)> { downstream in
      // Inside `downstream`'s gate (see `Subscriber.serialize`).
      var state = Operators.ZipLongestState<Value, U>()
      func send(_ pairs: [(Value?, U?)]) {
        for pair in pairs { downstream.sendNext(pair) }
        if state.isFinished { downstream.sendCompleted() }
      }
      _ =
        self.join(
          downstream,
          next: { value in
            if let pair = state.received(first: value) { downstream.sendNext(pair) }
          },
          completed: { send(state.completeFirst()) })
        && other.join(
          downstream,
          next: { value in
            if let pair = state.received(second: value) { downstream.sendNext(pair) }
          },
          completed: { send(state.completeSecond()) })
      return nil
    }
  }
}
