// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Every public name and signature of module LazySeq (Docs/Seq.md), used as written,
// with explicit types so that a renamed or reshaped member fails to compile.

import Foundation
import LazySeq
import LazySeqTestSupport
import Testing

@Suite("API contract: module LazySeq")
struct APIContractTests {
  @Test("Head and tail members")
  func headAndTail() {
    let s: Seq<Int> = [1, 2, 3]
    let head: Int? = s.head
    let tail: Seq<Int> = s.tail
    let uncons: (head: Int, tail: Seq<Int>)? = s.uncons
    let isEmpty: Bool = s.isEmpty
    let array: [Int] = s.array
    var iterator: Seq<Int>.Iterator = s.makeIterator()
    #expect(head == 1)
    #expect(tail.array == [2, 3])
    #expect(uncons?.head == 1 && uncons?.tail.array == [2, 3])
    #expect(!isEmpty)
    #expect(array == [1, 2, 3])
    #expect(iterator.next() == 1)
    #expect(Seq<Int>.empty.tail.isEmpty)
  }

  @Test("Constructors of every kind")
  func kinds() {
    let empty: Seq<Int> = .empty
    let empty2 = Seq<Int>()
    let unary: Seq<Int> = .just(1)
    let fromArray: Seq<Int> = Seq([1, 2])
    let viaProperty: Seq<Int> = [1, 2].seq
    let singlePass: Seq<Int> = Seq(AnySequence { [1, 2].makeIterator() })
    let string: Seq<Character> = "ab".seq
    let substring: Seq<Character> = "xab".dropFirst().seq
    let tuple2: Seq<Int> = Seq(tuple: (1, 2))
    let tuple3: Seq<Int> = Seq(tuple: (1, 2, 3))
    let tuple4: Seq<Int> = Seq(tuple: (1, 2, 3, 4))
    let tuple5: Seq<Int> = Seq(tuple: (1, 2, 3, 4, 5))
    let tuple6: Seq<Int> = Seq(tuple: (1, 2, 3, 4, 5, 6))
    let anyTuple: Seq<Any> = Seq<Any>(tuple: (1, "two", 3.0))
    let indexSet: Seq<Int> = IndexSet([1, 5]).seq
    let dynamic: Seq<Int> = Seq(head: { 1 }, tail: { .just(2) })
    let dynamicNoTail: Seq<Int> = Seq(head: { 1 })
    let eager: Seq<Int> = fromArray.eager
    let lazy: Seq<Int> = eager.lazy
    let iterate: Seq<Int> = .iterate(1) { $0 * 2 }
    let unfold: Seq<Int> = .unfold(3) { (n: inout Int) -> Int? in
      defer { n -= 1 }
      return n > 0 ? n : nil
    }
    let repeating: Seq<Int> = .repeating(7, count: 2)
    let repeatingForever: Seq<Int> = .repeating(7)
    let cycled: Seq<Int> = fromArray.cycled()
    #expect(empty.array.isEmpty && empty2.array.isEmpty)
    #expect(unary.array == [1])
    #expect(fromArray.array == [1, 2] && viaProperty.array == [1, 2] && singlePass.array == [1, 2])
    #expect(string.array == ["a", "b"] && substring.array == ["a", "b"])
    #expect(tuple2.array == [1, 2] && tuple3.array.count == 3 && tuple4.array.count == 4)
    #expect(tuple5.array.count == 5 && tuple6.array.count == 6)
    #expect(anyTuple.array.count == 3)
    #expect(indexSet.array == [1, 5])
    #expect(dynamic.array == [1, 2] && dynamicNoTail.array == [1])
    #expect(eager.isEager && !lazy.isEager)
    #expect(iterate.take(4).array == [1, 2, 4, 8])
    #expect(unfold.array == [3, 2, 1])
    #expect(repeating.array == [7, 7] && repeatingForever.take(3).array == [7, 7, 7])
    #expect(cycled.take(5).array == [1, 2, 1, 2, 1])
  }

  @Test("Seq.repeating inside a closure infers the element type from the value")
  func repeatingInference() {
    let counted = Seq([1, 2, 3]).flatMap { Seq.repeating($0, count: $0) }
    #expect(type(of: counted) == Seq<Int>.self)
    #expect(counted.array == [1, 2, 2, 3, 3, 3])
    let forever = Seq(["a", "b"]).flatMap { Seq.repeating($0).take(2) }
    #expect(type(of: forever) == Seq<String>.self)
    #expect(forever.array == ["a", "a", "b", "b"])
    let mapped = Seq([4, 5]).map { Seq.repeating($0, count: 2) }
    #expect(type(of: mapped) == Seq<Seq<Int>>.self)
  }

