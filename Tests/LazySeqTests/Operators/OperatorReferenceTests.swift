// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Every operator against its eager `Array` reference, over many small random
// inputs (seeded, so a failure can be replayed), each input built in every way
// `constructions(of:)` knows (array-backed, dynamic, left-nested concat,
// single-pass, eager, eager-then-lazy, mapped, unfold). Results are read in
// three ways: `array`, the head/tail walk and for-in (`Array(_:)`).

import LazySeq
import LazySeqTestSupport
import Testing

private let inputCount = 120

/// Calls `body` with `inputCount` random arrays, each built in every way.
private func forEachInput(
  seed: UInt64,
  maxCount: Int = 12,
  _ body: (_ elements: [Int], _ seq: Seq<Int>, _ rng: inout SplitMix64) -> Void
) {
  var rng = SplitMix64(seed: seed)
  for _ in 0..<inputCount {
    let elements = rng.array(maxCount: maxCount)
    for construction in constructions(of: elements) {
      body(elements, construction.seq, &rng)
    }
  }
}

/// Checks `result` against `reference` through `array`, the head/tail walk and
/// for-in.
private func check<Element: Equatable>(
  _ result: Seq<Element>,
  _ reference: [Element],
  _ comment: @autoclosure () -> String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let label = comment()
  expectEqualSequences(result.array, reference, "array: \(label)", sourceLocation: sourceLocation)
  expectEqualSequences(headTailWalk(result), reference, "head/tail: \(label)", sourceLocation: sourceLocation)
  expectEqualSequences(Array(result), reference, "for-in: \(label)", sourceLocation: sourceLocation)
}

private func randomPredicate(_ rng: inout SplitMix64) -> (threshold: Int, isLess: Bool) {
  (Int.random(in: 0...6, using: &rng), Bool.random(using: &rng))
}

@Suite("Operators against their Array reference")
struct OperatorReferenceTests {
  @Test func map() {
    forEachInput(seed: 1) { elements, seq, _ in
      let result: Seq<Int> = seq.map { $0 * 3 + 1 }
      check(result, elements.map { $0 * 3 + 1 }, "\(elements)")
      let strings: Seq<String> = seq.map { String($0) }
      check(strings, elements.map { String($0) }, "\(elements)")
    }
  }

  @Test func compactMap() {
    forEachInput(seed: 2) { elements, seq, _ in
      let transform: (Int) -> Int? = { $0.isMultiple(of: 2) ? nil : $0 * 10 }
      let result: Seq<Int> = seq.compactMap(transform)
      check(result, elements.compactMap(transform), "\(elements)")
    }
  }

  @Test func filter() {
    forEachInput(seed: 3) { elements, seq, rng in
      let (threshold, isLess) = randomPredicate(&rng)
      let predicate: (Int) -> Bool = { isLess ? $0 < threshold : $0 >= threshold }
      let result: Seq<Int> = seq.filter(predicate)
      check(result, elements.filter(predicate), "\(elements) threshold \(threshold) \(isLess)")
    }
  }

  @Test func flatMap() {
    forEachInput(seed: 4) { elements, seq, _ in
      let reference = elements.flatMap { Array(repeating: $0, count: $0 % 3) }
      let viaSeq: Seq<Int> = seq.flatMap { Seq(Array(repeating: $0, count: $0 % 3)) }
      check(viaSeq, reference, "Seq inner \(elements)")
      let viaArray: Seq<Int> = seq.flatMap { (x: Int) -> [Int] in Array(repeating: x, count: x % 3) }
      check(viaArray, reference, "Array inner \(elements)")
      let viaDynamic: Seq<Int> = seq.flatMap { dynamicSeq(Array(repeating: $0, count: $0 % 3)) }
      check(viaDynamic, reference, "dynamic inner \(elements)")
    }
  }

  @Test func flatten() {
    forEachInput(seed: 5) { elements, seq, _ in
      let nested: Seq<Seq<Int>> = seq.map { Seq(Array(0..<($0 % 4))) }
      check(nested.flatten(), elements.flatMap { Array(0..<($0 % 4)) }, "\(elements)")
    }
  }

