// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Every count and duration parameter of `Signal`, of `ReplaySubject` and of
// the schedulers, called with the extreme arguments of `extremeCounts`
// (-1, 0, 1, 1 << 40, 1 << 62, Int.max - 1, Int.max) and `extremeDurations`
// (-1 s, zero, `.seconds(Int64.max)`), over a synchronous signal of a
// sequence, `Signal.just` and a subject. An argument the API accepts gives
// the right answer at once, however large (nothing is allocated from a count
// alone, no clock sum overflows); one it rejects stops the program with a
// message that names the API. Timed operators run on a `TestScheduler`
// whose clock starts at zero, and on one already moved by
// `.seconds(Int64.max)`. Each case runs in a child process (an exit test),
// so that a crash or a hang names its case.
//
// `.ci/argument-sweep.py` fails CI when a public member of `Signal`,
// `ReplaySubject`, `TestScheduler` or `QueueScheduler` with an `Int` or
// `Duration` parameter has no row in `sweeps` below (the API and the
// parameter, as written there). The `Seq` rows are in
// Tests/LazySeqTests/Operators/ExtremeArgumentTests.swift.

import Dispatch
import Foundation
import LazySeq
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// The values of the multi-value sources.
private let elements = [1, 2, 3, 4, 5]

/// Requires `operation` to send `expected(values)` for `elements`, from a
/// synchronous signal of a sequence and from a subject that sends them after
/// the subscription, and for the one value 7 from `Signal.just`. The
/// operation is applied before the expected answer is computed, so that its
/// precondition stops a rejected argument first.
private func requireOutcomes<U: Equatable>(
  _ c: ExtremeCase, _ operation: (Signal<Int>) -> Signal<U>, expected: ([Int]) -> [U],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let synchronous = recorded(operation(Signal(Seq(elements))))
  require(
    synchronous == completion(after: expected(elements)), c, "from Signal(Seq(1...5)): \(synchronous)",
    sourceLocation: sourceLocation)
  let just = recorded(operation(Signal.just(7)))
  require(
    just == completion(after: expected([7])), c, "from Signal.just(7): \(just)",
    sourceLocation: sourceLocation)
  let subject = Subject<Int>()
  let recorder = Recorder(operation(subject.signal))
  for element in elements { subject.sendNext(element) }
  subject.sendCompleted()
  require(
    recorder.recorded == completion(after: expected(elements)), c, "from a Subject: \(recorder.recorded)",
    sourceLocation: sourceLocation)
}

/// A cold signal whose first `failures` subscriptions send their number
/// (1, 2, …) and fail; the later ones send it and complete.
private func flaky(failures: Int) -> Signal<Int> {
  let attempts = Guarded(0)
  return Signal { subscriber in
    let attempt = attempts.mutate { attempts in
      attempts += 1
      return attempts
    }
    subscriber.sendNext(attempt)
    if attempt <= failures { subscriber.sendError(TestError.boom) } else { subscriber.sendCompleted() }
    return nil
  }
}

/// What `retry` with `count` retries sends from `flaky(failures: 3)`.
private func retried(_ count: Int) -> [Recorded<Int>] {
  let attempts = min(count, 3) + 1
  return (1...attempts).map { .next($0) } + [count >= 3 ? .completed : .error(TestError.boom)]
}

/// Test schedulers to run a timed check on: one whose clock starts at zero,
/// and one whose clock has already moved by `.seconds(Int64.max)` (so that
/// the sums of the clock and the case's duration exceed `Int64` seconds);
/// each with a phrase that names it in a failure.
private func testSchedulers() -> [(scheduler: TestScheduler, clock: String)] {
  [Duration.zero, .seconds(Int64.max)].map { origin in
    let scheduler = TestScheduler()
    scheduler.advance(by: origin)
    return (scheduler, "with the clock at \(ExtremeArgument.duration(origin))")
  }
}

/// `scheduler.advance(by: interval)`, the synchronous form, for async code
/// (where the asynchronous form is the one a plain call picks).
private func advanceSynchronously(_ scheduler: TestScheduler, by interval: Duration) {
  scheduler.advance(by: interval)
}

