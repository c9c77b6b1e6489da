// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/*:
 [Previous](@previous)

 # Kinds of sequence

 Every `Seq` behaves the same whatever made it, but the way it was made decides
 what it costs.
 */
import Foundation
import LazySeq

//: Empty and unary (RAC `+empty`, `+return:`).
print(Seq<Int>.empty, Seq.just("one"))  // Seq() Seq(one)
/*:
 ## From collections and single-pass sources

 A collection is snapshotted: later changes to it are not seen. Ranges are not
 even copied.
 */
var source = [1, 2, 3]
let snapshot = Seq(source)
source.append(4)
print(snapshot.array)  // [1, 2, 3]
print((1...1_000_000_000).seq.take(3).array)  // [1, 2, 3]
/*:
 A single-pass source (an iterator) is pulled one element per demand and
 memoized, so the `Seq` can be walked again.
 */
var counter = 0
let pulled = Seq(IteratorSequence(AnyIterator<Int> {
  counter += 1
  return counter <= 3 ? counter : nil
}))
print(pulled.head!, counter)  // 1 1
print(pulled.array, pulled.array)  // [1, 2, 3] [1, 2, 3]
/*:
 ## Strings, tuples and index sets

 Strings are walked by grapheme cluster (what a reader calls a character).
 */
print("👍🏽ok".seq.array)  // ["👍🏽", "o", "k"]
print(Seq(tuple: (1, 2, 3)))  // Seq(1, 2, 3)
print(Seq<Any>(tuple: (1, "two", 3.0)).array.count)  // 3
var indexes = IndexSet(integersIn: 10..<13)
indexes.insert(100)
print(indexes.seq.array)  // [10, 11, 12, 100]
/*:
 ## Dynamic sequences

 A closure for the head and one for the tail (RAC
 `+sequenceWithHeadBlock:tailBlock:`). Each runs at most once, when first
 needed; a `nil` head ends the sequence.
 */
func countdown(_ n: Int) -> Seq<Int> {
  Seq(head: { n > 0 ? n : nil }, tail: { countdown(n - 1) })
}
print(countdown(3).array)  // [3, 2, 1]
/*:
 ## Generated sequences

 `iterate`, `unfold`, `repeating` and `cycled` make sequences that may be
 infinite; bound them with `take` before asking for everything.
 */
print(Seq.iterate(1) { $0 * 2 }.take(6).array)  // [1, 2, 4, 8, 16, 32]
let collatz = Seq<Int>.unfold(6) { n in
  guard n != 0 else { return nil }
  defer { n = n == 1 ? 0 : n.isMultiple(of: 2) ? n / 2 : 3 * n + 1 }
  return n
}
print(collatz.array)  // [6, 3, 10, 5, 16, 8, 4, 2, 1]
print(Seq.repeating("la", count: 3).array)  // ["la", "la", "la"]
print(Seq(["red", "green"]).cycled().take(3).array)  // ["red", "green", "red"]
/*:
 ## Eager sequences

 `eager` evaluates everything now, and operators on an eager sequence run at
 call time. `lazy` switches back.
 */
var mapped = 0
let eager = Seq([1, 2, 3]).eager.map { value -> Int in
  mapped += 1
  return value * 2
}
print(mapped, eager)  // 3 Seq(2, 4, 6)
//: [Next: Operators](@next)
