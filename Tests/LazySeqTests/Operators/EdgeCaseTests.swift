// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Edge cases found by trying Seq as a new user would: bounded descriptions,
// `skip` that moves by index where the position is known, and the empty
// dynamic sequence whose tail is read first.

import LazySeq
import LazySeqTestSupport
import Testing

@Suite("Edge cases")
struct EdgeCaseTests {
  // MARK: Descriptions

  @Test("A description shows at most 100 elements, then …, for every kind")
  func boundedDescriptions() {
    let hundred = (0..<100).map { String($0) }.joined(separator: ", ")
    let huge = Seq(0..<Int.max)
    #expect(huge.description == "Seq(\(hundred), …)")
    #expect(Seq(0..<10_000_000).description == "Seq(\(hundred), …)")
    #expect(Seq(0...10_000_000).description == "Seq(\(hundred), …)")
    let array = Seq(Array(0..<1_000_000))
    #expect(array.description == "Seq(\(hundred), …)")
    let memo = Seq(0..<1000).map { $0 }
    _ = memo.array
    #expect(memo.description == "Seq(\(hundred), …)")
    #expect(dynamicSeq(Array(0..<1000)).eager.description == "Seq(\(hundred), …)")
    let string = String(repeating: "ab", count: 1000).seq
    #expect(string.description.count < 400)
    #expect(string.description.hasSuffix(", …)"))
    #expect(Seq.repeating(7, count: 1_000_000).description.hasSuffix("7, 7, …)"))
    #expect(huge.debugDescription.hasPrefix("Seq<Int>(0, 1, 2"))
    #expect(huge.debugDescription.hasSuffix("99, …)"))
  }

  @Test("Exactly 100 known elements are shown whole, without …")
  func exactlyHundred() {
    let hundred = (0..<100).map { String($0) }.joined(separator: ", ")
    #expect(Seq(0..<100).description == "Seq(\(hundred))")
    #expect(Seq(Array(0..<100)).description == "Seq(\(hundred))")
    #expect(Seq(0..<101).description == "Seq(\(hundred), …)")
  }

  @Test("A description still evaluates nothing")
  func descriptionEvaluatesNothing() {
    let calls = CallCounter()
    let mapped = Seq(0..<1000).map { calls.tick($0) }
    #expect(mapped.description == "Seq(…)")
    _ = mapped.take(3).array
    #expect(mapped.description == "Seq(0, 1, 2, …)")
    #expect(calls.count == 3)
  }

  // MARK: skip by index

  @Test("skip on a range or a repetition moves by index")
  func skipRange() {
    #expect(Seq(0..<Int.max).skip(Int.max / 2).head == Int.max / 2)
    #expect(Seq(0..<Int.max).skip(Int.max - 1).array == [Int.max - 1])
    #expect(Seq(0..<Int.max).skip(Int.max).isEmpty)
    #expect(Seq(5...Int.max / 2).skip(10).skip(Int.max / 4).head == 5 + 10 + Int.max / 4)
    #expect(Seq.repeating(1, count: Int.max).skip(Int.max - 2).array == [1, 1])
    #expect(Seq.repeating(1).skip(Int.max).take(2).array == [1, 1])
    #expect(Seq(0..<10).skip(20).isEmpty)
  }

  @Test("skip on an array or an evaluated memo moves by index")
  func skipEvaluated() {
    #expect(Seq(Array(0..<10)).skip(Int.max).isEmpty)
    #expect(Seq(Array(0..<10)).skip(7).array == [7, 8, 9])
    let calls = CallCounter()
    let memo = Seq(0..<100_000).map { calls.tick($0) }
    _ = memo.array
    #expect(calls.count == 100_000)
    #expect(memo.skip(99_998).array == [99_998, 99_999])
    #expect(memo.skip(Int.max).isEmpty)
    #expect(memo.tail.skip(50_000).head == 50_001)
    #expect(calls.count == 100_000)
  }

