// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

/*:
 [Previous](@previous)

 # Operators

 Every operator returns a new lazy `Seq`; the closure you give it runs at most
 once per element that is demanded. The names are ReactiveCocoa's.
 */
import LazySeq

let numbers = Seq(1...6)
print(numbers.map { $0 * 10 }.array)  // [10, 20, 30, 40, 50, 60]
print(numbers.filter { $0.isMultiple(of: 3) }.array)  // [3, 6]
print(numbers.compactMap { $0 > 4 ? "#\($0)" : nil }.array)  // ["#5", "#6"]
print(numbers.flatMap { Seq.repeating($0, count: $0) }.take(6).array)  // [1, 2, 2, 3, 3, 3]
print(Seq([[1, 2], [], [3]].map(Seq.init)).flatten().array)  // [1, 2, 3]
print(numbers.mapReplace("x").array)  // ["x", "x", "x", "x", "x", "x"]
print(Seq([1, 0, 2, 0]).ignore(0).array)  // [1, 2]
print(numbers.startWith(0).take(3).array)  // [0, 1, 2]
//: ## Taking and skipping
print(numbers.skip(4).array, numbers.take(2).array)  // [5, 6] [1, 2]
print(numbers.take(while: { $0 < 3 }).array)  // [1, 2]
print(numbers.take(until: { $0 == 3 }).array)  // [1, 2]
print(numbers.skip(while: { $0 < 5 }).array)  // [5, 6]
print(numbers.skip(until: { $0 == 5 }).array)  // [5, 6]
//: ## Combining
print(Seq([1, 2]).concat([3]).array, (Seq([1]) + Seq([2])).array)  // [1, 2, 3] [1, 2]
print(Seq<Int>.concat([Seq([1]), Seq([2, 3])]).array)  // [1, 2, 3]
print(Seq(["a", "b"]).zip(with: numbers).array.map { "\($0)\($1)" })  // ["a1", "b2"]
print(Seq<Int>.zip([Seq([1, 2]), Seq([10, 20]), Seq([100, 200])]).array)  // [[1, 10, 100], [2, 20, 200]]
//: ## Running state
print(numbers.scan(start: 0, reduce: +).array)  // [1, 3, 6, 10, 15, 21]
print(numbers.scan(start: "") { text, value, index in text + "\(index):\(value) " }.array.last!)  // 0:1 1:2 2:3 3:4 4:5 5:6
print(numbers.combinePrevious(start: 0) { $1 - $0 }.array)  // [1, 1, 1, 1, 1, 1]
print(Seq([1, 1, 2, 2, 2, 1]).distinctUntilChanged().array)  // [1, 2, 1]
/*:
 ## bind, the primitive

 `bind` is the monadic primitive the others can be written with (RAC
 `-bind:`). The factory runs once per evaluation, so state lives inside it;
 the binder may stop the result early.
 */
let untilSumOver10 = numbers.bind { () -> (Int, inout Bool) -> Seq<Int>? in
  var sum = 0
  return { value, stop in
    sum += value
    stop = sum > 10
    return .just(value)
  }
}
print(untilSumOver10.array)  // [1, 2, 3, 4, 5]
/*:
 ## Folds and queries

 `foldLeft` evaluates everything; `foldRight` is lazy: its reducer gets the
 rest of the fold as a closure and may not call it.
 */
print(numbers.foldLeft(start: 0, reduce: +))  // 21
let naturals = Seq.iterate(1) { $0 + 1 }
print(naturals.foldRight(start: 0) { value, rest in value > 3 ? value : rest() })  // 4
print(numbers.any { $0 > 5 }, numbers.all { $0 > 0 })  // true true
//: [Next: Laziness & Memoization](@next)
