// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Combining signal operators: combineLatest, zip and sample; combineLatest(with:reduce:),
// the mixed-type 3-way combineLatest and zip, and withLatest(from:).

import Foundation
import LazySeqSignals
import LazySeqTestSupport
import Testing

/// RAC's RACSignalSpec checklist: combineLatest, zip and sample (G23–G26, G35–G38).
@Suite struct CombiningTests {
  @Test("G23: combineLatest(with:) pairs the latest values once both have sent") func combineLatestWith() {
    let left = Subject<String>()
    let right = Subject<String>()
    let recorder = Recorder(left.signal.combineLatest(with: right.signal).map { "\($0)\($1)" })
    left.sendNext("1")
    right.sendNext("2")
    left.sendNext("3")
    right.sendNext("4")
    left.sendCompleted()
    #expect(recorder.recorded == [.next("12"), .next("32"), .next("34")])
    right.sendCompleted()
    #expect(recorder.recorded.last == .completed)

    let failing = Subject<String>()
    let errors = Recorder(failing.signal.combineLatest(with: Signal<String>.never))
    failing.sendError(TestError.boom)
    #expect(errors.history == ["error(boom)"])
  }

  @Test("A source sent to from inside a pair's delivery: the next pair follows it, in order")
  func combineLatestReentrantSend() {
    let left = Subject<Int>()
    let right = Subject<Int>()
    let log = Guarded<[String]>([])
    // `subscribe(next:)`: no subscriber gate of its own between the
    // operator and the callback.
    left.signal.combineLatest(with: right.signal).subscribe(
      next: { pair in
        log.mutate { $0.append("begin \(pair.0),\(pair.1)") }
        // Re-entrant: delivered after this callback returns, never nested.
        if pair == (1, 10) { left.sendNext(2) }
        if pair == (2, 10) { right.sendNext(20) }
        log.mutate { $0.append("end \(pair.0),\(pair.1)") }
      })
    left.sendNext(1)
    right.sendNext(10)
    left.sendNext(3)
    #expect(
      log.value == [
        "begin 1,10", "end 1,10", "begin 2,10", "end 2,10", "begin 2,20", "end 2,20",
        "begin 3,20", "end 3,20",
      ])
  }

  @Test("Pairs from many threads arrive one at a time, each the latest of both")
  func combineLatestConcurrentSenders() {
    let left = Subject<Int>()
    let right = Subject<Int>()
    let pairs = Guarded<[(Int, Int)]>([])
    let inside = Guarded(0)
    let overlapped = Guarded(false)
    left.signal.combineLatest(with: right.signal).subscribe(
      Subscriber(next: { pair in
        if inside.mutate({ count -> Int in
          count += 1
          return count
        }) > 1 {
          overlapped.value = true
        }
        pairs.mutate { $0.append(pair) }
        inside.mutate { $0 -= 1 }
      }))
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for i in 1...500 {
        if thread % 2 == 0 { left.sendNext(i) } else { right.sendNext(i) }
      }
    }
    #expect(!overlapped.value)
    // Each source's values rise on each thread; the last pair holds both
    // sources' last values.
    #expect(pairs.value.count >= 500)
    #expect(pairs.value.last.map { $0.0 == 500 && $0.1 == 500 } == true)
  }

  @Test("G25: Combine latest with itself subscribes twice") func combineLatestWithItselfSubscribesTwice() {
    let counter = Guarded(0)
    let sideEffect = Signal<Int>.defer {
      counter.value += 1
      return .just(counter.value)
    }
    let pairs = sideEffect.combineLatest(with: sideEffect).map { "\($0),\($1)" }
    #expect(history(pairs) == ["next(1,2)", "completed"])
    #expect(counter.value == 2)
  }

  @Test("G26: combineLatest of an array sends arrays of the latest values") func combineLatestArrays() {
    #expect(recorded(Signal<Int>.combineLatest([signal([1, 2])])) == [.next([1]), .next([2]), .completed])
    #expect(recorded(Signal<Int>.combineLatest([])) == [.completed])
    let subjects = [Subject<Int>(), Subject<Int>(), Subject<Int>()]
    let recorder = Recorder(Signal<Int>.combineLatest(subjects.map(\.signal)))
    for (index, subject) in subjects.enumerated() { subject.sendNext(index) }
    subjects[0].sendCompleted()
    subjects[1].sendCompleted()
    #expect(recorder.recorded == [.next([0, 1, 2])])
    subjects[2].sendCompleted()
    #expect(recorder.recorded == [.next([0, 1, 2]), .completed])
  }

  @Test("G35: Zip completes when no further tuple is possible")
  func zipCompletesWhenNoFurtherTupleIsPossible() {
    let a = Subject<Int>()
    let b = Subject<Int>()
    let recorder = Recorder(Signal<Int>.zip([a.signal, b.signal]))
    a.sendNext(1)
    a.sendNext(2)
    b.sendNext(1)
    a.sendCompleted()
    #expect(recorder.recorded == [.next([1, 1])])
    b.sendNext(2)
    #expect(recorder.recorded == [.next([1, 1]), .next([2, 2]), .completed])
    #expect(recorded(Signal<Int>.zip([Signal<Int>.empty, .never])) == [.completed])
  }

  @Test("G36: Zip with uneven senders") func zipWithUnevenSenders() {
    let (a, b, c) = (Subject<Int>(), Subject<Int>(), Subject<Int>())
    let recorder = Recorder(
      Signal<Int>.zip([a.signal, b.signal, c.signal]).map { $0.map(String.init).joined() })
    for value in [1, 2, 3] { a.sendNext(value) }
    b.sendNext(1)
    c.sendNext(1)
    c.sendNext(2)
    #expect(recorder.values == ["111"])
    for value in [2, 3, 4] { b.sendNext(value) }
    b.sendCompleted()
    #expect(recorder.values == ["111", "222"])
    for value in [3, 4, 5] { c.sendNext(value) }
    c.sendError(TestError.boom)
    a.sendNext(4)
    // b completed with a value still buffered; the error arrives first.
    #expect(recorder.recorded == [.next("111"), .next("222"), .next("333"), .error(TestError.boom)])
  }

  @Test("G37: Zip of the same signal subscribes twice") func zipOfTheSameSignalSubscribesTwice() {
    let counter = Guarded(0)
    let sideEffect = Signal<Int>.defer {
      counter.value += 1
      return .just(counter.value)
    }
    #expect(recorded(Signal<Int>.zip([sideEffect, sideEffect])) == [.next([1, 2]), .completed])
  }

  @Test("G38: sample sends the latest value at each tick") func sampleSendsTheLatestValueAtEachTick() {
    let source = Subject<Int>()
    let sampler = Subject<Void>()
    let recorder = Recorder(source.signal.sample(sampler.signal))
    sampler.sendNext(())
    source.sendNext(1)
    source.sendNext(2)
    sampler.sendNext(())
    source.sendNext(3)
    sampler.sendNext(())
    sampler.sendNext(())
    sampler.sendCompleted()
    #expect(recorder.recorded == [.next(2), .next(3), .next(3), .completed])
  }
}

