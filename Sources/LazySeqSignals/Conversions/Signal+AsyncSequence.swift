// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Swift concurrency, a signal's values as an `AsyncSequence`: `values`,
// `values(bufferingPolicy:)`, `SignalValues` and the channel between the
// subscription and the loop.

internal import Dispatch
internal import LazySeq

extension Signal where Value: Sendable {
  /// The signal's values as an `AsyncSequence`, for `for try await`, with
  /// unbounded buffering.
  ///
  /// The same as ``values(bufferingPolicy:)`` with
  /// ``SignalBufferingPolicy/unbounded``: a fast signal never blocks and
  /// never drops a value; what the loop has not consumed yet is kept in
  /// memory.
  ///
  /// ```swift
  /// for try await value in Signal(Seq([1, 2, 3])).values {
  ///   print(value)
  /// }
  /// // 1
  /// // 2
  /// // 3
  /// let naturals = Signal(Seq.iterate(0) { $0 + 1 })
  /// for try await n in naturals.values {
  ///   if n == 3 { break }  // ends the loop and stops the infinite signal
  /// }
  /// ```
  public var values: SignalValues<Value> { values(bufferingPolicy: .unbounded) }

  /// The signal's values as an `AsyncSequence`, buffered as `bufferingPolicy`
  /// says.
  ///
  /// Each iteration subscribes afresh (the signal is cold), and only when the
  /// loop first asks for a value, never before: making the iterator does
  /// not subscribe. The subscription is made from a private dispatch queue,
  /// never on the loop's thread, so a signal that sends synchronously inside
  /// `subscribe` (even forever, like `Signal(Seq.iterate(0) { $0 + 1 })`)
  /// does not hold up the loop. The handling of `break` and cancellation is
  /// installed before subscribing: leaving the loop early (`break`,
  /// `return`, a thrown error) or cancelling its task disposes the
  /// subscription, which stops even a synchronous signal that is still
  /// sending (as long as it checks `isDisposed`, as `Signal(_:on:)` and the
  /// operators do).
  ///
  /// Values the loop has not asked for yet wait in a buffer; a value sent
  /// while the loop is waiting goes straight to it. When the buffer holds
  /// `n` values, ``SignalBufferingPolicy/bufferingOldest(_:)`` drops each new
  /// value and ``SignalBufferingPolicy/bufferingNewest(_:)`` drops the
  /// oldest buffered one. The signal's completion ends the loop after the
  /// buffered values, and its error is thrown after them. Cancelling the
  /// loop's task ends it (`next()` returns `nil`).
  ///
  /// ```swift
  /// let subject = Subject<Int>()
  /// var latest = subject.signal.values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
  /// // (once the loop has subscribed and is busy elsewhere)
  /// // subject sends 1, 2, 3, then completes
  /// print(try await latest.next() as Any)  // Optional(3)
  /// print(try await latest.next() as Any)  // nil
  /// ```
  ///
  /// - Parameter bufferingPolicy: what to keep when the loop is slower than
  ///   the signal.
  /// - Returns: an `AsyncSequence` of the values; each iterator is one
  ///   subscription.
  /// - Complexity: O(1) per value; memory O(the buffer).
  public func values(bufferingPolicy: SignalBufferingPolicy) -> SignalValues<Value> {
    switch bufferingPolicy {
    case .unbounded: break
    case .bufferingOldest(let limit), .bufferingNewest(let limit):
      precondition(
        limit >= 0,
        argumentMessage(
          "Signal.values(bufferingPolicy:)", "the buffer limit must not be negative", got: limit))
    }
    return SignalValues(signal: self, bufferingPolicy: bufferingPolicy)
  }
}

/// The order in which the buffered conversions keep values the
/// consumer has not asked for yet; see ``Signal/values(bufferingPolicy:)``.
///
/// ```swift
/// signal.values(bufferingPolicy: .bufferingNewest(1))  // only the latest waits
/// ```
public enum SignalBufferingPolicy: Sendable, Hashable {
  /// Keep every value until the loop takes it.
  case unbounded
  /// Keep at most the first `n` values that wait; drop newer ones while the
  /// buffer is full.
  case bufferingOldest(Int)
  /// Keep at most the last `n` values that wait; drop the oldest buffered
  /// one to make room for a new one. Dropped values are released in groups
  /// of `n`, so the buffer never holds more than `2 * n` values.
  case bufferingNewest(Int)
}

/// The values of a signal as an `AsyncSequence`; see ``Signal/values`` and
/// ``Signal/values(bufferingPolicy:)``.
///
/// Making an iterator does not subscribe; its first `next()` does.
public struct SignalValues<Value: Sendable>: AsyncSequence, Sendable {
  public typealias Element = Value
  public typealias Failure = any Error

  let signal: Signal<Value>
  let bufferingPolicy: SignalBufferingPolicy

