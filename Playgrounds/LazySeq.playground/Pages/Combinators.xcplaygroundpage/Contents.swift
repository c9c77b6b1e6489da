// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/*:
 [Previous](@previous)

 # Combinators

 Scala's `LazyList` and swift-algorithms vocabulary, lazy and memoized like
 every other operator: each closure runs at most once per element, the
 results can be walked many times, and they work on infinite sequences
 where that makes sense.
 */
import LazySeq

let naturals = Seq.iterate(0) { $0 + 1 }
//: ## Grouping and sliding
print(Seq(1...7).chunks(ofCount: 3).array)  // [[1, 2, 3], [4, 5, 6], [7]]
print(naturals.windows(ofCount: 3).take(2).array)  // [[0, 1, 2], [1, 2, 3]]
let movingAverage = naturals.windows(ofCount: 4).map { Double($0.reduce(0, +)) / 4 }
print(movingAverage.take(3).array)  // [1.5, 2.5, 3.5]
// A window is a view of a buffer its neighbours share (no copy per
// window); its indices start at 0.
print(naturals.windows(ofCount: 2).map { $0[1] * $0[0] }.take(3).array)  // [0, 2, 6]
//: ## Numbering, separating, pairing to the longest
for (offset, word) in Seq(["zero", "one"]).enumerated() { print(offset, word) }
// 0 zero
// 1 one
print(Seq(["a", "b", "c"]).interspersed(with: "/").array.joined())  // a/b/c
let pairs = Seq([1, 2, 3]).zipLongest(with: Seq(["x"]))
print(pairs.array.map { "\($0.map(String.init) ?? "_")\($1 ?? "_")" })  // ["1x", "2_", "3_"]
//: ## Partitioning: one evaluation for both sides
var tested = 0
let (odd, even) = naturals.take(10).partitioned(by: { value in
  tested += 1
  return value.isMultiple(of: 2)
})
print(even.array, odd.array, tested)  // [0, 2, 4, 6, 8] [1, 3, 5, 7, 9] 10
//: ## Removing repeats
print(Seq([3, 1, 3, 2, 1]).uniqued().array)  // [3, 1, 2]
print(naturals.uniqued(on: { $0 / 10 }).take(3).array)  // [0, 10, 20]
//: ## Both ends, and repetition
print(naturals.dropLast(3).take(4).array)  // [0, 1, 2, 3]
print(Seq(1...10).takeLast(3).array)  // [8, 9, 10]
print(Seq(["tick", "tock"]).cycled(times: 2).array)  // ["tick", "tock", "tick", "tock"]
