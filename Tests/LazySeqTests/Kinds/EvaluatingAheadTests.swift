// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// `evaluatingAhead(_:)`: the opt-in policy of evaluating up to `count`
// elements per demand. Checked: how far a demand evaluates (never more than
// `count` elements, never past the end), that the policy flows through
// operators and `lazy` ends it, that each closure still runs once per
// element (memoization, and 4–8 threads walking a `Seq.Shared`), and that
// the elements are those of the exactly lazy pipeline.

import Foundation
import LazySeq
import LazySeqTestSupport
import Testing

@Suite("Evaluating ahead")
struct EvaluatingAheadTests {
  @Test("a demand evaluates up to count elements, and no more", arguments: [2, 3, 8, 64, 100])
  func demandEvaluatesAhead(count: Int) {
    let calls = CallCounter()
    let seq = Seq(0..<1_000).evaluatingAhead(count).map { calls.tick($0 * 2) }
    #expect(calls.count == 0)
    #expect(seq.head == 0)
    #expect(calls.count == count)
    // Elements already evaluated cost nothing more.
    #expect(Array(seq.prefix(count)) == (0..<count).map { $0 * 2 })
    #expect(calls.count == count)
    // The next demand evaluates the next batch, at most `count` more.
    #expect(Array(seq.prefix(count + 1)).last == count * 2)
    #expect(calls.count > count && calls.count <= 2 * count)
    #expect(seq.array == (0..<1_000).map { $0 * 2 })
    #expect(calls.count == 1_000)
  }

  @Test("the guide's example")
  func guideExample() {
    var calls = 0
    let squares = Seq(1...1_000).evaluatingAhead(64).map { value -> Int in
      calls += 1
      return value * value
    }
    #expect(squares.head == 1)
    #expect(calls == 64)
    #expect(squares.take(70).array.count == 70)
    #expect(calls == 128)
    #expect(squares.lazy.map { $0 + 1 }.head == 2)
    #expect(calls == 128)
  }

  @Test("a batch stops at the end of the sequence")
  func batchStopsAtEnd() {
    let calls = CallCounter()
    let seq = Seq(0..<5).evaluatingAhead(64).map { calls.tick($0) }
    #expect(seq.head == 0)
    #expect(calls.count == 5)
    #expect(seq.array == [0, 1, 2, 3, 4])
    #expect(calls.count == 5)
  }

  @Test("take reads no further than its count")
  func takeStopsTheBatch() {
    let calls = CallCounter()
    let seq = Seq(0..<1_000).evaluatingAhead(64).map { calls.tick($0) }.take(3)
    #expect(seq.array == [0, 1, 2])
    #expect(calls.count == 3)
  }

  @Test(
    "every batched operator gives the exact pipeline's elements, memoized and fused",
    arguments: [2, 3, 8, 64])
  func batchedOperators(count: Int) {
    typealias Pipeline = (Seq<Int>) -> Seq<Int>
    let pipelines: [(String, Pipeline)] = [
      ("compactMap", { $0.compactMap { $0 % 3 == 0 ? nil : $0 * 2 } }),
      ("scan", { $0.scan(start: 0, reduce: +) }),
      ("scan with index", { $0.scan(start: 1) { $0 &+ $1 &* $2 } }),
      ("combinePrevious", { $0.combinePrevious(start: -1) { $0 &* 100 &+ $1 } }),
      ("take", { $0.take(37) }),
      ("take more than there are", { $0.take(1_000) }),
      ("take(while:)", { $0.take(while: { $0 < 150 }) }),
      ("take(until:)", { $0.take(until: { $0 == 77 }) }),
      ("zip", { $0.zip(with: Seq(100...)).map { $0 &* $1 } }),
      ("zip, shorter second", { $0.zip(with: Seq(0..<50)).map { $0 &- $1 } }),
      ("static zip", { Seq.zip([$0, $0.map { -$0 }, Seq(0...)]).map { $0.reduce(0, &+) } }),
      ("a chain", { $0.compactMap { $0.isMultiple(of: 5) ? nil : $0 }.scan(start: 0, reduce: &+).take(90) }),
    ]
    for (name, pipeline) in pipelines {
      let reference = pipeline(Seq(0..<200)).array
      // Held: through the memo's batches.
      let held = pipeline(Seq(0..<200).evaluatingAhead(count))
      #expect(held.array == reference, "\(name)")
      #expect(held.array == reference, "\(name), a second walk")
      // Temporary: a later batch producer reads this one's batches directly.
      let fused = pipeline(Seq(0..<200).evaluatingAhead(count)).filter { _ in true }.array
      #expect(fused == reference, "\(name), fused")
    }
  }

  @Test("take(n), take(while:) and zip in batches read no source element they do not need")
  func batchedOperatorsReadWhatTheyNeed() {
    let calls = CallCounter()
    let taken = Seq(0..<1_000).evaluatingAhead(64).map { calls.tick($0) }.take(3).map { $0 }
    #expect(taken.array == [0, 1, 2])
    #expect(calls.count == 3)

    let whileCalls = CallCounter()
    let prefix = Seq(0..<1_000).evaluatingAhead(64).map { whileCalls.tick($0) }.take(while: { $0 < 5 })
    #expect(prefix.head == 0)
    // One batch: the five that pass and the first that does not.
    #expect(whileCalls.count == 6)
    #expect(prefix.array == [0, 1, 2, 3, 4])
    #expect(whileCalls.count == 6)

    let left = CallCounter()
    let right = CallCounter()
    let zipped = Seq(0..<1_000).evaluatingAhead(16).map { left.tick($0) }
      .zip(with: Seq(0..<4).map { right.tick($0) })
    #expect(zipped.array.count == 4)
    // The zip alone holds the left map, so it calls the map's producer
    // directly (fused): it reads a fifth element, finds no partner, stops.
    #expect(left.count == 5)
    #expect(right.count == 4)
  }

