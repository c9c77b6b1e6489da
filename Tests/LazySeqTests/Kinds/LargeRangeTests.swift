// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// A range with more elements than `Int.max` (`Int.min..<Int.max`,
// `0...Int.max`) is a valid range: `Seq(range)` walks it lazily like any
// other, without counting it first, and `skip` still moves by index.

import LazySeq
import Testing

@Suite("Ranges with more than Int.max elements")
struct LargeRangeTests {
  @Test("Seq(Int.min..<Int.max) walks lazily: head, tail, take, iteration")
  func halfOpenFullRange() {
    let all = Seq(Int.min..<Int.max)
    #expect(all.head == Int.min)
    #expect(all.tail.head == Int.min + 1)
    #expect(all.take(3).array == [Int.min, Int.min + 1, Int.min + 2])
    var walked: [Int] = []
    for x in all {
      walked.append(x)
      if walked.count == 3 { break }
    }
    #expect(walked == [Int.min, Int.min + 1, Int.min + 2])
    #expect(headTailWalk(all, limit: 3) == [Int.min, Int.min + 1, Int.min + 2])
    #expect(!all.isEmpty)
  }

  @Test("skip moves by index through the whole range, to its last element")
  func skipThroughFullRange() {
    let all = Seq(Int.min..<Int.max)
    // Int.min + Int.max == -1.
    #expect(all.skip(Int.max).head == -1)
    #expect(all.skip(Int.max - 1).take(3).array == [-2, -1, 0])
    #expect(all.skip(Int.max - 1).tail.head == -1)
    // 2 × Int.max + 1 values.
    #expect(all.skip(Int.max).skip(Int.max - 1).array == [Int.max - 2, Int.max - 1])
    #expect(all.skip(Int.max).skip(Int.max).array == [Int.max - 1])
    #expect(all.skip(Int.max).skip(Int.max).tail.isEmpty)
    #expect(all.skip(Int.max).skip(Int.max).skip(1).isEmpty)
    #expect(all.skip(Int.max / 2).skip(Int.max).skip(Int.max / 2 + 1).array == [Int.max - 1])
  }

  @Test("Closed ranges and ranges built with .seq")
  func closedAndDotSeq() {
    let naturals = Seq(0...Int.max)
    #expect(naturals.take(3).array == [0, 1, 2])
    #expect(naturals.skip(Int.max).array == [Int.max])
    #expect(naturals.skip(Int.max - 1).array == [Int.max - 1, Int.max])
    #expect((-2..<Int.max).seq.take(3).array == [-2, -1, 0])
    #expect((-2..<Int.max).seq.skip(Int.max).array == [Int.max - 2, Int.max - 1])
    #expect((0...Int.max).seq.skip(Int.max).array == [Int.max])
    let every = Seq(Int.min...Int.max)
    #expect(every.skip(Int.max).skip(Int.max).array == [Int.max - 1, Int.max])
  }

  @Test("Unsigned and 128-bit ranges")
  func otherWidths() {
    let unsigned = Seq(0...UInt64.max)
    #expect(unsigned.take(2).array == [0, 1])
    #expect(unsigned.skip(Int.max).skip(Int.max).skip(1).array == [UInt64.max])
    let wide = Seq(Int128.min..<Int128.max)
    #expect(wide.head == Int128.min)
    #expect(wide.skip(Int.max).head == Int128.min + Int128(Int.max))
    #expect(
      wide.skip(Int.max).skip(Int.max).skip(Int.max).take(2).array == [
        Int128.min + 3 * Int128(Int.max), Int128.min + 3 * Int128(Int.max) + 1,
      ])
  }

  @Test("Descriptions show the first elements, across the range's inner boundaries")
  func descriptions() {
    let all = Seq(Int.min..<Int.max)
    #expect(all.description.hasPrefix("Seq(-9223372036854775808, -9223372036854775807, "))
    #expect(all.description.hasSuffix(", …)"))
    // Int.min + Int.max - 2 == -3.
    let nearMiddle = all.skip(Int.max - 2).description
    #expect(nearMiddle.hasPrefix("Seq(-3, -2, -1, 0, 1, 2, "))
    #expect(nearMiddle.hasSuffix(", 96, …)"))
  }

  @Test("Small integer types count their ranges exactly")
  func smallWidths() {
    #expect(Seq(Int8.min...Int8.max).array == Array(Int8.min...Int8.max))
    #expect(Seq(UInt8.min...UInt8.max).array == Array(UInt8.min...UInt8.max))
    #expect(Seq(Int8(-3)..<Int8(3)).array == [-3, -2, -1, 0, 1, 2])
    #expect(Seq(5..<5).isEmpty)
    #expect(Seq(Int.max...Int.max).array == [Int.max])
    #expect(Seq(Int.max - 2...Int.max).array == [Int.max - 2, Int.max - 1, Int.max])
  }
}
