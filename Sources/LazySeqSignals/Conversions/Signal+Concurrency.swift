// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Swift concurrency: a signal's values as an AsyncSequence, a signal from
// any AsyncSequence or from one async call, and the awaiting versions of the
// blocking conversions.

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

  /// A signal that iterates `sequence` in a new task for each subscription,
  /// sending its elements, then completing (or sending the error it throws).
  ///
  /// Disposing the subscription cancels the task. Each subscription makes
  /// its own iterator, so a multi-pass sequence is read again from the start;
  /// a single-pass one (an `AsyncStream`, a network byte stream) gives each
  /// value to only one iterator. Subscribe once and ``share(replay:)`` the
  /// signal when several subscribers need its values; an `AsyncStream` or
  /// `AsyncThrowingStream` is checked for you: a second subscription fails.
  ///
  /// Under a ``TestScheduler``, `await scheduler.advance(by:)` does not wait
  /// for this task (an async sequence usually waits for values from
  /// outside, which the scheduler cannot tell from work in progress); use
  /// ``init(priority:operation:)`` for work that should run in virtual time
  /// deterministically.
  ///
  /// ```swift
  /// let stream = AsyncStream<Int> { c in c.yield(1); c.yield(2); c.finish() }
  /// let signal = Signal(stream)
  /// ```
  public convenience init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Value {
    self.init { subscriber in Self.iterate(sequence, into: subscriber) }
  }

  /// A signal that iterates `stream` in a task, once: an `AsyncStream` is
  /// single-pass, so only the first subscription reads it; any later one
  /// fails at once with ``SignalError/singlePassSequenceAlreadySubscribed``
  /// (rather than getting nothing, or a share of the values).
  ///
  /// To give several subscribers the stream's values, share the signal:
  ///
  /// ```swift
  /// let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
  /// let readings = Signal(stream).share(replay: 1)
  /// readings.subscribe(next: { print("a", $0) })
  /// readings.subscribe(next: { print("b", $0) })
  /// continuation.yield(1)  // a 1, b 1 (from the stream's task)
  /// ```
  ///
  /// - Parameter stream: the stream; read by the first subscription only.
  public convenience init(_ stream: AsyncStream<Value>) {
    self.init(singlePass: stream)
  }

  /// A signal that iterates `stream` in a task, once, sending its elements,
  /// then completing or sending the error it throws. An
  /// `AsyncThrowingStream` is single-pass, so only the first subscription
  /// reads it; any later one fails at once with
  /// ``SignalError/singlePassSequenceAlreadySubscribed``. Share the signal
  /// (``share(replay:)``) to give several subscribers its values.
  ///
  /// - Parameter stream: the stream; read by the first subscription only.
  public convenience init<Failure: Error>(_ stream: AsyncThrowingStream<Value, Failure>) {
    self.init(singlePass: stream)
  }

  private convenience init<S: AsyncSequence & Sendable>(singlePass sequence: S)
  where S.Element == Value {
    let claimed = OnceFlag()
    self.init { subscriber in
      guard claimed.set() else {
        subscriber.sendError(SignalError.singlePassSequenceAlreadySubscribed)
        return nil
      }
      return Self.iterate(sequence, into: subscriber)
    }
  }

  /// Iterates `sequence` in a new task, sending its elements to
  /// `subscriber`; the returned disposable cancels the task.
  private static func iterate<S: AsyncSequence & Sendable>(
    _ sequence: S, into subscriber: Subscriber<Value>
  ) -> any Disposable where S.Element == Value {
    let task = Task {
      do {
        var iterator = sequence.makeAsyncIterator()
        while let element = try await iterator.next() {
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

  /// A signal that runs `operation` in a new task for each subscription and
  /// sends its result, then completes; or sends the error it throws.
  ///
  /// The task starts when the signal is subscribed to (the signal is cold:
  /// each subscription runs `operation` again). Disposing the subscription
  /// cancels the task; nothing is sent after that, not even the error a
  /// cancelled operation throws.
  ///
  /// ```swift
  /// let answer = Signal<Int> {
  ///   try await Task.sleep(for: .milliseconds(10))
  ///   return 42
  /// }
  /// print(try await answer.toArray())  // [42]
  /// ```
  ///
  /// Under a ``TestScheduler``: subscribed while the scheduler runs one of
  /// its actions (a `debounce` or `delay` on it sending into `flatMap` or
  /// `switchToLatest`, say), the task is registered with the scheduler, and
  /// `await scheduler.advance(by:)` waits for it until its operation has
  /// finished and its result has been sent, except while it sleeps on the
  /// scheduler's ``TestScheduler/clock``. An operation that sleeps on
  /// `scheduler.clock` then runs in virtual time deterministically. A bare
  /// `Task { … }` is not waited for that way.
  ///
  /// - Parameters:
  ///   - priority: the priority of the task; `nil` for the default.
  ///   - operation: the work; its result is the signal's only value.
  public convenience init(
    priority: TaskPriority? = nil, operation: @escaping @Sendable () async throws -> Value
  ) {
    self.init { subscriber in
      // Non-nil only while a task tracker is installed on this thread (one
      // thread-local read): a TestScheduler running an action, whose async
      // advance then waits for this task.
      let registration = TaskTracking.taskWillStart()
      let task = Task(priority: priority) {
        defer { registration?.finished() }
        do {
          let value =
            if let registration {
              try await registration.run(operation)
            } else {
              try await operation()
            }
          if Task.isCancelled { return }
          TaskTracking.sending(for: registration) {
            subscriber.sendNext(value)
            subscriber.sendCompleted()
          }
        } catch {
          if !Task.isCancelled {
            TaskTracking.sending(for: registration) { subscriber.sendError(error) }
          }
        }
      }
      return AnyDisposable { task.cancel() }
    }
  }
}

// MARK: - Awaiting conversions

extension Signal where Value: Sendable {
  /// Subscribes, and suspends (without blocking a thread) until the first
  /// value or the end; then disposes the subscription.
  ///
  /// The awaiting counterpart of ``first(timeout:)``. In an `async` context,
  /// `try await signal.first()` calls this version; in synchronous code,
  /// `try signal.first()` calls the blocking one. Like ``values``, it
  /// subscribes from a private dispatch queue, so a synchronous signal never
  /// runs on the awaiting task's thread.
  ///
  /// ```swift
  /// print(try await Signal(Seq.iterate(1) { $0 * 2 }).first() as Any)  // Optional(1)
  /// ```
  ///
  /// - Returns: The first value, or `nil` if the signal completed without
  ///   one.
  /// - Throws: The signal's error, or `CancellationError` if the awaiting
  ///   task is cancelled (the subscription is disposed then).
  public func first() async throws -> Value? {
    try await take(1).awaitEnd(keepingValues: true).first
  }

  /// Subscribes, and suspends (without blocking a thread) until the signal
  /// completes, returning every value.
  ///
  /// The awaiting counterpart of ``toArray(timeout:)``: in an `async`
  /// context `try await signal.toArray()` calls this version.
  ///
  /// ```swift
  /// print(try await Signal(Seq([1, 2, 3]), on: QueueScheduler()).toArray())  // [1, 2, 3]
  /// ```
  ///
  /// - Returns: Every value, in order.
  /// - Throws: The signal's error, or `CancellationError` if the awaiting
  ///   task is cancelled (the subscription is disposed then).
  /// - Important: On a signal that never completes this never returns;
  ///   cancel the task to stop waiting.
  public func toArray() async throws -> [Value] {
    try await awaitEnd(keepingValues: true)
  }

  /// Subscribes, and suspends (without blocking a thread) until the signal
  /// completes, ignoring its values.
  ///
  /// The awaiting counterpart of ``waitUntilCompleted(timeout:)``: in an
  /// `async` context `try await signal.waitUntilCompleted()` calls this
  /// version.
  ///
  /// ```swift
  /// try await Signal<Int>.empty.waitUntilCompleted()  // returns at once
  /// ```
  ///
  /// - Throws: The signal's error, or `CancellationError` if the awaiting
  ///   task is cancelled (the subscription is disposed then).
  public func waitUntilCompleted() async throws {
    _ = try await awaitEnd(keepingValues: false)
  }

  /// Subscribes `subscriber` from a private serial dispatch queue, so that
  /// a signal that sends synchronously inside `subscribe` runs there, not on
  /// the caller's thread. A serial queue of its own is served by Dispatch's
  /// overcommitting pool, which adds a thread when none is idle: a signal
  /// that never returns from `subscribe` (until disposed) cannot starve the
  /// cooperative thread pool or another subscription.
  func subscribeDetached(_ subscriber: Subscriber<Value>) {
    DispatchQueue(label: "LazySeqSignals.subscribe").async { [self] in
      guard !subscriber.isDisposed else { return }
      subscribe(subscriber)
    }
  }

  /// Waits for the signal's end, collecting its values if asked to.
  private func awaitEnd(keepingValues: Bool) async throws -> [Value] {
    let waiter = Operators.Waiter<Value>()
    let subscriber = Subscriber<Value>(
      next: { value in if keepingValues { waiter.append(value) } },
      error: { waiter.finish(.failure($0)) },
      completed: { waiter.finish(.success(())) })
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        if waiter.wait(with: continuation) { subscribeDetached(subscriber) }
      }
    } onCancel: {
      subscriber.dispose()
      waiter.finish(.failure(CancellationError()))
    }
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
