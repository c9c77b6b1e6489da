// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The blocking conversions called inside a main-queue block, where the main
// queue cannot run while they wait: they stand in for it, running the
// library's main-queue work (`deliver(on: .main)`, `deliverOnMainThread()`,
// main-actor callbacks and commands) on the waiting thread, in order, so a
// signal delivered there gives its values, and so does one that never
// touches the main queue. Main-queue work of anyone else cannot run: a wait
// for it times out at its timeout, or, without one, throws
// `SignalError.blockingWaitOnMainQueue` once nothing has happened for 10
// seconds. Under `swift test` the main queue is drained by another thread
// than the main one, as after a script's top-level `await` on Linux;
// .ci/programs covers the main thread itself and a script's top level.

import Foundation
import LazySeq
import Synchronization
import Testing

@testable import LazySeqSignals

// No time limit: Swift Testing counts a test's limit from its start, also
// while no thread of its cooperative pool (two on a 2-core machine) is free
// to run it, and under ThreadSanitizer the suites that block threads beside
// this one have held the pool for over ten minutes. The waits that matter
// are measured inside the main-queue block.
@Suite
struct BlockingOnMainQueueConcurrencyTests {
  /// Runs `body` as a block of the main queue and returns what it returned.
  func onMainQueue<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume(returning: body()) }
    }
  }

  /// What `body` returned or threw (as a `SignalError`), and how long it took.
  static func outcome<T>(_ body: () throws -> T) -> (result: Result<T, SignalError>, seconds: Double) {
    let start = ContinuousClock.now
    let result: Result<T, SignalError>
    do {
      result = .success(try body())
    } catch {
      result = .failure(error as? SignalError ?? .noMatchingCase)
    }
    let elapsed = ContinuousClock.now - start
    return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }

  /// The values a nonisolated subscriber received, in order.
  final class Received: Sendable {
    private let values = Mutex<[Int]>([])
    func append(_ value: Int) { values.withLock { $0.append(value) } }
    var all: [Int] { values.withLock { $0 } }
  }

  @Test("In a main-queue block, every blocking conversion of a signal delivered there gives its values")
  func runsTheLibrarysMainQueueWork() async {
    let outcomes = await onMainQueue { () -> [Result<[Int], SignalError>] in
      let background = QueueScheduler.queue(qos: .userInitiated)
      let delivered = Signal(Seq([1, 2, 3]), on: background).deliver(on: .main)
      let hopped = Signal(Seq([4, 5]), on: background).deliverOnMainThread().signal
      return [
        Self.outcome { try delivered.toArray() }.result,
        Self.outcome { try delivered.first().map { [$0] } ?? [] }.result,
        Self.outcome { try delivered.waitUntilCompleted() }.result.map { [] },
        Self.outcome { try delivered.toArray(timeout: .seconds(30)) }.result,
        Self.outcome { try delivered.sequence.checkedArray() }.result,
        Self.outcome { try hopped.toArray() }.result,
        Self.outcome { try hopped.first(timeout: .seconds(30)).map { [$0] } ?? [] }.result,
        Self.outcome { try Signal.just(6).delay(.milliseconds(10), on: .main).toArray() }.result,
        Self.outcome { try Signal.interval(.milliseconds(2), on: .main).take(3).toArray() }.result
          .map { [$0.count] },
      ]
    }
    #expect(
      outcomes == [
        .success([1, 2, 3]), .success([1]), .success([]), .success([1, 2, 3]), .success([1, 2, 3]),
        .success([4, 5]), .success([4]), .success([6]), .success([3]),
      ])
  }

  @Test("In a main-queue block, a signal whose events never touch the main queue gives its values")
  func aBackgroundSignalNeverThrows() async {
    let outcomes = await onMainQueue { () -> [(result: Result<[Int], SignalError>, seconds: Double)] in
      let background = QueueScheduler.queue(qos: .userInitiated)
      let late = Signal(Seq([1, 2]), on: background).delay(.milliseconds(50), on: background)
      return [
        Self.outcome { try late.toArray(timeout: .seconds(30)) },
        Self.outcome { try late.toArray() },
        Self.outcome { try late.first().map { [$0] } ?? [] },
        Self.outcome { try late.sequence.checkedArray() },
      ]
    }
    #expect(
      outcomes.map(\.result) == [.success([1, 2]), .success([1, 2]), .success([1]), .success([1, 2])])
    // Each waited for the signal (50 ms), not for a stall.
    #expect(outcomes.allSatisfy { $0.seconds < 5 }, "\(outcomes.map(\.seconds))")
  }

  @Test("In a main-queue block, a signal that ends during subscribe still gives its values")
  func synchronousSignalsStillWork() async {
    let results = await onMainQueue { () -> Result<[[Int]], SignalError> in
      let numbers = Signal(Seq([1, 2, 3]))
      // Sent on the main queue with nothing queued: delivered at once.
      let onMain = Signal(Seq([4, 5])).deliverOnMainThread().signal
      do {
        let first = try numbers.first()
        try numbers.waitUntilCompleted()
        return .success([
          try numbers.toArray(), first.map { [$0] } ?? [], try numbers.sequence.checkedArray(),
          try onMain.toArray(),
        ])
      } catch {
        return .failure(error as? SignalError ?? .timedOut)
      }
    }
    #expect(results == .success([[1, 2, 3], [1], [1, 2, 3], [4, 5]]))
  }

  @Test("Main-queue work the library queued before the wait runs first, in order")
  func workQueuedBeforeTheWaitRunsFirst() async {
    let received = Received()
    let waited = await onMainQueue { () -> Result<[Int], SignalError> in
      let subject = Subject<Int>()
      let shared = subject.signal.deliver(on: .main).share()
      shared.subscribe(next: { received.append($0) })
      // Sent on another thread while this block holds the main queue:
      // queued behind it.
      let sent = DispatchSemaphore(value: 0)
      Thread {
        subject.sendNext(1)
        subject.sendNext(2)
        sent.signal()
        Thread.sleep(forTimeInterval: 0.05)
        subject.sendNext(3)
      }.start()
      sent.wait()
      return Self.outcome { try shared.take(3).toArray(timeout: .seconds(30)) }.result
    }
    // The earlier subscriber saw every value once, in order: the values
    // queued before the wait were not overtaken by the one sent during it.
    #expect(waited == .success([1, 2, 3]))
    #expect(received.all == [1, 2, 3])
  }

  @Test("Work left in line when the wait returns runs afterwards, in order")
  func workLeftInLineRunsAfterwards() async {
    let received = Received()
    let (waited, seenAtReturn) = await onMainQueue { () -> (Result<[Int], SignalError>, Int) in
      let subject = Subject<Int>()
      let gate = ReplaySubject<Int>()
      subject.signal.deliver(on: .main).subscribe(next: { value in
        received.append(value)
        if value == 50 { gate.sendCompleted() }
      })
      // All 100 are queued, behind this block, before the wait starts.
      let sent = DispatchSemaphore(value: 0)
      Thread {
        for value in 1...100 { subject.sendNext(value) }
        sent.signal()
      }.start()
      sent.wait()
      let waited = Self.outcome { try gate.signal.toArray(timeout: .seconds(30)) }.result
      return (waited, received.all.count)
    }
    #expect(waited == .success([]))
    // The wait returned once it had what it waited for.
    #expect(seenAtReturn == 50)
    // The rest ran from the main queue after the block returned, in order.
    for _ in 0..<1_000 where received.all.count < 100 {
      try? await Task.sleep(for: .milliseconds(10))
    }
    #expect(received.all == Array(1...100))
  }

  @Test("A conversion waiting inside work run by another conversion stands in too")
  func nestedWaitersRunWorkInOrder() async {
    let outcome = await onMainQueue { () -> Result<[[Int]], SignalError> in
      let background = QueueScheduler.queue(qos: .userInitiated)
      return Self.outcome {
        try Signal(Seq([1, 2]), on: background).deliver(on: .main)
          .map { value in
            // Runs on the main queue, inside the outer wait: waits again.
            (try? Signal(Seq([value * 10]), on: QueueScheduler()).deliver(on: .main).toArray()) ?? []
          }
          .toArray(timeout: .seconds(30))
      }.result
    }
    #expect(outcome == .success([[10], [20]]))
  }

  @Test("A main-actor subscriber and a main-actor command run inside a blocking wait on the main queue")
  func mainActorCallbacksRunInsideTheWait() async {
    let outcome = await onMainQueue { () -> Result<[Int], SignalError> in
      MainActor.assumeIsolated {
        var log: [Int] = []
        // A subscriber written on the main actor: its callbacks run there.
        let finished = ReplaySubject<Void>(capacity: 0)
        Signal(Seq([1, 2, 3]), on: .queue(qos: .userInitiated))
          .subscribe(next: { log.append($0) }, completed: { finished.sendCompleted() })
        let waited = Self.outcome { try finished.signal.waitUntilCompleted() }.result
        // A command written on the main actor, executed from another
        // thread: its work starts on the main actor.
        let double = Command<Int, Int> { input in
          log.append(input)
          return .just(input * 2)
        }
        let execution = Mutex<Signal<Int>?>(nil)
        let executed = DispatchSemaphore(value: 0)
        Thread {
          let result = double.execute(4)
          execution.withLock { $0 = result }
          executed.signal()
        }.start()
        executed.wait()
        let result = execution.withLock { $0 } ?? .empty
        let doubled = Self.outcome { try result.toArray() }.result
        return waited.flatMap { doubled }.map { log + $0 }
      }
    }
    #expect(outcome == .success([1, 2, 3, 4, 8]))
  }

  @Test("A timeout expires while standing in for the main queue")
  func aTimeoutStillExpires() async {
    let outcome = await onMainQueue {
      Self.outcome { try Signal<Int>.never.deliver(on: .main).first(timeout: .milliseconds(100)) }
    }
    #expect(outcome.result == .failure(.timedOut))
    #expect(outcome.seconds < 5, "waited \(outcome.seconds) s")
  }

  @Test("Main-queue work of the caller's own cannot run: a timeout, or after a stall, the error")
  func otherMainQueueWorkCannotRun() async {
    // One second instead of ten: this test holds the main queue while it
    // waits, and the main-actor tests beside it need that queue. (The
    // command-line program .ci/programs/blocking-after-top-level-await.swift
    // checks the ten seconds.)
    Operators.BlockingWait.setStallLimit(.seconds(1))
    defer { Operators.BlockingWait.setStallLimit(.seconds(10)) }
    let outcomes = await onMainQueue { () -> [(result: Result<[Int], SignalError>, seconds: Double)] in
      let fed = ReplaySubject<Int>()
      DispatchQueue.main.async {
        fed.sendNext(1)
        fed.sendCompleted()
      }
      return [
        Self.outcome { try fed.signal.toArray(timeout: .milliseconds(200)) },
        Self.outcome { try fed.signal.toArray() },
        Self.outcome { try fed.signal.sequence.checkedArray() },
      ]
    }
    #expect(outcomes[0].result == .failure(.timedOut))
    #expect(outcomes[1].result == .failure(.blockingWaitOnMainQueue))
    #expect(outcomes[2].result == .failure(.blockingWaitOnMainQueue))
    for outcome in outcomes.dropFirst() {
      #expect(outcome.seconds >= 0.9 && outcome.seconds < 60, "gave up after \(outcome.seconds) s")
    }
  }

  @Test("The error's description says what happened and names the async conversions")
  func descriptionNamesTheAsyncAlternative() {
    let description = SignalError.blockingWaitOnMainQueue.localizedDescription
    #expect(description.contains("try await signal.toArray()"))
    #expect(description.contains("try await signal.first()"))
    #expect(description.contains("main queue"))
    #expect(description.contains("10 seconds"))
  }

  @Test("Off the main queue, the blocking conversions still wait for a signal delivered on the main queue")
  func offTheMainQueueStillWaits() throws {
    #expect(try Signal(Seq([1, 2, 3])).deliver(on: .main).toArray(timeout: .seconds(120)) == [1, 2, 3])
  }
}
