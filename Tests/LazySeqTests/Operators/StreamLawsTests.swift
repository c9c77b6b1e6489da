// This source file is part of the LazySeq open source project
// Licensed under Apache License v2.0; see LICENSE.txt

// RAC 2.5's RACStreamExamples (S1–S59) for `Seq`.
//
// Values are read with the RAC walker (`head`/`tail` until the head is nil,
// `headTailWalk`) and, in addition, with `array`. Sequences of several values
// are built as in RAC with left-nested concats (`streamWithValues`). The
// infinite stream is a dynamic sequence that builds a fresh node for every
// tail (RAC used a self-loop, which memoization makes too weak a check).
//
// Adaptations: `reduceEach` (S59) becomes `map` over Swift tuples; `+zip:` and
// `+concat:` over an enumerator (S42, S43, S45) use single-pass sequences; S18
// (a block returning nil) uses `compactMap` and a `flatMap` returning an empty
// array; S23 (ignore by equality, not identity) uses a freshly built string.

import LazySeq
import LazySeqTestSupport
import Testing

/// Checks the values of `seq` through the head/tail walker and through `array`.
private func verify<Element: Equatable>(
  _ seq: Seq<Element>, _ expected: [Element], sourceLocation: SourceLocation = #_sourceLocation
) {
  expectEqualSequences(headTailWalk(seq), expected, "head/tail walk", sourceLocation: sourceLocation)
  expectEqualSequences(seq.array, expected, "array", sourceLocation: sourceLocation)
}

// Fresh streams on each use (a `Seq` belongs to one isolation domain, so a
// global one would not be concurrency-safe); a test that needs the same
// stream twice binds it to a local first.
private var one: Seq<String> { streamWithValues(["Ada", "Bob", "Dea"]) }
private var two: Seq<String> { streamWithValues(["eats", "cooks", "jumps"]) }
private var three: Seq<String> { streamWithValues(["fish", "bear", "rock"]) }
private var nowLater: Seq<String> { streamWithValues(["now", "later"]) }

private func pairs(_ seq: Seq<(String, String)>) -> [String] {
  seq.array.map { "\($0.0) \($0.1)" }
}

@Suite("Stream laws (RACStreamExamples S1–S59)")
struct StreamLawsTests {
  // MARK: Primitives

  @Test("S1 empty") func empty() {
    verify(Seq<Unit>.empty, [])
    verify(Seq<Unit>(), [])
  }

  @Test("S2 return") func just() {
    verify(Seq.just(unit), [unit])
  }

  @Test("S3 concat two") func concatTwo() {
    verify(Seq.just(0).concat(.just(1)), [0, 1])
    verify(Seq.just(0) + .just(1), [0, 1])
  }

  @Test("S4 concat three") func concatThree() {
    verify(Seq.just(0).concat(.just(1)).concat(.just(2)), [0, 1, 2])
    verify(Seq.just(0) + Seq.just(1) + Seq.just(2), [0, 1, 2])
  }

  @Test("S5 concat around empty") func concatAroundEmpty() {
    verify(Seq.just(0).concat(.empty).concat(.just(2)), [0, 2])
  }

  @Test("S6 flatten") func flatten() {
    let nested: Seq<Seq<Unit>> = .just(.just(unit))
    verify(nested.flatten(), [unit])
  }

  // MARK: bind

  @Test("S7 bind single") func bindSingle() {
    let bound: Seq<Int> = Seq.just(0).bind { { value, _ in .just(value + 1) } }
    verify(bound, [1])
  }

  @Test("S8 bind multiple") func bindMultiple() {
    let bound: Seq<Int> = streamWithValues([0, 1]).bind { { value, _ in .just(value + 1) } }
    verify(bound, [1, 2])
  }

  @Test("S9 bind with an empty result") func bindEmptyResult() {
    let bound: Seq<Int> = streamWithValues([0, 1, 2]).bind {
      { value, _ in value == 1 ? .empty : .just(value + 1) }
    }
    verify(bound, [1, 3])
  }

  @Test("S10 bind returning nil terminates an infinite stream") func bindNilTerminates() {
    let bound: Seq<Unit> = infiniteSeq(unit).bind { { (_: Unit, _: inout Bool) -> Seq<Unit>? in nil } }
    verify(bound, [])
  }

