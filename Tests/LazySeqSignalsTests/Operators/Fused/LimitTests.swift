// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

import LazySeqSignals
import LazySeqTestSupport
import Testing

/// RAC's RACSignalSpec checklist: take, skip and their variants (G11, G12, G42).
@Suite struct LimitTests {
  @Test("G11: take(until:) completes when the trigger fires") func takeUntilTrigger() {
    let source = Subject<Int>()
    let trigger = Subject<Void>()
    let recorder = Recorder(source.signal.take(until: trigger.signal))
    source.sendNext(1)
    source.sendNext(2)
    trigger.sendNext(())
    source.sendNext(3)
    #expect(recorder.recorded == [.next(1), .next(2), .completed])

    let completing = Subject<Void>()
    let second = Recorder(source.signal.take(until: completing.signal))
    source.sendNext(4)
    completing.sendCompleted()
    source.sendNext(5)
    #expect(second.recorded == [.next(4), .completed])

    #expect(recorded(signal([1, 2]).take(until: Signal<Void>.empty)) == [.completed])
  }

  @Test("G12: take(untilReplacement:) hands over to the replacement") func takeUntilReplacement() {
    let receiver = Subject<Int>()
    let replacement = Subject<Int>()
    let recorder = Recorder(receiver.signal.take(untilReplacement: replacement.signal))
    receiver.sendNext(1)
    receiver.sendNext(2)
    replacement.sendNext(3)
    receiver.sendNext(4)
    replacement.sendNext(5)
    replacement.sendCompleted()
    #expect(recorder.recorded == [.next(1), .next(2), .next(3), .next(5), .completed])

    let receiverCompletes = Recorder(signal([1]).take(untilReplacement: .never))
    #expect(receiverCompletes.recorded == [.next(1)])
    #expect(
      recorded(Signal<Int>.error(TestError.boom).take(untilReplacement: .never)) == [.error(TestError.boom)])
    #expect(
      recorded(signal([1, 2, 3]).take(untilReplacement: signal([4, 5, 6]))) == [
        .next(4), .next(5), .next(6), .completed,
      ])
    #expect(
      recorded(Signal<Int>.never.take(untilReplacement: .error(TestError.boom))) == [.error(TestError.boom)])

    let receiverDisposed = Guarded(false)
    let replacementDisposed = Guarded(false)
    let both = Signal<Int> { _ in AnyDisposable { receiverDisposed.value = true } }
      .take(untilReplacement: Signal { _ in AnyDisposable { replacementDisposed.value = true } })
    both.subscribe().dispose()
    #expect(receiverDisposed.value && replacementDisposed.value)
  }

  @Test("G42: Take on recursively sending subject") func takeOnRecursivelySendingSubject() {
    let subject = Subject<Int>()
    let received = Guarded<[String]>([])
    let next = Guarded(0)
    subject.signal.take(3).subscribe(
      next: { value in
        received.value.append("\(value)")
        next.value += 1
        if next.value < 5 { subject.sendNext(next.value) } else { subject.sendError(TestError.boom) }
      },
      error: { _ in received.value.append("error") },
      completed: { received.value.append("completed") })
    subject.sendNext(0)
    #expect(received.value == ["0", "1", "2", "completed"])
  }

  @Test("G42: Take completes without source completion") func takeCompletesWithoutSourceCompletion() {
    let subject = Subject<Int>()
    let recorder = Recorder(subject.signal.take(1))
    subject.sendNext(1)
    #expect(recorder.recorded == [.next(1), .completed])
  }
}
