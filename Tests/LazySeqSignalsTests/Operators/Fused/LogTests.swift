// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// log(_:): every event, and each subscription and disposal, in order.

import LazySeqTestSupport
import Testing

@testable import LazySeqSignals

@Suite struct LogTests {
  @Test func aCompletedSubscriptionLogsSubscriptionValuesCompletionThenDisposal() {
    let lines = Guarded<[String]>([])
    let logged = signal([1, 2]).log("numbers", to: { line in lines.mutate { $0.append(line) } })
    #expect(recorded(logged) == marbles("1 2 |"))
    #expect(
      lines.value == [
        "[numbers] subscribed", "[numbers] next(1)", "[numbers] next(2)", "[numbers] completed",
        "[numbers] disposed",
      ])
  }

  @Test func anErrorIsLoggedBeforeTheDisposalItCauses() {
    let lines = Guarded<[String]>([])
    let failing = Signal<Int>.error(TestError.boom)
    #expect(recorded(failing.log("", to: { line in lines.mutate { $0.append(line) } })) == marbles("#"))
    #expect(lines.value == ["subscribed", "error(boom)", "disposed"])
  }

  @Test func disposalIsLoggedOnceAndStopsTheLog() {
    let lines = Guarded<[String]>([])
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.log("s", to: { line in lines.mutate { $0.append(line) } }))
    subject.sendNext(1)
    recorder.disposable?.dispose()
    recorder.disposable?.dispose()
    subject.sendNext(2)
    #expect(lines.value == ["[s] subscribed", "[s] next(1)", "[s] disposed"])
    #expect(recorder.recorded == marbles("1"))
  }

  @Test func eachSubscriptionIsLogged() {
    let lines = Guarded<[String]>([])
    let logged = Signal.just(7).log("x", to: { line in lines.mutate { $0.append(line) } })
    _ = recorded(logged)
    _ = recorded(logged)
    #expect(lines.value.filter { $0 == "[x] subscribed" }.count == 2)
  }
}
