// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The Swift-concurrency bridge (Docs/Conversions.md): `values` that subscribes at the first `next()` and can be
// left even while a synchronous, infinite signal is sending; buffering
// policies; the awaiting `first()`, `toArray()`, `waitUntilCompleted()`; and
// `Signal(priority:operation:)`.

import Dispatch
import Foundation
import LazySeq
import LazySeqSignals
import LazySeqTestSupport
import Synchronization
import Testing

private struct Boom: Error, Equatable {}

/// A counter safe to bump from any thread.
private final class Tally: Sendable {
  let value = Atomic<Int>(0)
  func bump() { value.add(1, ordering: .sequentiallyConsistent) }
  var current: Int { value.load(ordering: .sequentiallyConsistent) }
}

/// A value that counts its releases.
private final class Tracked: Sendable {
  let released: Tally
  init(_ released: Tally) { self.released = released }
  deinit { released.bump() }
}

/// One value shared between threads.
private final class Shared<T>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: T?

  var value: T? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

/// Waits (suspending, not blocking) until `condition` holds; gives up after
/// 60,000 polls (a minute or more) so that a regression fails instead of
/// hanging.
///
/// The bound counts polls, not wall time: under ThreadSanitizer on a 2-core
/// machine, blocking tests running in parallel can hold the cooperative
/// pool for over a minute, and a wall-clock deadline then expires before the
/// awaited work (which needs the same pool) has had a chance to run.
private func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
  for _ in 0..<60_000 {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return condition()
}

/// A synchronous signal that sends 0, 1, 2, … until its subscription is
/// disposed, counting the subscriptions that started and those that stopped.
private func counting(started: Tally, stopped: Tally) -> Signal<Int> {
  Signal { subscriber in
    started.bump()
    var next = 0
    while !subscriber.isDisposed {
      subscriber.sendNext(next)
      next += 1
    }
    stopped.bump()
    return nil
  }
}

@Suite("Async bridge: values")
struct AsyncValuesConcurrencyTests {
  @Test("Breaking out of values over an infinite synchronous signal ends the loop (the defect)")
  func breakOutOfInfiniteSynchronousSignal() async throws {
    var seen: [Int] = []
    let naturals = Signal(Seq.iterate(0) { $0 + 1 })
    for try await x in naturals.values {
      seen.append(x)
      if x == 3 { break }
    }
    #expect(seen == [0, 1, 2, 3])
  }

  @Test(
    "break disposes the subscription and stops a synchronous producer that is still sending",
    arguments: [
      SignalBufferingPolicy.unbounded, .bufferingOldest(1), .bufferingNewest(1), .bufferingOldest(0),
      .bufferingNewest(0),
    ])
  func breakStopsTheProducer(policy: SignalBufferingPolicy) async throws {
    let started = Tally()
    let stopped = Tally()
    for try await x in counting(started: started, stopped: stopped).values(bufferingPolicy: policy) {
      if x >= 3 { break }
    }
    #expect(started.current == 1)
    #expect(await eventually { stopped.current == 1 })
  }