// MARK: - combineLatest(with:reduce:), the mixed-type 3-way combineLatest and
// zip, withLatest(from:) (RAC G23–G27, G35–G37, S31–S38)

/// A cold signal that counts its subscriptions and sends the count.
private func subscriptionCounter() -> (Signal<Int>, () -> Int) {
  let counter = Guarded(0)
  let signal = Signal<Int>.defer {
    counter.value += 1
    return .just(counter.value)
  }
  return (signal, { counter.value })
}

/// A signal that never ends by itself and counts the disposals of its
/// subscriptions.
private func disposalCounting<T>(_ disposed: Counter) -> Signal<T> {
  Signal { _ in AnyDisposable { disposed.increment() } }
}

@Suite struct CombineLatestReduceTests {
  @Test("G27: reduces the latest values") func reducesTheLatestValues() {
    let left = Subject<String>()
    let right = Subject<String>()
    let recorder = Recorder(left.signal.combineLatest(with: right.signal) { $0 + $1 })
    left.sendNext("1")
    #expect(recorder.recorded == [])
    right.sendNext("2")
    left.sendNext("3")
    right.sendNext("4")
    left.sendCompleted()
    #expect(recorder.recorded == [.next("12"), .next("32"), .next("34")])
    right.sendCompleted()
    #expect(recorder.recorded == [.next("12"), .next("32"), .next("34"), .completed])
  }

