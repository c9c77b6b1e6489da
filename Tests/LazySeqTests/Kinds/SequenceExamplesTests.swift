// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// RAC 2.5's RACSequenceExamples (E1, E2, E6–E12) applied to every kind of
// sequence.
//
// E3–E5 convert a sequence to a signal; they belong to the LazySeqSignals
// tests. E9 (`copy` returns the same object) becomes: a copy is equal and
// copying evaluates nothing. E10 (keyed archiving) becomes a JSON round trip
// through `Codable`, where the element type is `Codable`.
//
// Every example runs twice for each kind: once on a fresh sequence per
// example, and once with all examples sharing one sequence (memoization must
// not change any answer).

import Foundation
import LazySeq
import LazySeqTestSupport
import Testing

// MARK: - The examples

/// E1, E2, E11, E12 — for any element type, compared with `areEquivalent`.
func checkBasicExamples<Element>(
  _ make: @escaping () -> Seq<Element>,
  _ expected: [Element],
  by areEquivalent: (Element, Element) -> Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let shared = make()
  for (label, get) in [("fresh", make), ("shared", { shared })] as [(String, () -> Seq<Element>)] {
    // E1: for-in collects exactly the values.
    var walked: [Element] = []
    for element in get() {
      walked.append(element)
    }
    expectEqualSequences(
      walked, expected, by: areEquivalent, "E1 for-in (\(label))", sourceLocation: sourceLocation)

    // E1 bis: the head/tail walk agrees.
    expectEqualSequences(
      headTailWalk(get()), expected, by: areEquivalent, "E1 head/tail (\(label))",
      sourceLocation: sourceLocation)

    // E2: array.
    expectEqualSequences(
      get().array, expected, by: areEquivalent, "E2 array (\(label))", sourceLocation: sourceLocation)

    // E11: foldRight rebuilds the sequence (forces the whole right fold).
    let rebuiltRight = get().foldRight(start: Seq<Element>.empty) { first, rest in rest().startWith(first) }
    expectEqualSequences(
      rebuiltRight.array, expected, by: areEquivalent, "E11 foldRight (\(label))",
      sourceLocation: sourceLocation)

    // E12: foldLeft rebuilds the sequence with nested concats.
    let rebuiltLeft = get().foldLeft(start: Seq<Element>.empty) { accumulated, x in
      accumulated.concat(Seq.just(x))
    }
    expectEqualSequences(
      rebuiltLeft.array, expected, by: areEquivalent, "E12 foldLeft (\(label))",
      sourceLocation: sourceLocation)
  }
}

/// E1, E2, E6–E9, E11, E12 for hashable elements.
func checkHashableExamples<Element: Hashable>(
  _ make: @escaping () -> Seq<Element>,
  _ expected: [Element],
  outsider: Element,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  checkBasicExamples(make, expected, by: ==, sourceLocation: sourceLocation)
  let shared = make()
  for (label, get) in [("fresh", make), ("shared", { shared })] as [(String, () -> Seq<Element>)] {
    let seq = get()
    // E6: equal to itself.
    #expect(seq == seq, "E6 (\(label))", sourceLocation: sourceLocation)

    // E7: equal to the same values built with left-nested concats, with the same hash.
    let rebuilt = streamWithValues(expected)
    #expect(seq == rebuilt, "E7 (\(label))", sourceLocation: sourceLocation)
    #expect(rebuilt == seq, "E7 symmetric (\(label))", sourceLocation: sourceLocation)
    #expect(seq.hashValue == rebuilt.hashValue, "E7 hash (\(label))", sourceLocation: sourceLocation)

    // E8: not equal to different values.
    #expect(seq != .just(outsider), "E8 (\(label))", sourceLocation: sourceLocation)
    #expect(Seq<Element>.just(outsider) != seq, "E8 symmetric (\(label))", sourceLocation: sourceLocation)
    #expect(seq != Seq(expected + [outsider]), "E8 longer (\(label))", sourceLocation: sourceLocation)
    #expect(
      Seq(expected + [outsider]) != seq, "E8 longer symmetric (\(label))", sourceLocation: sourceLocation)
    if !expected.isEmpty {
      #expect(seq != Seq(expected.dropLast()), "E8 shorter (\(label))", sourceLocation: sourceLocation)
      #expect(
        seq != Seq(expected.dropLast() + [outsider]), "E8 last differs (\(label))",
        sourceLocation: sourceLocation)
    }

    // E9: a copy is equal.
    let copy = seq
    #expect(copy == seq, "E9 (\(label))", sourceLocation: sourceLocation)
  }
}

