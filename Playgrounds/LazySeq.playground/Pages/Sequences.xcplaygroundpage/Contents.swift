// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/*:
 # Sequences

 A `Seq` is an immutable list made of a **head** (the first element) and a
 **tail** (everything else). It is *lazy*: nothing is computed until you ask
 for it. It is *memoized*: each element is computed at most once, however
 many times the sequence is walked.

 This is ReactiveCocoa's `RACSequence`, in Swift.
 */
import LazySeq

let numbers: Seq<Int> = [1, 2, 3]
print(numbers.head as Any)  // Optional(1)
print(numbers.tail)  // Seq(2, 3)
/*:
 The tail of the empty sequence is the empty sequence, never `nil`, so you can
 keep asking for tails safely.
 */
print(numbers.tail.tail.tail.tail.isEmpty)  // true

if let (first, rest) = numbers.uncons {
  print(first, rest.array)  // 1 [2, 3]
}
/*:
 ## A first pipeline

 ReactiveCocoa's README shows a collection transformation: keep the strings
 that are at least two characters long and append `"foobar"` to each.
 */
let strings: Seq<String> = ["A", "BB", "CCC", "D"]
let results = strings.filter { $0.count >= 2 }.map { $0 + "foobar" }
/*:
 Building `results` ran nothing. Its description never evaluates anything
 either: it shows what is known so far.
 */
print(results)  // Seq(…)
print(results.array)  // ["BBfoobar", "CCCfoobar"]
print(results)  // Seq(BBfoobar, CCCfoobar)
/*:
 `Seq` is a Swift `Sequence`: `for`-`in`, `reduce`, `contains`, `first(where:)`
 all work and pull only what they need.
 */
for word in results {
  print(word)
}
print(numbers.reduce(0, +))  // 6
//: [Next: Kinds](@next)
