// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Helpers of the LazySeq tests: a head/tail walker, a unit value, and the same
// values built in many different ways. The generic helpers (sequence equality,
// counters, lifetime tracking, random inputs, threads) are in
// LazySeqTestSupport.

import Foundation
import LazySeq
import LazySeqTestSupport

/// Walks `seq` through `head` and `tail` only (the RAC `verifyValues` walker),
/// collecting at most `limit` elements.
func headTailWalk<Element>(_ seq: Seq<Element>, limit: Int = 10_000) -> [Element] {
  var result: [Element] = []
  var current = seq
  while let head = current.head, result.count < limit {
    result.append(head)
    current = current.tail
  }
  return result
}

/// RAC's `RACUnit`: a value carrying no information.
struct Unit: Hashable, Codable, Sendable, CustomStringConvertible {
  var description: String { "unit" }
}

let unit = Unit()

// MARK: - Constructions of the same values

/// A sequence made of fresh dynamic nodes, one per element, each built only
/// when the previous node's tail is demanded.
func dynamicSeq<Element>(_ elements: [Element], from index: Int = 0) -> Seq<Element> {
  guard index < elements.count else { return .empty }
  return Seq(head: { elements[index] }, tail: { dynamicSeq(elements, from: index + 1) })
}

/// RAC's `streamWithValues`: `empty ++ just(x0) ++ just(x1) ++ …`, left-nested.
func streamWithValues<Element>(_ elements: [Element]) -> Seq<Element> {
  elements.reduce(Seq<Element>.empty) { $0.concat(.just($1)) }
}

/// A sequence pulled from a single-pass iterator.
func singlePassSeq<Element>(_ elements: [Element]) -> Seq<Element> {
  var index = 0
  let iterator = AnyIterator<Element> {
    guard index < elements.count else { return nil }
    defer { index += 1 }
    return elements[index]
  }
  return Seq(AnySequence(iterator))
}

/// An infinite sequence of `value`, made of a fresh dynamic node per tail (no
/// self-loop, so laziness checks are not defeated by memoization). `counter`
/// counts head evaluations.
func infiniteSeq<Element>(_ value: Element, counter: CallCounter? = nil) -> Seq<Element> {
  Seq(
    head: {
      counter?.increment()
      return value
    },
    tail: { infiniteSeq(value, counter: counter) })
}

/// The same values built in many different ways, each lazy and fresh.
func constructions(of elements: [Int]) -> [(name: String, seq: Seq<Int>)] {
  [
    ("array", Seq(elements)),
    ("dot-seq", elements.seq),
    ("dynamic", dynamicSeq(elements)),
    ("concat chain", streamWithValues(elements)),
    ("single-pass", singlePassSeq(elements)),
    ("eager", dynamicSeq(elements).eager),
    ("eager-then-lazy", Seq(elements).eager.lazy),
    ("mapped", Seq(elements.map { $0 - 7 }).map { $0 + 7 }),
    (
      "unfold",
      Seq.unfold(0) { (index: inout Int) -> Int? in
        guard index < elements.count else { return nil }
        defer { index += 1 }
        return elements[index]
      }
    ),
  ]
}