/// All the examples, including E10, for hashable and codable elements.
func checkExamples<Element: Hashable & Codable>(
  _ make: @escaping () -> Seq<Element>,
  _ expected: [Element],
  outsider: Element,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  checkHashableExamples(make, expected, outsider: outsider, sourceLocation: sourceLocation)
  let shared = make()
  for (label, get) in [("fresh", make), ("shared", { shared })] as [(String, () -> Seq<Element>)] {
    // E10: archive and unarchive; encoded as an array.
    do {
      let data = try JSONEncoder().encode(get())
      #expect(!data.isEmpty, "E10 data (\(label))", sourceLocation: sourceLocation)
      let decoded = try JSONDecoder().decode(Seq<Element>.self, from: data)
      #expect(decoded == get(), "E10 round trip (\(label))", sourceLocation: sourceLocation)
      expectEqualSequences(decoded.array, expected, "E10 values (\(label))", sourceLocation: sourceLocation)
      let asArray = try JSONDecoder().decode([Element].self, from: data)
      #expect(asArray == expected, "E10 encoded as an array (\(label))", sourceLocation: sourceLocation)
    } catch {
      Issue.record(error, "E10 (\(label))", sourceLocation: sourceLocation)
    }
  }
}

/// Compares dictionary elements.
func samePair(_ a: (key: String, value: String), _ b: (key: String, value: String)) -> Bool {
  a.key == b.key && a.value == b.value
}

/// Compares `Any` elements by type and description.
private func sameDescriptionAndType(_ a: Any, _ b: Any) -> Bool {
  String(describing: a) == String(describing: b) && type(of: a) == type(of: b)
}

// MARK: - Kinds of sequence with Int elements

/// A named way of building a fresh sequence of known values.
struct IntSeqCase: Sendable, CustomTestStringConvertible {
  let name: String
  let expected: [Int]
  let make: @Sendable () -> Seq<Int>

  var testDescription: String { name }
}

private func dynamicZeroThenOne() -> Seq<Int> {
  Seq(head: { 0 }, tail: { .just(1) })
}

private let intCases: [IntSeqCase] = [
  IntSeqCase(name: "empty", expected: []) { .empty },
  IntSeqCase(name: "init()", expected: []) { Seq() },
  IntSeqCase(name: "just", expected: [0]) { .just(0) },
  IntSeqCase(name: "array literal", expected: [0, 1, 2]) { [0, 1, 2] },
  IntSeqCase(name: "array 0..<100", expected: Array(0..<100)) { Seq(Array(0..<100)) },
  IntSeqCase(name: "empty array", expected: []) { [Int]().seq },
  IntSeqCase(name: "range", expected: Array(0..<10)) { (0..<10).seq },
  IntSeqCase(name: "array slice", expected: [2, 3, 4]) { Array(0..<10)[2..<5].seq },
  IntSeqCase(name: "single-pass iterator", expected: [0, 1, 2, 3, 4]) { singlePassSeq([0, 1, 2, 3, 4]) },
  IntSeqCase(name: "empty single-pass iterator", expected: []) { singlePassSeq([]) },
  IntSeqCase(name: "tuple of 2", expected: [0, 1]) { Seq(tuple: (0, 1)) },
  IntSeqCase(name: "tuple of 3", expected: [0, 1, 2]) { Seq(tuple: (0, 1, 2)) },
  IntSeqCase(name: "tuple of 4", expected: [0, 1, 2, 3]) { Seq(tuple: (0, 1, 2, 3)) },
  IntSeqCase(name: "tuple of 5", expected: [0, 1, 2, 3, 4]) { Seq(tuple: (0, 1, 2, 3, 4)) },
  IntSeqCase(name: "tuple of 6", expected: [0, 1, 2, 3, 4, 5]) { Seq(tuple: (0, 1, 2, 3, 4, 5)) },
  IntSeqCase(name: "index set 0..<10", expected: Array(0..<10)) { IndexSet(0..<10).seq },
  IntSeqCase(name: "empty index set", expected: []) { IndexSet().seq },
  IntSeqCase(name: "index set of ranges", expected: [1, 2, 5, 7, 8, 9]) {
    var indexes = IndexSet(1...2)
    indexes.insert(5)
    indexes.insert(integersIn: 7...9)
    return indexes.seq
  },
  IntSeqCase(name: "dynamic 0 then just 1", expected: [0, 1], make: dynamicZeroThenOne),
  IntSeqCase(name: "dynamic with default tail", expected: [7]) { Seq(head: { 7 }) },
  IntSeqCase(name: "dynamic with nil head", expected: []) { Seq(head: { nil }, tail: { .just(1) }) },
  IntSeqCase(name: "dynamic chain of 100", expected: Array(0..<100)) { dynamicSeq(Array(0..<100)) },
  IntSeqCase(name: "eager of dynamic", expected: [0, 1]) { dynamicZeroThenOne().lazy.eager },
  IntSeqCase(name: "eager of array", expected: Array(0..<100)) { Seq(Array(0..<100)).eager },
  IntSeqCase(name: "eager mapped", expected: [1, 2, 3]) { Seq([0, 1, 2]).eager.map { $0 + 1 } },
  IntSeqCase(name: "eager then lazy", expected: [0, 1]) { dynamicZeroThenOne().eager.lazy },
  IntSeqCase(name: "iterate then take", expected: [1, 2, 4, 8, 16]) { Seq.iterate(1) { $0 * 2 }.take(5) },
  IntSeqCase(name: "unfold", expected: [0, 1, 2, 3]) {
    Seq.unfold(0) { (state: inout Int) -> Int? in
      guard state < 4 else { return nil }
      defer { state += 1 }
      return state
    }
  },
  IntSeqCase(name: "repeating with count", expected: [3, 3, 3]) { .repeating(3, count: 3) },
  IntSeqCase(name: "repeating zero times", expected: []) { .repeating(3, count: 0) },
  IntSeqCase(name: "repeating forever then take", expected: [3, 3, 3, 3]) { Seq.repeating(3).take(4) },
  IntSeqCase(name: "cycled then take", expected: [0, 1, 2, 0, 1, 2, 0]) { Seq([0, 1, 2]).cycled().take(7) },
  IntSeqCase(name: "cycled empty", expected: []) { Seq<Int>.empty.cycled() },
  IntSeqCase(name: "concat of justs", expected: [0, 1, 2]) { Seq.just(0) + .just(1) + .just(2) },
  IntSeqCase(name: "left-nested concat of 100", expected: Array(0..<100)) {
    streamWithValues(Array(0..<100))
  },
  IntSeqCase(name: "right-nested concat", expected: [0, 1, 2, 3]) {
    Seq.just(0).concat(Seq.just(1).concat(Seq([2]).concat(.just(3))))
  },
  IntSeqCase(name: "static concat with empties", expected: [0, 1, 2, 3]) {
    let parts: [Seq<Int>] = [.empty, [0, 1], .empty, .just(2), dynamicSeq([3]), .empty]
    return Seq<Int>.concat(parts)
  },
  IntSeqCase(name: "mapped and filtered", expected: [0, 4, 8]) {
    Seq(0..<6).map { $0 * 2 }.filter { $0.isMultiple(of: 4) }
  },
  IntSeqCase(name: "operators on just", expected: [10]) { Seq.just(5).map { $0 * 2 } },
]

