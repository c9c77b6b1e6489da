// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// RAC 2.5's RACSequenceSpec (Q1–Q18) for `Seq`.
//
// Q1 (the stream examples) is `StreamLawsTests`; Q2c, Q3, Q4 and Q5a (the
// sequence examples for the dynamic, empty, concatenated and eager sequences)
// are contexts of `SequenceExamplesTests`. Q10 (no stack overflow when an
// evaluated chain is released) is here at RAC's size and in
// `ReliabilityTests` at a hundred times that.
//
// Fixes from the porting notes: the tail of a one-element dynamic sequence is
// the empty sequence (not nil); Q6 uses a fresh node per tail so that it can
// fail; Q9 checks with weak references that the iterator lets go of what it
// has walked past.

import LazySeq
import LazySeqTestSupport
import Testing

/// A dynamic sequence `0 → just(1)` whose blocks count their calls.
private func countedZeroThenOne(head headCalls: CallCounter, tail tailCalls: CallCounter) -> Seq<Int> {
  Seq(
    head: {
      headCalls.increment()
      return 0
    },
    tail: {
      tailCalls.increment()
      return .just(1)
    })
}

@Suite("Sequence spec (RACSequenceSpec Q1–Q18)")
struct SeqSpecTests {
  // MARK: Q2 dynamic sequences

  @Test("Q2a a dynamic sequence has the values of its blocks") func dynamicValues() {
    let seq = countedZeroThenOne(head: CallCounter(), tail: CallCounter())
    #expect(seq.head == 0)
    #expect(seq.tail.head == 1)
    #expect(seq.tail.tail.isEmpty)
    #expect(seq.tail.tail.head == nil)
    #expect(seq.tail.tail.tail.isEmpty)
    #expect(seq.array == [0, 1])
  }

  @Test("Q2b a dynamic sequence runs each block only on demand, once") func dynamicLaziness() {
    let headCalls = CallCounter()
    let tailCalls = CallCounter()
    let seq = countedZeroThenOne(head: headCalls, tail: tailCalls)
    #expect(headCalls.count == 0)
    #expect(tailCalls.count == 0)

    #expect(seq.head == 0)
    #expect(headCalls.count == 1)
    #expect(tailCalls.count == 0)

    #expect(seq.tail.head == 1)
    #expect(headCalls.count == 1)
    #expect(tailCalls.count == 1)

    _ = seq.head
    _ = seq.tail
    _ = seq.array
    #expect(headCalls.count == 1)
    #expect(tailCalls.count == 1)
  }

  @Test("Q2b the tail can be demanded before the head") func dynamicTailFirst() {
    let headCalls = CallCounter()
    let tailCalls = CallCounter()
    let seq = countedZeroThenOne(head: headCalls, tail: tailCalls)
    #expect(seq.tail.head == 1)
    #expect(tailCalls.count == 1)
    #expect(headCalls.count <= 1)
    #expect(seq.head == 0)
    #expect(headCalls.count == 1)
    #expect(tailCalls.count == 1)
  }

  @Test("A nil head makes an empty sequence and its tail block is not needed") func dynamicNilHead() {
    let tailCalls = CallCounter()
    let seq = Seq<Int>(
      head: { nil },
      tail: {
        tailCalls.increment()
        return .just(1)
      })
    #expect(seq.head == nil)
    #expect(seq.isEmpty)
    #expect(seq.array.isEmpty)
    #expect(seq.uncons == nil)
  }

  // MARK: Q3, Q4 empty and concatenated

  @Test("Q3 the empty sequence") func empty() {
    #expect(Seq<Int>.empty.head == nil)
    #expect(Seq<Int>.empty.isEmpty)
    #expect(Seq<Int>.empty.tail.isEmpty)
    #expect(Seq<Int>.empty.tail.tail.isEmpty)
    #expect(Seq<Int>.empty.uncons == nil)
    #expect(Seq<Int>.empty.array == [])
    #expect(Seq<Int>() == .empty)
  }

  @Test("Q4 a concatenation of three justs") func concatenation() throws {
    let seq = Seq.just(0).concat(.just(1)).concat(.just(2))
    #expect(seq.array == [0, 1, 2])
    let uncons = try #require(seq.uncons)
    #expect(uncons.head == 0)
    #expect(uncons.tail.array == [1, 2])
  }

  // MARK: Q5 eager sequences

  @Test("Q5b making an eager sequence runs both blocks at once") func eagerEvaluatesNow() {
    let headCalls = CallCounter()
    let tailCalls = CallCounter()
    let lazy = countedZeroThenOne(head: headCalls, tail: tailCalls)
    let eager = lazy.lazy.eager
    #expect(headCalls.count == 1)
    #expect(tailCalls.count == 1)
    #expect(eager.array == [0, 1])
    #expect(lazy.array == [0, 1])
    #expect(headCalls.count == 1)
    #expect(tailCalls.count == 1)
  }

  // MARK: Q6 take