  @Test func skip() {
    forEachInput(seed: 6) { elements, seq, _ in
      for count in 0...(elements.count + 2) {
        check(seq.skip(count), Array(elements.dropFirst(count)), "skip(\(count)) \(elements)")
      }
    }
  }

  @Test func take() {
    forEachInput(seed: 7) { elements, seq, _ in
      for count in 0...(elements.count + 2) {
        check(seq.take(count), Array(elements.prefix(count)), "take(\(count)) \(elements)")
      }
    }
  }

  @Test func takeAndSkipCompose() {
    forEachInput(seed: 8) { elements, seq, rng in
      let a = Int.random(in: 0...5, using: &rng)
      let b = Int.random(in: 0...5, using: &rng)
      check(seq.skip(a).take(b), Array(elements.dropFirst(a).prefix(b)), "skip(\(a)).take(\(b)) \(elements)")
      check(seq.take(a).skip(b), Array(elements.prefix(a).dropFirst(b)), "take(\(a)).skip(\(b)) \(elements)")
    }
  }

  @Test func zipWith() {
    forEachInput(seed: 9) { elements, seq, rng in
      let others = rng.array()
      let kinds = constructions(of: others)
      let other = kinds[Int.random(in: 0..<kinds.count, using: &rng)].seq
      let result: Seq<Int> = seq.zip(with: other).map { $0 * 10 + $1 }
      check(result, zip(elements, others).map { $0 * 10 + $1 }, "\(elements) with \(others)")
      let withInfinite: Seq<Int> = seq.zip(with: Seq.iterate(0) { $0 + 1 }).map { $0 * 100 + $1 }
      check(withInfinite, elements.enumerated().map { $1 * 100 + $0 }, "\(elements) with naturals")
    }
  }

  @Test func zipStatic() {
    forEachInput(seed: 10) { elements, seq, rng in
      let others = (0..<Int.random(in: 0...3, using: &rng)).map { _ in rng.array() }
      let all = [elements] + others
      let shortest = all.map(\.count).min() ?? 0
      let reference = (0..<shortest).map { index in all.map { $0[index] } }
      check(Seq<Int>.zip([seq] + others.map { Seq($0) }), reference, "\(all)")
    }
  }

  @Test func concat() {
    forEachInput(seed: 11) { elements, seq, rng in
      let others = rng.array()
      check(seq.concat(Seq(others)), elements + others, "\(elements) ++ \(others)")
      check(seq + dynamicSeq(others), elements + others, "\(elements) + \(others)")
      check(Seq(others) + seq, others + elements, "\(others) + \(elements)")
      check(Seq<Int>.concat([seq, .empty, Seq(others), seq]), elements + others + elements, "static concat")
    }
  }

  @Test func scan() {
    forEachInput(seed: 12) { elements, seq, _ in
      var running = 100
      var reference: [Int] = []
      for x in elements {
        running = running * 2 - x
        reference.append(running)
      }
      check(seq.scan(start: 100) { $0 * 2 - $1 }, reference, "\(elements)")
    }
  }

  @Test func scanWithIndex() {
    forEachInput(seed: 13) { elements, seq, _ in
      var running = ""
      var reference: [String] = []
      for (index, x) in elements.enumerated() {
        running += "\(index):\(x),"
        reference.append(running)
      }
      check(seq.scan(start: "") { $0 + "\($2):\($1)," }, reference, "\(elements)")
    }
  }

  @Test func reductions() {
    forEachInput(seed: 31) { elements, seq, _ in
      var running = 100
      var reference = [running]
      for x in elements {
        running = running &* 2 &- x
        reference.append(running)
      }
      check(seq.reductions(100) { $0 &* 2 &- $1 }, reference, "\(elements)")
      check(seq.reductions(into: 100) { $0 = $0 &* 2 &- $1 }, reference, "into: \(elements)")
      let firstReference =
        elements.isEmpty
        ? [] : Array(elements.dropFirst().reduce(into: [elements[0]]) { $0.append($0.last! &* 3 &- $1) })
      check(seq.reductions { $0 &* 3 &- $1 }, firstReference, "no initial: \(elements)")
    }
  }

