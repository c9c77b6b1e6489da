// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import Dispatch
import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// Schedulers (G79–G84) and recursive scheduling.
@Suite struct SchedulerTests {
  @Test("G79: immediate scheduler runs synchronously") func immediateSchedulerRunsSynchronously() {
    let ran = Guarded(false)
    ImmediateScheduler().schedule { ran.value = true }
    #expect(ran.value)
    let delayed = Guarded(false)
    ImmediateScheduler().schedule(after: .milliseconds(1)) { delayed.value = true }
    #expect(delayed.value)
  }

  @Test("G80: recursion on immediate scheduler runs after return")
  func recursionOnImmediateSchedulerRunsAfterReturn() {
    let log = Guarded<[String]>([])
    let count = Guarded(0)
    ImmediateScheduler().scheduleRecursive { reschedule in
      count.value += 1
      log.value.append("begin \(count.value)")
      if count.value < 3 { reschedule() }
      log.value.append("end \(count.value)")
    }
    #expect(log.value == ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3"])
    let once = Guarded(0)
    ImmediateScheduler().scheduleRecursive { _ in once.value += 1 }
    #expect(once.value == 1)
  }

  @Test("G80: recursion of 100,000 steps on a 512 KB stack") func recursionOf100000StepsOnA512KBStack() {
    let counter = Counter()
    onThread(stackSize: 512 * 1024) {
      ImmediateScheduler().scheduleRecursive { reschedule in
        if counter.increment() < 100_000 { reschedule() }
      }
    }
    #expect(counter.value == 100_000)
  }

  @Test func recursionOnTestSchedulerAndDisposalFromInside() {
    let scheduler = TestScheduler()
    let count = Guarded(0)
    scheduler.scheduleRecursive { reschedule in
      count.value += 1
      if count.value < 100_000 { reschedule() }
    }
    #expect(count.value == 0)
    onThread(stackSize: 512 * 1024) { scheduler.run() }
    #expect(count.value == 100_000)

    let stopped = Guarded(0)
    let disposable = Guarded<(any Disposable)?>(nil)
    disposable.value = scheduler.scheduleRecursive { reschedule in
      stopped.value += 1
      disposable.value?.dispose()
      reschedule()
    }
    scheduler.run()
    #expect(stopped.value == 1)
  }

  @Test("G81: recursion on queue scheduler and later reschedule")
  func recursionOnQueueSchedulerAndLaterReschedule() {
    let scheduler = QueueScheduler(label: "recursion")
    let counter = Counter()
    let done = DispatchSemaphore(value: 0)
    let other = QueueScheduler(label: "other")
    scheduler.scheduleRecursive { reschedule in
      let count = counter.increment()
      if count < 3 {
        other.schedule { reschedule() }
      } else {
        done.signal()
      }
    }
    done.wait()
    #expect(counter.value == 3)
  }

  @Test("G84: test scheduler ordering") func testSchedulerOrdering() {
    let scheduler = TestScheduler()
    scheduler.advance()
    let log = Guarded<[String]>([])
    scheduler.schedule(after: .seconds(20)) { log.value.append("20") }
    scheduler.schedule(after: .seconds(10)) { log.value.append("10") }
    for index in 0..<3 { scheduler.schedule { log.value.append("now \(index)") } }
    scheduler.advance()
    #expect(log.value == ["now 0", "now 1", "now 2"])
    scheduler.advance(by: .seconds(10))
    #expect(log.value.last == "10")
    #expect(scheduler.now == .seconds(10))
    scheduler.run()
    #expect(log.value == ["now 0", "now 1", "now 2", "10", "20"])
    #expect(scheduler.now == .seconds(20))
  }

  @Test("G84: repeating schedules interleave") func repeatingSchedulesInterleave() {
    let scheduler = TestScheduler()
    let log = Guarded<[Duration]>([])
    let a = scheduler.schedule(after: .seconds(20), repeatingEvery: .seconds(5)) {
      log.value.append(scheduler.now)
    }
    let b = scheduler.schedule(after: .seconds(22), repeatingEvery: .seconds(10)) {
      log.value.append(scheduler.now)
    }
    scheduler.advance(by: .seconds(32))
    #expect(log.value == [.seconds(20), .seconds(22), .seconds(25), .seconds(30), .seconds(32)])
    a.dispose()
    b.dispose()
    scheduler.run()
    #expect(log.value.count == 5)
  }

  @Test("G76, G77: disposing before run cancels") func disposingBeforeRunCancels() {
    let scheduler = QueueScheduler(label: "cancel")
    let log = Recorder<Int>()
    let gate = DispatchSemaphore(value: 0)
    scheduler.schedule { gate.wait() }
    scheduler.schedule { log.append(.next(1)) }.dispose()
    scheduler.schedule(after: .milliseconds(1)) { log.append(.next(2)) }.dispose()
    let done = DispatchSemaphore(value: 0)
    scheduler.schedule {
      log.append(.next(3))
      done.signal()
    }
    gate.signal()
    done.wait()
    #expect(log.recorded == [.next(3)])
  }

  @Test("G83: queue scheduler is serial even on concurrent target")
  func queueSchedulerIsSerialEvenOnConcurrentTarget() {
    let target = DispatchQueue(label: "concurrent", attributes: .concurrent)
    let scheduler = QueueScheduler(label: "serial", targeting: target)
    let log = Recorder<Int>()
    let done = DispatchSemaphore(value: 0)
    for index in 0..<100 { scheduler.schedule { log.append(.next(index)) } }
    scheduler.schedule { done.signal() }
    done.wait()
    #expect(log.values == Array(0..<100))
  }

  @Test func queueSchedulerRepeatsUntilDisposed() {
    let scheduler = QueueScheduler(label: "repeat")
    let counter = Counter()
    let reachedThree = DispatchSemaphore(value: 0)
    let disposable = scheduler.schedule(after: .milliseconds(1), repeatingEvery: .milliseconds(1)) {
      if counter.increment() == 3 { reachedThree.signal() }
    }
    reachedThree.wait()
    disposable.dispose()
    let flushed = DispatchSemaphore(value: 0)
    scheduler.schedule { flushed.signal() }
    flushed.wait()
    let stopped = counter.value
    let again = DispatchSemaphore(value: 0)
    scheduler.schedule(after: .milliseconds(20)) { again.signal() }
    again.wait()
    #expect(counter.value == stopped)
    #expect(stopped >= 3)
  }
}