  @Test("Q6 take(1) evaluates only the first head") func takeOneHead() {
    let heads = CallCounter()
    let taken = infiniteSeq(unit, counter: heads).take(1)
    #expect(heads.count == 0)
    #expect(taken.array == [unit])
    #expect(heads.count == 1)
    #expect(taken.tail.isEmpty)
    #expect(heads.count == 1)
  }

  @Test("Q6 take(n) evaluates exactly n heads", arguments: [0, 1, 2, 5, 20])
  func takeHeads(count: Int) {
    let heads = CallCounter()
    let taken = infiniteSeq(unit, counter: heads).take(count)
    #expect(taken.array.count == count)
    #expect(heads.count == count)
  }

  // MARK: Q7 bind

  @Test("Q7 bind does not evaluate its source until demanded") func bindLaziness() {
    let heads = CallCounter()
    let source = Seq<Unit>(head: { heads.tick(unit) })
    let bound: Seq<Unit> = source.bind { { value, _ in .just(value) } }
    #expect(heads.count == 0)
    #expect(bound.head == unit)
    #expect(heads.count == 1)
    #expect(bound.array == [unit])
    #expect(heads.count == 1)
  }

  @Test("Q7 bind calls its factory at most once however often the result is walked")
  func bindFactoryOnce() {
    let factoryCalls = CallCounter()
    let blockCalls = CallCounter()
    let bound: Seq<Int> = Seq([1, 2, 3]).bind {
      factoryCalls.increment()
      return { value, _ in blockCalls.tick(.just(value * 10)) }
    }
    #expect(blockCalls.count == 0)
    #expect(bound.array == [10, 20, 30])
    #expect(bound.array == [10, 20, 30])
    #expect(factoryCalls.count == 1)
    #expect(blockCalls.count == 3)
  }

  @Test("bind with stop keeps the whole sequence returned by that call") func bindStopKeepsAll() {
    let bound: Seq<Int> = Seq([0, 1, 2, 3]).bind {
      { value, stop in
        if value == 1 {
          stop = true
          return Seq([10, 11, 12])
        }
        return .just(value)
      }
    }
    #expect(bound.array == [0, 10, 11, 12])
    #expect(headTailWalk(bound) == [0, 10, 11, 12])
  }

  // MARK: Q8, Q9 iteration

  @Test("Q8 the iterator evaluates one head per element, on demand") func iteratorLaziness() {
    let counters = [CallCounter(), CallCounter(), CallCounter()]
    func node(_ index: Int) -> Seq<Int> {
      guard index < counters.count else { return .empty }
      return Seq(head: { counters[index].tick(index + 1) }, tail: { node(index + 1) })
    }
    let seq = node(0)
    var iterator = seq.makeIterator()
    #expect(counters.map(\.count) == [0, 0, 0])
    #expect(iterator.next() == 1)
    #expect(counters.map(\.count) == [1, 0, 0])
    #expect(iterator.next() == 2)
    #expect(counters.map(\.count) == [1, 1, 0])
    #expect(iterator.next() == 3)
    #expect(counters.map(\.count) == [1, 1, 1])
    #expect(iterator.next() == nil)
    #expect(iterator.next() == nil)
    #expect(counters.map(\.count) == [1, 1, 1])
  }

  @Test("Q9 iterating does not retain the elements walked past") func iteratorReleases() {
    let tracker = LifetimeTracker()
    weak var first: Tracked?
    do {
      var iterator = Seq<Tracked>.unfold(0) { (index: inout Int) -> Tracked? in
        defer { index += 1 }
        guard index < 200_000 else { return nil }
        let element = Tracked(index, tracker: tracker)
        if index == 0 { first = element }
        return element
      }.map { $0 }.makeIterator()
      var count = 0
      var inOrder = true
      while let next = iterator.next() {
        inOrder = inOrder && next.value == count
        count += 1
        if count == 150_000 {
          #expect(first == nil, "the first element is freed once the iterator has moved far past it")
          #expect(tracker.liveCount < 150_000)
        }
      }
      #expect(count == 200_000)
      #expect(inOrder, "elements come in order")
    }
    #expect(first == nil)
    #expect(tracker.liveCount == 0)
  }

  @Test("Q9 a for-in loop over an infinite sequence does not retain what it walked past")
  func forInReleases() {
    let tracker = LifetimeTracker()
    weak var first: Tracked?
    var count = 0
    var inOrder = true
    for element in Seq<Tracked>.unfold(
      0,
      { (index: inout Int) -> Tracked? in
        defer { index += 1 }
        let element = Tracked(index, tracker: tracker)
        if index == 0 { first = element }
        return element
      })
    {
      inOrder = inOrder && element.value == count
      count += 1
      if count == 150_000 { break }
    }
    #expect(count == 150_000)
    #expect(inOrder)
    #expect(first == nil)
    #expect(tracker.liveCount == 0)
  }

  // MARK: Q10 release