/// Moves `scheduler` to the moment `delay` from now (a negative delay is due
/// at once), requiring `notYet` to hold just before.
private func advance(
  _ scheduler: TestScheduler, by delay: Duration, _ c: ExtremeCase, _ clock: String,
  notYet: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
) {
  if delay > .zero {
    scheduler.advance(by: delay - .nanoseconds(1))
    require(notYet(), c, "\(clock): a nanosecond early", sourceLocation: sourceLocation)
    scheduler.advance(by: .nanoseconds(1))
  } else {
    require(notYet(), c, "\(clock): before the scheduler ran", sourceLocation: sourceLocation)
    scheduler.advance()
  }
}

/// Sends `values` and completion from another thread after 10 ms, for a
/// blocking conversion waiting with a timeout too long to measure. Pass a
/// replay subject: on a loaded machine the send can come before the
/// conversion subscribes, and a replay subject still hands it everything.
private func sendLater(_ values: [Int], to subject: ReplaySubject<Int>) {
  DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) {
    for value in values { subject.sendNext(value) }
    subject.sendCompleted()
  }
}

/// What a loop over `values(bufferingPolicy: policy)` receives after its
/// first value when 1...5 and completion arrive while it is not waiting.
private func afterABurst(_ policy: SignalBufferingPolicy) async throws -> [Int] {
  let captured = Guarded<Subscriber<Int>?>(nil)
  let source = Signal<Int> { subscriber in
    captured.value = subscriber
    subscriber.sendNext(0)
    return nil
  }
  var iterator = source.values(bufferingPolicy: policy).makeAsyncIterator()
  _ = try await iterator.next()
  guard let subscriber = captured.value else { return [] }
  for element in elements { subscriber.sendNext(element) }
  subscriber.sendCompleted()
  var values: [Int] = []
  while let value = try await iterator.next() { values.append(value) }
  return values
}

/// Which durations a duration parameter accepts.
private enum DurationDomain {
  /// Not negative: a precondition rejects a negative one.
  case nonNegative
  /// Positive: a precondition rejects zero and a negative one.
  case positive
  /// Any: a negative one is documented (runs at once, or does not wait).
  case any
  /// No precondition, and no documented meaning for a negative duration:
  /// none is swept.
  case unchecked
}

/// One count or duration parameter of one API and the check of a call with
/// an extreme argument, which runs in a child process.
private struct Sweep: Sendable {
  /// The API as its precondition messages name it: `Signal.take(_:)`.
  let api: String
  /// The parameter swept, by its name in the declaration.
  let parameter: String
  /// The arguments swept, each with whether the API rejects it.
  let arguments: [(argument: ExtremeArgument, isRejected: Bool)]
  /// What the message of a rejected argument names (the API by default).
  let message: String?
  /// Calls the API with the case's argument and stops the process
  /// (`require`) on a wrong answer. With a rejected argument, the API's
  /// precondition must stop it first: call the API before computing the
  /// expected answer.
  let check: @Sendable (ExtremeCase) async throws -> Void

  /// A count parameter whose precondition rejects counts below `minimum`.
  static func count(
    _ api: String, parameter: String, minimum: Int, message: String? = nil,
    check: @escaping @Sendable (ExtremeCase) throws -> Void
  ) -> Sweep {
    count(api, parameter: parameter, minimum: minimum, message: message, asyncCheck: { try check($0) })
  }

  /// A count parameter whose precondition rejects counts below `minimum`,
  /// with an asynchronous check.
  static func count(
    _ api: String, parameter: String, minimum: Int, message: String? = nil,
    asyncCheck check: @escaping @Sendable (ExtremeCase) async throws -> Void
  ) -> Sweep {
    Sweep(
      api: api, parameter: parameter,
      arguments: extremeCounts.map { (.count($0), $0 < minimum) }, message: message, check: check)
  }

  /// A duration parameter that accepts `domain`.
  static func duration(
    _ api: String, parameter: String, _ domain: DurationDomain, message: String? = nil,
    check: @escaping @Sendable (ExtremeCase) throws -> Void
  ) -> Sweep {
    duration(api, parameter: parameter, domain, message: message, asyncCheck: { try check($0) })
  }

  /// A duration parameter that accepts `domain`, with an asynchronous
  /// check.
  static func duration(
    _ api: String, parameter: String, _ domain: DurationDomain, message: String? = nil,
    asyncCheck check: @escaping @Sendable (ExtremeCase) async throws -> Void
  ) -> Sweep {
    let arguments = extremeDurations.compactMap { duration -> (ExtremeArgument, Bool)? in
      switch domain {
      case .nonNegative: return (.duration(duration), duration < .zero)
      case .positive: return (.duration(duration), duration <= .zero)
      case .any: return (.duration(duration), false)
      case .unchecked: return duration < .zero ? nil : (.duration(duration), false)
      }
    }
    return Sweep(api: api, parameter: parameter, arguments: arguments, message: message, check: check)
  }

