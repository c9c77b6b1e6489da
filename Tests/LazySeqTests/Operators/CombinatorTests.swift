// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// The LazyList-style combinators (chunks, windows, enumerated, zipLongest,
// partitioned, uniqued, interspersed, dropLast, takeLast, cycled(times:)):
// against their Array reference over many small seeded inputs built every
// way `constructions(of:)` knows; laziness and once-per-element evaluation
// by call counting; infinite inputs; eager mode.

import LazySeq
import LazySeqTestSupport
import Testing

private let inputCount = 80

private func forEachInput(
  seed: UInt64, _ body: (_ elements: [Int], _ seq: Seq<Int>, _ rng: inout SplitMix64) -> Void
) {
  var rng = SplitMix64(seed: seed)
  for _ in 0..<inputCount {
    let elements = rng.array(maxCount: 12)
    for construction in constructions(of: elements) {
      body(elements, construction.seq, &rng)
    }
  }
}

/// Checks `result` against `reference` through `array`, head/tail and for-in.
private func check<Element>(
  _ result: Seq<Element>, _ reference: [Element], by areEquivalent: (Element, Element) -> Bool,
  _ label: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let text = label()
  expectEqualSequences(
    result.array, reference, by: areEquivalent, "array: \(text)", sourceLocation: sourceLocation)
  expectEqualSequences(
    headTailWalk(result), reference, by: areEquivalent, "head/tail: \(text)", sourceLocation: sourceLocation)
  expectEqualSequences(
    Array(result), reference, by: areEquivalent, "for-in: \(text)", sourceLocation: sourceLocation)
}

private func check<Element: Equatable>(
  _ result: Seq<Element>, _ reference: [Element], _ label: @autoclosure () -> String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  check(result, reference, by: ==, label(), sourceLocation: sourceLocation)
}

/// A source over `0..<count` whose elements are counted when evaluated.
private func counted(_ count: Int, _ calls: CallCounter) -> Seq<Int> {
  Seq(0..<count).map { calls.tick($0) }
}

@Suite("LazyList combinators")
struct CombinatorTests {
  // MARK: Reference tests

  @Test func chunksReference() {
    forEachInput(seed: 101) { elements, seq, rng in
      let size = Int.random(in: 1...5, using: &rng)
      let reference = stride(from: 0, to: elements.count, by: size).map {
        Seq<Int>.Window(elements[$0..<min($0 + size, elements.count)])
      }
      check(seq.chunks(ofCount: size), reference, "\(elements) by \(size)")
    }
  }

  @Test func windowsReference() {
    forEachInput(seed: 102) { elements, seq, rng in
      let size = Int.random(in: 1...5, using: &rng)
      let reference =
        elements.count < size
        ? [] : (0...(elements.count - size)).map { Seq<Int>.Window(elements[$0..<$0 + size]) }
      check(seq.windows(ofCount: size), reference, "\(elements) by \(size)")
    }
  }

  @Test func windowsWithAStepReference() {
    forEachInput(seed: 110) { elements, seq, rng in
      let size = Int.random(in: 1...5, using: &rng)
      let step = Int.random(in: 1...7, using: &rng)
      let reference = stride(from: 0, through: elements.count - size, by: step).map {
        Seq<Int>.Window(elements[$0..<$0 + size])
      }
      check(seq.windows(ofCount: size, step: step), reference, "\(elements) by \(size) step \(step)")
    }
  }

