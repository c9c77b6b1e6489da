// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// Time-based operators (G45–G50), driven by `TestScheduler`.
@Suite struct TimeTests {
  @Test("G45: interval sends every period until disposed") func intervalSendsEveryPeriodUntilDisposed() {
    let scheduler = TestScheduler()
    let recorder = Recorder(Signal<Date>.interval(.seconds(1), on: scheduler).mapReplace(1))
    scheduler.advance(by: .milliseconds(999))
    #expect(recorder.values.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.values.count == 1)
    scheduler.advance(by: .seconds(2))
    #expect(recorder.values.count == 3)
    recorder.disposable?.dispose()
    scheduler.advance(by: .seconds(5))
    #expect(recorder.recorded == [.next(1), .next(1), .next(1)])
    let taken = Recorder(Signal<Date>.interval(.seconds(1), on: scheduler).take(2).mapReplace(0))
    scheduler.run()
    #expect(taken.recorded == [.next(0), .next(0), .completed])
  }

  @Test("G46: timeout") func timeout() {
    let scheduler = TestScheduler()
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.timeout(.seconds(2), on: scheduler))
    subject.sendNext(1)
    scheduler.advance(by: .seconds(1))
    subject.sendNext(2)
    #expect(recorder.recorded == [.next(1), .next(2)])
    scheduler.advance(by: .seconds(1))
    #expect(recorder.recorded == [.next(1), .next(2), .failed("timedOut")])
    #expect(recorder.events.last?.error as? SignalError == .timedOut)

    let disposed = Recorder(Signal<Int>.never.timeout(.seconds(1), on: scheduler))
    disposed.disposable?.dispose()
    scheduler.advance(by: .seconds(5))
    #expect(disposed.recorded == [])

    let completes = Recorder(Signal.just(1).timeout(.seconds(1), on: scheduler))
    scheduler.advance(by: .seconds(5))
    #expect(completes.recorded == [.next(1), .completed])
  }

  @Test("G47: delay") func delay() {
    // One tick is 500 ms: values and completion arrive 1 s late; an error
    // arrives at once and drops the values still waiting.
    validateMarbles("[1|]", tick: .milliseconds(500), expected: "--[1|]") { $0.delay(.seconds(1), on: $1) }
    validateMarbles("1-2|", tick: .milliseconds(500), expected: "--1-2|") { $0.delay(.seconds(1), on: $1) }
    validateMarbles("[1#]---", tick: .milliseconds(500), expected: "#") { $0.delay(.seconds(1), on: $1) }

    let scheduler = TestScheduler()
    let cancelled = Recorder(Signal.just(1).delay(.seconds(1), on: scheduler))
    cancelled.disposable?.dispose()
    scheduler.run()
    #expect(cancelled.recorded == [])
  }

  @Test("G48: throttle") func throttle() {
    let scheduler = TestScheduler()
    let subject = Subject<String>()
    let recorder = Recorder(subject.signal.throttle(.seconds(1), on: scheduler))
    subject.sendNext("foo")
    subject.sendNext("bar")
    #expect(recorder.recorded == [])
    scheduler.advance(by: .seconds(1))
    #expect(recorder.recorded == [.next("bar")])
    subject.sendNext("buzz")
    scheduler.advance(by: .milliseconds(500))
    subject.sendNext("fizz")
    scheduler.advance(by: .milliseconds(500))
    #expect(recorder.recorded == [.next("bar")])
    scheduler.advance(by: .milliseconds(500))
    #expect(recorder.recorded == [.next("bar"), .next("fizz")])
    subject.sendNext("last")
    subject.sendCompleted()
    #expect(recorder.recorded == [.next("bar"), .next("fizz"), .next("last"), .completed])

    let failing = Subject<String>()
    let errors = Recorder(failing.signal.throttle(.seconds(1), on: scheduler))
    failing.sendNext("dropped")
    failing.sendError(TestError.boom)
    scheduler.run()
    #expect(errors.recorded == [.error(TestError.boom)])

    let cancelled = Subject<String>()
    let disposed = Recorder(cancelled.signal.throttle(.seconds(1), on: scheduler))
    cancelled.sendNext("pending")
    disposed.disposable?.dispose()
    scheduler.run()
    #expect(disposed.recorded == [])
  }

  @Test("G49: throttle values passing test") func throttleValuesPassingTest() {
    let scheduler = TestScheduler()
    let subject = Subject<Int>()
    let tested = Guarded<[Int]>([])
    let throttled = subject.signal.throttle(.seconds(1), on: scheduler) { value in
      tested.value.append(value)
      return value.isMultiple(of: 2)
    }
    let recorder = Recorder(throttled)
    subject.sendNext(1)  // not throttled: at once
    subject.sendNext(2)  // throttled
    #expect(recorder.values == [1])
    subject.sendNext(4)  // replaces 2
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [1, 4])
    subject.sendNext(6)  // throttled, then dropped by the immediate 7
    subject.sendNext(7)
    scheduler.run()
    #expect(recorder.values == [1, 4, 7])
    #expect(tested.value == [1, 2, 4, 6, 7])
    subject.sendCompleted()
    #expect(recorder.recorded == [.next(1), .next(4), .next(7), .completed])
  }

  @Test("G50: buffer by time") func bufferByTime() {
    let scheduler = TestScheduler()
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.buffer(.seconds(1), on: scheduler))
    scheduler.advance(by: .seconds(3))
    #expect(recorder.recorded == [])
    subject.sendNext(1)
    subject.sendNext(2)
    scheduler.advance(by: .seconds(1))
    subject.sendNext(3)
    subject.sendNext(4)
    scheduler.advance(by: .seconds(1))
    subject.sendNext(5)
    subject.sendCompleted()
    #expect(recorder.recorded == [.next([1, 2]), .next([3, 4]), .next([5]), .completed])
  }

  @Test func deliverOnAndSubscribeOn() {
    let scheduler = TestScheduler()
    let delivered = Recorder(signal([1, 2]).deliver(on: scheduler))
    #expect(delivered.recorded == [])
    scheduler.advance()
    #expect(delivered.recorded == [.next(1), .next(2), .completed])

    let subscribed = Guarded(false)
    let deferred = Recorder(
      Signal<Int>.defer {
        subscribed.value = true
        return .just(1)
      }.subscribe(on: scheduler))
    #expect(!subscribed.value)
    scheduler.advance()
    #expect(subscribed.value)
    #expect(deferred.recorded == [.next(1), .completed])

    let cancelled = Recorder(Signal.just(1).deliver(on: scheduler))
    cancelled.disposable?.dispose()
    scheduler.advance()
    #expect(cancelled.recorded == [])
  }

  @Test func retryOnTestSchedulerResubscribesLater() {
    let scheduler = TestScheduler()
    let attempts = Guarded(0)
    let failing = Signal<Int>.defer {
      attempts.value += 1
      return Signal<Int>.error(TestError.boom).delay(.seconds(1), on: scheduler).startWith(attempts.value)
    }
    let recorder = Recorder(Signal<Int>.defer { failing }.catchTo(.never).concat(.never))
    #expect(recorder.recorded == [.next(1)])
    let retried = Recorder(
      Signal<Int> { subscriber in
        scheduler.schedule(after: .seconds(1)) { subscriber.sendError(TestError.boom) }
      }.materialize().filter { $0.isTerminal }.mapReplace(1))
    scheduler.run()
    #expect(retried.recorded == [.next(1), .completed])
  }
}
