// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Swift concurrency, into a signal: a signal from any `AsyncSequence`, from
// an `AsyncStream` or `AsyncThrowingStream`, or from one async call.

internal import Dispatch
internal import LazySeq

extension Signal where Value: Sendable {
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
