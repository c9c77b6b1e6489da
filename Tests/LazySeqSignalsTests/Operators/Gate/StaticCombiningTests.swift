// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// RAC's static spelling of combineLatest, zip and merge for two and three
// signals of their own types: `Signal.combineLatest(a, b)` behaves as
// `a.combineLatest(with: b)`. The array forms still infer their types.

import LazySeqSignals
import LazySeqTestSupport
import Testing

@Suite struct StaticCombiningTests {
  @Test func combineLatestOfTwoSignalsPairsTheLatestValues() {
    let (name, age) = (Subject<String>(), Subject<Int>())
    let recorder = Recorder(Signal.combineLatest(name.signal, age.signal).map { "\($0) \($1)" })
    name.sendNext("ada")
    age.sendNext(36)
    name.sendNext("bob")
    name.sendCompleted()
    age.sendNext(37)
    age.sendCompleted()
    #expect(recorder.recorded == [.next("ada 36"), .next("bob 36"), .next("bob 37"), .completed])
  }

  @Test func combineLatestOfThreeSignalsSendsTriples() {
    let (name, age, admin) = (Subject<String>(), Subject<Int>(), Subject<Bool>())
    let triples = Signal.combineLatest(name.signal, age.signal, admin.signal)
    let recorder = Recorder(triples.map { "\($0) \($1) \($2)" })
    name.sendNext("ada")
    age.sendNext(36)
    admin.sendNext(true)
    age.sendNext(37)
    admin.sendError(TestError.boom)
    #expect(recorder.history == ["next(ada 36 true)", "next(ada 37 true)", "error(boom)"])
  }

  @Test func zipOfTwoSignalsPairsByPosition() {
    let pairs = Signal.zip(signal(["a", "b"]), signal([1, 2, 3])).map { "\($0)\($1)" }
    #expect(recorded(pairs) == [.next("a1"), .next("b2"), .completed])
  }

  @Test func zipOfThreeSignalsMakesTriplesByPosition() {
    let triples = Signal.zip(signal(["a", "b"]), signal([1, 2, 3]), signal([true, false]))
    #expect(recorded(triples.map { "\($0)\($1)\($2)" }) == [.next("a1true"), .next("b2false"), .completed])
  }

  @Test func mergeOfTwoAndThreeSignalsSendsEveryValue() {
    #expect(recorded(Signal.merge(signal([1, 2]), signal([3]))) == marbles("1 2 3 |"))
    #expect(recorded(Signal.merge(signal([1]), signal([2]), signal([3]))) == marbles("1 2 3 |"))
  }

  @Test func theStaticFormsMatchTheInstanceForms() {
    let (a, b, c) = (signal([1, 2, 3]), signal([10, 20]), signal([100]))
    func described<T: Sendable>(_ signal: Signal<T>) -> [String] { history(signal.map { "\($0)" }) }
    #expect(described(Signal.combineLatest(a, b)) == described(a.combineLatest(with: b)))
    #expect(described(Signal.combineLatest(a, b, c)) == described(a.combineLatest(with: b, c)))
    #expect(described(Signal.zip(a, b)) == described(a.zip(with: b)))
    #expect(described(Signal.zip(a, b, c)) == described(a.zip(with: b, c)))
    #expect(recorded(Signal.merge(a, b)) == recorded(a.merge(with: b)))
    #expect(recorded(Signal.merge(a, b, c)) == recorded(Signal.merge([a, b, c])))
  }

  @Test func theArrayFormsStillInferTheirTypes() {
    let (a, b) = (signal([1, 2]), signal([3]))
    #expect(recorded(Signal.combineLatest([a, b]).map { $0.reduce(0, +) }) == marbles("5 |"))
    #expect(recorded(Signal.zip([a, b]).map { $0.reduce(0, +) }) == marbles("4 |"))
    #expect(recorded(Signal.merge([a, b])) == marbles("1 2 3 |"))
    #expect(recorded(Signal<Int>.merge([.just(1), .just(2)])) == marbles("1 2 |"))
  }
}