  @Test("S11 bind setting stop ends after that value") func bindStopAfterOne() {
    let bound: Seq<Unit> = infiniteSeq(unit).bind {
      { value, stop in
        stop = true
        return .just(value)
      }
    }
    verify(bound, [unit])
  }

  @Test("S12 bind setting stop and returning nil is empty") func bindNilAndStop() {
    let bound: Seq<Unit> = infiniteSeq(unit).bind {
      { (_: Unit, stop: inout Bool) -> Seq<Unit>? in
        stop = true
        return nil
      }
    }
    verify(bound, [])
  }

  private func countingBind(_ source: Seq<Int>) -> Seq<Int> {
    source.bind {
      var counter = 0
      return { _, _ in
        defer { counter += 1 }
        return .just(counter)
      }
    }
  }

  @Test("S13 restartable with block state") func restartable() {
    let counting = countingBind(streamWithValues([0, 1, 2]))
    verify(counting, [0, 1, 2])
    verify(counting, [0, 1, 2])
  }

  @Test("S14 interleavable with block state") func interleavable() {
    let counting = countingBind(streamWithValues([0, 1, 2]))
    let other = Seq<Int>.empty.concat(counting)
    let sums = Seq<Int>.zip([counting, other]).map { $0[0] + $0[1] }
    verify(sums, [0, 2, 4])
  }

  // MARK: flatMap, map, filter, ignore, startWith

  @Test("S15 flatMap single") func flatMapSingle() {
    let result: Seq<Int> = Seq.just(0).flatMap { Seq.just($0 + 1) }
    verify(result, [1])
  }

  @Test("S16 flatMap multiple") func flatMapMultiple() {
    let result: Seq<Int> = streamWithValues([0, 1]).flatMap { Seq.just($0 + 1) }
    verify(result, [1, 2])
  }

  @Test("S17 flatMap with an empty result") func flatMapEmptyResult() {
    let result: Seq<Int> = streamWithValues([0, 1, 2]).flatMap { $0 == 1 ? Seq.empty : Seq.just($0 + 1) }
    verify(result, [1, 3])
  }

  @Test("S18 a transform with no value is skipped") func flatMapNothing() {
    let viaSequence: Seq<Int> = streamWithValues([0, 1, 2]).flatMap { (x: Int) -> [Int] in
      x == 1 ? [] : [x + 1]
    }
    verify(viaSequence, [1, 3])
    let viaCompactMap: Seq<Int> = streamWithValues([0, 1, 2]).compactMap { $0 == 1 ? nil : $0 + 1 }
    verify(viaCompactMap, [1, 3])
  }

  @Test("S19 map") func map() {
    let result: Seq<Int> = streamWithValues([0, 1, 2]).map { $0 + 1 }
    verify(result, [1, 2, 3])
  }

  @Test("S20 mapReplace") func mapReplace() {
    verify(streamWithValues([0, 1, 2]).mapReplace(unit), [unit, unit, unit])
  }

  @Test("S21 filter") func filter() {
    let result: Seq<Int> = streamWithValues(Array(0...6)).filter { $0.isMultiple(of: 2) }
    verify(result, [0, 2, 4, 6])
  }

  @Test("S22 ignore a value") func ignore() {
    verify(streamWithValues(Array(0...6)).ignore(1), [0, 2, 3, 4, 5, 6])
  }

  @Test("S23 ignore compares by equality") func ignoreByEquality() {
    let strings = (0...6).map(String.init)
    var built = ""
    built.append("1")
    verify(streamWithValues(strings).ignore(built), ["0", "2", "3", "4", "5", "6"])
  }

  @Test("S24 startWith") func startWith() {
    verify(Seq.just(1).startWith(0), [0, 1])
  }

  // MARK: skip and take

  @Test("S25 skip valid counts", arguments: 0...2) func skip(count: Int) {
    verify(streamWithValues([0, 1, 2]).skip(count), Array([0, 1, 2].dropFirst(count)))
  }

  @Test("S26 skip too many") func skipTooMany() {
    verify(streamWithValues([0, 1, 2]).skip(4), [])
  }