  @Test func windowsWithAStepOnAnInfiniteSequence() {
    let naturals = Seq.iterate(0) { $0 + 1 }
    #expect(naturals.windows(ofCount: 3, step: 2).take(3).array == [[0, 1, 2], [2, 3, 4], [4, 5, 6]])
    #expect(naturals.windows(ofCount: 2, step: 5).take(3).array == [[0, 1], [5, 6], [10, 11]])
    #expect(
      naturals.windows(ofCount: 10, step: 10).take(2).array.map(Array.init) == [
        Array(0..<10), Array(10..<20),
      ])
  }

  @Test func windowsWithAStepEvaluatesEachElementOnce() {
    let calls = CallCounter()
    let windows = counted(20, calls).windows(ofCount: 4, step: 3)
    #expect(calls.count == 0)
    #expect(windows.head == [0, 1, 2, 3])
    #expect(calls.count == 4)
    #expect(windows.array.count == 6)
    #expect(windows.array.count == 6)
    #expect(calls.count == 20)
  }

  @Test func enumeratedReference() {
    forEachInput(seed: 103) { elements, seq, _ in
      let reference = Array(elements.enumerated())
      check(
        seq.enumerated(), reference, by: { $0.offset == $1.offset && $0.element == $1.element }, "\(elements)"
      )
    }
  }

  @Test func zipLongestReference() {
    forEachInput(seed: 104) { elements, seq, rng in
      let other = rng.array(maxCount: 12).map(String.init)
      let length = max(elements.count, other.count)
      let reference: [(Int?, String?)] = (0..<length).map {
        ($0 < elements.count ? elements[$0] : nil, $0 < other.count ? other[$0] : nil)
      }
      check(
        seq.zipLongest(with: Seq(other)), reference, by: { $0.0 == $1.0 && $0.1 == $1.1 },
        "\(elements) \(other)")
      let swapped: [(String?, Int?)] = reference.map { ($0.1, $0.0) }
      check(
        Seq(other).zipLongest(with: seq), swapped, by: { $0.0 == $1.0 && $0.1 == $1.1 }, "swapped \(elements)"
      )
    }
  }

  @Test func partitionedReference() {
    forEachInput(seed: 105) { elements, seq, rng in
      let threshold = Int.random(in: 0...6, using: &rng)
      let predicate: (Int) -> Bool = { $0 >= threshold }
      let sides = seq.partitioned(by: predicate)
      // Walk the sides in a random order: one fully first, or interleaved.
      if Bool.random(using: &rng) {
        check(sides.trueElements, elements.filter(predicate), "true first \(elements) \(threshold)")
        check(sides.falseElements, elements.filter { !predicate($0) }, "then false \(elements)")
      } else {
        let pairs = sides.falseElements.zipLongest(with: sides.trueElements).array
        let falses = elements.filter { !predicate($0) }
        let trues = elements.filter(predicate)
        #expect(pairs.compactMap(\.0) == falses, "\(elements) \(threshold)")
        #expect(pairs.compactMap(\.1) == trues, "\(elements) \(threshold)")
        check(sides.falseElements, falses, "false again \(elements)")
      }
    }
  }

  @Test func uniquedReference() {
    forEachInput(seed: 106) { elements, seq, _ in
      var seen = Set<Int>()
      check(seq.uniqued(), elements.filter { seen.insert($0).inserted }, "\(elements)")
      var seenKeys = Set<Int>()
      check(
        seq.uniqued(on: { $0 % 3 }), elements.filter { seenKeys.insert($0 % 3).inserted }, "on \(elements)")
    }
  }

  @Test func interspersedReference() {
    forEachInput(seed: 107) { elements, seq, _ in
      let reference = elements.enumerated().flatMap { $0.offset == 0 ? [$0.element] : [-1, $0.element] }
      check(seq.interspersed(with: -1), reference, "\(elements)")
    }
  }

  @Test func dropLastAndTakeLastReference() {
    forEachInput(seed: 108) { elements, seq, rng in
      let count = Int.random(in: 0...14, using: &rng)
      check(seq.dropLast(count), Array(elements.dropLast(count)), "dropLast(\(count)) \(elements)")
      check(seq.takeLast(count), Array(elements.suffix(count)), "takeLast(\(count)) \(elements)")
      check(seq.dropLast(), Array(elements.dropLast()), "dropLast() \(elements)")
    }
  }

  @Test func cycledTimesReference() {
    forEachInput(seed: 109) { elements, seq, rng in
      let times = Int.random(in: 0...4, using: &rng)
      let reference = Array(repeating: elements, count: times).flatMap { $0 }
      check(seq.cycled(times: times), reference, "\(elements) × \(times)")
    }
  }

  // MARK: Laziness, by call counting

  @Test("Nothing is evaluated by creating a combinator")
  func creationEvaluatesNothing() {
    let calls = CallCounter()
    let source = counted(100, calls)
    _ = source.chunks(ofCount: 3)
    _ = source.windows(ofCount: 3)
    _ = source.enumerated()
    _ = source.zipLongest(with: source)
    _ = source.partitioned(by: { calls.tick($0) > 3 })
    _ = source.uniqued()
    _ = source.uniqued(on: { calls.tick($0) })
    _ = source.interspersed(with: 0)
    _ = source.dropLast(3)
    _ = source.takeLast(3)
    _ = source.cycled(times: 3)
    #expect(calls.count == 0)
  }

  @Test("Each combinator evaluates only what it needs, once")
  func evaluatesOnDemandOnce() {
    func demanded<T>(_ build: (Seq<Int>) -> Seq<T>, _ demand: (Seq<T>) -> Void) -> Int {
      let calls = CallCounter()
      let result = build(counted(100, calls))
      demand(result)
      demand(result)
      return calls.count
    }
    #expect(demanded({ $0.chunks(ofCount: 3) }, { _ = $0.head }) == 3)
    #expect(demanded({ $0.chunks(ofCount: 3) }, { _ = $0.take(2).array }) == 6)
    #expect(demanded({ $0.windows(ofCount: 3) }, { _ = $0.head }) == 3)
    #expect(demanded({ $0.windows(ofCount: 3) }, { _ = $0.take(2).array }) == 4)
    #expect(demanded({ $0.enumerated() }, { _ = $0.take(2).array }) == 2)
    #expect(demanded({ $0.zipLongest(with: Seq(0..<1)) }, { _ = $0.take(2).array }) == 2)
    #expect(demanded({ $0.uniqued() }, { _ = $0.take(5).array }) == 5)
    #expect(demanded({ $0.interspersed(with: -1) }, { _ = $0.take(3).array }) == 2)
    #expect(demanded({ $0.dropLast(2) }, { _ = $0.head }) == 3)
    #expect(demanded({ $0.takeLast(2) }, { _ = $0.head }) == 100)
    #expect(demanded({ $0.cycled(times: 3) }, { _ = $0.array }) == 100)
    #expect(demanded({ $0.partitioned(by: { $0 > 1 }).trueElements }, { _ = $0.head }) == 3)
  }

  @Test("partitioned runs its predicate at most once per element, whichever side is walked")
  func partitionedSharesOneEvaluation() {
    for order in 0..<3 {
      let sourceCalls = CallCounter()
      let predicateCalls = CallCounter()
      let (odds, evens) = counted(1000, sourceCalls).partitioned(by: {
        predicateCalls.tick($0.isMultiple(of: 2))
      })
      switch order {
      case 0:
        #expect(evens.array.count == 500)
        #expect(odds.array.count == 500)
      case 1:
        #expect(odds.take(10).array == [1, 3, 5, 7, 9, 11, 13, 15, 17, 19])
        #expect(evens.array.count == 500)
        #expect(odds.array.count == 500)
      default:
        #expect(odds.zip(with: evens).array.count == 500)
        #expect(evens.array == Array(stride(from: 0, to: 1000, by: 2)))
      }
      #expect(sourceCalls.count == 1000, "order \(order)")
      #expect(predicateCalls.count == 1000, "order \(order)")
    }
  }

  @Test("uniqued(on:) runs its key at most once per element")
  func uniquedKeyOnce() {
    let keys = CallCounter()
    let result = Seq(0..<100).uniqued(on: { keys.tick($0 % 10) })
    #expect(result.array == Array(0..<10))
    #expect(result.array == Array(0..<10))
    #expect(keys.count == 100)
  }

  // MARK: Infinite inputs and eager mode

  @Test("The combinators work on infinite sequences where meaning allows")
  func infiniteInputs() {
    let naturals = Seq.iterate(0) { $0 + 1 }
    #expect(naturals.chunks(ofCount: 2).take(2).array == [[0, 1], [2, 3]])
    #expect(naturals.windows(ofCount: 2).take(2).array == [[0, 1], [1, 2]])
    #expect(naturals.enumerated().skip(5).head.map { $0.offset == 5 && $0.element == 5 } == true)
    #expect(naturals.zipLongest(with: Seq([7])).take(2).array.map { $0.1 } == [7, nil])
    #expect(naturals.partitioned(by: { $0 > 2 }).trueElements.take(2).array == [3, 4])
    #expect(naturals.uniqued(on: { $0 / 2 }).take(3).array == [0, 2, 4])
    #expect(naturals.interspersed(with: -1).take(4).array == [0, -1, 1, -1])
    #expect(naturals.dropLast(5).take(3).array == [0, 1, 2])
    #expect(naturals.cycled(times: 2).take(3).array == [0, 1, 2])
  }

  @Test("On an eager sequence, the combinators evaluate at call time and return eager sequences")
  func eagerMode() {
    let calls = CallCounter()
    let eager = Seq([1, 2, 3, 4]).eager
    let results: [Seq<Seq<Int>.Window>] = [
      eager.map { calls.tick($0) }.chunks(ofCount: 2), eager.windows(ofCount: 3),
    ]
    #expect(calls.count == 4)
    #expect(results.allSatisfy { $0.isEager })
    #expect(eager.enumerated().isEager && eager.zipLongest(with: Seq([1])).isEager)
    #expect(eager.partitioned(by: { $0 > 2 }).trueElements.isEager)
    #expect(eager.uniqued().isEager && eager.interspersed(with: 0).isEager)
    #expect(eager.dropLast(1).isEager && eager.takeLast(1).isEager && eager.cycled(times: 2).isEager)
    #expect(!Seq([1, 2]).chunks(ofCount: 1).isEager)
    #expect(eager.cycled(times: 2).array == [1, 2, 3, 4, 1, 2, 3, 4])
  }
}
