// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// Equality (structural, symmetric across every kind), hashing (consistent with
// equality, covering every element), Codable (encoded as an array) and the
// descriptions (which never evaluate anything). The exact description format
// is the implementation's choice: the tests assert only that evaluated
// elements are shown, unevaluated ones are not, and nothing is evaluated.

import Foundation
import LazySeq
import LazySeqTestSupport
import Testing

@Suite("Equality, hashing, coding and descriptions")
struct EqualityHashingCodingTests {
  // MARK: Equality

  @Test("Equality is symmetric across every kind", arguments: [[], [0], [0, 1], [0, 1, 2], [2, 1, 0, 1]])
  func equalAcrossKinds(values: [Int]) {
    var kinds = constructions(of: values)
    kinds.append((name: "concat of justs", seq: values.reduce(Seq<Int>.empty) { $0 + .just($1) }))
    kinds.append((name: "literal", seq: Seq(values).eager.lazy))
    if values.isEmpty {
      kinds.append((name: "empty", seq: .empty))
      kinds.append((name: "dynamic nil head", seq: Seq(head: { nil })))
    }
    if values.count == 1 {
      kinds.append((name: "just", seq: .just(values[0])))
      kinds.append((name: "dynamic head only", seq: Seq(head: { values[0] })))
    }
    for (leftName, left) in kinds {
      for (rightName, right) in kinds {
        #expect(left == right, "\(leftName) == \(rightName)")
        #expect(!(left != right), "\(leftName) != \(rightName)")
        #expect(left.hashValue == right.hashValue, "hash \(leftName) vs \(rightName)")
      }
    }
  }

  @Test("Different values are unequal in both directions, across kinds")
  func unequalAcrossKinds() {
    let variants: [[Int]] = [[], [0], [1], [0, 1], [1, 0], [0, 1, 2], [0, 1, 3], [0, 0, 0]]
    for (i, a) in variants.enumerated() {
      for (j, b) in variants.enumerated() where i != j {
        for (leftName, left) in constructions(of: a) {
          for (rightName, right) in constructions(of: b) {
            #expect(left != right, "\(leftName) \(a) vs \(rightName) \(b)")
            #expect(right != left, "\(rightName) \(b) vs \(leftName) \(a)")
          }
        }
      }
    }
    #expect(Seq<Int>.empty != .just(0))
    #expect(Seq.just(0) != .empty)
    #expect(Seq.just(0) != [0, 0])
    #expect([0, 0] != Seq.just(0))
  }

  @Test("Equality stops at the first difference, also on infinite sequences")
  func equalityStopsEarly() {
    let heads = CallCounter()
    let counted = dynamicSeq(Array(0..<100)).map { heads.tick($0) }
    #expect(counted != Seq([0, 1, 2, 99]))
    #expect(heads.count <= 4)
    #expect(Seq.iterate(0) { $0 + 1 } != Seq([0, 1, 5]))
    #expect(Seq([0, 1, 5]) != Seq.iterate(0) { $0 + 1 })
    #expect(Seq.iterate(0) { $0 + 1 } != Seq([0, 1, 2]))
  }

  @Test("Equality of strings is by grapheme cluster")
  func stringEquality() {
    #expect("e\u{301}".seq == "\u{E9}".seq)
    #expect("abc".seq == Seq<Character>(["a", "b", "c"]))
    #expect("abc".seq != "abd".seq)
    #expect("abc".seq.hashValue == Seq<Character>(["a", "b", "c"]).hashValue)
  }

  // MARK: Hashing

  @Test("Hashing covers every element, not only the head")
  func hashCoversEveryElement() {
    var hashes = Set<Int>()
    for last in 0..<16 {
      hashes.insert(Seq([1, 2, 3, last]).hashValue)
    }
    #expect(hashes.count > 1, "sequences differing only in their last element all hash alike")
    var lengthHashes = Set<Int>()
    for count in 1...16 {
      lengthHashes.insert(Seq(Array(repeating: 7, count: count)).hashValue)
    }
    #expect(lengthHashes.count > 1, "sequences differing only in length all hash alike")
  }

