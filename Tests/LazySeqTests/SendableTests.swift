// The Sendable policy: `Seq` is Sendable when its elements are (checked at
// compile time here), and a Sendable `Seq` can be walked from several tasks.

import LazySeq
import Testing

private func requireSendable<T: Sendable>(_: T.Type) {}

@Suite("Sendable policy")
struct SendableTests {
  @Test("Seq of Sendable elements is Sendable and can be shared by tasks")
  func sendableWhenElementsAre() async {
    requireSendable(Seq<Int>.self)
    requireSendable(Seq<[String]>.self)
    requireSendable(Seq<Seq<Int>>.self)
    let squares = Seq(0..<1000).map { $0 * $0 }
    let sums = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<4 { group.addTask { squares.reduce(0, +) } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(sums == Array(repeating: (0..<1000).reduce(0) { $0 + $1 * $1 }, count: 4))
  }

  @Test("Both sides of a partition walked from several threads share one evaluation")
  func partitionedConcurrently() async {
    let calls = ConcurrentCounter()
    let (odd, even) = Seq(0..<20_000).partitioned(by: { value in
      calls.increment()
      return value.isMultiple(of: 2)
    })
    let sums = await runConcurrently(threads: 4) { index in
      (index.isMultiple(of: 2) ? even : odd).reduce(0, +)
    }
    let evenSum = stride(from: 0, to: 20_000, by: 2).reduce(0, +)
    let oddSum = stride(from: 1, to: 20_000, by: 2).reduce(0, +)
    #expect(sums == [evenSum, oddSum, evenSum, oddSum])
    #expect(calls.total == 20_000)
  }

  @Test("The static zip and concat work with the element type spelled out")
  func staticFormsWithElementType() {
    let a = Seq([1, 2])
    let b = Seq([10, 20])
    #expect(Seq<Int>.zip([a, b]).array == [[1, 10], [2, 20]])
    #expect(Seq<Int>.concat([a, b]).array == [1, 2, 10, 20])
  }
}
