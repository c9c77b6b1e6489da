// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Signal.observing while other threads change what it reads: values may be
// coalesced, but a re-read never sees a value older than the change that
// woke it (values that only grow arrive strictly increasing), and the last
// value set always arrives.

import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// What one round of a storm delivered.
private struct Round: Sendable {
  var values: [Int]
  var expectedLast: Int

  /// A value arrived that was not greater than the one before it.
  var hasStaleValue: Bool { zip(values, values.dropFirst()).contains { $0 >= $1 } }
  /// The last value set never arrived.
  var lostLastValue: Bool { values.last != expectedLast }
}

/// Polls `condition` every millisecond for at most `seconds` of real time.
private func within(seconds: Double, _ condition: @Sendable () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  while ContinuousClock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return condition()
}

/// Subscribes `observed`, waits for its first value, runs `write` on `writers` threads at once, and returns what
/// arrived once the last value `expectedLast` has (or a minute has passed).
/// The waits are long because a main-actor closure re-reads on the main
/// actor, which ThreadSanitizer runs beside thread-blocking suites have kept
/// busy for more than two seconds; a round that works returns at once.
private func round(
  observed: Signal<Int>, writers: Int, expectedLast: Int,
  write: @escaping @Sendable (_ writer: Int) -> Void
) async -> Round {
  let seen = Guarded<[Int]>([])
  let subscription = observed.subscribe(next: { value in seen.mutate { $0.append(value) } })
  defer { subscription.dispose() }
  _ = await within(seconds: 60) { !seen.value.isEmpty }
  _ = await runConcurrently(threads: writers) { writer in write(writer) }
  _ = await within(seconds: 60) { seen.value.last == expectedLast }
  return Round(values: seen.value, expectedLast: expectedLast)
}

/// Runs `rounds` rounds and records the ones that went wrong.
private func expectEveryRoundFreshAndComplete(_ rounds: [Round]) {
  let stale = rounds.filter(\.hasStaleValue)
  let lost = rounds.filter(\.lostLastValue)
  #expect(
    stale.isEmpty,
    "\(stale.count) of \(rounds.count) rounds delivered a stale value: \(stale.prefix(3).map(\.values))")
  #expect(
    lost.isEmpty,
    "\(lost.count) of \(rounds.count) rounds never delivered the last value: \(lost.prefix(3).map(\.values))")
}

@Suite struct ObservingStormConcurrencyTests {
  @Test func oneWriterSettingOneToAHundredIsSeenFreshAndToTheEnd() async {
    var rounds: [Round] = []
    for _ in 0..<30 {
      let property = MutableProperty(0)
      rounds.append(
        await round(observed: Signal.observing { property.value }, writers: 1, expectedLast: 100) { _ in
          for value in 1...100 { property.value = value }
        })
    }
    #expect(rounds.allSatisfy { $0.values.first == 0 })
    expectEveryRoundFreshAndComplete(rounds)
  }

  @Test func severalWritersIncrementingAreSeenFreshAndToTheEnd() async {
    var rounds: [Round] = []
    for _ in 0..<30 {
      let property = MutableProperty(0)
      rounds.append(
        await round(observed: Signal.observing { property.value }, writers: 4, expectedLast: 400) { _ in
          for _ in 0..<100 { property.modify { $0 += 1 } }
        })
    }
    #expect(rounds.allSatisfy { $0.values.first == 0 })
    expectEveryRoundFreshAndComplete(rounds)
  }

  @Test func aMainActorClosureWithSeveralWritersIsSeenFreshAndToTheEnd() async {
    var rounds: [Round] = []
    for _ in 0..<30 {
      let property = MutableProperty(0)
      let observed = Signal.observing { @MainActor () -> Int in property.value }
      rounds.append(
        await round(observed: observed, writers: 3, expectedLast: 300) { _ in
          for _ in 0..<100 { property.modify { $0 += 1 } }
        })
    }
    expectEveryRoundFreshAndComplete(rounds)
  }

  @Test func twoPropertiesWrittenBySeveralThreadsAreSeenFreshAndToTheEnd() async {
    var rounds: [Round] = []
    for _ in 0..<30 {
      let first = MutableProperty(0)
      let second = MutableProperty(0)
      rounds.append(
        await round(
          observed: Signal.observing { first.value + second.value }, writers: 4, expectedLast: 400
        ) { writer in
          let property = writer.isMultiple(of: 2) ? first : second
          for _ in 0..<100 { property.modify { $0 += 1 } }
        })
    }
    expectEveryRoundFreshAndComplete(rounds)
  }
}
