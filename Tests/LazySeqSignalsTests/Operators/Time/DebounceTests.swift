// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// debounce(_:on:): RAC's `-throttle:` under the common name (G48), on
// virtual time, written as marble diagrams (see `TimedMarbles.swift`).

import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct DebounceTests {
  @Test("G48: sends the last value of a burst after the quiet period")
  func sendsTheLastValueOfABurstAfterTheQuietPeriod() {
    // One tick is 100 ms. The sends are made between two advances, so that a
    // value sent at the instant a timer fires comes after it.
    let scheduler = TestScheduler()
    let typing = Subject<String>()
    let timeline = Timeline(
      typing.signal.debounce(.milliseconds(300), on: scheduler), on: scheduler, tick: .milliseconds(100))
    typing.sendNext("s")
    scheduler.advance(by: .milliseconds(100))
    typing.sendNext("sw")
    scheduler.advance(by: .milliseconds(299))
    #expect(timeline.diagram() == "")
    scheduler.advance(by: .milliseconds(1))
    #expect(timeline.diagram() == "----(sw)")
    typing.sendNext("swi")
    scheduler.advance(by: .milliseconds(200))
    typing.sendNext("swif")
    scheduler.advance(by: .milliseconds(200))
    typing.sendNext("swift")
    scheduler.advance(by: .seconds(1))
    #expect(timeline.diagram() == "----(sw)------(swift)")
  }

  @Test("G48: completion sends the waiting value at once") func completionSendsTheWaitingValueAtOnce() {
    // One tick is 500 ms; the clock runs on past the 1 s timer.
    validateMarbles("1|--", tick: .milliseconds(500), expected: "-[1|]") { $0.debounce(.seconds(1), on: $1) }
  }

  @Test("G48: an error is forwarded at once and drops the waiting value")
  func anErrorIsForwardedAtOnceAndDropsTheWaitingValue() {
    // One tick is 200 ms; the clock runs on past the 1 s timer.
    validateMarbles("1#-----", tick: .milliseconds(200), expected: "-#") { $0.debounce(.seconds(1), on: $1) }
  }

  @Test("G48: disposal cancels the waiting value") func disposalCancelsTheWaitingValue() {
    let scheduler = TestScheduler()
    let subject = Subject<Int>()
    let timeline = Timeline(
      subject.signal.debounce(.seconds(1), on: scheduler), on: scheduler, tick: .seconds(1))
    subject.sendNext(1)
    timeline.subscription?.dispose()
    scheduler.run()
    subject.sendNext(2)
    scheduler.run()
    #expect(timeline.diagram() == "")
  }

  @Test func theSameEventsAsThrottle() {
    let input = "12---34--5|"
    let expected = "---2----4-[5|]"
    validateMarbles(input, expected: expected) { $0.debounce(.seconds(2), on: $1) }
    validateMarbles(input, expected: expected) { $0.throttle(.seconds(2), on: $1) }
  }
}
