// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Signal.switchTo(_:cases:default:) and Signal.ifThenElse(_:then:else:)
// (RAC `+switch:cases:default:` G33, `+if:then:else:` G34).

import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// A signal that never ends by itself and counts its subscriptions and
/// their disposals.
private func tracked(_ subscribed: Counter, _ disposed: Counter) -> Signal<Int> {
  Signal { _ in
    subscribed.increment()
    return AnyDisposable { disposed.increment() }
  }
}

@Suite struct SwitchToTests {
  @Test("G33: switches by the latest key") func switchesByTheLatestKey() {
    let keys = Subject<String>()
    let (a, b, other) = (Subject<Int>(), Subject<Int>(), Subject<Int>())
    let recorder = Recorder(
      Signal.switchTo(keys.signal, cases: ["a": a.signal, "b": b.signal], default: other.signal))
    a.sendNext(1)
    #expect(recorder.recorded == [])  // nothing before a key
    keys.sendNext("a")
    a.sendNext(2)
    b.sendNext(3)
    keys.sendNext("b")
    a.sendNext(4)
    b.sendNext(5)
    keys.sendNext("unknown")
    other.sendNext(6)
    b.sendNext(7)
    #expect(recorder.recorded == [.next(2), .next(5), .next(6)])
  }

  @Test("G33: errors only from the active case") func errorsOnlyFromTheActiveCase() {
    let keys = Subject<String>()
    let (a, b) = (Subject<Int>(), Subject<Int>())
    let recorder = Recorder(Signal.switchTo(keys.signal, cases: ["a": a.signal, "b": b.signal]))
    keys.sendNext("a")
    b.sendError(TestError.other)
    #expect(recorder.recorded == [])
    a.sendError(TestError.boom)
    #expect(recorder.recorded == [.error(TestError.boom)])
  }

  @Test("G33: completion needs the selector and the active case")
  func completionNeedsTheSelectorAndTheActiveCase() {
    let keys = Subject<String>()
    let (a, b) = (Subject<Int>(), Subject<Int>())
    let recorder = Recorder(Signal.switchTo(keys.signal, cases: ["a": a.signal, "b": b.signal]))
    keys.sendNext("a")
    keys.sendNext("b")
    a.sendCompleted()
    keys.sendCompleted()
    #expect(recorder.recorded == [])
    b.sendCompleted()
    #expect(recorder.recorded == [.completed])

    let caseFirst = Recorder(Signal.switchTo(Signal.just("a"), cases: ["a": Signal<Int>.empty]))
    #expect(caseFirst.recorded == [.completed])
  }

  @Test("G33: an unmatched key without default fails with no matching case")
  func anUnmatchedKeyWithoutDefaultFailsWithNoMatchingCase() {
    let keys = Subject<String>()
    let a = Subject<Int>()
    let recorder = Recorder(Signal.switchTo(keys.signal, cases: ["a": a.signal]))
    keys.sendNext("a")
    a.sendNext(1)
    keys.sendNext("z")
    #expect(recorder.recorded == [.next(1), .failed("noMatchingCase")])
    #expect(recorder.events.last?.error as? SignalError == .noMatchingCase)
    a.sendNext(2)
    #expect(recorder.events.count == 2)
  }

  @Test("G33: a nil key matches the nil case") func aNilKeyMatchesTheNilCase() {
    let keys = signal([nil, "a", "b"] as [String?])
    let switched = Signal.switchTo(keys, cases: [nil: .just(0), "a": .just(1)], default: .just(9))
    #expect(recorded(switched) == [.next(0), .next(1), .next(9), .completed])
  }

  @Test func theSelectorsErrorEndsIt() {
    let keys = Subject<Int>()
    let recorder = Recorder(Signal.switchTo(keys.signal, cases: [1: Signal<Int>.never]))
    keys.sendNext(1)
    keys.sendError(TestError.boom)
    #expect(recorder.recorded == [.error(TestError.boom)])
  }

  @Test func eachKeyResubscribesItsCaseAndDisposesThePreviousOne() {
    let keys = Subject<Int>()
    let subscribed = Counter()
    let disposed = Counter()
    let recorder = Recorder(
      Signal.switchTo(keys.signal, cases: [1: tracked(subscribed, disposed), 2: .never]))
    keys.sendNext(1)
    keys.sendNext(1)
    #expect(subscribed.value == 2)
    #expect(disposed.value == 1)
    keys.sendNext(2)
    #expect(disposed.value == 2)
    keys.sendNext(1)
    recorder.disposable?.dispose()
    #expect(subscribed.value == 3)
    #expect(disposed.value == 3)
  }

  @Test func coldEachSubscriptionResubscribesTheSelector() {
    let subscriptions = Guarded(0)
    let keys = Signal<Int>.defer {
      subscriptions.value += 1
      return .just(subscriptions.value)
    }
    let switched = Signal.switchTo(keys, cases: [1: .just("one"), 2: .just("two")])
    #expect(recorded(switched) == [.next("one"), .completed])
    #expect(recorded(switched) == [.next("two"), .completed])
  }
}

@Suite struct IfThenElseTests {
  @Test("G34: follows the latest boolean") func followsTheLatestBoolean() {
    let condition = Subject<Bool>()
    let (yes, no) = (Subject<String>(), Subject<String>())
    let recorder = Recorder(Signal.ifThenElse(condition.signal, then: yes.signal, else: no.signal))
    yes.sendNext("early")
    #expect(recorder.recorded == [])
    condition.sendNext(false)
    no.sendNext("n1")
    yes.sendNext("y1")
    condition.sendNext(true)
    no.sendNext("n2")
    yes.sendNext("y2")
    #expect(recorder.recorded == [.next("n1"), .next("y2")])
  }

  @Test("G34: errors only from the active branch and completion needs both")
  func errorsOnlyFromTheActiveBranchAndCompletionNeedsBoth() {
    let condition = Subject<Bool>()
    let (yes, no) = (Subject<Int>(), Subject<Int>())
    let recorder = Recorder(Signal.ifThenElse(condition.signal, then: yes.signal, else: no.signal))
    condition.sendNext(true)
    no.sendError(TestError.other)
    condition.sendCompleted()
    #expect(recorder.recorded == [])
    yes.sendCompleted()
    #expect(recorder.recorded == [.completed])

    let failing = Subject<Bool>()
    let errors = Recorder(
      Signal.ifThenElse(failing.signal, then: Signal<Int>.error(TestError.boom), else: .never))
    failing.sendNext(false)
    #expect(errors.recorded == [])
    failing.sendNext(true)
    #expect(errors.recorded == [.error(TestError.boom)])
  }

  @Test func synchronousBranches() {
    let chosen = Signal.ifThenElse(signal([true, false, true]), then: .just("then"), else: .just("else"))
    #expect(recorded(chosen) == [.next("then"), .next("else"), .next("then"), .completed])
  }

  @Test func disposalDisposesTheConditionAndTheActiveBranch() {
    let subscribed = Counter()
    let disposed = Counter()
    let condition = Signal<Bool> { subscriber in
      subscriber.sendNext(true)
      return AnyDisposable { disposed.increment() }
    }
    let recorder = Recorder(
      Signal.ifThenElse(condition, then: tracked(subscribed, disposed), else: .never))
    #expect(subscribed.value == 1)
    recorder.disposable?.dispose()
    #expect(disposed.value == 2)
  }
}
