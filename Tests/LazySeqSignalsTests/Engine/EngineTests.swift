// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Foundation
import LazySeqTestSupport
import Synchronization
import Testing

@testable import LazySeqSignals

/// The invariants of the signal engine that need threads (run under
/// ThreadSanitizer; see `.ci/tsan-filter`).
@Suite struct EngineInvariantConcurrencyTests {
  final class Token: Sendable {}

  @Test func aMergePointFedByTwoConcurrentSourcesNeverOverlaps() {
    let left = Subject<Int>()
    let right = Subject<Int>()
    let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let count = Unsynchronized(0)
    let subscription = left.signal.map { $0 * 2 }.merge(with: right.signal.filter { _ in true })
      .subscribe(next: { _ in
        if inside.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
          overlaps.add(1, ordering: .relaxed)
        }
        count.value += 1
        inside.subtract(1, ordering: .sequentiallyConsistent)
      })
    onThreads(2) { index in
      let subject = index == 0 ? left : right
      for value in 0..<2_000 { subject.sendNext(value) }
    }
    subscription.dispose()
    #expect(overlaps.load(ordering: .relaxed) == 0)
    #expect(count.value == 4_000)
  }

  @Test func aPlainVarMutatedBySubjectCallbacksUnderFourSendersIsRaceFree() {
    let subject = Subject<Int>()
    let total = Unsynchronized(0)
    let subscription = subject.signal.map { $0 + 1 }.subscribe(next: { total.value += $0 })
    onThreads(4) { _ in
      for _ in 0..<1_000 { subject.sendNext(0) }
    }
    subscription.dispose()
    #expect(total.value == 4_000)
  }

  @Test func aPlainVarMutatedByColdSignalCallbacksUnderFourSendersIsRaceFree() {
    let subscriberBox = Locked<Subscriber<Int>?>(nil)
    let source = Signal<Int> { subscriber in
      subscriberBox.withLock { $0 = subscriber }
      return nil
    }
    let total = Unsynchronized(0)
    let subscription = source.filter { $0 >= 0 }.subscribe(next: { total.value += $0 })
    let subscriber = subscriberBox.withLock { $0 }!
    onThreads(4) { _ in
      for _ in 0..<1_000 { subscriber.sendNext(1) }
    }
    subscription.dispose()
    #expect(total.value == 4_000)
  }

  @Test func racingValuesThroughAFusedTakeGiveExactlyOneValueThenCompletion() {
    for _ in 0..<50 {
      let subject = Subject<Int>()
      let recorder = Recorder(subject.signal.map { $0 + 1 }.take(1))
      onThreads(4) { index in
        for _ in 0..<50 { subject.sendNext(index) }
      }
      let events = recorder.recorded
      #expect(events.count == 2)
      #expect(events.last == .completed)
      #expect(recorder.disposable?.isDisposed == true)
    }
  }

  @Test func disposeNeverWaitsForADeliveryInFlightAndReleasesTheClosuresWhenItEnds() {
    let subject = Subject<Int>()
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let received = Recorder<Int>()
    weak var weakToken: Token?
    var subscription: (any Disposable)?
    do {
      let token = Token()
      weakToken = token
      subscription = subject.signal.map { $0 }.subscribe(next: { value in
        withExtendedLifetime(token) {}
        received.append(.next(value))
        if value == 1 {
          entered.signal()
          proceed.wait()
        }
      })
    }
    let sender = DispatchGroup()
    sender.enter()
    Thread {
      subject.sendNext(1)
      sender.leave()
    }.start()
    entered.wait()
    // The delivery of 1 is in flight on the other thread: dispose returns
    // without waiting for it (if it waited, `proceed` would never be
    // signalled and this test would hang instead of failing).
    subscription?.dispose()
    #expect(subscription?.isDisposed == true)
    #expect(weakToken != nil)  // still in use by the delivery in flight
    proceed.signal()
    sender.wait()
    #expect(weakToken == nil)  // released when that delivery ended
    subject.sendNext(2)
    #expect(received.values == [1])
  }

  @Test func disposeOfAColdSubscriptionNeverWaitsForADeliveryInFlight() {
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let subscriberBox = Locked<Subscriber<Int>?>(nil)
    weak var weakToken: Token?
    var subscription: (any Disposable)?
    do {
      let token = Token()
      weakToken = token
      subscription = Signal<Int> { subscriber in
        subscriberBox.withLock { $0 = subscriber }
        return nil
      }.subscribe(next: { _ in
        withExtendedLifetime(token) {}
        entered.signal()
        proceed.wait()
      })
    }
    let subscriber = subscriberBox.withLock { $0 }!
    let sender = DispatchGroup()
    sender.enter()
    Thread {
      subscriber.sendNext(1)
      sender.leave()
    }.start()
    entered.wait()
    subscription?.dispose()
    #expect(subscriber.isDisposed)
    #expect(weakToken != nil)
    proceed.signal()
    sender.wait()
    #expect(weakToken == nil)
  }
}