  @Test("G27: passes nil through and mixes types") func passesNilThroughAndMixesTypes() {
    let names = signal(["a", nil] as [String?])
    let sizes = signal([1])
    let reduced = names.combineLatest(with: sizes) { name, size in "\(name ?? "nil")×\(size)" }
    // `names` is subscribed first and sends both of its values before
    // `sizes` has one; only its latest is combined.
    #expect(recorded(reduced) == [.next("nil×1"), .completed])
  }

  @Test("G27: repeated signals are subscribed each time") func repeatedSignalsAreSubscribedEachTime() {
    let (sideEffect, count) = subscriptionCounter()
    let reduced = sideEffect.combineLatest(with: sideEffect) { "\($0)\($1)" }
    #expect(recorded(reduced) == [.next("12"), .completed])
    #expect(count() == 2)
  }

  @Test func errorsOfEitherEndIt() {
    let failing = Subject<Int>()
    let left = Recorder(failing.signal.combineLatest(with: Signal<Int>.never) { $0 + $1 })
    failing.sendError(TestError.boom)
    #expect(left.recorded == [.error(TestError.boom)])
    let right = Recorder(Signal.just(1).combineLatest(with: Signal<Int>.error(TestError.other)) { $0 + $1 })
    #expect(right.recorded == [.error(TestError.other)])
  }

  @Test func disposalDisposesBothSources() {
    let disposed = Counter()
    let recorder = Recorder(
      (disposalCounting(disposed) as Signal<Int>).combineLatest(
        with: disposalCounting(disposed) as Signal<Int>
      ) {
        $0 + $1
      })
    recorder.disposable?.dispose()
    #expect(disposed.value == 2)
  }
}

@Suite struct CombineLatestThreeTests {
  @Test("G26: triples of latest values of mixed types") func triplesOfLatestValuesOfMixedTypes() {
    let (name, age, admin) = (Subject<String>(), Subject<Int>(), Subject<Bool>())
    let recorder = Recorder(
      name.signal.combineLatest(with: age.signal, admin.signal).map { "\($0) \($1) \($2)" })
    name.sendNext("ada")
    age.sendNext(36)
    #expect(recorder.recorded == [])
    admin.sendNext(true)
    age.sendNext(37)
    name.sendNext("bob")
    #expect(recorder.recorded == [.next("ada 36 true"), .next("ada 37 true"), .next("bob 37 true")])
  }

  @Test("G26: completes only after all three complete") func completesOnlyAfterAllThreeComplete() {
    let (a, b, c) = (Subject<Int>(), Subject<String>(), Subject<Int>())
    let recorder = Recorder(a.signal.combineLatest(with: b.signal, c.signal).map { "\($0)\($1)\($2)" })
    a.sendNext(0)
    b.sendNext("1")
    c.sendNext(2)
    a.sendCompleted()
    b.sendCompleted()
    #expect(recorder.recorded == [.next("012")])
    c.sendCompleted()
    #expect(recorder.recorded == [.next("012"), .completed])
  }

  @Test("G27: a side effecting signal listed three times is subscribed three times")
  func aSideEffectingSignalListedThreeTimesIsSubscribedThreeTimes() {
    let (sideEffect, count) = subscriptionCounter()
    let triple = sideEffect.combineLatest(with: sideEffect, sideEffect).map { "\($0)\($1)\($2)" }
    #expect(recorded(triple) == [.next("123"), .completed])
    #expect(count() == 3)
  }

