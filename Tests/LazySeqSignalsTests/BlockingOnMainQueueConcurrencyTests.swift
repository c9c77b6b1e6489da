// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The blocking conversions called inside a main-queue block, where the main
// queue cannot run while they wait: for a signal that has not ended by the
// time `subscribe` returns they throw `SignalError.blockingWaitOnMainQueue`
// at once (no timeout, no hang); a signal that ends synchronously still
// gives its values. Under `swift test` the main queue is drained by another
// thread than the main one, as after a script's top-level `await` on Linux;
// .ci/programs covers the main thread itself.

import Foundation
import LazySeq
import LazySeqSignals
import Testing

// No time limit: Swift Testing counts a test's limit from its start, also
// while no thread of its cooperative pool (two on a 2-core machine) is free
// to run it, and under ThreadSanitizer the suites that block threads beside
// this one have held the pool for over ten minutes, so that even the
// synchronous test below exceeded a 5-minute limit. What this suite promises
// (no wait on the main queue) is measured inside the main-queue block: each
// refusal must come within 5 seconds.
@Suite
struct BlockingOnMainQueueConcurrencyTests {
  /// Runs `body` as a block of the main queue and returns what it returned.
  func onMainQueue<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume(returning: body()) }
    }
  }

  /// The error `body` threw as a `SignalError`, and how long it took.
  static func refusal(_ body: () throws -> Void) -> (error: SignalError?, seconds: Double) {
    let start = ContinuousClock.now
    var caught: SignalError?
    do { try body() } catch { caught = error as? SignalError }
    let elapsed = ContinuousClock.now - start
    return (caught, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }

  @Test("In a main-queue block, every blocking conversion of a signal delivered there throws at once")
  func refusesToWaitForTheMainQueue() async {
    let outcomes = await onMainQueue { () -> [(error: SignalError?, seconds: Double)] in
      let background = QueueScheduler.queue(qos: .userInitiated)
      let delivered = Signal(Seq([1, 2, 3])).deliver(on: .main)
      let hopped = Signal(Seq([4, 5]), on: background).deliverOnMainThread().signal
      return [
        Self.refusal { _ = try delivered.toArray() },
        Self.refusal { _ = try delivered.first() },
        Self.refusal { try delivered.waitUntilCompleted() },
        Self.refusal { _ = try delivered.toArray(timeout: .seconds(30)) },
        Self.refusal { _ = try delivered.sequence.checkedArray() },
        Self.refusal { _ = try hopped.toArray() },
        Self.refusal { _ = try hopped.first(timeout: .seconds(30)) },
      ]
    }
    for (index, outcome) in outcomes.enumerated() {
      #expect(outcome.error == .blockingWaitOnMainQueue, "conversion \(index)")
      #expect(outcome.seconds < 5, "conversion \(index) waited \(outcome.seconds) s")
    }
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

  @Test("The refusal's description names the async conversions")
  func descriptionNamesTheAsyncAlternative() {
    let description = SignalError.blockingWaitOnMainQueue.localizedDescription
    #expect(description.contains("try await signal.toArray()"))
    #expect(description.contains("try await signal.first()"))
    #expect(description.contains("main queue"))
  }

  @Test("Off the main queue, the blocking conversions still wait for a signal delivered on the main queue")
  func offTheMainQueueStillWaits() throws {
    #expect(try Signal(Seq([1, 2, 3])).deliver(on: .main).toArray(timeout: .seconds(120)) == [1, 2, 3])
  }
}
