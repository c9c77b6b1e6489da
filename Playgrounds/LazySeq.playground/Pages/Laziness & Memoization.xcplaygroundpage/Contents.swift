// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/*:
 [Previous](@previous)

 # Laziness and memoization

 Two promises, made visible here by counting closure calls:

 - **Lazy**: a closure given to an operator runs only for the elements that
   are demanded, never ahead of time.
 - **Memoized**: it runs at most once per element, however many times and
   from however many threads the sequence is walked.
 */
import LazySeq

var mapCalls = 0
let squares = Seq.iterate(1) { $0 + 1 }.map { value -> Int in
  mapCalls += 1
  return value * value
}
print(mapCalls)  // 0: building the sequence runs nothing
print(squares.take(3).array, mapCalls)  // [1, 4, 9] 3
print(squares.take(3).array, mapCalls)  // [1, 4, 9] 3: memoized
print(squares.head!, mapCalls)  // 1 3
print(squares.take(4).array, mapCalls)  // [1, 4, 9, 16] 4: one more call
/*:
 The description shows what is already known and never evaluates more.
 */
print(squares)  // Seq(1, 4, 9, 16, …)
/*:
 `take(n)` never evaluates the element after the `n`th, so a filter over an
 infinite sequence stops as soon as it has enough.
 */
var tested = 0
let multiplesOf7 = Seq.iterate(1) { $0 + 1 }.filter { value in
  tested += 1
  return value.isMultiple(of: 7)
}
print(multiplesOf7.take(2).array, tested)  // [7, 14] 14
/*:
 ## Sharing across threads

 A `Seq` belongs to the code that builds it; `Seq.Shared` shares one memo
 between threads. When several threads demand the same element, one of them
 computes it and the others wait for the result; the closure still runs once.
 (On a playground page, code is main-actor code, where a closure literal
 belongs to the main actor: `@Sendable` lets the sequence move into the
 `Seq.Shared`.)
 */
import Dispatch
import Synchronization

let runs = Atomic<Int>(0)
let shared = Seq.Shared(
  Seq(0..<1_000).map { @Sendable value -> Int in
    runs.add(1, ordering: .relaxed)
    return value * 2
  })
let totals = Mutex<[Int]>([])
DispatchQueue.concurrentPerform(iterations: 8) { _ in
  let total = shared.reduce(0, +)
  totals.withLock { $0.append(total) }
}
print(Set(totals.withLock { $0 }), runs.load(ordering: .relaxed))  // [999000] 1000
/*:
 ## Lazy right fold

 `foldRight` hands its reducer the rest of the fold as a closure; a reducer
 that does not call it stops the walk, even on an infinite sequence.
 */
var seen = 0
let firstOver50 = Seq.iterate(1) { $0 * 3 }.map { value -> Int in
  seen += 1
  return value
}.foldRight(start: 0) { value, rest in value > 50 ? value : rest() }
print(firstOver50, seen)  // 81 5
//: [Next: Signals](@next)
