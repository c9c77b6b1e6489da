// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Signal operators (withLatest, the 3-way combineLatest and zip, switchTo,
// takeLast, tryMap, distinctUntilChanged(by:)) fed from several threads at once: delivery stays
// serial, the grammar holds, and each operator's answer matches the order in
// which the (serializing) subjects delivered the values. Run under
// ThreadSanitizer (`.ci/tsan-filter`).

import Dispatch
import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Synchronization
import Testing

/// Counts deliveries that overlap another delivery to the same subscriber.
private final class OverlapDetector: Sendable {
  private let delivering = Atomic<Int>(0)
  private let overlapCount = Atomic<Int>(0)

  func deliver(_ body: () -> Void) {
    if delivering.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
      overlapCount.add(1, ordering: .relaxed)
    }
    body()
    delivering.subtract(1, ordering: .sequentiallyConsistent)
  }

  var overlaps: Int { overlapCount.load(ordering: .relaxed) }
}

/// Records a subscription's events, noting overlapping deliveries.
private final class SerialRecorder<T>: @unchecked Sendable {
  let detector = OverlapDetector()
  let recorder = Recorder<T>()

  init(_ signal: Signal<T>) {
    signal.subscribe(
      Subscriber(
        next: { value in self.detector.deliver { self.recorder.append(.next(value)) } },
        error: { error in self.detector.deliver { self.recorder.append(.error(error)) } },
        completed: { self.detector.deliver { self.recorder.append(.completed) } }))
  }

  var events: [Event<T>] { recorder.events }
  var values: [T] { recorder.values }
}

private func isWellFormed<T>(_ events: [Event<T>]) -> Bool {
  guard let terminal = events.firstIndex(where: \.isTerminal) else { return true }
  return terminal == events.count - 1
}

/// The places where `values` goes down, as `"before → after"`.
private func descents(_ values: [Int]) -> [String] {
  zip(values, values.dropFirst()).filter { $0 > $1 }.map { "\($0) → \($1)" }
}

@Suite struct OperatorConcurrencyTests {
  let count = 2_000

  @Test func withLatestFromTwoThreads() {
    for _ in 0..<20 {
      let source = Subject<Int>()
      let other = Subject<Int>()
      let result = SerialRecorder(source.signal.withLatest(from: other.signal))
      DispatchQueue.concurrentPerform(iterations: 2) { thread in
        for value in 0..<count {
          if thread == 0 { source.sendNext(value) } else { other.sendNext(value) }
        }
      }
      other.sendCompleted()
      source.sendNext(count)
      source.sendCompleted()
      let pairs = result.values
      #expect(result.detector.overlaps == 0)
      #expect(isWellFormed(result.events) && result.events.last?.isTerminal == true)
      // The latest of `other` only moves forward, and the last pair sees
      // its last value.
      #expect(pairs.map(\.1) == pairs.map(\.1).sorted())
      #expect(pairs.map(\.0) == pairs.map(\.0).sorted())
      #expect(pairs.last.map { $0 == (count, count - 1) } == true)
    }
  }

  @Test func combineLatestOfThreeFromThreeThreads() {
    let subjects = [Subject<Int>(), Subject<Int>(), Subject<Int>()]
    let result = SerialRecorder(
      subjects[0].signal.combineLatest(with: subjects[1].signal, subjects[2].signal))
    DispatchQueue.concurrentPerform(iterations: 3) { thread in
      for value in 0..<count { subjects[thread].sendNext(value) }
      subjects[thread].sendCompleted()
    }
    let triples = result.values
    #expect(result.detector.overlaps == 0)
    #expect(result.events.last?.isTerminal == true && isWellFormed(result.events))
    for component in [triples.map(\.0), triples.map(\.1), triples.map(\.2)] {
      #expect(component == component.sorted())
    }
    #expect(triples.last.map { $0 == (count - 1, count - 1, count - 1) } == true)
  }

  @Test func zipOfThreeFromThreeThreads() {
    let (first, second, third) = (Subject<Int>(), Subject<String>(), Subject<Int>())
    let result = SerialRecorder(first.signal.zip(with: second.signal, third.signal))
    DispatchQueue.concurrentPerform(iterations: 3) { thread in
      for value in 0..<count {
        switch thread {
        case 0: first.sendNext(value)
        case 1: second.sendNext(String(value))
        default: third.sendNext(value)
        }
      }
    }
    first.sendCompleted()
    let triples = result.values
    #expect(result.detector.overlaps == 0)
    #expect(result.events.count == count + 1 && result.events.last?.isTerminal == true)
    #expect(triples.map { "\($0.0) \($0.1) \($0.2)" } == (0..<count).map { "\($0) \($0) \($0)" })
  }

