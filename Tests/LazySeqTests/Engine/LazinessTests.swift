// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Laziness and memoization, proved by counting closure calls: nothing runs at
// construction; each block runs at most once per evaluated element, however
// many times and from however many copies the result is walked; `take(n)`
// never evaluates element n + 1; eager sequences evaluate at call time and
// `lazy` returns to lazy operators.

import LazySeq
import LazySeqTestSupport
import Testing

/// A lazy source of `0..<count` whose element evaluations are counted (a fresh
/// dynamic node per element).
private func countedSource(_ count: Int, heads: CallCounter) -> Seq<Int> {
  dynamicSeq(Array(0..<count)).map { heads.tick($0) }
}

/// One lazy operator applied to a source, with a counter for its block.
struct LazyOperatorCase: Sendable, CustomTestStringConvertible {
  let name: String
  /// Whether the block runs for every element (`skip(while:)` and
  /// `skip(until:)` stop calling theirs once skipping ends).
  var runsForEveryElement = true
  /// Builds the operator's result over `source`, counting block calls in `calls`.
  let apply: @Sendable (_ source: Seq<Int>, _ calls: CallCounter) -> Seq<Int>

  var testDescription: String { name }
}

private let lazyOperators: [LazyOperatorCase] = [
  LazyOperatorCase(name: "map") { source, calls in source.map { calls.tick($0 * 2) } },
  LazyOperatorCase(name: "compactMap") { source, calls in source.compactMap { calls.tick($0) } },
  LazyOperatorCase(name: "filter") { source, calls in source.filter { calls.tick($0 >= 0) } },
  LazyOperatorCase(name: "flatMap") { source, calls in source.flatMap { calls.tick(Seq.just($0)) } },
  LazyOperatorCase(name: "flatMap to array") { source, calls in
    source.flatMap { (x: Int) -> [Int] in calls.tick([x]) }
  },
  LazyOperatorCase(name: "bind") { source, calls in
    source.bind { { x, _ in calls.tick(Seq.just(x)) } }
  },
  LazyOperatorCase(name: "scan") { source, calls in source.scan(start: 0) { calls.tick($1 + $0 * 0) } },
  LazyOperatorCase(name: "scan with index") { source, calls in
    source.scan(start: 0) { _, x, _ in calls.tick(x) }
  },
  LazyOperatorCase(name: "combinePrevious") { source, calls in
    source.combinePrevious(start: 0) { _, x in calls.tick(x) }
  },
  LazyOperatorCase(name: "take(while:)") { source, calls in source.take(while: { calls.tick($0 >= 0) }) },
  LazyOperatorCase(name: "take(until:)") { source, calls in source.take(until: { calls.tick($0 < 0) }) },
  LazyOperatorCase(name: "skip(while:)", runsForEveryElement: false) { source, calls in
    source.skip(while: { calls.tick($0 < 0) })
  },
  LazyOperatorCase(name: "skip(until:)", runsForEveryElement: false) { source, calls in
    source.skip(until: { calls.tick($0 >= 0) })
  },
]

@Suite("Laziness and memoization")
struct LazinessTests {
  @Test("Nothing runs at construction; each block runs once per evaluated element", arguments: lazyOperators)
  func operatorRunsOncePerElement(_ op: LazyOperatorCase) {
    let heads = CallCounter()
    let calls = CallCounter()
    let result = op.apply(countedSource(10, heads: heads), calls)
    #expect(heads.count == 0, "source evaluated at construction")
    #expect(calls.count == 0, "block ran at construction")

    #expect(result.head == 0)
    #expect(heads.count == 1)
    #expect(calls.count == 1)

    #expect(result.take(3).array == [0, 1, 2].map { op.name == "map" ? $0 * 2 : $0 })
    #expect(heads.count == 3)
    #expect(calls.count == (op.runsForEveryElement ? 3 : 1))

    let copy = result
    #expect(copy.array.count == 10)
    #expect(result.array.count == 10)
    for _ in result {}
    _ = headTailWalk(copy)
    #expect(heads.count == 10)
    #expect(calls.count == (op.runsForEveryElement ? 10 : 1))
  }

