// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Unary signal operators: value transforms, materialize, Booleans, groupBy,
// aggregates, takeLast, tryMap, distinctUntilChanged(by:), and any/all with errors.

import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// RAC's RACSignalSpec checklist: value transforms, materialize, Booleans, groupBy and aggregates (G28, G39, G56–G59).
@Suite struct TransformTests {
  @Test("G28: distinctUntilChanged drops consecutive duplicates") func distinctUntilChanged() {
    #expect(
      recorded(signal([1, 2, 2, 1, 1]).distinctUntilChanged()) == [.next(1), .next(2), .next(1), .completed])
    let optionals: [Int?] = [1, nil, nil, nil, 1]
    #expect(
      recorded(signal(optionals).distinctUntilChanged()) == [.next(1), .next(nil), .next(1), .completed])
    #expect(
      recorded(signal([nil, nil, 1] as [Int?]).distinctUntilChanged()) == [.next(nil), .next(1), .completed])
  }

  @Test("G39: collect sends all values as one array on completion")
  func collectSendsAllValuesAsOneArrayOnCompletion() {
    #expect(recorded(signal([1, 2, 3]).collect()) == [.next([1, 2, 3]), .completed])
    #expect(recorded(Signal<Int>.empty.collect()) == [.next([]), .completed])
  }

  @Test("G56: ignoreValues forwards only the terminal event") func ignoreValuesForwardsOnlyTheTerminalEvent()
  {
    #expect(recorded(signal([1, 2]).ignoreValues()) == [.completed])
    #expect(recorded(Signal<Int>.error(TestError.boom).ignoreValues()) == [.error(TestError.boom)])
  }

  @Test("G57: materialize and dematerialize round-trip every event") func materializeAndDematerialize() {
    #expect(history(Signal.just(1).materialize()) == ["next(next(1))", "next(completed)", "completed"])
    #expect(history(Signal<Int>.error(TestError.boom).materialize()) == ["next(error(boom))", "completed"])
    #expect(recorded(signal([1, 2]).materialize().dematerialize()) == [.next(1), .next(2), .completed])
    let events: [Event<Int>] = [.next(1), .error(TestError.boom), .next(2)]
    #expect(recorded(signal(events).dematerialize()) == [.next(1), .error(TestError.boom)])
    #expect(recorded(signal([Event<Int>.completed, .next(1)]).dematerialize()) == [.completed])
  }

  @Test("G58: not, and, or on Boolean signals") func notAndOr() {
    #expect(recorded(signal([true, false]).not()) == [.next(false), .next(true), .completed])
    let rows: [[Bool]] = [[true, true], [true, false], [false, false], []]
    #expect(
      recorded(signal(rows).and()) == [.next(true), .next(false), .next(false), .next(true), .completed])
    #expect(
      recorded(signal(rows).or()) == [.next(true), .next(true), .next(false), .next(false), .completed])
  }

  @Test("G59: groupBy sends one group per key, then the terminal to each group")
  func groupBySendsOneGroupPerKeyThenTheTerminalToEachGroup() {
    let log = Guarded<[String]>([])
    let grouped = signal([1, 2, 3, 4, 5]).groupBy({ $0 % 2 == 0 ? "even" : "odd" }, transform: { $0 * 10 })
    grouped.subscribe(
      next: { group in
        group.signal.subscribe(
          next: { log.value.append("\(group.key) \($0)") },
          completed: { log.value.append("\(group.key) done") })
      }, completed: { log.value.append("done") })
    #expect(
      log.value == ["odd 10", "even 20", "odd 30", "even 40", "odd 50", "odd done", "even done", "done"])
    let errors = Guarded<[String]>([])
    Signal<Int>.error(TestError.boom).startWith(1).groupBy { $0 }.subscribe(next: { group in
      group.signal.subscribe(error: { errors.value.append("group \(group.key) \($0)") })
    })
    #expect(errors.value == ["group 1 boom"])
  }

  @Test("aggregate, any and all send one result and complete") func aggregateAnyAll() {
    #expect(recorded(signal([1, 2, 3]).aggregate(start: 0, reduce: +)) == [.next(6), .completed])
    #expect(recorded(Signal<Int>.empty.aggregate(start: 5, reduce: +)) == [.next(5), .completed])
    #expect(
      recorded(signal([1, 2, 3]).aggregate(start: 0) { $0 + $1 * $2 }) == [.next(0 + 2 + 6), .completed])
    #expect(recorded(signal([1, 2, 3]).any { $0 == 2 }) == [.next(true), .completed])
    #expect(recorded(signal([1, 2, 3]).any { $0 == 5 }) == [.next(false), .completed])
    #expect(recorded(Signal<Int>.empty.any()) == [.next(false), .completed])
    #expect(recorded(infinite(1).any()) == [.next(true), .completed])
    #expect(recorded(signal([1, 2, 3]).all { $0 > 0 }) == [.next(true), .completed])
    #expect(recorded(infinite(1).all { $0 > 1 }) == [.next(false), .completed])
    #expect(recorded(Signal<Int>.error(TestError.boom).all { $0 > 0 }) == [.error(TestError.boom)])
  }

  @Test("Compact map and start with") func compactMapAndStartWith() {
    #expect(recorded(signal(["1", "x", "3"]).compactMap { Int($0) }) == [.next(1), .next(3), .completed])
    #expect(recorded(Signal<Int>.empty.startWith(0)) == [.next(0), .completed])
  }
}

