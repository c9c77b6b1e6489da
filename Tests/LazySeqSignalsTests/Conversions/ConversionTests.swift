// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Signal ⇄ sequence conversions and the Swift concurrency bridge
// (Docs/Conversions.md; RAC E3–E5 and the `-sequence` spec).

import Dispatch
import Foundation
import LazySeq
import LazySeqSignals
import LazySeqTestSupport
import Synchronization
import Testing

private struct Boom: Error, Equatable {}

/// A counter safe to bump from any thread.
private final class Count: Sendable {
  let value = Atomic<Int>(0)
  func bump() { value.add(1, ordering: .relaxed) }
  var current: Int { value.load(ordering: .relaxed) }
}

/// A value that counts its releases.
private final class Tracked: Sendable {
  let released: Count
  init(_ released: Count) { self.released = released }
  deinit { released.bump() }
}

/// A signal forwarding `subject`'s values, counting disposals of its
/// subscriptions.
private func forwardingSignal() -> (Subject<Int>, Signal<Int>, Count) {
  let disposed = Count()
  let subject = Subject<Int>()
  let signal = Signal<Int> { subscriber in
    let inner = subject.signal.subscribe(next: { subscriber.sendNext($0) })
    return AnyDisposable {
      inner.dispose()
      disposed.bump()
    }
  }
  return (subject, signal, disposed)
}

@Suite("Seq → Signal")
struct SeqToSignalConcurrencyTests {
  @Test("E3: signal(on: immediate) sends every element, then completes")
  func immediate() throws {
    let values = Array(0..<100)
    #expect(try Signal(Seq(values)).toArray() == values)
    #expect(try Signal(Seq(values), on: ImmediateScheduler()).toArray() == values)
    #expect(try Signal(Seq<Int>.empty).toArray() == [])
  }

  @Test("E4: signal(on: a background queue) sends every element")
  func background() throws {
    let values = Array(0..<100)
    #expect(try Signal(Seq(values), on: QueueScheduler()).toArray(timeout: .seconds(30)) == values)
  }

  @Test("E5: one element per scheduled action on an asynchronous scheduler")
  func oneElementPerAction() throws {
    let queue = DispatchQueue(label: "E5")
    let scheduler = QueueScheduler(queue: queue)
    let ready = Atomic<Bool>(true)
    let violations = Count()
    let delivered = Count()
    let done = DispatchSemaphore(value: 0)
    let subscription = Signal(Seq(0..<50), on: scheduler).subscribe(
      next: { _ in
        // The block scheduled after the previous value must have run first.
        if !ready.load(ordering: .relaxed) { violations.bump() }
        ready.store(false, ordering: .relaxed)
        delivered.bump()
        scheduler.schedule { ready.store(true, ordering: .relaxed) }
      },
      completed: { done.signal() })
    #expect(done.wait(timeout: .now() + 30) == .success)
    subscription.dispose()
    #expect(violations.current == 0)
    #expect(delivered.current == 50)
  }

  @Test("Round trip seq → signal → toArray on 100,000 values")
  func roundTrip() throws {
    let values = Array(0..<100_000)
    let seq = Seq(values).map { $0 * 2 }
    #expect(try Signal(seq).toArray() == values.map { $0 * 2 })
  }

  @Test("The signal is cold: each subscription walks the sequence from the start; elements are memoized")
  func coldAndMemoized() throws {
    let calls = Count()
    let seq = Seq([1, 2, 3]).map { value -> Int in
      calls.bump()
      return value * 10
    }
    let signal = Signal(seq)
    #expect(try signal.toArray() == [10, 20, 30])
    #expect(try signal.toArray() == [10, 20, 30])
    #expect(calls.current == 3)
  }

  @Test("An infinite sequence can be consumed with take")
  func infiniteWithTake() throws {
    let evaluated = Count()
    let naturals = Seq.iterate(1) { $0 + 1 }.map { value -> Int in
      evaluated.bump()
      return value
    }
    #expect(try Signal(naturals).take(3).toArray() == [1, 2, 3])
    #expect(evaluated.current == 3)
  }

  @Test("Disposing the subscription stops the walk (virtual time)")
  func disposalStopsTheWalk() {
    let scheduler = TestScheduler()
    let evaluated = Count()
    let seq = Seq(0..<1000).map { value -> Int in
      evaluated.bump()
      return value
    }
    let received = Mutex<[Int]>([])
    let subscription = SerialDisposable()
    subscription.inner = Signal(seq, on: scheduler).subscribe(next: { value in
      let count = received.withLock {
        $0.append(value)
        return $0.count
      }
      if count == 3 { subscription.dispose() }
    })
    scheduler.run()
    #expect(received.withLock { $0 } == [0, 1, 2])
    #expect(evaluated.current == 3)
  }
}

