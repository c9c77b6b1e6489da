// RAC's `+switch:cases:default:` and `+if:then:else:`. Both names are Swift
// keywords, hence `switchTo` and `ifThenElse` (API.md, deliberate
// differences).

extension Signal {
  /// Forwards the events of the case that matches the latest key of
  /// `selector`, switching whenever a new key arrives. RAC
  /// `+switch:cases:default:`.
  ///
  /// Nothing is sent before `selector`'s first key. Each key subscribes to
  /// its case (or to `default` when `cases` has none for it) and disposes the
  /// previous one, like ``switchToLatest()``. A key with no case and no
  /// default ends the result with ``SignalError/noMatchingCase``. Errors of
  /// `selector` and of the active case end the result; it completes once
  /// `selector` and the active case have both completed. An optional `Key`
  /// may use `nil` as a key.
  ///
  /// ```swift
  /// let mode = Subject<String>()
  /// Signal.switchTo(
  ///   mode.signal, cases: ["a": .just("apple"), "b": .just("banana")], default: .just("?")
  /// ).subscribe(next: { print($0) })
  /// mode.sendNext("b")  // banana
  /// mode.sendNext("z")  // ?
  /// ```
  ///
  /// - Parameters:
  ///   - selector: the keys.
  ///   - cases: the signal to forward for each key.
  ///   - defaultCase: the signal for the keys `cases` does not have; `nil`
  ///     makes such a key an error.
  /// - Returns: the events of the case of the latest key.
  public static func switchTo<Key: Hashable & Sendable>(
    _ selector: Signal<Key>, cases: [Key: Signal<Value>], default defaultCase: Signal<Value>? = nil
  ) -> Signal<Value> {
    selector.map { key in
      cases[key] ?? defaultCase ?? Signal.error(SignalError.noMatchingCase)
    }.switchToLatest()
  }

  /// Forwards the events of `then` while the latest value of `condition` is
  /// `true`, and of `else` while it is `false`. RAC `+if:then:else:`.
  ///
  /// The same as ``switchTo(_:cases:default:)`` with the two cases `true`
  /// and `false`: nothing is sent before the first Boolean, each Boolean
  /// subscribes afresh to its branch and disposes the previous one, errors
  /// of `condition` or of the active branch end the result, and it completes
  /// once `condition` and the active branch have both completed.
  ///
  /// ```swift
  /// let online = Subject<Bool>()
  /// Signal.ifThenElse(online.signal, then: .just("sync"), else: .just("queue"))
  ///   .subscribe(next: { print($0) })
  /// online.sendNext(false)  // queue
  /// online.sendNext(true)   // sync
  /// ```
  ///
  /// - Parameters:
  ///   - condition: the Booleans that choose the branch.
  ///   - then: the branch for `true`.
  ///   - elseBranch: the branch for `false`.
  /// - Returns: the events of the branch of the latest Boolean.
  public static func ifThenElse(
    _ condition: Signal<Bool>, then: Signal<Value>, else elseBranch: Signal<Value>
  ) -> Signal<Value> {
    condition.map { $0 ? then : elseBranch }.switchToLatest()
  }
}