// MARK: - takeLast, tryMap (G53), distinctUntilChanged(by:) (G28), any/all with errors

/// A signal that never terminates by itself and counts the disposals of its
/// subscriptions; `subject` feeds it.
private func disposalCounting(_ subject: Subject<Int>, _ disposed: Counter) -> Signal<Int> {
  Signal { subscriber in
    let inner = subject.signal.subscribe(subscriber)
    return AnyDisposable {
      inner.dispose()
      disposed.increment()
    }
  }
}

@Suite struct TakeLastTests {
  @Test func sendsTheLastValuesAtCompletion() {
    #expect(recorded(signal([1, 2, 3, 4, 5]).takeLast(2)) == [.next(4), .next(5), .completed])
    #expect(recorded(signal([1, 2, 3]).takeLast(3)) == [.next(1), .next(2), .next(3), .completed])
    #expect(recorded(signal([1, 2, 3]).takeLast(10)) == [.next(1), .next(2), .next(3), .completed])
    #expect(recorded(signal([1, 2, 3]).takeLast(0)) == [.completed])
    #expect(recorded(Signal<Int>.empty.takeLast(2)) == [.completed])
    // The ring buffer wraps several times.
    #expect(recorded(signal(Array(0..<100)).takeLast(7)) == completion(after: Array(93..<100)))
  }

  @Test func nothingBeforeCompletion() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.takeLast(2))
    for value in 1...4 { subject.sendNext(value) }
    #expect(recorder.recorded == [])
    subject.sendCompleted()
    #expect(recorder.recorded == [.next(3), .next(4), .completed])
  }

  @Test func anErrorDropsTheBufferedValues() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.takeLast(2))
    subject.sendNext(1)
    subject.sendNext(2)
    subject.sendError(TestError.boom)
    #expect(recorder.recorded == [.error(TestError.boom)])
  }

  @Test func disposalDisposesTheSourceAndDeliversNothingMore() {
    let subject = Subject<Int>()
    let disposed = Counter()
    let recorder = Recorder(disposalCounting(subject, disposed).takeLast(1))
    subject.sendNext(1)
    recorder.disposable?.dispose()
    #expect(disposed.value == 1)
    subject.sendCompleted()
    #expect(recorder.recorded == [])
  }

  @Test func completionDisposesTheSource() {
    let subject = Subject<Int>()
    let disposed = Counter()
    let recorder = Recorder(disposalCounting(subject, disposed).takeLast(1))
    subject.sendNext(1)
    subject.sendCompleted()
    #expect(recorder.recorded == [.next(1), .completed])
    #expect(disposed.value == 1)
  }

  @Test func aDownstreamTakeStopsTheReplay() {
    #expect(recorded(signal([1, 2, 3, 4]).takeLast(3).take(2)) == [.next(2), .next(3), .completed])
  }

  @Test func negativeCountIsAPreconditionFailure() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal.just(1).takeLast(-1)
    }
    // Optimized builds drop precondition messages; debug builds must name
    // the operator.
    #if DEBUG
      if let result {
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Signal.takeLast(_:): the count must not be negative, got -1"), "\(message)")
      }
    #endif
  }
}

@Suite struct TryMapTests {
  @Test("G53: maps until the closure throws") func mapsUntilTheClosureThrows() {
    let mapped = signal(["a", "b", "c", "d"]).tryMap { value -> String in
      if value == "c" { throw TestError.boom }
      return value + "_a"
    }
    #expect(recorded(mapped) == [.next("a_a"), .next("b_a"), .error(TestError.boom)])
  }

  @Test func noValueIsTransformedAfterTheError() {
    let calls = Guarded(0)
    let mapped = signal([1, 2, 3, 4, 5]).tryMap { value -> Int in
      calls.value += 1
      if value == 2 { throw TestError.boom }
      return value
    }
    #expect(recorded(mapped) == [.next(1), .error(TestError.boom)])
    #expect(calls.value == 2)
  }

  @Test func theErrorDisposesTheSourceFirst() {
    let subject = Subject<Int>()
    let disposed = Counter()
    let disposedAtError = Guarded(-1)
    disposalCounting(subject, disposed)
      .tryMap { value -> Int in
        if value < 0 { throw TestError.other }
        return value
      }
      .subscribe(error: { _ in disposedAtError.value = disposed.value })
    subject.sendNext(1)
    #expect(disposed.value == 0)
    subject.sendNext(-1)
    #expect(disposedAtError.value == 1)
    #expect(disposed.value == 1)
  }