@Suite("Signal → Seq")
struct SignalToSeqConcurrencyTests {
  @Test("A synchronous signal's values, as RAC's -sequence spec")
  func synchronous() {
    let signal = Signal<Int> { subscriber in
      for value in 1...4 { subscriber.sendNext(value) }
      subscriber.sendCompleted()
      return nil
    }
    let seq = signal.sequence
    #expect(seq.array == [1, 2, 3, 4])
    #expect(seq.head == 1)
    #expect(seq.tail.array == [2, 3, 4])
    #expect(seq.failure == nil)
  }

  @Test("Round trip signal → sequence → array on 100,000 values")
  func roundTrip() {
    let values = Array(0..<100_000)
    #expect(Signal(Seq(values)).sequence.array == values)
  }

  @Test("Subscribes once; walking twice gives the same values without resubscribing")
  func memoized() {
    let subscriptions = Count()
    let signal = Signal<Int> { subscriber in
      subscriptions.bump()
      for value in [5, 6, 7] { subscriber.sendNext(value) }
      subscriber.sendCompleted()
      return nil
    }
    let seq = signal.sequence
    #expect(subscriptions.current == 1)
    #expect(seq.array == [5, 6, 7])
    #expect(Array(seq) == [5, 6, 7])
    #expect(subscriptions.current == 1)
  }

  @Test("Blocks until values sent from another thread arrive")
  func fedFromAnotherThread() {
    let subject = ReplaySubject<Int>()
    let seq = subject.signal.sequence
    let count = 20_000
    DispatchQueue.global().async {
      for value in 0..<count { subject.sendNext(value) }
      subject.sendCompleted()
    }
    #expect(seq.head == 0)
    #expect(seq.array == Array(0..<count))
  }

  @Test("Values sent in bursts from another thread, across many buffer chunks, then an error")
  func burstsFromAnotherThreadThenError() {
    let subject = Subject<Int>()
    let seq = subject.signal.sequence
    let count = 10_000
    let sent = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      for value in 0..<count {
        subject.sendNext(value)
        // Pauses now and then, so that the reader catches up and waits.
        if value % 997 == 0 { usleep(200) }
      }
      subject.sendError(Boom())
      sent.signal()
    }
    var expected = 0
    var walked = true
    for value in seq {
      if value != expected { walked = false }
      expected += 1
    }
    sent.wait()
    #expect(walked)
    #expect(expected == count)
    #expect(seq.failure is Boom)
    #expect(seq.array == Array(0..<count))
  }

  @Test("Values already read are released while the walk goes on (nothing holds the head)")
  func readValuesAreReleased() {
    let released = Count()
    let subject = Subject<Tracked>()
    var iterator = subject.signal.sequence.makeIterator()
    let count = 20_000
    for _ in 0..<count { subject.sendNext(Tracked(released)) }
    for _ in 0..<count { #expect(iterator.next() != nil) }
    // At most one buffer chunk and one memo segment (4,096 values each)
    // may still hold values; everything before them is gone.
    #expect(released.current >= count - 2 * 4_096)
    withExtendedLifetime(iterator) {}
  }

  @Test("Buffered values that are never read are released with the sequence")
  func unreadValuesAreReleased() {
    let released = Count()
    let subject = Subject<Tracked>()
    do {
      let seq = subject.signal.sequence
      for _ in 0..<100 { subject.sendNext(Tracked(released)) }
      #expect(seq.head != nil)
      #expect(released.current == 0)
    }
    #expect(released.current == 100)
    subject.sendNext(Tracked(released))  // the subscription is gone: released at once
    #expect(released.current == 101)
  }

  @Test("Laziness: head waits only for the first value")
  func headWaitsForFirstValue() {
    let subject = Subject<Int>()
    let seq = subject.signal.sequence
    subject.sendNext(1)
    #expect(seq.head == 1)
    subject.sendNext(2)
    subject.sendCompleted()
    #expect(seq.array == [1, 2])
  }

  @Test("An error ends the sequence and is kept, not lost")
  func errorIsObservable() {
    let signal = Signal<Int> { subscriber in
      subscriber.sendNext(1)
      subscriber.sendError(Boom())
      return nil
    }
    let seq = signal.sequence
    #expect(seq.array == [1])
    #expect(seq.failure is Boom)
    #expect(throws: Boom.self) { try seq.checkedArray() }
    let immediateError = Signal<Int>.error(Boom()).sequence
    #expect(immediateError.isEmpty)
    #expect(immediateError.failure is Boom)
  }

  @Test("checkedArray returns the values of a signal that completes")
  func checkedArrayCompletes() throws {
    #expect(try Signal(Seq([1, 2])).sequence.checkedArray() == [1, 2])
  }

  @Test("Releasing the sequence disposes its subscription")
  func releasingDisposes() {
    let (subject, signal, disposed) = forwardingSignal()
    do {
      let seq = signal.sequence
      subject.sendNext(1)
      #expect(seq.head == 1)
    }
    #expect(disposed.current == 1)
  }
}

@Suite("Blocking conversions")
struct BlockingConcurrencyTests {
  @Test("first returns the first value or nil, and throws errors")
  func first() throws {
    #expect(try Signal.just(7).first() == 7)
    #expect(try Signal(Seq([1, 2, 3])).first() == 1)
    #expect(try Signal<Int>.empty.first() == nil)
    #expect(throws: Boom.self) { try Signal<Int>.error(Boom()).first() }
  }

