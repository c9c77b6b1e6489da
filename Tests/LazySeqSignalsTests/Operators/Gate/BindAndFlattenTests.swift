// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeqSignals
import LazySeqTestSupport
import Testing

/// RAC's RACSignalSpec checklist: bind, flatten, merge, concat, switchToLatest and then (G2–G5, G29–G32, G40, G41).
@Suite struct BindAndFlattenTests {
  @Test("G2: Bind nil disposes source but inner keeps flowing")
  func bindNilDisposesSourceButInnerKeepsFlowing() {
    let source = Subject<Int>()
    let inner = Subject<Int>()
    let sourceDisposed = Guarded(false)
    let guarded = Signal<Int> { subscriber in
      source.signal.subscribe(subscriber)
      return AnyDisposable { sourceDisposed.value = true }
    }
    let bound = guarded.bind {
      { (value: Int, _) -> Signal<Int>? in value == 0 ? inner.signal : nil }
    }
    let recorder = Recorder(bound)
    source.sendNext(0)
    #expect(!sourceDisposed.value)
    source.sendNext(1)
    #expect(sourceDisposed.value)
    inner.sendNext(10)
    inner.sendCompleted()
    #expect(recorder.recorded == [.next(10), .completed])
  }

  @Test("G3: Bind stop disposes source and still delivers") func bindStopDisposesSourceAndStillDelivers() {
    let source = Subject<Int>()
    let first = Subject<Int>()
    let second = Subject<Int>()
    let sourceDisposed = Guarded(false)
    let guarded = Signal<Int> { subscriber in
      source.signal.subscribe(subscriber)
      return AnyDisposable { sourceDisposed.value = true }
    }
    let bound = guarded.bind {
      { (value: Int, stop: inout Bool) -> Signal<Int>? in
        if value == 1 { stop = true }
        return value == 0 ? first.signal : second.signal
      }
    }
    let recorder = Recorder(bound)
    source.sendNext(0)
    source.sendNext(1)
    #expect(sourceDisposed.value)
    second.sendNext(1)
    first.sendNext(2)
    first.sendCompleted()
    second.sendCompleted()
    #expect(recorder.recorded == [.next(1), .next(2), .completed])
  }

  @Test("G4: Bind stops subscribing after inner error") func bindStopsSubscribingAfterInnerError() {
    let subscribedLater = Guarded(false)
    let bound = signal([0, 1]).bind {
      { (value: Int, _) -> Signal<Int>? in
        value == 0
          ? .error(TestError.boom)
          : .defer {
            subscribedLater.value = true
            return .empty
          }
      }
    }
    #expect(recorded(bound) == [.error(TestError.boom)])
    #expect(!subscribedLater.value)
  }

  @Test("G5: Merge does not subscribe after synchronous error")
  func mergeDoesNotSubscribeAfterSynchronousError() {
    let subscribedLater = Guarded(false)
    let later = Signal<Int>.defer {
      subscribedLater.value = true
      return .just(1)
    }
    #expect(recorded(Signal<Int>.merge([.error(TestError.boom), later])) == [.error(TestError.boom)])
    #expect(!subscribedLater.value)
  }

  @Test("G29: merge sends the values of every signal in arrival order")
  func mergeSendsTheValuesOfEverySignalInArrivalOrder() {
    let first = Subject<Int>()
    let second = Subject<Int>()
    let merged = first.signal.merge(with: second.signal)
    let a = Recorder(merged)
    let b = Recorder(merged)
    first.sendNext(1)
    second.sendNext(2)
    first.sendNext(3)
    first.sendCompleted()
    #expect(a.recorded == [.next(1), .next(2), .next(3)])
    second.sendCompleted()
    #expect(a.recorded == [.next(1), .next(2), .next(3), .completed])
    #expect(b.recorded == a.recorded)
    #expect(recorded(Signal<Int>.merge([])) == [.completed])
    let failing = Subject<Int>()
    let errors = Recorder(Signal<Int>.merge([failing.signal, Subject<Int>().signal]))
    failing.sendError(TestError.boom)
    #expect(errors.recorded == [.error(TestError.boom)])
  }

