// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Scenario 9: `for try await` over `signal.values` against `AsyncStream`,
// nonisolated and on the main actor. Both producers send from another
// thread while the loop consumes, so both sides pay for the hand-over.
import Dispatch
import Foundation
import LazySeq
import LazySeqSignals

enum OursAsync {
  /// `for try await` over the values of a signal of `0..<n`, in the
  /// caller's isolation.
  static func valuesLoop(_ n: Int, isolation: isolated (any Actor)? = #isolation) async -> Int {
    var acc = 0
    do {
      for try await value in Signal(Seq(0..<n)).values { acc = mix(acc, value) }
    } catch {
      fail("scenario 9: the signal failed: \(error)")
    }
    return acc
  }
}

/// Scenario 8m: a subject sent to from a background thread, received by a
/// subscriber written in main-actor code, in bursts of 1,000 values: the
/// sender waits until the main actor has received each burst.
@MainActor
enum MainActorSubscriber {
  @MainActor final class Receiver {
    var acc = 0
    var count = 0
    var done: CheckedContinuation<Void, Never>?
    let burstReceived = DispatchSemaphore(value: 0)

    func receive(_ value: Int, n: Int) {
      acc = mix(acc, value)
      count += 1
      if count % MainActorSubscriber.burst == 0 || count == n { burstReceived.signal() }
      if count == n { done?.resume() }
    }
  }

  nonisolated static let burst = 1_000

  /// `hop: false`: `subscribe(next:)` written here (the callback's own
  /// isolation); `hop: true`: `deliverOnMainThread().subscribe(next:)`.
  static func run(_ n: Int, hop: Bool) async -> Int {
    let subject = Subject<Int>()
    let receiver = Receiver()
    let subscription =
      hop
      ? subject.signal.deliverOnMainThread().subscribe(next: { receiver.receive($0, n: n) })
      : subject.signal.subscribe(next: { receiver.receive($0, n: n) })
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      receiver.done = done
      let burstReceived = receiver.burstReceived
      Thread {
        var value = 0
        while value < n {
          let end = min(n, value + burst)
          while value < end {
            subject.sendNext(value)
            value += 1
          }
          burstReceived.wait()
        }
      }.start()
    }
    subscription.dispose()
    return receiver.acc
  }
}

enum BaselineAsync {
  /// `for await` over an `AsyncStream` that a dispatch queue fills with
  /// `0..<n`, in the caller's isolation.
  static func streamLoop(_ n: Int, isolation: isolated (any Actor)? = #isolation) async -> Int {
    let stream = AsyncStream<Int> { continuation in
      DispatchQueue(label: "LazySeqBenchmarks.producer").async {
        for value in 0..<n { continuation.yield(value) }
        continuation.finish()
      }
    }
    var acc = 0
    for await value in stream { acc = mix(acc, value) }
    return acc
  }
}

/// One async contender: its body runs once per timed call.
struct AsyncContender {
  var name: String
  var elements: Int
  var body: @Sendable () async -> Int
}

/// `runInterleaved` for async bodies, run in the caller's isolation.
func runInterleavedAsync(
  _ contenders: [AsyncContender], reps: Int, isolation: isolated (any Actor)? = #isolation
) async -> [Sample] {
  let clock = ContinuousClock()
  var times = Array(repeating: [Double](), count: contenders.count)
  var sums = [Int?](repeating: nil, count: contenders.count)
  for rep in 0...reps {
    for (i, c) in contenders.enumerated() {
      let start = clock.now
      let checksum = await c.body()
      let elapsed = clock.now - start
      if let previous = sums[i], previous != checksum {
        fail("\(c.name): checksum changed between repetitions (\(previous) then \(checksum))")
      }
      sums[i] = checksum
      if rep > 0 { times[i].append(elapsed.nanoseconds / Double(max(1, c.elements))) }
    }
  }
  return contenders.indices.map { Sample(nsPerElement: median(times[$0]), checksum: sums[$0] ?? 0) }
}

extension Runner {
  /// Scenario 9, nonisolated: both loops run on the global executor.
  nonisolated static func nonisolatedSamples(_ n: Int, reps: Int) async -> [Sample] {
    await runInterleavedAsync(
      [
        AsyncContender(name: "values", elements: n) { await OursAsync.valuesLoop(n, isolation: nil) },
        AsyncContender(name: "AsyncStream", elements: n) {
          await BaselineAsync.streamLoop(n, isolation: nil)
        },
      ], reps: reps, isolation: nil)
  }