  @Test func errorsOfAnyEndItAndDisposalDisposesAll() {
    let failing = Subject<Int>()
    let errors = Recorder(Signal<Int>.never.combineLatest(with: Signal<Int>.never, failing.signal))
    failing.sendError(TestError.boom)
    #expect(errors.history == ["error(boom)"])

    let disposed = Counter()
    let recorder = Recorder(
      (disposalCounting(disposed) as Signal<Int>).combineLatest(
        with: disposalCounting(disposed) as Signal<String>, disposalCounting(disposed) as Signal<Bool>))
    recorder.disposable?.dispose()
    #expect(disposed.value == 3)
  }
}

@Suite struct ZipThreeTests {
  let one = ["Ada", "Bob", "Dea"]
  let two = ["eats", "cooks", "jumps"]
  let three = ["fish", "bear", "rock"]

  func sentence(_ triple: (String, String, String)) -> String { "\(triple.0) \(triple.1) \(triple.2)" }

  @Test("S35: triples by position") func triplesByPosition() {
    let zipped = signal(one).zip(with: signal(two), signal(three)).map(sentence)
    #expect(
      recorded(zipped) == [
        .next("Ada eats fish"), .next("Bob cooks bear"), .next("Dea jumps rock"), .completed,
      ])
  }

  @Test("S36: truncates to the shortest") func truncatesToTheShortest() {
    let zipped = signal(one).zip(with: signal(["now", "later"]), signal(three)).map(sentence)
    #expect(recorded(zipped) == [.next("Ada now fish"), .next("Bob later bear"), .completed])
  }

  @Test("S37: with an infinite signal") func withAnInfiniteSignal() {
    let zipped = signal(one).zip(with: signal(two), infinite(7)).map { "\($0) \($1) \($2)" }
    #expect(
      recorded(zipped) == [.next("Ada eats 7"), .next("Bob cooks 7"), .next("Dea jumps 7"), .completed])
  }

  @Test func mixedTypes() {
    let zipped = signal([1, 2]).zip(with: signal(["a", "b"]), signal([true, false])).map { "\($0)\($1)\($2)" }
    #expect(recorded(zipped) == [.next("1atrue"), .next("2bfalse"), .completed])
  }

  @Test("G35: completes when no further triple is possible") func completesWhenNoFurtherTripleIsPossible() {
    let (a, b, c) = (Subject<Int>(), Subject<Int>(), Subject<Int>())
    let recorder = Recorder(a.signal.zip(with: b.signal, c.signal).map { "\($0)\($1)\($2)" })
    a.sendNext(1)
    a.sendNext(2)
    b.sendNext(1)
    c.sendNext(1)
    a.sendCompleted()
    #expect(recorder.recorded == [.next("111")])
    b.sendNext(2)
    c.sendNext(2)
    #expect(recorder.recorded == [.next("111"), .next("222"), .completed])
    #expect(history(Signal<Int>.empty.zip(with: Signal<Int>.never, Signal<Int>.never)) == ["completed"])
    #expect(history(Signal<Int>.never.zip(with: Signal<Int>.never, Signal<Int>.empty)) == ["completed"])
  }

  @Test("G36: uneven senders") func unevenSenders() {
    let (a, b, c) = (Subject<Int>(), Subject<Int>(), Subject<Int>())
    let recorder = Recorder(a.signal.zip(with: b.signal, c.signal).map { "\($0)\($1)\($2)" })
    for value in [1, 2, 3] { a.sendNext(value) }
    b.sendNext(1)
    c.sendNext(1)
    c.sendNext(2)
    #expect(recorder.values == ["111"])
    for value in [2, 3, 4] { b.sendNext(value) }
    b.sendCompleted()
    #expect(recorder.values == ["111", "222"])
    for value in [3, 4, 5] { c.sendNext(value) }
    c.sendError(TestError.boom)
    a.sendNext(4)
    #expect(recorder.recorded == [.next("111"), .next("222"), .next("333"), .error(TestError.boom)])
  }

  @Test("G37: the same side effecting signal is subscribed each time")
  func theSameSideEffectingSignalIsSubscribedEachTime() {
    let (sideEffect, count) = subscriptionCounter()
    #expect(
      recorded(sideEffect.zip(with: sideEffect, sideEffect).map { "\($0)\($1)\($2)" })
        == [.next("123"), .completed])
    #expect(count() == 3)
  }

  @Test func disposalDisposesAll() {
    let disposed = Counter()
    let recorder = Recorder(
      (disposalCounting(disposed) as Signal<Int>).zip(
        with: disposalCounting(disposed) as Signal<Int>, disposalCounting(disposed) as Signal<Int>))
    recorder.disposable?.dispose()
    #expect(disposed.value == 3)
  }
}

