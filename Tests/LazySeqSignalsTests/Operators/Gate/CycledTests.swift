// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// cycled() and cycled(times:) on signals: one run after the other, an error
// ends it, an empty run ends it, disposal stops the current run, and a
// synchronous source does not grow the stack.

import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct CycledTests {
  @Test func runsTheSignalAgainAfterEachCompletion() {
    #expect(recorded(signal([1, 2]).cycled().take(5)) == completion(after: [1, 2, 1, 2, 1]))
    #expect(recorded(signal([1, 2]).cycled(times: 3)) == completion(after: [1, 2, 1, 2, 1, 2]))
    #expect(recorded(signal([1, 2]).cycled(times: 1)) == completion(after: [1, 2]))
    #expect(recorded(signal([1, 2]).cycled(times: 0)) == [.completed])
  }

  @Test func eachRunIsANewSubscription() {
    let subscriptions = Counter()
    let source = Signal<Int> { subscriber in
      subscriber.sendNext(subscriptions.increment())
      subscriber.sendCompleted()
      return nil
    }
    #expect(recorded(source.cycled(times: 3)) == completion(after: [1, 2, 3]))
    #expect(subscriptions.value == 3)
  }

  @Test func aRunWithoutAValueCompletes() {
    #expect(recorded(signal([Int]()).cycled()) == [.completed])
    #expect(recorded(signal([Int]()).cycled(times: 4)) == [.completed])
    let runs = Counter()
    let twice = Signal<Int> { subscriber in
      if runs.increment() <= 2 { subscriber.sendNext(0) }
      subscriber.sendCompleted()
      return nil
    }
    #expect(recorded(twice.cycled()) == completion(after: [0, 0]))
  }

  @Test func anErrorEndsItOnce() {
    let runs = Counter()
    let failsOnTheSecondRun = Signal<Int> { subscriber in
      let run = runs.increment()
      subscriber.sendNext(run)
      if run == 2 { subscriber.sendError(TestError.boom) } else { subscriber.sendCompleted() }
      return nil
    }
    #expect(recorded(failsOnTheSecondRun.cycled()) == [.next(1), .next(2), .failed("boom")])
    #expect(runs.value == 2)
  }

  @Test func disposingStopsTheCurrentRun() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.cycled())
    subject.sendNext(1)
    recorder.disposable?.dispose()
    subject.sendNext(2)
    #expect(recorder.recorded == [.next(1)])
    let disposed = Guarded(false)
    Signal<Int> { _ in AnyDisposable { disposed.value = true } }.cycled(times: 2).subscribe().dispose()
    #expect(disposed.value)
  }

  @Test func aSynchronousSourceDoesNotGrowTheStack() async {
    let count = await runOnSmallStack {
      let values = Counter()
      signal([1]).cycled(times: 100_000).subscribe(next: { _ in _ = values.increment() })
      return values.value
    }
    #expect(count == 100_000)
    let taken = await runOnSmallStack { (try? signal([1, 2]).cycled().take(50_001).toArray().count) ?? -1 }
    #expect(taken == 50_001)
  }

  @Test func aNegativeCountNamesTheOperator() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal.just(1).cycled(times: -1)
    }
    #if DEBUG
      if let result {
        #expect(
          String(decoding: result.standardErrorContent, as: UTF8.self)
            .contains("Signal.cycled(times:): the count must not be negative, got -1"))
      }
    #endif
  }
}