  @Test func forwardsTheSourceTerminalEvents() {
    #expect(recorded(signal([1, 2]).tryMap { $0 * 10 }) == [.next(10), .next(20), .completed])
    #expect(recorded(Signal<Int>.error(TestError.boom).tryMap { $0 }) == [.error(TestError.boom)])
  }

  @Test func aDownstreamTakeStopsAnInfiniteSynchronousSource() {
    #expect(recorded(infinite(1).tryMap { $0 + 1 }.take(3)) == [.next(2), .next(2), .next(2), .completed])
  }

  @Test func disposalStopsDelivery() {
    let subject = Subject<Int>()
    let disposed = Counter()
    let recorder = Recorder(disposalCounting(subject, disposed).tryMap { $0 })
    subject.sendNext(1)
    recorder.disposable?.dispose()
    subject.sendNext(2)
    #expect(recorder.recorded == [.next(1)])
    #expect(disposed.value == 1)
  }
}

@Suite struct DistinctUntilChangedByTests {
  @Test("G28: with a custom comparison") func withACustomComparison() {
    let words = signal(["a", "A", "b", "B", "a"])
      .distinctUntilChanged { $0.lowercased() == $1.lowercased() }
    #expect(recorded(words) == [.next("a"), .next("b"), .next("a"), .completed])
    let numbers = signal([1, 2, 2, 1, 1]).distinctUntilChanged(by: ==)
    #expect(recorded(numbers) == [.next(1), .next(2), .next(1), .completed])
    let optionals: [Int?] = [1, nil, nil, nil, 1]
    #expect(
      recorded(signal(optionals).distinctUntilChanged(by: ==)) == [
        .next(1), .next(nil), .next(1), .completed,
      ])
    #expect(
      recorded(signal([nil, nil, 1] as [Int?]).distinctUntilChanged(by: ==)) == [
        .next(nil), .next(1), .completed,
      ])
  }

  @Test func comparesWithTheLastValueSent() {
    let close = signal([0, 1, 2, 3, 10, 11]).distinctUntilChanged { abs($0 - $1) <= 1 }
    #expect(recorded(close) == [.next(0), .next(2), .next(10), .completed])
  }

  @Test func theFirstValueIsAlwaysSentAndTheComparisonSeesPairsInOrder() {
    let pairs = Guarded<[String]>([])
    let distinct = signal([3, 1, 2]).distinctUntilChanged { previous, current in
      pairs.value.append("\(previous)→\(current)")
      return false
    }
    #expect(recorded(distinct) == [.next(3), .next(1), .next(2), .completed])
    #expect(pairs.value == ["3→1", "1→2"])
  }

  @Test func forwardsErrorsAndStopsAnInfiniteSource() {
    #expect(
      recorded(Signal<Int>.error(TestError.boom).distinctUntilChanged(by: ==)) == [.error(TestError.boom)])
    #expect(
      recorded(infinite(1).distinctUntilChanged(by: !=).take(3)) == [
        .next(1), .next(1), .next(1), .completed,
      ])
  }

  @Test func disposalDisposesTheSource() {
    let subject = Subject<Int>()
    let disposed = Counter()
    let recorder = Recorder(disposalCounting(subject, disposed).distinctUntilChanged(by: ==))
    subject.sendNext(1)
    recorder.disposable?.dispose()
    subject.sendNext(2)
    #expect(recorder.recorded == [.next(1)])
    #expect(disposed.value == 1)
  }
}

/// RAC's `-any:` and `-all:` sent `NO` when the source failed; here the error
/// is forwarded (a deliberate difference, listed in the guides).
@Suite struct AnyAllErrorTests {
  @Test func anyAndAllForwardTheError() {
    #expect(recorded(Signal<Int>.error(TestError.boom).any()) == [.error(TestError.boom)])
    #expect(recorded(Signal<Int>.error(TestError.boom).any { $0 > 0 }) == [.error(TestError.boom)])
    #expect(recorded(Signal<Int>.error(TestError.boom).all { $0 > 0 }) == [.error(TestError.boom)])
    let late = signal([1, 2]).concat(.error(TestError.boom))
    #expect(recorded(late.any { $0 > 5 }) == [.error(TestError.boom)])
    #expect(recorded(late.all { $0 > 0 }) == [.error(TestError.boom)])
  }

  @Test func anAnswerFoundBeforeTheErrorIsKept() {
    let late = signal([1, 2]).concat(.error(TestError.boom))
    #expect(recorded(late.any { $0 == 2 }) == [.next(true), .completed])
    #expect(recorded(late.all { $0 < 2 }) == [.next(false), .completed])
  }

  @Test func racBehaviourIsOneOperatorAway() {
    let failing = Signal<Int>.error(TestError.boom)
    #expect(recorded(failing.any().catch { _ in .just(false) }) == [.next(false), .completed])
  }
}