  @Test("Q10 releasing an evaluated 10,000-element mapped sequence on a small stack")
  func releaseOnSmallStack() async {
    let sum = await runOnSmallStack {
      let mapped = Seq(Array(0..<10_000)).map { $0 }
      return mapped.array.reduce(0, +)
    }
    #expect(sum == 49_995_000)
  }

  // MARK: Q11–Q18 folds and queries

  private var zeroOneTwo: Seq<Int> { Seq.just(0) + .just(1) + .just(2) }

  @Test("Q11 foldLeft starts with start") func foldLeftStart() {
    #expect(zeroOneTwo.foldLeft(start: 3) { accumulated, _ in accumulated } == 3)
    #expect(Seq<Int>.empty.foldLeft(start: 3) { $0 + $1 } == 3)
  }

  @Test("Q12 foldLeft is left-associative") func foldLeftAssociativity() {
    let seq = Seq.just(1) + .just(2) + .just(3)
    #expect(seq.foldLeft(start: 0) { $0 - $1 } == -6)
    #expect(seq.foldLeft(start: "") { "(\($0)\($1))" } == "(((1)2)3)")
  }

  @Test("Q13 foldRight is lazy: a reducer that ignores rest never touches the tail") func foldRightLazy() {
    let headCalls = CallCounter()
    let tailCalls = CallCounter()
    let seq = countedZeroThenOne(head: headCalls, tail: tailCalls)
    let result = seq.foldRight(start: 2) { first, _ in first }
    #expect(result == 0)
    #expect(headCalls.count == 1)
    #expect(tailCalls.count == 0)
  }

  @Test("Q13 foldRight evaluates rest at most once") func foldRightRestOnce() {
    let restCalls = CallCounter()
    let result = zeroOneTwo.foldRight(start: 10) { first, rest in
      restCalls.increment()
      return rest() + rest() + first
    }
    // Each level doubles the level below: ((10 * 2 + 2) * 2 + 1) * 2 + 0.
    #expect(result == 90)
    #expect(restCalls.count == 3)
  }

  @Test("Q14 foldRight ends with start") func foldRightStart() {
    #expect(zeroOneTwo.foldRight(start: 3) { _, rest in rest() } == 3)
    #expect(Seq<Int>.empty.foldRight(start: 3) { first, _ in first } == 3)
    #expect(Seq.just(5).foldRight(start: 3) { _, rest in rest() } == 3)
  }

  @Test("Q15 foldRight is right-associative") func foldRightAssociativity() {
    let seq = Seq.just(1) + .just(2) + .just(3)
    #expect(seq.foldRight(start: 0) { first, rest in first - rest() } == 2)
    #expect(seq.foldRight(start: "") { first, rest in "(\(first)\(rest()))" } == "(1(2(3)))")
  }

  @Test("foldRight on a dynamic sequence (the v2.5 nil-tail bug)") func foldRightDynamic() {
    let seq = countedZeroThenOne(head: CallCounter(), tail: CallCounter())
    #expect(seq.foldRight(start: 7) { _, rest in rest() } == 7)
    #expect(seq.foldRight(start: [Int]()) { first, rest in [first] + rest() } == [0, 1])
    #expect(Seq(head: { 4 }).foldRight(start: 7) { first, rest in first + rest() } == 11)
  }

  @Test("Q16 any") func any() {
    #expect(zeroOneTwo.any { $0 > 0 })
    #expect(!zeroOneTwo.any { $0 == 3 })
    #expect(!Seq<Int>.empty.any { _ in true })
  }

  @Test("Q16 any stops at the first match, also on an infinite sequence") func anyStops() {
    let heads = CallCounter()
    let naturals = Seq.iterate(0) { $0 + 1 }.map { heads.tick($0) }
    #expect(naturals.any { $0 == 4 })
    #expect(heads.count == 5)
  }

  @Test("Q17 all") func all() {
    #expect(zeroOneTwo.all { $0 >= 0 })
    #expect(!zeroOneTwo.all { $0 < 2 })
    #expect(Seq<Int>.empty.all { _ in false })
  }

  @Test("Q17 all stops at the first failure, also on an infinite sequence") func allStops() {
    let heads = CallCounter()
    let predicateCalls = CallCounter()
    let naturals = Seq.iterate(0) { $0 + 1 }.map { heads.tick($0) }
    #expect(
      !naturals.all {
        predicateCalls.increment()
        return $0 < 3
      })
    #expect(heads.count == 4)
    #expect(predicateCalls.count == 4)
  }

  @Test("Q18 first(where:) finds the leftmost match") func firstWhere() {
    #expect(zeroOneTwo.first { $0 > 0 } == 1)
    #expect(zeroOneTwo.first { $0 < 0 } == nil)
  }

  @Test("Q18 first(where:) evaluates only up to the match") func firstWhereLaziness() {
    let heads = CallCounter()
    let naturals = Seq.iterate(0) { $0 + 1 }.map { heads.tick($0) }
    #expect(naturals.first { $0 > 2 } == 3)
    #expect(heads.count == 4)
  }
}