  public func makeAsyncIterator() -> Iterator {
    Iterator(signal: signal, bufferingPolicy: bufferingPolicy)
  }

  /// The iterator of ``SignalValues``: subscribes at its first `next`, and
  /// hands back a value already buffered without suspending.
  ///
  /// Not `Sendable`: one loop owns it. Copies share the subscription.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let signal: Signal<Value>
    @usableFromInline let bufferingPolicy: SignalBufferingPolicy
    @usableFromInline var consumer: Operators.ValuesConsumer<Value>?

    @usableFromInline
    init(signal: Signal<Value>, bufferingPolicy: SignalBufferingPolicy) {
      self.signal = signal
      self.bufferingPolicy = bufferingPolicy
    }

    /// The next value, in the caller's isolation: a buffered value is
    /// returned at once, without suspending or changing executors; the
    /// caller suspends only when nothing is buffered.
    ///
    /// - Returns: the next value, or `nil` once the signal has completed
    ///   (after the buffered values) or the loop's task is cancelled.
    /// - Throws: the signal's error, after the buffered values.
    @inlinable  // values-performance: the buffered path is a plain call, no async frame
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws -> Value? {
      if let consumer, let value = consumer.nextTaken() { return value }
      return try await nextFromChannel(isolation: actor)
    }

    /// The slow path of ``next(isolation:)``: subscribes on the first call,
    /// then takes what the channel holds, or waits for it.
    @usableFromInline
    mutating func nextFromChannel(isolation actor: isolated (any Actor)?) async throws -> Value? {
      if consumer == nil { consumer = subscribe() }
      return try await consumer.unsafelyUnwrapped.next(isolation: actor)
    }

    /// The next value; see ``next(isolation:)``.
    public mutating func next() async throws -> Value? {
      try await next(isolation: nil)
    }

    private func subscribe() -> Operators.ValuesConsumer<Value> {
      let channel = Operators.ValuesChannel<Value>(bufferingPolicy)
      // One subscription's events arrive serially, and the channel has its
      // own lock: the callbacks need no gate of their own.
      let lifetime = Lifetime()
      // Before subscribing: `break` (the iterator is released) and task
      // cancellation both dispose the subscription, even while a
      // synchronous signal is still sending.
      let consumer = Operators.ValuesConsumer(channel: channel, subscription: lifetime)
      let signal = self.signal
      DispatchQueue(label: "LazySeqSignals.values").async {
        signal.observe(
          lifetime,
          next: { channel.push($0) },
          error: { channel.finish(.failure($0)) },
          completed: { channel.finish(.success(())) })
      }
      return consumer
    }
  }
}

@available(*, unavailable)
extension SignalValues.Iterator: Sendable {}

extension Operators {
  /// The handle of one `values` loop: disposing the subscription when the
  /// loop's iterator is released (`break`, `return`, a thrown error).
  @usableFromInline
  final class ValuesConsumer<Value: Sendable> {
    let channel: ValuesChannel<Value>
    let subscription: any Disposable
    /// Values taken from the channel in one batch, served without a lock.
    @usableFromInline @exclusivity(unchecked) var batch: [Value] = []
    @usableFromInline @exclusivity(unchecked) var position = 0

    init(channel: ValuesChannel<Value>, subscription: any Disposable) {
      self.channel = channel
      self.subscription = subscription
    }

    deinit { subscription.dispose() }

    /// The next value of the batch already taken, if any, unless the loop's
    /// task is cancelled (then ``next(isolation:)`` ends the loop).
    @inlinable
    func nextTaken() -> Value? {
      guard position < batch.count, !Task.isCancelled else { return nil }
      position += 1
      return batch[position - 1]
    }

    func next(isolation actor: isolated (any Actor)?) async throws -> Value? {
      if Task.isCancelled {
        subscription.dispose()
        return nil
      }
      // The fast path: a value taken earlier, or waiting in the channel; no
      // suspension, no executor hop, one lock per batch.
      if position < batch.count {
        position += 1
        return batch[position - 1]
      }
      batch.removeAll(keepingCapacity: true)
      position = 0
      if let end = channel.takeAll(into: &batch) {
        try end.get()
        return nil
      }
      if !batch.isEmpty {
        position = 1
        return batch[0]
      }
      let channel = self.channel
      let subscription = self.subscription
      return try await withTaskCancellationHandler(
        operation: {
          try await withUnsafeThrowingContinuation(isolation: actor) { continuation in
            channel.wait(continuation)
          }
        },
        onCancel: {
          subscription.dispose()
          channel.cancel()
        },
        isolation: actor)
    }
  }

  /// The buffer between a signal and its `values` loop.
  ///
  /// The signal pushes on its own thread; the loop takes on its own. A value
  /// pushed while the loop waits goes straight to it; otherwise it is
  /// buffered as the policy says.
  final class ValuesChannel<Value: Sendable>: Sendable {
    typealias Continuation = UnsafeContinuation<Value?, any Error>