  @Test("skip past the evaluated part of a memo evaluates only what it skips")
  func skipPartlyEvaluated() {
    let calls = CallCounter()
    let memo = Seq(0..<100).map { calls.tick($0) }
    _ = memo.take(10).array
    let skipped = memo.skip(20)
    #expect(calls.count == 10, "skip evaluated ahead of demand")
    #expect(skipped.head == 20)
    #expect(calls.count == 21)
    #expect(memo.skip(5).skip(30).head == 35)
    #expect(skipped.array == Array(20..<100))
  }

  @Test("skip through a dynamic sequence reaching a range jumps in the range")
  func skipIntoRange() {
    let seq = Seq(head: { -1 }, tail: { Seq(0..<Int.max) })
    #expect(seq.skip(Int.max / 2).head == Int.max / 2 - 1)
  }

  // MARK: Empty dynamic sequences

  @Test("An empty dynamic sequence has an empty tail whichever is read first")
  func emptyDynamicTailFirst() {
    let tailFirst = Seq<Int>(head: { nil }, tail: { [1, 2] })
    #expect(tailFirst.tail.isEmpty)
    #expect(tailFirst.tail.array == [])
    #expect(tailFirst.isEmpty)
    let headFirst = Seq<Int>(head: { nil }, tail: { [1, 2] })
    #expect(headFirst.isEmpty)
    #expect(headFirst.tail.isEmpty)
    let calls = CallCounter()
    let counted = Seq<Int>(head: { calls.tick(nil) }, tail: { calls.tick([1, 2]) })
    #expect(counted.tail.isEmpty)
    #expect(calls.count == 1, "the tail block ran for an empty sequence")
    #expect(counted.tail.array == [] && calls.count == 1)
  }

  @Test("A non-empty dynamic sequence's tail is its tail block's result")
  func nonEmptyDynamicTailFirst() {
    let seq = Seq<Int>(head: { 0 }, tail: { [1, 2] })
    #expect(seq.tail.array == [1, 2])
    #expect(seq.array == [0, 1, 2])
  }
}

/// Holds a sequence so that its own definition can refer to it.
private final class SelfReference: @unchecked Sendable {
  var fibs: Seq<Int> = .empty
}

@Suite("Edge cases: self-referential concatenations")
struct SelfReferentialConcatConcurrencyTests {
  /// fibs = [0, 1] + zip(fibs, fibs.tail).map(+), with `sums` the part.
  private func fibonacci() -> (fibs: Seq<Int>, sums: Seq<Int>) {
    let box = SelfReference()
    // `fibs` from `offset` on, read only when first demanded.
    func later(_ offset: Int) -> Seq<Int> {
      Seq(head: { box.fibs.skip(offset).head }, tail: { box.fibs.skip(offset).tail })
    }
    let sums = later(0).zip(with: later(1)).map { $0 + $1 }
    box.fibs = Seq([0, 1]) + sums
    return (box.fibs, sums)
  }

  @Test("A part that demands its own concatenation can be walked first")
  func partFirst() {
    let (fibs, sums) = fibonacci()
    #expect(sums.take(8).array == [1, 2, 3, 5, 8, 13, 21, 34])
    #expect(fibs.take(10).array == [0, 1, 1, 2, 3, 5, 8, 13, 21, 34])
  }

  @Test("A self-referential concatenation can be walked first")
  func concatenationFirst() {
    let (fibs, sums) = fibonacci()
    #expect(fibs.take(10).array == [0, 1, 1, 2, 3, 5, 8, 13, 21, 34])
    #expect(sums.take(8).array == [1, 2, 3, 5, 8, 13, 21, 34])
  }

  @Test("Shared, walked from several threads at once, from its start and from the part")
  func concurrently() async {
    let expected = [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610]
    for _ in 0..<20 {
      let fibs = Seq.Shared(fibonacci().fibs)
      let results = await runConcurrently(threads: 4) { index in
        index.isMultiple(of: 2) ? fibs.seq.take(16).array : [0, 1] + fibs.seq.skip(2).take(14).array
      }
      #expect(results.allSatisfy { $0 == expected })
    }
  }
}