  @Test("Chained operators are lazy and each block runs once per element")
  func chain() {
    let heads = CallCounter()
    let maps = CallCounter()
    let filters = CallCounter()
    let result: Seq<Int> = countedSource(100, heads: heads)
      .map { maps.tick($0 + 1) }
      .filter { filters.tick($0.isMultiple(of: 10)) }
      .skip(2)
      .take(3)
    #expect(heads.count + maps.count + filters.count == 0)
    #expect(result.array == [30, 40, 50])
    #expect(heads.count == 50)
    #expect(maps.count == 50)
    #expect(filters.count == 50)
    #expect(result.array == [30, 40, 50])
    #expect(heads.count == 50)
  }

  @Test("take(n) never evaluates element n + 1", arguments: [0, 1, 2, 3, 7])
  func takeIsStrict(count: Int) {
    let heads = CallCounter()
    let taken = countedSource(20, heads: heads).take(count)
    #expect(heads.count == 0)
    #expect(taken.array.count == count)
    #expect(heads.count == count)
    #expect(taken.tail.array.count == max(count - 1, 0))
    #expect(headTailWalk(taken).count == count)
    for _ in taken {}
    #expect(heads.count == count)

    let infiniteHeads = CallCounter()
    #expect(infiniteSeq(unit, counter: infiniteHeads).take(count).array.count == count)
    #expect(infiniteHeads.count == count)
  }

  @Test("take(2) on operators never evaluates the third element")
  func takeTwoThroughOperators() {
    let heads = CallCounter()
    let maps = CallCounter()
    let taken = countedSource(10, heads: heads).map { maps.tick($0) }.take(2)
    #expect(taken.array == [0, 1])
    #expect(heads.count == 2)
    #expect(maps.count == 2)

    let zipHeads = CallCounter()
    let zipped = countedSource(10, heads: zipHeads).zip(with: infiniteSeq(unit)).take(2)
    #expect(zipped.array.count == 2)
    #expect(zipHeads.count == 2)

    let iterateCalls = CallCounter()
    let iterated = Seq.iterate(0) { iterateCalls.tick($0 + 1) }.take(2)
    #expect(iterated.array == [0, 1])
    #expect(iterateCalls.count <= 1)

    let unfoldCalls = CallCounter()
    let unfolded = Seq.unfold(0) { (state: inout Int) -> Int? in
      unfoldCalls.increment()
      defer { state += 1 }
      return state
    }.take(2)
    #expect(unfolded.array == [0, 1])
    #expect(unfoldCalls.count == 2)
  }

  @Test("take(k) after an operator evaluates exactly the source elements it needs (random inputs)")
  func randomTakeEvaluatesExactly() {
    var rng = SplitMix64(seed: 99)
    for _ in 0..<200 {
      let elements = rng.array(maxCount: 15)
      let k = Int.random(in: 0...17, using: &rng)
      let threshold = Int.random(in: 0...5, using: &rng)
      let needed = min(k, elements.count)

      let mapHeads = CallCounter()
      let mapped: Seq<Int> = dynamicSeq(elements).map { mapHeads.tick($0) }.map { $0 + 1 }
      #expect(mapped.take(k).array == Array(elements.prefix(k).map { $0 + 1 }))
      #expect(mapHeads.count == needed, "map \(elements) take(\(k))")

      let scanHeads = CallCounter()
      let scanned = dynamicSeq(elements).map { scanHeads.tick($0) }.scan(start: 0) { $0 + $1 }
      #expect(scanned.take(k).array.count == needed)
      #expect(scanHeads.count == needed, "scan \(elements) take(\(k))")

      let zipHeads = CallCounter()
      let zipped = dynamicSeq(elements).map { zipHeads.tick($0) }.zip(with: Seq.iterate(0) { $0 + 1 })
      #expect(zipped.take(k).array.count == needed)
      #expect(zipHeads.count == needed, "zip \(elements) take(\(k))")

      // filter needs the source up to the k-th kept element (or all of it).
      let filterHeads = CallCounter()
      let filtered: Seq<Int> = dynamicSeq(elements).map { filterHeads.tick($0) }.filter { $0 >= threshold }
      let kept = elements.indices.filter { elements[$0] >= threshold }
      let filterNeeded = k == 0 ? 0 : (k <= kept.count ? kept[k - 1] + 1 : elements.count)
      #expect(filtered.take(k).array == Array(elements.filter { $0 >= threshold }.prefix(k)))
      #expect(filterHeads.count == filterNeeded, "filter \(elements) >= \(threshold) take(\(k))")
    }
  }