  @Test("first stops an infinite signal after the first value")
  func firstOfInfinite() throws {
    #expect(try Signal(Seq.iterate(1) { $0 + 1 }).first() == 1)
  }

  @Test("toArray returns every value and throws errors instead of returning nothing")
  func toArray() throws {
    #expect(try Signal(Seq([1, 2, 3])).toArray() == [1, 2, 3])
    let failing = Signal<Int> { subscriber in
      subscriber.sendNext(1)
      subscriber.sendError(Boom())
      return nil
    }
    #expect(throws: Boom.self) { try failing.toArray() }
  }

  @Test("waitUntilCompleted returns on completion and throws on error")
  func waitUntilCompleted() throws {
    try Signal(Seq([1, 2]), on: QueueScheduler()).waitUntilCompleted(timeout: .seconds(30))
    #expect(throws: Boom.self) { try Signal<Int>.error(Boom()).waitUntilCompleted() }
  }

  @Test("A bounded wait fails with SignalError.timedOut and disposes the subscription")
  func timeout() {
    let disposed = Count()
    let never = Signal<Int> { _ in AnyDisposable { disposed.bump() } }
    #expect(throws: SignalError.timedOut) { try never.first(timeout: .milliseconds(20)) }
    #expect(throws: SignalError.timedOut) { try never.toArray(timeout: .milliseconds(20)) }
    #expect(throws: SignalError.timedOut) { try never.waitUntilCompleted(timeout: .milliseconds(20)) }
    #expect(disposed.current == 3)
  }
}

@Suite("Swift concurrency")
struct ConcurrencyBridgeThreadingTests {
  @Test("for try await over a signal's values")
  func values() async throws {
    var received: [Int] = []
    for try await value in Signal(Seq([1, 2, 3])).values { received.append(value) }
    #expect(received == [1, 2, 3])
  }

  @Test("The loop throws the signal's error")
  func valuesThrow() async {
    let failing = Signal<Int> { subscriber in
      subscriber.sendNext(1)
      subscriber.sendError(Boom())
      return nil
    }
    var received: [Int] = []
    await #expect(throws: Boom.self) {
      for try await value in failing.values { received.append(value) }
    }
    #expect(received == [1])
  }

  @Test("Leaving the loop early disposes the subscription")
  func breakDisposes() async throws {
    let (subject, signal, disposed) = forwardingSignal()
    let feeder = Task {
      var value = 0
      while !Task.isCancelled && disposed.current == 0 {
        subject.sendNext(value)
        value += 1
        await Task.yield()
      }
    }
    for try await value in signal.values where value >= 2 { break }
    await feeder.value
    #expect(disposed.current == 1)
  }

  @Test("Cancelling the consuming task disposes the subscription")
  func cancellationDisposes() async {
    let disposed = Count()
    let subscribed = Count()
    let signal = Signal<Int> { _ in
      subscribed.bump()
      return AnyDisposable { disposed.bump() }
    }
    let consumer = Task {
      for try await _ in signal.values {}
    }
    while subscribed.current == 0 { await Task.yield() }
    consumer.cancel()
    _ = await consumer.result
    // `values` subscribes on a thread of its own; what `didSubscribe`
    // returned is attached (and disposed at once) when it returns.
    for _ in 0..<60_000 where disposed.current == 0 { try? await Task.sleep(for: .milliseconds(1)) }
    #expect(disposed.current == 1)
  }

  // These await rather than block: the signal's task needs the cooperative
  // thread pool, which a blocking wait in a test could starve.
  @Test("A signal from an AsyncSequence sends its elements, then completes")
  func fromAsyncSequence() async throws {
    let stream = AsyncStream<Int> { continuation in
      for value in 1...5 { continuation.yield(value) }
      continuation.finish()
    }
    var received: [Int] = []
    for try await value in Signal(stream).values { received.append(value) }
    #expect(received == [1, 2, 3, 4, 5])
  }

  @Test("A signal from a throwing AsyncSequence sends its error")
  func fromThrowingAsyncSequence() async {
    let stream = AsyncThrowingStream<Int, any Error> { continuation in
      continuation.yield(1)
      continuation.finish(throwing: Boom())
    }
    var received: [Int] = []
    await #expect(throws: Boom.self) {
      for try await value in Signal(stream).values { received.append(value) }
    }
    #expect(received == [1])
  }

  @Test("Disposing the subscription cancels the task iterating the AsyncSequence")
  func disposalCancelsTask() async {
    let terminated = Count()
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    continuation.onTermination = { _ in terminated.bump() }
    let first = Count()
    let subscription = Signal(stream).subscribe(next: { _ in first.bump() })
    continuation.yield(1)
    while first.current == 0 { await Task.yield() }
    subscription.dispose()
    while terminated.current == 0 { await Task.yield() }
    #expect(terminated.current == 1)
  }
}