  @Test("Sequences work as set members and dictionary keys")
  func hashedCollections() {
    let set: Set<Seq<Int>> = [
      Seq([1, 2]), dynamicSeq([1, 2]), streamWithValues([1, 2]), .just(1), .empty, [],
    ]
    #expect(set.count == 3)
    #expect(set.contains(singlePassSeq([1, 2])))
    #expect(set.contains(Seq(head: { 1 })))
    #expect(!set.contains([2, 1]))
    var dictionary: [Seq<Int>: String] = [:]
    dictionary[Seq([0, 1])] = "a"
    dictionary[dynamicSeq([0, 1])] = "b"
    #expect(dictionary.count == 1)
    #expect(dictionary[streamWithValues([0, 1])] == "b")
  }

  // MARK: Codable

  @Test("Codable round trip, encoded as an array", arguments: [[], [0], [3, 1, 2], Array(0..<100)])
  func codableRoundTrip(values: [Int]) throws {
    for (name, seq) in constructions(of: values) {
      let data = try JSONEncoder().encode(seq)
      #expect(try JSONDecoder().decode([Int].self, from: data) == values, "\(name)")
      let decoded = try JSONDecoder().decode(Seq<Int>.self, from: data)
      #expect(decoded == seq, "\(name)")
      #expect(decoded.array == values, "\(name)")
    }
  }

  @Test("Decoding an array, and coding nested sequences")
  func decodeArray() throws {
    let decoded = try JSONDecoder().decode(Seq<String>.self, from: Data(#"["a","b"]"#.utf8))
    #expect(decoded == ["a", "b"])
    let nested: Seq<Seq<Int>> = [[1, 2], [], [3]]
    let data = try JSONEncoder().encode(nested)
    #expect(try JSONDecoder().decode([[Int]].self, from: data) == [[1, 2], [], [3]])
    #expect(try JSONDecoder().decode(Seq<Seq<Int>>.self, from: data) == nested)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Seq<Int>.self, from: Data(#"{"head":1}"#.utf8))
    }
  }

  // MARK: Descriptions

  @Test("Descriptions never evaluate anything")
  func descriptionsDoNotEvaluate() {
    let heads = CallCounter()
    let tails = CallCounter()
    let dynamic = Seq<Int>(head: { heads.tick(111) }, tail: { tails.tick(.just(222)) })
    _ = dynamic.description
    _ = dynamic.debugDescription
    _ = String(describing: dynamic)
    _ = String(reflecting: dynamic)
    _ = "\(dynamic)"
    #expect(heads.count == 0)
    #expect(tails.count == 0)

    let maps = CallCounter()
    let mapped: Seq<Int> = Seq([111, 222, 333]).map { maps.tick($0) }
    #expect(!mapped.description.contains("111"))
    #expect(maps.count == 0)
    #expect(mapped.take(2).array == [111, 222])
    #expect(maps.count == 2)
    for text in [mapped.description, mapped.debugDescription, "\(mapped)"] {
      #expect(text.contains("111"), "\(text)")
      #expect(text.contains("222"), "\(text)")
      #expect(!text.contains("333"), "an unevaluated element is shown: \(text)")
    }
    #expect(maps.count == 2)

    #expect(mapped.array == [111, 222, 333])
    #expect(mapped.description.contains("333"))
    #expect(maps.count == 3)
  }

  @Test("Descriptions of an infinite sequence show only what was evaluated")
  func infiniteDescription() {
    let naturals = Seq.iterate(1_001) { $0 + 1 }.map { $0 }
    #expect(naturals.take(2).array == [1_001, 1_002])
    let text = naturals.description
    #expect(text.contains("1001"))
    #expect(text.contains("1002"))
    #expect(!text.contains("1003"))
  }

  @Test("Descriptions of fully evaluated sequences show their elements")
  func evaluatedDescriptions() {
    #expect(Seq([404, 505]).eager.description.contains("404"))
    #expect(Seq([404, 505]).eager.description.contains("505"))
    let strings = Seq(["alpha", "beta"]).eager
    #expect(strings.description.contains("alpha"))
    #expect(strings.debugDescription.contains("beta"))
    #expect(!Seq<Int>.empty.description.isEmpty)
  }
}