  var cases: [ExtremeCase] {
    arguments.map {
      ExtremeCase(api: api, parameter: parameter, argument: $0.argument, isRejected: $0.isRejected)
    }
  }
}

/// Every count and duration parameter of `Signal` (operators, conversions
/// and the buffering policy of `values`), `ReplaySubject`, `TestScheduler`
/// and `QueueScheduler`.
private let sweeps: [Sweep] = [
  // MARK: Counts

  .count("Signal.take(_:)", parameter: "count", minimum: 0) { c in
    let n = c.count
    requireOutcomes(c, { $0.take(n) }, expected: { Array($0.prefix(n)) })
    // An infinite synchronous source stops at the count.
    let infinite = recorded(Signal(Seq.iterate(1) { $0 + 1 }).take(n).take(3))
    require(infinite == completion(after: Array([1, 2, 3].prefix(n))), c, "from Seq.iterate: \(infinite)")
  },
  .count("Signal.skip(_:)", parameter: "count", minimum: 0) { c in
    let n = c.count
    requireOutcomes(c, { $0.skip(n) }, expected: { Array($0.dropFirst(n)) })
  },
  .count("Signal.takeLast(_:)", parameter: "count", minimum: 0) { c in
    let n = c.count
    requireOutcomes(c, { $0.takeLast(n) }, expected: { Array($0.suffix(n)) })
  },
  .count("Signal.dropLast(_:)", parameter: "count", minimum: 0) { c in
    let n = c.count
    requireOutcomes(c, { $0.dropLast(n) }, expected: { Array($0.dropLast(n)) })
  },
  .count("Signal.chunks(ofCount:)", parameter: "count", minimum: 1) { c in
    let n = c.count
    requireOutcomes(
      c, { $0.chunks(ofCount: n).map { Array($0) } }, expected: { referenceChunks($0, count: n) })
  },
  .count("Signal.buffer(count:)", parameter: "count", minimum: 1) { c in
    let n = c.count
    requireOutcomes(c, { $0.buffer(count: n) }, expected: { referenceChunks($0, count: n) })
  },
  .count("Signal.windows(ofCount:step:)", parameter: "count", minimum: 1) { c in
    let n = c.count
    requireOutcomes(
      c, { $0.windows(ofCount: n).map { Array($0) } }, expected: { referenceWindows($0, count: n, step: 1) })
  },
  .count("Signal.windows(ofCount:step:)", parameter: "step", minimum: 1) { c in
    let n = c.count
    requireOutcomes(
      c, { $0.windows(ofCount: 2, step: n).map { Array($0) } },
      expected: { referenceWindows($0, count: 2, step: n) })
  },
  .count("Signal.cycled(times:)", parameter: "times", minimum: 0) { c in
    let n = c.count
    // A cold source runs again; 12 values at most are taken.
    let cold = recorded(Signal(Seq(elements)).cycled(times: n).take(12))
    let expected = Array(repeatElement(elements, count: n).joined().prefix(12))
    require(cold == completion(after: expected), c, "from Signal(Seq(1...5)): \(cold)")
    // A subject that has completed sends no value again: the result ends.
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.cycled(times: n))
    for element in elements { subject.sendNext(element) }
    subject.sendCompleted()
    require(
      recorder.recorded == completion(after: n == 0 ? [] : elements), c,
      "from a Subject: \(recorder.recorded)")
    let empty = recorded(Signal<Int>.empty.cycled(times: n))
    require(empty == completion(after: []), c, "from Signal.empty: \(empty)")
  },
  .count("Signal.flatten(maxConcurrent:)", parameter: "maxConcurrent", minimum: 0) { c in
    let n = c.count
    let inner = [Signal(Seq([1, 2])), Signal.just(3), Signal<Int>.empty, Signal(Seq([4, 5]))]
    let synchronous = recorded(Signal(Seq(inner)).flatten(maxConcurrent: n))
    require(synchronous == completion(after: elements), c, "from synchronous signals: \(synchronous)")
    // With one at a time (1), the second subject is subscribed only once
    // the first completes; with no limit (0) or more, at once.
    let first = Subject<Int>()
    let second = Subject<Int>()
    let recorder = Recorder(Signal(Seq([first.signal, second.signal])).flatten(maxConcurrent: n))
    second.sendNext(20)
    first.sendNext(10)
    first.sendCompleted()
    second.sendNext(21)
    second.sendCompleted()
    require(
      recorder.recorded == completion(after: n == 1 ? [10, 21] : [20, 10, 21]), c,
      "from subjects: \(recorder.recorded)")
  },
  .count("Signal.retry(_:)", parameter: "count", minimum: 0) { c in
    let n = c.count
    let flakyRecorded = recorded(flaky(failures: 3).retry(n))
    require(flakyRecorded == retried(n), c, "from a source that fails three times: \(flakyRecorded)")
    requireOutcomes(c, { $0.retry(n) }, expected: { $0 })
  },
  .count("Signal.retry(_:delay:on:)", parameter: "count", minimum: 0) { c in
    let n = c.count
    let scheduler = TestScheduler()
    let recorder = Recorder(flaky(failures: 3).retry(n, delay: .seconds(1), on: scheduler))
    scheduler.advance(by: .seconds(10))
    require(recorder.recorded == retried(n), c, "from a source that fails three times: \(recorder.recorded)")
    requireOutcomes(c, { $0.retry(n, delay: .seconds(1), on: scheduler) }, expected: { $0 })
  },
  .count("Signal.share(replay:)", parameter: "count", minimum: 0) { c in
    let n = c.count
    let subject = Subject<Int>()
    let shared = subject.signal.share(replay: n)
    let early = Recorder(shared)
    for element in elements { subject.sendNext(element) }
    let late = Recorder(shared)
    require(
      late.recorded == elements.suffix(n).map { .next($0) }, c,
      "replayed to a late subscriber: \(late.recorded)")
    subject.sendNext(6)
    subject.sendCompleted()
    require(early.recorded == completion(after: elements + [6]), c, "the early subscriber: \(early.recorded)")
    require(
      late.recorded == completion(after: elements.suffix(n) + [6]), c, "the late subscriber: \(late.recorded)"
    )
    requireOutcomes(c, { $0.share(replay: n) }, expected: { $0 })
  },
  .count("Signal.buffer(_:count:on:)", parameter: "count", minimum: 1) { c in
    let n = c.count
    let scheduler = TestScheduler()
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.buffer(.seconds(1), count: n, on: scheduler))
    for element in elements { subject.sendNext(element) }
    // Full arrays at once, the rest after the interval.
    let chunks = referenceChunks(elements, count: n)
    let full = chunks.filter { $0.count == n }
    require(recorder.recorded == full.map { .next($0) }, c, "before the interval: \(recorder.recorded)")
    scheduler.advance(by: .seconds(1))
    subject.sendCompleted()
    require(recorder.recorded == completion(after: chunks), c, "after the interval: \(recorder.recorded)")
    requireOutcomes(
      c, { $0.buffer(.seconds(1), count: n, on: scheduler) }, expected: { referenceChunks($0, count: n) })
  },
  .count(
    "Signal.values(bufferingPolicy:)", parameter: "bufferingPolicy", minimum: 0,
    asyncCheck: { c in
      let n = c.count
      let oldest = Signal(Seq(elements)).values(bufferingPolicy: .bufferingOldest(n))
      let newest = Signal(Seq(elements)).values(bufferingPolicy: .bufferingNewest(n))
      if n == 0 {
        // Nothing waits: the loop gets the values sent while it waits, in order.
        for values in [oldest, newest] {
          var received: [Int] = []
          for try await value in values { received.append(value) }
          require(received == elements.filter(received.contains), c, "with a zero-size buffer: \(received)")
        }
      } else {
        let first = try await afterABurst(.bufferingOldest(n))
        require(first == Array(elements.prefix(n)), c, ".bufferingOldest: \(first)")
        let last = try await afterABurst(.bufferingNewest(n))
        require(last == Array(elements.suffix(n)), c, ".bufferingNewest: \(last)")
      }
    }),
  .count("ReplaySubject.init(capacity:)", parameter: "capacity", minimum: 0, message: "ReplaySubject") { c in
    let n = c.count
    let subject = ReplaySubject<Int>(capacity: n)
    for element in elements { subject.sendNext(element) }
    let recorder = Recorder(subject.signal)
    require(recorder.recorded == elements.suffix(n).map { .next($0) }, c, "replayed: \(recorder.recorded)")
    subject.sendCompleted()
    let late = recorded(subject.signal)
    require(late == completion(after: Array(elements.suffix(n))), c, "replayed after completion: \(late)")
  },

  // MARK: Durations of operators

  .duration("Signal.delay(_:on:)", parameter: "interval", .nonNegative) { c in
    let d = c.duration
    for (scheduler, clock) in testSchedulers() {
      let subject = Subject<Int>()
      let recorder = Recorder(subject.signal.delay(d, on: scheduler))
      let just = Recorder(Signal.just(7).delay(d, on: scheduler))
      subject.sendNext(1)
      subject.sendCompleted()
      advance(scheduler, by: d, c, clock) { recorder.recorded == [] && just.recorded == [] }
      require(
        recorder.recorded == completion(after: [1]), c, "\(clock), from a Subject: \(recorder.recorded)")
      require(just.recorded == completion(after: [7]), c, "\(clock), from Signal.just: \(just.recorded)")
    }
  },
  .duration("Signal.throttle(_:on:)", parameter: "interval", .nonNegative) { c in
    let d = c.duration
    for (scheduler, clock) in testSchedulers() {
      let subject = Subject<Int>()
      let recorder = Recorder(subject.signal.throttle(d, on: scheduler))
      subject.sendNext(1)
      subject.sendNext(2)
      advance(scheduler, by: d, c, clock) { recorder.recorded == [] }
      subject.sendNext(3)
      subject.sendCompleted()
      require(recorder.recorded == completion(after: [2, 3]), c, "\(clock): \(recorder.recorded)")
    }
  },
  .duration("Signal.throttle(_:on:valuesPassing:)", parameter: "interval", .nonNegative) { c in
    let d = c.duration
    for (scheduler, clock) in testSchedulers() {
      let subject = Subject<Int>()
      let recorder = Recorder(subject.signal.throttle(d, on: scheduler, valuesPassing: { $0 > 1 }))
      subject.sendNext(1)
      subject.sendNext(2)
      subject.sendNext(3)
      advance(scheduler, by: d, c, clock) { recorder.recorded == [.next(1)] }
      subject.sendCompleted()
      require(recorder.recorded == completion(after: [1, 3]), c, "\(clock): \(recorder.recorded)")
    }
  },
  .duration("Signal.debounce(_:on:)", parameter: "interval", .nonNegative) { c in
    let d = c.duration
    for (scheduler, clock) in testSchedulers() {
      let subject = Subject<Int>()
      let recorder = Recorder(subject.signal.debounce(d, on: scheduler))
      subject.sendNext(1)
      subject.sendNext(2)
      advance(scheduler, by: d, c, clock) { recorder.recorded == [] }
      subject.sendNext(3)
      subject.sendCompleted()
      require(recorder.recorded == completion(after: [2, 3]), c, "\(clock): \(recorder.recorded)")
    }
  },
  .duration("Signal.timeout(_:on:)", parameter: "interval", .unchecked) { c in
    let d = c.duration
    for (scheduler, clock) in testSchedulers() {
      let subject = Subject<Int>()
      let recorder = Recorder(subject.signal.timeout(d, on: scheduler))
      subject.sendNext(1)
      advance(scheduler, by: d, c, clock) { recorder.recorded == [.next(1)] }
      require(
        recorder.recorded == [.next(1), .error(SignalError.timedOut)], c, "\(clock): \(recorder.recorded)")
      let just = recorded(Signal.just(7).timeout(d, on: scheduler))
      require(just == completion(after: [7]), c, "\(clock), from Signal.just: \(just)")
    }
  },
  .duration("Signal.buffer(_:on:)", parameter: "interval", .unchecked) { c in
    let d = c.duration
    for (scheduler, clock) in testSchedulers() {
      let subject = Subject<Int>()
      let recorder = Recorder(subject.signal.buffer(d, on: scheduler))
      subject.sendNext(1)
      subject.sendNext(2)
      advance(scheduler, by: d, c, clock) { recorder.recorded == [] }
      subject.sendNext(3)
      subject.sendCompleted()
      require(recorder.recorded == completion(after: [[1, 2], [3]]), c, "\(clock): \(recorder.recorded)")
    }
  },
  .duration("Signal.buffer(_:count:on:)", parameter: "interval", .unchecked) { c in
    let d = c.duration
    for (scheduler, clock) in testSchedulers() {
      let subject = Subject<Int>()
      let recorder = Recorder(subject.signal.buffer(d, count: 2, on: scheduler))
      subject.sendNext(1)
      subject.sendNext(2)
      subject.sendNext(3)
      advance(scheduler, by: d, c, clock) { recorder.recorded == [.next([1, 2])] }
      subject.sendCompleted()
      require(recorder.recorded == completion(after: [[1, 2], [3]]), c, "\(clock): \(recorder.recorded)")
    }
  },
  .duration("Signal.interval(_:on:)", parameter: "period", .positive) { c in
    let d = c.duration
    for (scheduler, clock) in testSchedulers() {
      let recorder = Recorder(Signal.interval(d, on: scheduler).map { _ in 1 }.take(2))
      advance(scheduler, by: d, c, clock) { recorder.recorded == [] }
      require(recorder.recorded == [.next(1)], c, "\(clock), after one period: \(recorder.recorded)")
      scheduler.advance(by: d)
      require(recorder.recorded == completion(after: [1, 1]), c, "\(clock), after two: \(recorder.recorded)")
    }
  },
  .duration("Signal.retry(_:delay:on:)", parameter: "delay", .nonNegative) { c in
    let d = c.duration
    for (scheduler, clock) in testSchedulers() {
      let recorder = Recorder(flaky(failures: 2).retry(2, delay: d, on: scheduler))
      advance(scheduler, by: d, c, clock) { recorder.recorded == [.next(1)] }
      // With no delay, the second retry is due when the first runs.
      let afterOne: [Recorded<Int>] = d == .zero ? completion(after: [1, 2, 3]) : [.next(1), .next(2)]
      require(recorder.recorded == afterOne, c, "\(clock), after one delay: \(recorder.recorded)")
      scheduler.advance(by: d)
      require(
        recorder.recorded == completion(after: [1, 2, 3]), c, "\(clock), after two: \(recorder.recorded)")
    }
  },

  // MARK: Timeouts of the blocking conversions

  .duration("Signal.first(timeout:)", parameter: "timeout", .any) { c in
    let d = c.duration
    let just = try Signal.just(7).first(timeout: d)
    require(just == 7, c, "from Signal.just: \(just as Any)")
    if d <= .zero {
      require(
        throwsTimedOut { _ = try Signal<Int>.never.first(timeout: d) }, c, "Signal.never did not time out")
    } else {
      let subject = ReplaySubject<Int>()
      sendLater([7], to: subject)
      let later = try subject.signal.first(timeout: d)
      require(later == 7, c, "from a Subject sending later: \(later as Any)")
    }
  },
  .duration("Signal.toArray(timeout:)", parameter: "timeout", .any) { c in
    let d = c.duration
    let values = try Signal(Seq(elements)).toArray(timeout: d)
    require(values == elements, c, "from Signal(Seq(1...5)): \(values)")
    if d <= .zero {
      require(
        throwsTimedOut { _ = try Signal<Int>.never.toArray(timeout: d) }, c, "Signal.never did not time out")
    } else {
      let subject = ReplaySubject<Int>()
      sendLater(elements, to: subject)
      let later = try subject.signal.toArray(timeout: d)
      require(later == elements, c, "from a Subject sending later: \(later)")
    }
  },
  .duration("Signal.waitUntilCompleted(timeout:)", parameter: "timeout", .any) { c in
    let d = c.duration
    try Signal(Seq(elements)).waitUntilCompleted(timeout: d)
    if d <= .zero {
      require(
        throwsTimedOut { try Signal<Int>.never.waitUntilCompleted(timeout: d) }, c,
        "Signal.never did not time out")
    } else {
      let subject = ReplaySubject<Int>()
      sendLater(elements, to: subject)
      try subject.signal.waitUntilCompleted(timeout: d)
    }
  },

  // MARK: Schedulers

  .duration(
    "TestScheduler.advance(by:)", parameter: "interval", .nonNegative,
    asyncCheck: { c in
      let d = c.duration
      // The synchronous form, then the asynchronous one.
      for isAsync in [false, true] {
        for (scheduler, clock) in testSchedulers() {
          let start = scheduler.now
          let ran = Guarded<[Duration]>([])
          scheduler.schedule(after: d) { ran.mutate { $0.append(scheduler.now) } }
          scheduler.schedule(after: d + .nanoseconds(1)) { ran.mutate { $0.append(scheduler.now) } }
          if isAsync { await scheduler.advance(by: d) } else { advanceSynchronously(scheduler, by: d) }
          let form = isAsync ? "await advance(by:)" : "advance(by:)"
          require(scheduler.now == start + d, c, "\(clock), \(form): now is \(scheduler.now - start) later")
          require(ran.value == [start + d], c, "\(clock), \(form): ran \(ran.value.count) actions")
        }
      }
    }),
  .duration("TestScheduler.advance(to:)", parameter: "time", .any) { c in
    let d = c.duration
    for (scheduler, clock) in testSchedulers() {
      let start = scheduler.now
      let ran = Guarded(false)
      scheduler.schedule(after: d - start) { ran.value = true }
      scheduler.advance(to: d)
      require(scheduler.now == max(start, d), c, "\(clock): now is \(scheduler.now - start) later")
      require(ran.value == (d >= start), c, "\(clock): the action due then ran: \(ran.value)")
    }
  },
  .duration("TestScheduler.schedule(after:_:)", parameter: "delay", .any) { c in
    let d = c.duration
    for (scheduler, clock) in testSchedulers() {
      let start = scheduler.now
      let ran = Guarded<Duration?>(nil)
      scheduler.schedule(after: d) { ran.value = scheduler.now }
      advance(scheduler, by: d, c, clock) { ran.value == nil }
      require(
        ran.value == start + max(d, .zero), c, "\(clock): ran at \(ran.value.map { $0 - start } as Any)")
    }
  },
  .duration("TestScheduler.schedule(after:repeatingEvery:_:)", parameter: "delay", .any) { c in
    let d = c.duration
    for (scheduler, clock) in testSchedulers() {
      let runs = Guarded(0)
      let timer = scheduler.schedule(after: d, repeatingEvery: .seconds(1)) { runs.mutate { $0 += 1 } }
      advance(scheduler, by: d, c, clock) { runs.value == 0 }
      scheduler.advance(by: .seconds(1))
      timer.dispose()
      scheduler.advance(by: .seconds(1))
      require(runs.value == 2, c, "\(clock): ran \(runs.value) times")
    }
  },
  .duration(
    "TestScheduler.schedule(after:repeatingEvery:_:)", parameter: "interval", .positive,
    message: "TestScheduler"
  ) { c in
    let d = c.duration
    for (scheduler, clock) in testSchedulers() {
      let runs = Guarded(0)
      let timer = scheduler.schedule(after: .zero, repeatingEvery: d) { runs.mutate { $0 += 1 } }
      scheduler.advance()
      advance(scheduler, by: d, c, clock) { runs.value == 1 }
      timer.dispose()
      scheduler.advance(by: d)
      require(runs.value == 2, c, "\(clock): ran \(runs.value) times")
    }
  },
  .duration("QueueScheduler.schedule(after:_:)", parameter: "delay", .any) { c in
    let d = c.duration
    let ran = DispatchSemaphore(value: 0)
    let timer = QueueScheduler().schedule(after: d) { ran.signal() }
    if d <= .zero {
      require(ran.wait(timeout: .now() + 5) == .success, c, "did not run at once")
    } else {
      require(ran.wait(timeout: .now() + .milliseconds(20)) == .timedOut, c, "ran at once")
      timer.dispose()
    }
  },
  .duration("QueueScheduler.schedule(after:repeatingEvery:_:)", parameter: "delay", .any) { c in
    let d = c.duration
    let ran = DispatchSemaphore(value: 0)
    let timer = QueueScheduler().schedule(after: d, repeatingEvery: .seconds(3600)) { ran.signal() }
    if d <= .zero {
      require(ran.wait(timeout: .now() + 5) == .success, c, "did not run at once")
    } else {
      require(ran.wait(timeout: .now() + .milliseconds(20)) == .timedOut, c, "ran at once")
    }
    timer.dispose()
  },
  .duration(
    "QueueScheduler.schedule(after:repeatingEvery:_:)", parameter: "interval", .positive,
    message: "QueueScheduler"
  ) { c in
    let d = c.duration
    let ran = DispatchSemaphore(value: 0)
    let timer = QueueScheduler().schedule(after: .zero, repeatingEvery: d) { ran.signal() }
    require(ran.wait(timeout: .now() + 5) == .success, c, "did not run at once")
    require(ran.wait(timeout: .now() + .milliseconds(20)) == .timedOut, c, "ran again at once")
    timer.dispose()
  },
]

