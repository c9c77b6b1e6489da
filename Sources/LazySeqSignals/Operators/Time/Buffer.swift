// buffer(_:on:): batches by time; the batch is state inside the downstream's gate.

extension Signal where Value: Sendable {
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
    Signal<[Value]> { downstream in
      // Inside `downstream`'s gate: the batch. A timer that fires and
      // completion each take it in one step of the gate, so completion never
      // misses a batch a timer has just taken.
      let state = GateState(Operators.BufferState<Value>())
      let timer = SerialDisposable()
      downstream.disposables.add(timer)
      self.forward(
        to: downstream,
        next: { value in
          guard let generation = downstream.serialize({ state.value.add(value) }) else { return }
          timer.swap(
            scheduler.schedule(after: interval) {
              downstream.serialize {
                if let batch = state.value.fire(generation) { downstream.sendNext(batch) }
              }
            })?.dispose()
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
}

extension Operators {
  /// The state of one `buffer(_:on:)` subscription: the batch being filled
  /// and the generation of the timer armed when it started. A plain value
  /// inside the downstream's gate.
  struct BufferState<Value> {
    private(set) var batch: [Value] = []
    private(set) var generation = 0

    /// Adds a value; returns the generation of the timer to arm when it
    /// starts a new batch, `nil` otherwise.
    mutating func add(_ value: Value) -> Int? {
      batch.append(value)
      guard batch.count == 1 else { return nil }
      generation += 1
      return generation
    }

    /// The timer of `generation` fired: the batch, if that timer is still
    /// the current one and the batch is not empty.
    mutating func fire(_ generation: Int) -> [Value]? {
      guard generation == self.generation, !batch.isEmpty else { return nil }
      defer { batch = [] }
      return batch
    }

    /// Completion: the batch, if any, to send at once.
    mutating func flush() -> [Value]? {
      guard !batch.isEmpty else { return nil }
      generation += 1
      defer { batch = [] }
      return batch
    }
  }
}