  @Test func reductionsAreLazy() {
    let calls = CallCounter()
    let running = Seq.iterate(1) { $0 + 1 }.reductions(0) { calls.tick($0 + $1) }
    #expect(running.head == 0 && calls.count == 0)
    #expect(running.take(4).array == [0, 1, 3, 6] && calls.count == 3)
    let maxima = Seq.iterate(1) { $0 + 1 }.reductions { calls.tick(max($0, $1)) }
    #expect(maxima.take(3).array == [1, 2, 3] && calls.count == 5)
  }

  @Test func combinePrevious() {
    forEachInput(seed: 14) { elements, seq, rng in
      let start = Int.random(in: 0...9, using: &rng)
      var previous = start
      var reference: [Int] = []
      for x in elements {
        reference.append(previous * 10 + x)
        previous = x
      }
      check(seq.combinePrevious(start: start) { $0 * 10 + $1 }, reference, "start \(start) \(elements)")
    }
  }

  @Test func takeWhileAndUntil() {
    forEachInput(seed: 15) { elements, seq, rng in
      let (threshold, isLess) = randomPredicate(&rng)
      let predicate: (Int) -> Bool = { isLess ? $0 < threshold : $0 >= threshold }
      check(seq.take(while: predicate), Array(elements.prefix(while: predicate)), "while \(elements)")
      check(seq.take(until: predicate), Array(elements.prefix { !predicate($0) }), "until \(elements)")
    }
  }

  @Test func skipWhileAndUntil() {
    forEachInput(seed: 16) { elements, seq, rng in
      let (threshold, isLess) = randomPredicate(&rng)
      let predicate: (Int) -> Bool = { isLess ? $0 < threshold : $0 >= threshold }
      check(seq.skip(while: predicate), Array(elements.drop(while: predicate)), "while \(elements)")
      check(seq.skip(until: predicate), Array(elements.drop { !predicate($0) }), "until \(elements)")
    }
  }

  @Test func distinctUntilChanged() {
    forEachInput(seed: 17, maxCount: 16) { elements, seq, _ in
      var reference: [Int] = []
      for x in elements where reference.last != x {
        reference.append(x)
      }
      check(seq.distinctUntilChanged(), reference, "\(elements)")
    }
  }

  @Test func foldLeft() {
    forEachInput(seed: 18) { elements, seq, _ in
      let reference = elements.reduce("s") { "(\($0) \($1))" }
      #expect(seq.foldLeft(start: "s") { "(\($0) \($1))" } == reference, "\(elements)")
      #expect(seq.foldLeft(start: 0) { $0 * 3 - $1 } == elements.reduce(0) { $0 * 3 - $1 }, "\(elements)")
    }
  }

  @Test func foldRight() {
    forEachInput(seed: 19) { elements, seq, rng in
      let reference = elements.reversed().reduce("s") { "(\($1) \($0))" }
      #expect(seq.foldRight(start: "s") { "(\($0) \($1()))" } == reference, "\(elements)")
      // A reducer that stops at a value: the reference is the prefix up to it.
      let stopAt = Int.random(in: 0...5, using: &rng)
      let stopped = seq.foldRight(start: [Int]()) { x, rest in x == stopAt ? [x] : [x] + rest() }
      let prefix = elements.firstIndex(of: stopAt).map { Array(elements[...$0]) } ?? elements
      #expect(stopped == prefix, "stop at \(stopAt) \(elements)")
    }
  }

  @Test func anyAndAll() {
    forEachInput(seed: 20) { elements, seq, rng in
      let (threshold, isLess) = randomPredicate(&rng)
      let predicate: (Int) -> Bool = { isLess ? $0 < threshold : $0 >= threshold }
      #expect(seq.any(predicate) == elements.contains(where: predicate), "any \(elements)")
      #expect(seq.all(predicate) == elements.allSatisfy(predicate), "all \(elements)")
      let anyCalls = CallCounter()
      _ = seq.any { anyCalls.tick(predicate($0)) }
      let expectedAnyCalls = elements.firstIndex(where: predicate).map { $0 + 1 } ?? elements.count
      #expect(anyCalls.count == expectedAnyCalls, "any stops at the first match \(elements)")
      let allCalls = CallCounter()
      _ = seq.all { allCalls.tick(predicate($0)) }
      let expectedAllCalls = elements.firstIndex { !predicate($0) }.map { $0 + 1 } ?? elements.count
      #expect(allCalls.count == expectedAllCalls, "all stops at the first failure \(elements)")
    }
  }