  @Test("the policy flows through operators, and lazy returns to exact laziness")
  func policyFlows() {
    let maps = CallCounter()
    let filters = CallCounter()
    let ahead = Seq(0..<1_000).evaluatingAhead(16)
      .map { maps.tick($0 + 1) }
      .filter { filters.tick($0.isMultiple(of: 2)) }
    // The filter's batch of 16 reads 32 mapped elements (half pass).
    #expect(ahead.head == 2)
    #expect(filters.count == 32)
    #expect(maps.count == 32)

    let exact = CallCounter()
    let lazy = Seq(0..<1_000).evaluatingAhead(16).lazy.map { exact.tick($0) }
    #expect(lazy.head == 0)
    #expect(exact.count == 1)
    let one = CallCounter()
    let single = Seq(0..<1_000).evaluatingAhead(1).map { one.tick($0) }
    #expect(single.head == 0)
    #expect(one.count == 1)
  }

  @Test("a sequence computed on demand is itself read in batches")
  func onDemandReceiver() {
    let calls = CallCounter()
    let generated = Seq.iterate(0) { calls.tick($0 + 1) }.evaluatingAhead(10)
    #expect(generated.head == 0)
    #expect(calls.count == 9)
    #expect(Array(generated.prefix(10)) == Array(0..<10))
    #expect(calls.count == 9)
  }

  @Test("each closure runs once per element through map, filter, flatMap, scan and zip")
  func memoization() {
    let counts = ConcurrentCounter()
    let seq = Seq(0..<300).evaluatingAhead(7)
      .map { x in
        counts.increment(0)
        return x * 3
      }
      .filter { x in
        counts.increment(1)
        return x % 2 == 0
      }
      .flatMap { (x: Int) -> Seq<Int> in
        counts.increment(2)
        return Seq([x, x + 1])
      }
      .scan(start: 0) { (acc: Int, x: Int) -> Int in
        counts.increment(3)
        return acc &+ x
      }
      .zip(with: Seq(0...)).map { (a: Int, b: Int) -> Int in a &+ b }
    let tripled: Seq<Int> = Seq(0..<300).map { (x: Int) -> Int in x * 3 }
    let even: Seq<Int> = tripled.filter { (x: Int) -> Bool in x % 2 == 0 }
    let doubled: Seq<Int> = even.flatMap { (x: Int) -> Seq<Int> in Seq([x, x + 1]) }
    let sums: Seq<Int> = doubled.scan(start: 0) { (acc: Int, x: Int) -> Int in acc &+ x }
    let reference: Seq<Int> = sums.zip(with: Seq(0...)).map { (a: Int, b: Int) -> Int in a &+ b }
    #expect(seq.array == reference.array)
    #expect(seq.array == reference.array)
    #expect(headTailWalk(seq) == reference.array)
    #expect(counts.count(0) == 300)
    #expect(counts.count(1) == 300)
    #expect(counts.count(2) == 150)
    #expect(counts.count(3) == 300)
  }

  @Test("a map whose closure reads the earlier elements of its own batch")
  func selfReferentialMap() {
    final class Box { var seq: Seq<Int> = .empty }
    let box = Box()
    box.seq = Seq(0..<40).evaluatingAhead(16).map { i in
      i < 2 ? i : (box.seq.skip(i - 1).head ?? 0) + (box.seq.skip(i - 2).head ?? 0)
    }
    #expect(Array(box.seq.prefix(10)) == [0, 1, 1, 2, 3, 5, 8, 13, 21, 34])
    #expect(box.seq.array.last == 63_245_986)
  }

  @Test("a self-referential definition reads the elements its batch has produced")
  func selfReference() {
    final class Box { var fibs: Seq<Int> = .empty }
    let box = Box()
    func later(_ offset: Int) -> Seq<Int> {
      Seq(head: { box.fibs.skip(offset).head }, tail: { box.fibs.skip(offset).tail })
    }
    let sums = later(0).zip(with: later(1)).map { $0 + $1 }
    box.fibs = Seq([0, 1]).evaluatingAhead(16) + sums
    #expect(box.fibs.take(20).array.suffix(3) == [1597, 2584, 4181])
    #expect(Array(box.fibs.prefix(10)) == [0, 1, 1, 2, 3, 5, 8, 13, 21, 34])
  }
}

/// `evaluatingAhead(_:)` under threads (run under ThreadSanitizer).
@Suite struct EvaluatingAheadConcurrencyTests {
  @Test(
    "threads walking a shared pipeline that evaluates ahead: each closure once per element",
    arguments: [4, 8])
  func sharedThreads(threads: Int) async {
    for round in 0..<20 {
      let counts = ConcurrentCounter()
      let size = 2_000 + round
      let shared = Seq.Shared(
        Seq(0..<size).evaluatingAhead(32)
          .map { x in
            counts.increment(x)
            return x &* 3 &+ 1
          }
          .filter { $0 & 2 == 0 })
      let expected = (0..<size).map { $0 &* 3 &+ 1 }.filter { $0 & 2 == 0 }
      let results = await runConcurrently(threads: threads) { _ in Array(shared) }
      for result in results { #expect(result == expected) }
      #expect(counts.total == size)
      #expect(counts.snapshot.values.allSatisfy { $0 == 1 })
    }
  }
}