    enum Taken {
      case value(Value)
      case end(Result<Void, any Error>)
      case empty
    }

    private struct State {
      var buffer: [Value] = []
      var head = 0
      var end: Result<Void, any Error>?
      var waiting: Continuation?
    }

    private let state = Locked(State())
    private let policy: SignalBufferingPolicy

    init(_ policy: SignalBufferingPolicy) {
      self.policy = policy
    }

    /// Moves every buffered value into `batch` (which must be empty; its
    /// storage becomes the channel's next buffer), or returns the end once
    /// nothing is buffered.
    func takeAll(into batch: inout [Value]) -> Result<Void, any Error>? {
      state.withLock { state in
        if state.head < state.buffer.count {
          swap(&batch, &state.buffer)
          if state.head > 0 { batch.removeFirst(state.head) }
          state.head = 0
          return nil
        }
        return state.end
      }
    }

    /// Parks the loop until the next value or the end (or returns at once
    /// if one arrived meanwhile).
    func wait(_ continuation: Continuation) {
      let ready = state.withLock { state -> Taken in
        if state.head < state.buffer.count {
          let value = state.buffer[state.head]
          state.head += 1
          return .value(value)
        }
        if let end = state.end { return .end(end) }
        state.waiting = continuation
        return .empty
      }
      switch ready {
      case .value(let value): continuation.resume(returning: value)
      case .end(.success): continuation.resume(returning: nil)
      case .end(.failure(let error)): continuation.resume(throwing: error)
      case .empty: break
      }
    }

    func push(_ value: Value) {
      let waiting = state.withLock { state -> Continuation? in
        if let waiting = state.waiting {
          state.waiting = nil
          return waiting
        }
        let count = state.buffer.count - state.head
        switch policy {
        case .unbounded:
          state.buffer.append(value)
        case .bufferingOldest(let limit):
          if count < limit { state.buffer.append(value) }
        case .bufferingNewest(let limit):
          guard limit > 0 else { break }
          if count >= limit {
            state.head += 1
            // Releases the dropped values once as many as the limit have
            // piled up, so a loop that is busy elsewhere holds at most twice
            // the limit: O(1) amortized (a move of `limit` values per `limit`
            // pushes).
            if state.head >= limit {
              state.buffer.removeFirst(state.head)
              state.head = 0
            }
          }
          state.buffer.append(value)
        }
        return nil
      }
      waiting?.resume(returning: value)
    }

    func finish(_ end: Result<Void, any Error>) {
      let waiting = state.withLock { state -> Continuation? in
        guard state.end == nil else { return nil }
        state.end = end
        defer { state.waiting = nil }
        return state.waiting
      }
      switch end {
      case .success: waiting?.resume(returning: nil)
      case .failure(let error): waiting?.resume(throwing: error)
      }
    }

    /// Ends the loop because its task was cancelled: it returns `nil`.
    func cancel() {
      let waiting = state.withLock { state -> Continuation? in
        state.buffer = []
        state.head = 0
        if state.end == nil { state.end = .success(()) }
        defer { state.waiting = nil }
        return state.waiting
      }
      waiting?.resume(returning: nil)
    }
  }

  final class Waiter<Value: Sendable>: Sendable {
    typealias Continuation = CheckedContinuation<[Value], any Error>
    private struct State {
      var values: [Value] = []
      var end: Result<Void, any Error>?
      var continuation: Continuation?
      var resumed = false
    }

    private let state = Locked(State())

    init() {}

    func append(_ value: Value) {
      state.withLock { $0.values.append(value) }
    }

    /// Stores `continuation`, or resumes it at once if the end is known.
    /// Returns whether the caller should subscribe.
    func wait(with continuation: Continuation) -> Bool {
      let ended = state.withLock { state -> Bool in
        state.continuation = continuation
        return state.end != nil
      }
      if ended { resume() }
      return !ended
    }

    /// Records the end (the first one wins) and resumes the continuation if
    /// it is waiting.
    func finish(_ end: Result<Void, any Error>) {
      state.withLock { state in
        if state.end == nil { state.end = end }
      }
      resume()
    }

    private func resume() {
      let ready = state.withLock { state -> (Continuation, Result<[Value], any Error>)? in
        guard !state.resumed, let continuation = state.continuation, let end = state.end else {
          return nil
        }
        state.resumed = true
        state.continuation = nil
        defer { state.values = [] }
        return (continuation, end.map { state.values })
      }
      guard let (continuation, outcome) = ready else { return }
      switch outcome {
      case .success(let values): continuation.resume(returning: values)
      case .failure(let error): continuation.resume(throwing: error)
      }
    }
  }
}
