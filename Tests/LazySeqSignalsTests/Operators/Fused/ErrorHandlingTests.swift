// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeqSignals
import LazySeqTestSupport
import Testing

/// RAC's RACSignalSpec checklist: catch, retry and repeat (G21, G22, G51).
@Suite struct ErrorHandlingTests {
  @Test("G21: Repeat resubscribes until error") func repeatResubscribesUntilError() {
    let subscriptions = Guarded(0)
    let source = Signal<Int> { subscriber in
      subscriptions.value += 1
      if subscriptions.value == 4 {
        subscriber.sendError(TestError.boom)
      } else {
        subscriber.sendNext(subscriptions.value)
        subscriber.sendCompleted()
        subscriber.sendError(TestError.other)
      }
      return nil
    }
    #expect(recorded(source.repeat()) == [.next(1), .next(2), .next(3), .error(TestError.boom)])
  }

  @Test("G22: Repeat stops on disposal and with take") func repeatStopsOnDisposalAndWithTake() {
    let count = Guarded(0)
    let subscriber = Guarded<Subscriber<Int>?>(nil)
    subscriber.value = Subscriber(next: { _ in
      count.value += 1
      if count.value == 2 { subscriber.value?.dispose() }
    })
    Signal.just(1).repeat().subscribe(subscriber.value!)
    #expect(count.value == 2)
    #expect(subscriber.value?.isDisposed == true)
    subscriber.value = nil
    #expect(recorded(Signal.just(1).repeat().take(1)) == [.next(1), .completed])
    #expect(Recorder(Signal.just(7).repeat().take(100_000)).events.count == 100_001)
  }

  @Test("Retry resubscribes at most n times") func retryResubscribesAtMostNTimes() {
    let attempts = Guarded(0)
    let failing = Signal<Int> { subscriber in
      attempts.value += 1
      subscriber.sendNext(attempts.value)
      subscriber.sendError(TestError.boom)
      return nil
    }
    #expect(recorded(failing.retry(2)) == [.next(1), .next(2), .next(3), .error(TestError.boom)])
    attempts.value = 0
    #expect(recorded(failing.retry(0)) == [.next(1), .error(TestError.boom)])
    attempts.value = 0
    #expect(
      recorded(failing.retry().take(5)) == [.next(1), .next(2), .next(3), .next(4), .next(5), .completed])
  }

  @Test("G51: catch switches to the handler’s signal on error") func catchSwitchesToTheHandlersSignal() {
    let caught = Signal<Int>.error(TestError.boom).catch { _ in .just(41) }
    #expect(recorded(caught) == [.next(41), .completed])
    #expect(
      recorded(Signal<Int>.error(TestError.boom).catch { _ in .error(TestError.other) }) == [
        .error(TestError.other)
      ])
    #expect(recorded(Signal<Int>.error(TestError.boom).catchTo(.just(1))) == [.next(1), .completed])
    let disposed = Guarded(false)
    let replacement = Signal<Int> { _ in AnyDisposable { disposed.value = true } }
    Signal<Int>.error(TestError.boom).catchTo(replacement).subscribe().dispose()
    #expect(disposed.value)
  }
}