  @Test("head and isEmpty evaluate only the first element")
  func headAndIsEmpty() {
    let heads = CallCounter()
    let source = countedSource(10, heads: heads)
    #expect(!source.isEmpty)
    #expect(heads.count == 1)
    #expect(source.head == 0)
    #expect(source.uncons?.head == 0)
    #expect(heads.count == 1)
    _ = source.tail
    #expect(heads.count <= 2)
  }

  @Test("The tail is never evaluated ahead of demand")
  func tailOnDemand() {
    let tailCalls = CallCounter()
    func node(_ index: Int) -> Seq<Int> {
      Seq(
        head: { index },
        tail: {
          tailCalls.increment()
          return index < 5 ? node(index + 1) : .empty
        })
    }
    let seq = node(0)
    #expect(seq.head == 0)
    #expect(tailCalls.count == 0, "demanding the head ran the tail block")
    #expect(seq.take(1).array == [0])
    #expect(tailCalls.count <= 1)
    #expect(seq.take(3).array == [0, 1, 2])
    #expect(tailCalls.count <= 3)
    #expect(seq.tail.tail.head == 2)
    #expect(tailCalls.count >= 2)
    #expect(seq.array == [0, 1, 2, 3, 4, 5])
    #expect(tailCalls.count == 6)
  }

  @Test("Operators on just are lazy")
  func justIsLazy() {
    let calls = CallCounter()
    let mapped: Seq<Int> = Seq.just(1).map { calls.tick($0 + 1) }
    let filtered: Seq<Int> = Seq.just(1).filter { calls.tick($0 > 0) }
    let flatMapped: Seq<Int> = Seq.just(1).flatMap { calls.tick(Seq.just($0)) }
    let bound: Seq<Int> = Seq.just(1).bind { { x, _ in calls.tick(.just(x)) } }
    #expect(calls.count == 0)
    #expect(mapped.array == [2])
    #expect(filtered.array == [1])
    #expect(flatMapped.array == [1])
    #expect(bound.array == [1])
    #expect(calls.count == 4)
  }

  @Test("Concatenation evaluates neither side at construction")
  func concatIsLazy() {
    let leftHeads = CallCounter()
    let rightHeads = CallCounter()
    let joined = countedSource(3, heads: leftHeads) + countedSource(3, heads: rightHeads)
    let many = Seq<Int>.concat([countedSource(3, heads: leftHeads), countedSource(3, heads: rightHeads)])
    #expect(leftHeads.count + rightHeads.count == 0)
    #expect(joined.take(2).array == [0, 1])
    #expect(rightHeads.count == 0)
    #expect(joined.array == [0, 1, 2, 0, 1, 2])
    #expect(many.take(3).array == [0, 1, 2])
    #expect(rightHeads.count == 3)
  }

  @Test("Each value is computed once, also when walked from copies and tails")
  func memoizedAcrossCopies() {
    let heads = CallCounter()
    let seq = countedSource(5, heads: heads)
    let copies = [seq, seq, seq]
    for copy in copies {
      #expect(copy.array == [0, 1, 2, 3, 4])
      #expect(copy.tail.tail.array == [2, 3, 4])
    }
    var iterator = seq.makeIterator()
    while iterator.next() != nil {}
    #expect(heads.count == 5)
  }

