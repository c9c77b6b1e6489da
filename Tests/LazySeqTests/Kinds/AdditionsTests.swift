// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// RAC 2.5's RACSequenceAdditionsSpec and NSEnumeratorRACSequenceAdditionsSpec
// (A1–A12), adapted to the Swift constructors: `.seq` on arrays, dictionaries
// (pairs, keys, values), sets, strings and substrings, index sets, and `Seq`
// over a single-pass iterator.
//
// Fixes from the porting notes: the immutability checks mutate the source with
// a genuinely new element (RAC added 6 to 0..<100); grapheme clusters are
// checked for head/tail, for-in and `array` alike, not only `array`.
// A6 (NSOrderedSet) has no standard-library counterpart and is left out.
// Memory use of the index-set walk (O(number of ranges)) is not asserted
// (a copying implementation would only be slower, not wrong).

import Foundation
import LazySeq
import LazySeqTestSupport
import Testing

@Suite("Sequence additions (RACSequenceAdditionsSpec A1–A12)")
struct AdditionsTests {
  // MARK: Arrays

  @Test("A1 arrays satisfy the sequence examples") func array() {
    checkExamples({ Array(0..<100).seq }, Array(0..<100), outsider: 100)
    checkExamples({ Seq(Array(0..<100)) }, Array(0..<100), outsider: 100)
  }

  @Test("A2 a sequence is a snapshot of its array") func arrayImmutability() {
    var source = Array(0..<100)
    let viaProperty = source.seq
    let viaInit = Seq(source)
    source.append(100)
    source[0] = -1
    checkExamples({ viaProperty }, Array(0..<100), outsider: 100)
    checkExamples({ viaInit }, Array(0..<100), outsider: 100)
  }

  @Test("A3 iterating after zipping 16 elements") func iterateAfterZip() {
    let zeros = Array(repeating: 0, count: 16)
    let zipped = Seq<Int>.zip([zeros.seq, zeros.seq]).map { $0[0] }
    var collected: [Int] = []
    for value in zipped {
      collected.append(value)
    }
    #expect(collected == zeros)
    let pairs = zeros.seq.zip(with: zeros.seq)
    var count = 0
    for pair in pairs {
      #expect(pair.0 == 0 && pair.1 == 0)
      count += 1
    }
    #expect(count == 16)
  }

  // MARK: Dictionaries

  private static let dictionary = ["foo": "bar", "baz": "buzz", "5": "null"]

  @Test("A4 dictionaries: pairs, keys and values") func dictionary() {
    let dictionary = Self.dictionary
    checkBasicExamples({ dictionary.seq }, Array(dictionary), by: samePair)
    checkExamples({ dictionary.keys.seq }, Array(dictionary.keys), outsider: "x")
    checkExamples({ dictionary.values.seq }, Array(dictionary.values), outsider: "x")
  }

  @Test("A5 dictionary sequences are snapshots") func dictionaryImmutability() {
    var dictionary = Self.dictionary
    let original = dictionary
    let pairs = dictionary.seq
    let keys = dictionary.keys.seq
    let values = dictionary.values.seq
    dictionary["foo"] = "rab"
    dictionary["6"] = "7"
    #expect(dictionary.count == 4)
    checkBasicExamples({ pairs }, Array(original), by: samePair)
    checkExamples({ keys }, Array(original.keys), outsider: "6")
    checkExamples({ values }, Array(original.values), outsider: "rab")
  }

  // MARK: Sets

  @Test("A7 sets, in the set's own order, as snapshots") func set() {
    var source = Set(0..<100)
    let seq = source.seq
    let expected = Array(source)
    source.insert(100)
    source.remove(0)
    checkExamples({ seq }, expected, outsider: 100)
    // Two equal sets may iterate in different orders: compare with the same instance.
    let other = Set(0..<100)
    checkExamples({ other.seq }, Array(other), outsider: 100)
  }

  // MARK: Strings

  @Test("A8 strings, as snapshots") func string() {
    var source = "foobar"
    let seq = source.seq
    source.append("buzz")
    checkHashableExamples({ seq }, ["f", "o", "o", "b", "a", "r"], outsider: "z")
    checkHashableExamples({ "foobar".seq }, ["f", "o", "o", "b", "a", "r"], outsider: "z")
  }

  @Test("A8 substrings") func substring() {
    let source = "say foobar!"
    let substring = source.dropFirst(4).dropLast()
    checkHashableExamples({ substring.seq }, ["f", "o", "o", "b", "a", "r"], outsider: "!")
  }

