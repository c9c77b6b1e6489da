import LazySeqSignals
import Testing

/// RAC's RACSignalSpec checklist: initially, finally and the do… operators (G54, G55).
@Suite struct SideEffectTests {
  @Test("G54: initially runs its action at each subscription") func g54Initially() {
    var count = 0
    let signal = Signal.just(1).initially { count += 1 }
    #expect(count == 0)
    signal.subscribe()
    signal.subscribe()
    #expect(count == 2)
  }

  @Test("G55: finally runs its action on completion and on error") func g55Finally() {
    var count = 0
    let subject = Subject<Int>()
    let signal = subject.signal.finally { count += 1 }
    #expect(count == 0)
    signal.subscribe()
    subject.sendNext(1)
    #expect(count == 0)
    subject.sendCompleted()
    #expect(count == 1)
    Signal<Int>.error(TestError.boom).finally { count += 1 }.subscribe()
    #expect(count == 2)
  }

  @Test("Side effect operators run before forwarding") func sideEffectOperatorsRunBeforeForwarding() {
    var log: [String] = []
    let signal = signal([1]).doNext { log.append("doNext \($0)") }.doCompleted { log.append("doCompleted") }
    signal.subscribe(next: { log.append("next \($0)") }, completed: { log.append("completed") })
    #expect(log == ["doNext 1", "next 1", "doCompleted", "completed"])
    var errors: [String] = []
    Signal<Int>.error(TestError.boom).doError { errors.append("\($0)") }.subscribe(error: {
      errors.append("got \($0)")
    })
    #expect(errors == ["boom", "got boom"])
  }
}