  @Test("A negative buffer limit is a precondition failure")
  func negativeBufferLimit() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal.just(1).values(bufferingPolicy: .bufferingNewest(-1))
    }
    #if DEBUG
      if let result {
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("the buffer limit must not be negative, got -1"), "\(message)")
      }
    #endif
  }

  @Test("Making the iterator does not subscribe; the first next() does")
  func subscribesAtFirstNext() async throws {
    let subscriptions = Tally()
    let signal = Signal<Int> { subscriber in
      subscriptions.bump()
      subscriber.sendNext(1)
      subscriber.sendCompleted()
      return nil
    }
    let values = signal.values
    var iterator = values.makeAsyncIterator()
    try await Task.sleep(for: .milliseconds(10))
    #expect(subscriptions.current == 0)
    #expect(try await iterator.next() == 1)
    #expect(subscriptions.current == 1)
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next() == nil)
    #expect(subscriptions.current == 1)
    // Each iterator is its own subscription.
    var again = values.makeAsyncIterator()
    #expect(try await again.next() == 1)
    #expect(subscriptions.current == 2)
  }

  @Test("Cancelling the loop's task disposes the subscription of a synchronous producer")
  func cancellationStopsASynchronousProducer() async {
    let started = Tally()
    let stopped = Tally()
    let producer = counting(started: started, stopped: stopped)
    let consumer = Task {
      var count = 0
      for try await _ in producer.values(bufferingPolicy: .bufferingOldest(4)) { count += 1 }
      return count
    }
    #expect(await eventually { started.current == 1 })
    consumer.cancel()
    _ = await consumer.result
    #expect(await eventually { stopped.current == 1 })
  }

  @Test("A loop in a task cancelled before it starts ends, and never leaves a producer running")
  func cancelledBeforeTheFirstNext() async {
    let started = Tally()
    let stopped = Tally()
    let producer = counting(started: started, stopped: stopped)
    let consumer = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var count = 0
      for try await _ in producer.values { count += 1 }
      return count
    }
    _ = await consumer.result
    try? await Task.sleep(for: .milliseconds(10))
    #expect(await eventually { stopped.current == started.current })
  }

  /// Subscribes, receives 0, then (while the loop is not waiting) sends
  /// 1...5 and `end`; returns what the loop gets after 0 and how it ended.
  /// The policy must keep at least one value: with a zero-size buffer the 0
  /// is dropped unless the loop happens to be waiting already.
  private func afterABurst(
    _ policy: SignalBufferingPolicy, end: Event<Int> = .completed
  ) async -> (values: [Int], error: (any Error)?) {
    let captured = Shared<Subscriber<Int>>()
    let source = Signal<Int> { subscriber in
      captured.value = subscriber
      subscriber.sendNext(0)
      return nil
    }
    var iterator = source.values(bufferingPolicy: policy).makeAsyncIterator()
    var values: [Int] = []
    do {
      let first = try await iterator.next()
      #expect(first == 0)
      let subscriber = captured.value!
      for value in 1...5 { subscriber.sendNext(value) }
      subscriber.send(end)
      while let value = try await iterator.next() { values.append(value) }
      return (values, nil)
    } catch {
      return (values, error)
    }
  }

  @Test("Buffering policies drop exactly as documented")
  func bufferingPolicies() async {
    #expect(await afterABurst(.unbounded).values == [1, 2, 3, 4, 5])
    #expect(await afterABurst(.bufferingOldest(2)).values == [1, 2])
    #expect(await afterABurst(.bufferingNewest(2)).values == [4, 5])
    #expect(await afterABurst(.bufferingOldest(1)).values == [1])
    #expect(await afterABurst(.bufferingNewest(1)).values == [5])
    #expect(await afterABurst(.bufferingNewest(9)).values == [1, 2, 3, 4, 5])
  }

  @Test("bufferingNewest releases what it drops while the loop is busy")
  func bufferingNewestReleasesDroppedValues() async throws {
    let released = Tally()
    let captured = Shared<Subscriber<Tracked>>()
    let source = Signal<Tracked> { subscriber in
      captured.value = subscriber
      subscriber.sendNext(Tracked(released))
      return nil
    }
    var iterator = source.values(bufferingPolicy: .bufferingNewest(3)).makeAsyncIterator()
    _ = try await iterator.next()
    // The loop is busy (it does not ask): 1,000 values arrive, 3 are kept.
    let subscriber = try #require(captured.value)
    for _ in 0..<1_000 { subscriber.sendNext(Tracked(released)) }
    #expect(released.current >= 1_000 - 2 * 3)
    subscriber.sendCompleted()
    var kept = 0
    while try await iterator.next() != nil { kept += 1 }
    #expect(kept == 3)
  }

  @Test("The error is thrown after the buffered values")
  func errorAfterBufferedValues() async {
    let unbounded = await afterABurst(.unbounded, end: .error(Boom()))
    #expect(unbounded.values == [1, 2, 3, 4, 5])
    #expect(unbounded.error as? Boom == Boom())
    let newest = await afterABurst(.bufferingNewest(1), end: .error(Boom()))
    #expect(newest.values == [5])
    #expect(newest.error as? Boom == Boom())
  }

  @Test("values and values(bufferingPolicy:) throw the signal's error")
  func errorsAreThrown() async {
    let failing = Signal<Int> { subscriber in
      subscriber.sendNext(1)
      subscriber.sendError(Boom())
      return nil
    }
    for values in [failing.values, failing.values(bufferingPolicy: .bufferingOldest(8))] {
      var received: [Int] = []
      await #expect(throws: Boom.self) {
        for try await value in values { received.append(value) }
      }
      #expect(received == [1])
    }
  }

  @Test("Values sent from other threads all arrive, in order, with unbounded buffering")
  func valuesFromAnotherThread() async throws {
    var received: [Int] = []
    for try await value in Signal(Seq(0..<1_000), on: QueueScheduler()).values { received.append(value) }
    #expect(received == Array(0..<1_000))
  }
}

