// debounce(_:on:): RAC's `-throttle:` under the common name (G48), on
// virtual time.

import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct DebounceTests {
  /// Records each event with the virtual time it arrived at.
  final class Timeline<T> {
    private let entries: Guarded<[String]>
    let subscription: any Disposable

    init(_ signal: Signal<T>, _ scheduler: TestScheduler) {
      let entries = Guarded<[String]>([])
      self.entries = entries
      subscription = signal.subscribe(
        next: { value in entries.mutate { $0.append("\(value)@\(scheduler.now)") } },
        error: { error in entries.mutate { $0.append("error(\(error))@\(scheduler.now)") } },
        completed: { entries.mutate { $0.append("completed@\(scheduler.now)") } })
    }

    var history: [String] { entries.value }
  }

  @Test("G48: sends the last value of a burst after the quiet period")
  func sendsTheLastValueOfABurstAfterTheQuietPeriod() {
    let scheduler = TestScheduler()
    let typing = Subject<String>()
    let timeline = Timeline(typing.signal.debounce(.milliseconds(300), on: scheduler), scheduler)
    typing.sendNext("s")
    scheduler.advance(by: .milliseconds(100))
    typing.sendNext("sw")
    scheduler.advance(by: .milliseconds(299))
    #expect(timeline.history == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(timeline.history == ["sw@0.4 seconds"])
    typing.sendNext("swi")
    scheduler.advance(by: .milliseconds(200))
    typing.sendNext("swif")
    scheduler.advance(by: .milliseconds(200))
    typing.sendNext("swift")
    scheduler.advance(by: .seconds(1))
    #expect(timeline.history == ["sw@0.4 seconds", "swift@1.1 seconds"])
  }

  @Test("G48: completion sends the waiting value at once") func completionSendsTheWaitingValueAtOnce() {
    let scheduler = TestScheduler()
    let subject = Subject<Int>()
    let timeline = Timeline(subject.signal.debounce(.seconds(1), on: scheduler), scheduler)
    subject.sendNext(1)
    scheduler.advance(by: .milliseconds(500))
    subject.sendCompleted()
    #expect(timeline.history == ["1@0.5 seconds", "completed@0.5 seconds"])
    scheduler.run()
    #expect(timeline.history == ["1@0.5 seconds", "completed@0.5 seconds"])
  }

  @Test("G48: an error is forwarded at once and drops the waiting value")
  func anErrorIsForwardedAtOnceAndDropsTheWaitingValue() {
    let scheduler = TestScheduler()
    let subject = Subject<Int>()
    let timeline = Timeline(subject.signal.debounce(.seconds(1), on: scheduler), scheduler)
    subject.sendNext(1)
    scheduler.advance(by: .milliseconds(200))
    subject.sendError(TestError.boom)
    #expect(timeline.history == ["error(boom)@0.2 seconds"])
    scheduler.run()
    #expect(timeline.history == ["error(boom)@0.2 seconds"])
  }

  @Test("G48: disposal cancels the waiting value") func disposalCancelsTheWaitingValue() {
    let scheduler = TestScheduler()
    let subject = Subject<Int>()
    let timeline = Timeline(subject.signal.debounce(.seconds(1), on: scheduler), scheduler)
    subject.sendNext(1)
    timeline.subscription.dispose()
    scheduler.run()
    subject.sendNext(2)
    scheduler.run()
    #expect(timeline.history == [])
  }

  @Test func theSameEventsAsThrottle() {
    let scheduler = TestScheduler()
    let subject = Subject<Int>()
    let debounced = Timeline(subject.signal.debounce(.seconds(2), on: scheduler), scheduler)
    let throttled = Timeline(subject.signal.throttle(.seconds(2), on: scheduler), scheduler)
    for (step, value) in [(0, 1), (1, 2), (5, 3), (6, 4), (9, 5)] {
      scheduler.advance(to: .seconds(step))
      subject.sendNext(value)
    }
    scheduler.advance(to: .seconds(10))
    subject.sendCompleted()
    #expect(
      debounced.history == ["2@3.0 seconds", "4@8.0 seconds", "5@10.0 seconds", "completed@10.0 seconds"])
    #expect(throttled.history == debounced.history)
  }
}
