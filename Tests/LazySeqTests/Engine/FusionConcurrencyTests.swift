// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Fusion: a walker that alone owns an unevaluated memo calls its producer
// directly. These tests check that it never changes what is observable:
// values, call counts, laziness and memoization of anything still reachable.

import LazySeq
import LazySeqTestSupport
import Testing

@Suite("Fusion of unshared intermediate results")
struct FusionConcurrencyTests {
  @Test("A temporary pipeline walked by for-in runs each closure once per element")
  func temporaryPipeline() {
    var mapped = 0
    var tested = 0
    var seen: [Int] = []
    for x in Seq(0..<10).map({ x -> Int in
      mapped += 1
      return x * 2
    }).filter({ x in
      tested += 1
      return x % 3 == 0
    }) {
      seen.append(x)
    }
    #expect(seen == [0, 6, 12, 18])
    #expect(mapped == 10)
    #expect(tested == 10)
  }

  @Test("A shared intermediate stays memoized: walking it after the result recomputes nothing")
  func sharedIntermediate() {
    var mapped = 0
    let intermediate = Seq(0..<6).map { x -> Int in
      mapped += 1
      return x + 1
    }
    let result = intermediate.filter { $0.isMultiple(of: 2) }
    #expect(result.array == [2, 4, 6])
    #expect(mapped == 6)
    #expect(intermediate.array == [1, 2, 3, 4, 5, 6])
    #expect(mapped == 6)
  }

  @Test("An intermediate already partly evaluated is not taken over")
  func partlyEvaluatedIntermediate() {
    var mapped = 0
    var intermediate: Seq<Int>? = Seq(0..<5).map { x -> Int in
      mapped += 1
      return x
    }
    #expect(intermediate?.head == 0)
    let result = intermediate!.map { $0 * 10 }
    intermediate = nil
    #expect(result.array == [0, 10, 20, 30, 40])
    #expect(mapped == 5)
  }

  @Test("Stopping early evaluates only what was demanded, even when fused")
  func earlyExit() {
    var mapped = 0
    var first: [Int] = []
    for x in Seq.iterate(0, { $0 + 1 }).map({ x -> Int in
      mapped += 1
      return x
    }) {
      if x == 3 { break }
      first.append(x)
    }
    #expect(first == [0, 1, 2])
    #expect(mapped == 4)
  }

  @Test("The result of a fused pipeline is itself memoized")
  func resultMemoized() {
    var mapped = 0
    let result = Seq(0..<4).map { x -> Int in
      mapped += 1
      return x
    }.filter { _ in true }
    #expect(result.array == [0, 1, 2, 3])
    #expect(result.array == [0, 1, 2, 3])
    #expect(Array(result) == [0, 1, 2, 3])
    #expect(mapped == 4)
  }

  @Test("flatMap's inner sequences are taken over too, with the same results")
  func innerSequences() {
    var inner = 0
    let result = Seq(1...3).flatMap { n in
      Seq(0..<n).map { x -> Int in
        inner += 1
        return x
      }
    }
    #expect(result.array == [0, 0, 1, 0, 1, 2])
    #expect(result.array == [0, 0, 1, 0, 1, 2])
    #expect(inner == 6)
  }

  @Test("A copied iterator is independent of the original, fused or not")
  func copiedIterator() {
    var iterator = Seq(0..<10).map { $0 * 10 }.makeIterator()
    #expect(iterator.next() == 0)
    var copy = iterator
    #expect(iterator.next() == 10)
    #expect(copy.next() == 10)
    #expect(copy.next() == 20)
    #expect(copy.next() == 30)
    #expect(iterator.next() == 20)
    #expect(Array(IteratorSequence(iterator)) == [30, 40, 50, 60, 70, 80, 90])
    #expect(Array(IteratorSequence(copy)) == [40, 50, 60, 70, 80, 90])
  }

  @Test("Copies of a fused iterator run each closure once per element between them")
  func copiedIteratorCallCounts() {
    var mapped = 0
    var tested = 0
    var original = Seq(0..<6).map { x -> Int in
      mapped += 1
      return x + 1
    }.filter { x in
      tested += 1
      return x.isMultiple(of: 2)
    }.makeIterator()
    #expect(original.next() == 2)
    let copies = [original, original]
    #expect(copies.map { Array(IteratorSequence($0)) } == [[4, 6], [4, 6]])
    #expect(Array(IteratorSequence(original)) == [4, 6])
    #expect(mapped == 6)
    #expect(tested == 6)
  }

  @Test("A copy made and dropped does not disturb the original's walk")
  func droppedCopy() {
    var mapped = 0
    var iterator = Seq.iterate(0) { $0 + 1 }.map { x -> Int in
      mapped += 1
      return x
    }.makeIterator()
    #expect(iterator.next() == 0)
    do {
      var copy = iterator
      #expect(copy.next() == 1)
    }
    #expect(iterator.next() == 1)
    #expect(iterator.next() == 2)
    #expect(mapped == 3)
  }
}