  @Test("G30: flatten(maxConcurrent:) queues inner signals beyond the limit") func flattenWithLimits() {
    let outer = Subject<Signal<Int>>()
    let inners = [Subject<Int>(), Subject<Int>(), Subject<Int>()]
    let unlimited = Recorder(outer.signal.flatten(maxConcurrent: 0))
    let serial = Recorder(outer.signal.flatten(maxConcurrent: 1))
    for inner in inners { outer.sendNext(inner.signal) }
    inners[1].sendNext(10)
    inners[0].sendNext(1)
    outer.sendCompleted()
    inners[0].sendCompleted()
    inners[1].sendNext(11)
    inners[2].sendNext(20)
    inners[1].sendCompleted()
    #expect(unlimited.recorded == [.next(10), .next(1), .next(11), .next(20)])
    #expect(serial.recorded == [.next(1), .next(11)])
    inners[2].sendNext(21)
    inners[2].sendCompleted()
    #expect(unlimited.recorded == [.next(10), .next(1), .next(11), .next(20), .next(21), .completed])
    #expect(serial.recorded == [.next(1), .next(11), .next(21), .completed])
  }

  @Test("G31: Flatten disposed during inner subscription") func flattenDisposedDuringInnerSubscription() {
    for _ in 0..<100 {
      let trigger = Subject<Void>()
      let inner = Signal<Int> { subscriber in
        subscriber.sendNext(1)
        trigger.sendNext(())
        subscriber.sendNext(2)
        return nil
      }
      let recorder = Recorder(Signal.just(inner).flatten().take(until: trigger.signal))
      #expect(recorder.recorded == [.next(1), .completed])
    }
  }

  @Test("Concat of many synchronous signals uses constant stack")
  func concatOfManySynchronousSignalsUsesConstantStack() {
    let parts = (0..<100_000).map { Signal.just($0) }
    onThread(stackSize: 512 * 1024) {
      let recorder = Recorder(Signal<Int>.concat(parts).collect().map(\.count))
      precondition(recorder.recorded == [.next(100000), .completed])
    }
  }

  @Test("G32: switchToLatest forwards only the latest inner signal") func switchToLatest() {
    let outer = Subject<Signal<Int>>()
    let first = Subject<Int>()
    let second = Subject<Int>()
    let recorder = Recorder(outer.signal.switchToLatest())
    outer.sendNext(first.signal)
    first.sendNext(1)
    outer.sendNext(second.signal)
    first.sendNext(2)
    second.sendNext(3)
    outer.sendCompleted()
    #expect(recorder.recorded == [.next(1), .next(3)])
    second.sendCompleted()
    #expect(recorder.recorded == [.next(1), .next(3), .completed])

    let failing = Subject<Signal<Int>>()
    let errors = Recorder(failing.signal.switchToLatest())
    failing.sendNext(.error(TestError.boom))
    #expect(errors.recorded == [.error(TestError.boom)])

    let subscriptions = Guarded(0)
    let cold = Signal<Signal<Int>>.defer {
      subscriptions.value += 1
      return .just(.just(subscriptions.value))
    }.switchToLatest()
    #expect(recorded(cold) == [.next(1), .completed])
    #expect(recorded(cold) == [.next(2), .completed])
  }

  @Test("G40: Concat of signal of signals") func concatOfSignalOfSignals() {
    let outer = ReplaySubject<Signal<Int>>()
    let first = Subject<Int>()
    let later = Subject<Int>()
    outer.sendNext(first.signal)
    outer.sendNext(.empty)
    outer.sendNext(later.signal)
    let recorder = Recorder(outer.signal.concat())
    later.sendNext(99)  // not subscribed yet
    first.sendNext(1)
    first.sendCompleted()
    later.sendNext(2)
    outer.sendCompleted()
    #expect(recorder.recorded == [.next(1), .next(2)])
    later.sendCompleted()
    #expect(recorder.recorded == [.next(1), .next(2), .completed])

    let errors = Recorder(Signal.just(Signal<Int>.error(TestError.boom)).concat())
    #expect(errors.recorded == [.error(TestError.boom)])

    let laterSubscribed = Guarded(false)
    let pending = Subject<Int>()
    let guarded = Signal<Int>.concat([
      pending.signal,
      .defer {
        laterSubscribed.value = true
        return .empty
      },
    ])
    guarded.subscribe().dispose()
    pending.sendCompleted()
    #expect(!laterSubscribed.value)
  }

  @Test("G41: then ignores the values and continues with the next signal on completion")
  func thenIgnoresTheValuesAndContinuesWithTheNextSignalOnCompletion() {
    #expect(recorded(signal([1, 2]).then { Signal.just("x") }) == [.next("x"), .completed])
    #expect(recorded(Signal<Int>.empty.then { Signal.just("x") }) == [.next("x"), .completed])
    #expect(recorded(Signal<Int>.error(TestError.boom).then { Signal.just("x") }) == [.error(TestError.boom)])
  }
}