/// Whether `body` throws `SignalError.timedOut`.
private func throwsTimedOut(_ body: () throws -> Void) -> Bool {
  do {
    try body()
    return false
  } catch {
    return error as? SignalError == .timedOut
  }
}

/// The cases of the table, one per parameter and argument.
private let cases = sweeps.flatMap(\.cases)

/// The row of `extremeCase`.
private func sweep(of extremeCase: ExtremeCase) -> Sweep {
  guard
    let sweep = sweeps.first(where: { $0.api == extremeCase.api && $0.parameter == extremeCase.parameter })
  else { preconditionFailure("no sweep for \(extremeCase.testDescription)") }
  return sweep
}

/// Runs the check of `extremeCase` (in its child process).
private func run(_ extremeCase: ExtremeCase) async {
  let sweep = sweep(of: extremeCase)
  await runExtremeCase(extremeCase) {
    do {
      try await sweep.check(extremeCase)
    } catch {
      require(false, extremeCase, "threw \(error)")
    }
  }
}

/// Expects the child process of `extremeCase`, an accepted argument, to give
/// the right answer; if it does not, runs it again to report what it wrote.
private func expectSuccess(_ extremeCase: ExtremeCase) async {
  let result = await #expect(processExitsWith: .success) { [extremeCase] in
    await run(extremeCase)
  }
  if result == nil {
    let failure = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      [extremeCase] in
      await run(extremeCase)
    }
    reportFailure(failure, extremeCase)
  }
}

