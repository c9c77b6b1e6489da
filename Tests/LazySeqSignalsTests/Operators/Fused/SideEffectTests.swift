// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeqSignals
import LazySeqTestSupport
import Testing

/// RAC's RACSignalSpec checklist: initially, finally and the do… operators (G54, G55).
@Suite struct SideEffectTests {
  @Test("G54: initially runs its action at each subscription") func initiallyRunsItsActionAtEachSubscription()
  {
    let count = Guarded(0)
    let signal = Signal.just(1).initially { count.value += 1 }
    #expect(count.value == 0)
    signal.subscribe()
    signal.subscribe()
    #expect(count.value == 2)
  }

  @Test("G55: finally runs its action on completion and on error")
  func finallyRunsItsActionOnCompletionAndOnError() {
    let count = Guarded(0)
    let subject = Subject<Int>()
    let signal = subject.signal.finally { count.value += 1 }
    #expect(count.value == 0)
    signal.subscribe()
    subject.sendNext(1)
    #expect(count.value == 0)
    subject.sendCompleted()
    #expect(count.value == 1)
    Signal<Int>.error(TestError.boom).finally { count.value += 1 }.subscribe()
    #expect(count.value == 2)
  }

  @Test("Side effect operators run before forwarding") func sideEffectOperatorsRunBeforeForwarding() {
    let log = Guarded<[String]>([])
    let signal = signal([1]).doNext { log.value.append("doNext \($0)") }.doCompleted {
      log.value.append("doCompleted")
    }
    signal.subscribe(next: { log.value.append("next \($0)") }, completed: { log.value.append("completed") })
    #expect(log.value == ["doNext 1", "next 1", "doCompleted", "completed"])
    let errors = Guarded<[String]>([])
    Signal<Int>.error(TestError.boom).doError { errors.value.append("\($0)") }.subscribe(error: {
      errors.value.append("got \($0)")
    })
    #expect(errors.value == ["boom", "got boom"])
  }
}