  @Test(
    "A9 grapheme clusters are the same for head/tail, for-in and array",
    arguments: [
      ("\u{2665}\u{FE0F}\u{2666}\u{FE0F}", ["\u{2665}\u{FE0F}", "\u{2666}\u{FE0F}"]),
      ("e\u{301}a", ["e\u{301}", "a"]),
      ("\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}", ["\u{1F1EB}\u{1F1F7}", "\u{1F1E9}\u{1F1EA}"]),
      ("\u{1F469}\u{200D}\u{1F4BB}!", ["\u{1F469}\u{200D}\u{1F4BB}", "!"]),
      ("\r\n", ["\r\n"]),
    ] as [(String, [Character])])
  func graphemeClusters(string: String, expected: [Character]) {
    let seq = string.seq
    #expect(seq.head == expected.first)
    #expect(seq.tail.head == expected.dropFirst().first)
    #expect(seq.tail.tail.isEmpty == (expected.count <= 2))
    #expect(headTailWalk(seq) == expected)
    var iterated: [Character] = []
    for character in seq {
      iterated.append(character)
    }
    #expect(iterated == expected)
    #expect(seq.array == expected)
    #expect(Array(seq) == expected)
    #expect(seq.array.map { String($0) }.joined() == string)
  }

  // MARK: Tuples

  @Test("A10 homogeneous tuples") func homogeneousTuple() {
    let pair: Seq<Int> = Seq(tuple: (1, 2))
    #expect(pair.array == [1, 2])
    let strings: Seq<String> = Seq(tuple: ("a", "b", "c", "d", "e", "f"))
    #expect(strings.array == ["a", "b", "c", "d", "e", "f"])
    let optionals: Seq<Int?> = Seq(tuple: (1, nil, 3))
    #expect(optionals.array == [1, nil, 3])
  }

  @Test("A10 tuples of anything, including nils") func anyTuple() {
    let seq = Seq<Any>(tuple: ("foo", String?.none, "bar", 4, Int?.none))
    let elements = seq.array
    #expect(elements.count == 5)
    #expect(headTailWalk(seq).count == 5)
    #expect(elements[0] as? String == "foo")
    #expect(elements[2] as? String == "bar")
    #expect(elements[3] as? Int == 4)
    #expect(String(describing: elements[1]) == "nil")
    #expect(String(describing: elements[4]) == "nil")
    let mixed = Seq<Any>(tuple: (1, "two", 3.0))
    #expect(mixed.array.count == 3)
    #expect(mixed.head as? Int == 1)
    #expect(mixed.tail.head as? String == "two")
    #expect(mixed.tail.tail.head as? Double == 3.0)
    #expect(mixed.tail.tail.tail.isEmpty)
  }

  // MARK: Index sets

  @Test("A11 index sets, as snapshots") func indexSet() {
    var indexes = IndexSet(integersIn: 0..<10)
    let seq = indexes.seq
    indexes.insert(20)
    indexes.remove(3)
    checkExamples({ seq }, Array(0..<10), outsider: 20)
    checkExamples({ IndexSet().seq }, [], outsider: 20)
  }

  @Test("A11 index sets of several ranges") func indexSetRanges() {
    var indexes = IndexSet()
    indexes.insert(integersIn: 3..<6)
    indexes.insert(10)
    indexes.insert(integersIn: 1_000..<1_003)
    checkExamples({ indexes.seq }, Array(indexes), outsider: 4)
    #expect(indexes.seq.array == [3, 4, 5, 10, 1_000, 1_001, 1_002])
  }

  @Test("A11 a large index set is walked lazily") func indexSetLarge() {
    let indexes = IndexSet(integersIn: 5..<10_000_000)
    #expect(indexes.seq.take(3).array == [5, 6, 7])
    #expect(indexes.seq.head == 5)
    #expect(indexes.seq.skip(2).head == 7)
  }

  // MARK: Single-pass sources

  @Test("A12 single-pass iterators") func singlePass() {
    checkExamples({ singlePassSeq([0, 1, 2, 3, 4]) }, [0, 1, 2, 3, 4], outsider: 5)
  }

  @Test("A12 a single-pass source is pulled one element per demand, once") func singlePassPulls() {
    let pulls = CallCounter()
    var index = 0
    let iterator = AnyIterator<Int> {
      pulls.increment()
      guard index < 5 else { return nil }
      defer { index += 1 }
      return index
    }
    let seq = Seq(AnySequence(iterator))
    #expect(pulls.count == 0)
    #expect(seq.head == 0)
    #expect(pulls.count == 1)
    #expect(seq.tail.head == 1)
    #expect(pulls.count == 2)
    #expect(seq.array == [0, 1, 2, 3, 4])
    let afterFirstWalk = pulls.count
    #expect(afterFirstWalk == 6)
    #expect(seq.array == [0, 1, 2, 3, 4])
    #expect(Array(seq) == [0, 1, 2, 3, 4])
    #expect(seq.tail.tail.array == [2, 3, 4])
    #expect(pulls.count == afterFirstWalk)
  }

  @Test("A12 an infinite single-pass source") func infiniteSinglePass() {
    var next = 0
    let naturals = Seq(
      AnySequence(
        AnyIterator<Int> {
          defer { next += 1 }
          return next
        }))
    #expect(naturals.take(4).array == [0, 1, 2, 3])
    #expect(naturals.skip(2).take(2).array == [2, 3])
    #expect(naturals.take(6).array == [0, 1, 2, 3, 4, 5])
  }
}
