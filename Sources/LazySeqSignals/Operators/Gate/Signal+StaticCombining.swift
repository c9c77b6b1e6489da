// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// RAC's spelling of combineLatest, zip and merge for two or three signals:
// `Signal.combineLatest(a, b)`. Each is the instance form with `a` as the
// receiver; the array forms stay for any number of signals of one type.

extension Signal where Value: Sendable {
  /// Sends the pair of the latest values of `a` and `b` whenever either
  /// sends, once both have sent. RAC `+combineLatest:` of two signals,
  /// with their own types.
  ///
  /// The same as `a.combineLatest(with: b)`
  /// (``combineLatest(with:)``): completes when both complete; an error of
  /// either ends it. `a` is subscribed first.
  ///
  /// ```swift
  /// let (name, age) = (Subject<String>(), Subject<Int>())
  /// Signal.combineLatest(name.signal, age.signal).subscribe(next: { print($0) })
  /// name.sendNext("ada")
  /// age.sendNext(36)       // ("ada", 36)
  /// name.sendNext("bob")   // ("bob", 36)
  /// ```
  ///
  /// - Parameters:
  ///   - a: the first signal.
  ///   - b: the second signal.
  /// - Returns: pairs of latest values.
  public static func combineLatest<B: Sendable>(
    _ a: Signal<Value>, _ b: Signal<B>
  ) -> Signal<(Value, B)> {
    a.combineLatest(with: b)
  }

  /// Sends the triple of the latest values of `a`, `b` and `c` whenever any
  /// of them sends, once all three have sent. RAC `+combineLatest:` of
  /// three signals, with their own types.
  ///
  /// The same as `a.combineLatest(with: b, c)`
  /// (``combineLatest(with:_:)``): completes when all three complete; an
  /// error of any ends it. The signals are subscribed in the order `a`,
  /// `b`, `c`.
  ///
  /// ```swift
  /// let (name, age, admin) = (Subject<String>(), Subject<Int>(), Subject<Bool>())
  /// Signal.combineLatest(name.signal, age.signal, admin.signal).subscribe(next: { print($0) })
  /// name.sendNext("ada")
  /// age.sendNext(36)
  /// admin.sendNext(true)   // ("ada", 36, true)
  /// ```
  ///
  /// - Parameters:
  ///   - a: the first signal.
  ///   - b: the second signal.
  ///   - c: the third signal.
  /// - Returns: triples of latest values.
  public static func combineLatest<B: Sendable, C: Sendable>(
    _ a: Signal<Value>, _ b: Signal<B>, _ c: Signal<C>
  ) -> Signal<(Value, B, C)> {
    a.combineLatest(with: b, c)
  }

  /// Pairs the values of `a` and `b` by position. RAC `+zip:` of two
  /// signals, with their own types.
  ///
  /// The same as `a.zip(with: b)` (``zip(with:)``): values wait until the
  /// other signal has one at the same position; completes as soon as no
  /// further pair is possible; an error of either ends it.
  ///
  /// ```swift
  /// Signal.zip(Signal(Seq(["Ada", "Bob"])), Signal(Seq([1, 2, 3])))
  ///   .subscribe(next: { print($0) })
  /// // ("Ada", 1)
  /// // ("Bob", 2)
  /// ```
  ///
  /// - Parameters:
  ///   - a: the first signal.
  ///   - b: the second signal.
  /// - Returns: pairs, by position.
  public static func zip<B: Sendable>(_ a: Signal<Value>, _ b: Signal<B>) -> Signal<(Value, B)> {
    a.zip(with: b)
  }

  /// Pairs the values of `a`, `b` and `c` by position into triples. RAC
  /// `+zip:` of three signals, with their own types.
  ///
  /// The same as `a.zip(with: b, c)` (``zip(with:_:)``): completes as soon
  /// as no further triple is possible; an error of any ends it.
  ///
  /// ```swift
  /// Signal.zip(Signal(Seq(["Ada", "Bob"])), Signal(Seq(["eats", "cooks"])), Signal(Seq([1, 2, 3])))
  ///   .subscribe(next: { print($0) })
  /// // ("Ada", "eats", 1)
  /// // ("Bob", "cooks", 2)
  /// ```
  ///
  /// - Parameters:
  ///   - a: the first signal.
  ///   - b: the second signal.
  ///   - c: the third signal.
  /// - Returns: triples, by position.
  public static func zip<B: Sendable, C: Sendable>(
    _ a: Signal<Value>, _ b: Signal<B>, _ c: Signal<C>
  ) -> Signal<(Value, B, C)> {
    a.zip(with: b, c)
  }
}

extension Signal {
  /// Merges `a` and `b` into one signal. RAC `+merge:` of two signals.
  ///
  /// The same as `Signal.merge([a, b])` (``merge(_:)``):
  /// values arrive in the order they are sent; the first error ends the
  /// result; it completes once both have completed.
  ///
  /// ```swift
  /// Signal.merge(Signal(Seq([1, 2])), Signal(Seq([10])))
  ///   .subscribe(next: { print($0) })
  /// // 1
  /// // 2
  /// // 10
  /// ```
  ///
  /// - Parameters:
  ///   - a: the first signal, subscribed first.
  ///   - b: the second signal.
  /// - Returns: both signals' values, in arrival order.
  public static func merge(_ a: Signal<Value>, _ b: Signal<Value>) -> Signal<Value> {
    merge([a, b])
  }

  /// Merges `a`, `b` and `c` into one signal. RAC `+merge:` of three
  /// signals.
  ///
  /// The same as `Signal.merge([a, b, c])`: values arrive in the order they
  /// are sent; the first error ends the result; it completes once all three
  /// have completed.
  ///
  /// ```swift
  /// Signal.merge(Signal(Seq([1])), Signal(Seq([2])), Signal(Seq([3])))
  ///   .subscribe(next: { print($0) })
  /// // 1
  /// // 2
  /// // 3
  /// ```
  ///
  /// - Parameters:
  ///   - a: the first signal, subscribed first.
  ///   - b: the second signal.
  ///   - c: the third signal.
  /// - Returns: the three signals' values, in arrival order.
  public static func merge(
    _ a: Signal<Value>, _ b: Signal<Value>, _ c: Signal<Value>
  ) -> Signal<Value> {
    merge([a, b, c])
  }
}
