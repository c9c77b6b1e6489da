import LazySeqSignals
import LazySeqTestSupport
import Testing

/// RAC's RACSignalSpec checklist: catch, retry and repeat (G21, G22, G51).
@Suite struct ErrorHandlingTests {
  @Test("G21: Repeat resubscribes until error") func g21RepeatResubscribesUntilError() {
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
    #expect(history(source.repeat()) == ["next(1)", "next(2)", "next(3)", "error(boom)"])
  }

  @Test("G22: Repeat stops on disposal and with take") func g22RepeatStopsOnDisposalAndWithTake() {
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
    #expect(history(Signal.just(1).repeat().take(1)) == expectHistory([1]))
    #expect(history(Signal.just(7).repeat().take(100_000)).count == 100_001)
  }

  @Test("Retry resubscribes at most n times") func retryResubscribesAtMostNTimes() {
    let attempts = Guarded(0)
    let failing = Signal<Int> { subscriber in
      attempts.value += 1
      subscriber.sendNext(attempts.value)
      subscriber.sendError(TestError.boom)
      return nil
    }
    #expect(history(failing.retry(2)) == ["next(1)", "next(2)", "next(3)", "error(boom)"])
    attempts.value = 0
    #expect(history(failing.retry(0)) == ["next(1)", "error(boom)"])
    attempts.value = 0
    #expect(history(failing.retry().take(5)) == expectHistory([1, 2, 3, 4, 5]))
  }

  @Test("G51: catch switches to the handler’s signal on error") func g51Catch() {
    let caught = Signal<Int>.error(TestError.boom).catch { _ in .just(41) }
    #expect(history(caught) == expectHistory([41]))
    #expect(
      history(Signal<Int>.error(TestError.boom).catch { _ in .error(TestError.other) }) == ["error(other)"])
    #expect(history(Signal<Int>.error(TestError.boom).catchTo(.just(1))) == expectHistory([1]))
    let disposed = Guarded(false)
    let replacement = Signal<Int> { _ in AnyDisposable { disposed.value = true } }
    Signal<Int>.error(TestError.boom).catchTo(replacement).subscribe().dispose()
    #expect(disposed.value)
  }
}