  @Test func ignore() {
    forEachInput(seed: 21) { elements, seq, rng in
      let value = Int.random(in: 0...5, using: &rng)
      check(seq.ignore(value), elements.filter { $0 != value }, "ignore \(value) \(elements)")
    }
  }

  @Test func startWith() {
    forEachInput(seed: 22) { elements, seq, rng in
      let value = Int.random(in: 0...5, using: &rng)
      check(seq.startWith(value), [value] + elements, "startWith \(value) \(elements)")
      check(seq.startWith(value).startWith(value + 1), [value + 1, value] + elements, "twice \(elements)")
    }
  }

  @Test func mapReplace() {
    forEachInput(seed: 23) { elements, seq, _ in
      check(seq.mapReplace("x"), Array(repeating: "x", count: elements.count), "\(elements)")
    }
  }

  @Test func bindWithStopAndNil() {
    forEachInput(seed: 24) { elements, seq, rng in
      let stopValue = Int.random(in: 0...6, using: &rng)
      let nilValue = Int.random(in: 0...6, using: &rng)
      // For each value: nil ends at once; the stop value contributes its
      // sequence then ends; others contribute `x % 3` copies of themselves.
      var reference: [Int] = []
      for x in elements {
        if x == nilValue { break }
        reference += Array(repeating: x, count: x % 3 + (x == stopValue ? 1 : 0))
        if x == stopValue { break }
      }
      let bound: Seq<Int> = seq.bind {
        { x, stop in
          if x == nilValue { return nil }
          if x == stopValue { stop = true }
          return Seq(Array(repeating: x, count: x % 3 + (x == stopValue ? 1 : 0)))
        }
      }
      check(bound, reference, "stop \(stopValue) nil \(nilValue) \(elements)")
    }
  }

  @Test func bindWithState() {
    forEachInput(seed: 25) { elements, seq, _ in
      // A running index kept in the factory's closure.
      let bound: Seq<Int> = seq.bind {
        var index = 0
        return { x, _ in
          defer { index += 1 }
          return index.isMultiple(of: 2) ? .just(x) : .empty
        }
      }
      let reference = elements.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
      check(bound, reference, "\(elements)")
      check(bound, reference, "walked again \(elements)")
    }
  }

  @Test func chains() {
    forEachInput(seed: 26) { elements, seq, rng in
      let n = Int.random(in: 0...8, using: &rng)
      let result: Seq<Int> = seq.map { $0 + 1 }.filter { $0 % 3 != 0 }.flatMap { Seq([$0, -$0]) }.skip(1)
        .take(n)
      let reference = Array(
        elements.map { $0 + 1 }.filter { $0 % 3 != 0 }.flatMap { [$0, -$0] }.dropFirst().prefix(n))
      check(result, reference, "take(\(n)) \(elements)")
    }
  }

  @Test func generatedSequences() {
    var rng = SplitMix64(seed: 27)
    for _ in 0..<inputCount {
      let n = Int.random(in: 0...20, using: &rng)
      let step = Int.random(in: 1...4, using: &rng)
      check(Seq.iterate(0) { $0 + step }.take(n), (0..<n).map { $0 * step }, "iterate \(n) \(step)")
      check(Seq.repeating(step, count: n), Array(repeating: step, count: n), "repeating \(n)")
      check(Seq.repeating(step).take(n), Array(repeating: step, count: n), "repeating forever \(n)")
      let cycle = rng.array(maxCount: 4)
      let cycled = cycle.isEmpty ? [] : (0..<n).map { cycle[$0 % cycle.count] }
      check(Seq(cycle).cycled().take(n), cycled, "cycled \(cycle) \(n)")
      check(
        Seq.unfold(n) { (state: inout Int) -> Int? in
          guard state > 0 else { return nil }
          state -= 1
          return state
        }, Array((0..<n).reversed()), "unfold \(n)")
    }
  }
}
