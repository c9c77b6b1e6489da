// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// buffer(count:) and buffer(_:count:on:): arrays by count, or by time or
// count whichever comes first; the rest at completion.

import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct BufferTests {
  @Test func bufferCountMatchesChunkingAnArray() {
    for size in 0...9 {
      for count in 1...4 {
        let values = Array(0..<size)
        let expected = stride(from: 0, to: size, by: count).map {
          Array(values[$0..<min($0 + count, size)])
        }
        #expect(recorded(signal(values).buffer(count: count)) == expected.map { .next($0) } + [.completed])
      }
    }
  }

  @Test func bufferCountDropsTheRestOnError() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.buffer(count: 2))
    for value in 1...3 { subject.sendNext(value) }
    subject.sendError(TestError.boom)
    #expect(recorder.recorded == [.next([1, 2]), .failed("boom")])
  }

  @Test func bufferCountStopsWithTake() {
    #expect(
      recorded(signal(Array(1...10)).buffer(count: 3).take(2)) == [
        .next([1, 2, 3]), .next([4, 5, 6]), .completed,
      ])
  }

  @Test func aFullArrayIsSentAtOnceAndTheRestByTime() {
    let scheduler = TestScheduler()
    let clicks = Subject<Int>()
    let recorder = Recorder(clicks.signal.buffer(.seconds(1), count: 3, on: scheduler))
    for click in 1...4 { clicks.sendNext(click) }
    #expect(recorder.recorded == [.next([1, 2, 3])])
    scheduler.advance(by: .milliseconds(999))
    #expect(recorder.recorded == [.next([1, 2, 3])])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.recorded == [.next([1, 2, 3]), .next([4])])
    clicks.sendNext(5)
    clicks.sendCompleted()
    #expect(recorder.recorded == [.next([1, 2, 3]), .next([4]), .next([5]), .completed])
  }

  @Test func eachArraysTimerStartsWithItsFirstValue() {
    let scheduler = TestScheduler()
    let subject = Subject<Int>()
    let times = Guarded<[String]>([])
    subject.signal.buffer(.seconds(2), count: 10, on: scheduler)
      .subscribe(next: { batch in times.mutate { $0.append("\(batch)@\(scheduler.now)") } })
    scheduler.advance(by: .seconds(5))  // nothing is sent while no value arrives
    subject.sendNext(1)
    scheduler.advance(by: .seconds(1))
    subject.sendNext(2)
    scheduler.advance(by: .seconds(1))
    subject.sendNext(3)
    scheduler.advance(by: .seconds(3))
    #expect(times.value == ["[1, 2]@7.0 seconds", "[3]@9.0 seconds"])
  }

  @Test func aTimerArmedForAnArraySentByCountSendsNothing() {
    let scheduler = TestScheduler()
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.buffer(.seconds(1), count: 2, on: scheduler))
    subject.sendNext(1)
    scheduler.advance(by: .milliseconds(500))
    subject.sendNext(2)  // full: sent, its timer cancelled
    subject.sendNext(3)  // a new array, a new timer at 1.5 s
    scheduler.advance(by: .milliseconds(500))
    #expect(recorder.recorded == [.next([1, 2])])
    scheduler.advance(by: .milliseconds(500))
    #expect(recorder.recorded == [.next([1, 2]), .next([3])])
  }

  @Test func anErrorDropsThePendingArrayAndCancelsItsTimer() {
    let scheduler = TestScheduler()
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.buffer(.seconds(1), count: 5, on: scheduler))
    subject.sendNext(1)
    subject.sendError(TestError.boom)
    scheduler.run()
    #expect(recorder.recorded == [.failed("boom")])
  }

  @Test func disposalCancelsThePendingTimer() {
    let scheduler = TestScheduler()
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.buffer(.seconds(1), count: 5, on: scheduler))
    subject.sendNext(1)
    recorder.disposable?.dispose()
    scheduler.run()
    #expect(recorder.recorded == [])
  }

  @Test func countsMustBePositive() async {
    await #expect(processExitsWith: .failure) { _ = Signal<Int>.never.buffer(count: 0) }
    await #expect(processExitsWith: .failure) {
      _ = Signal<Int>.never.buffer(.seconds(1), count: -1, on: ImmediateScheduler())
    }
  }
}

/// `buffer` fed from several threads at once.
@Suite struct BufferConcurrencyTests {
  @Test func concurrentSendersNeverLoseOrDuplicateAValue() {
    let scheduler = QueueScheduler()
    let subject = Subject<Int>()
    let received = Guarded<[Int]>([])
    let done = Guarded(false)
    subject.signal.buffer(.milliseconds(1), count: 7, on: scheduler)
      .subscribe(next: { batch in received.mutate { $0 += batch } }, completed: { done.value = true })
    onThreads(4) { thread in
      for value in 0..<500 { subject.sendNext(thread * 1000 + value) }
    }
    subject.sendCompleted()
    #expect(done.value)
    #expect(received.value.sorted() == (0..<4).flatMap { thread in (0..<500).map { thread * 1000 + $0 } })
  }
}