  @Test("Eager sequences evaluate at call time; lazy returns to lazy operators")
  func eagerAndLazy() {
    let heads = CallCounter()
    let eager = countedSource(5, heads: heads).eager
    #expect(heads.count == 5)
    #expect(eager.array == [0, 1, 2, 3, 4])
    #expect(heads.count == 5)

    let calls = CallCounter()
    let mapped: Seq<Int> = eager.map { calls.tick($0 * 2) }
    #expect(calls.count == 5, "an operator on an eager sequence runs at call time")
    let filtered: Seq<Int> = mapped.filter { calls.tick($0 > 2) }
    #expect(calls.count == 10, "the result of an eager operator is eager")
    #expect(filtered.array == [4, 6, 8])
    #expect(calls.count == 10)

    let lazyCalls = CallCounter()
    let lazyMapped: Seq<Int> = eager.lazy.map { lazyCalls.tick($0) }
    #expect(lazyCalls.count == 0, "lazy returns to lazy operators")
    #expect(lazyMapped.take(2).array == [0, 1])
    #expect(lazyCalls.count == 2)

    let eagerSkip = eager.skip(1)
    let eagerTake = eager.take(2)
    #expect(eagerSkip.array == [1, 2, 3, 4])
    #expect(eagerTake.array == [0, 1])
    #expect(heads.count == 5)
  }

  @Test("Making an eager sequence of a dynamic sequence runs every block once")
  func eagerOfDynamic() {
    let calls = CallCounter()
    func node(_ index: Int) -> Seq<Int> {
      Seq(head: { calls.tick(index) }, tail: { calls.tick(index < 3 ? node(index + 1) : .empty) })
    }
    let eager = node(0).eager
    #expect(calls.count == 8)
    #expect(eager.array == [0, 1, 2, 3])
    #expect(eager.eager.array == [0, 1, 2, 3])
    #expect(calls.count == 8)
  }

  @Test("foldRight evaluates only as much as the reducer asks for")
  func foldRightLaziness() {
    let heads = CallCounter()
    let result = countedSource(100, heads: heads).foldRight(start: 0) { x, rest in x >= 3 ? x : x + rest() }
    #expect(result == 0 + 1 + 2 + 3)
    #expect(heads.count == 4)

    let infinite = Seq.iterate(1) { $0 + 1 }.foldRight(start: 0) { x, rest in x == 5 ? x : x + rest() }
    #expect(infinite == 15)
  }

  @Test("Constructors evaluate nothing")
  func constructorsAreLazy() {
    let calls = CallCounter()
    _ = Seq<Int>(head: { calls.tick(1) }, tail: { calls.tick(.empty) })
    _ = Seq.iterate(0) { calls.tick($0 + 1) }
    _ = Seq.unfold(0) { (_: inout Int) -> Int? in calls.tick(1) }
    _ = Seq(AnySequence(AnyIterator { calls.tick(1) }))
    #expect(calls.count == 0)
  }
}

/// The consumers that walk to the end and return one result (`reduce`,
/// `reduce(into:)`, `foldLeft`, `count`, `count(where:)`, `last`, `min`, `max`,
/// `joined`) read a temporary pipeline whose stages make batches a run at a
/// time: the stages' closures run up to a run (64 elements) ahead of the
/// consumer's closure, never for an element past the end, a `take(n)` or the
/// element where `take(while:)` stops. `for`-`in`, `forEach`, the consumers
/// that stop at an answer, and every walk of a held sequence take one
/// element at a time.
@Suite("Consumers that walk to the end read a temporary in runs")
struct RunLazinessTests {
  private struct Stop: Error {}

  @Test("reduce runs the stages of a temporary a run ahead of its closure")
  func reduceReadsRuns() {
    var log: [String] = []
    let sum = Seq(0..<3).map { x -> Int in
      log.append("map \(x)")
      return x
    }
    .filter { _ in true }
    .reduce(0) { total, x in
      log.append("add \(x)")
      return total + x
    }
    #expect(sum == 3)
    #expect(log == ["map 0", "map 1", "map 2", "add 0", "add 1", "add 2"])
  }