/// Expects `extremeCase`, a call of `TestScheduler.advance(by:)` or
/// `TestScheduler.schedule(after:_:)` on a clock already at its end (moved
/// there by 20 steps of `.seconds(Int64.max)`, more than a `Duration` can
/// add up to: the largest is a little over 18.4 of them), to keep virtual
/// time at `TestScheduler.endOfTime`: no overflow, and an action due past
/// the end runs at the end.
private func expectSaturationAtTheEndOfTime(_ extremeCase: ExtremeCase) async {
  await #expect(processExitsWith: .success) { [extremeCase] in
    let scheduler = TestScheduler()
    for _ in 0..<20 { advanceSynchronously(scheduler, by: extremeCase.duration) }
    precondition(scheduler.now == TestScheduler.endOfTime, "the clock stops at its end")
    if extremeCase.parameter == "interval" {
      await scheduler.advance(by: extremeCase.duration)
      precondition(scheduler.now == TestScheduler.endOfTime, "the async advance stops at the end")
    } else {
      let ran = Guarded(false)
      scheduler.schedule(after: extremeCase.duration) { ran.value = true }
      scheduler.advance()
      precondition(ran.value, "an action due past the end runs at the end")
      let runs = Guarded(0)
      let fresh = TestScheduler()
      fresh.schedule(after: .zero, repeatingEvery: extremeCase.duration) { runs.mutate { $0 += 1 } }
      // At zero, then every `.seconds(Int64.max)` up to the end: 18 times
      // (the end is a little over 18.4 of them), then no further repetition.
      fresh.run()
      precondition(runs.value == 19, "a repetition past the end stops, ran \(runs.value) times")
    }
  }
}