@Suite("Async bridge: awaiting conversions")
struct AsyncConversionConcurrencyTests {
  @Test("first() returns the first value or nil, and throws the signal's error")
  func first() async throws {
    let seven: Int? = try await Signal.just(7).first()
    #expect(seven == 7)
    #expect(try await Signal(Seq([1, 2, 3]), on: QueueScheduler()).first() == 1)
    #expect(try await Signal<Int>.empty.first() == nil)
    await #expect(throws: Boom.self) { try await Signal<Int>.error(Boom()).first() }
  }

  @Test("first() of an infinite synchronous signal takes one value and stops it")
  func firstOfInfinite() async throws {
    let started = Tally()
    let stopped = Tally()
    #expect(try await counting(started: started, stopped: stopped).first() == 0)
    #expect(await eventually { stopped.current == 1 })
    #expect(try await Signal(Seq.iterate(1) { $0 * 2 }).first() == 1)
  }

  @Test("toArray() returns every value and throws the signal's error")
  func toArray() async throws {
    #expect(try await Signal(Seq([1, 2, 3])).toArray() == [1, 2, 3])
    #expect(try await Signal(Seq(0..<500), on: QueueScheduler()).toArray() == Array(0..<500))
    #expect(try await Signal<Int>.empty.toArray() == [])
    let failing = Signal<Int> { subscriber in
      subscriber.sendNext(1)
      subscriber.sendError(Boom())
      return nil
    }
    await #expect(throws: Boom.self) { try await failing.toArray() }
  }

  @Test("waitUntilCompleted() returns on completion and throws on error")
  func waitUntilCompleted() async throws {
    try await Signal(Seq([1, 2]), on: QueueScheduler()).waitUntilCompleted()
    await #expect(throws: Boom.self) { try await Signal<Int>.error(Boom()).waitUntilCompleted() }
  }

  /// Awaits `body` on `signal` in a task, cancels it once subscribed, and
  /// returns the error and the number of disposals.
  private func cancelWhileAwaiting(
    _ body: @escaping @Sendable (Signal<Int>) async throws -> Void
  ) async -> (error: (any Error)?, disposed: Int) {
    let subscribed = Tally()
    let disposed = Tally()
    let never = Signal<Int> { _ in
      subscribed.bump()
      return AnyDisposable { disposed.bump() }
    }
    let task = Task { try await body(never) }
    _ = await eventually { subscribed.current == 1 }
    task.cancel()
    let result = await task.result
    // The subscription runs on a thread of its own: what `didSubscribe`
    // returned is attached (and, being late, disposed at once) when it
    // returns, which may be just after the task has ended.
    _ = await eventually { disposed.current > 0 }
    if case .failure(let error) = result { return (error, disposed.current) }
    return (nil, disposed.current)
  }

  @Test("Cancelling the awaiting task disposes the subscription and throws CancellationError")
  func cancellationDisposes() async {
    let first = await cancelWhileAwaiting { _ = try await $0.first() }
    #expect(first.error is CancellationError)
    #expect(first.disposed == 1)
    let array = await cancelWhileAwaiting { _ = try await $0.toArray() }
    #expect(array.error is CancellationError)
    #expect(array.disposed == 1)
    let wait = await cancelWhileAwaiting { try await $0.waitUntilCompleted() }
    #expect(wait.error is CancellationError)
    #expect(wait.disposed == 1)
  }

  @Test("A task cancelled before awaiting throws CancellationError and does not subscribe")
  func cancelledBeforeAwaiting() async {
    let subscribed = Tally()
    let signal = Signal<Int> { subscriber in
      subscribed.bump()
      subscriber.sendNext(1)
      subscriber.sendCompleted()
      return nil
    }
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await signal.toArray()
    }
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    try? await Task.sleep(for: .milliseconds(10))
    #expect(subscribed.current == 0)
  }

  @Test("Cancelling toArray() stops a synchronous infinite producer")
  func cancellationStopsASynchronousProducer() async {
    let started = Tally()
    let stopped = Tally()
    let producer = counting(started: started, stopped: stopped)
    let task = Task { try await producer.toArray().count }
    #expect(await eventually { started.current == 1 })
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(await eventually { stopped.current == 1 })
  }

  /// In synchronous code the same spelling calls the blocking version.
  func blockingFirst(_ signal: Signal<Int>) throws -> Int? { try signal.first() }

  @Test("Overloads: synchronous code gets the blocking version, async code the awaiting one")
  func overloadResolution() async throws {
    #expect(try blockingFirst(.just(3)) == 3)
    // The blocking version would wait for ever on `never` and could not be
    // cancelled; this one is.
    let task = Task { try await Signal<Int>.never.first() }
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    // With an explicit timeout, only the blocking version applies.
    #expect(try Signal.just(4).first(timeout: .seconds(60)) == 4)
  }

  @Test("Many concurrent awaits on a signal sent from other threads")
  func concurrentAwaits() async throws {
    let source = Signal(Seq(0..<50), on: QueueScheduler())
    let sums = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<16 { group.addTask { try await source.toArray().reduce(0, +) } }
      var sums: [Int] = []
      for try await sum in group { sums.append(sum) }
      return sums
    }
    #expect(sums == Array(repeating: (0..<50).reduce(0, +), count: 16))
  }
}

