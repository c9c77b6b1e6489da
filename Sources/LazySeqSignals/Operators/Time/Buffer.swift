// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// buffer: by count (a fused operator), by time, or by time or count, whichever
// comes first (gate operators whose batch is state inside the downstream's
// gate, so a timer, a full batch and completion are ordered by the gate).

public import LazySeq

extension Signal where Value: Sendable {
  /// Collects values into arrays of `count`; completion sends the rest.
  /// Kotlin Flow `chunked`; RxSwift `buffer(timeSpan:count:)` without the
  /// time.
  ///
  /// Each array is sent as soon as it holds `count` values. On completion,
  /// the values collected so far (fewer than `count`, if any) are sent as a
  /// last array before the completion; an error is forwarded at once and
  /// drops them.
  ///
  /// ```swift
  /// Signal(Seq(1...7)).buffer(count: 3).subscribe(next: { print($0) })
  /// // [1, 2, 3]
  /// // [4, 5, 6]
  /// // [7]
  /// ```
  ///
  /// - Parameter count: the size of each array but the last; must be
  ///   positive.
  /// - Returns: the arrays.
  /// - Complexity: O(1) amortized per value; O(`count`) memory, growing
  ///   with the values that arrive (never allocated from `count` alone).
  @inlinable  // lazy-performance: a fused operator specializes with its chain
  public func buffer(count: Int) -> Signal<[Value]> {
    precondition(
      count > 0, argumentMessage("Signal.buffer(count:)", "the count must be positive", got: count))
    return lift { sink, _ in
      // The first array grows with what arrives (a caller's count is never
      // allocated up front); once `count` values have arrived, the next
      // array is reserved at that size.
      var batch: [Value] = []
      return Sink(
        next: { value in
          batch.append(value)
          guard batch.count == count else { return }
          let full = batch
          batch = []
          batch.reserveCapacity(count)
          sink.next(full)
        },
        end: { completion in
          if case .completed = completion, !batch.isEmpty {
            let rest = batch
            batch = []
            sink.next(rest)
          }
          sink.end(completion)
        })
    }
  }

  /// Collects values into arrays, one per `interval` after the first value
  /// of each batch. RAC `-bufferWithTime:onScheduler:`.
  ///
  /// Nothing is sent while no value arrives; completion sends the pending
  /// batch (if any) and completes.
  ///
  /// - Parameters:
  ///   - interval: the batch duration.
  ///   - scheduler: where the batches are sent.
  /// - Returns: the batches.
  public func buffer(_ interval: Duration, on scheduler: any Scheduler) -> Signal<[Value]> {
    Operators.buffer(self, interval, count: nil, on: scheduler)
  }

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
      count > 0, argumentMessage("Signal.buffer(_:count:on:)", "the count must be positive", got: count))
    return Operators.buffer(self, interval, count: count, on: scheduler)
  }
}

extension Operators {
  /// `buffer(_:on:)` and `buffer(_:count:on:)`: batches sent by their timer,
  /// or as soon as they hold `count` values (`nil`: no limit).
  static func buffer<Value: Sendable>(
    _ source: Signal<Value>, _ interval: Duration, count: Int?, on scheduler: any Scheduler
  ) -> Signal<[Value]> {
    Signal<[Value]> { downstream in
      // Inside `downstream`'s gate: the batch. A timer that fires, a batch
      // that fills and completion each take it in one step of the gate, so
      // completion never misses a batch a timer has just taken.
      let state = GateState(BufferState<Value>(limit: count))
      let timer = SerialDisposable()
      downstream.disposables.add(timer)
      source.forward(
        to: downstream,
        next: { value in
          let added = downstream.serialize { () -> BufferState<Value>.Added in
            let added = state.value.add(value)
            if case .full(let batch) = added { downstream.sendNext(batch) }
            return added
          }
          switch added {
          case .started(let generation):
            timer.swap(
              scheduler.schedule(after: interval) {
                downstream.serialize {
                  if let batch = state.value.fire(generation) { downstream.sendNext(batch) }
                }
              })?.dispose()
          case .full:
            timer.swap(nil)?.dispose()
          case .added:
            break
          }
        },
        completed: {
          downstream.serialize {
            if let batch = state.value.flush() { downstream.sendNext(batch) }
            downstream.sendCompleted()
          }
          timer.dispose()
        })
      return nil
    }
  }

  /// The state of one `buffer(_:on:)` or `buffer(_:count:on:)`
  /// subscription: the batch being filled and the generation of the timer
  /// armed when it started. A plain value inside the downstream's gate.
  struct BufferState<Value> {
    /// What adding a value did.
    enum Added {
      /// It started a batch: arm the timer of this generation.
      case started(generation: Int)
      /// It joined the batch.
      case added
      /// It filled the batch, which is taken: send it, cancel its timer.
      case full([Value])

      /// The generation of the timer to arm, if the value started a batch.
      var startedGeneration: Int? {
        if case .started(let generation) = self { return generation }
        return nil
      }
    }

    /// The most values a batch holds (`nil`: no limit).
    let limit: Int?
    private(set) var batch: [Value] = []
    private(set) var generation = 0

    init(limit: Int? = nil) { self.limit = limit }

    /// Adds a value.
    mutating func add(_ value: Value) -> Added {
      batch.append(value)
      if let limit, batch.count >= limit {
        generation += 1
        return .full(take())
      }
      guard batch.count == 1 else { return .added }
      generation += 1
      return .started(generation: generation)
    }

    /// The timer of `generation` fired: the batch, if that timer is still
    /// the current one and the batch is not empty.
    mutating func fire(_ generation: Int) -> [Value]? {
      guard generation == self.generation, !batch.isEmpty else { return nil }
      return take()
    }

    /// Completion: the batch, if any, to send at once.
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
