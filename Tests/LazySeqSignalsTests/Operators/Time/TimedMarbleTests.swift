// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The marble diagrams of the time-based tests: how a diagram is read, and
// that hot and cold sources send what their diagram draws.

import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct TimedMarbleTests {
  @Test func aDiagramIsReadOneTickAtATime() {
    let events = timedMarbles("a-[bc](de)#(other)|")
    #expect(events.map(\.tick) == [0, 2, 2, 3, 4, 5])
    #expect(
      events.map(\.event) == [
        .next("a"), .next("b"), .next("c"), .next("de"), .failed("other"), .completed,
      ])
    #expect(timedMarbles("1#").map(\.event) == [.next("1"), .error(TestError.boom)])
    #expect(timedMarbles("--|").map(\.tick) == [2])
    #expect(marbleTicks("a-[bc](de)--") == 6)
  }

  @Test func aHotSourceSendsOnItsOwnClockAndAColdOneFromEachSubscription() {
    let scheduler = TestScheduler()
    let tick = Duration.seconds(1)
    let hot = scheduler.hot("a-b-|", tick: tick)
    let cold = scheduler.cold("a-b-|", tick: tick)
    let early = Timeline(hot, on: scheduler, tick: tick)
    let coldEarly = Timeline(cold, on: scheduler, tick: tick)
    scheduler.advance(by: .seconds(1))
    let late = Timeline(hot, on: scheduler, tick: tick)
    let coldLate = Timeline(cold, on: scheduler, tick: tick)
    scheduler.run()
    #expect(early.diagram() == "a-b-|")
    #expect(coldEarly.diagram() == "a-b-|")
    #expect(late.diagram() == "-b-|")
    #expect(coldLate.diagram() == "a-b-|")
  }

  @Test func aTimelineDrawsErrorsAndValuesLongerThanOneCharacter() {
    let scheduler = TestScheduler()
    let subject = Subject<Int>()
    let timeline = Timeline(subject.signal, on: scheduler, tick: .seconds(1))
    subject.sendNext(1)
    scheduler.advance(by: .seconds(2))
    subject.sendNext(23)
    subject.sendError(TestError.other)
    #expect(timeline.diagram() == "1-[(23)#(other)]")
  }
}