  /// Scenario 9: `values` against `AsyncStream`, off and on the main actor.
  @MainActor
  static func asyncScenarios(_ config: Config) async -> [ResultRow] {
    var rows: [ResultRow] = []
    let n = config.signalN
    print("… scenario 9 (for try await over values) at n = \(formatSize(n))")
    let off = await Task.detached { await Runner.nonisolatedSamples(n, reps: 5) }.value
    expectSameChecksum("9 values, nonisolated", ours: off[0].checksum, baseline: off[1].checksum)
    rows.append(
      ResultRow(
        id: "9", scenario: "for try await over values, nonisolated", size: n, unit: "ns/val",
        ours: off[0].nsPerElement, oursName: "for try await x in Signal(Seq(0..<n)).values",
        baseline: off[1].nsPerElement, baselineName: "for await x in AsyncStream (fed by a queue)",
        target: .ratio(0.5)))
    let delivered = await runInterleavedAsync(
      [
        AsyncContender(name: "main-actor subscriber", elements: n) { @MainActor in
          await MainActorSubscriber.run(n, hop: false)
        },
        AsyncContender(name: "deliverOnMainThread", elements: n) { @MainActor in
          await MainActorSubscriber.run(n, hop: true)
        },
      ], reps: 5)
    expectSameChecksum(
      "8m main-actor subscriber", ours: delivered[0].checksum, baseline: delivered[1].checksum)
    rows.append(
      ResultRow(
        id: "8m", scenario: "subject sent from a background thread, main-actor subscriber",
        size: n, unit: "ns/val",
        ours: delivered[0].nsPerElement,
        oursName: "subscribe(next:) written in @MainActor code (bursts of 1,000)",
        baseline: delivered[1].nsPerElement,
        baselineName: "deliverOnMainThread().subscribe(next:) (the same bursts)",
        target: .atMost(150),
        note: "Aim: at most 150 ns per value (absolute); the deliverOnMainThread column is for orientation."))
    let on = await runInterleavedAsync(
      [
        AsyncContender(name: "values on the main actor", elements: n) { @MainActor in
          await OursAsync.valuesLoop(n)
        },
        AsyncContender(name: "AsyncStream on the main actor", elements: n) { @MainActor in
          await BaselineAsync.streamLoop(n)
        },
      ], reps: 5)
    expectSameChecksum("9m values, main actor", ours: on[0].checksum, baseline: on[1].checksum)
    rows.append(
      ResultRow(
        id: "9m", scenario: "for try await over values, on the main actor", size: n, unit: "ns/val",
        ours: on[0].nsPerElement, oursName: "the same loop in @MainActor code",
        baseline: on[1].nsPerElement, baselineName: "AsyncStream in @MainActor code (reference)",
        target: .atMost(100),
        note: "Target: at most 100 ns per value (absolute); the AsyncStream column is for orientation."))
    return rows
  }
}

/// The deterministic form of row 8m, for callgrind: a thread sends n values
/// to a subject while the main actor waits for it, then the main queue runs
/// the delivery. `mainActor: false` subscribes from nonisolated code, so the
/// callback runs on the sending thread (the reference: at most 2× its
/// instructions per value).
enum DeliveryInstructions {
  @MainActor final class Receiver {
    var acc = 0
    var count = 0

    func receive(_ value: Int) {
      acc = mix(acc, value)
      count += 1
    }
  }

  /// `hop`: through `deliverOnMainThread()` first (the same main-queue
  /// orderer, before the operator's subscriber).
  @MainActor
  static func mainActor(_ n: Int, hop: Bool = false) -> Int {
    let subject = Subject<Int>()
    let receiver = Receiver()
    let subscription: any Disposable
    if hop {
      subscription = subject.signal.deliverOnMainThread().subscribe(next: { receiver.receive($0) })
    } else {
      subscription = subject.signal.subscribe(next: { receiver.receive($0) })
    }
    send(n, to: subject)
    while receiver.count < n { _ = RunLoop.main.run(mode: .default, before: .distantPast) }
    subscription.dispose()
    return receiver.acc
  }

  static func nonisolated(_ n: Int) -> Int {
    let subject = Subject<Int>()
    let acc = Accumulator()
    let subscription = subscribeNonisolated(subject, acc)
    send(n, to: subject)
    subscription.dispose()
    return acc.value
  }

  private nonisolated static func subscribeNonisolated(
    _ subject: Subject<Int>, _ acc: Accumulator
  ) -> any Disposable {
    subject.signal.subscribe(next: { acc.add($0) })
  }

  /// Sends `0..<n` from a new thread and waits for it to finish.
  private static func send(_ n: Int, to subject: Subject<Int>) {
    let done = DispatchSemaphore(value: 0)
    Thread {
      for value in 0..<n { subject.sendNext(value) }
      done.signal()
    }.start()
    done.wait()
  }
}
