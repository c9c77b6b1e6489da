import LazySeqSignals
import LazySeqTestSupport
import Testing

/// RAC's RACSignalSpec checklist: combineLatest, zip and sample (G23–G26, G35–G38).
@Suite struct CombiningTests {
  @Test("G23: combineLatest(with:) pairs the latest values once both have sent") func g23CombineLatestWith() {
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
    #expect(recorder.history.last == "completed")

    let failing = Subject<String>()
    let errors = Recorder(failing.signal.combineLatest(with: Signal<String>.never))
    failing.sendError(TestError.boom)
    #expect(errors.history == ["error(boom)"])
  }

  @Test("G25: Combine latest with itself subscribes twice") func g25CombineLatestWithItselfSubscribesTwice() {
    let counter = Guarded(0)
    let sideEffect = Signal<Int>.defer {
      counter.value += 1
      return .just(counter.value)
    }
    let pairs = sideEffect.combineLatest(with: sideEffect).map { "\($0),\($1)" }
    #expect(history(pairs) == ["next(1,2)", "completed"])
    #expect(counter.value == 2)
  }

  @Test("G26: combineLatest of an array sends arrays of the latest values") func g26CombineLatestArrays() {
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
  func g35ZipCompletesWhenNoFurtherTupleIsPossible() {
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

  @Test("G36: Zip with uneven senders") func g36ZipWithUnevenSenders() {
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

  @Test("G37: Zip of the same signal subscribes twice") func g37ZipOfTheSameSignalSubscribesTwice() {
    let counter = Guarded(0)
    let sideEffect = Signal<Int>.defer {
      counter.value += 1
      return .just(counter.value)
    }
    #expect(recorded(Signal<Int>.zip([sideEffect, sideEffect])) == [.next([1, 2]), .completed])
  }

  @Test("G38: sample sends the latest value at each tick") func g38Sample() {
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