  /// Feeds `left` and `right` with `0..<count` from two threads, then
  /// completes both (`left` as soon as its thread is done), and returns
  /// the recorder of the combined signal.
  private func feedTwo(
    _ combine: (Signal<Int>, Signal<Int>) -> Signal<(Int, Int)>
  ) -> SerialRecorder<(Int, Int)> {
    let (left, right) = (Subject<Int>(), Subject<Int>())
    let result = SerialRecorder(combine(left.signal, right.signal))
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      let subject = thread == 0 ? left : right
      for value in 0..<count { subject.sendNext(value) }
      if thread == 0 { left.sendCompleted() }
    }
    right.sendCompleted()
    return result
  }

  // Issue 11's defect: the result used to be computed under a lock and sent
  // after unlocking, so a stale pair could follow a fresher one (a
  // component going backwards, 1999 then 1886), and a zip completion could
  // overtake a pair formed before it. On the old code this test failed in
  // about one run of `feedTwo` in six when run on its own (fewer when other
  // tests load the cores): the two feeding threads must really run at once.
  @Test func combineLatestAndZipKeepTheOrderOfTheirState() {
    let combineLatestForms: [(String, Int, (Signal<Int>, Signal<Int>) -> Signal<(Int, Int)>)] = [
      ("combineLatest(with:)", 60, { $0.combineLatest(with: $1) }),
      ("combineLatest(with:reduce:)", 10, { $0.combineLatest(with: $1) { ($0, $1) } }),
      ("combineLatest(_: [Signal])", 10, { Signal.combineLatest([$0, $1]).map { ($0[0], $0[1]) } }),
      ("combineLatest(with:_:)", 10, { $0.combineLatest(with: $1, .just(0)).map { ($0.0, $0.1) } }),
    ]
    for (form, runs, combine) in combineLatestForms {
      for _ in 0..<runs {
        let result = feedTwo(combine)
        let pairs = result.values
        #expect(result.detector.overlaps == 0, "\(form)")
        #expect(result.events.last?.isTerminal == true && isWellFormed(result.events), "\(form)")
        #expect(descents(pairs.map(\.0)) == [], "\(form)")
        #expect(descents(pairs.map(\.1)) == [], "\(form)")
        #expect(pairs.last.map { $0 == (count - 1, count - 1) } == true, "\(form)")
      }
    }
    let zipForms: [(String, (Signal<Int>, Signal<Int>) -> Signal<(Int, Int)>)] = [
      ("zip(with:)", { $0.zip(with: $1) }),
      ("zip(_: [Signal])", { Signal.zip([$0, $1]).map { ($0[0], $0[1]) } }),
      ("zip(with:_:)", { $0.zip(with: $1, signal(Array(0..<2_000))).map { ($0.0, $0.1) } }),
    ]
    for (form, zip) in zipForms {
      for _ in 0..<10 {
        let result = feedTwo(zip)
        #expect(result.detector.overlaps == 0, "\(form)")
        #expect(result.events.count == count + 1 && result.events.last?.isTerminal == true, "\(form)")
        #expect(descents(result.values.map(\.0)) == [], "\(form)")
        #expect(result.values.map(\.1) == Array(0..<count), "\(form)")
      }
    }
  }

  @Test func switchToWhileCasesSendFromOtherThreads() {
    for _ in 0..<20 {
      let keys = Subject<Int>()
      let cases = [Subject<Int>(), Subject<Int>()]
      let result = SerialRecorder(
        Signal.switchTo(keys.signal, cases: [0: cases[0].signal, 1: cases[1].signal]))
      DispatchQueue.concurrentPerform(iterations: 3) { thread in
        for value in 0..<500 {
          switch thread {
          case 0: keys.sendNext(value % 2)
          default: cases[thread - 1].sendNext(thread * 10_000 + value)
          }
        }
      }
      keys.sendNext(1)
      cases[1].sendNext(-1)
      keys.sendCompleted()
      cases[1].sendCompleted()
      #expect(result.detector.overlaps == 0)
      #expect(isWellFormed(result.events))
      #expect(result.events.suffix(2).map(\.description) == ["next(-1)", "completed"])
      // Each case's values arrive in the order it sent them.
      for thread in 1...2 {
        let mine = result.values.filter { $0 / 10_000 == thread }
        #expect(mine == mine.sorted())
      }
    }
  }

  @Test func unaryOperatorsMatchTheSubjectsOrder() {
    let subject = Subject<Int>()
    let all = Recorder(subject.signal)
    let last = Recorder(subject.signal.takeLast(10))
    let mapped = Recorder(subject.signal.tryMap { $0 * 2 })
    let distinct = Recorder(subject.signal.distinctUntilChanged { $0 / 1_000 == $1 / 1_000 })
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for value in 0..<count { subject.sendNext(thread * 1_000_000 + value) }
    }
    subject.sendCompleted()
    let order = all.values
    #expect(order.count == 4 * count)
    #expect(last.recorded == completion(after: Array(order.suffix(10))))
    #expect(mapped.recorded == completion(after: order.map { $0 * 2 }))
    var expected: [Int] = []
    for value in order where expected.last.map({ $0 / 1_000 != value / 1_000 }) ?? true {
      expected.append(value)
    }
    #expect(distinct.recorded == completion(after: expected))
  }

  @Test func disposalRacingDeliveryNeverDeliversAfterwards() {
    for _ in 0..<200 {
      let source = Subject<Int>()
      let other = Subject<Int>()
      let late = Atomic<Int>(0)
      let disposed = Atomic<Bool>(false)
      let subscription = source.signal.withLatest(from: other.signal).subscribe(next: { _ in
        if disposed.load(ordering: .sequentiallyConsistent) { late.add(1, ordering: .relaxed) }
      })
      other.sendNext(0)
      DispatchQueue.concurrentPerform(iterations: 3) { thread in
        if thread == 0 {
          subscription.dispose()
          disposed.store(true, ordering: .sequentiallyConsistent)
        } else {
          for value in 0..<50 { source.sendNext(value) }
        }
      }
      // At most one delivery may straddle the disposal; none starts later.
      #expect(late.load(ordering: .relaxed) <= 1)
      let before = late.load(ordering: .relaxed)
      source.sendNext(99)
      #expect(late.load(ordering: .relaxed) == before)
    }
  }
}
