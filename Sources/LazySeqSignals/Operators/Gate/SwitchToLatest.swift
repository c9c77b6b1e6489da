// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// switchToLatest, and the operators built on it: RAC's `+switch:cases:default:`
// and `+if:then:else:` (both names are Swift keywords, hence `switchTo` and
// `ifThenElse`).

extension Signal {
  /// Forwards the values of the most recent inner signal only, disposing
  /// the previous one. RAC `-switchToLatest`.
  ///
  /// Completes once this signal and the latest inner signal have completed;
  /// an error of either ends the result.
  ///
  /// - Returns: the latest inner signal's values.
  @inlinable
  public func switchToLatest<U>() -> Signal<U> where Value == Signal<U> {
    Signal<U> { downstream in
      // Inside `downstream`'s gate: which inner signal is current. An inner
      // value is checked and sent in one step of the gate, so a replaced
      // inner signal can never send after the new one has. (Inlinable, so
      // specialized where it is used: an inner value is then sent without
      // a queued closure or a generic metadata lookup.)
      let state = GateState(Operators.SwitchToLatestState())
      let current = SerialDisposable()
      downstream.disposables.add(current)
      self.forward(
        to: downstream,
        next: { inner in
          let generation = downstream.serialize { state.value.switchToNewInner() }
          current.swap(nil)?.dispose()
          let child = Lifetime()
          current.inner = child
          guard !child.isDisposed else { return }
          // One object per inner subscription besides its lifetime: each
          // callback captures only it.
          let observer = Operators.SwitchToLatestInner(downstream, state, generation)
          inner.attach(Sink(next: { observer.next($0) }, end: { observer.end($0) }), child)
        },
        completed: {
          downstream.serialize { if state.value.outerCompleted() { downstream.sendCompleted() } }
        })
      return nil
    }
  }

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

extension Operators {
  /// The callbacks of one inner signal of `switchToLatest`: its values and
  /// its end count only while it is the current one.
  @usableFromInline
  final class SwitchToLatestInner<U> {
    @usableFromInline let downstream: Subscriber<U>
    @usableFromInline let state: GateState<SwitchToLatestState>
    @usableFromInline let generation: Int

    @inlinable
    init(_ downstream: Subscriber<U>, _ state: GateState<SwitchToLatestState>, _ generation: Int) {
      self.downstream = downstream
      self.state = state
      self.generation = generation
    }

    @inlinable
    func next(_ value: U) {
      downstream.serializeSending { state.value.isCurrent(generation) ? value : nil }
    }

    @inlinable
    func end(_ completion: Completion) {
      switch completion {
      case .completed:
        downstream.serialize {
          if state.value.innerCompleted(generation) { downstream.sendCompleted() }
        }
      case .failed(let error):
        downstream.serialize {
          if state.value.isCurrent(generation) { downstream.sendError(error) }
        }
      }
    }
  }

  /// The state of one `switchToLatest` subscription: which inner signal is
  /// current (by generation), whether it is still running, and whether the
  /// outer signal has completed. A plain value inside the downstream's gate.
  @usableFromInline
  struct SwitchToLatestState: Equatable {
    @usableFromInline var generation = 0
    @usableFromInline var innerActive = false
    @usableFromInline var outerDone = false

    @inlinable
    init() {}

    /// A new inner signal replaces the current one; returns its generation.
    @inlinable
    mutating func switchToNewInner() -> Int {
      generation += 1
      innerActive = true
      return generation
    }

    /// Whether the inner signal of `generation` is still the current one.
    @inlinable
    func isCurrent(_ generation: Int) -> Bool { self.generation == generation }

    /// The inner signal of `generation` completed; returns whether the
    /// result completes now (it was current and the outer side is done).
    @inlinable
    mutating func innerCompleted(_ generation: Int) -> Bool {
      guard isCurrent(generation) else { return false }
      innerActive = false
      return outerDone
    }

    /// The outer signal completed; returns whether the result completes now
    /// (no inner signal is running).
    @inlinable
    mutating func outerCompleted() -> Bool {
      outerDone = true
      return !innerActive
    }
  }
}