@Suite("Async bridge: Signal(priority:operation:)")
struct AsyncOperationSignalConcurrencyTests {
  @Test("One value, then completion")
  func oneValueThenCompletion() async throws {
    let answer = Signal<Int> { 42 }
    #expect(try await answer.toArray() == [42])
    let prioritized = Signal(priority: .high) { "done" }
    #expect(try await prioritized.toArray() == ["done"])
    let recorder = Recorder(Signal<Int>(operation: { 7 }))
    #expect(await eventually { recorder.events.count == 2 })
    #expect(recorder.recorded == [.next(7), .completed])
  }

  @Test("The thrown error, and nothing else")
  func thrownError() async {
    let failing = Signal<Int> { throw Boom() }
    await #expect(throws: Boom.self) { try await failing.toArray() }
    let recorder = Recorder(failing)
    #expect(await eventually { !recorder.events.isEmpty })
    #expect(recorder.recorded == [.failed("Boom()")])
  }

  @Test("Cold: each subscription runs the operation again")
  func cold() async throws {
    let runs = Tally()
    let signal = Signal<Int> {
      runs.bump()
      return runs.current
    }
    #expect(try await signal.first() == 1)
    #expect(try await signal.first() == 2)
    #expect(runs.current == 2)
  }

  @Test("Disposal cancels the task, and nothing is sent afterwards")
  func disposalCancelsTheTask() async {
    let started = Tally()
    let cancelled = Tally()
    let finished = Tally()
    let slow = Signal<Int> {
      defer { finished.bump() }
      started.bump()
      return try await withTaskCancellationHandler {
        try await Task.sleep(for: .seconds(3_600))
        return 1
      } onCancel: {
        cancelled.bump()
      }
    }
    let recorder = Recorder(slow)
    #expect(await eventually { started.current == 1 })
    recorder.disposable?.dispose()
    #expect(await eventually { cancelled.current == 1 })
    #expect(await eventually { finished.current == 1 })
    #expect(recorder.recorded == [])
  }
}

/// Signals over single-pass streams.
@Suite struct SinglePassStreamTests {
  @Test func aSecondSubscriptionToASignalOverAnAsyncStreamFailsNamingShare() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let signal = Signal(stream)
    let received = Guarded<[Int]>([])
    let (finished, finish) = AsyncStream.makeStream(of: Void.self)
    signal.subscribe(next: { value in received.mutate { $0.append(value) } }, completed: { finish.finish() })
    let second = Recorder(signal)
    #expect(second.recorded == [.error(SignalError.singlePassSequenceAlreadySubscribed)])
    continuation.yield(1)
    continuation.yield(2)
    continuation.finish()
    for await _ in finished {}
    #expect(received.value == [1, 2])
    await #expect(throws: SignalError.singlePassSequenceAlreadySubscribed) {
      try await signal.toArray()
    }
    let description = SignalError.singlePassSequenceAlreadySubscribed.localizedDescription
    #expect(description.contains("share(replay:)"))
  }

  @Test func aSignalOverAnAsyncThrowingStreamIsReadOnce() async throws {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
    let signal = Signal(stream)
    let shared = signal.share(replay: 2)
    let first = Task { try await shared.toArray() }
    continuation.yield(1)
    continuation.yield(2)
    continuation.finish()
    #expect(try await first.value == [1, 2])
    await #expect(throws: SignalError.singlePassSequenceAlreadySubscribed) {
      try await signal.toArray()
    }
  }

  @Test func aSignalOverAMultiPassAsyncSequenceIsReadAgainByEachSubscription() async throws {
    let signal = Signal(Numbers(count: 3))
    #expect(try await signal.toArray() == [0, 1, 2])
    #expect(try await signal.toArray() == [0, 1, 2])
  }
}

/// A multi-pass async sequence: each iterator counts from zero.
private struct Numbers: AsyncSequence, Sendable {
  let count: Int

  struct AsyncIterator: AsyncIteratorProtocol {
    var next = 0
    let count: Int

    mutating func next() async -> Int? {
      guard next < count else { return nil }
      defer { next += 1 }
      return next
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(count: count) }
}
