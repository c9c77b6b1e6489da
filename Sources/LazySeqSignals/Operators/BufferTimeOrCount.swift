extension Signal where Value: Sendable {
  /// Collects values into arrays, sending each one `interval` after its
  /// first value or as soon as it holds `count` values, whichever comes
  /// first; completion sends the rest. RxSwift `buffer(timeSpan:count:scheduler:)`.
  ///
  /// Nothing is sent while no value arrives. Each array's timer starts with
  /// its first value; an array filled to `count` is sent at once and its
  /// timer is cancelled. On completion the values collected so far (if any)
  /// are sent as a last array before the completion; an error is forwarded
  /// at once and drops them.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let clicks = Subject<Int>()
  /// clicks.signal.buffer(.seconds(1), count: 3, on: scheduler)
  ///   .subscribe(next: { print($0, "at", scheduler.now) })
  /// for click in 1...4 { clicks.sendNext(click) }  // [1, 2, 3] at 0.0 seconds
  /// scheduler.advance(by: .seconds(1))  // [4] at 1.0 seconds
  /// clicks.sendNext(5)
  /// clicks.sendCompleted()  // [5] at 1.0 seconds
  /// ```
  ///
  /// - Parameters:
  ///   - interval: the longest time an array waits after its first value.
  ///   - count: the most values an array holds; must be positive.
  ///   - scheduler: where the arrays sent by time are sent.
  /// - Returns: the arrays.
  /// - Complexity: O(1) amortized per value, plus one scheduled action per
  ///   array; O(`count`) memory.
  public func buffer(_ interval: Duration, count: Int, on scheduler: any Scheduler) -> Signal<[Value]> {
    precondition(
      count > 0, "Signal.buffer(_:count:on:): the count must be positive, got \(count)")
    return Signal<[Value]> { downstream in
      // Inside `downstream`'s gate: changed only in `downstream.serialize`.
      let state = Operators.InsideGate(Operators.TimeOrCountBuffer<Value>(count: count))
      let timer = SerialDisposable()
      downstream.disposables.add(timer)
      self.forward(
        to: downstream,
        next: { value in
          downstream.serialize {
            switch state.value.add(value) {
            case .started(let generation):
              timer.swap(
                scheduler.schedule(after: interval) {
                  downstream.serialize {
                    if let batch = state.value.fire(generation) { downstream.sendNext(batch) }
                  }
                })?.dispose()
            case .added:
              break
            case .full(let batch):
              timer.swap(nil)?.dispose()
              downstream.sendNext(batch)
            }
          }
        },
        completed: {
          downstream.serialize {
            timer.dispose()
            if let rest = state.value.flush() { downstream.sendNext(rest) }
            downstream.sendCompleted()
          }
        })
      return nil
    }
  }
}

extension Operators {
  /// A value of an operator's state that lives inside the downstream's gate:
  /// read and changed only in `downstream.serialize { … }`, which also
  /// orders the sends each change produces.
  // @unchecked: every access happens inside one subscriber's gate.
  final class InsideGate<State>: @unchecked Sendable {
    var value: State

    init(_ value: State) { self.value = value }
  }

  /// The state of one `buffer(_:count:on:)` subscription: the array being
  /// filled and the generation of its timer. A pure value: no thread, no
  /// scheduler.
  ///
  /// A timer carries the generation it was armed for, so a timer that
  /// fires after its array was sent by count (its cancellation raced its
  /// start) finds a newer generation and sends nothing.
  struct TimeOrCountBuffer<Value> {
    /// What adding a value did.
    enum Added {
      /// The value started a new array: arm a timer for `generation`.
      case started(generation: Int)
      /// The value joined the current array.
      case added
      /// The value filled the array: send it (and cancel its timer).
      case full([Value])
    }

    let count: Int
    private(set) var batch: [Value] = []
    private(set) var generation = 0

    init(count: Int) { self.count = count }

    mutating func add(_ value: Value) -> Added {
      batch.append(value)
      if batch.count == count {
        generation += 1
        return .full(take())
      }
      if batch.count > 1 { return .added }
      generation += 1
      return .started(generation: generation)
    }

    /// The timer of `generation` fired: the array to send, if it is still
    /// the one the timer was armed for.
    mutating func fire(_ generation: Int) -> [Value]? {
      guard generation == self.generation, !batch.isEmpty else { return nil }
      self.generation += 1
      return take()
    }

    /// Completion: what is left, if anything.
    mutating func flush() -> [Value]? {
      guard !batch.isEmpty else { return nil }
      generation += 1
      return take()
    }

    private mutating func take() -> [Value] {
      defer { batch = [] }
      return batch
    }
  }
}