/// The engine's single-threaded guarantees: reentrant sends, disposal and termination.
@Suite struct EngineTests {
  @Test func aSendReenteringFromInsideAFusedMapIsQueuedAtTheSource() {
    let subject = Subject<Int>()
    let log = Guarded<[String]>([])
    subject.signal
      .map { value -> Int in
        log.value.append("map \(value)")
        if value == 1 { subject.sendNext(2) }
        return value
      }
      .subscribe(next: { log.value.append("subscriber \($0)") })
    subject.sendNext(1)
    #expect(log.value == ["map 1", "subscriber 1", "map 2", "subscriber 2"])
  }

  @Test func aSendReenteringAColdSignalFromInsideAFusedMapIsQueued() {
    let log = Guarded<[String]>([])
    let source = Guarded<Subscriber<Int>?>(nil)
    Signal<Int> { subscriber in
      source.value = subscriber
      subscriber.sendNext(1)
      return nil
    }
    .map { value -> Int in
      log.value.append("map \(value)")
      if value == 1 { source.value?.sendNext(2) }
      return value
    }
    .subscribe(next: { log.value.append("subscriber \($0)") })
    #expect(log.value == ["map 1", "subscriber 1", "map 2", "subscriber 2"])
  }

  @Test func takeEndsTheSharedLifetimeSoTheSourceStops() {
    let sent = Guarded(0)
    let source = Signal<Int> { subscriber in
      while !subscriber.isDisposed {
        sent.value += 1
        subscriber.sendNext(sent.value)
      }
      return nil
    }
    #expect(recorded(source.map { $0 * 10 }.take(3)) == marbles("10 20 30 |"))
    #expect(sent.value == 3)
  }

  @Test func aTerminalProducedInsideAFusedChainDisposesResourcesBeforeTheCallback() {
    let log = Guarded<[String]>([])
    let subject = Subject<Int>()
    let source = Signal<Int> { subscriber in
      subject.signal.subscribe(subscriber)
      return AnyDisposable { log.value.append("disposed") }
    }
    source.take(while: { $0 < 2 }).subscribe(
      next: { log.value.append("next \($0)") }, completed: { log.value.append("completed") })
    subject.sendNext(1)
    subject.sendNext(2)
    subject.sendNext(3)
    #expect(log.value == ["next 1", "disposed", "completed"])
  }

  @Test func behaviorSubjectValueIsTheLatestValueVisibleBeforeSubscribersHearOfIt() {
    let subject = BehaviorSubject(0)
    #expect(subject.value == 0)
    let seen = Guarded<[Int]>([])
    subject.signal.subscribe(next: { _ in seen.value.append(subject.value) })
    subject.sendNext(5)
    #expect(subject.value == 5)
    #expect(seen.value == [0, 5])
    subject.sendCompleted()
    #expect(subject.value == 5)
  }

  @Test func aSubjectFedThroughItsSubscriberDisposesTheUpstreamWhenItTerminates() {
    let subject = Subject<Int>()
    let upstreamDisposed = Guarded(false)
    let upstream = Signal<Int> { _ in AnyDisposable { upstreamDisposed.value = true } }
    upstream.subscribe(subject.subscriber)
    let recorder = Recorder(subject.signal)
    #expect(!upstreamDisposed.value)
    subject.sendCompleted()
    #expect(upstreamDisposed.value)
    #expect(recorder.recorded == marbles("|"))
  }