@Suite struct WithLatestTests {
  @Test func pairsEachValueWithTheLatestOfOther() {
    let clicks = Subject<Int>()
    let user = Subject<String>()
    let recorder = Recorder(clicks.signal.withLatest(from: user.signal).map { "\($0)\($1)" })
    clicks.sendNext(1)
    #expect(recorder.recorded == [])
    user.sendNext("a")
    user.sendNext("b")
    #expect(recorder.recorded == [])
    clicks.sendNext(2)
    clicks.sendNext(3)
    user.sendNext("c")
    clicks.sendNext(4)
    #expect(recorder.recorded == [.next("2b"), .next("3b"), .next("4c")])
  }

  @Test func completesWithThisSignalOnly() {
    let source = Subject<Int>()
    let other = Subject<String>()
    let recorder = Recorder(source.signal.withLatest(from: other.signal).map { "\($0)\($1)" })
    other.sendNext("x")
    other.sendCompleted()
    source.sendNext(1)
    source.sendNext(2)
    #expect(recorder.recorded == [.next("1x"), .next("2x")])
    source.sendCompleted()
    #expect(recorder.recorded == [.next("1x"), .next("2x"), .completed])
  }

  @Test func aSynchronousOtherIsSubscribedFirst() {
    let paired = signal([1, 2, 3]).withLatest(from: .just("x")).map { "\($0)\($1)" }
    #expect(recorded(paired) == [.next("1x"), .next("2x"), .next("3x"), .completed])
    let order = Guarded<[String]>([])
    let first = Signal<Int> { subscriber in
      order.value.append("self")
      subscriber.sendCompleted()
      return nil
    }
    let second = Signal<Int> { _ in
      order.value.append("other")
      return nil
    }
    _ = Recorder(first.withLatest(from: second))
    #expect(order.value == ["other", "self"])
  }

  @Test func errorsOfEitherEndIt() {
    let source = Subject<Int>()
    let other = Subject<Int>()
    let recorder = Recorder(source.signal.withLatest(from: other.signal))
    other.sendError(TestError.boom)
    source.sendNext(1)
    #expect(recorder.history == ["error(boom)"])
    #expect(history(Signal<Int>.error(TestError.other).withLatest(from: .just(1))) == ["error(other)"])
  }

  @Test func anErrorOfASynchronousOtherPreventsSubscribingThisSignal() {
    let subscribed = Guarded(false)
    let source = Signal<Int> { _ in
      subscribed.value = true
      return nil
    }
    #expect(history(source.withLatest(from: Signal<Int>.error(TestError.boom))) == ["error(boom)"])
    #expect(!subscribed.value)
  }

  @Test func disposalDisposesBothAndATakeStopsAnInfiniteSource() {
    let disposed = Counter()
    let recorder = Recorder(
      (disposalCounting(disposed) as Signal<Int>).withLatest(from: disposalCounting(disposed) as Signal<Int>))
    recorder.disposable?.dispose()
    #expect(disposed.value == 2)
    #expect(
      recorded(infinite(1).withLatest(from: .just(0)).take(2).map { $0 + $1 }) == [
        .next(1), .next(1), .completed,
      ])
  }

  @Test func completionDisposesOther() {
    let disposed = Counter()
    let source = Subject<Int>()
    let recorder = Recorder(source.signal.withLatest(from: disposalCounting(disposed) as Signal<Int>))
    source.sendCompleted()
    #expect(recorder.history == ["completed"])
    #expect(disposed.value == 1)
  }
}
