// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// retry(_:delay:on:): waits `delay` on the scheduler before each
// resubscription, at most `count` times.

import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct RetryDelayTests {
  /// A source that fails its first `failures` subscriptions (after sending
  /// the attempt number), then sends it and completes; it records the
  /// virtual time of each subscription.
  final class Flaky: Sendable {
    let failures: Int
    let scheduler: TestScheduler
    let attempts = Guarded<[Duration]>([])

    init(failures: Int, _ scheduler: TestScheduler) {
      self.failures = failures
      self.scheduler = scheduler
    }

    var signal: Signal<Int> {
      Signal { [self] subscriber in
        let attempt = attempts.mutate { attempts in
          attempts.append(scheduler.now)
          return attempts.count
        }
        subscriber.sendNext(attempt)
        if attempt <= failures { subscriber.sendError(TestError.boom) } else { subscriber.sendCompleted() }
        return nil
      }
    }
  }

  @Test func eachResubscriptionWaitsTheDelay() {
    let scheduler = TestScheduler()
    let flaky = Flaky(failures: 2, scheduler)
    let recorder = Recorder(flaky.signal.retry(5, delay: .seconds(2), on: scheduler))
    #expect(recorder.recorded == marbles("1"))
    scheduler.advance(by: .milliseconds(1999))
    #expect(recorder.recorded == marbles("1"))
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.recorded == marbles("1 2"))
    scheduler.run()
    #expect(recorder.recorded == marbles("1 2 3 |"))
    #expect(flaky.attempts.value == [.zero, .seconds(2), .seconds(4)])
  }

  @Test func theLastErrorIsForwardedAfterCountRetries() {
    let scheduler = TestScheduler()
    let flaky = Flaky(failures: 10, scheduler)
    let recorder = Recorder(flaky.signal.retry(2, delay: .seconds(1), on: scheduler))
    scheduler.run()
    #expect(recorder.recorded == marbles("1 2 3 #"))
    #expect(flaky.attempts.value == [.zero, .seconds(1), .seconds(2)])
  }

  @Test func zeroRetriesForwardTheFirstError() {
    let scheduler = TestScheduler()
    let flaky = Flaky(failures: 1, scheduler)
    let recorder = Recorder(flaky.signal.retry(0, delay: .seconds(1), on: scheduler))
    #expect(recorder.recorded == marbles("1 #"))
    #expect(scheduler.pendingCount == 0)
  }

  @Test func aCompletionIsForwardedAtOnce() {
    let scheduler = TestScheduler()
    #expect(recorded(signal([1, 2]).retry(3, delay: .seconds(1), on: scheduler)) == marbles("1 2 |"))
  }

  @Test func disposalCancelsThePendingResubscription() {
    let scheduler = TestScheduler()
    let flaky = Flaky(failures: 1, scheduler)
    let recorder = Recorder(flaky.signal.retry(3, delay: .seconds(1), on: scheduler))
    recorder.disposable?.dispose()
    scheduler.run()
    #expect(flaky.attempts.value == [.zero])
    #expect(recorder.recorded == marbles("1"))
  }

  @Test func disposalReachesARunResubscribedInsideSchedule() {
    // An immediate scheduler runs the resubscription inside `schedule`; the
    // first run fails after its subscribe call returned. Disposing the
    // result must still reach the second run.
    let runs = Guarded<[Subscriber<Int>]>([])
    let disposed = Guarded<[Int]>([])
    let source = Signal<Int> { subscriber in
      let number = runs.mutate { runs in
        runs.append(subscriber)
        return runs.count
      }
      return AnyDisposable { disposed.mutate { $0.append(number) } }
    }
    let subscription = source.retry(3, delay: .zero, on: ImmediateScheduler()).subscribe(Subscriber())
    runs.value[0].sendError(TestError.boom)
    #expect(runs.value.count == 2)
    subscription.dispose()
    #expect(disposed.value.contains(2))
  }

  @Test func negativeArgumentsArePreconditionFailures() async {
    await #expect(processExitsWith: .failure) {
      _ = Signal<Int>.never.retry(-1, delay: .seconds(1), on: ImmediateScheduler())
    }
    await #expect(processExitsWith: .failure) {
      _ = Signal<Int>.never.retry(1, delay: .seconds(-1), on: ImmediateScheduler())
    }
  }
}