  @Test("S27 take valid counts", arguments: 0...2) func take(count: Int) {
    verify(streamWithValues([0, 1, 2]).take(count), Array([0, 1, 2].prefix(count)))
  }

  @Test("S28 take too many") func takeTooMany() {
    verify(streamWithValues([0, 1, 2]).take(4), [0, 1, 2])
  }

  @Test("S29 take from an infinite stream", arguments: 0...2) func takeFromInfinite(count: Int) {
    verify(infiniteSeq(unit).take(count), Array(repeating: unit, count: count))
  }

  @Test("S30 take from a single value") func takeFromSingle() {
    verify(Seq.just(unit).take(1), [unit])
  }

  // MARK: zip

  @Test("S31 zipWith") func zipWith() {
    #expect(pairs(one.zip(with: two)) == ["Ada eats", "Bob cooks", "Dea jumps"])
  }

  @Test("S32 zipWith stops at the shorter side") func zipWithTruncates() {
    #expect(pairs(one.zip(with: nowLater)) == ["Ada now", "Bob later"])
    #expect(pairs(nowLater.zip(with: one)) == ["now Ada", "later Bob"])
  }

  @Test("S33 zipWith an infinite stream") func zipWithInfinite() {
    #expect(pairs(one.zip(with: infiniteSeq("unit"))) == ["Ada unit", "Bob unit", "Dea unit"])
    #expect(pairs(infiniteSeq("unit").zip(with: one)) == ["unit Ada", "unit Bob", "unit Dea"])
  }

  @Test("zipWith two infinite streams") func zipWithTwoInfinite() {
    let pairs = Seq.iterate(0) { $0 + 1 }.zip(with: Seq.iterate(0) { $0 + 2 }).take(3)
    #expect(pairs.array.map { "\($0.0) \($0.1)" } == ["0 0", "1 2", "2 4"])
  }

  @Test("S34 zipWith the same stream") func zipWithSelf() {
    let same = one
    #expect(pairs(same.zip(with: same)) == ["Ada Ada", "Bob Bob", "Dea Dea"])
  }

  private func joined(_ sequences: [Seq<String>]) -> [String] {
    Seq<String>.zip(sequences).map { $0.joined(separator: " ") }.array
  }

  @Test("S35 zip and reduce") func zipReduce() {
    #expect(joined([one, two, three]) == ["Ada eats fish", "Bob cooks bear", "Dea jumps rock"])
  }

  @Test("S36 zip and reduce stops at the shortest") func zipReduceTruncates() {
    #expect(joined([one, two, three, nowLater]) == ["Ada eats fish now", "Bob cooks bear later"])
  }

  @Test("S37 zip and reduce with an infinite stream") func zipReduceInfinite() {
    let firstThree = Seq<String>.zip([one, two, three, infiniteSeq("unit")]).map {
      $0.prefix(3).joined(separator: " ")
    }
    verify(firstThree, ["Ada eats fish", "Bob cooks bear", "Dea jumps rock"])
  }

