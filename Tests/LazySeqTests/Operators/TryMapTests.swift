// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// tryMap: a lazy map whose closure may throw. The first thrown error ends the
// result, and `failure` on the result reports it. A throwing closure given to
// `map`, `filter`, `compactMap` or `flatMap` is lazy the same way (never the
// standard library's eager form, which would return an Array and never
// return on an infinite sequence).

import LazySeq
import Testing

private struct Stop: Error, Equatable {
  let at: Int
}

/// Throws `Stop(at: x)` when `x` is `at`; returns `x * 10` otherwise.
private func tenfold(_ x: Int, stoppingAt at: Int) throws -> Int {
  if x == at { throw Stop(at: x) }
  return x * 10
}

@Suite("tryMap and throwing closures")
struct TryMapTests {
  @Test("tryMap is lazy and runs its closure at most once per element")
  func lazyAndMemoized() {
    var calls = 0
    let result = Seq(0..<10).tryMap { x -> Int in
      calls += 1
      return try tenfold(x, stoppingAt: -1)
    }
    #expect(calls == 0)
    #expect(result.head == 0)
    #expect(calls == 1)
    #expect(result.take(3).array == [0, 10, 20])
    #expect(calls == 3)
    #expect(result.array == [0, 10, 20, 30, 40, 50, 60, 70, 80, 90])
    #expect(result.array.count == 10)
    #expect(calls == 10)
    #expect(result.failure == nil)
  }

  @Test("The first thrown error ends the result, and failure reports it")
  func firstErrorEnds() throws {
    var calls = 0
    let result = Seq(0..<10).tryMap { x -> Int in
      calls += 1
      return try tenfold(x, stoppingAt: 3)
    }
    #expect(result.take(2).array == [0, 10])
    #expect(result.failure == nil)
    #expect(result.array == [0, 10, 20])
    #expect(calls == 4)
    #expect(result.failure as? Stop == Stop(at: 3))
    #expect(result.tail.failure as? Stop == Stop(at: 3))
    #expect(throws: Stop(at: 3)) { try result.checkedArray() }
    #expect(result.array == [0, 10, 20])
    #expect(calls == 4)
  }

  @Test("tryMap over an infinite sequence stops at the first error")
  func infiniteSource() {
    let result = Seq.iterate(0) { $0 + 1 }.tryMap { try tenfold($0, stoppingAt: 5) }
    #expect(result.array == [0, 10, 20, 30, 40])
    #expect(result.failure as? Stop == Stop(at: 5))
    var walked: [Int] = []
    for x in Seq.iterate(0, { $0 + 1 }).tryMap({ try tenfold($0, stoppingAt: 4) }) { walked.append(x) }
    #expect(walked == [0, 10, 20, 30])
  }

  @Test("tryMap on an eager sequence evaluates now and still reports the error")
  func eagerSource() {
    var calls = 0
    let result = Seq([1, 2, 3, 4]).eager.tryMap { x -> Int in
      calls += 1
      return try tenfold(x, stoppingAt: 3)
    }
    #expect(calls == 3)
    #expect(result.isEager)
    #expect(result.failure as? Stop == Stop(at: 3))
    #expect(result.array == [10, 20])
  }

  @Test("A throwing closure given to map, filter, compactMap or flatMap gives a lazy Seq")
  @available(*, deprecated, message: "calls the throwing-closure overloads on purpose")
  func throwingClosuresStayLazy() {
    let naturals = Seq.iterate(0) { $0 + 1 }
    let mapped: Seq<Int> = naturals.map { try tenfold($0, stoppingAt: 3) }
    #expect(mapped.array == [0, 10, 20])
    #expect(mapped.failure as? Stop == Stop(at: 3))

    let filtered: Seq<Int> = naturals.filter { try tenfold($0, stoppingAt: 5) % 20 == 0 }
    #expect(filtered.array == [0, 2, 4])
    #expect(filtered.failure as? Stop == Stop(at: 5))

    let compacted: Seq<Int> = naturals.compactMap { x in
      try tenfold(x, stoppingAt: 4) % 20 == 0 ? x : nil
    }
    #expect(compacted.array == [0, 2])
    #expect(compacted.failure as? Stop == Stop(at: 4))

    let flattened: Seq<Int> = naturals.flatMap { x in
      Seq.repeating(try tenfold(x, stoppingAt: 3), count: x)
    }
    #expect(flattened.array == [10, 20, 20])
    #expect(flattened.failure as? Stop == Stop(at: 3))

    let flattenedArrays: Seq<Int> = naturals.flatMap { x in
      [x, try tenfold(x, stoppingAt: 2)]
    }
    #expect(flattenedArrays.array == [0, 0, 1, 10])
    #expect(flattenedArrays.failure as? Stop == Stop(at: 2))
  }

  @Test("Non-throwing closures still reach the plain operators")
  func nonThrowingInference() {
    let mapped = Seq(0...).map { $0 + 1 }
    #expect(type(of: mapped) == Seq<Int>.self)
    #expect(mapped.failure == nil)
    let described = Seq([1, 2]).map { x in
      let doubled = x * 2
      return String(doubled)
    }
    #expect(type(of: described) == Seq<String>.self)
    #expect(type(of: Seq([1, 2]).map(String.init)) == Seq<String>.self)
    #expect(type(of: Seq([1, 2]).filter { $0 > 1 }) == Seq<Int>.self)
    #expect(type(of: Seq([1, 2]).compactMap { $0 > 1 ? $0 : nil }) == Seq<Int>.self)
    #expect(type(of: Seq([1, 2]).flatMap { [$0, $0] }) == Seq<Int>.self)
    let array: [Int] = Seq([1, 2]).map { $0 * 3 }.array
    #expect(array == [3, 6])
  }
}