@Suite("Sequence examples (RACSequenceExamples E1, E2, E6–E12)")
struct SequenceExamplesTests {
  @Test("Every kind of Int sequence", arguments: intCases)
  func intKinds(_ kind: IntSeqCase) {
    checkExamples(kind.make, kind.expected, outsider: -1)
  }

  @Test("Strings walk by grapheme cluster")
  func string() {
    checkHashableExamples({ "foobar".seq }, Array("foobar"), outsider: "x")
    checkHashableExamples({ "".seq }, [], outsider: "x")
    checkHashableExamples(
      { "\u{2665}\u{FE0F}\u{2666}\u{FE0F}".seq }, ["\u{2665}\u{FE0F}", "\u{2666}\u{FE0F}"], outsider: "x")
    checkHashableExamples(
      { "e\u{301}t\u{E9}\u{1F1EB}\u{1F1F7}".seq }, ["e\u{301}", "t", "\u{E9}", "\u{1F1EB}\u{1F1F7}"],
      outsider: "x")
    checkHashableExamples({ "xfoobar".dropFirst().seq }, Array("foobar"), outsider: "x")
  }

  @Test("Sequences of strings (dictionary keys and values)")
  func dictionaryKeysAndValues() {
    let dictionary = ["foo": "bar", "baz": "buzz", "5": "null"]
    checkExamples({ dictionary.keys.seq }, Array(dictionary.keys), outsider: "x")
    checkExamples({ dictionary.values.seq }, Array(dictionary.values), outsider: "x")
  }

  @Test("Sequences of dictionary pairs")
  func dictionaryPairs() {
    let dictionary = ["foo": "bar", "baz": "buzz", "5": "null"]
    checkBasicExamples({ dictionary.seq }, Array(dictionary), by: samePair)
  }

  @Test("Heterogeneous tuples")
  func heterogeneousTuple() {
    let expected: [Any] = [1, "two", 3.0]
    checkBasicExamples({ Seq<Any>(tuple: (1, "two", 3.0)) }, expected, by: sameDescriptionAndType)
    let withNil: [Any] = ["foo", String?.none as Any, "bar"]
    checkBasicExamples({ Seq<Any>(tuple: ("foo", String?.none, "bar")) }, withNil, by: sameDescriptionAndType)
  }

  @Test("Sequences of sequences and of optionals")
  func nestedElements() {
    checkExamples({ Seq([[0, 1], [], [2]]) }, [[0, 1], [], [2]], outsider: [9])
    checkExamples({ Seq<Int?>([nil, 1, nil]) }, [nil, 1, nil], outsider: 5)
  }
}