  @Test func testSchedulerAdvanceCalledFromOneOfItsOwnActionsRunsInline() {
    let scheduler = TestScheduler()
    let log = Guarded<[String]>([])
    scheduler.schedule(after: .seconds(1)) { log.value.append("later") }
    scheduler.schedule {
      log.value.append("first")
      scheduler.advance(by: .seconds(1))
      log.value.append("after nested advance")
    }
    scheduler.advance()
    #expect(log.value == ["first", "later", "after nested advance"])
    #expect(scheduler.now == .seconds(1))
  }

  @Test func aStaleThrottleTimerNeverSendsANewerValueEarly() {
    var throttle = Operators.ThrottleState<Int>()
    let first = throttle.hold(1)
    let second = throttle.hold(2)
    // The timer armed for 1 fires after 2 arrived (as on an asynchronous
    // scheduler): it must not send 2 before 2's own quiet period.
    let result1 = throttle.fire(first)
    #expect(result1 == nil)
    let result2 = throttle.fire(second)
    #expect(result2 == 2)
    let result3 = throttle.fire(second)
    #expect(result3 == nil)
    _ = throttle.hold(3)
    let result4 = throttle.flush()
    #expect(result4 == 3)
    let result5 = throttle.flush()
    #expect(result5 == nil)
  }
}

/// The named state machines of the time and switching operators.
@Suite struct OperatorStateMachineTests {
  @Test func aLateBufferTimerNeverCutsANewerBatchShort() {
    var buffer = Operators.BufferState<Int>()
    let first = buffer.add(1).startedGeneration
    #expect(first != nil)
    let result1 = buffer.add(2).startedGeneration
    #expect(result1 == nil)  // same batch, no new timer
    let result2 = buffer.fire(first!)
    #expect(result2 == [1, 2])
    let second = buffer.add(3).startedGeneration
    let result3 = buffer.fire(first!)
    #expect(result3 == nil)  // the old timer, late: nothing
    let result4 = buffer.fire(second!)
    #expect(result4 == [3])
    _ = buffer.add(4)
    let result5 = buffer.flush()
    #expect(result5 == [4])
    let result6 = buffer.flush()
    #expect(result6 == nil)
  }

  @Test func aBatchThatFillsIsTakenAndItsTimerGoesStale() {
    var buffer = Operators.BufferState<Int>(limit: 2)
    let first = buffer.add(1).startedGeneration
    guard case .full(let batch) = buffer.add(2) else {
      Issue.record("a second value must fill a batch of two")
      return
    }
    #expect(batch == [1, 2])
    _ = buffer.add(3)
    let late = buffer.fire(first!)
    #expect(late == nil)  // the filled batch's timer fires late: nothing
    let rest = buffer.flush()
    #expect(rest == [3])
  }

  @Test func delayCancelsItsTimersOnDisposalAndHandlesATimerThatFiresAtOnce() {
    let scheduler = TestScheduler()
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.delay(.seconds(1), on: scheduler))
    subject.sendNext(1)
    subject.sendNext(2)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.recorded == marbles("1 2"))
    subject.sendNext(3)
    recorder.disposable?.dispose()
    scheduler.run()
    #expect(recorder.recorded == marbles("1 2"))
    // On the immediate scheduler the timer fires before `schedule` returns.
    #expect(recorded(Signal.just(7).delay(.zero, on: ImmediateScheduler())) == marbles("7 |"))
  }

  @Test func switchToLatestCompletesOnlyWhenOuterAndCurrentInnerAreDone() {
    var machine = Operators.SwitchToLatestState()
    let first = machine.switchToNewInner()
    let second = machine.switchToNewInner()
    #expect(!machine.isCurrent(first))
    #expect(machine.isCurrent(second))
    let result1 = machine.innerCompleted(first)
    #expect(!result1)  // a replaced inner ends nothing
    let result2 = machine.outerCompleted()
    #expect(!result2)  // the current inner still runs
    let result3 = machine.innerCompleted(second)
    #expect(result3)
  }
}
