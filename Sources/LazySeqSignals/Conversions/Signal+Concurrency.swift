// Swift concurrency: a signal's values as an AsyncSequence, and a signal
// from any AsyncSequence.

extension Signal {
  /// The signal's values as an `AsyncSequence`, for `for try await`.
  ///
  /// Each iteration subscribes afresh (the signal is cold). Values are
  /// buffered without limit until the loop consumes them (`AsyncThrowingStream`
  /// with `.unbounded` buffering), so a fast signal never blocks or drops.
  /// The loop ends when the signal completes and throws its error. Leaving
  /// the loop early (`break`, `return`, a thrown error) or cancelling the
  /// task disposes the subscription.
  ///
  /// ```swift
  /// for try await value in Seq([1, 2, 3]).signal().values {
  ///   print(value)
  /// }
  /// ```
  public var values: SignalValues<Value> { SignalValues(signal: self) }

  /// A signal that iterates `sequence` in a new task for each subscription,
  /// sending its elements, then completing (or sending the error it throws).
  ///
  /// Disposing the subscription cancels the task.
  ///
  /// ```swift
  /// let stream = AsyncStream<Int> { c in c.yield(1); c.yield(2); c.finish() }
  /// let signal = Signal(stream)
  /// ```
  public convenience init<S: AsyncSequence>(_ sequence: S) where S.Element == Value {
    self.init { subscriber in
      // The iterator is made here and wrapped in a type-erased closure, so
      // the task below captures no generic metatypes.
      var iterator = sequence.makeAsyncIterator()
      let pull = Operators.UncheckedBox<() async throws -> Value?>({ try await iterator.next() })
      let task = Task {
        do {
          while let element = try await pull.value() {
            if Task.isCancelled { return }
            subscriber.sendNext(element)
          }
          subscriber.sendCompleted()
        } catch {
          if !Task.isCancelled { subscriber.sendError(error) }
        }
      }
      return AnyDisposable { task.cancel() }
    }
  }
}

/// The values of a signal as an `AsyncSequence`; see `Signal.values`.
public struct SignalValues<Value>: AsyncSequence, @unchecked Sendable {
  // @unchecked: `Signal` is Sendable; only `Value` may not be, and values
  // are handed over once, from the signal to the iterating task.
  public typealias Element = Value

  let signal: Signal<Value>

  /// Subscribes to the signal and returns an iterator over its values.
  public func makeAsyncIterator() -> Iterator {
    let (stream, continuation) = AsyncThrowingStream<
      Operators.UncheckedBox<Value>, any Error
    >.makeStream(bufferingPolicy: .unbounded)
    let subscription = signal.subscribe(
      next: { continuation.yield(Operators.UncheckedBox($0)) },
      error: { continuation.finish(throwing: Operators.UncheckedBox($0).value) },
      completed: { continuation.finish() })
    continuation.onTermination = { _ in subscription.dispose() }
    return Iterator(base: stream.makeAsyncIterator())
  }

  /// Iterates the values of one subscription.
  public struct Iterator: AsyncIteratorProtocol {
    var base: AsyncThrowingStream<Operators.UncheckedBox<Value>, any Error>.Iterator

    /// The next value, `nil` after completion; throws the signal's error.
    public mutating func next() async throws -> Value? {
      try await base.next()?.value
    }
  }
}

extension Operators {
  /// Moves a value that is used by one task at a time across an isolation
  /// boundary the compiler cannot see through.
  struct UncheckedBox<Wrapped>: @unchecked Sendable {
    let value: Wrapped
    init(_ value: Wrapped) { self.value = value }
  }
}
