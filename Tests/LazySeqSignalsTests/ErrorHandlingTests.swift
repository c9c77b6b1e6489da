import LazySeqSignals
import Testing

/// RAC's RACSignalSpec checklist: catch, retry and repeat (G21, G22, G51).
@Suite struct ErrorHandlingTests {
  @Test("G21: Repeat resubscribes until error") func g21RepeatResubscribesUntilError() {
    var subscriptions = 0
    let source = Signal<Int> { subscriber in
      subscriptions += 1
      if subscriptions == 4 {
        subscriber.sendError(TestError.boom)
      } else {
        subscriber.sendNext(subscriptions)
        subscriber.sendCompleted()
        subscriber.sendError(TestError.other)
      }
      return nil
    }
    #expect(history(source.repeat()) == ["next(1)", "next(2)", "next(3)", "error(boom)"])
  }

  @Test("G22: Repeat stops on disposal and with take") func g22RepeatStopsOnDisposalAndWithTake() {
    var count = 0
    var subscriber: Subscriber<Int>?
    subscriber = Subscriber(next: { _ in
      count += 1
      if count == 2 { subscriber?.dispose() }
    })
    Signal.just(1).repeat().subscribe(subscriber!)
    #expect(count == 2)
    #expect(subscriber?.isDisposed == true)
    subscriber = nil
    #expect(history(Signal.just(1).repeat().take(1)) == expectHistory([1]))
    #expect(history(Signal.just(7).repeat().take(100_000)).count == 100_001)
  }

  @Test("Retry resubscribes at most n times") func retryResubscribesAtMostNTimes() {
    var attempts = 0
    let failing = Signal<Int> { subscriber in
      attempts += 1
      subscriber.sendNext(attempts)
      subscriber.sendError(TestError.boom)
      return nil
    }
    #expect(history(failing.retry(2)) == ["next(1)", "next(2)", "next(3)", "error(boom)"])
    attempts = 0
    #expect(history(failing.retry(0)) == ["next(1)", "error(boom)"])
    attempts = 0
    #expect(history(failing.retry().take(5)) == expectHistory([1, 2, 3, 4, 5]))
  }

  @Test("G51: catch switches to the handler’s signal on error") func g51Catch() {
    let caught = Signal<Int>.error(TestError.boom).catch { _ in .just(41) }
    #expect(history(caught) == expectHistory([41]))
    #expect(
      history(Signal<Int>.error(TestError.boom).catch { _ in .error(TestError.other) }) == ["error(other)"])
    #expect(history(Signal<Int>.error(TestError.boom).catchTo(.just(1))) == expectHistory([1]))
    var disposed = false
    let replacement = Signal<Int> { _ in AnyDisposable { disposed = true } }
    Signal<Int>.error(TestError.boom).catchTo(replacement).subscribe().dispose()
    #expect(disposed)
  }
}