/// Each count and duration parameter of the signal API called with extreme
/// arguments, each in a child process (see the top of this file).
@Suite("Extreme arguments of Signal")
struct ExtremeArgumentTests {
  @Test("An accepted argument gives the right answer at once", arguments: cases.filter { !$0.isRejected })
  func acceptedArgument(_ extremeCase: ExtremeCase) async {
    await expectSuccess(extremeCase)
  }

  @Test(
    "A rejected argument stops the program with a message naming the API",
    arguments: cases.filter(\.isRejected))
  func rejectedArgument(_ extremeCase: ExtremeCase) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      [extremeCase] in
      await run(extremeCase)
    }
    expectRejection(result, extremeCase, naming: sweep(of: extremeCase).message)
  }

  /// Virtual time ends at `TestScheduler.endOfTime`: moving the clock past
  /// it, or scheduling an action past it, saturates there instead of
  /// overflowing deep in `Duration`.
  @Test(
    "A clock sum past the end of virtual time saturates there",
    arguments: ["TestScheduler.advance(by:)", "TestScheduler.schedule(after:_:)"])
  func clockPastTheEndOfTime(_ api: String) async {
    let extremeCase = ExtremeCase(
      api: api, parameter: api.hasSuffix("(by:)") ? "interval" : "delay",
      argument: .duration(.seconds(Int64.max)), isRejected: false)
    await expectSaturationAtTheEndOfTime(extremeCase)
  }
}