  @Test("S38 zip and reduce with repeated streams") func zipReduceRepeats() {
    let (a, b, c) = (one, two, three)
    #expect(
      joined([a, a, b, c, b, c]) == [
        "Ada Ada eats fish eats fish", "Bob Bob cooks bear cooks bear", "Dea Dea jumps rock jumps rock",
      ])
  }

  @Test("S39 zip one stream") func zipOne() {
    verify(Seq<String>.zip([one]), [["Ada"], ["Bob"], ["Dea"]])
  }

  @Test("S40 zip an array of streams") func zipArray() {
    verify(
      Seq<String>.zip([one, two, three]),
      [["Ada", "eats", "fish"], ["Bob", "cooks", "bear"], ["Dea", "jumps", "rock"]])
  }

  @Test("S41 zip an empty array") func zipEmpty() {
    verify(Seq<String>.zip([]), [])
  }

  @Test("S42 zip streams pulled from single-pass sources") func zipSinglePass() {
    let streams = [
      singlePassSeq(["Ada", "Bob", "Dea"]), singlePassSeq(["eats", "cooks", "jumps"]),
      singlePassSeq(["fish", "bear", "rock"]),
    ]
    verify(
      Seq<String>.zip(streams),
      [["Ada", "eats", "fish"], ["Bob", "cooks", "bear"], ["Dea", "jumps", "rock"]])
  }

  @Test("S43 zip streams that are all empty") func zipEmptyStreams() {
    verify(Seq<String>.zip([singlePassSeq([String]()), Seq<String>.empty]), [])
  }

  // MARK: +concat

  private var concatParts: [Seq<Int>] {
    [
      .just(0), .empty, streamWithValues([1, 2, 3]), .just(4), .just(5), .empty, .empty,
      streamWithValues([6, 7]),
    ]
  }

  @Test("S44 concat an array of streams") func concatArray() {
    verify(Seq<Int>.concat(concatParts), Array(0...7))
  }

  @Test("S45 concat streams from a single-pass sequence") func concatSinglePass() {
    let parts = AnySequence(AnyIterator(concatParts.makeIterator()))
    verify(Seq<Int>.concat(parts), Array(0...7))
  }

  // MARK: scan

  @Test("S46 scan") func scan() {
    verify(streamWithValues([1, 2, 3, 4]).scan(start: 0) { $0 + $1 }, [1, 3, 6, 10])
  }

  @Test("S47 scan with index") func scanWithIndex() {
    verify(
      streamWithValues([1, 2, 3, 4]).scan(start: 0) { running, next, index in running + next + index },
      [1, 4, 9, 16])
  }

  // MARK: take and skip with predicates

  private var numbers: Seq<Int> { streamWithValues([0, 1, 2, 3, 0, 2, 4]) }

  @Test("S48 take until") func takeUntil() {
    verify(numbers.take(until: { $0 >= 3 }), [0, 1, 2])
  }

  @Test("S49 take while") func takeWhile() {
    verify(numbers.take(while: { $0 <= 1 }), [0, 1])
  }

  @Test("S50 take while, all pass") func takeWhileAll() {
    verify(numbers.take(while: { $0 <= 10 }), [0, 1, 2, 3, 0, 2, 4])
  }

  @Test("S51 take while, none pass") func takeWhileNone() {
    verify(numbers.take(while: { $0 < 0 }), [])
  }

  @Test("S52 take while ends an infinite stream") func takeWhileInfinite() {
    let counting = infiniteSeq(unit).scan(start: 0) { running, _ in running + 1 }
    verify(counting.take(while: { $0 <= 5 }), [1, 2, 3, 4, 5])
  }

  @Test("S53 skip until") func skipUntil() {
    verify(numbers.skip(until: { $0 >= 3 }), [3, 0, 2, 4])
  }

  @Test("S54 skip while") func skipWhile() {
    verify(numbers.skip(while: { $0 <= 1 }), [2, 3, 0, 2, 4])
  }

  @Test("S55 skip while, all pass") func skipWhileAll() {
    verify(numbers.skip(while: { $0 <= 10 }), [])
  }

  @Test("S56 skip while, none pass") func skipWhileNone() {
    verify(numbers.skip(while: { $0 < 0 }), [0, 1, 2, 3, 0, 2, 4])
  }

  // MARK: combinePrevious and reduceEach

  @Test("S57 combinePrevious passes the previous source value") func combinePreviousNilStart() {
    var previouses: [Int?] = []
    let source: Seq<Int?> = streamWithValues([1, 2, 3])
    let combined = source.combinePrevious(start: nil) { previous, next in
      previouses.append(previous)
      return next
    }
    verify(combined, [1, 2, 3])
    #expect(previouses == [nil, 1, 2])
  }

  @Test("S58 combinePrevious combines values") func combinePreviousValues() {
    let combined = streamWithValues([1, 2, 3]).combinePrevious(start: 1) { "\($0) - \($1)" }
    verify(combined, ["1 - 1", "1 - 2", "2 - 3"])
  }

  @Test("S59 mapping tuples (reduceEach)") func reduceEach() {
    let tuples = streamWithValues([("foo", "bar"), ("buzz", "baz"), ("", "_")])
    let result: Seq<String> = tuples.map { $0.0 + $0.1 }
    verify(result, ["foobar", "buzzbaz", "_"])
  }
}