  @Test("for-in, forEach and a held sequence take one element at a time")
  func exactConsumers() {
    var log: [String] = []
    func mapped() -> Seq<Int> {
      Seq(0..<2).map { x -> Int in
        log.append("map \(x)")
        return x
      }
    }
    // swift-format-ignore: ReplaceForEachWithForLoop
    // (`Seq.forEach` itself is under test.)
    mapped().forEach { log.append("body \($0)") }
    #expect(log == ["map 0", "body 0", "map 1", "body 1"])
    log = []
    for x in mapped() { log.append("body \(x)") }
    #expect(log == ["map 0", "body 0", "map 1", "body 1"])
    log = []
    let held = mapped()
    _ = held.reduce(0) { total, x in
      log.append("add \(x)")
      return total + x
    }
    #expect(log == ["map 0", "add 0", "map 1", "add 1"])
  }

  @Test("A throwing closure stops the walk; the stages ran at most a run ahead")
  func throwingConsumerStopsWithinARun() {
    let calls = CallCounter()
    #expect(throws: Stop.self) {
      try Seq(0..<1_000).map { calls.tick($0) }.reduce(0) { total, x in
        if x == 10 { throw Stop() }
        return total + x
      }
    }
    #expect(calls.count == 64)
    // The same pipeline held: exact.
    let heldCalls = CallCounter()
    let held = Seq(0..<1_000).map { heldCalls.tick($0) }
    #expect(throws: Stop.self) {
      try held.reduce(0) { total, x in
        if x == 10 { throw Stop() }
        return total + x
      }
    }
    #expect(heldCalls.count == 11)
  }

  @Test("Runs stop at the end, at take(n) and where take(while:) stops")
  func runsNeverPassTheEnd() {
    let calls = CallCounter()
    let sum = Seq.iterate(0) { $0 + 1 }.map { calls.tick($0) }.take(while: { $0 < 10 }).reduce(0, +)
    #expect(sum == 45)
    #expect(calls.count == 11)
    let taken = CallCounter()
    #expect(Seq.iterate(0) { $0 + 1 }.map { taken.tick($0) }.filter { $0 >= 0 }.take(5).count == 5)
    #expect(taken.count == 5)
    let short = CallCounter()
    #expect(Seq(0..<3).map { short.tick($0) }.scan(start: 0, reduce: +).last == 3)
    #expect(short.count == 3)
    // A step that would trap past the stop is never evaluated there.
    let powers = Seq.iterate(1) { $0 * 2 }.take(while: { $0 < 1 << 40 }).map { $0 &* 3 }.count
    #expect(powers == 40)
  }

  @Test("Each batched consumer gives the exact answer")
  func batchedConsumersAnswer() {
    func numbers() -> Seq<Int> { Seq(0..<1_000).map { ($0 * 7919) % 1_000 }.filter { $0 % 3 != 0 } }
    let reference = (0..<1_000).map { ($0 * 7919) % 1_000 }.filter { $0 % 3 != 0 }
    #expect(numbers().reduce(0, +) == reference.reduce(0, +))
    #expect(numbers().reduce(into: 0) { $0 += $1 } == reference.reduce(0, +))
    #expect(numbers().foldLeft(start: 0, reduce: +) == reference.reduce(0, +))
    #expect(numbers().count == reference.count)
    #expect(numbers().count(where: { $0 > 500 }) == reference.count(where: { $0 > 500 }))
    #expect(numbers().last == reference.last)
    let (smallest, largest) = (numbers().min(), numbers().max())
    #expect(smallest == reference.min() && largest == reference.max())
    let (smallestDown, largestDown) = (numbers().min { $0 > $1 }, numbers().max { $0 > $1 })
    #expect(smallestDown == reference.max() && largestDown == reference.min())
    #expect(
      Seq(reference).map(String.init).joined(separator: ",")
        == reference.map(String.init).joined(separator: ","))
    #expect(Seq<Int>().map { $0 }.min() == nil && Seq<Int>().map { $0 }.last == nil)
  }
}