  @Test("Operators with their contract shapes")
  func operators() {
    let s: Seq<Int> = [1, 2, 3, 4]
    let bound: Seq<String> = s.bind { () -> (Int, inout Bool) -> Seq<String>? in
      { value, stop in
        stop = value == 2
        return .just("\(value)")
      }
    }
    let flatMapped: Seq<Int> = s.flatMap { (x: Int) -> Seq<Int> in [x, x] }
    let flatMappedSequence: Seq<Int> = s.flatMap { (x: Int) -> [Int] in [x] }
    let nested: Seq<Seq<Int>> = [[1], [2, 3]]
    let flattened: Seq<Int> = nested.flatten()
    let mapped: Seq<String> = s.map { String($0) }
    let compact: Seq<Int> = s.compactMap { $0 > 2 ? $0 : nil }
    let replaced: Seq<String> = s.mapReplace("x")
    let filtered: Seq<Int> = s.filter { $0 > 2 }
    let ignored: Seq<Int> = s.ignore(2)
    let started: Seq<Int> = s.startWith(0)
    let skipped: Seq<Int> = s.skip(1)
    let taken: Seq<Int> = s.take(2)
    let zipped: Seq<(Int, String)> = s.zip(with: mapped)
    let zippedMany = Seq.zip([s, s])  // Element inferred from the arguments
    let concatenated: Seq<Int> = s.concat([5])
    let plus: Seq<Int> = s + [5]
    let concatMany = Seq.concat([s, [5]])
    let scanned: Seq<Int> = s.scan(start: 0, reduce: +)
    let scannedIndex: Seq<Int> = s.scan(start: 0, reduceWithIndex: { $0 + $1 + $2 })
    let previous: Seq<Int> = s.combinePrevious(start: 0) { $0 + $1 }
    let takeUntil: Seq<Int> = s.take(until: { $0 > 2 })
    let takeWhile: Seq<Int> = s.take(while: { $0 < 3 })
    let skipUntil: Seq<Int> = s.skip(until: { $0 > 2 })
    let skipWhile: Seq<Int> = s.skip(while: { $0 < 3 })
    let distinct: Seq<Int> = Seq([1, 1, 2]).distinctUntilChanged()
    #expect(bound.array == ["1", "2"])
    #expect(flatMapped.array == [1, 1, 2, 2, 3, 3, 4, 4] && flatMappedSequence.array == [1, 2, 3, 4])
    #expect(flattened.array == [1, 2, 3])
    #expect(mapped.array == ["1", "2", "3", "4"] && compact.array == [3, 4])
    #expect(replaced.array == ["x", "x", "x", "x"] && filtered.array == [3, 4])
    #expect(ignored.array == [1, 3, 4] && started.array == [0, 1, 2, 3, 4])
    #expect(skipped.array == [2, 3, 4] && taken.array == [1, 2])
    #expect(zipped.array.map { "\($0)\($1)" } == ["11", "22", "33", "44"])
    let _: (Seq<[Int]>, Seq<Int>) = (zippedMany, concatMany)
    #expect(zippedMany.array == [[1, 1], [2, 2], [3, 3], [4, 4]])
    #expect(concatenated.array == [1, 2, 3, 4, 5] && plus == concatenated && concatMany == plus)
    #expect(scanned.array == [1, 3, 6, 10] && scannedIndex.array == [1, 4, 9, 16])
    #expect(previous.array == [1, 3, 5, 7])
    #expect(takeUntil.array == [1, 2] && takeWhile.array == [1, 2])
    #expect(skipUntil.array == [3, 4] && skipWhile.array == [3, 4])
    #expect(distinct.array == [1, 2])
  }

  @Test("Folds and queries")
  func folds() {
    let s: Seq<Int> = [1, 2, 3]
    let left: Int = s.foldLeft(start: 0, reduce: { (acc: Int, x: Int) -> Int in acc - x })
    let right: Int = s.foldRight(start: 0, reduce: { (x: Int, rest: () -> Int) -> Int in x - rest() })
    let any: Bool = s.any { $0 > 2 }
    let all: Bool = s.all { $0 > 0 }
    #expect(left == -6 && right == 2 && any && all)
    #expect(s.first(where: { $0 > 1 }) == 2 && s.contains(3) && s.reduce(0, +) == 6)
  }

  @Test("Conformances")
  func conformances() throws {
    let s: Seq<Int> = [1, 2]
    let hashable: Set<Seq<Int>> = [s, Seq(head: { 1 }, tail: { [2] })]
    let data = try JSONEncoder().encode(s)
    let decoded = try JSONDecoder().decode(Seq<Int>.self, from: data)
    let description: String = s.description
    let debugDescription: String = s.debugDescription
    #expect(hashable.count == 1)
    #expect(String(decoding: data, as: UTF8.self) == "[1,2]" && decoded == s)
    #expect(description == "Seq(1, 2)" && debugDescription.contains("1"))
  }
}
